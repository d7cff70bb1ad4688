//! The continuous step (`Variant(continuous: true)`): a fast body's step is cut at its time of
//! impact against the static bodies, as Box2D v3 does for a body that is not a bullet.
//!
//! After a step has moved the bodies, each dynamic body whose motion this step was *fast* —
//! its centre moved, plus its turn times its largest extent, more than [`FAST_FRACTION`] of its
//! smallest extent (the distance from a part's centroid to that part's outline) — is swept from
//! the pose the step started at to the pose it reached, part by part, against every part of
//! the static body A with [`crate::geom::toi_parts()`] (a chain's segments one-sided), to the
//! time of impact's target with the engine's slop ([`crate::geom::cast::parts_slop`]): the
//! cores' distance of the radii less the slop, at least the slop — a rounded shape stops a slop
//! into A, two polygons a slop short of touching. When it hits at `0 < t < 1` the body is put
//! at the pose at `t` (its centre on the line, its angle evenly between) and keeps its
//! velocity: the next step's contacts (speculative, within the scene's margin, when short of
//! touching) stop it there.
//!
//! A sweep that starts within the target (a polygon left a slop short of A by the last step's
//! cut, with no speculative margin to stop it) has `t = 0`; then, as Box2D, a small circle
//! about each part's centroid ([`CORE_FRACTION`] of the part's smallest extent) is swept
//! instead, so the body is cut where that core would touch: in, but short of passing.
//!
//! The order of the bodies does not matter (each is swept against A alone), so the run stays
//! deterministic. Box2D's own sweep (`b2SolveContinuous`) also sweeps bullets against other
//! dynamic bodies; the lab has no bullets.

use super::world::SimBody;
use crate::geom::cast::{SweepState, parts_slop};
use crate::geom::toi::Sweep;
use crate::geom::{PlacedPart, Shape, toi_parts};
use glam::Vec2;

/// A body is fast when its step's travel is more than this fraction of its smallest extent
/// (Box2D v3's safety factor).
pub const FAST_FRACTION: f32 = 0.5;

/// The fallback core circle's radius, as a fraction of a part's smallest extent (Box2D v3's
/// core fraction).
pub const CORE_FRACTION: f32 = 0.25;

/// A body's pose at the start of a step: its centre of mass (world) and its angle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StartPose {
    /// The centre of mass, world.
    pub center: Vec2,
    /// The angle, radians CCW.
    pub angle: f32,
}

/// The smallest distance from a part's centroid to its outline (rounded: the radius counts),
/// over the body's parts.
pub fn min_extent(parts: &[PlacedPart]) -> f32 {
    parts
        .iter()
        .map(|p| part_extent(&p.shape))
        .fold(f32::INFINITY, f32::min)
}

fn part_extent(shape: &Shape) -> f32 {
    (-shape.distance_to_point(shape.centroid())).max(0.0)
}

/// True when `body`'s move from `from` is fast: the centre's travel plus the turn times the
/// body's largest extent (about its centre of mass) is more than [`FAST_FRACTION`] of its
/// smallest extent.
pub fn is_fast(body: &SimBody, from: StartPose) -> bool {
    let max_extent = body.bounding_radius + body.local_center.length();
    let travel =
        (body.center - from.center).length() + (body.angle - from.angle).abs() * max_extent;
    travel > FAST_FRACTION * min_extent(&body.parts)
}

/// The fraction `t` of `body`'s move from `from` at which it first comes within the slop of
/// the static body `a` (`None`: not before the end of the move, or not at `t > 0`). Each part
/// of the body against each part of A: a pair that starts within the target (`t = 0`) is
/// swept again with the body part's core circle.
pub fn impact_fraction(body: &SimBody, from: StartPose, a: &SimBody) -> Option<f32> {
    let xf_a = a.transform();
    let slop = parts_slop(&a.parts, &body.parts);
    let mut earliest: Option<f32> = None;
    for part in &body.parts {
        let sweep = part_sweep(body, from, part);
        let r = CORE_FRACTION * part_extent(&part.shape);
        let core = Shape::circle(r).ok();
        for pa in &a.parts {
            let one = std::slice::from_ref(pa);
            let t = match hit_fraction(one, xf_a, &part.shape, &sweep, slop) {
                Some(t) if t <= 0.0 => core.as_ref().and_then(|core| {
                    // Started within the target: the part's core instead (Box2D's fallback).
                    let core_part = PlacedPart {
                        xf: crate::geom::Transform {
                            p: part.xf.apply(part.shape.centroid()),
                            q: part.xf.q,
                        },
                        ..PlacedPart::whole(*core)
                    };
                    let core_sweep = part_sweep(body, from, &core_part);
                    hit_fraction(one, xf_a, core, &core_sweep, slop).filter(|&t| t > 0.0)
                }),
                t => t,
            };
            if let Some(t) = t {
                earliest = Some(earliest.map_or(t, |e: f32| e.min(t)));
            }
        }
    }
    earliest
}

/// Cuts every fast dynamic body's move at its time of impact against the static bodies
/// (`start[i]` is body `i`'s pose at the start of the step). Returns how many were cut.
pub fn cut_at_impact(bodies: &mut [SimBody], start: &[StartPose]) -> usize {
    let statics: Vec<usize> = (0..bodies.len()).filter(|&i| !bodies[i].dynamic).collect();
    let mut cut = 0;
    for i in 0..bodies.len() {
        let from = start[i];
        if !bodies[i].dynamic || !is_fast(&bodies[i], from) {
            continue;
        }
        let t = statics
            .iter()
            .filter_map(|&s| impact_fraction(&bodies[i], from, &bodies[s]))
            .fold(1.0f32, f32::min);
        if t < 1.0 {
            let b = &mut bodies[i];
            b.center = from.center + t * (b.center - from.center);
            b.angle = from.angle + t * (b.angle - from.angle);
            cut += 1;
        }
    }
    cut
}

/// The sweep of one part of `body`: its centre of mass on a line from `from` to where it is
/// now, its angle evenly between, the part carried along in the body's frame.
fn part_sweep(body: &SimBody, from: StartPose, part: &PlacedPart) -> Sweep {
    let part_angle = part.xf.q.angle();
    Sweep {
        // The body's centre of mass in the part's own frame: the point the sweep turns about.
        local_center: part.xf.apply_inv(body.local_center),
        c: [from.center, body.center],
        angle: [from.angle + part_angle, body.angle + part_angle],
    }
}

/// The earliest hit of `b`'s sweep against A's parts at `t < 1`, `t = 0` included (a failed
/// query counts at how far it got, as Box2D takes its fraction).
fn hit_fraction(
    parts_a: &[PlacedPart],
    xf_a: crate::geom::Transform,
    b: &Shape,
    sweep: &Sweep,
    slop: f32,
) -> Option<f32> {
    let (_, o) = toi_parts(parts_a, xf_a, b, sweep, slop)?;
    match o.state {
        SweepState::Hit | SweepState::Overlapped | SweepState::Failed if o.t < 1.0 => Some(o.t),
        _ => None,
    }
}
