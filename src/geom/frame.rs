//! The pair frame: both shapes placed relative to A's position, so that a pair far from the
//! world origin is computed with small numbers.

use crate::geom::compound::Part;
use crate::geom::math::{Rot, Transform};
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

/// Places part `a` of the body at `xf_a` and part `b` of the body at `xf_b` in one pair frame
/// whose origin is body A's position.
///
/// Each part is placed relative to that origin: body B's offset from body A is taken first (the
/// one rounding a single pair has too), then each part's offset in its body is turned and added.
/// Composing a part into world coordinates first would round its position to the world's
/// resolution: 3e4 from the origin that is 0.002, a fifth of a part 0.01 across.
pub fn parts_frame<'a>(
    a: &'a Part,
    xf_a: Transform,
    b: &'a Part,
    xf_b: Transform,
) -> PairFrame<'a> {
    let origin = xf_a.p;
    let local = |xf: Transform, offset: Vec2, part: &Part| {
        let q = compose_rot(xf.q, part.xf.q);
        Transform {
            p: offset + xf.q.apply(part.xf.p),
            q,
        }
    };
    PairFrame {
        origin,
        a: Placed::new(&a.shape, local(xf_a, Vec2::ZERO, a)),
        b: Placed::new(&b.shape, local(xf_b, xf_b.p - origin, b)),
    }
}

/// The rotation `p` after `q`, exactly as [`Transform::compose`] composes them, so that a part
/// placed here turns by the same rotation as the part drawn.
#[inline]
fn compose_rot(p: Rot, q: Rot) -> Rot {
    Transform {
        p: Vec2::ZERO,
        q: p,
    }
    .compose(Transform { p: Vec2::ZERO, q })
    .q
}
