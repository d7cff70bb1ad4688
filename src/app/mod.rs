//! The desktop app: a macroquad window with egui panels; the canvas is painted with egui's
//! painter from the library's traces.
//!
//! Who owns what (one owner per kind of state; nothing held twice):
//! - [`document`]: the scene, its saved copy, undo/redo, its file;
//! - [`session`]: the lecture and where we are in it, the mode and step, the options that are
//!   not the scene's, the pair's traces;
//! - [`modes`]: each mode's own view state; [`camera`] and [`input`]: the world view and the
//!   canvas gestures; [`state`]: the banner, the dialogs, frame timings.
//!
//! Every action is a [`command::Command`], from a key or a button alike; [`App::apply`] carries
//! them out. Each frame, in order (inside egui's frame, so the canvas can use its painter):
//! 1. Canvas input (unless the pointer is over a panel, as laid out at the last frame):
//!    gestures become commands, carried out at once; the pair's output and traces are
//!    recomputed where they changed (jitter, which changes every frame, first of all).
//! 2. egui UI: the panels, drawn from that pair (so panels and canvas show the same frame
//!    while dragging), take their space and return their commands; keys (unless a text field
//!    has focus) become commands; every command is carried out.
//! 3. Per-frame bookkeeping (the banner's timeout); a mode observes the pair (its id history)
//!    between 1 and 2, so the panels show this frame's.
//! 4. Draw the world: grid, shapes, the mode's picture, the normal and contact points.
//! 5. egui draws; a screenshot, if asked for, is taken after it ([`run`]).

pub mod camera;
pub mod chain_view;
pub mod command;
pub mod document;
pub mod draw;
mod execute;
mod files;
pub mod framing;
pub mod input;
pub mod legend;
pub mod link;
pub mod locks;
pub mod modes;
pub mod page;
pub mod pair;
pub mod panels;
pub mod quiz;
pub mod recovery;
pub mod run;
pub mod session;
pub mod settings;
mod slides;
pub mod state;
pub mod views;
pub mod visible;
pub mod web;
pub mod words;
pub mod world;

use crate::cli::AppFlags;
use crate::scene::questions::Which;
use crate::scene::{self, Lecture, Scene, ShapeSpec};
use command::Command;
use command::Pose;
use document::{Document, EditSource};
use glam::Vec2;
use input::Gesture;
use input::{BodyView, Input, Interaction};
use modes::{Mode, ModeKind, Modes};
use session::Session;
use state::{Banner, Dialogs, Probe, Shell, stats};
use views::{Fit, Views};

/// The app, by owner: the document (the scene, its history and file), the session (the lecture,
/// the mode and step, the options, the pair and its traces), each mode's own state, the views
/// (camera and canvas gesture), the probe `--print-state` reads, the dialogs and banner, and
/// the shell (window requests). `let App { .. } = self;` names them all.
pub struct App {
    /// The scene being edited, its history and file.
    pub doc: Document,
    /// The lecture, the mode and step, the options and the pair's traces.
    pub session: Session,
    /// Each mode's own state.
    pub modes: Modes,
    /// The world camera, the canvas gesture and how the views are to be fitted.
    pub view: Views,
    /// What `--print-state` reports: commands carried out, what the last frame showed, times.
    pub probe: Probe,
    /// The dialogs, the banner, the scene's warnings and a slide's load error.
    pub dialogs: Dialogs,
    /// What the window loop does for the app: scale, full screen, screenshots, quitting.
    pub shell: Shell,
    /// Quiz mode (Q): the question asked, the answer given, the lecture's score.
    pub quiz: quiz::Quiz,
    /// The sweep plot (B turned through 360°) and its rows.
    pub sweep: panels::sweep_plot::SweepPlot,
}

/// Reads a scene for the app: the loaded scene or an error message.
fn scene_of(l: &scene::LectureScene) -> Result<Scene, String> {
    l.scene
        .as_ref()
        .map(|s| s.scene.clone())
        .map_err(|e| e.to_string())
}

impl App {
    /// Draws the world view from the parts it reads (see [`world::WorldView`]); a `dry` frame
    /// paints nothing (framing measures with it).
    fn draw_world(&self, ctx: &egui::Context, dry: bool) -> draw::Drawn {
        world::WorldView {
            doc: &self.doc,
            session: &self.session,
            modes: &self.modes,
            views: &self.view,
            quiz: &self.quiz,
            dialogs: &self.dialogs,
            shell: &self.shell,
            bodies: self.body_views(),
        }
        .draw(ctx, dry)
    }

