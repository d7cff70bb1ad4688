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
//!
//! # The trace, step by step
//!
//! Two unit boxes 1.5 apart along x: each recorded step is one iteration of steps 2 to 4,
//! after step 1's starting point.
//!
//! ```
//! use glam::Vec2;
//! use narrowphase_lab::geom::{Placed, Shape, Transform, gjk};
//!
//! let unit = Shape::make_box(1.0, 1.0, 0.0).unwrap();
//! let a = Placed::new(&unit, Transform::new(Vec2::ZERO, 0.0));
//! let b = Placed::new(&unit, Transform::new(Vec2::new(2.5, 0.3), 0.0));
//! let mut steps = Vec::new();
//! let out = gjk(&a, &b, &mut steps);
//! println!("1. start: {} support point", steps[0].simplex_in.len());
//! for (k, s) in steps.iter().enumerate() {
//!     println!("iteration {}:", k + 1);
//!     println!("  2. the origin's region: {:?}, {} vertices kept", s.region, s.simplex.len());
//!     println!("  3. closest point {:?}, distance {:.3}", s.closest, s.distance);
//!     match (s.stop, s.support) {
//!         (Some(stop), _) => println!("  4. stop: {stop:?}"),
//!         (None, Some(v)) => println!("  4. add the support point {:?}", v.w),
//!         (None, None) => println!("  4. continue"),
//!     }
//! }
//! assert_eq!(steps[0].simplex_in.len(), 1);
//! assert!(steps.last().unwrap().stop.is_some());
//! assert!((out.distance - 1.5).abs() < 1e-5);
//! assert_eq!(steps.last().unwrap().distance, out.distance);
//! ```

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
    /// The dot and cross products that picked `region` (GJK's own numbers, in its own order).
    pub tests: RegionTests,
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
    /// The dot products along `direction` that tested the support point (with it).
    pub along: Option<SupportAlong>,
    /// Why GJK stopped here, if it did.
    pub stop: Option<GjkStop>,
}

/// The dot products along the search direction `d` (not normalised) that a new support point
/// is tested with, pair frame: B's support maximises `w_b · d`, A's minimises `w_a · d`, and the
/// new vertex makes progress when `w · d` exceeds `closest · d`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportAlong {
    /// `w_b · d`: B's support point along `d`.
    pub b: f32,
    /// `−w_a · d`: A's support point against `d`.
    pub a: f32,
    /// `w · d`: the new vertex of `B − A` along `d`.
    pub w: f32,
    /// `closest · d`: the closest point so far along `d`.
    pub closest: f32,
}

impl SupportAlong {
    /// The products for support point `v` found along `d` from `closest`.
    pub fn of(v: &SimplexVertex, d: Vec2, closest: Vec2) -> SupportAlong {
        SupportAlong {
            b: v.w_b.dot(d),
            a: -v.w_a.dot(d),
            w: v.w.dot(d),
            closest: closest.dot(d),
        }
    }
}

/// The tests that find the Voronoi region of a simplex holding the origin (Ericson 9.5; Box2D's
/// `b2SolveSimplex2/3`). For segment `wi–wj` the origin is past `wj` when `wj · (wj − wi) <= 0`
/// and past `wi` when `−wi · (wj − wi) <= 0`; otherwise both are positive and are its
/// unnormalised barycentric weights. A triangle adds `n = (w1 − w0) × (w2 − w0)` and the signed
/// areas `n · (wi × wj)` of the sub-triangles with the origin, one opposite each vertex.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct RegionTests {
    /// Per edge `(i, j)` in [`RegionTests::EDGES`] order (only the first for a segment):
    /// `[wj · (wj − wi), −wi · (wj − wi)]`.
    pub edges: [[f32; 2]; 3],
    /// How many of `edges` are used: 0 (one vertex), 1 (a segment) or 3 (a triangle).
    pub edge_count: usize,
    /// A triangle's `n = (w1 − w0) × (w2 − w0)` (twice its signed area); 0 otherwise.
    pub turn: f32,
    /// A triangle's `n · (wi × wj)` opposite vertex 0, 1 and 2 (`(i, j)` = (1, 2), (2, 0),
    /// (0, 1)); zeros otherwise.
    pub areas: [f32; 3],
}

