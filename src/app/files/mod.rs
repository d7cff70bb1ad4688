//! Scenes in and out: moving through the lecture, opening, saving, reloading a file that
//! changed on disk, asking before a modified scene is left, and the recovery file that keeps
//! unsaved edits. The work is [`Files`]', over the parts it changes; what then needs the
//! whole app (setting up a scene just loaded, recomputing the pair) it asks for as
//! [`After`]s, which the app carries out in order.

mod lecture;
mod recover;
mod save;
#[cfg(test)]
mod tests;

use super::command::{After, Command};
use super::document::Document;
use super::session::Session;
use super::state::{Dialogs, Shell};
use super::views::Views;

pub(crate) use lecture::open_flags;
pub use lecture::{EMBED_SIZE, LINKED_SCENE};

/// The parts that moving through the lecture, opening, saving and recovering change,
/// borrowed for one action; what the app is to do next is collected in `after`.
pub struct Files<'a> {
    /// The scene, its history and file.
    pub doc: &'a mut Document,
    /// The lecture and where we are in it, the mode and step.
    pub session: &'a mut Session,
    /// The banner and the questions that wait for an answer.
    pub dialogs: &'a mut Dialogs,
    /// Quitting, the clipboard, the edits kept for recovery.
    pub shell: &'a mut Shell,
    /// The camera (saved with the scene when the user moved it) and the canvas gesture.
    pub view: &'a mut Views,
    /// What the app is to do after this action, in order.
    pub after: Vec<After>,
}

impl Files<'_> {
    /// Carries out a command the files own ([`Owner::Files`](super::execute::Owner::Files)).
    pub fn apply(&mut self, command: Command, now: f64) {
        match command {
            Command::Save => self.save(now),
            Command::SaveAs => self.dialogs.save_as = Some(self.file_name()),
            Command::SaveTo(path) => {
                let saved = self.save_to(path, now);
                if saved {
                    self.after_save(now);
                }
            }
            Command::Open(path) => self.open(path, now, false),
            Command::OpenBuiltin(index) => self.open_builtin(index, now),
            Command::OpenText { name, text } => {
                self.open_text(name, text, now, false);
            }
            Command::CopyLink => self.copy_link(now),
            Command::CopyEmbed => self.copy_embed(now),
            Command::Reset => self.reset(now),
            Command::NextScene => self.go_to(self.session.index.saturating_add(1), now, false),
            Command::PreviousScene => {
                if let Some(i) = self.session.index.checked_sub(1) {
                    self.go_to(i, now, false);
                }
            }
            Command::GoTo(index) => self.go_to(index, now, false),
            Command::ToggleOverview => self.dialogs.overview.toggle(&self.session.lecture),
            Command::Quit => self.request_quit(),
            Command::Confirm(answer) => self.confirm(answer, now),
            Command::ReloadFromDisk(reload) => self.answer_on_disk(reload, now),
            Command::Recover(restore) => self.answer_recovery(restore, now),
            Command::BrokenRecovery(delete) => self.answer_broken_recovery(delete, now),
            _ => {}
        }
    }
}
