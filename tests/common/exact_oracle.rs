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
#![allow(dead_code)]

use glam::DVec2;
use narrowphase_lab::geom::Shape;

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
