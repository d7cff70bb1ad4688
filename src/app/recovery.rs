//! Unsaved edits survive a kill or a crash: while the scene has changes that are not saved, the
//! app keeps them as RON text here; on SIGTERM (or SIGINT, SIGHUP) and on a panic that text is
//! written to a recovery file, and the next start offers to restore it.
//!
//! - The file sits beside the scene as `.NAME.TAG.recover`; a built-in or pasted scene's in the
//!   user's private state folder ([`state_folder`], made 0700; one that is a link or belongs to
//!   someone else is refused), never in a shared temporary folder. `TAG` names the process
//!   ([`instance`]): two instances editing one scene keep a file each, and the next start finds
//!   every one of them ([`left_behind`]), the newest offered first.
//! - When the scene first has unsaved edits, the recovery text is written once to a new file
//!   beside the recovery file and removed ([`check_writable`]): a read-only or full folder is said
//!   at once in the banner, not found out when the process is killed.
//! - It is written as every file we write ([`crate::scene::save::write_file`]): made new under
//!   an unpredictable name, 0600, then renamed into place, so a link planted at its name is
//!   replaced, never written through.
//! - The signal handler only sets a flag (all a handler may safely do); the frame loop sees it
//!   within a frame, writes the file and exits. A panic writes it from the panic hook.
//! - Restoring is one undoable edit that leaves the scene modified; restoring or discarding
//!   removes the file. A normal exit writes nothing: the unsaved-changes dialog has asked.
//!
//! In the browser there are no files or signals, and every function here does nothing.

use crate::scene::load::MAX_SCENE_BYTES;
use crate::scene::save::Access;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The latest unsaved edits: where to write them and the scene as RON text.
static SNAPSHOT: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

/// Set by the signal handler: the process was asked to end.
static TERMINATED: AtomicBool = AtomicBool::new(false);

/// This process's tag in its recovery file names: its process id and the second it started
/// (so that a later process given the same id does not take an earlier one's file).
pub fn instance() -> &'static str {
    use std::sync::OnceLock;
    static TAG: OnceLock<String> = OnceLock::new();
    TAG.get_or_init(|| {
        // The browser has no processes, and no clock before the page's (nothing is written
        // there anyway).
        if cfg!(target_arch = "wasm32") {
            return "web".to_string();
        }
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        format!("{}-{started}", std::process::id())
    })
}

/// Where this process keeps the recovery file of a scene: beside its file, or (a built-in or
/// pasted scene, named `name`) in the user's private [`state_folder`]; named with this
/// process's [`instance`] tag (`.NAME.TAG.recover`).
pub fn path_for(scene_file: Option<&Path>, name: &str) -> PathBuf {
    tagged_path_for(scene_file, name, &format!(".{}.recover", instance()))
}

/// The recovery files that earlier processes left for the scene whose recovery file (in this
/// process) is `path`: its untagged name (as older versions wrote it) and every `.TAG.recover`
/// of the same scene, this process's own left out; the newest first. Only names are looked at
/// here: [`read`] checks what each one is.
pub fn left_behind(path: &Path) -> Vec<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return Vec::new();
    }
    let own = path.file_name().unwrap_or_default().as_encoded_bytes();
    let suffix = format!(".{}.recover", instance());
    let Some(stem) = own.strip_suffix(suffix.as_bytes()) else {
        return Vec::new();
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name();
            let name = name.as_encoded_bytes();
            if name == own {
                return false;
            }
            let Some(rest) = name.strip_prefix(stem) else {
                return false;
            };
            if rest == b".recover" {
                return true;
            }
            rest.strip_prefix(b".")
                .and_then(|r| r.strip_suffix(b".recover"))
                .is_some_and(|tag| {
                    !tag.is_empty() && tag.iter().all(|c| c.is_ascii_digit() || *c == b'-')
                })
        })
        .map(|e| {
            let when = e
                .path()
                .symlink_metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (when, e.path())
        })
        .collect();
    found.sort_by(|a, b| b.cmp(a));
    found.into_iter().map(|(_, p)| p).collect()
}

