//! The general pair query: GJK on the cores, EPA when they meet, then the radii folded back in.
//!
//! Works for every pair of shapes (everything has a support function), so it is both what the
//! GJK/EPA mode shows and an independent cross-check of SAT and of the clipping manifold.
//!
//! 1. GJK on the un-rounded cores: distance and closest points.
//! 2. If the cores touch or overlap, EPA: depth, normal and deepest points. Where the cores'
//!    faces read a better answer than EPA's normal (exactly touching corners, where EPA's
//!    diagonal normal rounds), the best face normal is taken instead.
//! 3. Fold the radii in: the shapes' separation is the cores' signed distance along the normal
//!    (read from their support planes, so exact where the inputs are) minus both radii; the
//!    surface points lie on the normal line through the witnesses' midpoint, one on each surface.
//!
//! The normal points from A to B. When nothing defines it (coincident circle centres) it falls
//! back to the centre line, then to straight up: never zero, never NaN.

use super::epa::{EpaOutput, EpaStep, epa};
use super::frame::{PairFrame, pair_frame, pair_scale};
use super::gjk::{GjkOutput, GjkStep, gjk};
use super::math::Transform;
use super::math::left_perp;
use super::math::next_index;
use super::shape::{Placed, Shape};
use super::trace::Trace;
use glam::Vec2;

/// The result of [`query`]. Points are in world coordinates; `gjk` and `epa` are in the pair
/// frame (add `origin`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryOutput {
    /// True when the shapes overlap (`separation < 0`; touching is not overlap).
    pub overlap: bool,
    /// Signed distance: the gap when apart, minus the depth when overlapping.
    pub separation: f32,
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// The point of A's surface nearest B (deepest into B when overlapping).
    pub point_a: Vec2,
    /// The point of B's surface nearest A.
    pub point_b: Vec2,
    /// The closest (or deepest) point of A's core.
    pub core_a: Vec2,
    /// The closest (or deepest) point of B's core.
    pub core_b: Vec2,
    /// Signed distance of the cores: GJK's distance, or minus EPA's depth.
    pub core_separation: f32,
    /// GJK's output.
    pub gjk: GjkOutput,
    /// EPA's output, when the cores touch or overlap.
    pub epa: Option<EpaOutput>,
    /// World position of the pair frame (A's position).
    pub origin: Vec2,
}

impl QueryOutput {
    /// The contact point convention: midway between the two surfaces.
    pub fn midpoint(&self) -> Vec2 {
        (self.point_a + self.point_b) * 0.5
    }
}

/// GJK, then EPA if needed, then radii: the signed distance and normal of any pair.
pub fn query(
    a: &Shape,
    xf_a: Transform,
    b: &Shape,
    xf_b: Transform,
    gjk_trace: &mut impl Trace<GjkStep>,
    epa_trace: &mut impl Trace<EpaStep>,
) -> QueryOutput {
    query_in(&pair_frame(a, xf_a, b, xf_b), gjk_trace, epa_trace)
}

/// [`query`] on two shapes already placed in one pair frame (a compound's part pair, placed by
/// [`crate::geom::compound::parts_frame`]).
pub fn query_in(
    pair: &PairFrame,
    gjk_trace: &mut impl Trace<GjkStep>,
    epa_trace: &mut impl Trace<EpaStep>,
) -> QueryOutput {
    let (ca, cb) = (&pair.a, &pair.b);

    // 1. GJK on the cores.
    let g = gjk(ca, cb, gjk_trace);

    // 2. EPA when the cores meet (or when GJK's normal would be undefined).
    let separated_normal = g.normal();
    let (normal, core_a, core_b, e) = match separated_normal {
        Some(n) => (n, g.point_a, g.point_b, None),
        None => {
            let e = epa(ca, cb, &g, epa_trace);
            (e.normal, e.point_a, e.point_b, Some(e))
        }
    };

    // 3. Fold the radii back in. The cores' signed distance along the chosen normal is read from
    //    the shapes themselves (their support planes), not from witness points rebuilt from
    //    weights, which lose the last bits: shapes that touch exactly give exactly 0.
    let (ra, rb) = (ca.radius(), cb.radius());
    let (plane_a, plane_b) = support_planes(ca, cb, normal);
    let (normal, plane_a, plane_b) = match e {
        Some(e) => face_when_meeting(ca, cb, e.normal, plane_a, plane_b),
        None => (normal, plane_a, plane_b),
    };
    let core_separation = plane_b - plane_a;
    let separation = core_separation - ra - rb;
    // The contact sits midway between the two surfaces along the normal; across the normal it
    // sits midway between the witness points.
    let tangent = left_perp(normal);
    let across = 0.5 * (core_a + core_b).dot(tangent);
    let (level_a, level_b) = (plane_b - core_separation, plane_b);
    let o = pair.origin;
    let at = |level: f32| o + tangent * across + normal * level;
    QueryOutput {
        overlap: separation < 0.0,
        separation,
        normal,
        point_a: at(level_a + ra),
        point_b: at(level_b - rb),
        core_a: at(level_a),
        core_b: at(level_b),
        core_separation,
        gjk: g,
        epa: e,
        origin: o,
    }
}

