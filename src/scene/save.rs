//! Writing scene files: atomically (a temporary file in the same folder, then a rename, so a
//! crash never leaves half a file), into the file's own text where there is one so that its
//! comments and layout are kept ([`super::preserve`]), and through a symbolic link onto the
//! link's target.

use super::error::{SceneError, SceneErrorKind};
use super::load::{MAX_SCENE_BYTES, to_ron};
use super::types::Scene;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Validates the scene and writes it to `path` atomically (temporary file, then rename).
/// A scene that would not load back is refused and nothing is written.
///
/// - A file that is there already keeps its comments, field order and layout: only the values
///   that changed are rewritten ([`super::preserve`]); a new file is written whole.
/// - Through a symbolic link, the link's target is saved (atomically, keeping its
///   permissions), and the link stays a link.
pub fn save(path: impl AsRef<Path>, scene: &Scene) -> Result<(), SceneError> {
    let path = path.as_ref();
    let in_file = |mut e: SceneError| {
        e.file = Some(path.to_path_buf());
        e
    };
    scene.validate().map_err(in_file)?;
    let target = link_target(path);
    let original = std::fs::metadata(&target)
        .ok()
        .filter(|m| m.is_file() && m.len() <= MAX_SCENE_BYTES)
        .and_then(|_| std::fs::read_to_string(&target).ok());
    let text = match original {
        Some(text) => super::preserve::merge_into(&text, scene),
        None => to_ron(scene),
    }
    .map_err(in_file)?;
    write_atomically(&target, text.as_bytes())
        .map_err(|e| SceneError::file(path, SceneErrorKind::Io(e)))
}

/// The file a save to `path` must replace: `path` itself, or, when it is a symbolic link, the
/// file it leads to (followed link by link, relative links from their own folder; a dangling
/// link's target is created).
pub fn link_target(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    // A chain longer than the system's own limit is a loop; save over the last link seen.
    for _ in 0..40 {
        let Ok(meta) = std::fs::symlink_metadata(&at) else {
            return at;
        };
        if !meta.file_type().is_symlink() {
            return at;
        }
        let Ok(to) = std::fs::read_link(&at) else {
            return at;
        };
        at = match at.parent() {
            Some(dir) if to.is_relative() => dir.join(to),
            _ => to,
        };
    }
    at
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk, then renames it over
/// `path`: readers see the old file or the new one, never half of one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // The process id keeps two instances saving at once apart (there are none on the web).
    let pid = if cfg!(target_arch = "wasm32") {
        0
    } else {
        std::process::id()
    };
    let tmp = dir.join(format!(".{name}.{pid}.tmp"));
    // The file being replaced keeps its permissions (a read-only-for-others lecture stays so).
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Some(p) = permissions {
            f.set_permissions(p)?;
        }
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
