//! The recovery file: where a scene's unsaved edits are kept if the app is killed, the
//! offer of one left by an earlier session, and the answers to it.

use super::Files;
use crate::app::command::After;
use crate::app::recovery;
use crate::scene::{self, Scene};

impl Files<'_> {
    /// Where this scene's unsaved edits are kept if the app is killed or crashes.
    ///
    /// A scene opened from text (pasted, dropped in the browser, a link) has no file, and its
    /// name (`pasted.ron`) is shared by every such text: its recovery file is named after the
    /// text's scene too, so one pasted scene is never offered another's edits.
    pub fn recovery_path(&self) -> std::path::PathBuf {
        let builtin = (self.session.lecture.scenes)
            .get(self.session.index)
            .is_some_and(|s| s.builtin);
        let from_text = self.doc.path().is_none() && !builtin;
        if from_text {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new();
            serde_json::to_string(self.doc.saved())
                .unwrap_or_default()
                .hash(&mut h);
            let name = format!("{}-{:016x}", self.session.scene_name(), h.finish());
            recovery::path_for(None, &name)
        } else {
            recovery::path_for(self.doc.path(), self.session.scene_name())
        }
    }

    /// A recovery file left by a session that ended without saving: offer it (when it reads as
    /// a scene other than the one on screen), else remove it. Something at its name that is not
    /// a readable recovery file (a FIFO, a link, a huge file, not UTF-8) is left where it is and
    /// said in the banner; text that is not a scene (empty, cut short) is asked about (keep or
    /// delete). Either way the scene opens as usual.
    pub fn offer_recovery(&mut self) {
        let path = self.recovery_path();
        if let Err(e) = recovery::check_folder(&path) {
            self.dialogs.show_error(
                format!(
                    "unsaved edits cannot be kept for recovery if the app is killed: {e} — \
                     save often (Ctrl+S)"
                ),
                0.0,
            );
            return;
        }
        let unusable = |why: String| {
            format!(
                "a recovery file from an earlier session cannot be used: {why} — it is left \
                 where it is (remove it once you have looked at it)"
            )
        };
        match recovery::offer(&path, self.doc.scene()) {
            recovery::Offer::Nothing => {}
            recovery::Offer::Restore(file, scene) => self.dialogs.recover = Some((file, scene)),
            // Text that is not a scene (empty, cut short, damaged): asked about, never deleted
            // unasked.
            recovery::Offer::Broken(file, why) => self.dialogs.broken_recovery = Some((file, why)),
            recovery::Offer::Unusable(why) => self.dialogs.show_error(unusable(why), 0.0),
        }
    }

    /// Answers "a recovery file cannot be read as a scene": delete it, or keep it (it is
    /// asked about again at the next start).
    pub fn answer_broken_recovery(&mut self, delete: bool, now: f64) {
        let Some((path, _)) = self.dialogs.broken_recovery.take() else {
            return;
        };
        if delete {
            recovery::discard(&path);
            self.dialogs
                .show_info(format!("deleted {}", path.display()), now);
        } else {
            self.dialogs.show_info(
                format!("kept {} (asked again at the next start)", path.display()),
                now,
            );
        }
    }

    /// Keeps the scene's unsaved edits (as RON) for the recovery file, when they changed. When
    /// the scene first has unsaved edits, checks that the recovery file could be written, and
    /// says at once in the banner when it could not (a read-only or full folder).
    pub fn keep_for_recovery(&mut self) {
        let unsaved = self.doc.modified().then(|| self.doc.scene());
        if unsaved == self.shell.kept.as_ref() {
            return;
        }
        let first = self.shell.kept.is_none();
        self.shell.kept = unsaved.cloned();
        let path = self.recovery_path();
        let text = self.shell.kept.as_ref().and_then(|s| scene::to_ron(s).ok());
        if first
            && let Some(text) = &text
            && let Err(e) = recovery::check_writable(&path, text)
        {
            self.dialogs.show_error(
                format!(
                    "unsaved edits cannot be kept for recovery if the app is killed: {e} — \
                     save often (Ctrl+S)"
                ),
                0.0,
            );
        }
        recovery::keep(text.map(|text| (path, text)));
    }

    /// Answers "edits were recovered": restore them (one undoable edit; the scene is then
    /// modified) or discard them. Either way the recovery file goes.
    pub fn answer_recovery(&mut self, restore: bool, now: f64) {
        let Some((path, scene)) = self.dialogs.recover.take() else {
            return;
        };
        recovery::discard(&path);
        if restore {
            self.doc.edit(|s: &mut Scene| *s = *scene);
            self.after.push(After::Changed);
            self.dialogs
                .show_info("restored the recovered edits — Ctrl+Z undoes it", now);
        }
    }
}
