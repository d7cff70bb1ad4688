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

/// Traced values in world coordinates: traces are recorded in the pair frame (world minus A's
/// position), so a point gets the origin added and a projection onto an axis gets
/// `axis · origin` added. The one conversion the report prints and the app shows; values that
/// do not depend on position (distances, separations, weights, points of `B − A`, directions)
/// are the same in both frames.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToWorld {
    /// World position of the pair frame's origin (A's position).
    pub origin: Vec2,
}

impl ToWorld {
    /// A traced point in the world.
    #[inline]
    pub fn point(&self, p: Vec2) -> Vec2 {
        p + self.origin
    }

    /// How much a projection onto `axis` grows from the pair frame to the world.
    #[inline]
    pub fn shift(&self, axis: Vec2) -> f32 {
        axis.dot(self.origin)
    }

    /// A traced projection `value` onto `axis`, as the projection of the world point.
    #[inline]
    pub fn projection(&self, value: f32, axis: Vec2) -> f32 {
        value + self.shift(axis)
    }
}
