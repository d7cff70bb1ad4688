//! What the canvas can see: clipping and arc sampling in screen space, so that drawing costs
//! what is visible, not what the scene is at this zoom.
//!
//! A radius-1000 circle at zoom 1e5 is 2e8 pixels across. Tessellating its outline by its size
//! on screen (or dashing a line that long) needs gigabytes; the picture needs the few hundred
//! points that fall in the window. So:
//! 1. every point is mapped to screen space in `f64` (an `f32` pixel at 1e8 is 8 pixels wide);
//! 2. lines and polylines are clipped to the view rectangle plus a margin ([`Visible::clip_segment`],
//!    [`Visible::clip_polyline`]), and convex fills are clipped to it ([`Visible::clip_convex`]);
//! 3. an arc is sampled finely only at the angles from which its centre sees the view
//!    ([`Visible::arc`]); elsewhere a few points that stay on the right side of the view do.
//!
//! Coordinates here are egui points relative to the view's centre, **y up** (the world's
//! orientation, so angles are counter-clockwise as in the scene).

use glam::DVec2;
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, TAU};

/// How far a sampled arc may stray inside the true arc (egui points): below what is visible.
const ARC_TOLERANCE: f64 = 0.2;
/// The finest angular step of an arc, so one arc is at most this many segments per full turn.
const MAX_SEGMENTS_PER_TURN: f64 = 1024.0;
/// The coarsest angular step of a visible arc (a small circle still looks round).
const MIN_SEGMENTS_PER_TURN: f64 = 24.0;

/// The view rectangle plus a margin, centred on the origin: `[-half, half]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Visible {
    /// Half the rectangle's size (points), margin included.
    pub half: DVec2,
}

impl Visible {
    /// The view of `size` points, grown by `margin` points on every side (so the edges of a
    /// clipped stroke fall outside the view).
    pub fn new(size: DVec2, margin: f64) -> Visible {
        Visible {
            half: (size * 0.5 + DVec2::splat(margin)).max(DVec2::splat(1.0)),
        }
    }

    /// The radius of the disc round the rectangle.
    fn radius(&self) -> f64 {
        self.half.length()
    }

    /// True when `p` lies in the rectangle.
    pub fn contains(&self, p: DVec2) -> bool {
        p.x.abs() <= self.half.x && p.y.abs() <= self.half.y
    }

    /// The part of segment `a`–`b` inside the rectangle (Liang–Barsky), if any.
    pub fn clip_segment(&self, a: DVec2, b: DVec2) -> Option<(DVec2, DVec2)> {
        if !(a.is_finite() && b.is_finite()) {
            return None;
        }
        let d = b - a;
        let (t0, t1) = clip_param(a, d, -self.half, self.half, (0.0, 1.0))?;
        Some((a + d * t0, a + d * t1))
    }

    /// The visible runs of a polyline: each run is a connected piece inside the rectangle.
    pub fn clip_polyline(&self, pts: &[DVec2]) -> Vec<Vec<DVec2>> {
        let mut runs: Vec<Vec<DVec2>> = Vec::new();
        let mut run: Vec<DVec2> = Vec::new();
        for w in pts.windows(2) {
            match self.clip_segment(w[0], w[1]) {
                Some((a, b)) => {
                    if run.last() != Some(&a) {
                        if run.len() > 1 {
                            runs.push(std::mem::take(&mut run));
                        }
                        run.clear();
                        run.push(a);
                    }
                    run.push(b);
                }
                None => {
                    if run.len() > 1 {
                        runs.push(std::mem::take(&mut run));
                    }
                    run.clear();
                }
            }
        }
        if run.len() > 1 {
            runs.push(run);
        }
        runs
    }

    /// A convex polygon cut to the rectangle (Sutherland–Hodgman): still convex, maybe empty.
    pub fn clip_convex(&self, pts: &[DVec2]) -> Vec<DVec2> {
        if pts.iter().all(|p| self.contains(*p)) {
            return pts.to_vec();
        }
        let mut poly: Vec<DVec2> = pts.iter().copied().filter(|p| p.is_finite()).collect();
        // Inside of each side: (axis, sign): sign * p[axis] <= half[axis].
        for (axis, sign) in [(0, 1.0), (0, -1.0), (1, 1.0), (1, -1.0)] {
            if poly.is_empty() {
                break;
            }
            let limit = self.half[axis];
            let inside = |p: DVec2| sign * p[axis] <= limit;
            let mut out = Vec::with_capacity(poly.len() + 2);
            for i in 0..poly.len() {
                let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
                if inside(p) {
                    out.push(p);
                }
                if inside(p) != inside(q) {
                    let t = (sign * limit - p[axis]) / (q[axis] - p[axis]);
                    out.push(p + (q - p) * t);
                }
            }
            poly = out;
        }
        poly
    }

