//! EPA (the expanding polytope algorithm): penetration depth of two overlapping cores.
//!
//! When GJK finds the origin inside (or on) the Minkowski difference `B − A`, EPA grows GJK's
//! simplex outwards until its edge closest to the origin lies on the difference's boundary.
//!
//! 1. Make a counter-clockwise triangle from GJK's simplex (adding support points when GJK
//!    ended with a point or a segment).
//! 2. Find the polytope edge closest to the origin: its distance is a lower bound on the depth.
//! 3. Take the support point along that edge's outward normal: its distance along the normal
//!    is an upper bound. When the two bounds meet (within tolerance), stop: the edge is on the
//!    boundary, its normal the separating direction, its distance the depth.
//! 4. Otherwise insert the support point into the edge and repeat.
//!
//! Guards (seed 000): a flat starting triangle means the shapes only touch along a line —
//! answer zero depth with the longest edge's normal instead of expanding nothing; an edge whose
//! winding rounding has inverted gets its normal flipped rather than a negative distance winning
//! the "closest edge" contest (an edge through the origin, negative only by rounding, keeps its
//! outward normal at distance 0); at the iteration cap the best edge so far is returned.
//!
//! Cores only: callers fold the radii back in.
//!
//! # The trace, step by step
//!
//! A unit box sunk 0.2 into another: GJK finds the origin inside the difference, then each
//! recorded step is one round of steps 2 to 4, after step 1's starting triangle.
//!
//! ```
//! use glam::Vec2;
//! use narrowphase_lab::geom::{NoTrace, Placed, Shape, Transform, epa, gjk};
//!
//! let unit = Shape::make_box(1.0, 1.0, 0.0).unwrap();
//! let a = Placed::new(&unit, Transform::new(Vec2::ZERO, 0.0));
//! let b = Placed::new(&unit, Transform::new(Vec2::new(0.1, 0.8), 0.0));
//! let g = gjk(&a, &b, &mut NoTrace);
//! assert!(g.cores_meet());
//! let mut steps = Vec::new();
//! let out = epa(&a, &b, &g, &mut steps);
//! println!("1. start: a triangle of {} vertices", steps[0].polytope.len());
//! for (k, s) in steps.iter().enumerate() {
//!     println!("round {}:", k + 1);
//!     println!("  2. closest edge {} at {:.3} (lower bound)", s.closest_edge, s.lower_bound);
//!     println!("  3. support point along its normal: {:.3} (upper bound)", s.upper_bound);
//!     if s.converged {
//!         println!("  4. the bounds meet: depth {:.3}", s.lower_bound);
//!     } else {
//!         println!("  4. insert the support point and repeat");
//!     }
//! }
//! assert!(steps.last().unwrap().converged);
//! assert!((out.depth - 0.2).abs() < 1e-5);
//! assert!((out.normal - Vec2::Y).length() < 1e-5);
//! ```

use super::gjk::{GjkOutput, SimplexVertex, minkowski_support};
use super::math::{beats_on_tie, cross, left_perp, right_perp, try_normalize};
use super::shape::MAX_VERTICES;
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

/// EPA stops expanding after this many iterations. Each iteration adds a vertex of the Minkowski
/// difference that the polytope does not have yet (a known one ends the loop), and the difference
/// of two cores of at most [`MAX_VERTICES`] vertices has at most twice that many, so EPA always
/// converges before the cap; the cap is a guard against rounding, not a budget.
pub const MAX_EPA_ITERATIONS: usize = 2 * MAX_VERTICES + 8;

/// A guard that fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaGuard {
    /// The start simplex has no area: the shapes touch along a line; depth 0.
    FlatTriangle,
    /// This edge's winding was inverted by rounding; its normal was flipped.
    InvertedWinding {
        /// The edge (from polytope vertex `edge` to the next).
        edge: usize,
    },
    /// [`MAX_EPA_ITERATIONS`] reached; the best edge so far is returned.
    IterationCap,
}

/// One EPA iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct EpaStep {
    /// The polytope, counter-clockwise.
    pub polytope: Vec<SimplexVertex>,
    /// The closest edge: from `polytope[closest_edge]` to the next vertex.
    pub closest_edge: usize,
    /// That edge's outward unit normal (Minkowski space).
    pub edge_normal: Vec2,
    /// Its distance from the origin: the lower bound on the depth.
    pub lower_bound: f32,
    /// The support point along `edge_normal`.
    pub support: SimplexVertex,
    /// `support.w · edge_normal`: how far out the support point lies along the edge normal.
    pub support_distance: f32,
    /// The smallest support distance so far: the upper bound on the depth.
    pub upper_bound: f32,
    /// Support distance minus edge distance: how much this expansion gains.
    pub improvement: f32,
    /// The tolerance the improvement is tested against.
    pub tolerance: f32,
    /// Whether EPA stops here (converged or guarded).
    pub converged: bool,
    /// A guard that fired on this step.
    pub guard: Option<EpaGuard>,
}

