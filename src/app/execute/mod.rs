//! Carrying out a [`Command`]: the one place every key, button and canvas gesture ends up.
//! Each command has an [`Owner`], the part of the app whose state it changes; the parts that
//! need no more than their own state carry their commands out here ([`Edit`], [`look`],
//! [`quiz()`]), the files theirs in [`files`](super::files), and the app the mode and step. What
//! then needs the whole app (the pair recomputed, a scene set up) comes back as [`After`]s.

mod after;
mod play;
pub mod tour;

pub use play::{play, step_to};

use super::command::{After, Command, PairOptions, Pick, UI_SCALE_RANGE};
use super::document::{Document, EditSource};
use super::files::Files;
use super::modes::Modes;
use super::quiz::{self, Quiz};
use super::session::Session;
use super::state::{Dialogs, Shell};
use super::views::Views;
use crate::geom::limits::placeable;
use crate::scene::questions::Which;
use crate::scene::{self, AskKind, Scene, ShapeSpec};
use glam::Vec2;
use std::path::PathBuf;

/// Whose state a command changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The scene and the pair's options: an edit ([`Edit`]).
    Edit,
    /// The lecture and the scene's file: opening, saving, links ([`Files`]).
    Files,
    /// The quiz ([`quiz()`]).
    Quiz,
    /// The window, the look, the dialogs and the camera ([`look`]).
    Look,
    /// The mode and step shown (the app: it needs the modes).
    Play,
    /// The tour's stop ([`tour::Guide`]).
    Tour,
    /// The scene's words, questions and tour (the Edit panel's, [`author::author`]).
    Author,
}

/// Whose state `command` changes.
pub fn owner(command: &Command) -> Owner {
    use Command as C;
    match command {
        C::BeginGesture
        | C::SetPose(..)
        | C::SetMotion(_)
        | C::MoveVertex(..)
        | C::PickPart(..)
        | C::EndGesture
        | C::OpenPair { .. }
        | C::Undo
        | C::Redo
        | C::SetOptions(_)
        | C::ToggleHysteresis
        | C::ToggleJitter
        | C::SetMargin(_)
        | C::SetBodies(_)
        | C::TranslateB(_)
        | C::PickParts(_) => Owner::Edit,
        C::Save
        | C::SaveAs
        | C::SaveTo(_)
        | C::Open(_)
        | C::OpenBuiltin(_)
        | C::OpenText { .. }
        | C::CopyLink
        | C::CopyEmbed
        | C::Reset
        | C::NextScene
        | C::PreviousScene
        | C::GoTo(_)
        | C::ToggleOverview
        | C::Quit
        | C::Confirm(_)
        | C::ReloadFromDisk(_)
        | C::Recover(_)
        | C::BrokenRecovery(_) => Owner::Files,
        C::ToggleQuiz | C::QuizAnswer(_) | C::QuizToggle(_) | C::QuizNext => Owner::Quiz,
        C::ShowOpen
        | C::PickFile
        | C::SetLightTheme(_)
        | C::SetCvdPalette(_)
        | C::ToggleExactNumbers
        | C::ToggleHexNumbers
        | C::ToggleHelp
        | C::CloseDialogs
        | C::ToggleVertexEdit
        | C::FrameBodies
        | C::ToggleFullScreen
        | C::ToggleShapesPanel
        | C::Screenshot
        | C::ScaleBy(_)
        | C::SetScale(_)
        | C::SetEmbedLocks(_)
        | C::ShowView(_)
        | C::ToggleEditPanel => Owner::Look,
        C::Tour(_) | C::Onward | C::Backward | C::TourClick(_) | C::TogglePresenter => Owner::Tour,
        C::Author(_) => Owner::Author,
        C::SetMode(_) | C::Step(_) | C::PlayPause => Owner::Play,
    }
}

