//! A circle against a polygon-like core (box, polygon, capsule, rounded): a closed form.
//!
//! A circle only ever touches at one point, so this gives one point or none.
//!
//! 1. Find the face of the core the centre is most in front of (the least deep when it is
//!    inside). Two faces equally far up to rounding (the centre on a corner) are a tie, broken
//!    by the rule EPA uses too: the normal nearer the centre line.
//! 2. If the centre is beyond one of that face's ends (and outside the core), the normal runs
//!    from that vertex to the centre (kept within the vertex's normal cone); otherwise it is
//!    the face normal.
//! 3. The point sits midway between the two surfaces along the normal.
//!
//! Following Box2D's `b2CollidePolygonAndCircle`.

use super::types::{
    CircleRegion, Face, FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldPoint,
    ManifoldStep,
};
use crate::geom::math::{beats_on_tie, cross, max_abs, next_index, prev_index, try_normalize};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

/// How many roundings of the numbers two face separations may differ by and still be a tie.
const TIE_ROUNDINGS: f32 = 8.0;

/// A circle against a core with at least two vertices. `core_is_a` says which body the core is,
/// so the normal can be pointed from A to B.
// Always inlined into `collide`, its one caller, so that the manifold is built in place.
#[inline(always)]
pub fn circle_polygon(
    core: &Placed,
    circle: &Placed,
    core_is_a: bool,
    margin: f32,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let shape = core.shape;
    circle_faces(
        core,
        circle,
        core_is_a,
        margin,
        (shape.normals(), shape.offsets()),
        trace,
    )
}

/// [`circle_polygon`], given the core's face normals and plane offsets (`n_i · v_i`), in its
/// own frame: the shape's own, which the fast path passes with a length known at compile time,
/// so that step 1 unrolls. One body for both.
#[inline(always)]
pub(super) fn circle_faces(
    core: &Placed,
    circle: &Placed,
    core_is_a: bool,
    margin: f32,
    (normals, offsets): (&[Vec2], &[f32]),
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let n = normals.len();
    debug_assert!(n == core.count() && offsets.len() == n);
    let c = circle.centre();

    // 1. The face the centre is most in front of (measured in the core's own frame).
    //    Two faces equally far up to rounding (the centre on a corner) are a tie: the normal
    //    nearer the centre line wins, by the rule EPA uses too, so the manifold and the GJK/EPA
    //    query give the tie the same normal.
    let c_local = core.xf.apply_inv(c);
    let local = core.shape;
    let tie = TIE_ROUNDINGS * f32::EPSILON * (local.bounding_radius() + max_abs(c_local));
    // Face i's separation `n_i · c − n_i · v_i`, the second product stored with the shape. A
    // segment's face 1 has exactly face 0's normal negated (`Shape` builds it so), and a
    // negated product is exact: one product serves both.
    debug_assert!(n != 2 || normals[1] == -normals[0]);
    let along = |i: usize| {
        if n == 2 && i == 1 {
            -normals[0].dot(c_local)
        } else {
            normals[i].dot(c_local)
        }
    };
    let mut face = 0;
    let mut face_sep = along(0) - offsets[0];
    // (Indexed: the face number is what the loop records.)
    #[allow(clippy::needless_range_loop)]
    for i in 1..n {
        let s = along(i) - offsets[i];
        if takes_face(core, core_is_a, c, (i, s), (face, face_sep), tie) {
            face = i;
            face_sep = s;
        }
    }
    from_face(
        core, circle, core_is_a, margin, face, face_sep, c_local, n, trace,
    )
}

/// Whether face `i`, the centre `c` `s` in front of it, replaces the best face so far, `face`
/// at `face_sep`: clearly further in front, or within `tie` of it with its normal nearer the
/// centre line (the tie rule EPA uses too). Step 1's test.
#[inline(always)]
fn takes_face(
    core: &Placed,
    core_is_a: bool,
    c: Vec2,
    (i, s): (usize, f32),
    (face, face_sep): (usize, f32),
    tie: f32,
) -> bool {
    let a_to_b = |n: Vec2| if core_is_a { n } else { -n };
    s > face_sep + tie
        || (s >= face_sep - tie
            && beats_on_tie(
                a_to_b(core.normal(i)),
                a_to_b(core.normal(face)),
                a_to_b(c - core.centroid()),
            ))
}