impl EpaStep {
    /// For a flat polytope ([`EpaGuard::FlatTriangle`]): whether its normal is its longest
    /// edge's (true), or, its points being one point, the centre line's (false: then straight
    /// up where the centres coincide).
    pub fn flat_normal_from_edge(&self) -> bool {
        let n = self.polytope.len();
        let edge = |i: usize| {
            self.polytope
                .get((i + 1) % n.max(1))
                .zip(self.polytope.get(i))
                .map(|(q, p)| q.w - p.w)
        };
        edge(self.closest_edge).is_some_and(|e| try_normalize(right_perp(e)).is_some())
    }
}

/// The EPA result. Points in the pair frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpaOutput {
    /// Contact normal, pointing from A to B (minus the closest edge's outward normal).
    pub normal: Vec2,
    /// Penetration depth of the cores (≥ 0).
    pub depth: f32,
    /// Deepest point of A's core along the normal (witness).
    pub point_a: Vec2,
    /// Deepest point of B's core against the normal (witness).
    pub point_b: Vec2,
    /// Iterations run.
    pub iterations: usize,
    /// A guard that decided the answer, if any.
    pub guard: Option<EpaGuard>,
}

/// The normal to use when nothing defines one: the centre line, then straight up (A→B).
fn fallback_normal(a: &Placed, b: &Placed) -> Vec2 {
    try_normalize(b.centroid() - a.centroid()).unwrap_or(Vec2::Y)
}

/// The answer for a polytope with no area (the cores touch along a line or at a point).
fn flat(
    a: &Placed,
    b: &Placed,
    poly: &[SimplexVertex],
    trace: &mut impl Trace<EpaStep>,
) -> EpaOutput {
    // Longest edge's normal, oriented like the centre line.
    let mut longest = (0, 0.0);
    for i in 0..poly.len() {
        let e = poly[(i + 1) % poly.len()].w - poly[i].w;
        if e.length_squared() > longest.1 {
            longest = (i, e.length_squared());
        }
    }
    let fallback = fallback_normal(a, b);
    let normal = poly
        .get(longest.0)
        .zip(poly.get((longest.0 + 1) % poly.len().max(1)))
        .and_then(|(p, q)| try_normalize(right_perp(q.w - p.w)))
        .map(|n| if n.dot(fallback) < 0.0 { -n } else { n })
        .unwrap_or(fallback);
    // The origin lies on the flat polytope; the witness is the origin's spot on it.
    let (point_a, point_b) = witness_on_polyline(poly);
    let support = poly
        .first()
        .copied()
        .unwrap_or(minkowski_support(a, b, normal));
    trace.step(|| EpaStep {
        polytope: poly.to_vec(),
        closest_edge: longest.0,
        edge_normal: -normal,
        lower_bound: 0.0,
        support,
        support_distance: support.w.dot(-normal),
        upper_bound: 0.0,
        improvement: 0.0,
        tolerance: 0.0,
        converged: true,
        guard: Some(EpaGuard::FlatTriangle),
    });
    EpaOutput {
        normal,
        depth: 0.0,
        point_a,
        point_b,
        iterations: 0,
        guard: Some(EpaGuard::FlatTriangle),
    }
}

/// Witness points for the origin lying on a degenerate polytope: the closest spot on its edges.
fn witness_on_polyline(poly: &[SimplexVertex]) -> (Vec2, Vec2) {
    let mut best = (f32::INFINITY, Vec2::ZERO, Vec2::ZERO);
    for i in 0..poly.len() {
        let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
        let (pa, pb, d) = edge_witness(p, q);
        if d < best.0 {
            best = (d, pa, pb);
        }
    }
    (best.1, best.2)
}

