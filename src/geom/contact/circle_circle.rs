//! Circle against circle: a closed form. The normal is the centre line (straight up when the
//! centres coincide); the one point sits midway between the two surfaces.

use super::types::{
    FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldPoint, ManifoldStep,
};
use crate::geom::math::try_normalize;
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

/// Circle `a` against circle `b` (both in one frame).
// Always inlined into `collide`, its one caller, so that the manifold is built in place.
#[inline(always)]
pub fn circles(
    a: &Placed,
    b: &Placed,
    margin: f32,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let (ca, cb) = (a.centre(), b.centre());
    let d = cb - ca;
    let normal = try_normalize(d).unwrap_or(Vec2::Y);
    let distance = d.length();
    let separation = distance - a.radius() - b.radius();
    trace.step(|| ManifoldStep::Circles {
        centre_a: ca,
        centre_b: cb,
        separation,
    });
    let mut m = Manifold::empty(normal);
    if separation > margin {
        trace.step(|| ManifoldStep::Apart { separation, margin });
        return m;
    }
    let surface_a = ca + normal * a.radius();
    let surface_b = cb - normal * b.radius();
    m.push(ManifoldPoint::of_id(
        (surface_a + surface_b) * 0.5,
        separation,
        FeatureId {
            kind: FeatureKind::CircleCircle,
            reference: 0,
            incident: IncidentFeature::Vertex(0),
            flip: false,
        },
    ));
    m
}
