//! The canvas painter with its camera, its views and the labels it queues.

use super::record::{Drawn, Look, MarkShape, Pending, Recorder, ViewRecord};
use super::{colors, priority};
use crate::app::camera::Camera;
use crate::app::visible::Visible;
use egui::{Color32, FontId, Painter, Pos2, Rect, Stroke};
use glam::{DVec2, Vec2};
use std::cell::RefCell;
use std::rc::Rc;

/// How far (egui points) beyond the view lines and fills are kept: more than half the widest
/// stroke, so that the edges a clip makes are never seen.
const CLIP_MARGIN: f64 = 24.0;
/// Dash and gap of dashed lines, in pixels.
pub(super) const DASH: (f32, f32) = (7.0, 5.0);

/// The canvas painter with its camera: the only way anything is drawn on the canvas.
///
/// Sizes given to it (line widths, radii, label offsets) are in egui points, so they grow with
/// the presenter scale and the screen's density; world lengths go through [`Canvas::span`].
/// Everything drawn is recorded: each view's figure bounds, and the labels, which wait for the
/// placement pass in [`Canvas::finish`].
#[derive(Clone)]
pub struct Canvas<'a> {
    pub(super) painter: Painter,
    pub(super) cam: &'a Camera,
    /// The camera of the mode's second view (the GJK mode's Minkowski pane), when it has one.
    pub(super) second: Option<&'a Camera>,
    pub(super) ppp: f32,
    pub(super) origin: Vec2,
    pub(super) rec: Rc<RefCell<Recorder>>,
    pub(super) view: usize,
    /// Drawn as background (the grid): not part of the view's figure.
    pub(super) background: bool,
    /// Text size of canvas labels, in points.
    pub font: f32,
}

impl<'a> Canvas<'a> {
    /// A canvas on egui's background layer over `cam`'s viewport (clipped to it and cleared);
    /// `ppp` is egui's pixels per point. A `dry` canvas records but paints nothing (framing
    /// measures a frame with it).
    pub fn new(ctx: &egui::Context, cam: &'a Camera, ppp: f32, dry: bool) -> Canvas<'a> {
        let ppp = ppp.max(0.1);
        let mut painter = ctx.layer_painter(egui::LayerId::background());
        if dry {
            painter.set_invisible();
        }
        let rec = Rc::new(RefCell::new(Recorder {
            painter: painter.clone(),
            ppp,
            views: Vec::new(),
            pending: Vec::new(),
            fixed: Vec::new(),
            marks: Vec::new(),
            soft: Vec::new(),
        }));
        Canvas::over(painter, rec, cam, ppp, "world")
    }

    pub(super) fn over(
        painter: Painter,
        rec: Rc<RefCell<Recorder>>,
        cam: &'a Camera,
        ppp: f32,
        name: &'static str,
    ) -> Canvas<'a> {
        let rect = egui::Rect::from_min_size(
            egui::pos2(cam.viewport_min.x, cam.viewport_min.y) / ppp,
            egui::vec2(cam.viewport_size.x, cam.viewport_size.y) / ppp,
        );
        // Replace the clip rectangle, not intersect it (`with_clip_rect` would): a second view
        // made from the world's painter lies beside the world's rectangle, and the intersection
        // of the two is empty.
        let mut painter = painter;
        painter.set_clip_rect(rect);
        painter.rect_filled(rect, 0.0, colors::background());
        let view = {
            let mut r = rec.borrow_mut();
            r.views.push(ViewRecord {
                name,
                rect,
                figure: Rect::NOTHING,
                across: Rect::NOTHING,
            });
            r.views.len() - 1
        };
        Canvas {
            painter,
            cam,
            second: None,
            ppp,
            origin: Vec2::ZERO,
            rec,
            view,
            background: false,
            font: 15.0,
        }
    }

