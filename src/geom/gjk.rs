//! GJK (Gilbert–Johnson–Keerthi): distance between two convex cores.
//!
//! GJK works on the Minkowski difference `B − A = { b − a }`: the cores overlap exactly when it
//! contains the origin, and otherwise their distance is the origin's distance to it. The
//! difference is never built; its support point in direction `d` is B's support point along
//! `d` minus A's along `−d`.
//!
//! 1. Start the simplex with one support point.
//! 2. Find the Voronoi region of the simplex that holds the origin; keep only the vertices of
//!    that feature (a vertex, an edge, or the whole triangle — then the origin is enclosed).
//! 3. The feature's closest point to the origin is the current estimate; search from it
//!    towards the origin for a new support point.
//! 4. Stop when the new point is one we already have, makes no progress towards the origin,
//!    the origin lies on the simplex (within the rounding of its points), or the iteration cap
//!    is hit; otherwise add it and repeat.
//!
//! Witness points on A and B come from the barycentric weights of the final simplex. Cores
//! only: callers fold the radii back in (see `query`). Follows Box2D's `b2ShapeDistance`
//! (Erin Catto, "Computing Distance", GDC 2010) and Ericson, *Real-Time Collision Detection* 9.5.

use super::math::{cross, left_perp, right_perp, try_normalize};
use crate::geom::frame::pair_scale;
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

/// GJK stops after this many iterations whatever happens.
pub const MAX_GJK_ITERATIONS: usize = 32;

/// The least progress towards the origin that counts as progress: a few roundings of the
/// numbers involved. A support point is the difference `w_b − w_a` of two placed vertices, so its
/// rounding error is relative to the larger of them (and of the closest point so far), not to
/// any fixed length: a pair a millionth of a unit across converges exactly as one a unit across.
#[inline]
fn progress_tolerance(v: &SimplexVertex, closest: Vec2) -> f32 {
    let scale = v
        .w_a
        .abs()
        .max(v.w_b.abs())
        .max(v.w.abs())
        .max(closest.abs())
        .max_element();
    4.0 * f32::EPSILON * scale
}

/// How close to the origin the simplex's closest point may be and still be taken as the origin
/// itself: a few roundings of the support points it is made from. A tiny box on a huge one
/// builds its simplex from points hundreds of units out, whose last bits are 1e-4 apart: an
/// estimate of 1e-5 there is rounding, not a distance.
#[inline]
fn resolution(s: &[SimplexVertex]) -> f32 {
    let scale = s
        .iter()
        .map(|v| v.w_a.abs().max(v.w_b.abs()).max_element())
        .fold(0.0, f32::max);
    RESOLUTION_ROUNDINGS * f32::EPSILON * scale
}

/// How many roundings of the support points make [`resolution`].
const RESOLUTION_ROUNDINGS: f32 = 4.0;

/// A point of the Minkowski difference together with the support pair that made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimplexVertex {
    /// Support point on A's core (pair frame).
    pub w_a: Vec2,
    /// Support point on B's core (pair frame).
    pub w_b: Vec2,
    /// `w_b − w_a`, the point of the Minkowski difference.
    pub w: Vec2,
    /// Index of `w_a` among A's core vertices.
    pub index_a: usize,
    /// Index of `w_b` among B's core vertices.
    pub index_b: usize,
    /// Barycentric weight in the current closest point (1 for a lone vertex).
    pub weight: f32,
}

/// The support point of `B − A` in direction `d`.
pub fn minkowski_support(a: &Placed, b: &Placed, d: Vec2) -> SimplexVertex {
    let index_a = a.support(-d);
    let index_b = b.support(d);
    let w_a = a.vertex(index_a);
    let w_b = b.vertex(index_b);
    SimplexVertex {
        w_a,
        w_b,
        w: w_b - w_a,
        index_a,
        index_b,
        weight: 1.0,
    }
}