/// The parts of the app a command changes, borrowed for one command: each command is carried
/// out by its [`Owner`] over the parts that owner changes.
pub struct Parts<'a> {
    /// The scene, its history and file.
    pub doc: &'a mut Document,
    /// The lecture, the mode and step, the options and the pair's traces.
    pub session: &'a mut Session,
    /// Each mode's own state (a playing mode's player).
    pub modes: &'a mut Modes,
    /// The cameras and the canvas gesture.
    pub view: &'a mut Views,
    /// The banner and the dialogs.
    pub dialogs: &'a mut Dialogs,
    /// The window's requests: scale, look, full screen, quitting.
    pub shell: &'a mut Shell,
    /// The quiz.
    pub quiz: &'a mut Quiz,
    /// How many commands were carried out (`--print-state`'s count).
    pub commands: &'a mut u64,
}

impl<'a> Parts<'a> {
    /// The parts that opening, saving and recovering change.
    pub fn files(self) -> Files<'a> {
        let Parts {
            doc,
            session,
            view,
            dialogs,
            shell,
            ..
        } = self;
        Files {
            doc,
            session,
            dialogs,
            shell,
            view,
            after: Vec::new(),
        }
    }

    /// Carries out `command` by its owner; returns what the app is to do next.
    pub fn apply(self, command: Command, now: f64) -> Vec<After> {
        // A stop that waits for a drag or a key goes on once it is done.
        let mut after = Vec::new();
        if self.session.tour.observe(&command) {
            after.push(After::Do(Command::Tour(super::command::TourTo::Next)));
        }
        let mut done = self.carry_out(command, now);
        done.append(&mut after);
        done
    }

    /// Carries out `command` by its owner.
    fn carry_out(self, command: Command, now: f64) -> Vec<After> {
        if owner(&command) == Owner::Tour {
            return self.guide().command(command, now);
        }
        let (doc, session, dialogs) = (self.doc, self.session, self.dialogs);
        match owner(&command) {
            Owner::Files => {
                let (shell, view) = (self.shell, self.view);
                let mut files = Files {
                    doc,
                    session,
                    dialogs,
                    shell,
                    view,
                    after: Vec::new(),
                };
                files.apply(command, now);
                files.after
            }
            Owner::Edit => Edit {
                doc,
                session,
                dialogs,
            }
            .apply(command, now),
            Owner::Quiz => quiz(command, self.quiz, doc.scene(), session, dialogs, now),
            Owner::Look => {
                let folder = session.lecture.folder.clone();
                look(command, self.shell, self.view, dialogs, folder);
                Vec::new()
            }
            Owner::Play => play(command, self.modes, session, self.view),
            Owner::Tour => Vec::new(),
            Owner::Author => match command {
                Command::Author(op) => {
                    let cam = &self.view.cam;
                    author::author(op, doc, session, cam, dialogs, now)
                }
                _ => Vec::new(),
            },
        }
    }
}

/// The parts an edit of the scene or of the pair's options changes.
pub struct Edit<'a> {
    /// The scene and its history.
    pub doc: &'a mut Document,
    /// The pair's options and the part pair shown.
    pub session: &'a mut Session,
    /// The banner (a refused vertex move says why).
    pub dialogs: &'a mut Dialogs,
}

