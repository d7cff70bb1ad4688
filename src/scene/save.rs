//! Writing scene files: atomically (a new file under an unpredictable name in the same folder,
//! then a rename, so a crash never leaves half a file and a planted link is never written
//! through), into the file's own text where there is one so that its comments and layout are
//! kept ([`super::preserve`]), and through a symbolic link onto the link's target (resolved once,
//! on purpose, for the scene file only). Every other file the app writes (recovery files,
//! screenshots, slides) goes through [`write_file`] too.

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

/// Who may read a file we write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The file it replaces keeps its permissions; a new file gets 0666 less the umask (0644
    /// under the usual umask), as any editor's new file.
    Kept,
    /// Only its owner may read and write it (0600): a recovery file, which holds someone's
    /// unsaved work.
    Private,
}

/// Writes `bytes` to a new temporary file beside `path`, flushes it to disk, then renames it over
/// `path`: readers see the old file or the new one, never half of one. The file keeps the
/// permissions of the one it replaces ([`Access::Kept`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_file(path, bytes, Access::Kept, true)
}

/// Writes `bytes` as `path` so that nothing but `path` itself can change:
///
/// 1. The bytes go to a file created new (`O_CREAT | O_EXCL`, so never through a link) under an
///    unpredictable name in `path`'s folder (the `tempfile` crate), and are flushed to disk.
/// 2. Its permissions are set ([`Access`]): those of the regular file at `path`, if any (a link
///    there is not followed), else 0666 less the umask, or 0600 when private.
/// 3. It is renamed to `path`: a link at `path` is replaced by the file, never written through.
///    With `replace` false, a `path` that exists already (a file or a link) is an error
///    (`AlreadyExists`) and nothing is written.
///
/// A failure at any step removes the temporary file.
pub fn write_file(path: &Path, bytes: &[u8], access: Access, replace: bool) -> std::io::Result<()> {
    let mut tmp = new_file_for(path, access)?;
    tmp.write_all(bytes)?;
    put_in_place(tmp, path, replace)
}

/// Step 1 of [`write_file`], for a file written piece by piece (an animation, frame by frame):
/// a new file, created under an unpredictable name beside `path`, with `path`'s permissions
/// ([`Access`]). Write to it, then hand it to [`put_in_place`]; dropped, it is removed.
pub fn new_file_for(path: &Path, access: Access) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let kept = match access {
        Access::Kept => std::fs::symlink_metadata(path)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.permissions()),
        Access::Private => None,
    };
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The mode given to open(2): the umask applies to it.
        let mode = match access {
            Access::Kept => 0o666,
            Access::Private => 0o600,
        };
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    let tmp = builder.tempfile_in(&dir)?;
    if let Some(p) = kept {
        tmp.as_file().set_permissions(p)?;
    }
    Ok(tmp)
}

/// Steps 2-3 of [`write_file`]: flushes `tmp` (made by [`new_file_for`]) to disk and renames it
/// to `path` (with `replace` false, an existing `path` is an error and `tmp` is removed).
pub fn put_in_place(
    mut tmp: tempfile::NamedTempFile,
    path: &Path,
    replace: bool,
) -> std::io::Result<()> {
    tmp.flush()?;
    tmp.as_file().sync_all()?;
    if replace {
        tmp.persist(path).map_err(|e| e.error)?;
    } else {
        tmp.persist_noclobber(path).map_err(|e| e.error)?;
    }
    Ok(())
}