/// Where the origin lies relative to the simplex, indices into the simplex *before* reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoronoiRegion {
    /// Closest to this vertex: only it is kept.
    Vertex(usize),
    /// Closest to the inside of this edge: its two vertices are kept.
    Edge(usize, usize),
    /// Inside the triangle: the origin is enclosed.
    Interior,
}

/// Why GJK stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GjkStop {
    /// The triangle contains the origin: the cores overlap.
    OriginEnclosed,
    /// The origin lies on the simplex (a vertex or an edge), up to the rounding of its points:
    /// the cores touch or overlap.
    OriginOnSimplex,
    /// The new support point is no closer to the origin than the simplex: converged.
    NoProgress,
    /// The new support pair is already in the simplex: converged.
    RepeatedSupport,
    /// [`MAX_GJK_ITERATIONS`] reached; the best answer so far is returned.
    IterationCap,
}

/// One GJK iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct GjkStep {
    /// The simplex as this iteration received it (with last iteration's new vertex last).
    pub simplex_in: Vec<SimplexVertex>,
    /// The Voronoi region of `simplex_in` holding the origin.
    pub region: VoronoiRegion,
    /// The simplex kept (the vertices of that region), with their weights.
    pub simplex: Vec<SimplexVertex>,
    /// The closest point of the kept simplex to the origin.
    pub closest: Vec2,
    /// Its distance from the origin (the current distance estimate).
    pub distance: f32,
    /// The witness point on A's core for `closest` (weights of the kept simplex).
    pub point_a: Vec2,
    /// The witness point on B's core for `closest`.
    pub point_b: Vec2,
    /// The search direction from the closest point (None when the origin is enclosed or on it).
    pub direction: Option<Vec2>,
    /// The support point found along `direction`.
    pub support: Option<SimplexVertex>,
    /// Why GJK stopped here, if it did.
    pub stop: Option<GjkStop>,
}

/// The GJK result. Points are in the pair frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkOutput {
    /// Closest point on A's core.
    pub point_a: Vec2,
    /// Closest point on B's core.
    pub point_b: Vec2,
    /// Distance between the cores (0 when they touch or overlap).
    pub distance: f32,
    /// The final simplex (EPA's start when the cores overlap).
    pub simplex: [SimplexVertex; 3],
    /// How many vertices of `simplex` are used.
    pub simplex_count: usize,
    /// Iterations run.
    pub iterations: usize,
    /// Why it stopped.
    pub stop: GjkStop,
}

impl GjkOutput {
    /// True when the origin is on or inside the simplex: the cores touch or overlap.
    pub fn cores_meet(&self) -> bool {
        matches!(
            self.stop,
            GjkStop::OriginEnclosed | GjkStop::OriginOnSimplex
        )
    }

    /// The used part of the final simplex.
    pub fn simplex(&self) -> &[SimplexVertex] {
        &self.simplex[..self.simplex_count]
    }

    /// The unit direction from A's closest point to B's, taken from the final simplex (its
    /// vertex, or its edge's perpendicular) rather than from the witness points, whose
    /// difference cancels when the cores nearly touch. `None` when the cores meet.
    pub fn normal(&self) -> Option<Vec2> {
        if self.cores_meet() {
            return None;
        }
        search_direction(self.simplex()).and_then(|d| try_normalize(-d))
    }
}

/// Reduces a 2-simplex to the feature nearest the origin, setting weights.
fn solve2(s: &mut [SimplexVertex; 3], count: &mut usize) -> VoronoiRegion {
    let (w1, w2) = (s[0].w, s[1].w);
    let e12 = w2 - w1;
    let d12_1 = w2.dot(e12);
    let d12_2 = -w1.dot(e12);
    if d12_2 <= 0.0 {
        s[0].weight = 1.0;
        *count = 1;
        return VoronoiRegion::Vertex(0);
    }
    if d12_1 <= 0.0 {
        s[1].weight = 1.0;
        s[0] = s[1];
        *count = 1;
        return VoronoiRegion::Vertex(1);
    }
    let inv = 1.0 / (d12_1 + d12_2);
    s[0].weight = d12_1 * inv;
    s[1].weight = d12_2 * inv;
    *count = 2;
    VoronoiRegion::Edge(0, 1)
}