impl Edit<'_> {
    /// Carries out an [`Owner::Edit`] command; returns what the app is to do next.
    pub fn apply(&mut self, command: Command, now: f64) -> Vec<After> {
        match command {
            Command::BeginGesture => {
                self.doc.begin(EditSource::Canvas);
                return Vec::new();
            }
            Command::SetPose(b, pose) if placeable(pose.position, Some(pose.angle_deg)) => {
                let body = body_mut(self.doc.scene_mut(EditSource::Canvas), b);
                body.position = pose.position;
                body.angle_deg = pose.angle_deg;
            }
            Command::SetMotion(m) if placeable(m.to, m.angle_deg) => {
                self.doc.scene_mut(EditSource::Canvas).motion = Some(m);
            }
            Command::MoveVertex(b, index, to) => self.move_vertex(b, index, to, now),
            Command::PickPart(b, part) => {
                let mut parts = self.session.pair.shown_parts();
                parts[b.index()] = part;
                return self.pick_parts(Some(parts));
            }
            Command::PickParts(parts) => return self.pick_parts(parts),
            Command::EndGesture => self.doc.end(EditSource::Canvas),
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
                self.dialogs.show_info(note, now);
                // The manifold mode, at its last step (the step is kept inside its trace).
                return vec![
                    After::Changed,
                    After::Mode(crate::scene::Mode::Manifold),
                    After::Step(usize::MAX),
                ];
            }
            Command::Undo => {
                if !self.doc.undo() {
                    return Vec::new();
                }
            }
            Command::Redo => {
                if !self.doc.redo() {
                    return Vec::new();
                }
            }
            Command::SetOptions(o) => return self.set_options(o),
            Command::ToggleHysteresis => {
                return self.set_options(PairOptions {
                    hysteresis: !self.session.options.hysteresis,
                    ..self.session.options
                });
            }
            Command::ToggleJitter => {
                return self.set_options(PairOptions {
                    jitter: !self.session.options.jitter,
                    ..self.session.options
                });
            }
            Command::SetMargin(m) => {
                if !m.is_finite() || m == self.doc.scene().speculative_margin {
                    return Vec::new();
                }
                self.doc.scene_mut(EditSource::Panel).speculative_margin = m;
            }
            Command::SetBodies(bodies) => {
                let (a, b) = *bodies;
                let scene = self.doc.scene_mut(EditSource::Panel);
                scene.a = a;
                scene.b = b;
            }
            Command::TranslateB(d) => {
                self.doc.edit(|s: &mut Scene| s.b.position += d);
                self.dialogs.show_info(
                    format!("moved B by ({:.3}, {:.3}) — Ctrl+Z undoes it", d.x, d.y),
                    now,
                );
            }
            _ => return Vec::new(),
        }
        vec![After::Changed]
    }

    /// Shows part pair `parts` in every mode (None: the deepest pair, the library's choice).
    fn pick_parts(&mut self, parts: Option<[usize; 2]>) -> Vec<After> {
        if parts == self.session.parts {
            return Vec::new();
        }
        self.session.parts = parts;
        vec![After::Changed]
    }

    fn set_options(&mut self, o: PairOptions) -> Vec<After> {
        if o == self.session.options {
            return Vec::new();
        }
        self.session.options = o;
        vec![After::Changed]
    }

    /// Moves point `k` of a chain to `to` (the body's frame), refusing (and saying why) a move
    /// that would make the chain invalid: a repeated point, a loop crossing itself.
    fn move_chain_point(&mut self, b: Which, k: usize, to: Vec2, now: f64) {
        let mut scene = self.doc.scene().clone();
        if let ShapeSpec::Chain { points, .. } = &mut body_mut(&mut scene, b).shape
            && let Some(p) = points.get_mut(k)
        {
            *p = to;
        }
        match scene.validate() {
            Ok(_) => {
                let body = body_mut(self.doc.scene_mut(EditSource::Canvas), b);
                body.shape = body_mut(&mut scene, b).shape.clone();
            }
            Err(e) => {
                let e = e.to_string();
                let why = e.split_once(": ").map_or(e.as_str(), |(_, why)| why);
                self.dialogs
                    .show_error(format!("point {k} can't go there: {why}"), now);
            }
        }
    }

    /// Moves a vertex of a polygon (a compound's: of its shown part), refusing a move that
    /// would break convexity (and saying so).
    pub(crate) fn move_vertex(&mut self, b: Which, index: usize, to: Vec2, now: f64) {
        let part = self.session.pair.shown_parts()[b.index()];
        let scene = self.doc.scene();
        let body = if b == Which::A { &scene.a } else { &scene.b };
        if let ShapeSpec::Chain { points, .. } = &body.shape {
            // A chain's shown segment's ends are chain points `part` and `part + 1` (the first
            // again at the end of a loop); the segment's frame is the body's.
            let k = (part + index.min(1)) % points.len().max(1);
            return self.move_chain_point(b, k, to, now);
        }
        let shape = self.session.pair.shapes()[b.index()];
        match shape.with_vertex(index, to) {
            Ok((_, warnings)) if !warnings.is_empty() => {
                let why = warnings
                    .iter()
                    .map(|w| w.to_string())
                    .collect::<Vec<_>>()
                    .join("; ");
                self.dialogs.show_error(
                    format!(
                        "vertex {index} can't go there: {why} — the polygon would lose a vertex"
                    ),
                    now,
                );
            }
            Ok(_) => {
                let mut verts: Vec<Vec2> = shape.vertices().to_vec();
                if let Some(v) = verts.get_mut(index) {
                    *v = to;
                }
                let body = body_mut(self.doc.scene_mut(EditSource::Canvas), b);
                let spec = match &mut body.shape {
                    ShapeSpec::Compound { parts } => match parts.get_mut(part) {
                        Some(p) => &mut p.shape,
                        None => return,
                    },
                    single => single,
                };
                let radius = match *spec {
                    ShapeSpec::Box { radius, .. } | ShapeSpec::Polygon { radius, .. } => radius,
                    _ => 0.0,
                };
                *spec = ShapeSpec::Polygon {
                    vertices: verts,
                    radius,
                };
            }
            Err(e) => {
                // Said in words: the error's field path ("vertices[2]: …") is for files.
                let e = e.to_string();
                let why = e.split_once(": ").map_or(e.as_str(), |(_, why)| why);
                self.dialogs.show_error(
                    format!("vertex {index} can't go there: {why} — the polygon must stay convex"),
                    now,
                )
            }
        }
    }
}