impl RegionTests {
    /// The edges `(i, j)` of a triangle in the order their tests are stored.
    pub const EDGES: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

    /// The tests of a simplex of 1, 2 or 3 points.
    #[inline]
    pub fn of(w: &[Vec2]) -> RegionTests {
        let edge = |i: usize, j: usize| {
            let e = w[j] - w[i];
            [w[j].dot(e), -w[i].dot(e)]
        };
        match *w {
            [_, _] => RegionTests {
                edges: [edge(0, 1), [0.0; 2], [0.0; 2]],
                edge_count: 1,
                ..RegionTests::default()
            },
            [w1, w2, w3] => {
                let turn = cross(w2 - w1, w3 - w1);
                RegionTests {
                    edges: Self::EDGES.map(|(i, j)| edge(i, j)),
                    edge_count: 3,
                    turn,
                    areas: [
                        turn * cross(w2, w3),
                        turn * cross(w3, w1),
                        turn * cross(w1, w2),
                    ],
                }
            }
            _ => RegionTests::default(),
        }
    }
}

/// One half-plane `(x − point) · normal <= 0` bounding a Voronoi region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalfPlane {
    /// A point on the boundary line.
    pub point: Vec2,
    /// Points out of the region (not normalised).
    pub normal: Vec2,
}

impl HalfPlane {
    /// True when `p` lies in the half-plane (on the line included).
    pub fn contains(&self, p: Vec2) -> bool {
        (p - self.point).dot(self.normal) <= 0.0
    }
}

