//! Every drawing primitive of the canvas, on egui's painter (anti-aliased by feathering).
//!
//! Callers give world coordinates; [`Canvas`] maps them through the one [`Camera`] to window
//! pixels and then to egui points. Trace data is in the pair frame: give its `origin` to
//! [`Canvas::with_origin`] and draw it as is.

use super::camera::Camera;
use super::visible::{self, Visible};
use crate::geom::{Shape, Transform};
use egui::{Align2, Color32, FontId, Painter, Pos2, Shape as EShape, Stroke};
use glam::{DVec2, Vec2};

/// How far (egui points) beyond the view lines and fills are kept: more than half the widest
/// stroke, so that the edges a clip makes are never seen.
const CLIP_MARGIN: f64 = 24.0;
/// Dash and gap of dashed lines, in pixels.
const DASH: (f32, f32) = (7.0, 5.0);

/// The palette: A blue, B violet in every mode; reference green, incident orange.
pub mod colors {
    use egui::Color32;
    /// Body A.
    pub const A: Color32 = Color32::from_rgb(77, 148, 255);
    /// Body B.
    pub const B: Color32 = Color32::from_rgb(178, 102, 255);
    /// Reference face.
    pub const REFERENCE: Color32 = Color32::from_rgb(64, 214, 112);
    /// Incident face.
    pub const INCIDENT: Color32 = Color32::from_rgb(255, 153, 51);
    /// Normal, contact points, labels.
    pub const INK: Color32 = Color32::from_rgb(245, 245, 245);
    /// Separated / positive gap.
    pub const GOOD: Color32 = Color32::from_rgb(110, 220, 140);
    /// Overlapping / negative gap.
    pub const BAD: Color32 = Color32::from_rgb(255, 110, 110);
    /// Highlights (selected axis, current step).
    pub const ACCENT: Color32 = Color32::from_rgb(255, 214, 64);
    /// Minkowski difference.
    pub const MINKOWSKI: Color32 = Color32::from_rgb(120, 200, 210);
    /// Background.
    pub const BACKGROUND: Color32 = Color32::from_rgb(24, 26, 31);
    /// Minor grid lines.
    pub const GRID: Color32 = Color32::from_rgb(38, 41, 48);
    /// Major grid lines and axes.
    pub const GRID_MAJOR: Color32 = Color32::from_rgb(58, 62, 72);
    /// Dim text.
    pub const DIM: Color32 = Color32::from_rgb(150, 155, 165);

    /// The colour of a body by index (0 = A, 1 = B).
    pub fn body(i: usize) -> Color32 {
        if i == 0 { A } else { B }
    }
}

/// The canvas painter with its camera: the only way anything is drawn on the canvas.
#[derive(Clone)]
pub struct Canvas<'a> {
    painter: Painter,
    cam: &'a Camera,
    ppp: f32,
    origin: Vec2,
    /// Text scale (presenter scale is handled by egui's zoom; this is for canvas labels).
    pub font: f32,
}

impl<'a> Canvas<'a> {
    /// A canvas on egui's background layer over `cam`'s viewport (clipped to it and cleared);
    /// `ppp` is egui's pixels per point.
    pub fn new(ctx: &egui::Context, cam: &'a Camera, ppp: f32) -> Canvas<'a> {
        let ppp = ppp.max(0.1);
        let painter = ctx.layer_painter(egui::LayerId::background());
        Canvas::over(painter, cam, ppp)
    }

    fn over(painter: Painter, cam: &'a Camera, ppp: f32) -> Canvas<'a> {
        let rect = egui::Rect::from_min_size(
            egui::pos2(cam.viewport_min.x, cam.viewport_min.y) / ppp,
            egui::vec2(cam.viewport_size.x, cam.viewport_size.y) / ppp,
        );
        // Replace the clip rectangle, not intersect it (`with_clip_rect` would): a second view
        // made from the world's painter lies beside the world's rectangle, and the intersection
        // of the two is empty.
        let mut painter = painter;
        painter.set_clip_rect(rect);
        painter.rect_filled(rect, 0.0, colors::BACKGROUND);
        Canvas {
            painter,
            cam,
            ppp,
            origin: Vec2::ZERO,
            font: 15.0,
        }
    }

    /// A second view on the same layer with its own camera (the Minkowski pane), cleared.
    pub fn view<'b>(&self, cam: &'b Camera) -> Canvas<'b> {
        Canvas::over(self.painter.clone(), cam, self.ppp)
    }

