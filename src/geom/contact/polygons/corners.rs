//! Step 4 of the polygon manifold: rounded cores apart whose closest features are two corners
//! touch at one point, on the line between the corners, with that diagonal normal.

use crate::geom::contact::types::{
    Face, FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldPoint, ManifoldStep,
};
use crate::geom::math::{
    cross, left_perp, next_index, prev_index, segment_distance, try_normalize,
};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

use super::faces::radii;

/// Two closest core points and the one contact point they make (pair frame).
#[derive(Clone, Copy, Debug)]
pub struct CornerPair {
    /// The point on the reference core (A's for [`closest_cores`]).
    pub reference: Vec2,
    /// The point on the incident core.
    pub incident: Vec2,
    /// Unit normal from `reference` to `incident`.
    pub normal: Vec2,
    /// The rounded surfaces' separation along it.
    pub separation: f32,
    /// The point's id, from the two closest vertices.
    pub id: FeatureId,
}

impl CornerPair {
    /// The trace's step for these corners.
    pub fn step(&self) -> ManifoldStep {
        ManifoldStep::Corner {
            reference: self.reference,
            incident: self.incident,
            normal: self.normal,
            separation: self.separation,
        }
    }
}

/// Step 4: two corners closest, looked at only where they can be. The face normals of both
/// cores are the edge normals of their Minkowski difference, so the face separation is exact
/// and the cores are apart only when it is positive, with one exception: two parallel segments
/// (capsules end to end), whose difference is flat along their common direction, which no face
/// normal crosses. For them the corners are always looked at. Apart, they are looked at only
/// when the incident end nearer the reference line lies beyond the side planes
/// ([`nearer_end_beyond_sides`]).
pub fn closest_corners(
    a: &Placed,
    b: &Placed,
    flip: bool,
    separation: f32,
    reference: &Face,
    incident: &Face,
) -> Option<CornerPair> {
    let look = parallel_segments(a, b)
        || (separation > 0.0 && nearer_end_beyond_sides(reference, incident));
    if !look {
        return None;
    }
    corner(a, b, flip, reference, incident)
}

/// Whether the incident face's end nearer the reference face's line lies beyond the reference
/// face's side planes. That end is the incident core's deepest point along the reference normal
/// (the incident face is the one most anti-parallel to it); when the cores are apart and it lies
/// between the side planes, it is the incident core's closest point, at the face separation, so
/// two corners cannot be the closest features and [`corner`] need not be asked.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn nearer_end_beyond_sides(reference: &Face, incident: &Face) -> bool {
    let tangent = left_perp(reference.normal);
    let nearer = if reference.normal.dot(incident.v1) <= reference.normal.dot(incident.v2) {
        incident.v1
    } else {
        incident.v2
    };
    let along = tangent.dot(nearer);
    along < tangent.dot(reference.v1) || along > tangent.dot(reference.v2)
}

/// Cores apart with their closest features two corners: the corners, the normal between them,
/// the rounded surfaces' separation and the point's id. `None` when the closest features are
/// not two corners.
///
/// When it answers, the cores are apart: each corner is its core's support point along the line
/// between them (the cone tests), so that line separates the cores by their distance.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn corner(
    a: &Placed,
    b: &Placed,
    flip: bool,
    reference: &Face,
    incident: &Face,
) -> Option<CornerPair> {
    let (ref_shape, inc_shape) = if flip { (b, a) } else { (a, b) };
    let sd = segment_distance(reference.v1, reference.v2, incident.v1, incident.v2);
    let at_end = |f: f32| f == 0.0 || f == 1.0;
    if !(at_end(sd.fraction1) && at_end(sd.fraction2)) || sd.distance_squared <= 0.0 {
        return None;
    }
    let ref_vertex = if sd.fraction1 == 0.0 {
        reference.edge
    } else {
        next_index(reference.edge, ref_shape.count())
    };
    let inc_vertex = if sd.fraction2 == 0.0 {
        incident.edge
    } else {
        next_index(incident.edge, inc_shape.count())
    };
    // The two corners are the closest features only if the line between them lies in both
    // corners' normal cones (the reference may not be the best face, within the hysteresis, and
    // then a neighbour of the incident face can be nearer). Corners in line along both face
    // normals are the ends of parallel faces flat against each other (equal boxes stacked):
    // clipping gives their two points.
    let flat = |n: Vec2| {
        n.dot(reference.normal) > 1.0 - FLAT_COSINE && n.dot(incident.normal) < -(1.0 - FLAT_COSINE)
    };
    let corners = |n: &Vec2| {
        !flat(*n)
            && in_vertex_cone(ref_shape, ref_vertex, *n)
            && in_vertex_cone(inc_shape, inc_vertex, -*n)
    };
    let normal = try_normalize(sd.closest2 - sd.closest1).filter(corners)?;
    let sep = sd.distance_squared.sqrt() - ref_shape.radius() - inc_shape.radius();
    let id = FeatureId {
        kind: FeatureKind::Corner,
        reference: ref_vertex as u8,
        incident: IncidentFeature::Vertex(inc_vertex as u8),
        flip,
    };
    Some(CornerPair {
        reference: sd.closest1,
        incident: sd.closest2,
        normal,
        separation: sep,
        id,
    })
}

