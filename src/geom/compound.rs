//! Compound bodies: several convex parts moving as one body, collided part pair by part pair.
//!
//! A star lying on a floor touches it with two of its spikes. Both contacts have the same
//! reference edge on the floor; only the part index tells them apart, so it goes into each
//! point's feature id (seed 000): `(part_a << 40) | (part_b << 32) | id`. Without those bits
//! the two contacts share one warm-start slot and fight over it.
//!
//! 1. Place each part pair in one pair frame (origin: body A's position), each part relative to
//!    it: composing parts into world coordinates first would round them to the world's
//!    resolution, which 1e4 from the origin is coarser than a small part.
//! 2. For every part pair, the bounding circles: a pair further apart than both radii plus the
//!    speculative margin cannot touch, and is not collided.
//! 3. Collide the others with [`collide`](crate::geom::collide) (the same traced algorithm as a single pair), and keep
//!    the manifolds that have points, their ids carrying the part bits.
//!
//! [`select_parts`] then names the part pair that shows the pair: the least separation over all
//! part pairs (the GJK/EPA query on each), so the deepest pair, or the closest when apart.
//!
//! A body of one convex shape is the compound of one part, at the identity: everything here
//! works for any mix of single and compound bodies.

use crate::geom::chain::{ChainLink, Joint, SegmentRule, SmoothSegment, collide_segment};
use crate::geom::contact::{ContactId, Manifold, ManifoldOptions, ManifoldPoint, collide_in};
use crate::geom::frame::PairFrame;
use crate::geom::math::{Rot, Transform, segment_distance};
use crate::geom::query::query_in;
use crate::geom::shape::Placed;
use crate::geom::shape::Shape;
use crate::geom::trace::NoTrace;
use glam::Vec2;

/// One convex part of a body, placed in the body's own frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedPart {
    /// The part's shape, in its own frame.
    pub shape: Shape,
    /// Where the part sits in the body's frame.
    pub xf: Transform,
    /// For a chain's segment: its ghost vertices (see [`crate::geom::chain`]).
    pub link: Option<ChainLink>,
}

/// The point a body of `parts` turns about: the mean of its parts' centroids, in the body's
/// frame (the app's ring turns it about this point; the time of impact sweeps it about it).
pub fn parts_centre(parts: &[PlacedPart]) -> Vec2 {
    let sum: Vec2 = parts.iter().map(|p| p.xf.apply(p.shape.centroid())).sum();
    sum / parts.len().max(1) as f32
}

impl PlacedPart {
    /// A body of one shape: the part at the body's origin.
    pub fn whole(shape: Shape) -> PlacedPart {
        PlacedPart {
            shape,
            xf: Transform::IDENTITY,
            link: None,
        }
    }
}

/// A point's id with the part bits above the single-pair id (seed 000): [`ContactId::new`]'s
/// bits.
#[inline]
pub fn part_id(part_a: usize, part_b: usize, id: u32) -> u64 {
    ContactId::new(part_a, part_b, id).0
}

/// The manifold of one part pair, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartManifold {
    /// The part of A and the part of B.
    pub parts: [usize; 2],
    /// Their manifold (the points' own ids, without the part bits: see [`PartManifold::id`]).
    pub manifold: Manifold,
}

impl PartManifold {
    /// A point's full id, part bits included.
    pub fn id(&self, point: &ManifoldPoint) -> u64 {
        part_id(self.parts[0], self.parts[1], point.id.pack())
    }
}

/// The result of [`collide_compound`].
#[derive(Clone, Debug, PartialEq)]
pub struct CompoundOutput {
    /// One manifold per part pair that has points, in part order (A's part, then B's).
    pub manifolds: Vec<PartManifold>,
    /// How many part pairs the bounding circles let through to `collide`.
    pub collided: usize,
    /// Every chain segment collided: what its rule decided, whether or not the rule was
    /// applied.
    pub segments: Vec<SegmentVerdict>,
}

/// What a chain segment's rule said about one part pair (see [`crate::geom::chain`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentVerdict {
    /// The segment (A's part) and B's part.
    pub parts: [usize; 2],
    /// The segment with its neighbours, in world coordinates.
    pub segment: SmoothSegment,
    /// The plain two-sided manifold (world coordinates).
    pub two_sided: Manifold,
    /// What the rule decided: the winning candidate normal, what it made, the manifold.
    pub rule: SegmentRule,
    /// True when the rule was applied (`smooth` on).
    pub applied: bool,
}

/// The part pair a compound pair is shown by: the least separation over all part pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Selection {
    /// The part of A and the part of B (the first pair on a tie).
    pub parts: [usize; 2],
    /// The least separation over all part pairs (signed: negative when penetrating).
    pub separation: f32,
    /// The selected pair's normal, from A to B.
    pub normal: Vec2,
}

impl Selection {
    /// True when any part pair overlaps.
    pub fn overlap(&self) -> bool {
        self.separation < 0.0
    }
}

impl CompoundOutput {
    /// Every point of every manifold, with its full id.
    pub fn points(&self) -> impl Iterator<Item = (u64, &ManifoldPoint)> {
        self.manifolds
            .iter()
            .flat_map(|m| m.manifold.points().map(move |p| (m.id(p), p)))
    }
}