    /// Carries out the fits asked for: a few measuring passes, each moving the cameras.
    pub(super) fn fit_views(&mut self, ctx: &egui::Context) {
        if self.view.frame_pending {
            self.view.fit[0] = Some(Fit::Frame);
            self.view.frame_pending = false;
        }
        for _ in 0..6 {
            if self.view.fit.iter().all(Option::is_none) {
                break;
            }
            let drawn = self.draw_world(ctx, true);
            let mut moved = false;
            for (i, v) in drawn.views.iter().enumerate().take(2) {
                let (Some(fit), Some(figure)) = (self.view.fit[i], v.figure) else {
                    continue;
                };
                let cam = if i == 0 {
                    Some(&mut self.view.cam)
                } else {
                    self.modes.get_mut(self.session.mode).second_camera()
                };
                if let Some(cam) = cam {
                    moved |= framing::fit_camera(cam, figure, fit);
                }
            }
            if !moved {
                break;
            }
        }
        self.view.fit = [None, None];
    }

    /// Builds every panel for this frame; returns what the user asked for.
    pub fn ui(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let mut out = Vec::new();
        if self.shell.embed {
            // A figure in another page: the canvas and a slim bar, nothing else but a question
            // that must be answered (a link changed while the scene had edits).
            let locks = self.shell.locks.clone().unwrap_or_default();
            let mode = self.modes.get(self.session.mode);
            if let Some(text) =
                panels::embed::bar(ctx, &self.modes, mode, &self.session, &locks, &mut out)
            {
                self.probe.shown_step_text = text;
            }
            self.dialogs_ui(ctx, &mut out);
            self.probe.panels = panels::panel_rects(ctx, &["embed", "embed text"]);
            return out;
        }
        let layout = panels::PanelLayout::new(ctx.screen_rect().size(), self.shell.show_left);
        let hides = self.quiz.hides(self.doc.scene());
        panels::status::status_bar(
            ctx,
            &self.doc,
            &self.session,
            hides,
            self.probe.stats.frame_ms,
        );
        if let Some(w) = layout.left {
            let left = panels::left::Left {
                modes: &self.modes,
                session: &self.session,
                scene: self.doc.scene(),
                vertex_edit: self.view.vertex_edit,
                ui_scale: self.shell.ui_scale,
                quiz_hides: hides,
                look: self.shell.look,
            };
            left.show(ctx, w, &mut out);
        }
        let ask = self.quiz.ask(self.doc.scene()).cloned();
        let quiz_total = quiz::total_questions(&self.session.lecture);
        // Not while a drag or a field changes the scene: the sweep's plots keep their rows.
        let editing = self.doc.editing(EditSource::Canvas)
            || self.doc.editing(EditSource::Panel)
            || self.view.interaction.gesture != Gesture::Idle;
        let right = panels::right::Right {
            mode: self.modes.get_mut(self.session.mode),
            session: &self.session,
            scene: self.doc.scene(),
            quiz: &self.quiz,
            ask: ask.as_ref(),
            quiz_total,
            sweep: &mut self.sweep,
            editing,
            show_left: self.shell.show_left,
        };
        if let Some(text) = right.show(ctx, &layout, &mut out) {
            self.probe.shown_step_text = text;
        }
        panels::status::notes_panel(
            ctx,
            layout.notes,
            self.doc.scene(),
            hides,
            &self.dialogs.warnings,
        );
        self.dialogs_ui(ctx, &mut out);
        self.probe.panels = panels::panel_rects(ctx, &["left", "right", "notes", "status"]);
        out
    }

    /// The dialogs (help, open, save as, the questions that wait for an answer), in the full
    /// app and in an embed alike.
    fn dialogs_ui(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        panels::dialogs::DialogsView {
            dialogs: &mut self.dialogs,
            modes: &self.modes,
            path: self.doc.path(),
            lecture: &self.session.lecture,
        }
        .show(ctx, out);
    }

