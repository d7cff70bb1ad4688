//! The general pair query: GJK on the cores, EPA when they meet, then the radii folded back in.
//!
//! Works for every pair of shapes (everything has a support function), so it is both what the
//! GJK/EPA mode shows and an independent cross-check of SAT and of the clipping manifold.
//!
//! 1. GJK on the un-rounded cores: distance and closest points.
//! 2. If the cores touch or overlap, EPA: depth, normal and deepest points.
//! 3. Fold the radii in: the shapes' separation is the cores' signed distance along the normal
//!    (read from their support planes, so exact where the inputs are) minus both radii; the
//!    surface points lie on the normal line through the witnesses' midpoint, one on each surface.
//!
//! The normal points from A to B. When nothing defines it (coincident circle centres) it falls
//! back to the centre line, then to straight up: never zero, never NaN.

use super::epa::{EpaOutput, EpaStep, epa};
use super::frame::pair_frame;
use super::gjk::{GjkOutput, GjkStep, gjk};
use super::math::Transform;
use super::math::left_perp;
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
    let pair = pair_frame(a, xf_a, b, xf_b);
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
