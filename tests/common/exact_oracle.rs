//! An exact (f64) oracle for a pair of shapes, independent of the library's algorithms.
//!
//! Each body is its convex core in world coordinates, in f64, relative to a frame origin chosen
//! by the caller (A's position, so that pairs far from the world origin keep every digit): a
//! point (circle), a segment (capsule) or a convex polygon, plus its radius. The cores are the
//! library's own `f32` local vertices (what `Shape::vertices` returns), placed with the scene's
//! position and angle in f64; nothing else of the library is used.
//!
//! - The true core signed distance is the signed distance of the origin to the convex hull of
//!   every difference `b_j − a_i` (the Minkowski difference of the cores): outside, the
//!   Euclidean distance to the hull; inside, minus the smallest distance to an edge line;
//!   a degenerate hull (a point or a segment) gives the distance to it.
//! - The true separation is that minus both radii.
//! - The support gap along a unit `n`: `min_B n·b − max_A n·a − r_a − r_b`. It is at most the
//!   true separation for every `n`, and equal to it exactly for the normals that realise it.
//! - The distance from a point to a core's boundary (its point, its segment, or its polygon's
//!   edges).
//! - The brute force: the largest support gap over (practically) every direction, which for
//!   convex shapes is the signed distance too, by another road (no hull).
//! - Bodies described in f64 from the start (a rectangle, a regular polygon), placed and
//!   projected on an axis (a shadow), for numbers a test works out by hand.
//!
//! It is the one f64 oracle of the tests: every binary reaches it as `common::exact_oracle`.
#![allow(dead_code)]

use glam::{DVec2, Vec2};
use narrowphase_lab::geom::{Shape, Transform};

/// A core in f64, in some frame (world minus the caller's origin), with its radius.
#[derive(Clone, Debug)]
pub struct Core {
    /// Counter-clockwise vertices: 1 (circle), 2 (capsule) or 3..=64 (polygon).
    pub verts: Vec<DVec2>,
    /// The rounding radius.
    pub radius: f64,
}

/// Cosine and sine of `deg` degrees in f64, exact at multiples of 90° (the scene format
/// promises that a quarter turn keeps a box exactly axis-aligned).
pub fn cos_sin_deg(deg: f32) -> (f64, f64) {
    let r = (deg as f64).rem_euclid(360.0);
    if r == 0.0 {
        (1.0, 0.0)
    } else if r == 90.0 {
        (0.0, 1.0)
    } else if r == 180.0 {
        (-1.0, 0.0)
    } else if r == 270.0 {
        (0.0, -1.0)
    } else {
        let (s, c) = r.to_radians().sin_cos();
        (c, s)
    }
}

/// The shape's core placed at `position` turned by `angle_deg`, in the frame whose origin is
/// `origin` (world coordinates), all in f64.
pub fn place(shape: &Shape, position: [f32; 2], angle_deg: f32, origin: DVec2) -> Core {
    let (c, s) = cos_sin_deg(angle_deg);
    let p = DVec2::new(position[0] as f64, position[1] as f64) - origin;
    let verts = shape
        .vertices()
        .iter()
        .map(|v| {
            let (x, y) = (v.x as f64, v.y as f64);
            DVec2::new(c * x - s * y, s * x + c * y) + p
        })
        .collect();
    Core {
        verts,
        radius: shape.radius() as f64,
    }
}

/// The shape's core placed by the transform `xf` (its cosine and sine as they are, no round
/// trip through an angle), in the frame whose origin is `origin`, in f64.
pub fn place_xf(shape: &Shape, xf: Transform, origin: DVec2) -> Core {
    let (c, s) = (xf.q.c as f64, xf.q.s as f64);
    let p = DVec2::new(xf.p.x as f64, xf.p.y as f64) - origin;
    let verts = shape
        .vertices()
        .iter()
        .map(|v| {
            let (x, y) = (v.x as f64, v.y as f64);
            DVec2::new(c * x - s * y, s * x + c * y) + p
        })
        .collect();
    Core {
        verts,
        radius: shape.radius() as f64,
    }
}

/// Largest distance of the rounded shape from the point `centre` (its bounding radius there).
pub fn bounding_radius(core: &Core, centre: DVec2) -> f64 {
    core.verts
        .iter()
        .map(|v| v.distance(centre))
        .fold(0.0, f64::max)
        + core.radius
}

