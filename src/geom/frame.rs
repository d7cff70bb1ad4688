//! The pair frame: both shapes placed relative to A's position, so that a pair far from the
//! world origin is computed with small numbers.

use crate::geom::math::Transform;
use crate::geom::shape::{Placed, Shape};
use glam::Vec2;

/// Two shapes placed in one frame: world coordinates minus `origin` (A's position), so that a
/// pair far from the world origin is computed with small numbers. Nothing is copied.
#[derive(Clone, Copy, Debug)]
pub struct PairFrame<'a> {
    /// World position of the frame's origin.
    pub origin: Vec2,
    /// A, in the pair frame.
    pub a: Placed<'a>,
    /// B, in the pair frame.
    pub b: Placed<'a>,
}

/// Places both shapes in the pair frame.
pub fn pair_frame<'a>(
    a: &'a Shape,
    xf_a: Transform,
    b: &'a Shape,
    xf_b: Transform,
) -> PairFrame<'a> {
    let origin = xf_a.p;
    PairFrame {
        origin,
        a: Placed::new(
            a,
            Transform {
                p: Vec2::ZERO,
                q: xf_a.q,
            },
        ),
        b: Placed::new(
            b,
            Transform {
                p: xf_b.p - origin,
                q: xf_b.q,
            },
        ),
    }
}

/// The size of the numbers a pair frame computes with: both bounding radii and both positions.
#[inline]
pub(crate) fn pair_scale(a: &Placed, b: &Placed) -> f32 {
    a.shape.bounding_radius()
        + b.shape.bounding_radius()
        + a.xf.p.abs().max_element()
        + b.xf.p.abs().max_element()
}
