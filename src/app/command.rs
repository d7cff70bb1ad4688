//! Everything the user can ask for, as a [`Command`] value.
//!
//! Keys and buttons both produce commands; [`App::apply`] carries every one of them out, so
//! each action (stepping, undo, saving, changing scene) is written once and is tested by
//! feeding commands, without a window. Keys are read from egui's key events, each with the
//! modifiers it came with, so a chord pressed and released within one frame still counts.

use super::App;
use super::document::EditSource;
use super::modes::{ModeKind, PairOptions};
use super::state::Leave;
use crate::scene::Scene;
use egui::{Key, Modifiers};
use glam::Vec2;
use std::path::PathBuf;

/// Where a step command goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepTo {
    /// The first step (Home).
    First,
    /// One back (Left arrow).
    Previous,
    /// One on (Space, Right arrow).
    Next,
    /// The last step (End).
    Last,
    /// Step `k` (a table row, the slider), clamped to the last.
    At(usize),
}

/// The answer to "this scene has changes that are not saved".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save, then go on with what was asked.
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Stay.
    Cancel,
}

/// One thing the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Show a mode (1, 2, 3).
    SetMode(ModeKind),
    /// Move through the mode's steps.
    Step(StepTo),
    /// Undo (Ctrl+Z).
    Undo,
    /// Redo (Ctrl+Shift+Z, Ctrl+Y).
    Redo,
    /// Save to the scene's file, or ask for a name (Ctrl+S).
    Save,
    /// Ask for a file name to save to.
    SaveAs,
    /// Save to this file.
    SaveTo(PathBuf),
    /// Show the open dialog (Ctrl+O).
    ShowOpen,
    /// Open a scene file or a folder as the lecture.
    Open(PathBuf),
    /// Open scene `index` of the built-in lecture.
    OpenBuiltin(usize),
    /// Open a scene from its text: a file dropped on the window or chosen in the browser's
    /// picker, or text pasted into the open dialog (`name` says where it came from).
    OpenText {
        /// The file's name, or what the text was.
        name: String,
        /// The scene's RON text.
        text: String,
    },
    /// Ask the browser for a file to open (its picker).
    PickFile,
    /// Put the current scene, mode and step into a link (Ctrl+L).
    CopyLink,
    /// The next scene of the lecture (PageDown).
    NextScene,
    /// The previous scene of the lecture (PageUp).
    PreviousScene,
    /// Show or hide the help (F1).
    ToggleHelp,
    /// Close the help and the open dialog, and put off the recovery offer (Escape).
    CloseDialogs,
    /// Turn vertex editing on or off (V).
    ToggleVertexEdit,
    /// Frame everything the mode draws, in every view (F).
    FrameBodies,
    /// Full screen on or off (F11).
    ToggleFullScreen,
    /// Show or hide the shapes panel (a narrow window folds it).
    ToggleShapesPanel,
    /// Write a screenshot next to the scene (F12).
    Screenshot,
    /// Change the presenter scale by this much (Ctrl + / Ctrl −), within its range.
    ScaleBy(f32),
    /// Set the presenter scale (the slider).
    SetScale(f32),
    /// Change the session's options (a checkbox).
    SetOptions(PairOptions),
    /// Turn the manifold's reference-face hysteresis on or off (H).
    ToggleHysteresis,
    /// Turn the jitter on or off (J): B turned by ±0.001 rad every frame.
    ToggleJitter,
    /// Set the scene's speculative margin (the slider: one undoable change per drag).
    SetMargin(f32),
    /// Replace the scene's bodies (the body editors: one undoable change per drag).
    SetBodies(Box<(crate::scene::Body, crate::scene::Body)>),
    /// Move B by this world vector (SAT's "resolve"; undoable).
    TranslateB(Vec2),
    /// Show this part pair of compound bodies (A's part, B's part) in every mode, or the
    /// deepest pair (None). A view choice, not a change to the scene.
    PickParts(Option<[usize; 2]>),
    /// Close the window (asks first when the scene is modified).
    Quit,
    /// Answer the unsaved-changes question.
    Confirm(Answer),
    /// Answer "the file changed on disk": reload it (true; undoable) or keep mine (false).
    ReloadFromDisk(bool),
    /// Answer "edits were recovered": restore them (true; undoable) or discard them (false).
    Recover(bool),
    /// Answer "a recovery file cannot be read as a scene": delete it (true) or keep it (false).
    BrokenRecovery(bool),
    /// Quiz mode on or off (Q).
    ToggleQuiz,
    /// Answer the quiz's question (a button, or a click on the canvas).
    QuizAnswer(super::quiz::Pick),
    /// Mark a clipped point as surviving or not, before answering.
    QuizToggle(usize),
    /// Give the marked points as the answer; after an answer, the next question (Enter).
    QuizNext,
}

