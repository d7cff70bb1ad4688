//! Contact manifolds: the dispatch that picks an algorithm for a pair. One file per pair family:
//!
//! - `types.rs`: what they all share (manifold, points, feature ids, options, trace steps);
//! - `circle_circle.rs`: circle–circle, a closed form;
//! - `circle_polygon.rs`: a circle against any other core, a closed form;
//! - `polygons/`: polygon-like pairs (box, polygon, rounded polygon, capsule — a capsule is a
//!   2-vertex polygon with a radius): reference face, incident face and clipping, for the two
//!   points a resting box needs. Written to be read, one file per step of its outline;
//! - `fast/`: the untraced call's fast paths, bit for bit the readable answers with less work
//!   (unrolled searches, clipping in registers), tried first by [`collide`] and
//!   [`collide_in`] when nothing is traced, and tested against the readable code.
//!
//! The normal points from A to B; a point's `separation` is negative when penetrating; a point
//! sits midway between the two surfaces along the normal; points with
//! `separation <= speculative_margin` are kept.

pub mod circle_circle;
pub mod circle_polygon;
pub mod fast;
pub mod polygons;
pub mod types;

pub use types::*;

use crate::geom::frame::{PairFrame, pair_frame};
use crate::geom::math::Transform;
use crate::geom::shape::Shape;
use crate::geom::trace::Trace;
use circle_circle::circles;
use circle_polygon::circle_polygon;

pub(crate) use polygons::clip_face;
use polygons::polygons;

/// The contact manifold of `a` at `xf_a` and `b` at `xf_b`.
///
/// Untraced (`NoTrace`), the fast paths of [`fast`] answer, with the readable algorithm's
/// answer bit for bit; traced, the readable algorithm runs.
pub fn collide<T: Trace<ManifoldStep>>(
    a: &Shape,
    xf_a: Transform,
    b: &Shape,
    xf_b: Transform,
    options: &ManifoldOptions,
    trace: &mut T,
) -> Manifold {
    let pair = pair_frame(a, xf_a, b, xf_b);
    // Sanitized once, for whichever path answers.
    let options = options.sanitized();
    if !T::ENABLED {
        return fast::collide_fast(&pair, &options);
    }
    readable_in(&pair, &options, trace)
}

/// [`collide`] on two shapes already placed in one pair frame (a compound's part pair, placed
/// by [`crate::geom::compound::parts_frame`]).
pub fn collide_in<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    options: &ManifoldOptions,
    trace: &mut T,
) -> Manifold {
    let options = options.sanitized();
    if !T::ENABLED {
        return fast::collide_fast(pair, &options);
    }
    readable_in(pair, &options, trace)
}

/// The readable algorithms: one per pair family, each traced. The options come sanitized
/// ([`ManifoldOptions::sanitized`]).
fn readable_in(
    pair: &PairFrame,
    options: &ManifoldOptions,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let margin = options.speculative_margin;
    let mut m = match (pair.a.count() == 1, pair.b.count() == 1) {
        (true, true) => circles(&pair.a, &pair.b, margin, trace),
        (true, false) => circle_polygon(&pair.b, &pair.a, false, margin, trace),
        (false, true) => circle_polygon(&pair.a, &pair.b, true, margin, trace),
        (false, false) => polygons(&pair.a, &pair.b, options, trace),
    };
    m.shift(pair.origin);
    trace.step(|| ManifoldStep::Done(m));
    m
}
