//! The drawing primitives: lines (plain, dashed, infinite), arrows, points and rings, polygons
//! and polylines, shapes by their outlines, and the bars beside them. Each maps world
//! coordinates through the canvas's camera and records what it drew.

use super::canvas::{Canvas, DASH};
use super::colors;
use super::record::MarkShape;
use crate::app::visible;
use crate::geom::{Shape, Transform};
use egui::{Color32, Pos2, Rect, Shape as EShape, Stroke};
use glam::{DVec2, Vec2};

impl Canvas<'_> {
    /// A straight line, `width` in pixels (only its visible part is drawn; all of it counts
    /// into the view's figure).
    pub fn line(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(a), self.map(b));
        self.mark_points(&[self.to_pos(ma), self.to_pos(mb)], width * 0.5);
        if let Some((a, b)) = self.visible().clip_segment(ma, mb) {
            let pts = [self.to_pos(a), self.to_pos(b)];
            self.painter
                .line_segment(pts, Stroke::new(self.stroke_px(width), color));
        }
    }

    /// A dashed line: only its visible part is dashed, in step with the whole line's dashes
    /// (so they do not crawl when the view moves).
    pub fn dashed(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(a), self.map(b));
        self.mark_points(&[self.to_pos(ma), self.to_pos(mb)], width * 0.5);
        let Some((ca, cb)) = self.visible().clip_segment(ma, mb) else {
            return;
        };
        let pts = [self.to_pos(ca), self.to_pos(cb)];
        let period = (self.px(DASH.0) + self.px(DASH.1)) as f64;
        let offset = ((ca - ma).length() % period) as f32;
        self.painter.extend(EShape::dashed_line_with_offset(
            &pts,
            Stroke::new(self.stroke_px(width), color),
            &[self.px(DASH.0)],
            &[self.px(DASH.1)],
            offset,
        ));
    }

    /// A line across the whole view through `p` along `dir`: only its part inside the view
    /// is drawn.
    pub fn infinite_line(&self, p: Vec2, dir: Vec2, width: f32, color: Color32, dashed: bool) {
        self.infinite_line_as(None, p, dir, width, color, dashed);
    }

    /// [`Canvas::infinite_line`] recorded as a key mark of `kind` (a side plane) when given.
    pub fn infinite_line_as(
        &self,
        kind: Option<&'static str>,
        p: Vec2,
        dir: Vec2,
        width: f32,
        color: Color32,
        dashed: bool,
    ) {
        let (a, d) = (self.pos(p), self.pos(p + dir) - self.pos(p));
        let r = self.rect().shrink(width);
        let v = |p: Pos2| DVec2::new(p.x as f64, p.y as f64);
        let Some((t0, t1)) = visible::clip_param(
            v(a),
            DVec2::new(d.x as f64, d.y as f64),
            v(r.min),
            v(r.max),
            (f64::NEG_INFINITY, f64::INFINITY),
        )
        .filter(|(t0, t1)| t0 < t1) else {
            return;
        };
        let (t0, t1) = (t0 as f32, t1 as f32);
        let (pa, pb) = (a + d * t0, a + d * t1);
        if let Some(v) = self.rec.borrow_mut().views.get_mut(self.view) {
            v.across = v
                .across
                .union(Rect::from_two_pos(pa, pb).expand(width * 0.5));
        }
        if let Some(kind) = kind {
            self.key_mark(kind, MarkShape::Line([pa.x, pa.y, pb.x, pb.y], width));
        }
        let stroke = Stroke::new(self.stroke_px(width), color);
        if dashed {
            self.painter
                .extend(EShape::dashed_line(&[pa, pb], stroke, 7.0, 5.0));
        } else {
            self.painter.line_segment([pa, pb], stroke);
        }
    }

    /// An arrow from `from` along the direction `dir` (any length), `points` long on screen;
    /// nothing for a zero direction.
    pub fn arrow_along(&self, from: Vec2, dir: Vec2, points: f32, width: f32, color: Color32) {
        let d = dir.normalize_or_zero();
        if d != Vec2::ZERO {
            self.arrow(from, from + d * self.span(points), width, color);
        }
    }

    /// A fan of directions at `apex`: from the unit direction `from`, turning by `angle`
    /// radians towards the side of `toward` (away from it when negative), `radius` long
    /// (world units); filled faintly, outlined.
    pub fn fan_toward(
        &self,
        apex: Vec2,
        from: Vec2,
        toward: Vec2,
        angle: f32,
        radius: f32,
        color: Color32,
    ) {
        let sweep = if from.perp_dot(toward) >= 0.0 {
            angle
        } else {
            -angle
        };
        let turned = |t: f32| {
            let (s, c) = t.sin_cos();
            Vec2::new(c * from.x - s * from.y, s * from.x + c * from.y)
        };
        let steps = ((sweep.abs() / 0.15).ceil() as usize).clamp(2, 24);
        let mut pts = vec![apex];
        pts.extend((0..=steps).map(|k| apex + turned(sweep * k as f32 / steps as f32) * radius));
        // The fan's points turn one way; the polygon fill wants them counter-clockwise.
        if sweep < 0.0 {
            pts[1..].reverse();
        }
        self.polygon(
            &pts,
            color.gamma_multiply(0.18),
            1.0,
            color.gamma_multiply(0.7),
        );
    }

    /// An arrow from `from` to `to` with a head of `head` pixels.
    /// Its shaft and head are a key mark ("arrow"): no label is drawn across it.
    pub fn arrow(&self, from: Vec2, to: Vec2, width: f32, color: Color32) {
        self.line(from, to, width, color);
        self.mark_segment("arrow", from, to, width);
        self.arrow_head(from, to, width, color);
    }

    /// [`Canvas::arrow`] with a dashed shaft: another engine's answer beside ours.
    pub fn dashed_arrow(&self, from: Vec2, to: Vec2, width: f32, color: Color32) {
        self.dashed(from, to, width, color);
        self.mark_segment("arrow", from, to, width);
        self.arrow_head(from, to, width, color);
    }

    fn arrow_head(&self, from: Vec2, to: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(from), self.map(to));
        let len = (mb - ma).length() as f32;
        if len < 1.0 || !self.visible().contains(mb) {
            return;
        }
        // The tip and the direction in egui points (y down), from the exact mapped points.
        let b = self.to_pos(mb);
        self.mark_points(&[b], width * 0.5 + 3.0 + 1.25 * width);
        let d = (mb - ma) / (mb - ma).length();
        let dir = egui::vec2(d.x as f32, -d.y as f32);
        let head = self.px(6.0 + 2.5 * width).min(len * 0.5);
        let side = egui::vec2(-dir.y, dir.x) * head * 0.5;
        let base = b - dir * head;
        self.key_mark("arrow", MarkShape::Line([base.x, base.y, b.x, b.y], head));
        self.painter.add(EShape::convex_polygon(
            vec![b, base + side, base - side],
            color,
            Stroke::NONE,
        ));
    }

    /// A filled dot of `radius` pixels with a dark rim.
    pub fn point(&self, p: Vec2, radius: f32, color: Color32) {
        self.dot(None, p, radius, color);
    }

    /// [`Canvas::point`] as a key mark of `kind` ("contact", "origin", …): no label covers it.
    pub fn point_as(&self, kind: &'static str, p: Vec2, radius: f32, color: Color32) {
        self.dot(Some(kind), p, radius, color);
    }

    pub(super) fn dot(&self, kind: Option<&'static str>, p: Vec2, radius: f32, color: Color32) {
        if let Some(kind) = kind {
            self.key_point(kind, self.pos(p), radius + 1.0);
        }
        self.mark_points(&[self.pos(p)], radius + 1.0);
        self.painter.circle(
            self.pos(p),
            self.px(radius),
            color,
            Stroke::new(self.px(1.5), colors::background()),
        );
    }

    /// A hollow ring of `radius` pixels.
    pub fn ring(&self, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.hoop(None, p, radius, width, color);
    }

    /// [`Canvas::ring`] as a key mark of `kind` ("dropped", …): no label covers it.
    pub fn ring_as(&self, kind: &'static str, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.hoop(Some(kind), p, radius, width, color);
    }

    pub(super) fn hoop(
        &self,
        kind: Option<&'static str>,
        p: Vec2,
        radius: f32,
        width: f32,
        color: Color32,
    ) {
        if let Some(kind) = kind {
            self.key_point(kind, self.pos(p), radius + width * 0.5);
        }
        self.mark_points(&[self.pos(p)], radius + width * 0.5);
        self.painter.circle_stroke(
            self.pos(p),
            self.px(radius),
            Stroke::new(self.stroke_px(width), color),
        );
    }

    /// A ring of `radius` points crossed out by an ×, as a key mark of `kind`: a point that
    /// was dropped (told from a kept one by its shape, not only its colour).
    pub fn crossed_as(&self, kind: &'static str, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.hoop(Some(kind), p, radius, width, color);
        let c = self.pos(p);
        let d = self.px(radius) * std::f32::consts::FRAC_1_SQRT_2;
        let stroke = Stroke::new(self.stroke_px(width), color);
        for (from, to) in [
            (egui::vec2(-d, -d), egui::vec2(d, d)),
            (egui::vec2(-d, d), egui::vec2(d, -d)),
        ] {
            self.painter.line_segment([c + from, c + to], stroke);
        }
    }

    /// A hollow diamond of `radius` points, as a key mark of `kind`: another engine's point
    /// (told from ours, a filled dot, by its shape).
    pub fn diamond_as(&self, kind: &'static str, p: Vec2, radius: f32, width: f32, color: Color32) {
        let c = self.pos(p);
        self.key_point(kind, c, radius + width * 0.5);
        self.mark_points(&[c], radius + width * 0.5);
        let r = self.px(radius);
        let corners = [
            c + egui::vec2(r, 0.0),
            c + egui::vec2(0.0, r),
            c + egui::vec2(-r, 0.0),
            c + egui::vec2(0.0, -r),
        ];
        self.painter.add(EShape::closed_line(
            corners.to_vec(),
            Stroke::new(self.stroke_px(width), color),
        ));
    }

    /// A world-size circle outline (for radii), sampled for what is visible.
    pub fn world_circle(&self, c: Vec2, r: f32, width: f32, color: Color32, fill: Color32) {
        let pts = visible::rounded(&[self.map(c)], &[], self.map_len(r), &self.visible());
        self.fill_mapped(&pts, fill, width, color);
    }

    /// A closed convex polygon: fill and outline (`width` pixels).
    pub fn polygon(&self, pts: &[Vec2], fill: Color32, width: f32, color: Color32) {
        let pts: Vec<DVec2> = pts.iter().map(|p| self.map(*p)).collect();
        self.fill_mapped(&pts, fill, width, color);
    }

    /// A convex polygon of mapped points, clipped to the view, filled and outlined (all of it
    /// counts into the view's figure).
    pub(super) fn fill_mapped(&self, pts: &[DVec2], fill: Color32, width: f32, color: Color32) {
        let whole: Vec<Pos2> = pts.iter().map(|p| self.to_pos(*p)).collect();
        self.mark_points(&whole, width * 0.5);
        let clipped = self.visible().clip_convex(pts);
        if clipped.len() < 2 {
            return;
        }
        let pts: Vec<Pos2> = clipped.iter().map(|p| self.to_pos(*p)).collect();
        self.painter.add(EShape::convex_polygon(
            pts,
            fill,
            Stroke::new(self.stroke_px(width), color),
        ));
    }

    /// A shaded region, the intersection of half-planes `(x - a) · n <= 0` (world points `a`,
    /// normals `n`), possibly unbounded: only its visible part is filled, and it is not part of
    /// the view's figure (it reaches the view's edges by nature, so framing ignores it).
    pub fn region(&self, planes: &[crate::geom::gjk::HalfPlane], fill: Color32) {
        let mapped: Vec<(DVec2, DVec2)> = planes
            .iter()
            .map(|h| (self.map(h.point), h.normal.as_dvec2()))
            .collect();
        let poly = self.visible().clip_half_planes(&mapped);
        if poly.len() < 3 {
            return;
        }
        let pts: Vec<Pos2> = poly.iter().map(|p| self.to_pos(*p)).collect();
        self.painter
            .add(EShape::convex_polygon(pts, fill, Stroke::NONE));
    }

    /// An open or closed polyline.
    pub fn polyline(&self, pts: &[Vec2], closed: bool, width: f32, color: Color32, dashed: bool) {
        let pts: Vec<DVec2> = pts.iter().map(|p| self.map(*p)).collect();
        self.polyline_mapped(&pts, closed, width, color, dashed);
    }

    /// A polyline of mapped points: each visible run drawn (dashed or not) and counted.
    pub(super) fn polyline_mapped(
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
        let whole: Vec<Pos2> = pts.iter().map(|q| self.to_pos(*q)).collect();
        self.mark_points(&whole, width * 0.5);
        let stroke = Stroke::new(self.stroke_px(width), color);
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
    pub(super) fn outline_mapped(&self, shape: &Shape, xf: Transform) -> Vec<DVec2> {
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

    /// The outline of `shape` at `xf` as a closed line (the hover ring).
    pub fn shape_outline(&self, shape: &Shape, xf: Transform, width: f32, color: Color32) {
        let outline = self.outline_mapped(shape, xf);
        self.polyline_mapped(&outline, true, width, color, false);
    }

    /// The outline of `shape` at `xf` dashed (a pose that is not the body's own: an end pose).
    pub fn shape_dashed(&self, shape: &Shape, xf: Transform, width: f32, color: Color32) {
        let outline = self.outline_mapped(shape, xf);
        self.polyline_mapped(&outline, true, width, color, true);
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

    /// A shape at `xf`: translucent fill, solid outline, the core dashed when rounded.
    pub fn shape(&self, shape: &Shape, xf: Transform, color: Color32, width: f32) {
        let outline = self.outline_mapped(shape, xf);
        // Its outline: labels prefer spots off it (the bodies' own badges sit inside).
        for i in 0..outline.len() {
            let (a, b) = (
                self.to_pos(outline[i]),
                self.to_pos(outline[(i + 1) % outline.len()]),
            );
            self.soft_mark([a, b]);
        }
        self.fill_mapped(&outline, color.gamma_multiply(0.22), width, color);
        if shape.radius() > 0.0 {
            let core: Vec<Vec2> = shape.vertices().iter().map(|v| xf.apply(*v)).collect();
            match core.len() {
                1 => self.point(core[0], 2.5, color),
                _ => self.polyline(&core, core.len() > 2, 1.2, color.gamma_multiply(0.8), true),
            }
        }
    }

    /// One segment of a chain from `p1` to `p2` (world): a solid line, with short ticks on its
    /// back (the left of the walk), the side a one-sided segment does not collide on, as a
    /// drawing of the ground marks the solid side.
    pub fn chain_segment(&self, p1: Vec2, p2: Vec2, width: f32, color: Color32) {
        self.line(p1, p2, width, color);
        let (d, length) = ((p2 - p1).normalize_or_zero(), p1.distance(p2));
        let spacing = self.span(11.0);
        if spacing.is_nan() || spacing <= 0.0 || length / spacing > 4000.0 {
            return;
        }
        let back = Vec2::new(-d.y, d.x);
        let tick = (back * 0.8 - d * 0.6) * self.span(8.0);
        let faint = color.gamma_multiply(0.6);
        let mut t = 0.5 * (length % spacing);
        while t <= length {
            let q = p1 + d * t;
            self.line(q, q + tick, 1.2, faint);
            t += spacing;
        }
    }

    /// A body's part at `xf` (the body's transform composed with the part's): a chain's
    /// segment as [`Canvas::chain_segment`], any other part as [`Canvas::shape`].
    pub fn part(&self, part: &crate::geom::PlacedPart, xf: Transform, color: Color32, width: f32) {
        if part.link.is_some() {
            let v = part.shape.vertices();
            self.chain_segment(xf.apply(v[0]), xf.apply(v[1]), width + 1.0, color);
        } else {
            self.shape(&part.shape, xf, color, width);
        }
    }

    /// A thick bar from `a` to `b` (a shadow on an axis), a key mark ("shadow"): no label is
    /// drawn across it.
    pub fn bar(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        self.line(a, b, width, color);
        self.mark_segment("shadow", a, b, width);
    }
}
