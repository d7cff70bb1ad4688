//! Reading and writing scene files.
//!
//! - [`parse`] turns RON text into a validated scene; every error carries the file, line,
//!   column and field (ron's own position for syntax and type errors; for values found wrong
//!   after parsing, the field is looked up in the text, see [`super::locate`]).
//! - [`load`] reads a file (bytes, so binary garbage is an error, not a panic) and parses it.
//! - [`to_ron`] writes pretty RON in the DESIGN field order (`save.rs` writes files).

use super::engine::{is_json, scene_from_json};
use super::error::{SceneError, SceneErrorKind, SceneWarning};
use super::locate::{TextPos, field_at, position_of};
use super::types::Scene;
use super::validate::Pair;
use std::io::Read;
use std::path::Path;

/// The largest scene file read (scenes are a few kilobytes).
pub const MAX_SCENE_BYTES: u64 = 4 << 20;

/// A scene read from text and validated.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedScene {
    /// The scene as written.
    pub scene: Scene,
    /// Its pair, ready for the geometry library.
    pub pair: Pair,
    /// What the loader changed (positioned in the file).
    pub warnings: Vec<SceneWarning>,
}

/// ron's options: the default recursion limit guards against deeply nested input.
fn ron_options() -> ron::Options {
    ron::Options::default()
}

/// Parses and validates scene text; `file` names it in errors and warnings. The text is RON
/// (`Scene(…)`) or, by its content whatever the file's name, one of the JSON forms of
/// [`super::engine`]: `report`'s JSON, a scene as JSON, a pair in an engine's terms.
pub fn parse(text: &str, file: impl AsRef<Path>) -> Result<LoadedScene, SceneError> {
    let file = file.as_ref();
    // A byte-order mark (some Windows editors write one) is not part of the scene; a save
    // keeps it (the preserving save edits values only).
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    if text.trim().is_empty() {
        let kind = SceneErrorKind::Value("the file is empty; a scene starts with `Scene(`".into());
        let mut e = SceneError::file(file, kind);
        e.at = Some(TextPos { line: 1, col: 1 });
        return Err(e);
    }
    let scene: Scene = if is_json(text) {
        scene_from_json(text).map_err(|mut e| {
            e.file = Some(file.to_path_buf());
            e
        })?
    } else {
        ron_from_str(text, file)?
    };
    finish(scene, file, text)
}

/// The scene in RON text; a syntax error positioned and named by its field.
fn ron_from_str(text: &str, file: &Path) -> Result<Scene, SceneError> {
    ron_options().from_str(text).map_err(|e| {
        let at = TextPos {
            line: e.span.start.line,
            col: e.span.start.col,
        };
        SceneError {
            file: Some(file.to_path_buf()),
            at: Some(at),
            field: field_at(text, at),
            kind: Box::new(SceneErrorKind::Syntax(e.code)),
        }
    })
}

/// Validates a scene read from `text` (its errors and warnings located there).
fn finish(scene: Scene, file: &Path, text: &str) -> Result<LoadedScene, SceneError> {
    let validated = scene.validate().map_err(|e| e.in_file(file, text))?;
    let warnings = validated
        .warnings
        .into_iter()
        .map(|w| w.in_file(file, text))
        .collect();
    Ok(LoadedScene {
        scene,
        pair: validated.pair,
        warnings,
    })
}

/// Parses scene bytes: an error (with the position of the first bad byte) unless UTF-8.
pub fn parse_bytes(bytes: &[u8], file: impl AsRef<Path>) -> Result<LoadedScene, SceneError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text, file),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let text = std::str::from_utf8(valid).unwrap_or_default();
            Err(SceneError {
                file: Some(file.as_ref().to_path_buf()),
                at: Some(position_of(text, text.len())),
                field: None,
                kind: Box::new(SceneErrorKind::NotText),
            })
        }
    }
}

/// Why `path` is not a regular file that can be read as a scene, or `None` when it is one.
/// Asked before opening it: opening a FIFO for reading waits for a writer, for ever.
pub fn not_a_file(path: &Path) -> Option<String> {
    let link = std::fs::symlink_metadata(path).ok()?;
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => None,
        Ok(m) if m.is_dir() => Some("it is a folder".into()),
        Ok(m) => Some(format!("it is {}", special_kind(&m))),
        Err(e) if link.file_type().is_symlink() => Some(match std::fs::read_link(path) {
            Ok(target) if e.kind() == std::io::ErrorKind::NotFound => {
                format!("a link to {}, which does not exist", target.display())
            }
            _ => format!("a link that cannot be followed ({e})"),
        }),
        Err(e) => Some(e.to_string()),
    }
}

/// What kind of special file `m` describes, in words.
fn special_kind(m: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    let _ = m;
    "not a regular file"
}

/// Reads and parses a scene file. Anything but a readable regular file (a folder, a FIFO, a
/// device, a dangling link, a link loop) is refused with the reason, before it is opened.
pub fn load(path: impl AsRef<Path>) -> Result<LoadedScene, SceneError> {
    let path = path.as_ref();
    if let Some(why) = not_a_file(path) {
        return Err(SceneError::file(path, SceneErrorKind::NotAFile(why)));
    }
    let io = |e| SceneError::file(path, SceneErrorKind::Io(e));
    // Read at most one byte past the limit, so `/dev/zero` or a huge file is refused quickly.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SCENE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > MAX_SCENE_BYTES {
        let kind = SceneErrorKind::Value(format!(
            "larger than {} MiB: not a scene file",
            MAX_SCENE_BYTES >> 20
        ));
        return Err(SceneError::file(path, kind));
    }
    parse_bytes(&bytes, path)
}

/// The scene as pretty RON, fields in the DESIGN order, points as `(x, y)`.
pub fn to_ron(scene: &Scene) -> Result<String, SceneError> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .depth_limit(2)
        .escape_strings(false)
        .indentor("    ".to_string());
    let mut text = ron::ser::to_string_pretty(scene, config).map_err(|e| SceneError {
        file: None,
        at: None,
        field: None,
        kind: Box::new(SceneErrorKind::Syntax(e)),
    })?;
    text.push('\n');
    Ok(text)
}