/// Where a recovery file of a scene goes, its name ending in `ending` (`.TAG.recover`):
/// `DIR/.NAME{ending}`, or `STATE/NAME{ending}`.
fn tagged_path_for(scene_file: Option<&Path>, name: &str, ending: &str) -> PathBuf {
    match scene_file {
        Some(file) => {
            let dir = file.parent().unwrap_or(Path::new("."));
            // Built from the name's own bytes (not a lossy copy): two names that are not UTF-8
            // never share a recovery file.
            let mut name = std::ffi::OsString::from(".");
            name.push(file.file_name().unwrap_or_default());
            name.push(ending);
            dir.join(name)
        }
        // The browser has no folders, and nothing is written there anyway.
        None if cfg!(target_arch = "wasm32") => PathBuf::from(format!("{name}{ending}")),
        None => state_folder().join(format!("{name}{ending}")),
    }
}

/// The user's own folder for the recovery files of scenes that have no folder of their own:
/// `$XDG_STATE_HOME/narrowphase-lab`, else `~/.local/state/narrowphase-lab`.
pub fn state_folder() -> PathBuf {
    #[cfg(not(target_arch = "wasm32"))]
    let base =
        dirs::state_dir().or_else(|| dirs::home_dir().map(|h| h.join(".local").join("state")));
    #[cfg(target_arch = "wasm32")]
    let base: Option<PathBuf> = None;
    base.unwrap_or_else(|| PathBuf::from(".local").join("state"))
        .join("narrowphase-lab")
}

/// Makes `dir` as a private folder (0700) if it is not there, and checks that it is one: a
/// folder (not a link to one) that belongs to this user. Its mode is narrowed to 0700 when
/// others could read it. The error says what is wrong, for the banner.
pub fn private_folder(dir: &Path) -> Result<(), String> {
    let say = |what: String| format!("{}: {what}", dir.display());
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| say(format!("its parent folder cannot be made: {e}")))?;
    }
    #[cfg(unix)]
    let builder = {
        let mut b = std::fs::DirBuilder::new();
        std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
        b
    };
    #[cfg(not(unix))]
    let builder = std::fs::DirBuilder::new();
    match builder.create(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(say(format!("the folder cannot be made: {e}"))),
    }
    let meta = std::fs::symlink_metadata(dir).map_err(|e| say(e.to_string()))?;
    if meta.file_type().is_symlink() {
        return Err(say("is a symbolic link, not a folder of your own".into()));
    }
    if !meta.is_dir() {
        return Err(say("is not a folder".into()));
    }
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if meta.uid() != me {
            return Err(say(format!(
                "belongs to another user (uid {}), not to you (uid {me})",
                meta.uid()
            )));
        }
        if meta.mode() & 0o077 != 0 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
                .map_err(|e| say(format!("cannot be made private: {e}")))?;
        }
    }
    Ok(())
}

/// Whether `dir`, when it is there, is refused as a private folder (a link, not a folder, or
/// another user's): the reason, for a message. Nothing is made or changed; a folder that is not
/// there is not refused (there is nothing in it to read).
pub fn refused_folder(dir: &Path) -> Result<(), String> {
    let say = |what: &str| format!("{}: {what}", dir.display());
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(say(&e.to_string())),
    };
    if meta.file_type().is_symlink() {
        return Err(say("is a symbolic link, not a folder of your own"));
    }
    if !meta.is_dir() {
        return Err(say("is not a folder"));
    }
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if meta.uid() != me {
            return Err(say(&format!(
                "belongs to another user (uid {}), not to you (uid {me})",
                meta.uid()
            )));
        }
    }
    Ok(())
}

/// Checks the folder a recovery file `path` goes in, when that is the [`state_folder`] (made
/// private if it is not there): the file is neither read nor written in a folder that is refused.
pub fn check_folder(path: &Path) -> Result<(), String> {
    if cfg!(target_arch = "wasm32") || !in_state_folder(path) {
        return Ok(());
    }
    private_folder(&state_folder())
}

