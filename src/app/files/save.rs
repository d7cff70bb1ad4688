//! Saving (asking first where a save would overwrite a change on disk), reloading a file that
//! changed on disk, the unsaved-changes question, and where a screenshot goes.

use super::Files;
use crate::app::command::{After, UnsavedChoice};
use crate::app::document::{content_hash, file_bytes};
use crate::app::state::Leave;
use crate::app::web;
use crate::scene;
use std::path::PathBuf;

impl Files<'_> {
    /// Saves atomically to `path`, with the view (the camera, when the user moved it) and the
    /// mode the scene is to open in. Returns true when it was written.
    pub fn save_to(&mut self, path: PathBuf, now: f64) -> bool {
        let scene = self.scene_as_shown();
        // In the browser the file goes to the user's downloads.
        if !web::CAN_QUIT {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "scene.ron".into());
            return match scene::to_ron(&scene) {
                Ok(text) if web::download(&name, &text) => {
                    self.doc.saved_as(scene, path);
                    self.dialogs.show_info(format!("downloaded {name}"), now);
                    true
                }
                Ok(_) => false,
                Err(e) => {
                    self.dialogs.show_error(e.to_string(), now);
                    false
                }
            };
        }
        if self.changed_under_us(&path, now) {
            return false;
        }
        match scene::save(&path, &scene) {
            Ok(()) => {
                self.doc.saved_as(scene, path.clone());
                self.dialogs
                    .show_info(format!("saved {}", path.display()), now);
                true
            }
            Err(e) => {
                self.dialogs.show_error(e.to_string(), now);
                false
            }
        }
    }

    /// Before a save over the scene's own file: true (and nothing is to be written) when the
    /// file's content changed since it was read or last written, to values other than the ones
    /// saved (a change to comments or layout only is kept by the save's merge, so it asks
    /// nothing). The file's scene then waits in the reload / keep-mine question, as the watcher's
    /// would; keeping mine and saving again overwrites it. A file that no longer reads as a scene
    /// is said, and the next save overwrites it.
    fn changed_under_us(&mut self, path: &std::path::Path, now: f64) -> bool {
        if self.doc.path() != Some(path) {
            return false;
        }
        let Some(bytes) = file_bytes(path) else {
            return false;
        };
        let hash = content_hash(&bytes);
        if Some(hash) == self.doc.disk() {
            return false;
        }
        self.doc.set_disk(Some(hash));
        // A leave waiting for this save (Save, then quit) waits no more: nothing was saved.
        self.dialogs.after_save = None;
        match scene::parse_bytes(&bytes, path) {
            Ok(l) if l.scene == *self.doc.saved() => false,
            Ok(l) => {
                self.dialogs.on_disk = Some(Box::new(l.scene));
                self.dialogs.show_info(
                    format!(
                        "not saved: {} changed on disk since it was opened — reload it or keep \
                         yours (then Ctrl+S overwrites it)?",
                        path.display()
                    ),
                    now,
                );
                true
            }
            Err(e) => {
                self.dialogs.show_error(
                    format!(
                        "not saved: {} changed on disk and no longer reads as a scene ({e}) — \
                         Ctrl+S again overwrites it",
                        path.display()
                    ),
                    now,
                );
                true
            }
        }
    }

    /// Reloads the scene when its file changed on disk; a broken edit keeps the last good scene.
    /// With unsaved edits it asks first (reload / keep mine): the file's scene waits in
    /// [`Dialogs::on_disk`](crate::app::state::Dialogs::on_disk).
    pub fn check_reload(&mut self, now: f64) {
        let Some(path) = self.doc.path().map(|p| p.to_path_buf()) else {
            return;
        };
        // By content, not modification time: a change that keeps the time is seen too.
        let Some(bytes) = file_bytes(&path) else {
            return;
        };
        let hash = content_hash(&bytes);
        if Some(hash) == self.doc.disk() {
            return;
        }
        self.doc.set_disk(Some(hash));
        match scene::parse_bytes(&bytes, &path) {
            Ok(l) if *self.doc.scene() == l.scene => {
                self.dialogs.on_disk = None;
                self.doc.keep_mine(l.scene);
            }
            Ok(l) if self.doc.modified() || self.dialogs.on_disk.is_some() => {
                self.dialogs.on_disk = Some(Box::new(l.scene));
                self.dialogs.show_info(
                    format!(
                        "{} changed on disk: reload it or keep yours?",
                        path.display()
                    ),
                    now,
                );
            }
            Ok(l) => self.take_from_disk(l.scene, now),
            Err(e) => self
                .dialogs
                .show_error(format!("{e} (keeping the last good scene)"), now),
        }
    }

    /// Answers "the file changed on disk": take the file's scene (one undo step) or keep the
    /// edits on screen (they become unsaved changes against the new file).
    pub fn answer_on_disk(&mut self, reload: bool, now: f64) {
        let Some(scene) = self.dialogs.on_disk.take() else {
            return;
        };
        if reload {
            self.take_from_disk(*scene, now);
        } else {
            self.doc.keep_mine(*scene);
            self.dialogs
                .show_info("kept your version: Ctrl+S overwrites the file", now);
        }
    }

    /// Shows `scene`, read again from the scene's file, keeping the mode, step and (when the
    /// file has none) the view; undoable.
    fn take_from_disk(&mut self, scene: scene::Scene, now: f64) {
        let camera = (self.view.cam.center, self.view.cam.zoom);
        self.doc.reloaded(scene.clone());
        if let Some(Ok(s)) = self
            .session
            .lecture
            .scenes
            .get_mut(self.session.index)
            .map(|slot| &mut slot.scene)
        {
            s.scene = scene;
        }
        self.dialogs.overview.lecture_changed(&self.session.lecture);
        let (mode, step) = (self.session.mode, self.session.step);
        self.after.push(After::Entered);
        self.after.push(After::Keep { mode, step, camera });
        let name = self
            .doc
            .path()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        self.dialogs
            .show_info(format!("reloaded {name} — Ctrl+Z undoes it"), now);
    }

    /// Where F12 writes: next to the scene (or in the current folder for a built-in one).
    pub fn screenshot_path(&self) -> PathBuf {
        let (dir, stem) = match self.doc.path() {
            Some(p) => (
                p.parent().map(|d| d.to_path_buf()).unwrap_or_default(),
                p.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "scene".into()),
            ),
            None => (
                PathBuf::from("."),
                self.session
                    .scene_name()
                    .trim_end_matches(".ron")
                    .to_string(),
            ),
        };
        let mode = self.session.mode.name();
        (1..10_000)
            .map(|n| dir.join(format!("{stem}-{mode}-{n}.png")))
            // Nothing there, not even a dangling link (which `exists` does not see).
            .find(|p| std::fs::symlink_metadata(p).is_err())
            .unwrap_or_else(|| dir.join(format!("{stem}.png")))
    }

    /// Carries out the answer to the unsaved-changes question.
    pub fn confirm(&mut self, answer: UnsavedChoice, now: f64) {
        let Some(leave) = self.dialogs.confirm.take() else {
            return;
        };
        match answer {
            UnsavedChoice::Cancel => {}
            UnsavedChoice::Discard => self.leave(leave, now),
            UnsavedChoice::Save => {
                // Saving may first need a name (a built-in scene): go on once it is saved.
                self.dialogs.after_save = Some(leave);
                self.save(now);
            }
        }
    }

    /// Goes on with what a modified scene was waiting for, now that it is saved.
    pub fn after_save(&mut self, now: f64) {
        if let Some(leave) = self.dialogs.after_save.take()
            && !self.doc.modified()
        {
            self.leave(leave, now);
        }
    }

    /// Does what was asked, changes or not.
    fn leave(&mut self, leave: Leave, now: f64) {
        match leave {
            Leave::Scene(i) => self.go_to(i, now, true),
            Leave::Open(p) => self.open(p, now, true),
            Leave::Text(name, text) => {
                self.open_text(name, text, now, true);
            }
            Leave::Link(query, fragment) => self.open_link(&query, &fragment, now),
            Leave::Quit => self.shell.quit = true,
        }
    }

    /// Saves to the scene's file (Ctrl+S); a built-in scene asks for a name first.
    pub fn save(&mut self, now: f64) {
        match self.doc.path().map(|p| p.to_path_buf()) {
            Some(p) => {
                if self.save_to(p, now) {
                    self.after_save(now);
                }
            }
            None => self.dialogs.save_as = Some(self.session.scene_name().to_string()),
        }
    }

    /// The scene's file name, for the save-as field.
    pub fn file_name(&self) -> String {
        self.doc
            .path()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "scene.ron".into())
    }
}