/// The Voronoi region of `simplex`'s feature `region` as half-planes: a vertex's region lies
/// beyond the perpendiculars at it to its edges; an edge's between the perpendiculars at its
/// ends (and, in a triangle, outside it); the interior is the triangle. `None` for a single
/// vertex (its region is the whole plane) or a region the simplex lacks. These are the
/// regions [`RegionTests`] decides between.
pub fn voronoi_planes(simplex: &[Vec2], region: VoronoiRegion) -> Option<Vec<HalfPlane>> {
    let at = |k: usize| simplex.get(k).copied();
    let plane = |point: Vec2, normal: Vec2| HalfPlane { point, normal };
    // The outward normal of edge p–q of a triangle, away from its third vertex.
    let outward = |p: Vec2, q: Vec2| -> Option<Vec2> {
        let third = simplex.iter().find(|v| **v != p && **v != q)?;
        let n = (q - p).perp();
        Some(if n.dot(*third - p) > 0.0 { -n } else { n })
    };
    match region {
        VoronoiRegion::Vertex(k) => {
            let v = at(k)?;
            let planes: Vec<HalfPlane> = simplex
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, w)| plane(v, *w - v))
                .collect();
            (!planes.is_empty()).then_some(planes)
        }
        VoronoiRegion::Edge(i, j) => {
            let (p, q) = (at(i)?, at(j)?);
            let mut planes = vec![plane(p, p - q), plane(q, q - p)];
            if simplex.len() == 3 {
                planes.push(plane(p, -outward(p, q)?));
            }
            Some(planes)
        }
        VoronoiRegion::Interior => {
            if simplex.len() != 3 {
                return None;
            }
            let mut planes = Vec::new();
            for k in 0..3 {
                let (p, q) = (simplex[k], simplex[(k + 1) % 3]);
                planes.push(plane(p, outward(p, q)?));
            }
            Some(planes)
        }
    }
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
    let t = RegionTests::of(&[s[0].w, s[1].w]);
    let [d12_1, d12_2] = t.edges[0];
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
    let t = RegionTests::of(&[s[0].w, s[1].w, s[2].w]);
    let [[d12_1, d12_2], [d13_1, d13_2], [d23_1, d23_2]] = t.edges;
    // Signed areas of the sub-triangles with the origin, scaled by the triangle's orientation.
    let [d123_1, d123_2, d123_3] = t.areas;

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
        // The input simplex, for the trace; its vertices' ids, for the repeated-support test
        // (untraced, only these are kept: no copy of the whole simplex).
        let input = simplex;
        let input_ids = simplex.map(|v| (v.index_a, v.index_b));
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
            let w: Vec<Vec2> = input[..input_count].iter().map(|v| v.w).collect();
            GjkStep {
                simplex_in: input[..input_count].to_vec(),
                tests: RegionTests::of(&w),
                region,
                simplex: simplex[..count].to_vec(),
                closest,
                distance: closest.length(),
                point_a,
                point_b,
                direction,
                support,
                along: direction
                    .zip(support)
                    .map(|(d, v): (Vec2, SimplexVertex)| SupportAlong::of(&v, d, closest)),
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
        let repeated = input_ids[..input_count].contains(&(v.index_a, v.index_b));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{BUILTIN, PairTraces, parse};
    use glam::Vec2;

    /// In every GJK step of every built-in scene, the origin lies in the region drawn (the one
    /// the trace names).
    #[test]
    fn the_drawn_voronoi_region_holds_the_origin() {
        let mut checked = 0;
        for (name, text) in BUILTIN {
            let loaded = parse(text, name).expect("built-in scene");
            let traces = PairTraces::compute(&loaded.pair);
            for s in &traces.gjk_steps {
                let pts: Vec<Vec2> = s.simplex_in.iter().map(|v| v.w).collect();
                let Some(planes) = voronoi_planes(&pts, s.region) else {
                    assert_eq!(pts.len(), 1, "{name}: no region for {:?}", s.region);
                    continue;
                };
                let scale = pts.iter().map(|p| p.length()).fold(1e-30, f32::max);
                for h in &planes {
                    let side = (Vec2::ZERO - h.point).dot(h.normal.normalize_or_zero());
                    assert!(
                        side <= 1e-4 * scale,
                        "{name}: the origin is {side} outside {:?}'s region",
                        s.region
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 20, "only {checked} regions checked");
    }

    /// The region tests a step records are the ones that picked its region: a segment's edge
    /// tests positive in its edge region, a triangle's areas positive when it encloses.
    #[test]
    fn recorded_region_tests_agree_with_the_region() {
        let w = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(0.0, 1.0),
        ];
        let t = RegionTests::of(&w);
        assert_eq!(t.edge_count, 3);
        assert!(t.areas.iter().all(|a| *a > 0.0), "{t:?}");
        let seg = RegionTests::of(&w[..2]);
        assert_eq!(seg.edge_count, 1);
        assert!(seg.edges[0].iter().all(|d| *d > 0.0), "{seg:?}");
        let mut s = [0, 1, 2].map(|k| SimplexVertex {
            w_a: Vec2::ZERO,
            w_b: w[k],
            w: w[k],
            index_a: 0,
            index_b: k,
            weight: 0.0,
        });
        let mut count = 3;
        assert_eq!(solve3(&mut s, &mut count), VoronoiRegion::Interior);
    }

    #[test]
    fn regions_of_a_triangle_are_where_they_should_be() {
        let t = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 2.0),
        ];
        let inside = |r, p: Vec2| {
            voronoi_planes(&t, r)
                .expect("a region")
                .iter()
                .all(|h| h.contains(p))
        };
        assert!(inside(VoronoiRegion::Vertex(0), Vec2::new(-1.0, -1.0)));
        assert!(!inside(VoronoiRegion::Vertex(0), Vec2::new(0.5, -1.0)));
        assert!(inside(VoronoiRegion::Edge(0, 1), Vec2::new(0.5, -1.0)));
        assert!(!inside(VoronoiRegion::Edge(0, 1), Vec2::new(0.5, 0.5)));
        assert!(inside(VoronoiRegion::Interior, Vec2::new(0.5, 0.5)));
        assert!(!inside(VoronoiRegion::Interior, Vec2::new(1.5, 1.5)));
        assert!(inside(VoronoiRegion::Edge(1, 2), Vec2::new(1.5, 1.5)));
        assert!(voronoi_planes(&t[..1], VoronoiRegion::Vertex(0)).is_none());
    }
}