    /// The view's rectangle in egui points.
    fn rect(&self) -> egui::Rect {
        self.painter.clip_rect()
    }

    /// A title in the view's top-left corner.
    pub fn title(&self, text: &str, color: Color32) {
        self.painter.text(
            self.rect().left_top() + egui::vec2(10.0, 8.0),
            Align2::LEFT_TOP,
            text,
            FontId::proportional(16.0),
            color,
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
            .layout(text.to_owned(), font, colors::INK, rect.width() - 40.0);
        let area = egui::Rect::from_min_size(
            rect.min + egui::vec2(12.0, 12.0),
            galley.size() + egui::vec2(20.0, 14.0),
        );
        self.painter
            .rect_filled(area, 6.0, color.gamma_multiply(0.35));
        self.painter
            .rect_stroke(area, 6.0, Stroke::new(1.5, color), egui::StrokeKind::Inside);
        self.painter
            .galley(area.min + egui::vec2(10.0, 7.0), galley, colors::INK);
    }

    /// A dim hint in the view's bottom-right corner.
    pub fn hint(&self, text: &str) {
        self.painter.text(
            self.rect().right_bottom() - egui::vec2(10.0, 8.0),
            Align2::RIGHT_BOTTOM,
            text,
            FontId::proportional(13.0),
            colors::DIM,
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
    fn map(&self, w: Vec2) -> DVec2 {
        let world = w.as_dvec2() + self.origin.as_dvec2();
        (world - self.cam.center.as_dvec2()) * (self.cam.zoom as f64 / self.ppp as f64)
    }

    /// A length in world units as egui points.
    fn map_len(&self, r: f32) -> f64 {
        r as f64 * self.cam.zoom as f64 / self.ppp as f64
    }

    /// A mapped point (see [`Canvas::map`]) as an egui position.
    fn to_pos(&self, q: DVec2) -> Pos2 {
        let c = (self.cam.viewport_min + self.cam.viewport_size * 0.5).as_dvec2() / self.ppp as f64;
        Pos2::new((c.x + q.x) as f32, (c.y - q.y) as f32)
    }

    /// The view and its margin, in mapped coordinates: what is drawn is clipped to it.
    fn visible(&self) -> Visible {
        Visible::new(
            self.cam.viewport_size.as_dvec2() / self.ppp as f64,
            CLIP_MARGIN,
        )
    }

    /// A length in pixels as egui points.
    fn px(&self, pixels: f32) -> f32 {
        pixels / self.ppp
    }

    /// A straight line, `width` in pixels (only its visible part is drawn).
    pub fn line(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        if let Some((a, b)) = self.visible().clip_segment(self.map(a), self.map(b)) {
            self.painter.line_segment(
                [self.to_pos(a), self.to_pos(b)],
                Stroke::new(self.px(width), color),
            );
        }
    }

    /// A dashed line: only its visible part is dashed, in step with the whole line's dashes
    /// (so they do not crawl when the view moves).
    pub fn dashed(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(a), self.map(b));
        let Some((ca, cb)) = self.visible().clip_segment(ma, mb) else {
            return;
        };
        let period = (self.px(DASH.0) + self.px(DASH.1)) as f64;
        let offset = ((ca - ma).length() % period) as f32;
        self.painter.extend(EShape::dashed_line_with_offset(
            &[self.to_pos(ca), self.to_pos(cb)],
            Stroke::new(self.px(width), color),
            &[self.px(DASH.0)],
            &[self.px(DASH.1)],
            offset,
        ));
    }

    /// A line across the whole viewport through `p` along `dir`.
    pub fn infinite_line(&self, p: Vec2, dir: Vec2, width: f32, color: Color32, dashed: bool) {
        let reach = self.cam.viewport_size.length() / self.cam.zoom;
        let d = dir.normalize_or_zero() * reach;
        if dashed {
            self.dashed(p - d, p + d, width, color);
        } else {
            self.line(p - d, p + d, width, color);
        }
    }

    /// An arrow from `from` to `to` with a head of `head` pixels.
    pub fn arrow(&self, from: Vec2, to: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(from), self.map(to));
        let len = (mb - ma).length() as f32;
        self.line(from, to, width, color);
        if len < 1.0 || !self.visible().contains(mb) {
            return;
        }
        // The tip and the direction in egui points (y down), from the exact mapped points.
        let b = self.to_pos(mb);
        let d = (mb - ma) / (mb - ma).length();
        let dir = egui::vec2(d.x as f32, -d.y as f32);
        let head = self.px(6.0 + 2.5 * width).min(len * 0.5);
        let side = egui::vec2(-dir.y, dir.x) * head * 0.5;
        let base = b - dir * head;
        self.painter.add(EShape::convex_polygon(
            vec![b, base + side, base - side],
            color,
            Stroke::NONE,
        ));
    }

    /// A filled dot of `radius` pixels with a dark rim.
    pub fn point(&self, p: Vec2, radius: f32, color: Color32) {
        self.painter.circle(
            self.pos(p),
            self.px(radius),
            color,
            Stroke::new(self.px(1.5), colors::BACKGROUND),
        );
    }

    /// A hollow ring of `radius` pixels.
    pub fn ring(&self, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.painter.circle_stroke(
            self.pos(p),
            self.px(radius),
            Stroke::new(self.px(width), color),
        );
    }

    /// A world-size circle outline (for radii), sampled for what is visible.
    pub fn world_circle(&self, c: Vec2, r: f32, width: f32, color: Color32, fill: Color32) {
        let pts = visible::rounded(&[self.map(c)], &[], self.map_len(r), &self.visible());
        self.fill_mapped(&pts, fill, width, color);
    }

    /// A text label at a world point, offset by `offset` pixels (x right, y down).
    pub fn label(&self, p: Vec2, offset: Vec2, text: impl ToString, color: Color32) {
        let at = self.pos(p) + egui::vec2(self.px(offset.x), self.px(offset.y));
        let font = FontId::proportional(self.font);
        let galley = self.painter.layout_no_wrap(text.to_string(), font, color);
        let mut rect = Align2::LEFT_BOTTOM
            .anchor_size(at, galley.size())
            .expand(self.px(2.0));
        // Keep the label inside the view: one running off the right edge flips to the left.
        let clip = self.painter.clip_rect();
        if rect.right() > clip.right() {
            rect = rect.translate(egui::vec2(clip.right() - rect.right(), 0.0));
        }
        if rect.left() < clip.left() {
            rect = rect.translate(egui::vec2(clip.left() - rect.left(), 0.0));
        }
        self.painter
            .rect_filled(rect, self.px(3.0), Color32::from_black_alpha(150));
        self.painter.galley(
            rect.min + egui::vec2(self.px(2.0), self.px(2.0)),
            galley,
            color,
        );
    }

    /// A closed convex polygon: fill and outline (`width` pixels).
    pub fn polygon(&self, pts: &[Vec2], fill: Color32, width: f32, color: Color32) {
        let pts: Vec<DVec2> = pts.iter().map(|p| self.map(*p)).collect();
        self.fill_mapped(&pts, fill, width, color);
    }

    /// A convex polygon of mapped points, clipped to the view, filled and outlined.
    fn fill_mapped(&self, pts: &[DVec2], fill: Color32, width: f32, color: Color32) {
        let clipped = self.visible().clip_convex(pts);
        if clipped.len() < 2 {
            return;
        }
        let pts: Vec<Pos2> = clipped.iter().map(|p| self.to_pos(*p)).collect();
        self.painter.add(EShape::convex_polygon(
            pts,
            fill,
            Stroke::new(self.px(width), color),
        ));
    }

    /// An open or closed polyline.
    pub fn polyline(&self, pts: &[Vec2], closed: bool, width: f32, color: Color32, dashed: bool) {
        let pts: Vec<DVec2> = pts.iter().map(|p| self.map(*p)).collect();
        self.polyline_mapped(&pts, closed, width, color, dashed);
    }

    /// A polyline of mapped points: each visible run drawn (dashed or not).
    fn polyline_mapped(
        &self,
        pts: &[DVec2],
        closed: bool,
        width: f32,
        color: Color32,
        dashed: bool,
    ) {
        let mut pts = pts.to_vec();
        if closed && pts.len() > 2 {
            pts.push(pts[0]);
        }
        let stroke = Stroke::new(self.px(width), color);
        for run in self.visible().clip_polyline(&pts) {
            let p: Vec<Pos2> = run.iter().map(|q| self.to_pos(*q)).collect();
            if dashed {
                self.painter.extend(EShape::dashed_line(
                    &p,
                    stroke,
                    self.px(DASH.0),
                    self.px(DASH.1),
                ));
            } else {
                self.painter.add(EShape::line(p, stroke));
            }
        }
    }

    /// The outline of `shape` at `xf` in mapped points, its arcs sampled for what is visible.
    fn outline_mapped(&self, shape: &Shape, xf: Transform) -> Vec<DVec2> {
        let core: Vec<DVec2> = shape
            .vertices()
            .iter()
            .map(|v| self.map(xf.apply(*v)))
            .collect();
        let normals: Vec<DVec2> = shape
            .normals()
            .iter()
            .map(|n| xf.q.apply(*n).as_dvec2())
            .collect();
        visible::rounded(
            &core,
            &normals,
            self.map_len(shape.radius()),
            &self.visible(),
        )
    }

    /// A shape at `xf`: translucent fill, solid outline, the core dashed when rounded.
    pub fn shape(&self, shape: &Shape, xf: Transform, color: Color32, width: f32) {
        let outline = self.outline_mapped(shape, xf);
        self.fill_mapped(&outline, color.gamma_multiply(0.22), width, color);
        if shape.radius() > 0.0 {
            let core: Vec<Vec2> = shape.vertices().iter().map(|v| xf.apply(*v)).collect();
            match core.len() {
                1 => self.point(core[0], 2.5, color),
                _ => self.polyline(&core, core.len() > 2, 1.2, color.gamma_multiply(0.8), true),
            }
        }
    }

    /// The outline of `shape` at `xf` as a closed line (the hover ring).
    pub fn shape_outline(&self, shape: &Shape, xf: Transform, width: f32, color: Color32) {
        let outline = self.outline_mapped(shape, xf);
        self.polyline_mapped(&outline, true, width, color, false);
    }

    /// A convex counter-clockwise point set (1, 2 or more points; not a [`Shape`], such as the
    /// Minkowski difference) inflated by `r`: fill and outline.
    pub fn rounded_polygon(
        &self,
        core: &[Vec2],
        r: f32,
        fill: Color32,
        width: f32,
        color: Color32,
    ) {
        let n = core.len();
        let mapped: Vec<DVec2> = core.iter().map(|p| self.map(*p)).collect();
        let normals: Vec<DVec2> = (0..n)
            .map(|i| {
                let e = core[(i + 1) % n] - core[i];
                Vec2::new(e.y, -e.x)
                    .try_normalize()
                    .unwrap_or(Vec2::Y)
                    .as_dvec2()
            })
            .collect();
        let normals = if n == 1 { Vec::new() } else { normals };
        let outline = visible::rounded(&mapped, &normals, self.map_len(r), &self.visible());
        self.fill_mapped(&outline, fill, width, color);
    }

    /// A thick bar from `a` to `b` (a shadow on an axis).
    pub fn bar(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        self.line(a, b, width, color);
    }

    /// egui's pixels per point.
    pub fn ppp(&self) -> f32 {
        self.ppp
    }

    /// Text at a point in egui points (grid labels).
    fn screen_text(&self, at: Pos2, text: String) {
        self.painter.text(
            at,
            Align2::LEFT_BOTTOM,
            text,
            FontId::proportional(12.0),
            colors::DIM,
        );
    }
}

/// Draws the background grid with unit labels and the world origin.
///
/// Lines are counted by index, not by adding the step to a coordinate: far from the origin
/// at a large zoom the step can be below an `f32` coordinate's resolution, and `x += step`
/// would never reach the edge.
pub fn grid(canvas: &Canvas) {
    let cam = canvas.camera();
    let min = cam.to_world(cam.viewport_min + Vec2::new(0.0, cam.viewport_size.y));
    let max = cam.to_world(cam.viewport_min + Vec2::new(cam.viewport_size.x, 0.0));
    // A step of 1, 2 or 5 times a power of ten, at least ~40 pixels.
    let raw = 40.0 / cam.zoom as f64;
    let pow = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * pow)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * pow);
    let major = step * 5.0;
    let (min, max) = (min.as_dvec2(), max.as_dvec2());
    if !(min.is_finite() && max.is_finite() && step.is_finite() && step > 0.0) {
        return;
    }
    // The lines' indices: from the first multiple of the step at or after `lo` to `hi`.
    let range = |lo: f64, hi: f64, step: f64| {
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        (last >= first && last - first < 2000).then_some((first, last))
    };
    let (Some(xs), Some(ys)) = (range(min.x, max.x, step), range(min.y, max.y, step)) else {
        return;
    };
    let colour = |k: i64| {
        if k % 5 == 0 {
            colors::GRID_MAJOR
        } else {
            colors::GRID
        }
    };
    let world = |x: f64, y: f64| Vec2::new(x as f32, y as f32);
    for k in xs.0..=xs.1 {
        let x = k as f64 * step;
        canvas.line(world(x, min.y), world(x, max.y), 1.0, colour(k));
    }
    for k in ys.0..=ys.1 {
        let y = k as f64 * step;
        canvas.line(world(min.x, y), world(max.x, y), 1.0, colour(k));
    }
    // Unit labels along the bottom and left edges, on major lines.
    let fmt = |v: f64| {
        let v = if v.abs() < step * 1e-3 { 0.0 } else { v };
        if major >= 1.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.*}", (-major.log10().floor()) as usize)
        }
    };
    if let Some((first, last)) = range(min.x, max.x, major) {
        for k in first..=last {
            let x = k as f64 * major;
            let p = canvas.pos(world(x, min.y));
            canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(x));
        }
    }
    if let Some((first, last)) = range(min.y, max.y, major) {
        for k in first..=last {
            let y = k as f64 * major;
            let p = canvas.pos(world(min.x, y));
            canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(y));
        }
    }
    // The origin.
    let (lo, hi) = (world(min.x, min.y), world(max.x, max.y));
    canvas.line(
        Vec2::new(lo.x, 0.0),
        Vec2::new(hi.x, 0.0),
        1.5,
        colors::GRID_MAJOR,
    );
    canvas.line(
        Vec2::new(0.0, lo.y),
        Vec2::new(0.0, hi.y),
        1.5,
        colors::GRID_MAJOR,
    );
}
