//! The manifolds the solver receives: a body pair collided by [`collide_bodies`] (the code
//! every other mode traces), then shaped by the run's [`Variant`].
//!
//! Steps 1 and 2 of the step's outline ([`crate::sim`], one numbering for the lab):
//!
//! 1. **Collide**:
//!    1. the pair part pair by part pair, with the scene's speculative margin and the
//!       variant's hysteresis (a chain's segments with their ghost-vertex rule when the variant
//!       is `smooth`);
//!    2. each point gets its cache key: its full id (part bits included), or without the part
//!       bits when `part_bits` is off;
//!    3. the points the variant asks for are kept: all, the deepest, or one point at the
//!       midpoint of the surviving points (its separation their mean, its id the smaller of
//!       theirs, so it does not depend on the order the points came in).
//! 2. **Match** each point's id against the pair's points of the last step: a match is
//!    *persisted*, and (with `warm_start`) starts from that point's impulses; the first match
//!    wins, so two points sharing an id share one warm start.

use crate::geom::{ManifoldOptions, PlacedPart, Transform, collide_bodies, part_id};
use crate::scene::{Points, Variant};
use glam::Vec2;

/// A contact point as the solver received it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimPoint {
    /// World position, midway between the two surfaces along the normal.
    pub position: Vec2,
    /// Signed distance of the surfaces along the normal (negative: penetrating; positive: a
    /// speculative point, which only stops the gap from closing within the step).
    pub separation: f32,
    /// The cache key: the full feature id, or without the part bits when the variant drops
    /// them.
    pub id: u64,
    /// The id matched a point of this body pair in the last step.
    pub persisted: bool,
    /// Another point of this body pair has the same id in this step.
    pub id_collision: bool,
    /// The accumulated normal impulse at the end of the step (≥ 0).
    pub normal_impulse: f32,
    /// The accumulated friction impulse at the end of the step (along the tangent, `normal`
    /// turned a quarter clockwise).
    pub tangent_impulse: f32,
}

/// How a point is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointState {
    /// Its id matched the last step's (warm-started when the variant warm starts).
    Persisted,
    /// A new id: it starts from no impulse.
    New,
    /// Separation > 0: a speculative point.
    Speculative,
}

impl SimPoint {
    /// Speculative (separation > 0), else persisted or new.
    pub fn state(&self) -> PointState {
        if self.separation > 0.0 {
            PointState::Speculative
        } else if self.persisted {
            PointState::Persisted
        } else {
            PointState::New
        }
    }
}

/// One part pair's manifold as the solver received it.
#[derive(Clone, Debug, PartialEq)]
pub struct SimManifold {
    /// The part of the first body and the part of the second.
    pub parts: [usize; 2],
    /// Unit normal from the pair's first body to its second.
    pub normal: Vec2,
    /// The points (at most two).
    pub points: Vec<SimPoint>,
}

/// Every manifold of one body pair in one step.
#[derive(Clone, Debug, PartialEq)]
pub struct PairContacts {
    /// The two bodies (world indices: 0 is A, 1 is B, then `sim.bodies`), the first lower.
    pub bodies: [usize; 2],
    /// One manifold per touching part pair, in part order.
    pub manifolds: Vec<SimManifold>,
}

impl PairContacts {
    /// Every point of the pair.
    pub fn points(&self) -> impl Iterator<Item = &SimPoint> {
        self.manifolds.iter().flat_map(|m| m.points.iter())
    }
}

/// Steps 1–3: the pair's manifolds under `variant` (no state yet: `persisted` false, impulses
/// 0).
pub fn received(
    bodies: [usize; 2],
    parts: [&[PlacedPart]; 2],
    xfs: [Transform; 2],
    margin: f32,
    variant: &Variant,
) -> PairContacts {
    let options = ManifoldOptions {
        speculative_margin: margin,
        hysteresis: variant.hysteresis,
    };
    let out = collide_bodies(parts[0], xfs[0], parts[1], xfs[1], &options, variant.smooth);
    let manifolds = out
        .manifolds
        .iter()
        .map(|pm| {
            let [ia, ib] = pm.parts;
            let key = |id: u32| {
                if variant.part_bits {
                    part_id(ia, ib, id)
                } else {
                    id as u64
                }
            };
            let all: Vec<SimPoint> = pm
                .manifold
                .points()
                .map(|p| SimPoint {
                    position: p.position,
                    separation: p.separation,
                    id: key(p.id.pack()),
                    persisted: false,
                    id_collision: false,
                    normal_impulse: 0.0,
                    tangent_impulse: 0.0,
                })
                .collect();
            SimManifold {
                parts: pm.parts,
                normal: pm.manifold.normal,
                points: keep(all, variant.points),
            }
        })
        .collect();
    PairContacts { bodies, manifolds }
}

/// Step 1.3: the points the rule keeps.
fn keep(points: Vec<SimPoint>, rule: Points) -> Vec<SimPoint> {
    if points.len() < 2 {
        return points;
    }
    match rule {
        Points::All => points,
        Points::Deepest => {
            let deepest = points.iter().copied().reduce(|best, p| {
                if p.separation < best.separation {
                    p
                } else {
                    best
                }
            });
            deepest.into_iter().collect()
        }
        Points::Middle => {
            let n = points.len() as f32;
            let position = points.iter().map(|p| p.position).sum::<Vec2>() / n;
            let separation = points.iter().map(|p| p.separation).sum::<f32>() / n;
            let id = points.iter().map(|p| p.id).min().unwrap_or(0);
            vec![SimPoint {
                position,
                separation,
                id,
                ..points[0]
            }]
        }
    }
}

/// Step 2: marks each point persisted or new, and its id collisions, against `last` (the pair's
/// previous step); with `warm_start`, a persisted point starts from the impulses of the first
/// of `last`'s points with its id (a new point, or any point without warm starting, from 0).
pub fn match_cache(now: &mut PairContacts, last: Option<&PairContacts>, warm_start: bool) {
    let ids: Vec<u64> = now.points().map(|p| p.id).collect();
    for m in &mut now.manifolds {
        for p in &mut m.points {
            p.id_collision = ids.iter().filter(|&&id| id == p.id).count() > 1;
            let old = last.and_then(|l| l.points().find(|o| o.id == p.id));
            p.persisted = old.is_some();
            if let (Some(o), true) = (old, warm_start) {
                p.normal_impulse = o.normal_impulse;
                p.tangent_impulse = o.tangent_impulse;
            }
        }
    }
}
