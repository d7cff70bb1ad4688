//! The app's state and everything it does that is not drawing: scenes, edits, undo, files.

use super::camera::Camera;
use super::input::{Body, BodyView, Edit, Interaction, Pose};
use super::modes::gjk_epa::GjkMode;
use super::modes::manifold::ManifoldMode;
use super::modes::sat::SatMode;
use super::modes::{Mode, ModeKind, PairOptions};
use super::pair::Pair;
use crate::geom::{ManifoldOptions, SatOptions, Shape, Transform};
use crate::scene::{self, Lecture, Scene, ShapeSpec};
use glam::Vec2;
use std::path::PathBuf;

/// What the app was started with (the command line's app flags).
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// A scene file or a lecture folder (None: the built-in lecture).
    pub path: Option<PathBuf>,
    /// The mode to open in (overrides the scene's).
    pub mode: Option<ModeKind>,
    /// The step to open at (clamped to the last step).
    pub step: Option<usize>,
    /// Exit after this many frames.
    pub frames: Option<u64>,
    /// Exit after this many seconds.
    pub seconds: Option<f64>,
    /// Write a screenshot here at exit.
    pub screenshot: Option<PathBuf>,
    /// Print the state JSON at exit.
    pub print_state: bool,
}

/// A message across the top of the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    /// The text.
    pub text: String,
    /// An error (red) or information (green).
    pub error: bool,
    /// When it was shown (seconds), so information can fade.
    pub since: f64,
}

/// Something that would leave a modified scene, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Leave {
    /// Go to scene `index` of the lecture.
    Scene(usize),
    /// Open a file or folder.
    Open(PathBuf),
    /// Close the window.
    Quit,
}

/// The whole app state.
pub struct App {
    /// The lecture being walked.
    pub lecture: Lecture,
    /// Index of the current scene in the lecture.
    pub index: usize,
    /// The scene as edited.
    pub scene: Scene,
    /// The scene as last loaded or saved (to tell whether it is modified).
    pub saved: Scene,
    /// The scene's file (None: built-in).
    pub path: Option<PathBuf>,
    /// The file's modification time when last read or written.
    pub file_stamp: Option<std::time::SystemTime>,
    /// Loader warnings for the current scene.
    pub warnings: Vec<String>,
    /// The banner, if any.
    pub banner: Option<Banner>,
    undo: Vec<Scene>,
    redo: Vec<Scene>,
    gesture_start: Option<Scene>,
    panel_edit_start: Option<Scene>,
    /// The world camera.
    pub cam: Camera,
    /// Canvas interaction.
    pub interaction: Interaction,
    /// Vertex-edit mode.
    pub vertex_edit: bool,
    /// The mode shown.
    pub mode: ModeKind,
    /// SAT mode.
    pub sat: SatMode,
    /// GJK/EPA mode.
    pub gjk: GjkMode,
    /// Manifold mode.
    pub manifold: ManifoldMode,
    /// The step of the current mode.
    pub step: usize,
    /// Options the modes change.
    pub options: PairOptions,
    /// The pair and its traces (last good).
    pub pair: Pair,
    /// Help overlay shown.
    pub show_help: bool,
    /// The open dialog is shown.
    pub show_open: bool,
    /// The save-as name being typed, when that dialog is open.
    pub save_as: Option<String>,
    /// A pending leave that waits for "discard changes?".
    pub confirm: Option<Leave>,
    /// UI scale (egui zoom factor).
    pub ui_scale: f32,
    /// Frame time in milliseconds (smoothed).
    pub frame_ms: f32,
    /// Per frame after warm-up: how long it took.
    pub timings: Vec<FrameTiming>,
    /// The next jitter sign.
    jitter_sign: f32,
    /// Frame the camera on the bodies at the next layout (the scene has no view).
    pub frame_pending: bool,
    /// A screenshot was asked for (F12).
    pub screenshot_pending: bool,
    /// The canvas split of the last frame (a change reframes the world view).
    pub last_split: f32,
    /// The user chose to close the window.
    pub quit: bool,
}

/// How long one frame took, for `--print-state`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameTiming {
    /// Milliseconds since the previous frame began.
    pub interval_ms: f32,
    /// Milliseconds of our own work in this frame (UI, input, traces, tessellation, draw calls).
    pub work_ms: f32,
    /// A shape was being dragged (moved, turned or vertex-edited) during the frame.
    pub dragging: bool,
}