    /// The part of the rectangle where `(p - a) · n <= 0` for every `(a, n)` of `planes`
    /// (Sutherland–Hodgman against each half-plane): a region that may be unbounded, such as a
    /// Voronoi region, cut to what the view shows. Empty when nothing of it is in view.
    pub fn clip_half_planes(&self, planes: &[(DVec2, DVec2)]) -> Vec<DVec2> {
        let h = self.half;
        let mut poly = vec![
            DVec2::new(-h.x, -h.y),
            DVec2::new(h.x, -h.y),
            DVec2::new(h.x, h.y),
            DVec2::new(-h.x, h.y),
        ];
        for &(a, n) in planes {
            if poly.is_empty() {
                break;
            }
            if !(a.is_finite() && n.is_finite()) || n == DVec2::ZERO {
                return Vec::new();
            }
            let side = |p: DVec2| (p - a).dot(n);
            let mut out = Vec::with_capacity(poly.len() + 1);
            for i in 0..poly.len() {
                let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
                let (sp, sq) = (side(p), side(q));
                if sp <= 0.0 {
                    out.push(p);
                }
                if (sp <= 0.0) != (sq <= 0.0) {
                    out.push(p + (q - p) * (sp / (sp - sq)));
                }
            }
            poly = out;
        }
        poly
    }

    /// Appends the arc of centre `c` and radius `r` from angle `a0` counter-clockwise through
    /// `sweep` (radians, `0..=TAU`), both ends included, sampled for this view:
    /// - fine (sagitta under `ARC_TOLERANCE`) at the angles from which `c` sees the view;
    /// - coarse elsewhere, on the circle (inscribed: the missing sliver lies inside the circle,
    ///   which there is out of view);
    /// - when the view lies wholly inside the circle, a circumscribed polygon (at most five
    ///   points for a whole turn: its corners bulge outside the circle, away from the view).
    ///
    /// A closed convex chain of such arcs and straight edges stays convex, and where it differs
    /// from the true outline the view cannot see it. At most about
    /// `MAX_SEGMENTS_PER_TURN` points per turn, whatever `r`.
    pub fn arc(&self, c: DVec2, r: f64, a0: f64, sweep: f64, out: &mut Vec<DVec2>) {
        let at = |t: f64| c + DVec2::new(t.cos(), t.sin()) * r;
        let sweep = sweep.clamp(0.0, TAU);
        if !(c.is_finite() && r.is_finite() && a0.is_finite()) || r <= 0.0 || sweep == 0.0 {
            out.push(at(a0));
            return;
        }
        let rho = self.radius();
        let d = c.length();
        if r - d >= rho {
            // The view is inside the circle: circumscribe, in quarter turns or less.
            let k = (sweep / FRAC_PI_2).ceil().max(1.0);
            let step = sweep / k;
            let corner = r / (step * 0.5).cos();
            out.push(at(a0));
            for j in 0..k as usize {
                let t = a0 + (j as f64 + 0.5) * step;
                out.push(c + DVec2::new(t.cos(), t.sin()) * corner);
            }
            out.push(at(a0 + sweep));
            return;
        }
        // The angles from which `c` sees the disc round the view: a window round `phi`.
        let window: Option<(f64, f64)> = if d - r >= rho {
            None // the circle misses the view
        } else if d <= rho {
            Some((0.0, std::f64::consts::PI)) // every angle may be seen
        } else {
            Some(((-c.y).atan2(-c.x), (rho / d).asin()))
        };
        let seen = |t: f64| match window {
            None => false,
            Some((phi, beta)) => {
                let diff = (t - phi + std::f64::consts::PI).rem_euclid(TAU) - std::f64::consts::PI;
                diff.abs() <= beta
            }
        };
        // Break the arc where it enters and leaves the window.
        let mut cuts = vec![a0, a0 + sweep];
        if let Some((phi, beta)) = window
            && beta < std::f64::consts::PI
        {
            for edge in [phi - beta, phi + beta] {
                let first = edge + ((a0 - edge) / TAU).ceil() * TAU;
                let mut t = first;
                while t < a0 + sweep {
                    if t > a0 {
                        cuts.push(t);
                    }
                    t += TAU;
                }
            }
        }
        cuts.sort_by(f64::total_cmp);
        let fine = (2.0 * (2.0 * ARC_TOLERANCE / r).sqrt())
            .clamp(TAU / MAX_SEGMENTS_PER_TURN, TAU / MIN_SEGMENTS_PER_TURN);
        out.push(at(a0));
        for w in cuts.windows(2) {
            let (t0, t1) = (w[0], w[1]);
            if t1 <= t0 {
                continue;
            }
            let step = if seen(0.5 * (t0 + t1)) {
                fine
            } else {
                FRAC_PI_4
            };
            let n = ((t1 - t0) / step).ceil().max(1.0) as usize;
            for k in 1..=n {
                out.push(at(t0 + (t1 - t0) * k as f64 / n as f64));
            }
        }
    }
}

