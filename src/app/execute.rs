//! Carrying out a [`Command`]: the one place every key, button and canvas gesture ends up.

use super::command::{Command, PairOptions, Pick, StepTo, UI_SCALE_RANGE, UnsavedChoice};
use super::document::EditSource;
use super::quiz;
use super::state::Leave;
use super::{App, body_mut};
use crate::geom::limits::MAX_COORDINATE;
use crate::scene::{AskKind, Scene};
use std::path::PathBuf;

impl App {
    /// Carries out commands in order (a gesture's, a test's).
    pub fn apply_all(&mut self, commands: &[Command], now: f64) {
        for c in commands {
            self.apply(c.clone(), now);
        }
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command, now: f64) {
        if !command.is_gesture() {
            self.probe.commands += 1;
        }
        match command {
            Command::BeginGesture => self.doc.begin(EditSource::Canvas),
            Command::SetPose(b, pose) => {
                if pose.position.is_finite()
                    && pose.angle_deg.is_finite()
                    && pose.position.abs().max_element() <= MAX_COORDINATE
                {
                    let body = body_mut(self.doc.scene_mut(EditSource::Canvas), b);
                    body.position = pose.position;
                    body.angle_deg = pose.angle_deg;
                }
                self.recompute(now);
            }
            Command::MoveVertex(b, index, to) => {
                self.move_vertex(b, index, to, now);
                self.recompute(now);
            }
            Command::PickPart(b, part) => {
                let mut parts = self.session.pair.shown_parts();
                parts[b.index()] = part;
                self.pick_parts(Some(parts), now);
            }
            Command::EndGesture => {
                self.doc.end(EditSource::Canvas);
                self.recompute(now);
            }
            Command::SetMode(m) => self.set_mode(m),
            Command::Step(to) => self.step_to(to),
            Command::PlayPause => match self.modes.get_mut(self.session.mode).player() {
                Some(player) => player.toggle(&mut self.session.step),
                None => self.step_to(super::command::StepTo::Next),
            },
            Command::OpenPair {
                bodies,
                hysteresis,
                note,
            } => {
                let (a, b) = *bodies;
                self.doc.edit(|s: &mut Scene| {
                    s.a = a;
                    s.b = b;
                });
                self.session.options.hysteresis = hysteresis;
                self.session.parts = None;
                self.recompute(now);
                self.set_mode(crate::scene::Mode::Manifold);
                self.session.step = self.step_count().saturating_sub(1);
                self.show_info(note, now);
            }
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
            Command::CopyEmbed => self.copy_embed(now),
            Command::Reset => self.reset(now),
            Command::SetLightTheme(light) => {
                self.shell.look.theme = if light {
                    super::draw::colors::Theme::Light
                } else {
                    super::draw::colors::Theme::Dark
                }
            }
            Command::SetCvdPalette(cvd) => {
                self.shell.look.palette = if cvd {
                    super::draw::colors::Palette::Cvd
                } else {
                    super::draw::colors::Palette::Standard
                }
            }
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
            Command::ToggleVertexEdit => self.view.vertex_edit = !self.view.vertex_edit,
            Command::FrameBodies => self.frame_all(),
            Command::ToggleFullScreen => self.shell.fullscreen = !self.shell.fullscreen,
            Command::ToggleShapesPanel => self.shell.show_left = !self.shell.show_left,
            Command::Screenshot => self.shell.screenshot_pending = true,
            Command::ScaleBy(d) => self.set_ui_scale(self.shell.ui_scale + d),
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
            Command::QuizToggle(k) => self.quiz.toggle(k),
            Command::QuizNext => self.quiz_next(now),
        }
    }

    /// Q: quiz mode on or off.
    fn toggle_quiz(&mut self, now: f64) {
        self.quiz.on = !self.quiz.on;
        if !self.quiz.on {
            return;
        }
        if self.doc.scene().questions.is_empty() {
            self.show_info(
                "quiz on — this scene asks nothing: Enter goes to the next scene that asks",
                now,
            );
        }
        self.quiz.question = 0;
        self.show_question();
    }

    /// Opens the quiz's current question in the mode (and at the step) that shows it.
    pub(super) fn show_question(&mut self) {
        let show = self
            .quiz
            .show_question(self.doc.scene(), &self.session.pair);
        self.apply_all(&show, 0.0);
    }

    /// The student's answer: judged, scored, and revealed at the step that shows it.
    fn quiz_answer(&mut self, pick: Pick) {
        let name = self.session.scene_name().to_string();
        if let Some(reveal) = self
            .quiz
            .answer(pick, self.doc.scene(), &name, &self.session.pair)
        {
            self.apply(reveal, 0.0);
        }
    }

    /// Enter: gives the marked survivors as the answer; after an answer, the next question —
    /// the scene's next, or the first of the next scene that asks.
    fn quiz_next(&mut self, now: f64) {
        if !self.quiz.on {
            return;
        }
        if let Some(ask) = self.quiz.ask(self.doc.scene())
            && self.quiz.given.is_none()
        {
            if ask.kind == AskKind::ClipSurvivors {
                self.quiz_answer(Pick::Survivors(self.quiz.draft.clone()));
            }
            return;
        }
        if self.quiz.question + 1 < self.doc.scene().questions.len() {
            self.quiz.question += 1;
            self.show_question();
            return;
        }
        match quiz::next_asking_scene(&self.session.lecture, self.session.index) {
            Some(i) => self.go_to(i, now, false),
            None => {
                let (right, answered) = self.quiz.score();
                self.show_info(
                    format!("the end of the quiz: {right} of {answered} answered right"),
                    now,
                );
            }
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
        self.view.keep_in_view();
    }

    fn set_options(&mut self, o: PairOptions, now: f64) {
        if o != self.session.options {
            self.session.options = o;
            self.recompute(now);
        }
    }

    fn set_ui_scale(&mut self, s: f32) {
        if s.is_finite() {
            self.shell.ui_scale = s.clamp(UI_SCALE_RANGE.0, UI_SCALE_RANGE.1);
            // The presenter wants the picture big in the canvas that is left.
            self.frame_all();
        }
    }

    /// Carries out the answer to the unsaved-changes question.
    fn confirm(&mut self, answer: UnsavedChoice, now: f64) {
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
            Leave::Quit => self.shell.quit = true,
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
    use crate::app::command::{key_command, key_commands};
    use crate::app::modes::ModeKind;
    use crate::cli::AppFlags;
    use egui::{Key, Modifiers};
    use glam::Vec2;

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
        assert_eq!(key_command(Key::Space, none), Some(Command::PlayPause));
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
        assert_eq!(app.session.pair.pair.options.speculative_margin, 0.3);
        app.apply(Command::Undo, 0.0);
        assert!(!app.doc.modified());
        assert_eq!(app.session.pair.pair.options.speculative_margin, 0.0);
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
        app.apply(Command::Confirm(UnsavedChoice::Save), 0.0);
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
        assert!(!app.shell.quit);
        app.apply(Command::Confirm(UnsavedChoice::Save), 0.0);
        assert!(
            app.dialogs.save_as.is_some(),
            "a built-in scene needs a name"
        );
        app.apply(Command::SaveTo(dir.join("mine.ron")), 0.0);
        assert!(app.shell.quit, "saved, then quit");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