    /// The same canvas, knowing the camera of the mode's second view (see [`Canvas::second_view`]).
    pub fn with_second(self, second: Option<&'a Camera>) -> Canvas<'a> {
        Canvas { second, ..self }
    }

    /// The mode's second view (the GJK mode's Minkowski pane) on the same layer, cleared, when
    /// the canvas has one.
    pub fn second_view(&self, name: &'static str) -> Option<Canvas<'a>> {
        self.second.map(|cam| self.view(cam, name))
    }

    /// A second view on the same layer with its own camera (the Minkowski pane), cleared.
    pub fn view<'b>(&self, cam: &'b Camera, name: &'static str) -> Canvas<'b> {
        Canvas::over(
            self.painter.clone(),
            Rc::clone(&self.rec),
            cam,
            self.ppp,
            name,
        )
    }

    /// The view named `name` already drawn this frame (the GJK mode's Minkowski pane), to draw
    /// over it with `cam`: not cleared, its figure and labels kept. `None` when there is none.
    pub fn existing_view<'b>(&self, cam: &'b Camera, name: &'static str) -> Option<Canvas<'b>> {
        let (view, rect) = {
            let r = self.rec.borrow();
            let i = r.views.iter().position(|v| v.name == name)?;
            (i, r.views[i].rect)
        };
        let mut painter = self.painter.clone();
        painter.set_clip_rect(rect);
        Some(Canvas {
            painter,
            cam,
            second: None,
            ppp: self.ppp,
            origin: Vec2::ZERO,
            rec: Rc::clone(&self.rec),
            view,
            background: false,
            font: self.font,
        })
    }

    /// Places and paints the frame's labels, and returns what the frame drew (window pixels).
    pub fn finish(self) -> Drawn {
        self.rec.borrow_mut().finish()
    }

    /// The same canvas, drawing background (not counted in the view's figure).
    pub fn behind(&self) -> Canvas<'a> {
        Canvas {
            background: true,
            ..self.clone()
        }
    }

    /// Counts `r` (egui points) into the view's figure.
    pub(super) fn mark(&self, r: Rect) {
        if self.background || !r.is_finite() {
            return;
        }
        if let Some(v) = self.rec.borrow_mut().views.get_mut(self.view) {
            v.figure = v.figure.union(r);
        }
    }

    /// Counts the points `pts`, widened by `half` points, into the view's figure.
    pub(super) fn mark_points(&self, pts: &[Pos2], half: f32) {
        if pts.is_empty() {
            return;
        }
        self.mark(Rect::from_points(pts).expand(half));
    }

    /// Records a key mark that labels keep clear of (egui points).
    pub(super) fn key_mark(&self, kind: &'static str, shape: MarkShape) {
        if self.background {
            return;
        }
        self.rec.borrow_mut().marks.push((kind, shape, self.view));
    }

    /// Records the segment `ends` (egui points) as a line labels keep off when they can (a
    /// body's outline): not a key mark, a label is kept on it rather than dropped.
    pub(super) fn soft_mark(&self, ends: [Pos2; 2]) {
        if self.background {
            return;
        }
        self.rec.borrow_mut().soft.push((ends, self.view));
    }

    /// Records a dot or ring of `radius` points at `at` as a key mark.
    pub(super) fn key_point(&self, kind: &'static str, at: Pos2, radius: f32) {
        if !self.rect().contains(at) {
            return;
        }
        let r = Rect::from_center_size(at, egui::vec2(2.0 * radius, 2.0 * radius));
        self.key_mark(
            kind,
            MarkShape::Point([r.min.x, r.min.y, r.width(), r.height()]),
        );
    }

    /// Records the visible part of the world segment `a`–`b`, `width` points wide, as a key
    /// mark (a face, the closest edge) that no label may be drawn across.
    pub fn mark_segment(&self, kind: &'static str, a: Vec2, b: Vec2, width: f32) {
        if let Some((ca, cb)) = self.visible().clip_segment(self.map(a), self.map(b)) {
            let (pa, pb) = (self.to_pos(ca), self.to_pos(cb));
            self.key_mark(kind, MarkShape::Line([pa.x, pa.y, pb.x, pb.y], width));
        }
    }

    /// A world length of `points` egui points at this zoom (a picture's fixed-size offsets).
    pub fn span(&self, points: f32) -> f32 {
        points * self.ppp / self.cam.zoom
    }

    /// Queues a label for the placement pass.
    pub(super) fn queue(&self, at: (Pos2, egui::Vec2), text: String, color: Color32, look: Look) {
        self.rec.borrow_mut().pending.push(Pending {
            text,
            anchor: at.0,
            offset: at.1,
            color,
            priority: look.rank,
            view: self.view,
            font: look.font,
            fixed: look.fixed,
            corners: look.corners,
        });
    }

    /// The view's rectangle in egui points.
    pub(super) fn rect(&self) -> egui::Rect {
        self.painter.clip_rect()
    }

    /// A title in the view's top-left corner.
    pub fn title(&self, text: &str, color: Color32) {
        let at = self.rect().left_top() + egui::vec2(8.0, 6.0);
        // Anchored by its bottom-left corner like every label: one line of 16-point text.
        let offset = egui::vec2(0.0, 16.0 * 1.3 + 4.0);
        self.queue(
            (at, offset),
            text.to_owned(),
            color,
            Look {
                rank: priority::CHROME,
                font: 16.0,
                fixed: true,
                corners: false,
            },
        );
    }

    /// A line down the view's left edge (between two views).
    pub fn left_divider(&self, color: Color32) {
        let r = self.rect();
        self.painter
            .line_segment([r.left_top(), r.left_bottom()], Stroke::new(2.0, color));
    }

    /// A message box across the top of the view: `color` edges it (error red, info green).
    pub fn banner(&self, text: &str, color: Color32) {
        let rect = self.rect();
        let font = FontId::proportional(16.0);
        let galley = self
            .painter
            .layout(text.to_owned(), font, colors::ink(), rect.width() - 40.0);
        let area = egui::Rect::from_min_size(
            rect.min + egui::vec2(12.0, 12.0),
            galley.size() + egui::vec2(20.0, 14.0),
        );
        self.painter
            .rect_filled(area, 6.0, color.gamma_multiply(0.35));
        self.painter
            .rect_stroke(area, 6.0, Stroke::new(1.5, color), egui::StrokeKind::Inside);
        self.painter
            .galley(area.min + egui::vec2(10.0, 7.0), galley, colors::ink());
        self.rec
            .borrow_mut()
            .fixed
            .push((text.to_owned(), area, self.view));
    }

    /// A dim hint in the view's bottom-right corner.
    pub fn hint(&self, text: &str) {
        let galley =
            self.painter
                .layout_no_wrap(text.to_owned(), FontId::proportional(13.0), colors::dim());
        let at = self.rect().right_bottom() - egui::vec2(8.0, 6.0);
        let offset = egui::vec2(-galley.size().x - 4.0, 0.0);
        self.queue(
            (at, offset),
            text.to_owned(),
            colors::dim(),
            Look {
                rank: priority::CHROME,
                font: 13.0,
                fixed: true,
                corners: true,
            },
        );
    }

    /// The same canvas drawing points given in a frame whose world position is `origin`.
    pub fn with_origin(&self, origin: Vec2) -> Canvas<'a> {
        Canvas {
            origin,
            ..self.clone()
        }
    }