/// The manifold of two corners: the normal A to B, and the one point midway between the
/// rounded surfaces if it is within the margin.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn corner_manifold(
    a: &Placed,
    b: &Placed,
    flip: bool,
    corner: &CornerPair,
    margin: f32,
) -> Manifold {
    let normal = corner.normal;
    let mut m = Manifold::empty(if flip { -normal } else { normal });
    if corner.separation > margin {
        return m;
    }
    let (ref_radius, inc_radius) = radii(a, b, flip);
    let c1 = corner.reference + normal * ref_radius;
    let c2 = corner.incident - normal * inc_radius;
    m.push(ManifoldPoint::of_id(
        (c1 + c2) * 0.5,
        corner.separation,
        corner.id,
    ));
    m
}

/// The trace of step 4 when two corners answer: the reference face (`reference_step`), the
/// incident face, the corners, and whether they are apart beyond the margin.
pub fn trace_corner(
    reference_step: impl FnOnce() -> ManifoldStep,
    incident: Face,
    corner: &CornerPair,
    margin: f32,
    trace: &mut impl Trace<ManifoldStep>,
) {
    trace.step(reference_step);
    trace.step(|| ManifoldStep::IncidentFace(incident));
    trace.step(|| corner.step());
    if corner.separation > margin {
        trace.step(|| ManifoldStep::Apart {
            separation: corner.separation,
            margin,
        });
    }
}

/// The closest points of two cores that are apart, by GJK (A's point as the reference, the
/// normal A to B). `None` when GJK finds that they meet.
pub fn closest_cores(a: &Placed, b: &Placed) -> Option<CornerPair> {
    let g = crate::geom::gjk::gjk(a, b, &mut crate::geom::trace::NoTrace);
    let normal = g.normal()?;
    let sep = g.point_a.distance(g.point_b) - a.radius() - b.radius();
    let first = g.simplex()[0];
    let id = FeatureId {
        kind: FeatureKind::Corner,
        reference: first.index_a as u8,
        incident: IncidentFeature::Vertex(first.index_b as u8),
        flip: false,
    };
    Some(CornerPair {
        reference: g.point_a,
        incident: g.point_b,
        normal,
        separation: sep,
        id,
    })
}

/// Whether the unit direction `d` lies in the normal cone of vertex `i` of `shape`'s core:
/// between the outward normals of the two edges that meet there (a capsule's end: the half-plane
/// beyond it). Only along such a direction can that vertex be the core's closest feature. A
/// direction just outside (by up to [`CONE_SLACK`]) counts as inside, so rounding cannot reject
/// a true corner.
fn in_vertex_cone(shape: &Placed, i: usize, d: Vec2) -> bool {
    let n = shape.count();
    let (before, after) = (shape.normal(prev_index(i, n)), shape.normal(i));
    cross(before, d) >= -CONE_SLACK && cross(d, after) >= -CONE_SLACK
}

/// How far (the sine of the angle) a direction may lie outside a vertex's normal cone and still
/// count as inside: 1e-3 rad, where the two answers differ by 5e-7 of the distance. Scale-free:
/// it compares directions.
const CONE_SLACK: f32 = 1.0e-3;

/// How far (one minus the cosine) a corner line may be from both faces' normals and still count
/// as "along them": an angle of about 1.4e-3 rad. Scale-free: it compares directions.
const FLAT_COSINE: f32 = 1.0e-6;

/// True when both cores are segments (capsules) within [`PARALLEL_SINE`] of parallel: their
/// Minkowski difference is (nearly) flat, and their face separation can miss a gap along it.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn parallel_segments(a: &Placed, b: &Placed) -> bool {
    a.count() == 2 && b.count() == 2 && cross(a.normal(0), b.normal(0)).abs() <= PARALLEL_SINE
}

/// The sine of the angle below which two segments count as parallel for
/// [`parallel_segments`]: generous (about 0.06°), since looking at the corners of segments that
/// are not parallel costs time but is never wrong. Scale-free: it compares directions.
pub const PARALLEL_SINE: f32 = 1.0e-3;