fn cross(o: DVec2, a: DVec2, b: DVec2) -> f64 {
    (a - o).perp_dot(b - o)
}

/// Convex hull (Andrew's monotone chain) in f64, counter-clockwise, collinear points dropped;
/// 1 or 2 points when degenerate.
pub fn hull(points: &[DVec2]) -> Vec<DVec2> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let mut out: Vec<DVec2> = Vec::with_capacity(2 * p.len());
    for pass in 0..2 {
        let start = out.len();
        let iter: Box<dyn Iterator<Item = &DVec2>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for &q in iter {
            while out.len() >= start + 2 && cross(out[out.len() - 2], out[out.len() - 1], q) <= 0.0
            {
                out.pop();
            }
            out.push(q);
        }
        out.pop();
    }
    if out.len() < 3 {
        // Every point on one line: the two extremes.
        return vec![p[0], p[p.len() - 1]];
    }
    out
}

/// The hull of every difference `b_j − a_i` of the two cores (the Minkowski difference B − A).
pub fn minkowski_difference(a: &Core, b: &Core) -> Vec<DVec2> {
    let mut diffs = Vec::with_capacity(a.verts.len() * b.verts.len());
    for bj in &b.verts {
        for ai in &a.verts {
            diffs.push(*bj - *ai);
        }
    }
    hull(&diffs)
}

/// Distance from `p` to the segment `a`–`b`.
pub fn segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let e = b - a;
    let len2 = e.length_squared();
    if len2 == 0.0 {
        return p.distance(a);
    }
    let t = ((p - a).dot(e) / len2).clamp(0.0, 1.0);
    p.distance(a + e * t)
}

/// Signed distance of the point `p` to the convex hull `h` (counter-clockwise, as [`hull`]
/// returns it): positive outside, minus the distance to the nearest edge line inside, and the
/// plain distance to a degenerate hull (a point or a segment).
pub fn signed_distance(h: &[DVec2], p: DVec2) -> f64 {
    match h.len() {
        0 => f64::INFINITY,
        1 => p.distance(h[0]),
        2 => segment_distance(p, h[0], h[1]),
        n => {
            let mut inside = true;
            let mut edge_line = f64::INFINITY;
            let mut edge_seg = f64::INFINITY;
            for i in 0..n {
                let (a, b) = (h[i], h[(i + 1) % n]);
                let e = b - a;
                // Distance to the edge line, positive on the inner (left) side.
                let d = e.perp_dot(p - a) / e.length();
                if d < 0.0 {
                    inside = false;
                }
                edge_line = edge_line.min(d);
                edge_seg = edge_seg.min(segment_distance(p, a, b));
            }
            if inside { -edge_line } else { edge_seg }
        }
    }
}

/// The exact answer for a pair: core signed distance and separation.
#[derive(Clone, Copy, Debug)]
pub struct Truth {
    /// Signed distance of the cores (negative: the cores overlap).
    pub core: f64,
    /// Signed distance of the rounded shapes: `core − r_a − r_b`.
    pub separation: f64,
}

/// The true core signed distance and separation of `a` and `b`.
pub fn truth(a: &Core, b: &Core) -> Truth {
    let core = signed_distance(&minkowski_difference(a, b), DVec2::ZERO);
    Truth {
        core,
        separation: core - a.radius - b.radius,
    }
}

/// `min_B n·b − max_A n·a − r_a − r_b`: how far apart the shapes are along `n` (A → B).
pub fn support_gap(a: &Core, b: &Core, n: DVec2) -> f64 {
    let max_a = a.verts.iter().map(|v| n.dot(*v)).fold(f64::MIN, f64::max);
    let min_b = b.verts.iter().map(|v| n.dot(*v)).fold(f64::MAX, f64::min);
    min_b - max_a - a.radius - b.radius
}

/// Unsigned distance from `p` to the boundary of the core (its point, its segment, or the edges
/// of its polygon).
pub fn boundary_distance(core: &Core, p: DVec2) -> f64 {
    let v = &core.verts;
    match v.len() {
        1 => p.distance(v[0]),
        2 => segment_distance(p, v[0], v[1]),
        n => (0..n)
            .map(|i| segment_distance(p, v[i], v[(i + 1) % n]))
            .fold(f64::INFINITY, f64::min),
    }
}

// ------------------------------------------------------------------------------------------
// Brute force: the largest support gap over (practically) all directions, in f64.