/// Mean, 95th percentile and maximum of some milliseconds (null when there are none).
fn stats(values: impl Iterator<Item = f32>) -> serde_json::Value {
    let mut v: Vec<f32> = values.filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return serde_json::Value::Null;
    }
    v.sort_by(f32::total_cmp);
    let mean = v.iter().sum::<f32>() / v.len() as f32;
    let p95 = v[(v.len() * 95 / 100).min(v.len() - 1)];
    serde_json::json!({ "frames": v.len(), "mean": mean, "p95": p95, "max": v[v.len() - 1] })
}

/// Reads a scene for the app: the loaded scene or an error message.
fn scene_of(l: &crate::scene::LectureScene) -> Result<Scene, String> {
    l.scene
        .as_ref()
        .map(|s| s.scene.clone())
        .map_err(|e| e.to_string())
}

impl App {
    /// Opens the lecture (or file) of `options`.
    pub fn new(options: &AppOptions) -> Result<App, String> {
        let (lecture, index) = match &options.path {
            Some(p) => Lecture::open(p).map_err(|e| e.to_string())?,
            None => (Lecture::builtin(), 0),
        };
        let first = lecture
            .scenes
            .get(index)
            .ok_or_else(|| "the lecture has no scenes".to_string())?;
        let scene = scene_of(first)?;
        let path = first.path.clone();
        let validated = scene.validate().map_err(|e| e.to_string())?;
        let shapes = [validated.pair.a, validated.pair.b];
        let xfs = [validated.pair.xf_a, validated.pair.xf_b];
        let pair = Pair::compute(
            shapes,
            xfs,
            SatOptions::default(),
            ManifoldOptions::default(),
        );
        let mut app = App {
            lecture,
            index,
            saved: scene.clone(),
            scene,
            path,
            file_stamp: None,
            warnings: Vec::new(),
            banner: None,
            undo: Vec::new(),
            redo: Vec::new(),
            gesture_start: None,
            panel_edit_start: None,
            cam: Camera::default(),
            interaction: Interaction::default(),
            vertex_edit: false,
            mode: ModeKind::Sat,
            sat: SatMode::default(),
            gjk: GjkMode::default(),
            manifold: ManifoldMode::default(),
            step: 0,
            options: PairOptions::default(),
            pair,
            show_help: false,
            show_open: false,
            save_as: None,
            confirm: None,
            ui_scale: 1.0,
            frame_ms: 0.0,
            timings: Vec::new(),
            jitter_sign: 1.0,
            frame_pending: false,
            screenshot_pending: false,
            last_split: 0.0,
            quit: false,
        };
        app.enter_scene();
        if let Some(m) = options.mode {
            app.mode = m;
        }
        if let Some(s) = options.step {
            app.step = s;
        }
        app.clamp_step();
        Ok(app)
    }