    /// Opens the lecture (or file) the flags name, in their mode and at their step.
    pub fn new(flags: &AppFlags) -> Result<App, String> {
        let (lecture, index) = match &flags.path {
            Some(p) => Lecture::open(p).map_err(|e| e.to_string())?,
            None => (Lecture::builtin(), 0),
        };
        let first = lecture
            .scenes
            .get(index)
            .ok_or_else(|| "the lecture has no scenes".to_string())?;
        let scene = scene_of(first)?;
        let doc = Document::new(scene.clone(), first.path.clone());
        let session = Session::new(lecture, index, &scene)?;
        let mut app = App {
            doc,
            session,
            modes: Modes::default(),
            view: Views::default(),
            probe: Probe::default(),
            dialogs: Dialogs::default(),
            shell: Shell {
                ui_scale: flags
                    .ui_scale
                    .filter(|s| s.is_finite())
                    .unwrap_or(1.0)
                    .clamp(command::UI_SCALE_RANGE.0, command::UI_SCALE_RANGE.1),
                look: draw::colors::Look {
                    theme: flags.theme.unwrap_or_default(),
                    palette: flags.palette.unwrap_or_default(),
                },
                ..Shell::default()
            },
            quiz: quiz::Quiz::default(),
            sweep: panels::sweep_plot::SweepPlot::default(),
        };
        app.enter_scene();
        if let Some(m) = flags.mode {
            app.session.mode = m;
        }
        if let Some(s) = flags.step {
            app.session.step = s;
        }
        app.clamp_step();
        if flags.quiz {
            app.apply(command::Command::ToggleQuiz, 0.0);
        }
        Ok(app)
    }

    /// Sets up the view, mode, step and options of the scene just loaded.
    fn enter_scene(&mut self) {
        self.view.view_moved = false;
        let scene = self.doc.scene();
        self.session.mode = scene.mode;
        self.session.step = scene.step;
        self.session.options.jitter = false;
        self.dialogs.warnings = scene
            .validate()
            .map(|v| v.warnings.iter().map(|w| w.to_string()).collect())
            .unwrap_or_default();
        self.view.apply_scene_view(self.doc.scene().view);
        self.modes.reset();
        self.view.interaction = Interaction::default();
        self.session.parts = None;
        let _ = self.session.recompute(self.doc.scene());
        self.clamp_step();
        if self.quiz.enter_scene(&self.session.lecture) {
            self.show_question();
        }
        // The questions about the scene left behind do not carry over to this one.
        self.dialogs.recover = None;
        self.dialogs.broken_recovery = None;
        self.dialogs.on_disk = None;
        self.dialogs.after_save = None;
        self.offer_recovery();
    }