/// Smallest and largest presenter scale.
pub const UI_SCALE_RANGE: (f32, f32) = (0.75, 2.5);

/// The command for a key pressed with `modifiers`, if it has one.
pub fn key_command(key: Key, modifiers: Modifiers) -> Option<Command> {
    if modifiers.command || modifiers.ctrl {
        return match key {
            Key::Z if modifiers.shift => Some(Command::Redo),
            Key::Z => Some(Command::Undo),
            Key::Y => Some(Command::Redo),
            Key::S => Some(Command::Save),
            Key::O => Some(Command::ShowOpen),
            Key::L => Some(Command::CopyLink),
            Key::Q => Some(Command::Quit),
            Key::Equals | Key::Plus => Some(Command::ScaleBy(0.25)),
            Key::Minus => Some(Command::ScaleBy(-0.25)),
            _ => None,
        };
    }
    Some(match key {
        Key::Num1 => Command::SetMode(ModeKind::Sat),
        Key::Num2 => Command::SetMode(ModeKind::Gjk),
        Key::Num3 => Command::SetMode(ModeKind::Manifold),
        Key::Space | Key::ArrowRight => Command::Step(StepTo::Next),
        Key::ArrowLeft => Command::Step(StepTo::Previous),
        Key::Home => Command::Step(StepTo::First),
        Key::End => Command::Step(StepTo::Last),
        Key::PageDown => Command::NextScene,
        Key::PageUp => Command::PreviousScene,
        Key::F1 => Command::ToggleHelp,
        Key::F11 => Command::ToggleFullScreen,
        Key::F12 => Command::Screenshot,
        Key::F => Command::FrameBodies,
        Key::V => Command::ToggleVertexEdit,
        Key::H => Command::ToggleHysteresis,
        Key::J => Command::ToggleJitter,
        Key::Q => Command::ToggleQuiz,
        Key::Enter => Command::QuizNext,
        Key::Escape => Command::CloseDialogs,
        _ => return None,
    })
}

/// The commands of this frame's key presses (not auto-repeats), in order.
pub fn key_commands(events: &[egui::Event]) -> Vec<Command> {
    events
        .iter()
        .filter_map(|e| match e {
            egui::Event::Key {
                key,
                pressed: true,
                repeat: false,
                modifiers,
                ..
            } => key_command(*key, *modifiers),
            _ => None,
        })
        .collect()
}

impl App {
    /// Carries out one command.
    pub fn apply(&mut self, command: Command, now: f64) {
        self.commands += 1;
        match command {
            Command::SetMode(m) => self.set_mode(m),
            Command::Step(to) => self.step_to(to),
            Command::Undo => {
                if self.doc.undo() {
                    self.recompute(now);
                }
            }
            Command::Redo => {
                if self.doc.redo() {
                    self.recompute(now);
                }
            }
            Command::Save => self.save(now),
            Command::SaveAs => self.dialogs.save_as = Some(self.file_name()),
            Command::SaveTo(path) => {
                if self.save_to(path, now) {
                    self.after_save(now);
                }
            }
            Command::ShowOpen => {
                let folder = self
                    .session
                    .lecture
                    .folder
                    .clone()
                    .or_else(|| std::env::current_dir().ok())
                    .unwrap_or_else(|| PathBuf::from("."));
                self.dialogs.open_text = folder.display().to_string();
                self.dialogs.open_folder = folder;
                self.dialogs.open = true;
            }
            Command::Open(path) => self.open(path, now, false),
            Command::OpenBuiltin(index) => self.open_builtin(index, now),
            Command::OpenText { name, text } => {
                self.open_text(name, text, now, false);
            }
            Command::PickFile => super::web::pick_file(),
            Command::CopyLink => self.copy_link(now),
            Command::NextScene => self.go_to(self.session.index.saturating_add(1), now, false),
            Command::PreviousScene => {
                if let Some(i) = self.session.index.checked_sub(1) {
                    self.go_to(i, now, false);
                }
            }
            Command::ToggleHelp => self.dialogs.help = !self.dialogs.help,
            Command::CloseDialogs => {
                self.dialogs.help = false;
                self.dialogs.open = false;
                // The recovery offer, put off: its file stays, offered at the next start.
                self.dialogs.recover = None;
                self.dialogs.broken_recovery = None;
            }
            Command::ToggleVertexEdit => self.vertex_edit = !self.vertex_edit,
            Command::FrameBodies => self.frame_all(),
            Command::ToggleFullScreen => self.fullscreen = !self.fullscreen,
            Command::ToggleShapesPanel => self.show_left = !self.show_left,
            Command::Screenshot => self.screenshot_pending = true,
            Command::ScaleBy(d) => self.set_ui_scale(self.ui_scale + d),
            Command::SetScale(s) => self.set_ui_scale(s),
            Command::SetOptions(o) => self.set_options(o, now),
            Command::ToggleHysteresis => self.set_options(
                PairOptions {
                    hysteresis: !self.session.options.hysteresis,
                    ..self.session.options
                },
                now,
            ),
            Command::ToggleJitter => self.set_options(
                PairOptions {
                    jitter: !self.session.options.jitter,
                    ..self.session.options
                },
                now,
            ),
            Command::SetMargin(m) => {
                if m.is_finite() && m != self.doc.scene().speculative_margin {
                    self.doc.scene_mut(EditSource::Panel).speculative_margin = m;
                    self.recompute(now);
                }
            }
            Command::SetBodies(bodies) => {
                let (a, b) = *bodies;
                let scene = self.doc.scene_mut(EditSource::Panel);
                scene.a = a;
                scene.b = b;
                self.recompute(now);
            }
            Command::TranslateB(d) => {
                self.doc.edit(|s: &mut Scene| s.b.position += d);
                self.recompute(now);
                self.show_info(
                    format!("moved B by ({:.3}, {:.3}) — Ctrl+Z undoes it", d.x, d.y),
                    now,
                );
            }
            Command::PickParts(parts) => self.pick_parts(parts, now),
            Command::Quit => self.request_quit(),
            Command::Confirm(answer) => self.confirm(answer, now),
            Command::ReloadFromDisk(reload) => self.answer_on_disk(reload, now),
            Command::Recover(restore) => self.answer_recovery(restore, now),
            Command::BrokenRecovery(delete) => self.answer_broken_recovery(delete, now),
            Command::ToggleQuiz => self.toggle_quiz(now),
            Command::QuizAnswer(pick) => self.quiz_answer(pick),
            Command::QuizToggle(k) => self.quiz_toggle(k),
            Command::QuizNext => self.quiz_next(now),
        }
    }