/// The body `b` of `scene`, to change.
pub(crate) fn body_mut(scene: &mut Scene, b: Which) -> &mut scene::Body {
    match b {
        Which::A => &mut scene.a,
        Which::B => &mut scene.b,
    }
}

/// Carries out an [`Owner::Look`] command: the window, the look, the dialogs, the camera.
/// `folder` is the lecture's folder (the open dialog starts there).
pub fn look(
    command: Command,
    shell: &mut Shell,
    view: &mut Views,
    dialogs: &mut Dialogs,
    folder: Option<PathBuf>,
) {
    use super::draw::colors::{Palette, Theme};
    match command {
        Command::ShowOpen => {
            let folder = folder
                .or_else(|| std::env::current_dir().ok())
                .unwrap_or_else(|| PathBuf::from("."));
            dialogs.open_text = folder.display().to_string();
            dialogs.open_folder = folder;
            dialogs.open = true;
        }
        Command::PickFile => super::web::pick_file(),
        Command::SetLightTheme(light) => {
            shell.look.theme = if light { Theme::Light } else { Theme::Dark }
        }
        Command::SetCvdPalette(cvd) => {
            shell.look.palette = if cvd { Palette::Cvd } else { Palette::Standard }
        }
        Command::ToggleExactNumbers => shell.exact_numbers = !shell.exact_numbers,
        Command::ToggleHexNumbers => shell.hex_numbers = !shell.hex_numbers,
        Command::ToggleHelp => dialogs.help = !dialogs.help,
        Command::ShowView(v) => view.apply_scene_view(Some(v)),
        Command::CloseDialogs => {
            dialogs.help = false;
            dialogs.open = false;
            dialogs.overview.close();
            // The recovery offer, put off: its file stays, offered at the next start.
            dialogs.recover = None;
            dialogs.broken_recovery = None;
        }
        Command::ToggleVertexEdit => view.vertex_edit = !view.vertex_edit,
        Command::FrameBodies => view.frame_all(),
        Command::ToggleFullScreen => shell.fullscreen = !shell.fullscreen,
        Command::ToggleShapesPanel => shell.show_left = !shell.show_left,
        // Never in an embed: students in a lesson page do not edit the lecturer's scene.
        Command::ToggleEditPanel if !shell.embed => dialogs.edit_open = !dialogs.edit_open,
        Command::Screenshot => shell.screenshot_pending = true,
        Command::ScaleBy(d) => set_ui_scale(shell, view, shell.ui_scale + d),
        Command::SetScale(s) => set_ui_scale(shell, view, s),
        Command::SetEmbedLocks(fields) => {
            // Written by `Locks::to_query`: it reads back (a field it cannot read keeps the
            // locks as they were).
            if let Ok(l) = super::locks::parse(&fields, "") {
                shell.embed_locks = l;
            }
        }
        _ => {}
    }
}