    /// The camera.
    pub fn camera(&self) -> &Camera {
        self.cam
    }

    /// A world (or frame) point in egui points.
    pub fn pos(&self, w: Vec2) -> Pos2 {
        self.to_pos(self.map(w))
    }

    /// A world (or frame) point relative to the view's centre, in egui points, y up, in f64:
    /// exact enough at any zoom (at zoom 1e5 a world point can be 1e11 pixels away).
    pub(super) fn map(&self, w: Vec2) -> DVec2 {
        let world = w.as_dvec2() + self.origin.as_dvec2();
        (world - self.cam.center.as_dvec2()) * (self.cam.zoom as f64 / self.ppp as f64)
    }

    /// A length in world units as egui points.
    pub(super) fn map_len(&self, r: f32) -> f64 {
        r as f64 * self.cam.zoom as f64 / self.ppp as f64
    }

    /// A mapped point (see [`Canvas::map`]) as an egui position.
    pub(super) fn to_pos(&self, q: DVec2) -> Pos2 {
        let c = (self.cam.viewport_min + self.cam.viewport_size * 0.5).as_dvec2() / self.ppp as f64;
        Pos2::new((c.x + q.x) as f32, (c.y - q.y) as f32)
    }

    /// The view and its margin, in mapped coordinates: what is drawn is clipped to it.
    pub(super) fn visible(&self) -> Visible {
        Visible::new(
            self.cam.viewport_size.as_dvec2() / self.ppp as f64,
            CLIP_MARGIN,
        )
    }

    /// A size in egui points (line widths, radii): points are the canvas's unit of size.
    pub(super) fn px(&self, points: f32) -> f32 {
        points
    }

    /// A text label at a world point: its bottom-left corner `offset` points from it (x right,
    /// y down), or, when that spot is taken or outside the view, the nearest free spot around
    /// the point (with a thin line back to it); dropped when there is none.
    pub fn label(&self, p: Vec2, offset: Vec2, text: impl ToString, color: Color32) {
        self.label_ranked(p, offset, text, color, priority::NORMAL);
    }

    /// [`Canvas::label`] with a rank from [`priority`].
    pub fn label_ranked(
        &self,
        p: Vec2,
        offset: Vec2,
        text: impl ToString,
        color: Color32,
        rank: u8,
    ) {
        let offset = egui::vec2(offset.x, offset.y);
        self.queue(
            (self.pos(p), offset),
            text.to_string(),
            color,
            Look {
                rank,
                font: self.font,
                fixed: false,
                corners: false,
            },
        );
    }

    /// A line width of `points` in pixels, in the theme's weight (the light theme's lines are
    /// stronger, for a projector).
    pub(super) fn stroke_px(&self, points: f32) -> f32 {
        self.px(points) * colors::current().line_weight
    }

    /// egui's pixels per point.
    pub fn ppp(&self) -> f32 {
        self.ppp
    }

    /// A grid number at a point in egui points: it stays where it is or is dropped.
    pub(super) fn screen_text(&self, at: Pos2, text: String) {
        self.queue(
            (at, egui::Vec2::ZERO),
            text,
            colors::dim(),
            Look {
                rank: priority::TICK,
                font: 12.0,
                fixed: true,
                corners: false,
            },
        );
    }
}
