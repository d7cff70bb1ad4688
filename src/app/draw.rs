//! Every drawing primitive of the canvas, on egui's painter (anti-aliased by feathering).
//!
//! Callers give world coordinates; [`Canvas`] maps them through the one [`Camera`] to window
//! pixels and then to egui points. Trace data is in the pair frame: give its `origin` to
//! [`Canvas::with_origin`] and draw it as is.

use super::camera::Camera;
use crate::geom::{Shape, Transform};
use egui::{Align2, Color32, FontId, Painter, Pos2, Shape as EShape, Stroke};
use glam::Vec2;

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
        let s = self.cam.to_screen(w + self.origin) / self.ppp;
        Pos2::new(s.x, s.y)
    }

    /// A length in pixels as egui points.
    fn px(&self, pixels: f32) -> f32 {
        pixels / self.ppp
    }

    /// A straight line, `width` in pixels.
    pub fn line(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        self.painter.line_segment(
            [self.pos(a), self.pos(b)],
            Stroke::new(self.px(width), color),
        );
    }

    /// A dashed line.
    pub fn dashed(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        let pts = [self.pos(a), self.pos(b)];
        self.painter.extend(EShape::dashed_line(
            &pts,
            Stroke::new(self.px(width), color),
            self.px(7.0),
            self.px(5.0),
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
        let (a, b) = (self.pos(from), self.pos(to));
        let v = b - a;
        let len = v.length();
        let stroke = Stroke::new(self.px(width), color);
        self.painter.line_segment([a, b], stroke);
        if len < 1.0 {
            return;
        }
        let dir = v / len;
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

    /// A world-size circle outline (for radii).
    pub fn world_circle(&self, c: Vec2, r: f32, width: f32, color: Color32, fill: Color32) {
        let pts: Vec<Vec2> = (0..64)
            .map(|i| {
                let t = std::f32::consts::TAU * i as f32 / 64.0;
                c + Vec2::new(t.cos(), t.sin()) * r
            })
            .collect();
        self.polygon(&pts, fill, width, color);
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
        let pts: Vec<Pos2> = pts.iter().map(|p| self.pos(*p)).collect();
        self.painter.add(EShape::convex_polygon(
            pts,
            fill,
            Stroke::new(self.px(width), color),
        ));
    }

    /// An open or closed polyline.
    pub fn polyline(&self, pts: &[Vec2], closed: bool, width: f32, color: Color32, dashed: bool) {
        let mut p: Vec<Pos2> = pts.iter().map(|p| self.pos(*p)).collect();
        if closed && p.len() > 2 {
            p.push(p[0]);
        }
        let stroke = Stroke::new(self.px(width), color);
        if dashed {
            self.painter
                .extend(EShape::dashed_line(&p, stroke, self.px(7.0), self.px(5.0)));
        } else {
            self.painter.add(EShape::line(p, stroke));
        }
    }

    /// A shape at `xf`: translucent fill, solid outline, the core dashed when rounded.
    pub fn shape(&self, shape: &Shape, xf: Transform, color: Color32, width: f32) {
        let outline = outline(shape, xf, self.cam.zoom);
        self.polygon(&outline, color.gamma_multiply(0.22), width, color);
        if shape.radius() > 0.0 {
            let core: Vec<Vec2> = shape.vertices().iter().map(|v| xf.apply(*v)).collect();
            match core.len() {
                1 => self.point(core[0], 2.5, color),
                _ => self.polyline(&core, core.len() > 2, 1.2, color.gamma_multiply(0.8), true),
            }
        }
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

/// The outline of a rounded shape at `xf` as a convex polygon, arcs sampled finely enough for
/// the zoom (pixels per unit). The edge normals are the ones the shape stores.
pub fn outline(shape: &Shape, xf: Transform, zoom: f32) -> Vec<Vec2> {
    let core: Vec<Vec2> = shape.vertices().iter().map(|v| xf.apply(*v)).collect();
    if shape.radius() <= 0.0 || core.len() < 2 {
        return rounded_outline(&core, shape.radius(), zoom);
    }
    let normals: Vec<Vec2> = shape.normals().iter().map(|n| xf.q.apply(*n)).collect();
    inflate(&core, &normals, shape.radius(), zoom)
}

/// The outline of a convex counter-clockwise core (1, 2 or more points) inflated by `r`: for
/// a point set that is not a [`Shape`] (the Minkowski difference), so its edge normals are
/// computed here.
pub fn rounded_outline(core: &[Vec2], r: f32, zoom: f32) -> Vec<Vec2> {
    let n = core.len();
    if r <= 0.0 || n == 0 {
        return core.to_vec();
    }
    if n == 1 {
        return inflate(core, &[], r, zoom);
    }
    let normals: Vec<Vec2> = (0..n)
        .map(|i| {
            let e = core[(i + 1) % n] - core[i];
            Vec2::new(e.y, -e.x).try_normalize().unwrap_or(Vec2::Y)
        })
        .collect();
    inflate(core, &normals, r, zoom)
}

/// `core` inflated by `r`, with `normals[i]` the outward normal of edge `i` (from vertex `i`
/// to the next).
fn inflate(core: &[Vec2], normals: &[Vec2], r: f32, zoom: f32) -> Vec<Vec2> {
    let n = core.len();
    let segments_full = ((r * zoom).max(0.0).sqrt() * 6.0).clamp(16.0, 96.0) as usize;
    let mut pts = Vec::new();
    if n == 1 {
        for i in 0..segments_full {
            let t = std::f32::consts::TAU * i as f32 / segments_full as f32;
            pts.push(core[0] + Vec2::new(t.cos(), t.sin()) * r);
        }
        return pts;
    }
    for i in 0..n {
        let n0 = normals[(i + n - 1) % n];
        let n1 = normals[i];
        let a0 = n0.y.atan2(n0.x);
        let mut sweep = n1.y.atan2(n1.x) - a0;
        while sweep <= 0.0 {
            sweep += std::f32::consts::TAU;
        }
        if sweep >= std::f32::consts::TAU - 1e-4 {
            sweep = 0.0;
        }
        let steps = ((sweep / std::f32::consts::TAU) * segments_full as f32)
            .ceil()
            .max(1.0) as usize;
        for k in 0..=steps {
            let t = a0 + sweep * k as f32 / steps as f32;
            pts.push(core[i] + Vec2::new(t.cos(), t.sin()) * r);
        }
    }
    pts
}

/// Draws the background grid with unit labels and the world origin.
pub fn grid(canvas: &Canvas) {
    let cam = canvas.camera();
    let min = cam.to_world(cam.viewport_min + Vec2::new(0.0, cam.viewport_size.y));
    let max = cam.to_world(cam.viewport_min + Vec2::new(cam.viewport_size.x, 0.0));
    // A step of 1, 2 or 5 times a power of ten, at least ~40 pixels.
    let raw = 40.0 / cam.zoom;
    let pow = 10f32.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * pow)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * pow);
    let major = step * 5.0;
    let count_x = ((max.x - min.x) / step) as i64;
    let count_y = ((max.y - min.y) / step) as i64;
    if !(0..2000).contains(&count_x) || !(0..2000).contains(&count_y) {
        return;
    }
    let is_major = |v: f32| ((v / major).round() * major - v).abs() < step * 0.01;
    let mut x = (min.x / step).floor() * step;
    while x <= max.x {
        let c = if is_major(x) {
            colors::GRID_MAJOR
        } else {
            colors::GRID
        };
        canvas.line(Vec2::new(x, min.y), Vec2::new(x, max.y), 1.0, c);
        x += step;
    }
    let mut y = (min.y / step).floor() * step;
    while y <= max.y {
        let c = if is_major(y) {
            colors::GRID_MAJOR
        } else {
            colors::GRID
        };
        canvas.line(Vec2::new(min.x, y), Vec2::new(max.x, y), 1.0, c);
        y += step;
    }
    // Unit labels along the bottom and left edges, on major lines.
    let fmt = |v: f32| {
        let v = if v.abs() < step * 1e-3 { 0.0 } else { v };
        if major >= 1.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.*}", (-major.log10().floor()) as usize)
        }
    };
    let mut x = (min.x / major).ceil() * major;
    while x <= max.x {
        let p = canvas.pos(Vec2::new(x, min.y));
        canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(x));
        x += major;
    }
    let mut y = (min.y / major).ceil() * major;
    while y <= max.y {
        let p = canvas.pos(Vec2::new(min.x, y));
        canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(y));
        y += major;
    }
    // The origin.
    canvas.line(
        Vec2::new(min.x, 0.0),
        Vec2::new(max.x, 0.0),
        1.5,
        colors::GRID_MAJOR,
    );
    canvas.line(
        Vec2::new(0.0, min.y),
        Vec2::new(0.0, max.y),
        1.5,
        colors::GRID_MAJOR,
    );
}