    /// Moves through the current mode's steps.
    fn step_to(&mut self, to: StepTo) {
        let last = self.step_count().saturating_sub(1);
        let s = &mut self.session.step;
        *s = match to {
            StepTo::First => 0,
            StepTo::Previous => s.saturating_sub(1),
            StepTo::Next => (*s + 1).min(last),
            StepTo::Last => last,
            StepTo::At(k) => k.min(last),
        };
        self.keep_in_view();
    }

    fn set_options(&mut self, o: PairOptions, now: f64) {
        if o != self.session.options {
            self.session.options = o;
            self.recompute(now);
        }
    }

    fn set_ui_scale(&mut self, s: f32) {
        if s.is_finite() {
            self.ui_scale = s.clamp(UI_SCALE_RANGE.0, UI_SCALE_RANGE.1);
            // The presenter wants the picture big in the canvas that is left.
            self.frame_all();
        }
    }

    /// Carries out the answer to the unsaved-changes question.
    fn confirm(&mut self, answer: Answer, now: f64) {
        let Some(leave) = self.dialogs.confirm.take() else {
            return;
        };
        match answer {
            Answer::Cancel => {}
            Answer::Discard => self.leave(leave, now),
            Answer::Save => {
                // Saving may first need a name (a built-in scene): go on once it is saved.
                self.dialogs.after_save = Some(leave);
                self.save(now);
            }
        }
    }

