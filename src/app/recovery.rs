//! Unsaved edits survive a kill or a crash: while the scene has changes that are not saved, the
//! app keeps them as RON text here; on SIGTERM (or SIGINT, SIGHUP) and on a panic that text is
//! written to a recovery file, and the next start offers to restore it.
//!
//! - The file sits beside the scene as `.NAME.recover` (a built-in scene's in the system's
//!   temporary folder, `narrowphase-lab/NAME.recover`).
//! - The signal handler only sets a flag (all a handler may safely do); the frame loop sees it
//!   within a frame, writes the file and exits. A panic writes it from the panic hook.
//! - Restoring is one undoable edit that leaves the scene modified; restoring or discarding
//!   removes the file. A normal exit writes nothing: the unsaved-changes dialog has asked.
//!
//! In the browser there are no files or signals, and every function here does nothing.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The latest unsaved edits: where to write them and the scene as RON text.
static SNAPSHOT: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

/// Set by the signal handler: the process was asked to end.
static TERMINATED: AtomicBool = AtomicBool::new(false);

/// Where the recovery file of a scene goes: beside its file, or (a built-in scene, named
/// `name`) in the temporary folder.
pub fn path_for(scene_file: Option<&Path>, name: &str) -> PathBuf {
    match scene_file {
        Some(file) => {
            let dir = file.parent().unwrap_or(Path::new("."));
            let base = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            dir.join(format!(".{base}.recover"))
        }
        // The browser has no temporary folder (asking for one panics there), and nothing
        // is written to it anyway.
        None if cfg!(target_arch = "wasm32") => PathBuf::from(format!("{name}.recover")),
        None => std::env::temp_dir()
            .join("narrowphase-lab")
            .join(format!("{name}.recover")),
    }
}

/// Keeps `snapshot` (where, and the scene's text) as the edits to write if the process ends;
/// `None` when there is nothing unsaved.
pub fn keep(snapshot: Option<(PathBuf, String)>) {
    if let Ok(mut s) = SNAPSHOT.lock() {
        *s = snapshot;
    }
}

/// Writes the kept edits to their recovery file (never blocks: a held lock writes nothing).
/// Returns the file written.
pub fn write_now() -> Option<PathBuf> {
    let guard = SNAPSHOT.try_lock().ok()?;
    let (path, text) = guard.as_ref()?;
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(path, text).ok().map(|_| path.clone())
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
            if let Some(path) = write_now() {
                eprintln!(
                    "narrowphase-lab: unsaved edits kept in {} (offered at the next start)",
                    path.display()
                );
            }
            previous(info);
        }));
    }
}

/// The text of a recovery file, if there is one.
pub fn read(path: &Path) -> Option<String> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// Removes a recovery file (restored or discarded).
pub fn discard(path: &Path) {
    let _ = std::fs::remove_file(path);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_files_sit_beside_the_scene_or_in_the_temporary_folder() {
        assert_eq!(
            path_for(Some(Path::new("talks/l1/02_box.ron")), "02_box.ron"),
            Path::new("talks/l1/.02_box.ron.recover")
        );
        let builtin = path_for(None, "01_resting_box.ron");
        assert!(builtin.starts_with(std::env::temp_dir()));
        assert!(builtin.ends_with("narrowphase-lab/01_resting_box.ron.recover"));
    }
}