/// Reduces a 3-simplex to the feature nearest the origin, setting weights.
fn solve3(s: &mut [SimplexVertex; 3], count: &mut usize) -> VoronoiRegion {
    let (w1, w2, w3) = (s[0].w, s[1].w, s[2].w);
    let e12 = w2 - w1;
    let (d12_1, d12_2) = (w2.dot(e12), -w1.dot(e12));
    let e13 = w3 - w1;
    let (d13_1, d13_2) = (w3.dot(e13), -w1.dot(e13));
    let e23 = w3 - w2;
    let (d23_1, d23_2) = (w3.dot(e23), -w2.dot(e23));
    // Signed areas of the sub-triangles with the origin, scaled by the triangle's orientation.
    let n123 = cross(e12, e13);
    let d123_1 = n123 * cross(w2, w3);
    let d123_2 = n123 * cross(w3, w1);
    let d123_3 = n123 * cross(w1, w2);

    let keep1 = |s: &mut [SimplexVertex; 3], i: usize, count: &mut usize| {
        s[0] = s[i];
        s[0].weight = 1.0;
        *count = 1;
    };
    let keep2 =
        |s: &mut [SimplexVertex; 3], i: usize, j: usize, wi: f32, wj: f32, count: &mut usize| {
            let inv = 1.0 / (wi + wj);
            let (vi, vj) = (s[i], s[j]);
            s[0] = vi;
            s[1] = vj;
            s[0].weight = wi * inv;
            s[1].weight = wj * inv;
            *count = 2;
        };

    if d12_2 <= 0.0 && d13_2 <= 0.0 {
        keep1(s, 0, count);
        return VoronoiRegion::Vertex(0);
    }
    if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
        keep2(s, 0, 1, d12_1, d12_2, count);
        return VoronoiRegion::Edge(0, 1);
    }
    if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
        keep2(s, 0, 2, d13_1, d13_2, count);
        return VoronoiRegion::Edge(0, 2);
    }
    if d12_1 <= 0.0 && d23_2 <= 0.0 {
        keep1(s, 1, count);
        return VoronoiRegion::Vertex(1);
    }
    if d13_1 <= 0.0 && d23_1 <= 0.0 {
        keep1(s, 2, count);
        return VoronoiRegion::Vertex(2);
    }
    if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
        keep2(s, 1, 2, d23_1, d23_2, count);
        return VoronoiRegion::Edge(1, 2);
    }
    let inv = 1.0 / (d123_1 + d123_2 + d123_3);
    s[0].weight = d123_1 * inv;
    s[1].weight = d123_2 * inv;
    s[2].weight = d123_3 * inv;
    *count = 3;
    VoronoiRegion::Interior
}

/// The points on A's and B's cores that the simplex's weights give (the closest pair when the
/// cores are apart).
fn witnesses(s: &[SimplexVertex]) -> (Vec2, Vec2) {
    (
        s.iter().map(|v| v.w_a * v.weight).sum(),
        s.iter().map(|v| v.w_b * v.weight).sum(),
    )
}

fn closest_point(s: &[SimplexVertex]) -> Vec2 {
    s.iter().map(|v| v.w * v.weight).sum()
}

/// The direction from the simplex towards the origin, or None when the origin is on it.
fn search_direction(s: &[SimplexVertex]) -> Option<Vec2> {
    let d = match s {
        [v] => -v.w,
        [v1, v2, ..] => {
            let e = v2.w - v1.w;
            let side = cross(e, -v1.w);
            if side > 0.0 {
                left_perp(e)
            } else if side < 0.0 {
                right_perp(e)
            } else {
                return None;
            }
        }
        [] => return None,
    };
    (d.length_squared() > 0.0 && d.is_finite()).then_some(d)
}

