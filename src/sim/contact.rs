//! The manifolds the solver receives: a body pair collided by
//! [`collide_bodies`](crate::geom::collide_bodies) (the code every other mode traces), then
//! shaped by the run's [`Variant`].
//!
//! Steps 1 and 2 of the step's outline ([`crate::sim`], one numbering for the lab):
//!
//! 1. **Collide**:
//!    1. the pair part pair by part pair, with the scene's speculative margin and the
//!       variant's reference-face rule (Plain, Biased, or Sticky, which remembers the part
//!       pair's reference body of the last step) (a chain's segments with their ghost-vertex
//!       rule when the variant is `smooth`);
//!    2. each point gets its cache key by the variant's `ids`: its feature id (`Reference`) or
//!       its vertex pair (`Vertices`), with the part bits above it, or without them when
//!       `part_bits` is off (`Nearest` matches by position, the key is only shown);
//!    3. the points the variant asks for are kept: all, the deepest, or one point at the
//!       midpoint of the surviving points (its separation their mean, its id the smaller of
//!       theirs, so it does not depend on the order the points came in).
//! 2. **Match** each point against the pair's points of the last step: the first unused old
//!    point with its key (`Reference`, `Vertices`), or the nearest unused one within
//!    `match_distance` in both bodies' frames (`Nearest`, as Jolt compares a point's two local
//!    positions). A match is *persisted*, and (with `warm_start`) starts from that point's
//!    impulses. One old impulse warm-starts at most one new point: the first match takes it
//!    (Box2D's matcher zeroes a used one), so two points sharing a key fight over one warm
//!    start and the second starts from nothing.

use crate::geom::{
    FeatureKind, ManifoldOptions, PlacedPart, Transform, collide_bodies_with, part_id,
};
use crate::scene::{Ids, Points, Reference, Variant};
use glam::Vec2;

/// A contact point as the solver received it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimPoint {
    /// World position, midway between the two surfaces along the normal.
    pub position: Vec2,
    /// Signed distance of the surfaces along the normal (negative: penetrating; positive: a
    /// speculative point, which only stops the gap from closing within the step).
    pub separation: f32,
    /// The cache key: the full feature id (`ids: Reference`, also shown under `Nearest`) or
    /// the vertex pair (`ids: Vertices`: `ia << 8 | ib`), with the part bits above it unless
    /// the variant drops them.
    pub id: u64,
    /// The vertex pair that made the point, `[vertex of the first body's part, vertex of the
    /// second's]` ([`crate::geom::ManifoldPoint::vertices`]).
    pub vertices: [u8; 2],
    /// The point in each body's own frame, `[first body's, second body's]` (what `Nearest`
    /// compares).
    pub local: [Vec2; 2],
    /// The id matched a point of this body pair in the last step.
    pub persisted: bool,
    /// For a matched point, how far it is from the old point it matched: the smaller of its
    /// moves in the two bodies' frames (the same contact stays put in at least one of them: a
    /// corner in its own body's, a clipped point in the reference body's, while sliding along
    /// the other). `None` for a new point. What [`wrong_match`] judges.
    pub moved: Option<f32>,
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
    /// True when the second body's face was the reference (`None`: no face was, as for a
    /// circle): what a `Sticky` reference remembers for the next step.
    pub reference_b: Option<bool>,
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
/// 0); `last`, the pair's last step, is what a `Sticky` reference remembers.
pub fn received(
    bodies: [usize; 2],
    parts: [&[PlacedPart]; 2],
    xfs: [Transform; 2],
    margin: f32,
    variant: &Variant,
    last: Option<&PairContacts>,
) -> PairContacts {
    let rule = variant.reference_rule();
    let options_for = |parts: [usize; 2]| ManifoldOptions {
        speculative_margin: margin,
        hysteresis: rule == Reference::Biased,
        sticky: match rule {
            Reference::Sticky => last
                .and_then(|l| l.manifolds.iter().find(|m| m.parts == parts))
                .and_then(|m| m.reference_b),
            _ => None,
        },
    };
    let out = collide_bodies_with(
        parts[0],
        xfs[0],
        parts[1],
        xfs[1],
        variant.smooth,
        options_for,
    );
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
                    id: key(match variant.ids {
                        Ids::Vertices => u32::from(p.vertices[0]) << 8 | u32::from(p.vertices[1]),
                        Ids::Reference | Ids::Nearest => p.id.pack(),
                    }),
                    vertices: p.vertices,
                    local: [xfs[0].apply_inv(p.position), xfs[1].apply_inv(p.position)],
                    persisted: false,
                    moved: None,
                    id_collision: false,
                    normal_impulse: 0.0,
                    tangent_impulse: 0.0,
                })
                .collect();
            let reference_b = pm
                .manifold
                .points()
                .next()
                .filter(|p| matches!(p.id.kind, FeatureKind::Clip | FeatureKind::Corner))
                .map(|p| p.id.flip);
            SimManifold {
                parts: pm.parts,
                normal: pm.manifold.normal,
                reference_b,
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
            let local = [0, 1].map(|k| points.iter().map(|p| p.local[k]).sum::<Vec2>() / n);
            let separation = points.iter().map(|p| p.separation).sum::<f32>() / n;
            let id = points.iter().map(|p| p.id).min().unwrap_or(0);
            vec![SimPoint {
                position,
                separation,
                id,
                local,
                ..points[0]
            }]
        }
    }
}

