//! The views: the world camera, the canvas gesture in progress, and how each view is to be
//! fitted to its picture at the next frame (the camera of a mode's second view is the mode's).

use super::camera::Camera;
use super::input::{BodyView, Interaction};
use super::pair::Traced;
use crate::scene::{self, Scene, ShapeSpec};
use glam::Vec2;

/// How a view is fitted to its figure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fit {
    /// Fill the view with the figure (F, a scene without a view, a new Minkowski pane).
    Frame,
    /// Move or zoom out only as far as needed to bring the figure inside the view.
    KeepInView,
    /// As `KeepInView`, after the view was resized from this size (window pixels): a figure
    /// that was in proportion to the old view is not one zoomed into on purpose, however much
    /// smaller the view became (a mode that splits the canvas in a phone-sized window).
    Resized(Vec2),
}

/// The world camera and the canvas state around it.
#[derive(Clone, Debug, Default)]
pub struct Views {
    /// The world camera.
    pub cam: Camera,
    /// The second view's camera, for a mode that has one (its `About::split` > 0: the GJK
    /// mode's Minkowski pane). The app lays it out right of the world view and framing fits
    /// it; the mode pans and zooms it.
    pub second: Camera,
    /// Canvas interaction.
    pub interaction: Interaction,
    /// Vertex-edit mode.
    pub vertex_edit: bool,
    /// Frame the world view at the next frame (the scene has no view, or F).
    pub frame_pending: bool,
    /// How each view (world, second) is to be fitted to its picture at the next frame.
    pub fit: [Option<Fit>; 2],
    /// The canvas (the room the panels left, in points) at the last layout: the next frame
    /// reads whether the pointer is over a panel from it, before its panels are drawn.
    pub canvas: Option<egui::Rect>,
    /// The world view's rectangle at the last layout (a change keeps the picture in view).
    pub last_viewport: Option<(Vec2, Vec2)>,
    /// The user panned, zoomed or framed since the scene opened: a save writes the camera as
    /// the scene's view. (Otherwise the file's view is kept: framing's own adjustments are not
    /// the lecturer's choice, and must not show up as changed numbers in the file.)
    pub view_moved: bool,
    /// A figure's zoom (`&zoom=`, pixels per unit): the world view takes it whenever it is
    /// fitted to its picture (opened, a new mode, Reset), about the centre the fit chose.
    pub zoom_lock: Option<f32>,
}

impl Views {
    /// A scene was just loaded: its own view (or a frame of it), no gesture under way, and a
    /// camera the user has not moved yet.
    pub fn enter_scene(&mut self, scene: &Scene, mode: scene::Mode) {
        self.view_moved = false;
        self.show_scene(scene, mode);
        self.interaction = Interaction::default();
    }

    /// A reload keeps the camera the user had, unless the scene sets its own view.
    pub fn keep_camera(&mut self, authored: Option<scene::View>, camera: (Vec2, f32)) {
        if authored.is_none() {
            (self.cam.center, self.cam.zoom) = camera;
            self.frame_pending = false;
        }
    }

    /// Lays the canvas out in the area the panels left, in window pixels: the world view, and
    /// right of it the second view of a mode that takes a `split` of the width.
    pub fn layout(&mut self, ctx: &egui::Context, split: f32, pair: &Traced) {
        let ppp = super::web::window_pixels_per_point(ctx);
        let r = ctx.available_rect();
        // The next frame reads its canvas input against this (before its panels are drawn).
        self.canvas = Some(r);
        let min = Vec2::new(r.min.x, r.min.y) * ppp;
        let size = Vec2::new(r.width(), r.height()) * ppp;
        self.cam.viewport_min = min;
        self.cam.viewport_size = Vec2::new(size.x * (1.0 - split), size.y);
        // The second view (a mode's `split`) sits right of the world view, the same size.
        self.second.viewport_min = Vec2::new(min.x + self.cam.viewport_size.x, min.y);
        self.second.viewport_size = self.cam.viewport_size;
        // A new layout (a mode with a second view, the window, the presenter scale): keep the
        // picture in view.
        let viewport = (self.cam.viewport_min, self.cam.viewport_size);
        if let Some((_, was)) = self.last_viewport.filter(|v| *v != viewport) {
            self.keep_in_view_resized(was);
        }
        self.last_viewport = Some(viewport);
        if self.frame_pending {
            // A first guess from the outlines; framing then fits what the mode draws.
            self.frame_outlines(pair);
        }
    }

    /// Whether egui has the pointer, read before this frame's panels: over a window or a
    /// menu (egui's areas, as they were at the last frame), over a panel (outside the canvas
    /// the panels left at the last layout; none yet before the first), or dragging a widget.
    /// The same test as egui's `is_pointer_over_area` after the panels, one layout earlier.
    pub fn pointer_over_ui(&self, ctx: &egui::Context) -> bool {
        let over_area = ctx
            .input(|i| i.pointer.interact_pos())
            .and_then(|p| Some((p, ctx.layer_id_at(p)?)))
            .is_some_and(|(p, layer)| {
                layer.order != egui::Order::Background
                    || !self.canvas.is_some_and(|r| r.contains(p))
            });
        over_area || ctx.is_using_pointer()
    }
}

/// The bodies of `scene` as the gestures see them, from its traced `pair`.
pub fn body_views<'a>(scene: &'a Scene, pair: &'a Traced) -> [BodyView<'a>; 2] {
    let shapes = pair.shapes();
    let bodies = pair.pair.bodies.as_ref();
    let shown = pair.shown_parts();
    let view = |b: &'_ scene::Body, i: usize| BodyView {
        shape: shapes[i],
        parts: bodies.map_or(&[][..], |bs| &bs.parts[i][..]),
        shown: shown[i],
        pose: b.pose(),
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

/// The scene's shape of a body's shown part: the body's shape, or a compound's part `part`.
fn shown_spec(body: &scene::Body, part: usize) -> Option<&ShapeSpec> {
    match &body.shape {
        ShapeSpec::Compound { parts } => parts.get(part).map(|p| &p.shape),
        single => Some(single),
    }
}