/// Whether the bounding circles of a part pair placed in one frame come within `margin` of each
/// other (for a chain's segment, B's bounding circle and the segment itself).
#[inline]
fn bounds_meet(pair: &PairFrame, chain: bool, margin: f32) -> bool {
    if chain {
        // A few roundings longer: a body exactly touching the segment is collided (its
        // distance squared rounds either way).
        let reach = (pair.a.radius() + pair.b.shape.bounding_radius() + margin)
            * (1.0 + 8.0 * f32::EPSILON);
        let c = pair.b.xf.p;
        let d = segment_distance(pair.a.vertex(0), pair.a.vertex(1), c, c);
        return d.distance_squared <= reach * reach;
    }
    let reach = pair.a.shape.bounding_radius() + pair.b.shape.bounding_radius() + margin;
    pair.a.xf.p.distance_squared(pair.b.xf.p) <= reach * reach
}

/// The selected part pair: the least separation over all part pairs, by the GJK/EPA query on
/// each (the first pair on a tie).
pub fn select_parts(
    a: &[PlacedPart],
    xf_a: Transform,
    b: &[PlacedPart],
    xf_b: Transform,
) -> Selection {
    let mut best = Selection {
        parts: [0, 0],
        separation: f32::INFINITY,
        normal: Vec2::Y,
    };
    for (i, pa) in a.iter().enumerate() {
        for (j, pb) in b.iter().enumerate() {
            let q = query_in(&parts_frame(pa, xf_a, pb, xf_b), &mut NoTrace, &mut NoTrace);
            if q.separation < best.separation {
                best = Selection {
                    parts: [i, j],
                    separation: q.separation,
                    normal: q.normal,
                };
            }
        }
    }
    best
}

/// Collides two bodies made of parts (a single shape is one part at the identity); a chain's
/// segments with their ghost-vertex rule ([`collide_bodies`] with `smooth` on).
pub fn collide_compound(
    a: &[PlacedPart],
    xf_a: Transform,
    b: &[PlacedPart],
    xf_b: Transform,
    options: &ManifoldOptions,
) -> CompoundOutput {
    collide_bodies(a, xf_a, b, xf_b, options, true)
}

/// Collides two bodies made of parts; with `smooth` off a chain's segments are plain two-sided
/// segments (their verdicts are still listed, not applied).
pub fn collide_bodies(
    a: &[PlacedPart],
    xf_a: Transform,
    b: &[PlacedPart],
    xf_b: Transform,
    options: &ManifoldOptions,
    smooth: bool,
) -> CompoundOutput {
    collide_bodies_with(a, xf_a, b, xf_b, smooth, |_| *options)
}

/// [`collide_bodies`] with each part pair's own options, `options_for([part of A, part of
/// B])` (the same speculative margin for all: a sticky reference face remembers its part
/// pair's last choice).
pub fn collide_bodies_with(
    a: &[PlacedPart],
    xf_a: Transform,
    b: &[PlacedPart],
    xf_b: Transform,
    smooth: bool,
    options_for: impl Fn([usize; 2]) -> ManifoldOptions,
) -> CompoundOutput {
    let margin = options_for([0, 0]).speculative_margin.max(0.0);
    let mut manifolds = Vec::new();
    let mut segments = Vec::new();
    let mut collided = 0;
    for (i, pa) in a.iter().enumerate() {
        for (j, pb) in b.iter().enumerate() {
            let pair = parts_frame(pa, xf_a, pb, xf_b);
            if !bounds_meet(&pair, pa.link.is_some(), margin) {
                continue;
            }
            collided += 1;
            let options = &options_for([i, j]);
            let mut manifold = collide_in(&pair, options, &mut NoTrace);
            if let Some(link) = &pa.link {
                let segment = SmoothSegment::of_pair(&pair, link);
                let rule = collide_segment(&pair, &segment, options, &mut NoTrace);
                segments.push(SegmentVerdict {
                    parts: [i, j],
                    segment: segment.shifted(pair.origin),
                    two_sided: manifold,
                    rule,
                    applied: smooth,
                });
                if smooth {
                    manifold = rule.manifold;
                }
            }
            if !manifold.is_empty() {
                manifolds.push(PartManifold {
                    parts: [i, j],
                    manifold,
                });
            }
        }
    }
    CompoundOutput {
        manifolds,
        collided,
        segments,
    }
}

/// A chain's inner vertices (where one segment ends and the next begins), each once, placed by
/// the body's transform `xf`, with how the chain turns there, judged as the chain's rule judges
/// it ([`crate::geom::chain::SIN_TOLERANCE`]): a [`Joint::Flat`] one is a seam. Empty for a body
/// that is no chain. (The Simulate plots mark every seam of a ground, tiles' shared corners too,
/// with [`crate::sim::seams()`].)
pub fn chain_joints(parts: &[PlacedPart], xf: Transform) -> Vec<(Vec2, Joint)> {
    parts
        .iter()
        .filter_map(|part| {
            let link = part.link?;
            link.next?;
            let place = xf.compose(part.xf);
            let (p1, p2) = (part.shape.vertices()[0], part.shape.vertices()[1]);
            let at = |p: Vec2| place.apply(p);
            let segment = SmoothSegment::new(at(p1), at(p2), link.prev.map(at), link.next.map(at));
            Some((segment.ends[1], segment.joints[1]))
        })
        .collect()
}

/// Places part `a` of the body at `xf_a` and part `b` of the body at `xf_b` in one pair frame
/// whose origin is body A's position.
///
/// Each part is placed relative to that origin: body B's offset from body A is taken first (the
/// one rounding a single pair has too), then each part's offset in its body is turned and added.
/// Composing a part into world coordinates first would round its position to the world's
/// resolution: 3e4 from the origin that is 0.002, a fifth of a part 0.01 across.
pub fn parts_frame<'a>(
    a: &'a PlacedPart,
    xf_a: Transform,
    b: &'a PlacedPart,
    xf_b: Transform,
) -> PairFrame<'a> {
    let origin = xf_a.p;
    let local = |xf: Transform, offset: Vec2, part: &PlacedPart| {
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