/// The support planes of both cores across the unit normal `n` (A to B): the largest `n · a`
/// over A's core and the smallest `n · b` over B's. Their difference is the cores' signed
/// distance along `n`.
pub fn support_planes(a: &Placed, b: &Placed, n: Vec2) -> (f32, f32) {
    (
        a.vertex(a.support(n)).dot(n),
        b.vertex(b.support(-n)).dot(n),
    )
}

/// The cores meet (EPA ran): the normal to read the separation along, EPA's or a face's, with
/// its support planes.
///
/// Every edge of the Minkowski difference of two polygon-like cores is a face of one of them,
/// so when the cores meet, the best face separation *is* their signed distance, computed from
/// exact inputs with one rounding per product. EPA's normal is as right in exact arithmetic,
/// but where several normals are (two corners touching exactly, any direction between their
/// faces), a diagonal one reads the support planes through two different vertices whose
/// products round apart: `−6e-8` or `+2.4e-7` where the shapes touch exactly. So the face is
/// taken when it reads higher (a support gap is never more than the truth), except that of two
/// readings on either side of zero within the rounding, the one that reads the cores touching
/// wins (GJK found that they meet). Otherwise EPA's normal stays, so ties keep EPA's choice.
#[inline]
fn face_when_meeting(
    a: &Placed,
    b: &Placed,
    epa_normal: Vec2,
    plane_a: f32,
    plane_b: f32,
) -> (Vec2, f32, f32) {
    let keep = (epa_normal, plane_a, plane_b);
    let (sep_a, edge_a) = face_separation(a, b);
    let (sep_b, edge_b) = face_separation(b, a);
    let face_normal = if sep_b > sep_a {
        -b.normal(edge_b)
    } else if a.count() >= 2 {
        a.normal(edge_a)
    } else {
        return keep;
    };
    // The face's separation as the face reads it (from its own vertex, so a vertex exactly on
    // the face's line reads exactly 0), not through two support planes whose products round
    // apart; A's plane is its support plane, B's that plus the separation.
    let face = sep_a.max(sep_b);
    let fa = a.vertex(a.support(face_normal)).dot(face_normal);
    let epa = plane_b - plane_a;
    let rounding = MEETING_ROUNDINGS * f32::EPSILON * pair_scale(a, b);
    // GJK found that the cores meet: of two readings on either side of zero within the
    // rounding, the one that says they touch; otherwise the higher.
    let take_face = if (face <= 0.0) != (epa <= 0.0) && (face - epa).abs() <= rounding {
        face <= 0.0
    } else {
        face > epa
    };
    if take_face {
        (face_normal, fa, fa + face)
    } else {
        keep
    }
}

/// How many roundings of the pair's coordinates a support gap read along EPA's normal may be
/// above zero and still be taken as touching when a face reads zero (see [`face_when_meeting`]).
const MEETING_ROUNDINGS: f32 = 8.0;

/// Greatest separation of `other`'s core from a face of `poly`'s core, `(separation, edge)`,
/// each vertex measured from the face's end nearer it: a vertex exactly on a face's end reads
/// exactly 0 (through the far end, or the plane's offset, the products round apart by an ulp of
/// the coordinates). The plain double loop; it runs only when the cores meet.
fn face_separation(poly: &Placed, other: &Placed) -> (f32, usize) {
    let n = poly.count();
    let mut best = (f32::NEG_INFINITY, 0);
    if n < 2 {
        return best;
    }
    for i in 0..n {
        let (normal, v1, v2) = (
            poly.normal(i),
            poly.vertex(i),
            poly.vertex(next_index(i, n)),
        );
        let deepest = other
            .vertices()
            .map(|w| {
                let end = if w.distance_squared(v1) <= w.distance_squared(v2) {
                    v1
                } else {
                    v2
                };
                normal.dot(w - end)
            })
            .fold(f32::INFINITY, f32::min);
        if deepest > best.0 {
            best = (deepest, i);
        }
    }
    best
}