/// Steps 2 and 3 of [`circle_polygon`], from the face the centre is most in front of (`c_local`:
/// the centre in the core's own frame; `n`: the core's vertex count): the region, the normal
/// and the point.
///
/// The region is read in the core's own frame, where its vertices are the shape's numbers as
/// given; only the vertex a region names is placed. In the face region the separation is the
/// face separation less the radii, and the point sits `r + s/2` back along the normal from the
/// centre (`r` the circle's radius, `s` the separation): midway between the surfaces.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn from_face(
    core: &Placed,
    circle: &Placed,
    core_is_a: bool,
    margin: f32,
    face: usize,
    face_sep: f32,
    c_local: Vec2,
    n: usize,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    debug_assert!(n == core.count());
    let c = circle.centre();
    let radius = core.radius() + circle.radius();
    let next = next_index(face, n);
    let a_to_b = |n: Vec2| if core_is_a { n } else { -n };
    let local = core.shape.vertices();
    let (l1, l2) = (local[face], local[next]);

    // 2. Beyond an end of that face: the vertex region. Otherwise the face region.
    // `u1` along the face from its first end, `u2` back along it from its second (the same
    // edge vector, negated: a negation is exact, and only the signs are read).
    let edge = l2 - l1;
    let u1 = (c_local - l1).dot(edge);
    let u2 = -(c_local - l2).dot(edge);
    // A polygon's inside (face_sep <= 0) is always the face region; a segment core (capsule)
    // has no inside, so a centre on its line beyond an end is in that end's vertex region.
    let outside = face_sep > 0.0 || n == 2;
    let vertex = if u1 < 0.0 && outside {
        Some(face)
    } else if u2 < 0.0 && outside {
        Some(next)
    } else {
        None
    };
    let region = match vertex {
        Some(i) => vertex_region(core, i, c),
        None => None,
    };
    // The separation, the point midway between the surfaces, and the core's point the normal
    // starts from (drawn by the trace).
    let (normal, separation, position, region) = match region {
        Some((normal, v, region)) => {
            let separation = (c - v).dot(normal) - radius;
            let surface_core = v + normal * core.radius();
            let surface_circle = c - normal * circle.radius();
            (
                normal,
                separation,
                (surface_core + surface_circle) * 0.5,
                region,
            )
        }
        None => {
            let face_normal = core.normal(face);
            let separation = face_sep - radius;
            let position = c - face_normal * (circle.radius() + 0.5 * separation);
            (face_normal, separation, position, CircleRegion::Face(face))
        }
    };
    trace.step(|| ManifoldStep::CircleCore {
        centre: c,
        face: Face {
            on_b: !core_is_a,
            edge: face,
            next,
            v1: core.vertex(face),
            v2: core.vertex(next),
            normal: core.normal(face),
        },
        face_separation: face_sep,
        region,
        core_point: match region {
            CircleRegion::Vertex(i) => core.vertex(i),
            CircleRegion::Face(_) => c - core.normal(face) * face_sep,
        },
        separation,
    });

    if separation > margin {
        trace.step(|| ManifoldStep::Apart { separation, margin });
        return Manifold::empty(a_to_b(normal));
    }
    let (kind, reference) = match region {
        CircleRegion::Face(i) => (FeatureKind::CircleFace, i),
        CircleRegion::Vertex(i) => (FeatureKind::CircleVertex, i),
    };
    Manifold::one(
        a_to_b(normal),
        ManifoldPoint::of_id(
            position,
            separation,
            FeatureId {
                kind,
                reference: reference as u8,
                incident: IncidentFeature::Vertex(0),
                flip: !core_is_a,
            },
        ),
    )
}

/// The vertex region of vertex `i` of `core` for the centre `c`: the normal, the vertex, the
/// region; `None` when the centre is on the vertex. (A function, not a closure: a closure here
/// was left out of line, and every call set up its captures.)
///
/// The normal runs from the vertex to the centre. Outside the vertex's normal cone that
/// direction was read from rounding (the centre on the vertex up to its last bits: `c − v` can
/// point anywhere, straight up for a box turned 4°, along which the box reads 29% deeper); then
/// the nearer cone edge is taken if the core reads less deep along it (a support gap is never
/// more than the truth), and the direction as it stands if not (a tiny polygon far out,
/// resolved more coarsely than its cones, can name the wrong end).
#[inline(always)]
fn vertex_region(core: &Placed, i: usize, c: Vec2) -> Option<(Vec2, Vec2, CircleRegion)> {
    let v = core.vertex(i);
    let d = try_normalize(c - v)?;
    let edge = into_cone(core, i, d);
    let nrm = if edge != d && rare_gap(core, c, edge) >= rare_gap(core, c, d) {
        edge
    } else {
        d
    };
    Some((nrm, v, CircleRegion::Vertex(i)))
}

/// How far the centre `c` is in front of `core` along `nrm` (its support gap). Only for a
/// direction outside a vertex's cone, which is rare.
#[cold]
#[inline(never)]
fn rare_gap(core: &Placed, c: Vec2, nrm: Vec2) -> f32 {
    nrm.dot(c) - core.vertex(core.support(nrm)).dot(nrm)
}

/// The unit direction `d` kept within the normal cone of vertex `i` of `core` (between the
/// outward normals of the two edges meeting there): `d` itself when inside, else the nearer
/// edge normal. Every direction in the cone reads the same distance from the vertex; one outside
/// reads another vertex's.
#[inline]
fn into_cone(core: &Placed, i: usize, d: Vec2) -> Vec2 {
    let n = core.count();
    let before = core.normal(prev_index(i, n));
    if cross(before, d) < 0.0 {
        return before;
    }
    // A segment's two faces have opposite normals (exactly: `Shape` builds them so), and the
    // cone of its end is a half-plane: the second test is the first.
    if n == 2 {
        return d;
    }
    let after = core.normal(i);
    if cross(d, after) < 0.0 { after } else { d }
}