    /// Sets up the view, mode, step and options of the scene just loaded.
    fn enter_scene(&mut self) {
        self.mode = self.scene.mode;
        self.step = self.scene.step;
        self.options.speculative_margin = self.scene.speculative_margin;
        self.options.jitter = false;
        match self.scene.view {
            Some(v) => {
                self.cam.center = v.center;
                self.cam.zoom = v.zoom;
                self.frame_pending = false;
            }
            None => self.frame_pending = true,
        }
        self.gjk.reset_view();
        self.manifold.reset();
        self.file_stamp = self
            .path
            .as_ref()
            .and_then(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        self.warnings = self
            .scene
            .validate()
            .map(|v| v.warnings.iter().map(|w| w.to_string()).collect())
            .unwrap_or_default();
        self.interaction = Interaction::default();
        let _ = self.recompute();
        self.clamp_step();
    }

    /// The current mode, mutable, beside the pair it draws (two disjoint borrows).
    pub fn mode_and_pair(&mut self) -> (&mut dyn Mode, &Pair) {
        let mode: &mut dyn Mode = match self.mode {
            ModeKind::Sat => &mut self.sat,
            ModeKind::Gjk => &mut self.gjk,
            ModeKind::Manifold => &mut self.manifold,
        };
        (mode, &self.pair)
    }

    /// The current mode, read-only.
    pub fn mode_ref(&self) -> &dyn Mode {
        match self.mode {
            ModeKind::Sat => &self.sat,
            ModeKind::Gjk => &self.gjk,
            ModeKind::Manifold => &self.manifold,
        }
    }

    /// True when the scene differs from the file.
    pub fn modified(&self) -> bool {
        self.scene != self.saved
    }

    /// Keeps the step inside the current trace.
    pub fn clamp_step(&mut self) {
        let last = self.mode_ref().step_count(&self.pair).saturating_sub(1);
        self.step = self.step.min(last);
    }

    /// The transforms used for the pair this frame (with jitter if on).
    fn transforms(&mut self, shapes_ok: &crate::scene::Validated) -> [Transform; 2] {
        let mut xf_b = shapes_ok.pair.xf_b;
        if self.options.jitter {
            let angle = xf_b.q.angle() + 0.001 * self.jitter_sign;
            self.jitter_sign = -self.jitter_sign;
            xf_b.q = crate::geom::Rot::from_angle(angle);
        }
        [shapes_ok.pair.xf_a, xf_b]
    }

    /// Recomputes every trace from the scene. On an invalid scene, keeps the last good pair and
    /// returns the error.
    pub fn recompute(&mut self) -> Result<(), String> {
        let v = self.scene.validate().map_err(|e| e.to_string())?;
        let xfs = self.transforms(&v);
        let sat_options = SatOptions {
            merge_parallel: self.options.merge_parallel,
        };
        let manifold_options = ManifoldOptions {
            speculative_margin: self.options.speculative_margin,
            hysteresis: self.options.hysteresis,
        };
        self.pair = Pair::compute([v.pair.a, v.pair.b], xfs, sat_options, manifold_options);
        self.clamp_step();
        Ok(())
    }

    /// The bodies for the input logic.
    pub fn body_views(&self) -> [BodyView<'_>; 2] {
        let pose = |b: &scene::Body| Pose {
            position: b.position,
            angle_deg: b.angle_deg,
        };
        let has_vertices = |b: &scene::Body| {
            matches!(
                b.shape,
                ShapeSpec::Polygon { .. }
                    | ShapeSpec::Box { .. }
                    | ShapeSpec::RegularPolygon { .. }
            )
        };
        [
            BodyView {
                shape: &self.pair.shapes[0],
                pose: pose(&self.scene.a),
                has_vertices: has_vertices(&self.scene.a),
            },
            BodyView {
                shape: &self.pair.shapes[1],
                pose: pose(&self.scene.b),
                has_vertices: has_vertices(&self.scene.b),
            },
        ]
    }

    fn body_mut(&mut self, b: Body) -> &mut scene::Body {
        match b {
            Body::A => &mut self.scene.a,
            Body::B => &mut self.scene.b,
        }
    }

    /// Applies the input's edits, with undo.
    pub fn apply_edits(&mut self, edits: &[Edit], now: f64) {
        for e in edits {
            match *e {
                Edit::Begin => self.gesture_start = Some(self.scene.clone()),
                Edit::Pose(b, pose) => {
                    if pose.position.is_finite()
                        && pose.angle_deg.is_finite()
                        && pose.position.abs().max_element() < 1.0e6
                    {
                        let body = self.body_mut(b);
                        body.position = pose.position;
                        body.angle_deg = pose.angle_deg;
                    }
                }
                Edit::Vertex(b, index, to) => self.move_vertex(b, index, to, now),
                Edit::End => {
                    if let Some(start) = self.gesture_start.take()
                        && start != self.scene
                    {
                        self.push_undo(start);
                    }
                }
            }
        }
        if let Err(e) = self.recompute() {
            self.show_error(e, now);
        }
    }

    /// Moves a polygon vertex, refusing a move that would break convexity (and saying so).
    fn move_vertex(&mut self, b: Body, index: usize, to: Vec2, now: f64) {
        let shape = self.pair.shapes[b.index()];
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
                let body = self.body_mut(b);
                let radius = match body.shape {
                    ShapeSpec::Box { radius, .. } | ShapeSpec::Polygon { radius, .. } => radius,
                    _ => 0.0,
                };
                body.shape = ShapeSpec::Polygon {
                    vertices: verts,
                    radius,
                };
            }
            Err(e) => self.show_error(
                format!("vertex {index} can't go there: {e} — the polygon must stay convex"),
                now,
            ),
        }
    }

    fn push_undo(&mut self, before: Scene) {
        self.undo.push(before);
        if self.undo.len() > 500 {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Records the state before a panel edit (call once per edit gesture).
    pub fn begin_panel_edit(&mut self, before: &Scene) {
        if self.panel_edit_start.is_none() {
            self.panel_edit_start = Some(before.clone());
        }
    }

    /// Ends a panel edit: pushes the undo step if the scene changed.
    pub fn end_panel_edit(&mut self) {
        if let Some(start) = self.panel_edit_start.take()
            && start != self.scene
        {
            self.push_undo(start);
        }
    }

    /// Undo (Ctrl+Z).
    pub fn undo(&mut self) {
        if let Some(prev) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.scene, prev));
            let _ = self.recompute();
        }
    }

    /// Redo (Ctrl+Shift+Z).
    pub fn redo(&mut self) {
        if let Some(next) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.scene, next));
            let _ = self.recompute();
        }
    }

    /// How many undo steps there are.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// Moves B by `d` (undoable).
    pub fn translate_b(&mut self, d: Vec2) {
        let before = self.scene.clone();
        self.scene.b.position += d;
        self.push_undo(before);
        let _ = self.recompute();
    }

    /// Shows an error banner.
    pub fn show_error(&mut self, text: impl Into<String>, now: f64) {
        self.banner = Some(Banner {
            text: text.into(),
            error: true,
            since: now,
        });
    }

    /// Shows an information banner.
    pub fn show_info(&mut self, text: impl Into<String>, now: f64) {
        self.banner = Some(Banner {
            text: text.into(),
            error: false,
            since: now,
        });
    }

    /// Goes to scene `index` of the lecture, or asks first when the scene is modified.
    pub fn go_to(&mut self, index: usize, now: f64, force: bool) {
        if index >= self.lecture.scenes.len() || (index == self.index && !force) {
            return;
        }
        if self.modified() && !force {
            self.confirm = Some(Leave::Scene(index));
            return;
        }
        let Some(l) = self.lecture.scenes.get(index) else {
            return;
        };
        match scene_of(l) {
            Ok(s) => {
                self.index = index;
                self.path = l.path.clone();
                self.scene = s.clone();
                self.saved = s;
                self.undo.clear();
                self.redo.clear();
                self.banner = None;
                self.enter_scene();
            }
            Err(e) => self.show_error(e, now),
        }
    }

    /// Opens a file or folder as the lecture, or asks first when the scene is modified.
    pub fn open(&mut self, path: PathBuf, now: f64, force: bool) {
        if self.modified() && !force {
            self.confirm = Some(Leave::Open(path));
            return;
        }
        match Lecture::open(&path) {
            Ok((lecture, index)) => {
                self.lecture = lecture;
                self.index = usize::MAX;
                self.go_to(index, now, true);
            }
            Err(e) => self.show_error(e.to_string(), now),
        }
    }

    /// Closes the window, or asks first when the scene is modified.
    pub fn request_quit(&mut self) {
        if self.modified() {
            self.confirm = Some(Leave::Quit);
        } else {
            self.quit = true;
        }
    }

    /// Opens the built-in lecture at `index`.
    pub fn open_builtin(&mut self, index: usize, now: f64) {
        if self.modified() {
            self.show_error("save or undo your changes first (Ctrl+S)", now);
            return;
        }
        self.lecture = Lecture::builtin();
        self.index = usize::MAX;
        self.go_to(index, now, true);
    }

    /// Saves to the scene's file (Ctrl+S); a built-in scene needs a name (save-as).
    pub fn save(&mut self, now: f64) {
        match self.path.clone() {
            Some(p) => self.save_to(p, now),
            None => {
                let stem = self
                    .lecture
                    .scenes
                    .get(self.index)
                    .map(|s| s.name.clone())
                    .unwrap_or_else(|| "scene.ron".into());
                self.save_as = Some(stem);
            }
        }
    }

    /// Saves atomically to `path`.
    pub fn save_to(&mut self, path: PathBuf, now: f64) {
        let mut scene = self.scene.clone();
        scene.view = Some(scene::View {
            center: self.cam.center,
            zoom: self.cam.zoom,
        });
        scene.mode = self.mode;
        scene.speculative_margin = self.options.speculative_margin;
        match scene::save(&path, &scene) {
            Ok(()) => {
                self.scene = scene.clone();
                self.saved = scene;
                self.path = Some(path.clone());
                self.file_stamp = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
                self.show_info(format!("saved {}", path.display()), now);
            }
            Err(e) => self.show_error(e.to_string(), now),
        }
    }

    /// Reloads the scene when its file changed on disk; a broken edit keeps the last good scene.
    pub fn check_reload(&mut self, now: f64) {
        let Some(path) = self.path.clone() else {
            return;
        };
        let Ok(stamp) = std::fs::metadata(&path).and_then(|m| m.modified()) else {
            return;
        };
        if Some(stamp) == self.file_stamp {
            return;
        }
        self.file_stamp = Some(stamp);
        match scene::load(&path) {
            Ok(l) => {
                let keep_view = (self.cam.center, self.cam.zoom);
                self.scene = l.scene.clone();
                self.saved = l.scene;
                if let Some(Ok(s)) = self
                    .lecture
                    .scenes
                    .get_mut(self.index)
                    .map(|slot| &mut slot.scene)
                {
                    s.scene = self.saved.clone();
                }
                let (mode, step) = (self.mode, self.step);
                self.enter_scene();
                if self.scene.view.is_none() {
                    (self.cam.center, self.cam.zoom) = keep_view;
                    self.frame_pending = false;
                }
                self.mode = mode;
                self.step = step;
                self.clamp_step();
                self.show_info(format!("reloaded {}", path.display()), now);
            }
            Err(e) => self.show_error(format!("{e} (keeping the last good scene)"), now),
        }
    }

    /// Frames both bodies in the camera.
    pub fn frame_bodies(&mut self) {
        let mut min = Vec2::splat(f32::INFINITY);
        let mut max = Vec2::splat(f32::NEG_INFINITY);
        for (s, xf) in self.pair.shapes.iter().zip(self.pair.xfs) {
            for v in s.vertices() {
                let p = xf.apply(*v);
                min = min.min(p - Vec2::splat(s.radius()));
                max = max.max(p + Vec2::splat(s.radius()));
            }
        }
        if min.is_finite() && max.is_finite() {
            self.cam.frame(min, max, 0.15);
        }
    }

    /// A world-space body centre (its centroid).
    pub fn body_centre(&self, i: usize) -> Vec2 {
        self.pair.xfs[i].apply(self.pair.shapes[i].centroid())
    }

    /// The `--print-state` JSON line.
    pub fn state_json(&self) -> String {
        let screen = |i: usize| {
            let s = self.cam.to_screen(self.body_centre(i));
            serde_json::json!([s.x, s.y])
        };
        let scene = serde_json::to_value(&self.scene).unwrap_or(serde_json::Value::Null);
        let dragging = || self.timings.iter().filter(|t| t.dragging);
        serde_json::json!({
            "scene": scene,
            "mode": self.mode.name(),
            "step": self.step,
            "zoom": self.cam.zoom,
            "screen": { "a": screen(0), "b": screen(1) },
            "modified": self.modified(),
            "undo": self.undo.len(),
            "overlap": self.pair.query.overlap,
            "separation": self.pair.query.separation,
            "points": self.pair.manifold.len(),
            "id_changes": self.manifold.churn,
            "frame_ms": stats(self.timings.iter().map(|t| t.interval_ms)),
            "work_ms": stats(self.timings.iter().map(|t| t.work_ms)),
            "drag_frame_ms": stats(dragging().map(|t| t.interval_ms)),
            "drag_work_ms": stats(dragging().map(|t| t.work_ms)),
        })
        .to_string()
    }

    /// The shapes in the pair (last good).
    pub fn shapes(&self) -> &[Shape; 2] {
        &self.pair.shapes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::{Body, Edit, Pose};

    fn app() -> App {
        App::new(&AppOptions::default()).expect("the built-in lecture opens")
    }

    #[test]
    fn undo_and_redo_restore_exactly() {
        let mut app = app();
        let original = app.scene.clone();
        let moved = Pose {
            position: Vec2::new(1.25, 3.5),
            angle_deg: 33.0,
        };
        app.apply_edits(&[Edit::Begin, Edit::Pose(Body::B, moved), Edit::End], 0.0);
        let edited = app.scene.clone();
        assert_eq!(edited.b.position, moved.position);
        assert!(app.modified());
        app.undo();
        assert_eq!(app.scene, original);
        assert!(!app.modified());
        app.redo();
        assert_eq!(app.scene, edited);
        // The pair follows the scene.
        assert_eq!(app.pair.xfs[1].p, moved.position);
    }

    #[test]
    fn a_gesture_is_one_undo_step() {
        let mut app = app();
        let mut edits = vec![Edit::Begin];
        for k in 0..20 {
            edits.push(Edit::Pose(
                Body::A,
                Pose {
                    position: Vec2::new(k as f32 * 0.1, 0.0),
                    angle_deg: 0.0,
                },
            ));
        }
        edits.push(Edit::End);
        app.apply_edits(&edits, 0.0);
        assert_eq!(app.undo_len(), 1);
    }

    #[test]
    fn vertex_edit_refuses_a_concave_move_and_says_so() {
        let mut app = app();
        // Scene 1's B is a 2×1 box: dragging its top-right corner (vertex 2) to the centre would
        // make it concave.
        let before = app.scene.clone();
        app.apply_edits(
            &[
                Edit::Begin,
                Edit::Vertex(Body::B, 2, Vec2::new(0.0, -0.2)),
                Edit::End,
            ],
            0.0,
        );
        assert_eq!(app.scene, before, "the shape must not change");
        let banner = app.banner.clone().expect("an explanation");
        assert!(banner.error && banner.text.contains("convex"), "{banner:?}");
        // Onto the line between its neighbours: the vertex would vanish, so that is refused too.
        app.apply_edits(
            &[
                Edit::Begin,
                Edit::Vertex(Body::B, 2, Vec2::new(0.0, 0.0)),
                Edit::End,
            ],
            0.0,
        );
        assert_eq!(app.scene, before);
        assert_eq!(app.undo_len(), 0);
        // A move that keeps it convex is taken, and the box becomes a polygon.
        app.apply_edits(
            &[
                Edit::Begin,
                Edit::Vertex(Body::B, 2, Vec2::new(1.5, 0.9)),
                Edit::End,
            ],
            0.0,
        );
        match &app.scene.b.shape {
            crate::scene::ShapeSpec::Polygon { vertices, .. } => {
                assert_eq!(vertices[2], Vec2::new(1.5, 0.9))
            }
            other => panic!("expected a polygon, got {other:?}"),
        }
        assert_eq!(app.undo_len(), 1);
    }

    #[test]
    fn steps_are_clamped_when_the_trace_shrinks() {
        let mut app = app();
        app.set_mode(ModeKind::Gjk);
        app.step = 1000;
        app.clamp_step();
        assert_eq!(app.step, app.mode_ref().step_count(&app.pair) - 1);
    }

    #[test]
    fn resolve_moves_b_out_by_the_sat_mtv() {
        let mut app = app();
        assert!(app.pair.sat.overlap());
        let d = app.pair.sat.normal * -app.pair.sat.separation;
        app.translate_b(d);
        assert!(
            !app.pair.query.overlap,
            "after resolving, the shapes touch at most"
        );
        assert!(app.pair.query.separation.abs() < 1e-5);
        app.undo();
        assert!(app.pair.query.overlap);
    }

    #[test]
    fn closing_asks_first_only_when_modified() {
        let mut app = app();
        app.request_quit();
        assert!(app.quit && app.confirm.is_none());
        let mut app = self::app();
        app.translate_b(Vec2::new(0.5, 0.0));
        app.request_quit();
        assert!(!app.quit);
        assert_eq!(app.confirm, Some(Leave::Quit));
    }

    #[test]
    fn print_state_has_the_documented_fields() {
        let app = app();
        let v: serde_json::Value = serde_json::from_str(&app.state_json()).expect("json");
        for key in ["scene", "mode", "step", "zoom", "screen"] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        assert!(v["screen"]["a"][0].is_number() && v["screen"]["b"][1].is_number());
        assert!(v["scene"]["b"]["position"].is_array());
    }
}
