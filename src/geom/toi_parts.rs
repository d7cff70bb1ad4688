//! The time of impact of one moving shape against a static body of several parts (a compound,
//! or a chain's segments): [`time_of_impact`] part by part, the earliest hit wins.
//!
//! A chain's segment is one-sided, as its contacts are: the moving shape is not queried against
//! a segment its centroid starts behind, and a hit on a segment's back is dropped (reported
//! separated). `narrowphase-lab toi` and the simulation's continuous step
//! (`Variant(continuous: true)`) both ask this.

use crate::geom::cast::SweepState;
use crate::geom::chain::SmoothSegment;
use crate::geom::compound::PlacedPart;
use crate::geom::math::Transform;
use crate::geom::shape::Shape;
use crate::geom::toi::{Sweep, ToiOutput, time_of_impact};
use crate::geom::trace::NoTrace;
use glam::Vec2;

/// `b` moving along `sweep` (world) against each part of a static body at `xf_a`: the part
/// index and answer that rank first — a hit (or an overlap) at the earliest `t`, else a failed
/// query at the earliest `t`, else separated. `None` when no part was queried (every part a
/// segment that `b` starts behind, or no parts).
pub fn toi_parts(
    parts_a: &[PlacedPart],
    xf_a: Transform,
    b: &Shape,
    sweep: &Sweep,
    slop: f32,
) -> Option<(usize, ToiOutput)> {
    let rank = |o: &ToiOutput| match o.state {
        SweepState::Overlapped | SweepState::Hit => (0, o.t),
        SweepState::Failed => (1, o.t),
        SweepState::Separated => (2, 0.0),
    };
    let start = sweep.transform(0.0).apply(b.centroid());
    let mut best: Option<(usize, ToiOutput)> = None;
    for (i, pa) in parts_a.iter().enumerate() {
        let xf = xf_a.compose(pa.xf);
        let segment = pa.link.map(|link| {
            let at = |p: Vec2| xf.apply(p);
            let v = pa.shape.vertices();
            SmoothSegment::new(at(v[0]), at(v[1]), link.prev.map(at), link.next.map(at))
        });
        if segment
            .as_ref()
            .is_some_and(|s| (start - s.ends[0]).dot(s.normal) < 0.0)
        {
            continue;
        }
        let mut o = time_of_impact(&pa.shape, xf, b, sweep, slop, &mut NoTrace);
        if let Some(s) = &segment {
            let hit = matches!(o.state, SweepState::Hit | SweepState::Overlapped);
            if hit && o.normal.dot(s.normal) < 0.0 {
                o.state = SweepState::Separated;
            }
        }
        if best.is_none_or(|(_, b)| rank(&o) < rank(&b)) {
            best = Some((i, o));
        }
    }
    best
}