fn set_ui_scale(shell: &mut Shell, view: &mut Views, s: f32) {
    if s.is_finite() {
        shell.ui_scale = s.clamp(UI_SCALE_RANGE.0, UI_SCALE_RANGE.1);
        // The presenter wants the picture big in the canvas that is left.
        view.frame_all();
    }
}

/// Carries out an [`Owner::Quiz`] command on the quiz, for the scene and session shown;
/// returns what shows the question or the answer (its mode and step), or the next scene.
pub fn quiz(
    command: Command,
    quiz: &mut Quiz,
    scene: &Scene,
    session: &Session,
    dialogs: &mut Dialogs,
    now: f64,
) -> Vec<After> {
    let shown = |c: Vec<Command>| c.into_iter().map(After::Do).collect();
    match command {
        // Q: quiz mode on or off.
        Command::ToggleQuiz => {
            quiz.on = !quiz.on;
            if !quiz.on {
                return Vec::new();
            }
            if scene.questions.is_empty() {
                dialogs.show_info(
                    "quiz on — this scene asks nothing: Enter goes to the next scene that asks",
                    now,
                );
            }
            quiz.question = 0;
            shown(quiz.show_question(scene, &session.pair))
        }
        Command::QuizAnswer(pick) => answer(quiz, pick, scene, session),
        Command::QuizToggle(k) => {
            quiz.toggle(k);
            Vec::new()
        }
        // Enter: gives the marked survivors as the answer; after an answer, the next question
        // — the scene's next, or the first of the next scene that asks.
        Command::QuizNext => {
            if !quiz.on && quiz.tour_ask.is_none() {
                return Vec::new();
            }
            if let Some(ask) = quiz.ask(scene)
                && quiz.given.is_none()
            {
                if ask.kind == AskKind::ClipSurvivors {
                    return answer(quiz, Pick::Survivors(quiz.draft.clone()), scene, session);
                }
                return Vec::new();
            }
            if quiz.tour_ask.is_some() {
                // A tour's question answered: Enter goes on with the tour.
                return vec![After::Do(Command::Tour(super::command::TourTo::Next))];
            }
            if quiz.question + 1 < scene.questions.len() {
                quiz.question += 1;
                return shown(quiz.show_question(scene, &session.pair));
            }
            match quiz::next_asking_scene(&session.lecture, session.index) {
                Some(i) => vec![After::Do(Command::GoTo(i))],
                None => {
                    let (right, answered) = quiz.score();
                    dialogs.show_info(
                        format!("the end of the quiz: {right} of {answered} answered right"),
                        now,
                    );
                    Vec::new()
                }
            }
        }
        _ => Vec::new(),
    }
}

/// The student's answer: judged, scored, and revealed at the step that shows it.
fn answer(quiz: &mut Quiz, pick: Pick, scene: &Scene, session: &Session) -> Vec<After> {
    let name = session.scene_name().to_string();
    quiz.answer(pick, scene, &name, &session.pair)
        .map(After::Do)
        .into_iter()
        .collect()
}

pub mod author;

#[cfg(test)]
mod tests;