/// The origin projected on edge `p → q`: witness points on A and B and the distance.
fn edge_witness(p: SimplexVertex, q: SimplexVertex) -> (Vec2, Vec2, f32) {
    let e = q.w - p.w;
    let ee = e.length_squared();
    let t = if ee > 0.0 {
        (-p.w.dot(e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let pa = p.w_a + (q.w_a - p.w_a) * t;
    let pb = p.w_b + (q.w_b - p.w_b) * t;
    (pa, pb, (p.w + e * t).length())
}

/// Builds the starting triangle (counter-clockwise), or `None` when the difference is flat.
fn start_polytope(
    a: &Placed,
    b: &Placed,
    gjk: &GjkOutput,
) -> Result<Vec<SimplexVertex>, Vec<SimplexVertex>> {
    let mut poly: Vec<SimplexVertex> = gjk.simplex().to_vec();
    // A height below a few roundings of the pair's numbers is no height: the difference is flat.
    let tiny = ROUNDINGS * f32::EPSILON * pair_scale(a, b);
    // A lone point: add the support point furthest from it in one of four directions.
    if poly.len() == 1 {
        let p = poly[0];
        let far = [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y]
            .into_iter()
            .map(|d| minkowski_support(a, b, d))
            .max_by(|u, v| {
                u.w.distance_squared(p.w)
                    .total_cmp(&v.w.distance_squared(p.w))
            });
        match far {
            Some(q) if q.w.distance(p.w) > tiny => poly.push(q),
            _ => return Err(poly),
        }
    }
    // A segment: add the support point on the side that gives the triangle area.
    if poly.len() == 2 {
        let (p, q) = (poly[0], poly[1]);
        let n = left_perp(q.w - p.w).normalize_or_zero();
        let s_pos = minkowski_support(a, b, n);
        let s_neg = minkowski_support(a, b, -n);
        let h_pos = (s_pos.w - p.w).dot(n);
        let h_neg = -(s_neg.w - p.w).dot(n);
        if h_pos.max(h_neg) <= tiny {
            return Err(poly);
        }
        if h_pos >= h_neg {
            poly.push(s_pos);
        } else {
            poly = vec![q, p, s_neg];
        }
    }
    // Twice the area is the longest side times the height on it.
    let area = cross(poly[1].w - poly[0].w, poly[2].w - poly[0].w);
    let longest = (0..3)
        .map(|i| poly[(i + 1) % 3].w.distance(poly[i].w))
        .fold(0.0, f32::max);
    if area.abs() <= tiny * longest {
        return Err(poly);
    }
    if area < 0.0 {
        poly.swap(1, 2);
    }
    Ok(poly)
}

/// An edge of the polytope, from vertex `i` to vertex `i + 1`, with its outward normal and its
/// distance from the origin: computed once when the edge is made, not again every iteration.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// Outward unit normal (`None` for an edge too short to have one).
    normal: Option<Vec2>,
    /// Distance of the edge's line from the origin (≥ 0).
    distance: f32,
    /// True when rounding had inverted the edge's winding and its normal was flipped.
    inverted: bool,
}

impl Edge {
    fn of(p: &SimplexVertex, q: &SimplexVertex, rounding: f32) -> Edge {
        let Some(normal) = try_normalize(right_perp(q.w - p.w)) else {
            return Edge {
                normal: None,
                distance: f32::INFINITY,
                inverted: false,
            };
        };
        let dist = normal.dot(p.w);
        if dist < -rounding {
            // Inverted by rounding: flip rather than let a negative distance win.
            Edge {
                normal: Some(-normal),
                distance: -dist,
                inverted: true,
            }
        } else {
            // The origin on this edge (a touching contact, or GJK's segment through the origin)
            // keeps the outward normal at distance 0: flipping it would point it inwards, at a
            // vertex EPA already has, and stop at depth 0.
            Edge {
                normal: Some(normal),
                distance: dist.max(0.0),
                inverted: false,
            }
        }
    }
}

/// The size of the numbers EPA works with: the largest coordinate of any placed core vertex
/// (pair frame), bounded by the two shapes' bounding radii and their distance. Every tolerance in
/// EPA is a few roundings of this, so a pair a millionth of a unit across is judged as one a
/// unit across, and a pair far from the pair frame's origin no more finely than its numbers allow.
fn pair_scale(a: &Placed, b: &Placed) -> f32 {
    let reach = |p: &Placed| p.xf.p.abs().max_element() + p.shape.bounding_radius();
    reach(a).max(reach(b)).max(f32::MIN_POSITIVE)
}

/// How many roundings of [`pair_scale`] EPA allows: in the convergence test (an expansion that
/// gains less is no expansion) and in the inverted-winding test (an edge whose distance is
/// negative by less is one through the origin, not an inverted one).
const ROUNDINGS: f32 = 8.0;

/// EPA on two cores already in one frame, starting from GJK's output (whose cores meet).
///
/// Returns the best answer it has: the direction whose support distance was the smallest upper
/// bound on the depth, with that distance as the depth. Along that normal, moving B by the depth
/// separates the cores exactly, so the normal always matches the depth, converged or not.
pub fn epa(a: &Placed, b: &Placed, gjk: &GjkOutput, trace: &mut impl Trace<EpaStep>) -> EpaOutput {
    // 1. The starting triangle, or the flat guard.
    let mut poly = match start_polytope(a, b, gjk) {
        Ok(p) => p,
        Err(p) => return flat(a, b, &p, trace),
    };
    let tolerance = ROUNDINGS * f32::EPSILON * pair_scale(a, b);
    let edge = |poly: &[SimplexVertex], i: usize| {
        Edge::of(&poly[i], &poly[(i + 1) % poly.len()], tolerance)
    };
    let mut edges: Vec<Edge> = (0..poly.len()).map(|i| edge(&poly, i)).collect();
    let towards = fallback_normal(a, b);

    // The best upper bound so far: its direction (outward, Minkowski space), its support point
    // and its distance, and the closest edge of the polytope when it was found.
    let mut best: Option<(Vec2, SimplexVertex, f32, usize)> = None;
    let mut iterations = 0;
    let mut guard = None;
    loop {
        iterations += 1;
        // 2. The closest edge (the first on a tie).
        let mut closest: Option<(usize, Vec2, f32)> = None;
        for (i, e) in edges.iter().enumerate() {
            if let Some(normal) = e.normal
                && closest.is_none_or(|c| e.distance < c.2)
            {
                closest = Some((i, normal, e.distance));
            }
        }
        let Some((mut edge_index, mut normal, mut dist)) = closest else {
            return flat(a, b, &poly, trace);
        };
        // Edges as close up to rounding (the origin on a vertex of the difference: a circle
        // centred on a corner) are a tie: the normal nearer the centre line wins, by the rule
        // the manifold's closed forms use too, so both give the tie the same normal.
        let limit = dist + tolerance;
        for (i, e) in edges.iter().enumerate() {
            if let Some(n) = e.normal
                && i != edge_index
                && e.distance <= limit
                && beats_on_tie(-n, -normal, towards)
            {
                (edge_index, normal, dist) = (i, n, e.distance);
            }
        }
        if edges[edge_index].inverted {
            guard = Some(EpaGuard::InvertedWinding { edge: edge_index });
        }

        // 3. Support along the edge normal: an upper bound, and the convergence test.
        let s = minkowski_support(a, b, normal);
        let s_dist = s.w.dot(normal);
        if best.is_none_or(|(_, _, upper, _)| s_dist < upper) {
            best = Some((normal, s, s_dist, edge_index));
        }
        let upper = best.map_or(s_dist, |(_, _, u, _)| u);
        let improvement = s_dist - dist;
        let known = poly
            .iter()
            .any(|v| v.index_a == s.index_a && v.index_b == s.index_b);
        // Converged when the support point is no further out than the edge (it is on the
        // boundary), or the bounds meet.
        let converged = improvement <= tolerance || upper - dist <= tolerance || known;
        let at_cap = !converged && iterations >= MAX_EPA_ITERATIONS;
        let step_guard = if at_cap {
            Some(EpaGuard::IterationCap)
        } else {
            guard
        };
        trace.step(|| EpaStep {
            polytope: poly.clone(),
            closest_edge: edge_index,
            edge_normal: normal,
            lower_bound: dist,
            support: s,
            support_distance: s_dist,
            upper_bound: upper,
            improvement,
            tolerance,
            converged: converged || at_cap,
            guard: step_guard,
        });
        if converged {
            break;
        }
        if at_cap {
            guard = Some(EpaGuard::IterationCap);
            break;
        }
        // 4. Expand: the support point goes between the edge's ends, replacing one edge by two.
        poly.insert(edge_index + 1, s);
        edges[edge_index] = edge(&poly, edge_index);
        edges.insert(edge_index + 1, edge(&poly, edge_index + 1));
    }

    let Some((normal, support, depth, _)) = best else {
        return flat(a, b, &poly, trace);
    };
    // Witness points: where the origin's projection falls on the polytope edge whose outward
    // normal is the answer's (the closest edge, once converged), else the support pair itself.
    let on_edge = edges
        .iter()
        .enumerate()
        .filter(|(_, e)| e.normal == Some(normal))
        .map(|(i, _)| i)
        .next();
    let (point_a, point_b) = match on_edge {
        Some(i) => {
            let (pa, pb, _) = edge_witness(poly[i], poly[(i + 1) % poly.len()]);
            (pa, pb)
        }
        None => (support.w_a, support.w_b),
    };
    EpaOutput {
        normal: -normal,
        depth: depth.max(0.0),
        point_a,
        point_b,
        iterations,
        guard,
    }
}