/// GJK on two cores already in one frame.
pub fn gjk(a: &Placed, b: &Placed, trace: &mut impl Trace<GjkStep>) -> GjkOutput {
    // 1. Start from the support point towards the origin from the difference of centroids.
    let d0 = a.centroid() - b.centroid();
    let d0 = if d0.length_squared() > 0.0 {
        d0
    } else {
        Vec2::Y
    };
    let mut simplex = [minkowski_support(a, b, d0); 3];
    let mut count = 1;
    // A bound on every simplex's resolution (its points are the cores' placed vertices, within
    // the pair's scale), so that the exact one is worked out only for an estimate below it.
    let coarse = 2.0 * RESOLUTION_ROUNDINGS * f32::EPSILON * pair_scale(a, b);
    let mut iterations = 0;
    let stop = loop {
        iterations += 1;
        let input = simplex;
        let input_count = count;

        // 2. Reduce to the feature closest to the origin.
        let region = match count {
            1 => {
                simplex[0].weight = 1.0;
                VoronoiRegion::Vertex(0)
            }
            2 => solve2(&mut simplex, &mut count),
            _ => solve3(&mut simplex, &mut count),
        };
        let closest = closest_point(&simplex[..count]);
        let record = |direction, support, stop| {
            let (point_a, point_b) = witnesses(&simplex[..count]);
            GjkStep {
                simplex_in: input[..input_count].to_vec(),
                region,
                simplex: simplex[..count].to_vec(),
                closest,
                distance: closest.length(),
                point_a,
                point_b,
                direction,
                support,
                stop,
            }
        };
        if region == VoronoiRegion::Interior {
            trace.step(|| record(None, None, Some(GjkStop::OriginEnclosed)));
            break GjkStop::OriginEnclosed;
        }

        // 3. Search towards the origin, unless it lies on the simplex: exactly, or closer than
        //    the simplex's own points can resolve (a side test then reads rounding, and the
        //    search can turn away from the origin: GJK would report the cores apart along a
        //    reversed normal).
        let gap = closest.length();
        let on_simplex = gap <= coarse && gap <= resolution(&simplex[..count]);
        let Some(d) = search_direction(&simplex[..count]).filter(|_| !on_simplex) else {
            trace.step(|| record(None, None, Some(GjkStop::OriginOnSimplex)));
            break GjkStop::OriginOnSimplex;
        };
        let v = minkowski_support(a, b, d);

        // 4. Stop, or add the new vertex.
        let repeated = input[..input_count]
            .iter()
            .any(|s| s.index_a == v.index_a && s.index_b == v.index_b);
        let stop = if repeated {
            Some(GjkStop::RepeatedSupport)
        } else {
            let dn = d.normalize_or_zero();
            let progress = (v.w - closest).dot(dn);
            if progress <= progress_tolerance(&v, closest) {
                Some(GjkStop::NoProgress)
            } else if iterations >= MAX_GJK_ITERATIONS {
                Some(GjkStop::IterationCap)
            } else {
                None
            }
        };
        trace.step(|| record(Some(d), Some(v), stop));
        if let Some(stop) = stop {
            break stop;
        }
        simplex[count] = v;
        count += 1;
    };

    let (point_a, point_b) = match witnesses(&simplex[..count]) {
        // Enclosed: the cores overlap and there is no closest pair; report A's point twice.
        (a, _) if stop == GjkStop::OriginEnclosed => (a, a),
        pair => pair,
    };
    let distance = if matches!(stop, GjkStop::OriginEnclosed | GjkStop::OriginOnSimplex) {
        0.0
    } else {
        point_a.distance(point_b)
    };
    GjkOutput {
        point_a,
        point_b,
        distance,
        simplex,
        simplex_count: count,
        iterations,
        stop,
    }
}