    /// Where this scene's unsaved edits are kept if the app is killed or crashes.
    ///
    /// A scene opened from text (pasted, dropped in the browser, a link) has no file, and its
    /// name (`pasted.ron`) is shared by every such text: its recovery file is named after the
    /// text's scene too, so one pasted scene is never offered another's edits.
    pub fn recovery_path(&self) -> std::path::PathBuf {
        let lecture = &self.session.lecture;
        let from_text =
            self.doc.path().is_none() && lecture.folder.is_none() && lecture.scenes.len() == 1;
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
    fn offer_recovery(&mut self) {
        let path = self.recovery_path();
        if let Err(e) = recovery::check_folder(&path) {
            self.show_error(
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
            recovery::Offer::Unusable(why) => self.show_error(unusable(why), 0.0),
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
            self.show_info(format!("deleted {}", path.display()), now);
        } else {
            self.show_info(
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
            self.show_error(
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
            self.recompute(now);
            self.show_info("restored the recovered edits — Ctrl+Z undoes it", now);
        }
    }

    /// The current mode, read-only.
    pub fn mode(&self) -> &dyn Mode {
        self.modes.get(self.session.mode)
    }

    /// How many steps the current mode's trace has.
    pub fn step_count(&self) -> usize {
        self.mode().step_count(&self.session.pair)
    }

    /// The shown mode sees the scene as it is now (a mode that runs on the whole scene,
    /// Simulate, rebuilds its lab only when shown: a drag in another mode costs it nothing),
    /// then the step is kept inside that mode's trace. Every change of scene, mode or step
    /// ends here.
    pub fn clamp_step(&mut self) {
        self.modes
            .get_mut(self.session.mode)
            .set_scene(self.doc.scene());
        let count = self.step_count();
        self.session.clamp_step(count);
    }

    /// Recomputes the pair from the document; an invalid scene keeps the last good pair and
    /// says why in the banner.
    fn recompute(&mut self, now: f64) {
        if let Err(e) = self.session.recompute(self.doc.scene()) {
            self.show_error(e, now);
        }
        self.clamp_step();
        self.quiz.fit_draft(&self.session.pair);
    }

    /// Switches mode; a new mode starts at its first step, in the scene's own view.
    pub fn set_mode(&mut self, m: ModeKind) {
        if self.session.mode != m {
            self.session.mode = m;
            self.session.step = 0;
            self.clamp_step();
            self.view.apply_scene_view(self.doc.scene().view);
        }
    }

    /// The bodies for the input logic.
    pub fn body_views(&self) -> [BodyView<'_>; 2] {
        let scene = self.doc.scene();
        let shapes = self.session.pair.shapes();
        let bodies = self.session.pair.pair.bodies.as_ref();
        let shown = self.session.pair.shown_parts();
        let view = |b: &'_ scene::Body, i: usize| BodyView {
            shape: shapes[i],
            parts: bodies.map_or(&[][..], |bs| &bs.parts[i][..]),
            shown: shown[i],
            pose: Pose {
                position: b.position,
                angle_deg: b.angle_deg,
            },
            has_vertices: matches!(
                shown_spec(b, shown[i]),
                Some(
                    ShapeSpec::Polygon { .. }
                        | ShapeSpec::Box { .. }
                        | ShapeSpec::RegularPolygon { .. }
                        | ShapeSpec::Chain { .. }
                )
            ),
        };
        [view(&scene.a, 0), view(&scene.b, 1)]
    }

    /// Shows part pair `parts` in every mode (None: the deepest pair, the library's choice).
    pub fn pick_parts(&mut self, parts: Option<[usize; 2]>, now: f64) {
        if parts != self.session.parts {
            self.session.parts = parts;
            self.recompute(now);
        }
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
                self.show_error(format!("point {k} can't go there: {why}"), now);
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
                self.show_error(
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
                self.show_error(
                    format!("vertex {index} can't go there: {why} — the polygon must stay convex"),
                    now,
                )
            }
        }
    }

    /// Shows an error banner.
    pub fn show_error(&mut self, text: impl Into<String>, now: f64) {
        self.dialogs.banner = Some(Banner {
            text: text.into(),
            error: true,
            since: now,
        });
    }

    /// Shows an information banner.
    pub fn show_info(&mut self, text: impl Into<String>, now: f64) {
        self.dialogs.banner = Some(Banner {
            text: text.into(),
            error: false,
            since: now,
        });
    }

    /// Frames everything the mode draws, in every view (F): at the next frame.
    pub fn frame_all(&mut self) {
        self.view.view_moved = true;
        self.view.frame_pending = true;
        self.view.fit[1] = Some(framing::Fit::Frame);
    }

    /// Frames both bodies in the camera (their outlines only: a first guess that framing
    /// corrects from what the mode draws).
    pub fn frame_bodies(&mut self) {
        let mut min = Vec2::splat(f32::INFINITY);
        let mut max = Vec2::splat(f32::NEG_INFINITY);
        let pair = &self.session.pair;
        for (s, xf) in pair.shapes().iter().zip(pair.xfs()) {
            for v in s.vertices() {
                let p = xf.apply(*v);
                min = min.min(p - Vec2::splat(s.radius()));
                max = max.max(p + Vec2::splat(s.radius()));
            }
        }
        if min.is_finite() && max.is_finite() {
            self.view.cam.frame(min, max, 0.15);
        }
    }

    /// A world-space body centre: its centroid, the point it turns about (for a compound, the
    /// mean of its parts' centroids).
    pub fn body_centre(&self, i: usize) -> Vec2 {
        let views = self.body_views();
        let v = &views[i.min(1)];
        v.pose.transform().apply(v.centroid())
    }

    /// Lays the canvas out in the area the panels left, in window pixels.
    fn layout(&mut self, ctx: &egui::Context) {
        let ppp = web::window_pixels_per_point(ctx);
        let r = ctx.available_rect();
        // The next frame reads its canvas input against this (before its panels are drawn).
        self.view.canvas = Some(r);
        let min = Vec2::new(r.min.x, r.min.y) * ppp;
        let size = Vec2::new(r.width(), r.height()) * ppp;
        let split = self.mode().split();
        self.view.cam.viewport_min = min;
        self.view.cam.viewport_size = Vec2::new(size.x * (1.0 - split), size.y);
        let world = self.view.cam;
        self.modes.get_mut(self.session.mode).layout(&world);
        // A new layout (a mode with a second view, the window, the presenter scale): keep the
        // picture in view.
        let viewport = (self.view.cam.viewport_min, self.view.cam.viewport_size);
        if let Some((_, was)) = self.view.last_viewport.filter(|v| *v != viewport) {
            self.view.keep_in_view_resized(was);
        }
        self.view.last_viewport = Some(viewport);
        if self.view.frame_pending {
            // A first guess from the outlines; framing then fits what the mode draws.
            self.frame_bodies();
        }
    }

    /// One frame's egui work: canvas input, recompute, panels and their commands, canvas
    /// drawing. `input` is the frame's pointer state; `keys` are key events egui's backend does
    /// not report (F1, F12, the keypad), handled like egui's own.
    pub fn frame(&mut self, ctx: &egui::Context, now: f64, mut input: Input, keys: &[egui::Event]) {
        // 0. Jitter turns B every frame: recomputed before anything shows the pair, so the
        // panels and the canvas describe the same pose.
        if self.session.options.jitter {
            self.recompute(now);
        }
        ctx.set_zoom_factor(web::egui_zoom(ctx, self.shell.ui_scale));
        // The theme and palette: every colour of this frame is read from them, egui's too.
        draw::colors::set_look(self.shell.look);
        let visuals = draw::colors::visuals(self.shell.look);
        if ctx.style().visuals != visuals {
            ctx.set_visuals(visuals);
        }
        // Whether a text field or a question has the keys is read before anything this frame:
        // the Enter that ends a field's typing is the field's, not a command.
        let keys_taken =
            ctx.wants_keyboard_input() || self.asking().is_some() || self.dialogs.save_as.is_some();

        // 1. Canvas input, before the panels are drawn: a gesture's commands are carried out
        // (and the pair recomputed) first, so the panels and the canvas show the same pair in
        // the same frame. Whether the pointer is over a panel is read from the last frame's
        // layout (the panels have not taken their room yet in this one).
        input.over_ui = input.over_ui || self.pointer_over_ui(ctx);
        self.canvas_input(input, now);
        // The mode records the pair as the panels are about to show it (the manifold mode's id
        // history): its strip and count show this frame's ids, not the last frame's.
        self.modes
            .get_mut(self.session.mode)
            .observe(&self.session.pair);

        // 2. The panels, from the pair as it is now; then the keys (unless a text field has
        // them or a question waits for its answer: its dialog reads its own keys); then every
        // command, in order.
        let mut commands = self.ui(ctx);
        if !keys_taken
            && !ctx.wants_keyboard_input()
            && self.asking().is_none()
            && self.dialogs.save_as.is_none()
        {
            commands.extend(ctx.input(|i| command::key_commands(&i.events)));
            commands.extend(command::key_commands(keys));
        }
        for c in commands {
            self.apply(c, now);
        }
        // A panel edit (a drag value, a slider) ends when egui lets go of the pointer.
        if !ctx.is_using_pointer() {
            self.doc.end(EditSource::Panel);
        }
        // The canvas takes the room the panels left (for the mode the commands chose).
        self.layout(ctx);

        // 3. Per-frame bookkeeping: the banner's timeout.
        if self
            .dialogs
            .banner
            .as_ref()
            .is_some_and(|b| !b.error && now - b.since > 4.0)
        {
            self.dialogs.banner = None;
        }

        // 4. The world: fitted to the views first where that was asked for, then drawn.
        self.fit_views(ctx);
        self.probe.drawn = self.draw_world(ctx, false);
    }

    /// Whether egui has the pointer, read before this frame's panels: over a window or a
    /// menu (egui's areas, as they were at the last frame), over a panel (outside the canvas
    /// the panels left at the last layout; none yet before the first), or dragging a widget.
    /// The same test as egui's `is_pointer_over_area` after the panels, one layout earlier.
    fn pointer_over_ui(&self, ctx: &egui::Context) -> bool {
        let over_area = ctx
            .input(|i| i.pointer.interact_pos())
            .and_then(|p| Some((p, ctx.layer_id_at(p)?)))
            .is_some_and(|(p, layer)| {
                layer.order != egui::Order::Background
                    || !self.view.canvas.is_some_and(|r| r.contains(p))
            });
        over_area || ctx.is_using_pointer()
    }

    /// The canvas's input for this frame: a quiz target, the mode's own view, then the shape
    /// gestures (none on an error slide: its shapes are not shown), each turned into commands
    /// and carried out; then a playing mode moves on with the clock.
    fn canvas_input(&mut self, mut input: Input, now: f64) {
        if self.dialogs.slide_error.is_some() {
            input = Input {
                over_ui: true,
                ..input
            };
        }
        // A click on a quiz target answers; no gesture starts from it.
        let minkowski = self.modes.get(ModeKind::Gjk).second_view();
        let click = quiz::click(
            &self.quiz,
            self.doc.scene(),
            &self.session.pair,
            &input,
            &self.view.cam,
            minkowski,
        );
        if let Some(c) = click {
            self.apply(c, now);
            input.over_ui = true;
        }
        let mode = self.modes.get_mut(self.session.mode);
        let mode_used = mode.handle_input(&input, &self.view.cam, &self.session.pair);
        if !mode_used || self.view.interaction.gesture != input::Gesture::Idle {
            let views = self.body_views();
            let mut interaction = self.view.interaction;
            let mut cam = self.view.cam;
            let gestures = interaction.update(&input, &mut cam, &views, self.view.vertex_edit);
            self.view.interaction = interaction;
            // A pan or a zoom by hand: a save then keeps this view.
            self.view.view_moved |=
                (cam.center, cam.zoom) != (self.view.cam.center, self.view.cam.zoom);
            self.view.cam = cam;
            for c in gestures {
                // A figure's locked body (`&lock=`) stays where it is.
                if self
                    .shell
                    .locks
                    .as_ref()
                    .is_none_or(|l| l.allows_gesture(&c))
                {
                    self.apply(c, now);
                }
            }
        }
        // A click the mode turned into a command (a Simulate contact opened in the manifold
        // mode).
        let mode = self.modes.get_mut(self.session.mode);
        if let Some(c) = mode.player().and_then(|p| p.take_command()) {
            self.apply(c, now);
        }
        // A mode that plays moves its step on with the clock.
        self.advance_mode(now);
    }

    /// Moves a playing mode on to the clock `now` (seconds), and has it follow the step.
    pub fn advance_mode(&mut self, now: f64) {
        let Some(player) = self.modes.get_mut(self.session.mode).player() else {
            return;
        };
        let was = player.computing();
        player.advance(&mut self.session.step, now);
        // A long seek carried over frames reached its step: keep that picture in view, as a
        // step reached at once is.
        if was && !player.computing() {
            self.view.keep_in_view();
        }
    }

    /// The `--print-state` JSON line.
    pub fn state_json(&self) -> String {
        let screen = |i: usize| {
            let s = self.view.cam.to_screen(self.body_centre(i));
            serde_json::json!([s.x, s.y])
        };
        let scene = serde_json::to_value(self.doc.scene()).unwrap_or(serde_json::Value::Null);
        let timings = &self.probe.stats.timings;
        let dragging = || timings.iter().filter(|t| t.dragging);
        let pair = &self.session.pair;
        let mut state = serde_json::json!({
            "scene": scene,
            "mode": self.session.mode.name(),
            "step": self.session.step,
            "zoom": self.view.cam.zoom,
            "screen": { "a": screen(0), "b": screen(1) },
            "ui_scale": self.shell.ui_scale,
            "device_pixel_ratio": web::device_pixel_ratio(),
            "theme": self.shell.look.theme.name(),
            "palette": self.shell.look.palette.name(),
            "embed": self.shell.embed,
            "views": self.probe.drawn.views.iter().map(|v| serde_json::json!({
                "name": v.name,
                "rect": v.rect,
                "content": v.content,
            })).collect::<Vec<_>>(),
            "marks": self.probe.drawn.marks.iter().map(|m| match m.shape {
                crate::app::draw::MarkShape::Point(r) => serde_json::json!({"kind": m.kind, "rect": r}),
                crate::app::draw::MarkShape::Line(l, w) => serde_json::json!({"kind": m.kind, "segment": l, "width": w}),
            }).collect::<Vec<_>>(),
            "panels": self.probe.panels.iter().map(|(name, rect)| (name.to_string(), serde_json::json!(rect))).collect::<serde_json::Map<_, _>>(),
            "labels": self.probe.drawn.labels.iter().map(|l| serde_json::json!({
                "text": l.text,
                "rect": l.rect,
            })).collect::<Vec<_>>(),
            "modified": self.doc.modified(),
            "undo": self.doc.undo_len(),
            "overlap": pair.query.overlap,
            "separation": pair.query.separation,
            "points": pair.manifold.len(),
            "selected_parts": self.session.pair.shown_parts(),
            "parts_chosen": self.session.parts.is_some(),
            "manifolds": pair.whole.manifolds.iter().map(|m| serde_json::json!({
                "parts": m.parts,
                "ids": m.manifold.points().map(|p| m.id(p)).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "frame_ms": stats(timings.iter().map(|t| t.interval_ms)),
            "work_ms": stats(timings.iter().map(|t| t.work_ms)),
            "drag_frame_ms": stats(dragging().map(|t| t.interval_ms)),
            "drag_work_ms": stats(dragging().map(|t| t.work_ms)),
            "peak_memory_kb": peak_memory_kb(),
            "asking": self.asking(),
            "scene_index": self.session.index,
            "step_text": self.probe.shown_step_text,
            "slide_error": self.dialogs.slide_error,
            "quiz": quiz::state_json(
                &self.quiz,
                self.doc.scene(),
                &self.session.pair,
                quiz::total_questions(&self.session.lecture),
                &self.view.cam,
                self.modes.get(ModeKind::Gjk).second_view(),
            ),
            "banner": self.dialogs.banner.as_ref().map(|b| serde_json::json!({
                "text": b.text,
                "error": b.error,
            })),
        });
        // Each mode's own fields (the manifold's `id_changes`), whichever mode is shown.
        if let serde_json::Value::Object(fields) = &mut state {
            for mode in self.modes.iter() {
                let shown = (mode.kind() == self.session.mode).then_some(&self.view.cam);
                mode.probe(fields, shown);
            }
        }
        state.to_string()
    }
}

impl App {
    /// The question the app is waiting on, for `--print-state`: `"recover"` (edits recovered),
    /// `"broken-recovery"` (a recovery file that is not a scene), `"reload"` (the file changed
    /// on disk), `"unsaved"` (leaving a modified scene), or null.
    pub fn asking(&self) -> Option<&'static str> {
        if self.dialogs.recover.is_some() {
            Some("recover")
        } else if self.dialogs.broken_recovery.is_some() {
            Some("broken-recovery")
        } else if self.dialogs.on_disk.is_some() {
            Some("reload")
        } else if self.dialogs.confirm.is_some() {
            Some("unsaved")
        } else {
            None
        }
    }
}

/// The process's peak resident memory so far (kB, Linux's `VmHWM`), for `--print-state`;
/// `None` where it cannot be read.
fn peak_memory_kb() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// The scene's shape of a body's shown part: the body's shape, or a compound's part `part`.
fn shown_spec(body: &scene::Body, part: usize) -> Option<&ShapeSpec> {
    match &body.shape {
        ShapeSpec::Compound { parts } => parts.get(part).map(|p| &p.shape),
        single => Some(single),
    }
}

pub(crate) fn body_mut(scene: &mut Scene, b: Which) -> &mut scene::Body {
    match b {
        Which::A => &mut scene.a,
        Which::B => &mut scene.b,
    }
}

/// Commands can be fed without a window; so can whole frames, on a headless egui context.
pub fn new_context() -> egui::Context {
    let ctx = egui::Context::default();
    configure(&ctx);
    ctx
}

/// The input of a headless frame in a window of `width` × `height` points (feed it to
/// [`egui::Context::run`] with [`App::frame`] inside).
pub fn screen_input(width: f32, height: f32) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width, height),
        )),
        ..Default::default()
    }
}

/// The app's egui settings: dark, slightly larger text, and no egui zoom keys (Ctrl + and
/// Ctrl − are the app's presenter scale, read as commands).
pub fn configure(ctx: &egui::Context) {
    ctx.set_visuals(egui::Visuals::dark());
    ctx.style_mut(|s| {
        s.text_styles.iter_mut().for_each(|(_, f)| f.size *= 1.1);
    });
    ctx.options_mut(|o| o.zoom_with_keyboard = false);
}
