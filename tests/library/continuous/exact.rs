//! The exact first contact of two convex shapes under translation, in f64, written for these
//! tests alone (it shares no code with the library).
//!
//! B moves by `t·v` against A. The shapes' cores are within distance `R` exactly when the point
//! `0` is within `R` of the Minkowski difference `B(t) − A = (B − A) + t·v`, that is when `−t·v`
//! is within `R` of the hull `M` of the points `b_j − a_i`. So the first time is a ray cast from
//! the origin along `−v` against `M` grown by `R`: zero when the origin starts within it, else the
//! first entry into the union of its edges' capsules (the boundary grown by `R`), each a slab
//! (Cyrus–Beck clipping of the ray, exact for a ray parallel to a face) and two end circles.
//!
//! Vertices are placed in f64 from the f32 inputs (position, the rotation's own cosine and
//! sine), so the only rounding left is f64's, 1e-16 relative: far below any tolerance here.

use glam::Vec2;
use narrowphase_lab::geom::{Shape, Transform};

/// A point in f64.
pub type P = [f64; 2];

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

/// A shape's core vertices placed by `xf`, in f64.
pub fn core(shape: &Shape, xf: Transform) -> Vec<P> {
    let (c, s) = (xf.q.c as f64, xf.q.s as f64);
    let (px, py) = (xf.p.x as f64, xf.p.y as f64);
    shape
        .vertices()
        .iter()
        .map(|v| {
            let (x, y) = (v.x as f64, v.y as f64);
            [c * x - s * y + px, s * x + c * y + py]
        })
        .collect()
}

/// The convex hull of `points` (Andrew's monotone chain, counter-clockwise, collinear dropped).
pub fn hull(points: &[P]) -> Vec<P> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let turn = |o: P, a: P, b: P| cross(sub(a, o), sub(b, o));
    let chain = |it: &mut dyn Iterator<Item = P>| {
        let mut h: Vec<P> = Vec::new();
        for q in it {
            while h.len() >= 2 && turn(h[h.len() - 2], h[h.len() - 1], q) <= 0.0 {
                h.pop();
            }
            h.push(q);
        }
        h.pop();
        h
    };
    let mut lower = chain(&mut p.clone().into_iter());
    let upper = chain(&mut p.into_iter().rev());
    lower.extend(upper);
    lower
}

/// The hull of `B − A` for the two placed cores.
pub fn difference(a: &[P], b: &[P]) -> Vec<P> {
    let pts: Vec<P> = b
        .iter()
        .flat_map(|bj| a.iter().map(move |ai| sub(*bj, *ai)))
        .collect();
    hull(&pts)
}

/// Distance from point `x` to the segment `p–q`.
fn segment_distance(x: P, p: P, q: P) -> f64 {
    let e = sub(q, p);
    let ee = dot(e, e);
    let s = if ee > 0.0 {
        (dot(sub(x, p), e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let c = [p[0] + s * e[0], p[1] + s * e[1]];
    dot(sub(x, c), sub(x, c)).sqrt()
}

/// Distance from `x` to the convex polygon `m` (0 inside).
pub fn distance(m: &[P], x: P) -> f64 {
    let n = m.len();
    if n == 1 {
        return dot(sub(x, m[0]), sub(x, m[0])).sqrt();
    }
    let inside = n >= 3 && (0..n).all(|i| cross(sub(m[(i + 1) % n], m[i]), sub(x, m[i])) >= 0.0);
    if inside {
        return 0.0;
    }
    (0..n)
        .map(|i| segment_distance(x, m[i], m[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// First `t ≥ 0` at which the ray `x(t) = t·d` enters the disc of radius `r` about `c`.
fn ray_circle(d: P, c: P, r: f64) -> Option<f64> {
    let a = dot(d, d);
    let b = -dot(d, c);
    let cc = dot(c, c) - r * r;
    let disc = b * b - a * cc;
    if disc < 0.0 || a == 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()) / a;
    (t >= 0.0).then_some(t)
}

/// First `t ≥ 0` at which the ray `t·d` enters the rectangle of points within `r` of the line
/// through `p–q` and between its ends (Cyrus–Beck: each side a half-plane `a · x ≤ h`).
fn ray_slab(d: P, p: P, q: P, r: f64) -> Option<f64> {
    let e = sub(q, p);
    let len = dot(e, e).sqrt();
    if len == 0.0 {
        return None;
    }
    let u = [e[0] / len, e[1] / len];
    let n = [u[1], -u[0]];
    let sides = [
        (n, dot(n, p) + r),
        ([-n[0], -n[1]], -dot(n, p) + r),
        (u, dot(u, q)),
        ([-u[0], -u[1]], -dot(u, p)),
    ];
    let (mut enter, mut exit) = (0.0f64, f64::INFINITY);
    for (a, h) in sides {
        let rate = dot(a, d);
        if rate == 0.0 {
            if h < 0.0 {
                return None;
            }
        } else if rate < 0.0 {
            enter = enter.max(h / rate);
        } else {
            exit = exit.min(h / rate);
        }
    }
    (enter <= exit).then_some(enter)
}

/// The first fraction `t ≥ 0` of the translation `v` (B's, against A) at which the cores `a`
/// and `b` (placed, f64) come within `r` of each other; None if never (the ray is unbounded:
/// the answer may be past 1).
pub fn first_time(a: &[P], b: &[P], v: Vec2, r: f64) -> Option<f64> {
    let m = difference(a, b);
    if distance(&m, [0.0, 0.0]) <= r {
        return Some(0.0);
    }
    let d = [-(v.x as f64), -(v.y as f64)];
    let n = m.len();
    let mut best: Option<f64> = None;
    let mut take = |t: Option<f64>| {
        if let Some(t) = t {
            best = Some(best.map_or(t, |b: f64| b.min(t)));
        }
    };
    for i in 0..n {
        take(ray_circle(d, m[i], r));
        if n >= 2 {
            take(ray_slab(d, m[i], m[(i + 1) % n], r));
        }
    }
    best
}

/// The cores' exact distance with B moved by `t·v`.
pub fn core_distance(a: &[P], b: &[P], v: Vec2, t: f64) -> f64 {
    let m = difference(a, b);
    distance(&m, [-t * v.x as f64, -t * v.y as f64])
}