/// Checks that the recovery file `path` could be written now with `text`, by writing `text` as
/// a recovery would (a new private file beside it, flushed to disk) and removing it: a
/// read-only or full folder (or one too small for the text), or one that is refused, is said
/// at once, when the scene first has unsaved edits, not only when the process is killed.
pub fn check_writable(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    if cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    check_folder(path)?;
    let say = |e: std::io::Error| {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        format!("{}: {e}", dir.display())
    };
    // Removed when dropped, written or not.
    let mut tmp = crate::scene::save::new_file_for(path, Access::Private).map_err(say)?;
    tmp.write_all(text.as_bytes()).map_err(say)?;
    tmp.flush().map_err(say)?;
    tmp.as_file().sync_all().map_err(say)
}

/// Whether `path` is a recovery file in the [`state_folder`] (whose folder must be checked
/// before it is read or written).
fn in_state_folder(path: &Path) -> bool {
    path.parent() == Some(state_folder().as_path())
}

/// Keeps `snapshot` (where, and the scene's text) as the edits to write if the process ends;
/// `None` when there is nothing unsaved.
pub fn keep(snapshot: Option<(PathBuf, String)>) {
    if let Ok(mut s) = SNAPSHOT.lock() {
        *s = snapshot;
    }
}

/// Writes the kept edits to their recovery file (never blocks: a held lock writes nothing).
/// Returns the file written, or why it could not be written; `None` when there was nothing to
/// write.
pub fn write_now() -> Option<Result<PathBuf, String>> {
    let guard = SNAPSHOT.try_lock().ok()?;
    let (path, text) = guard.as_ref()?;
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    Some(write_file(path, text))
}

/// Writes `text` as the recovery file `path` (private, never through a link), making the state
/// folder first when it goes there.
fn write_file(path: &Path, text: &str) -> Result<PathBuf, String> {
    check_folder(path)?;
    crate::scene::save::write_file(path, text.as_bytes(), Access::Private, true)
        .map(|()| path.to_path_buf())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Says on stderr what became of the unsaved edits when the process ends (a signal or a
/// panic): where they were kept, or that they could not be.
pub fn report(written: Option<Result<PathBuf, String>>) {
    match written {
        Some(Ok(path)) => eprintln!(
            "narrowphase-lab: unsaved edits kept in {} (offered at the next start)",
            path.display()
        ),
        Some(Err(e)) => eprintln!("narrowphase-lab: unsaved edits LOST: could not write them: {e}"),
        None => {}
    }
}

/// True once the process was asked to end (SIGTERM, SIGINT or SIGHUP).
pub fn terminated() -> bool {
    TERMINATED.load(Ordering::SeqCst)
}

#[cfg(all(unix, not(target_arch = "wasm32")))]
extern "C" fn on_signal(_: libc::c_int) {
    TERMINATED.store(true, Ordering::SeqCst);
}

/// Installs the signal handlers and the panic hook (once, at start).
pub fn install() {
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        for sig in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            // SAFETY: `on_signal` only stores to an atomic, which is async-signal-safe.
            unsafe {
                libc::signal(sig, handler);
            }
        }
    }
    if !cfg!(target_arch = "wasm32") {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            report(write_now());
            previous(info);
        }));
    }
}

/// The text of a recovery file: `Ok(None)` when there is none, an error (for the banner) when
/// something is at its name that is not a recovery file we can read.
///
/// Only a regular file is read, and at most [`MAX_SCENE_BYTES`] of it, like a scene: a link is
/// not followed (`/dev/zero`), a FIFO is neither opened for a blocking read nor waited on
/// (`O_NONBLOCK`, and the type checked again on the open file), and a larger file is refused
/// without being read.
pub fn read(path: &Path) -> Result<Option<String>, String> {
    read_as(path, "recovery file")
}

