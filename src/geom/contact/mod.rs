//! Contact manifolds: the dispatch that picks an algorithm for a pair. One file per pair family:
//!
//! - `types.rs`: what they all share (manifold, points, feature ids, options, trace steps);
//! - `circle_circle.rs`: circle–circle, a closed form;
//! - `circle_polygon.rs`: a circle against any other core, a closed form;
//! - `polygon_polygon.rs`: polygon-like pairs (box, polygon, rounded polygon, capsule — a
//!   capsule is a 2-vertex polygon with a radius): reference face, incident face and clipping,
//!   for the two points a resting box needs. Written to be read;
//! - `fast.rs`: the same answers with less work where it pays, tested against the readable code;
//! - `fast_pairs.rs`: the untraced call's fast paths for circles and for centred 2- and
//!   4-vertex cores (capsules, boxes; two capsules run `polygon_polygon.rs`'s own segment
//!   route untraced), bit for bit the readable answers, tried first by
//!   [`collide`] and [`collide_in`] when nothing is traced.
//!
//! The normal points from A to B; a point's `separation` is negative when penetrating; a point
//! sits midway between the two surfaces along the normal; points with
//! `separation <= speculative_margin` are kept.

pub mod circle_circle;
pub mod circle_polygon;
pub mod fast;
pub mod fast_pairs;
pub mod polygon_polygon;
pub mod types;

pub use types::*;

use crate::geom::frame::{PairFrame, pair_frame};
use crate::geom::math::Transform;
use crate::geom::shape::Shape;
use crate::geom::trace::Trace;
use circle_circle::circles;
use circle_polygon::circle_polygon;

pub(crate) use polygon_polygon::clip_face;
use polygon_polygon::polygons;

/// The contact manifold of `a` at `xf_a` and `b` at `xf_b`.
///
/// Untraced (`NoTrace`), the fast paths of [`fast_pairs`] answer the pairs they know, with the
/// readable algorithm's answer bit for bit; traced, the readable algorithm always runs.
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
        let m = fast_pairs::collide_fast(&pair, &options);
        if !m.is_declined() {
            return m;
        }
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
        let m = fast_pairs::collide_fast(pair, &options);
        if !m.is_declined() {
            return m;
        }
    }
    readable_in(pair, &options, trace)
}

/// The readable algorithms: one per pair family, each traced. Out of line, so that `collide`
/// stays small for the fast paths (no frame for every family's locals on their way). The
/// options come sanitized ([`ManifoldOptions::sanitized`]).
#[inline(never)]
fn readable_in(
    pair: &PairFrame,
    options: &ManifoldOptions,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let margin = options.speculative_margin;
    // One manifold, shifted in place and returned: every algorithm returns its one local too,
    // so the result is written where the caller wants it, not copied (a copy read back whole
    // right after being written piecewise stalls the processor).
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
