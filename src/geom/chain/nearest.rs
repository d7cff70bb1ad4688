//! The nearest features of a chain segment and a body's core, and separations along a normal:
//! what the rule ([`super::rule`]) and its clip ([`super::clip`]) measure with.

use crate::geom::chain::segment::SmoothSegment;
use crate::geom::frame::PairFrame;
use crate::geom::math::{min_finite, next_index, segment_distance};
use crate::geom::shape::Placed;
use glam::Vec2;

/// A feature of B's core closest to something.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum FeatureOfB {
    /// Core vertex `i`.
    Vertex(usize),
    /// The inside of face `j`.
    Face(usize),
}

/// Closest points of a segment and B's core.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Closest {
    /// On the segment.
    pub(crate) point_a: Vec2,
    /// Where on the segment: 0 at its start, 1 at its end.
    pub(crate) fraction: f32,
    /// On B's core.
    pub(crate) point_b: Vec2,
    /// The feature of B it lies on.
    pub(crate) feature: FeatureOfB,
    /// Their distance (0 when the cores meet).
    pub(crate) distance: f32,
}

/// True when `p` lies inside (or on) B's polygon core (3 vertices or more).
pub(crate) fn inside_core(b: &Placed, p: Vec2) -> bool {
    b.count() >= 3 && (0..b.count()).all(|j| b.normal(j).dot(p - b.vertex(j)) <= 0.0)
}

/// The closest points of segment `p → q` and B's core.
pub(crate) fn closest(p: Vec2, q: Vec2, b: &Placed) -> Closest {
    let n = b.count();
    let inside = [p, q].into_iter().find(|&e| inside_core(b, e));
    if let Some(e) = inside {
        return Closest {
            point_a: e,
            fraction: if e == p { 0.0 } else { 1.0 },
            point_b: e,
            feature: FeatureOfB::Vertex(0),
            distance: 0.0,
        };
    }
    let edges = if n <= 2 { 1 } else { n };
    let mut best: Option<Closest> = None;
    for j in 0..edges {
        let (v1, v2) = (b.vertex(j), b.vertex(next_index(j, n)));
        let sd = segment_distance(p, q, v1, v2);
        let distance = sd.distance_squared.sqrt();
        if best.is_some_and(|c| c.distance <= distance) {
            continue;
        }
        let feature = if n == 1 || sd.fraction2 == 0.0 {
            FeatureOfB::Vertex(j)
        } else if sd.fraction2 == 1.0 {
            FeatureOfB::Vertex(next_index(j, n))
        } else if n == 2 && b.normal(0).dot(sd.closest1 - sd.closest2) < 0.0 {
            // A capsule's core: the side facing the segment.
            FeatureOfB::Face(1)
        } else {
            FeatureOfB::Face(j)
        };
        best = Some(Closest {
            point_a: sd.closest1,
            fraction: sd.fraction1,
            point_b: sd.closest2,
            feature,
            distance,
        });
    }
    best.unwrap_or(Closest {
        point_a: p,
        fraction: 0.0,
        point_b: b.vertex(0),
        feature: FeatureOfB::Vertex(0),
        distance: p.distance(b.vertex(0)),
    })
}

/// The least `normal · (w − origin)` over B's core vertices `w`: how far B's core lies in front
/// of the line through `origin` (negative: it reaches behind it).
pub(crate) fn core_separation(b: &Placed, normal: Vec2, origin: Vec2) -> f32 {
    b.vertices()
        .map(|w| normal.dot(w - origin))
        .fold(f32::INFINITY, min_finite)
}

/// The separation along B's face `j` reversed: how far the segment's deeper end lies in front
/// of that face, less both radii.
pub(crate) fn face_of_b_separation(pair: &PairFrame, segment: &SmoothSegment, j: usize) -> f32 {
    let b = &pair.b;
    let (nb, v) = (b.normal(j), b.vertex(j));
    let [p1, p2] = segment.ends;
    min_finite(nb.dot(p1 - v), nb.dot(p2 - v)) - pair.a.radius() - b.radius()
}