    /// Goes on with what a modified scene was waiting for, now that it is saved.
    fn after_save(&mut self, now: f64) {
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
            Leave::Quit => self.quit = true,
        }
    }

    /// Saves to the scene's file (Ctrl+S); a built-in scene asks for a name first.
    fn save(&mut self, now: f64) {
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
    fn file_name(&self) -> String {
        self.doc
            .path()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "scene.ron".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::AppFlags;

    fn app() -> App {
        App::new(&AppFlags::default()).expect("the built-in lecture opens")
    }

    fn press(key: Key, modifiers: Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    fn release(key: Key) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: false,
            repeat: false,
            modifiers: Modifiers::NONE,
        }
    }

    #[test]
    fn a_fast_ctrl_s_chord_still_saves() {
        // Ctrl down, S down, S up, Ctrl up, all within one frame: the S press carries Ctrl.
        let events = [press(Key::S, Modifiers::COMMAND), release(Key::S)];
        assert_eq!(key_commands(&events), vec![Command::Save]);
    }

    #[test]
    fn keys_map_to_the_same_commands_as_buttons() {
        let none = Modifiers::NONE;
        assert_eq!(
            key_command(Key::Space, none),
            Some(Command::Step(StepTo::Next))
        );
        assert_eq!(
            key_command(Key::ArrowRight, none),
            Some(Command::Step(StepTo::Next))
        );
        assert_eq!(
            key_command(Key::Z, Modifiers::COMMAND | Modifiers::SHIFT),
            Some(Command::Redo)
        );
        assert_eq!(key_command(Key::Z, Modifiers::COMMAND), Some(Command::Undo));
        // Ctrl+Q quits (through the unsaved-changes question when modified); Q alone is the
        // quiz.
        assert_eq!(key_command(Key::Q, Modifiers::COMMAND), Some(Command::Quit));
        assert_eq!(key_command(Key::Q, none), Some(Command::ToggleQuiz));
        assert_eq!(
            key_command(Key::Num2, none),
            Some(Command::SetMode(ModeKind::Gjk))
        );
        // Ctrl+F is not F.
        assert_eq!(key_command(Key::F, Modifiers::COMMAND), None);
        // Auto-repeats and releases do nothing.
        let repeat = egui::Event::Key {
            key: Key::Space,
            physical_key: None,
            pressed: true,
            repeat: true,
            modifiers: none,
        };
        assert!(key_commands(&[repeat, release(Key::Space)]).is_empty());
    }

    #[test]
    fn stepping_stays_inside_the_trace() {
        let mut app = app();
        app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
        let last = app.step_count() - 1;
        app.apply(Command::Step(StepTo::Last), 0.0);
        assert_eq!(app.session.step, last);
        app.apply(Command::Step(StepTo::Next), 0.0);
        assert_eq!(app.session.step, last);
        app.apply(Command::Step(StepTo::Previous), 0.0);
        assert_eq!(app.session.step, last.saturating_sub(1));
        app.apply(Command::Step(StepTo::First), 0.0);
        app.apply(Command::Step(StepTo::Previous), 0.0);
        assert_eq!(app.session.step, 0);
        app.apply(Command::Step(StepTo::At(10_000)), 0.0);
        assert_eq!(app.session.step, last);
    }

    #[test]
    fn the_margin_slider_is_an_undoable_edit_that_marks_the_scene_modified() {
        let mut app = app();
        app.apply(Command::SetMargin(0.2), 0.0);
        app.apply(Command::SetMargin(0.3), 0.0);
        app.doc.end(EditSource::Panel);
        assert!(app.doc.modified());
        assert_eq!(app.doc.undo_len(), 1, "one drag, one undo step");
        assert_eq!(app.session.pair.manifold_options.speculative_margin, 0.3);
        app.apply(Command::Undo, 0.0);
        assert!(!app.doc.modified());
        assert_eq!(app.session.pair.manifold_options.speculative_margin, 0.0);
    }

    #[test]
    fn paging_walks_the_lecture_and_stops_at_its_ends() {
        let mut app = app();
        app.apply(Command::PreviousScene, 0.0);
        assert_eq!(app.session.index, 0);
        app.apply(Command::NextScene, 0.0);
        assert_eq!(app.session.index, 1);
        let last = app.session.lecture.scenes.len() - 1;
        for _ in 0..last + 3 {
            app.apply(Command::NextScene, 0.0);
        }
        assert_eq!(app.session.index, last);
    }

    #[test]
    fn save_in_the_unsaved_changes_dialog_saves_and_goes_on() {
        let dir = std::env::temp_dir().join(format!("np-confirm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (_, first) = crate::scene::BUILTIN[0];
        let (_, second) = crate::scene::BUILTIN[1];
        std::fs::write(dir.join("a.ron"), first).expect("write");
        std::fs::write(dir.join("b.ron"), second).expect("write");
        let mut app = App::new(&AppFlags {
            path: Some(dir.join("a.ron")),
            ..AppFlags::default()
        })
        .expect("opens");
        app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
        app.apply(Command::NextScene, 0.0);
        assert_eq!(app.session.index, 0, "asks first");
        assert_eq!(app.dialogs.confirm, Some(Leave::Scene(1)));
        app.apply(Command::Confirm(Answer::Save), 0.0);
        assert_eq!(app.session.index, 1, "saved, and went on");
        let saved = crate::scene::load(dir.join("a.ron")).expect("saved file loads");
        let original = crate::scene::parse(first, "a.ron").expect("parses");
        assert_eq!(
            saved.scene.b.position,
            original.scene.b.position + Vec2::new(0.5, 0.0)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn save_of_a_builtin_scene_asks_a_name_then_goes_on() {
        let dir = std::env::temp_dir().join(format!("np-confirm-b-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mut app = app();
        app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
        app.apply(Command::Quit, 0.0);
        assert!(!app.quit);
        app.apply(Command::Confirm(Answer::Save), 0.0);
        assert!(
            app.dialogs.save_as.is_some(),
            "a built-in scene needs a name"
        );
        app.apply(Command::SaveTo(dir.join("mine.ron")), 0.0);
        assert!(app.quit, "saved, then quit");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