/// [`read`] for a private file of another kind (`what`, for the messages: "look file").
pub fn read_as(path: &Path, what: &str) -> Result<Option<String>, String> {
    if cfg!(target_arch = "wasm32") {
        return Ok(None);
    }
    let say = |what: String| format!("{}: {what}", path.display());
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(say(e.to_string())),
    };
    let not_regular = |m: &std::fs::Metadata| {
        if m.file_type().is_symlink() {
            Some(format!("is a symbolic link, not a {what}"))
        } else if !m.is_file() {
            Some("is not a regular file (a FIFO, a device or a folder?)".to_string())
        } else {
            None
        }
    };
    if let Some(why) = not_regular(&meta) {
        return Err(say(why));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        libc::O_NONBLOCK | libc::O_NOFOLLOW,
    );
    let file = options.open(path).map_err(|e| say(e.to_string()))?;
    // It may have been swapped since it was looked at: check what was opened.
    let meta = file.metadata().map_err(|e| say(e.to_string()))?;
    if let Some(why) = not_regular(&meta) {
        return Err(say(why));
    }
    if meta.len() > MAX_SCENE_BYTES {
        return Err(say(format!(
            "larger than {} MiB ({} bytes): not a {what}",
            MAX_SCENE_BYTES >> 20,
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SCENE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| say(e.to_string()))?;
    if bytes.len() as u64 > MAX_SCENE_BYTES {
        return Err(say(format!(
            "larger than {} MiB: not a {what}",
            MAX_SCENE_BYTES >> 20
        )));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| say("is not UTF-8 text".into()))
}

/// What a start does about the recovery files earlier processes left for a scene.
#[derive(Debug)]
pub enum Offer {
    /// Nothing to offer.
    Nothing,
    /// This file holds edits that differ from the scene as it opened: offer them.
    Restore(PathBuf, Box<crate::scene::Scene>),
    /// This file's text is not a scene (empty, cut short, damaged): ask whether to delete it.
    Broken(PathBuf, String),
    /// Something at a recovery name that cannot be read (a FIFO, a link, a huge file, not
    /// UTF-8): said, and left where it is.
    Unusable(String),
}

/// The first of the recovery files [`left_behind`] for `path` (the newest first) that is worth
/// a question, for a scene that opened as `scene`; a file whose edits are the scene as it is
/// holds nothing to lose and is removed on the way. The others stay for the next start.
pub fn offer(path: &Path, scene: &crate::scene::Scene) -> Offer {
    for file in left_behind(path) {
        let text = match read(&file) {
            Ok(Some(text)) => text,
            Ok(None) => continue,
            Err(e) => return Offer::Unusable(e),
        };
        match crate::scene::parse(&text, &file) {
            Ok(l) if l.scene != *scene => return Offer::Restore(file, Box::new(l.scene)),
            Ok(_) => discard(&file),
            Err(e) => return Offer::Broken(file, e.to_string()),
        }
    }
    Offer::Nothing
}

/// Removes a recovery file (restored or discarded).
pub fn discard(path: &Path) {
    let _ = std::fs::remove_file(path);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_files_sit_beside_the_scene_or_in_the_private_state_folder() {
        let tag = instance();
        assert_eq!(
            path_for(Some(Path::new("talks/l1/02_box.ron")), "02_box.ron"),
            Path::new(&format!("talks/l1/.02_box.ron.{tag}.recover"))
        );
        let builtin = path_for(None, "01_resting_box.ron");
        assert!(!builtin.starts_with(std::env::temp_dir()), "{builtin:?}");
        assert_eq!(
            builtin,
            state_folder().join(format!("01_resting_box.ron.{tag}.recover"))
        );
        assert!(state_folder().ends_with("narrowphase-lab"));
    }

    #[test]
    fn the_recovery_files_other_processes_left_are_found_and_no_others() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let scene = dir.path().join("box.ron");
        let own = path_for(Some(&scene), "box.ron");
        for name in [
            ".box.ron.recover",
            ".box.ron.123-456.recover",
            ".box.ron.77-1.recover",
            ".box.ron.x.recover",
            ".box.ron.bak.123-456.recover",
            ".other.ron.123-456.recover",
            "box.ron",
        ] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        std::fs::write(&own, "mine").unwrap();
        let mut found: Vec<String> = left_behind(&own)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        found.sort();
        assert_eq!(
            found,
            [
                ".box.ron.123-456.recover",
                ".box.ron.77-1.recover",
                ".box.ron.recover"
            ]
        );
    }
}