/// Step 2: marks each point persisted or new, and its key collisions, against `last` (the
/// pair's previous step), by the variant's `ids`: the old slot with the same key (one per key:
/// the first old point that had it), or (`Nearest`) the nearest unused old point within
/// `match_distance` in both bodies' frames. With `warm_start` a matched point starts from that
/// old point's impulses, and each slot is used once: a second point with the same key is new
/// and starts from 0 (as does any point without warm starting).
pub fn match_cache(now: &mut PairContacts, last: Option<&PairContacts>, variant: &Variant) {
    let ids: Vec<u64> = now.points().map(|p| p.id).collect();
    let old: Vec<&SimPoint> = last.map(|l| l.points().collect()).unwrap_or_default();
    // A keyed cache holds one slot per key: the first old point with it (a later one with the
    // same key was never stored apart). Without keys every old point is its own slot.
    let mut used: Vec<bool> = match variant.ids {
        Ids::Nearest => vec![false; old.len()],
        Ids::Reference | Ids::Vertices => (0..old.len())
            .map(|k| old[..k].iter().any(|o| o.id == old[k].id))
            .collect(),
    };
    for m in &mut now.manifolds {
        for p in &mut m.points {
            p.id_collision = ids.iter().filter(|&&id| id == p.id).count() > 1;
            let unused = old.iter().enumerate().filter(|(k, _)| !used[*k]);
            let found = match variant.ids {
                Ids::Reference | Ids::Vertices => {
                    unused.filter(|(_, o)| o.id == p.id).map(|(k, _)| k).next()
                }
                Ids::Nearest => unused
                    .map(|(k, o)| (k, local_distance(p, o)))
                    .filter(|(_, d)| *d <= variant.match_distance)
                    .min_by(|x, y| x.1.total_cmp(&y.1))
                    .map(|(k, _)| k),
            };
            p.persisted = found.is_some();
            p.moved = found.map(|k| {
                p.local[0]
                    .distance(old[k].local[0])
                    .min(p.local[1].distance(old[k].local[1]))
            });
            if let Some(k) = found {
                used[k] = true;
                if variant.warm_start {
                    p.normal_impulse = old[k].normal_impulse;
                    p.tangent_impulse = old[k].tangent_impulse;
                }
            }
        }
    }
}

/// A match is *wrong* (an old impulse handed to a point that is not the same physical
/// contact) when the point moved more than this fraction of the pair's size (the smaller
/// body's bounding radius) in both bodies' frames between the two steps.
pub const WRONG_MATCH: f32 = 0.1;

/// Whether matched point `p` of a pair whose smaller body has bounding radius `size` is a
/// wrong match ([`WRONG_MATCH`]); a new point never is.
pub fn wrong_match(p: &SimPoint, size: f32) -> bool {
    p.moved.is_some_and(|d| d > WRONG_MATCH * size)
}

/// How far point `p` is from old point `o`: the larger of the distances between their
/// positions in each body's frame (Jolt keeps a point when both moved less than its tolerance).
fn local_distance(p: &SimPoint, o: &SimPoint) -> f32 {
    p.local[0]
        .distance(o.local[0])
        .max(p.local[1].distance(o.local[1]))
}