/// The outline of a convex counter-clockwise `core` (1, 2 or more points) inflated by `r`,
/// with `normals[i]` the outward normal of edge `i` (from vertex `i` to the next), sampled for
/// `view` (see [`Visible::arc`]). Without a radius, the core itself.
pub fn rounded(core: &[DVec2], normals: &[DVec2], r: f64, view: &Visible) -> Vec<DVec2> {
    let n = core.len();
    if r <= 0.0 || n == 0 {
        return core.to_vec();
    }
    let mut pts = Vec::new();
    if n == 1 || normals.len() < n {
        view.arc(core[0], r, 0.0, TAU, &mut pts);
        pts.pop(); // the end repeats the start
        return pts;
    }
    for i in 0..n {
        let n0 = normals[(i + n - 1) % n];
        let n1 = normals[i];
        let a0 = n0.y.atan2(n0.x);
        let mut sweep = n1.y.atan2(n1.x) - a0;
        while sweep <= 0.0 {
            sweep += TAU;
        }
        if sweep >= TAU - 1e-4 {
            sweep = 0.0;
        }
        view.arc(core[i], r, a0, sweep, &mut pts);
    }
    pts
}

/// Liang–Barsky: the part `[t0, t1]` of `range` for which `a + t d` lies in the rectangle
/// `min`–`max`, if any (`range` may be infinite, for a whole line).
pub fn clip_param(
    a: DVec2,
    d: DVec2,
    min: DVec2,
    max: DVec2,
    range: (f64, f64),
) -> Option<(f64, f64)> {
    let (mut t0, mut t1) = range;
    // Each side: p·t <= q keeps the point inside.
    for (p, q) in [
        (-d.x, a.x - min.x),
        (d.x, max.x - a.x),
        (-d.y, a.y - min.y),
        (d.y, max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0.is_finite() && t1.is_finite() && t0 <= t1).then_some((t0, t1))
}

/// Hit testing in window pixels: distance from `p` to the segment `a`–`b`.
pub fn to_segment(p: glam::Vec2, a: glam::Vec2, b: glam::Vec2) -> f32 {
    let d = b - a;
    let t = if d.length_squared() > 0.0 {
        ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + d * t)
}

/// True when `p` is inside the triangle (either winding).
pub fn inside_triangle(p: glam::Vec2, t: [glam::Vec2; 3]) -> bool {
    let side = |a: glam::Vec2, b: glam::Vec2| (b - a).perp_dot(p - a);
    let s = [side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])];
    s.iter().all(|v| *v >= 0.0) || s.iter().all(|v| *v <= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> Visible {
        Visible::new(DVec2::new(900.0, 700.0), 32.0)
    }

    /// The points of a whole circle of radius `r` centred at `c`.
    fn circle(c: DVec2, r: f64) -> Vec<DVec2> {
        rounded(&[c], &[], r, &view())
    }

    /// Twice the signed area of a polygon (shoelace).
    fn area2(pts: &[DVec2]) -> f64 {
        (0..pts.len())
            .map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()]))
            .sum()
    }

    #[test]
    fn half_planes_cut_the_view_to_the_region() {
        let v = view();
        let h = v.half;
        // The quadrant x <= 0, y <= 0: a quarter of the view.
        let q = v.clip_half_planes(&[(DVec2::ZERO, DVec2::X), (DVec2::ZERO, DVec2::Y)]);
        assert!((area2(&q) * 0.5 - h.x * h.y).abs() < 1e-6, "{q:?}");
        // A wedge at (100, 50) between two slanted planes: every corner obeys both.
        let planes = [
            (DVec2::new(100.0, 50.0), DVec2::new(1.0, 2.0)),
            (DVec2::new(100.0, 50.0), DVec2::new(1.0, -0.5)),
        ];
        let w = v.clip_half_planes(&planes);
        assert!(w.len() >= 3);
        for p in &w {
            for (a, n) in planes {
                assert!((*p - a).dot(n) <= 1e-9, "{p:?} outside the plane at {a:?}");
            }
            assert!(p.x.abs() <= h.x + 1e-9 && p.y.abs() <= h.y + 1e-9);
        }
        // A region wholly out of view, and a degenerate plane: nothing.
        let far = DVec2::new(-2.0 * h.x, 0.0);
        assert!(v.clip_half_planes(&[(far, DVec2::X)]).is_empty());
        assert!(v.clip_half_planes(&[(DVec2::ZERO, DVec2::ZERO)]).is_empty());
    }

    #[test]
    fn a_huge_circle_costs_what_is_visible() {
        // Radius 1000 at zoom 1e5 (2e8 points), the view on its edge, inside, outside.
        let r = 1000.0 * 1e5;
        for c in [
            DVec2::new(-r, 0.0),
            DVec2::new(-r + 300.0, 100.0),
            DVec2::new(-r - 300.0, 0.0),
            DVec2::ZERO,
            DVec2::new(3.0 * r, 0.0),
        ] {
            let pts = circle(c, r);
            assert!(pts.len() < 200, "{c:?}: {} points", pts.len());
            // Clipped to the view, what is left is small and inside it.
            let clipped = view().clip_convex(&pts);
            assert!(clipped.iter().all(|p| view().contains(*p * 0.999_999)));
        }
    }

    #[test]
    fn the_visible_part_of_an_arc_is_accurate() {
        // Circles whose edge crosses the view: where the outline passes through the view, its
        // edges stay within the tolerance of the circle (no chord cuts across the view).
        for (r, c) in [
            (5.0e6, DVec2::new(-5.0e6 + 100.0, -50.0)),
            (2000.0, DVec2::new(-1900.0, 30.0)),
            (700.0, DVec2::new(100.0, -200.0)),
        ] {
            let pts = circle(c, r);
            let runs = view().clip_polyline(&[pts.clone(), vec![pts[0]]].concat());
            assert!(!runs.is_empty(), "r {r}: the edge is in view");
            for run in runs {
                for w in run.windows(2) {
                    let mid = (w[0] + w[1]) * 0.5;
                    let err = r - (mid - c).length();
                    assert!(
                        (-1e-6..=ARC_TOLERANCE * 1.01).contains(&err),
                        "r {r}: error {err} at {mid:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_small_circle_is_round_and_whole() {
        let pts = circle(DVec2::new(10.0, 20.0), 30.0);
        assert!(pts.len() >= 24 && pts.len() < 200, "{}", pts.len());
        for p in &pts {
            assert!(((*p - DVec2::new(10.0, 20.0)).length() - 30.0).abs() < 1e-9);
        }
    }

    #[test]
    fn a_view_inside_the_circle_is_covered() {
        let r = 1.0e8;
        let pts = circle(DVec2::new(10.0, -5.0), r);
        assert!(pts.len() <= 6);
        let clipped = view().clip_convex(&pts);
        // The whole view (with its margin) is filled.
        let area: f64 = (0..clipped.len())
            .map(|i| clipped[i].perp_dot(clipped[(i + 1) % clipped.len()]) * 0.5)
            .sum();
        let full = 4.0 * view().half.x * view().half.y;
        assert!((area - full).abs() < 1e-6 * full, "{area} vs {full}");
    }

    #[test]
    fn segments_are_clipped_to_the_view() {
        let v = view();
        let (a, b) = v
            .clip_segment(DVec2::new(-1e9, 0.0), DVec2::new(1e9, 0.0))
            .expect("crosses");
        assert!((a.x + v.half.x).abs() < 1e-6 && (b.x - v.half.x).abs() < 1e-6);
        assert!(
            v.clip_segment(DVec2::new(-1e9, 1e6), DVec2::new(1e9, 1e6))
                .is_none()
        );
        let inside = (DVec2::new(1.0, 2.0), DVec2::new(3.0, 4.0));
        assert_eq!(v.clip_segment(inside.0, inside.1), Some(inside));
    }
}