/// Number of evenly spaced directions the brute force samples before refining.
pub const BRUTE_DIRECTIONS: usize = 10_000;

/// The brute-force signed distance and its direction (from A to B): the maximum over unit
/// directions `d` of [`support_gap`] (`min_B(d) − max_A(d)` of the rounded shapes). For convex
/// shapes this is the distance when apart and minus the penetration depth when overlapping.
/// Sampled at [`BRUTE_DIRECTIONS`] angles, then every near-best sample is refined on a finer
/// grid (three rounds of 33 samples), in f64, in the pair frame (origin at A's position).
pub fn brute_separation(a: &Shape, xf_a: Transform, b: &Shape, xf_b: Transform) -> (f64, Vec2) {
    let origin = DVec2::new(xf_a.p.x as f64, xf_a.p.y as f64);
    let (ca, cb) = (place_xf(a, xf_a, origin), place_xf(b, xf_b, origin));
    let gap = |theta: f64| support_gap(&ca, &cb, DVec2::new(theta.cos(), theta.sin()));
    let n = BRUTE_DIRECTIONS;
    let step = std::f64::consts::TAU / n as f64;
    let coarse: Vec<f64> = (0..n).map(|i| gap(i as f64 * step)).collect();
    let best = coarse.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // The gap changes by at most |support point| per radian: anything within 2 L step of the
    // coarse best may hide the true maximum between samples.
    let reach = |c: &Core| c.verts.iter().map(|v| v.length()).fold(0.0, f64::max) + c.radius;
    let lipschitz = reach(&ca) + reach(&cb);
    let near: Vec<usize> = (0..n)
        .filter(|&i| coarse[i] >= best - 2.0 * lipschitz * step)
        .collect();
    let seeds: Vec<usize> = if near.len() <= 64 {
        near
    } else {
        near.into_iter()
            .filter(|&i| coarse[i] >= coarse[(i + n - 1) % n] && coarse[i] >= coarse[(i + 1) % n])
            .collect()
    };
    let mut result = (best, 0.0);
    for i in seeds {
        let (mut centre, mut half) = (i as f64 * step, step);
        let mut local = (coarse[i], centre);
        for _ in 0..3 {
            for k in 0..=32 {
                let t = centre - half + 2.0 * half * k as f64 / 32.0;
                let g = gap(t);
                if g > local.0 {
                    local = (g, t);
                }
            }
            centre = local.1;
            half *= 2.0 / 32.0;
        }
        if local.0 >= result.0 {
            result = local;
        }
    }
    if result.1 == 0.0 && result.0 == best {
        let i = coarse.iter().position(|g| *g == best).unwrap_or(0);
        result.1 = i as f64 * step;
    }
    (
        result.0,
        Vec2::new(result.1.cos() as f32, result.1.sin() as f32),
    )
}

// ------------------------------------------------------------------------------------------
// Bodies described in f64 from the start, for numbers worked out by hand.

/// Points of a body's own frame turned by `deg` degrees and moved to `at`, in f64.
pub fn place_points(local: &[DVec2], at: DVec2, deg: f64) -> Vec<DVec2> {
    let r = DVec2::from_angle(deg.to_radians());
    local.iter().map(|p| at + r.rotate(*p)).collect()
}

/// A regular polygon of `sides` vertices on a circle of `circumradius`, its first vertex
/// straight up and then counter-clockwise (the scene format's `RegularPolygon`).
pub fn regular_polygon(sides: usize, circumradius: f64) -> Vec<DVec2> {
    (0..sides)
        .map(|i| {
            let t = (90.0 + 360.0 * i as f64 / sides as f64).to_radians();
            DVec2::new(t.cos(), t.sin()) * circumradius
        })
        .collect()
}

/// A `w` × `h` rectangle centred on the origin, counter-clockwise from its lower left corner
/// (the scene format's `Box`).
pub fn rect(w: f64, h: f64) -> Vec<DVec2> {
    let (x, y) = (w / 2.0, h / 2.0);
    vec![
        DVec2::new(-x, -y),
        DVec2::new(x, -y),
        DVec2::new(x, y),
        DVec2::new(-x, y),
    ]
}

/// The shadow of `points` on the axis `u`: the smallest and the largest `p · u`.
pub fn shadow(points: &[DVec2], u: DVec2) -> (f64, f64) {
    points
        .iter()
        .map(|p| p.dot(u))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
            (lo.min(d), hi.max(d))
        })
}
