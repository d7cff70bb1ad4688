//! Chains: a static polyline of one-sided segments that know their neighbours.
//!
//! A floor made of tiles, or of a triangle mesh's edges, is collided one piece at a time. A box
//! sliding over it sinks a little into the piece it rests on (the solver keeps a slop), and for
//! a moment the next piece's end is its closest feature: a corner barely below the box's
//! bottom, beside its side face. The two-sided answer for that piece is a normal along the
//! floor, against the slide, and the solver stops the box dead at a seam that is flat. That is
//! the *ghost collision* (seed 001).
//!
//! A chain's segment knows the vertex before its start and the one after its end (its *ghost
//! vertices*), so it can ask of every normal it is about to report: could the surface really
//! have this normal here?
//!
//! 1. **One side.** The segment's face normal points to the right of the walking direction
//!    (a floor walked from right to left faces up). A body whose centre is behind the line is
//!    not touched at all.
//! 2. **The joints.** At each end the chain turns: away from the front (*convex*: a hill top,
//!    where the surface's normals fan from one face's normal to the next, the vertex's *normal
//!    cone*), towards it (*concave*: a valley, no normal between the faces'), or not at all
//!    (*flat*: a seam). An end with no neighbour is *free* (rounded like a capsule's end).
//! 3. **The verdict** on the two-sided normal `n`, by the angle it leans from the face normal
//!    towards one end:
//!    - on the face normal (within [`SIN_TOLERANCE`]): **admit**;
//!    - towards a free end: **admit** (the end is a real corner);
//!    - towards a convex joint, inside its cone: the vertex's contact; the segment that starts
//!      at the vertex **admits** it, the one that ends there **skips** it, so it is made once;
//!    - towards a convex joint, at or beyond the neighbour's normal: the neighbour's face owns
//!      it: **skip**;
//!    - towards a flat or concave joint: no surface normal leans that way, so the normal is
//!      **snapped** to the face normal and the face is clipped again (a body beyond the
//!      segment's end then gets nothing from it: its neighbour's face holds it).
//! 4. **Seams.** A point clipped at a flat joint (the segment's side plane there, or the
//!    segment's own end as incident vertex) is the cut between two pieces of one straight
//!    surface, not a place the body touches: it is dropped, so a box across a seam gets the
//!    same two points as on one long segment.
//!
//! This is the mechanism of Box2D v3's chain segments (admit, skip, snap), written here from
//! its description, with the cone test stated as angles.

use crate::geom::contact::{
    FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldOptions, ManifoldPoint, face_clip,
};
use crate::geom::frame::PairFrame;
use crate::geom::math::{cross, right_perp, try_normalize};
use glam::Vec2;

/// The sine of the angle within which two directions count as one (about 0.57°): a normal this
/// close to the face normal is the face's; a joint this close to straight is flat.
pub const SIN_TOLERANCE: f32 = 0.01;

/// A chain segment's neighbours: the vertex before its start and the one after its end, in the
/// body's frame (`None` at a free end of an open chain).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChainLink {
    /// The ghost vertex before the segment's first point.
    pub prev: Option<Vec2>,
    /// The ghost vertex after the segment's second point.
    pub next: Option<Vec2>,
}

/// How the chain turns at one end of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joint {
    /// No neighbour: the chain ends here.
    Free,
    /// The chain turns away from the front (a hill top): normals between the two faces'
    /// belong to the vertex.
    Convex,
    /// Straight on (within [`SIN_TOLERANCE`]): a seam in one flat surface.
    Flat,
    /// The chain turns towards the front (a valley): no normal lies between the faces'.
    Concave,
}

impl Joint {
    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Joint::Free => "free end",
            Joint::Convex => "convex",
            Joint::Flat => "flat",
            Joint::Concave => "concave",
        }
    }
}

/// What the segment does with a normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormalClass {
    /// Kept as it is.
    Admit,
    /// Dropped: another segment makes this contact.
    Skip,
    /// Replaced by the face normal; the face is clipped again.
    Snap,
    /// The body is behind the one-sided segment: no contact.
    Behind,
}

impl NormalClass {
    /// The report's and the panel's word for it.
    pub fn name(self) -> &'static str {
        match self {
            NormalClass::Admit => "admit",
            NormalClass::Skip => "skip",
            NormalClass::Snap => "snap",
            NormalClass::Behind => "behind",
        }
    }
}

/// Why a normal got its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The body's centre is behind the segment's line.
    FromBehind,
    /// The normal is the face normal.
    Face,
    /// It leans towards an end with no neighbour.
    FreeEnd,
    /// It lies in the cone of the convex vertex the segment starts at.
    OwnVertex,
    /// It lies in the cone of the convex vertex the segment ends at, which the next segment
    /// owns.
    NextOwnsVertex,
    /// It leans as far as the neighbour's face normal, or further: the neighbour's face.
    NeighbourFace,
    /// It leans towards a flat joint, where the surface has only the face normal.
    FlatJoint,
    /// It leans towards a concave joint, where no normal lies between the faces'.
    ConcaveJoint,
    /// It points straight out of the segment's back.
    BackFace,
}

impl Reason {
    /// The reason in words, for the panel and the report.
    pub fn words(self) -> &'static str {
        match self {
            Reason::FromBehind => "the body's centre is behind the one-sided segment",
            Reason::Face => "it is the segment's face normal",
            Reason::FreeEnd => "it leans towards a free end of the chain, a real corner",
            Reason::OwnVertex => {
                "it lies in the normal cone of the convex vertex this segment starts at"
            }
            Reason::NextOwnsVertex => {
                "it lies in the normal cone of the convex vertex this segment ends at; the next segment makes that contact"
            }
            Reason::NeighbourFace => {
                "it leans as far as the neighbour's face normal or beyond: the neighbour's face holds the body"
            }
            Reason::FlatJoint => {
                "it leans towards a flat joint, where the surface has only the face normal: a ghost of the seam"
            }
            Reason::ConcaveJoint => {
                "it leans towards a concave joint, where no normal lies between the two faces'"
            }
            Reason::BackFace => "it points out of the segment's back",
        }
    }
}

/// Which end of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The first point (`p1`).
    Start,
    /// The second point (`p2`).
    End,
}

impl End {
    fn index(self) -> usize {
        match self {
            End::Start => 0,
            End::End => 1,
        }
    }
}

/// The verdict on one normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The normal judged (A → B).
    pub normal: Vec2,
    /// What the segment does with it.
    pub class: NormalClass,
    /// Why.
    pub reason: Reason,
    /// The end it leans towards (`None` on the face normal or from behind).
    pub end: Option<End>,
}

/// A chain segment with its neighbours, placed in one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmoothSegment {
    /// The segment's first and second point.
    pub ends: [Vec2; 2],
    /// Unit direction from the first point to the second.
    pub tangent: Vec2,
    /// The face normal: the tangent turned a quarter clockwise (to the right of the walk).
    pub normal: Vec2,
    /// The ghost vertices before the start and after the end.
    pub ghosts: [Option<Vec2>; 2],
    /// How the chain turns at the start and at the end.
    pub joints: [Joint; 2],
    /// The neighbours' face normals at the start and at the end.
    pub neighbour_normals: [Option<Vec2>; 2],
}

impl SmoothSegment {
    /// The segment from `p1` to `p2` with ghost vertices `prev` and `next`, all in one frame.
    pub fn new(p1: Vec2, p2: Vec2, prev: Option<Vec2>, next: Option<Vec2>) -> SmoothSegment {
        let tangent = try_normalize(p2 - p1).unwrap_or(Vec2::X);
        let normal = right_perp(tangent);
        let dir = |from: Vec2, to: Vec2| try_normalize(to - from);
        // The neighbours' walking directions: into the start, out of the end.
        let before = prev.and_then(|g| dir(g, p1));
        let after = next.and_then(|g| dir(p2, g));
        let joint = |first: Option<Vec2>, second: Option<Vec2>| match (first, second) {
            (Some(a), Some(b)) => {
                let turn = cross(a, b);
                if turn > SIN_TOLERANCE || (turn >= 0.0 && a.dot(b) < 0.0) {
                    Joint::Convex
                } else if turn < -SIN_TOLERANCE || a.dot(b) < 0.0 {
                    Joint::Concave
                } else {
                    Joint::Flat
                }
            }
            _ => Joint::Free,
        };
        SmoothSegment {
            ends: [p1, p2],
            tangent,
            normal,
            ghosts: [prev, next],
            joints: [joint(before, Some(tangent)), joint(Some(tangent), after)],
            neighbour_normals: [before.map(right_perp), after.map(right_perp)],
        }
    }

    /// The segment of `pair`'s A (a segment core: [`crate::geom::Shape::segment`]) with the
    /// link's ghost vertices, placed as A is.
    pub fn of_pair(pair: &PairFrame, link: &ChainLink) -> SmoothSegment {
        let place = |g: Option<Vec2>| g.map(|g| pair.a.xf.apply(g));
        SmoothSegment::new(
            pair.a.vertex(0),
            pair.a.vertex(1),
            place(link.prev),
            place(link.next),
        )
    }

    /// The same segment moved by `by` (from the pair frame to world coordinates).
    pub fn shifted(&self, by: Vec2) -> SmoothSegment {
        SmoothSegment {
            ends: self.ends.map(|p| p + by),
            ghosts: self.ghosts.map(|g| g.map(|g| g + by)),
            ..*self
        }
    }

    /// How far `n` leans from the face normal towards `end`, in radians (0 on the face normal,
    /// π straight out of the back).
    pub fn lean(&self, n: Vec2, end: End) -> f32 {
        let towards = match end {
            End::Start => -self.tangent,
            End::End => self.tangent,
        };
        n.dot(towards).atan2(n.dot(self.normal))
    }

    /// The verdict on normal `n` (A → B) for a body whose centre is at `centre`.
    pub fn classify(&self, n: Vec2, centre: Vec2) -> Verdict {
        let verdict = |class, reason, end| Verdict {
            normal: n,
            class,
            reason,
            end,
        };
        if self.normal.dot(centre - self.ends[0]) < 0.0 {
            return verdict(NormalClass::Behind, Reason::FromBehind, None);
        }
        if cross(self.normal, n).abs() <= SIN_TOLERANCE && n.dot(self.normal) > 0.0 {
            return verdict(NormalClass::Admit, Reason::Face, None);
        }
        let end = if n.dot(self.tangent) < 0.0 {
            End::Start
        } else {
            End::End
        };
        let lean = self.lean(n, end);
        if lean > std::f32::consts::PI - SIN_TOLERANCE {
            return verdict(NormalClass::Snap, Reason::BackFace, Some(end));
        }
        let at = Some(end);
        match self.joints[end.index()] {
            Joint::Free => verdict(NormalClass::Admit, Reason::FreeEnd, at),
            Joint::Flat => verdict(NormalClass::Snap, Reason::FlatJoint, at),
            Joint::Concave => verdict(NormalClass::Snap, Reason::ConcaveJoint, at),
            Joint::Convex => {
                let neighbour = self.neighbour_normals[end.index()].unwrap_or(self.normal);
                if lean >= self.lean(neighbour, end) - SIN_TOLERANCE {
                    verdict(NormalClass::Skip, Reason::NeighbourFace, at)
                } else if end == End::Start {
                    verdict(NormalClass::Admit, Reason::OwnVertex, at)
                } else {
                    verdict(NormalClass::Skip, Reason::NextOwnsVertex, at)
                }
            }
        }
    }

    /// True when `id` (of a point of this segment as A) was clipped at a flat joint: the cut
    /// between two pieces of one straight surface.
    pub fn at_seam(&self, id: &FeatureId) -> bool {
        let end = match (id.kind, id.flip, id.incident) {
            (FeatureKind::Clip, false, IncidentFeature::SidePlane(s)) if id.reference == 0 => s,
            (FeatureKind::Clip, true, IncidentFeature::Vertex(v)) if v < 2 => v,
            _ => return false,
        };
        self.joints[end as usize] == Joint::Flat
    }
}

/// Applies the segment's rule to `two_sided`, the plain manifold of the pair (world
/// coordinates, as [`crate::geom::collide_in`] returns it): the verdict and the manifold the
/// chain reports.
pub fn smooth_manifold(
    pair: &PairFrame,
    segment: &SmoothSegment,
    two_sided: &Manifold,
    options: &ManifoldOptions,
) -> (Verdict, Manifold) {
    let verdict = segment.classify(two_sided.normal, pair.b.centroid());
    let kept = |m: &Manifold| {
        let mut out = Manifold::empty(m.normal);
        for p in m.points().filter(|p| !segment.at_seam(&p.id)) {
            out.push(*p);
        }
        out
    };
    let manifold = match verdict.class {
        NormalClass::Admit => kept(two_sided),
        NormalClass::Skip | NormalClass::Behind => Manifold::empty(two_sided.normal),
        NormalClass::Snap => {
            let mut m = snapped(pair, segment, options);
            m.shift(pair.origin);
            kept(&m)
        }
    };
    (verdict, manifold)
}

/// The face contact of the segment (A's face 0) against B, with the face normal: B's incident
/// face clipped to the segment, or a circle's centre projected onto it. Pair frame.
fn snapped(pair: &PairFrame, segment: &SmoothSegment, options: &ManifoldOptions) -> Manifold {
    let margin = options.sanitized().speculative_margin;
    if pair.b.count() >= 2 {
        return face_clip(&pair.a, &pair.b, 0, margin);
    }
    let mut m = Manifold::empty(segment.normal);
    let centre = pair.b.vertex(0);
    let [p1, p2] = segment.ends;
    let along = segment.tangent.dot(centre - p1);
    if along < 0.0 || along > segment.tangent.dot(p2 - p1) {
        return m;
    }
    let (ra, rb) = (pair.a.radius(), pair.b.radius());
    let core = segment.normal.dot(centre - p1);
    let separation = core - ra - rb;
    if separation <= margin {
        m.push(ManifoldPoint {
            position: centre - segment.normal * (rb + 0.5 * separation),
            separation,
            id: FeatureId {
                kind: FeatureKind::CircleFace,
                reference: 0,
                incident: IncidentFeature::Vertex(0),
                flip: false,
            },
        });
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A floor walked from right to left faces up; a hill top (the next segment going down to
    /// the left) is convex; a valley (going up) is concave; straight on is flat.
    #[test]
    fn joints_and_normals_follow_the_walk() {
        let flat = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Some(Vec2::new(3.0, 0.0)),
            Some(Vec2::new(-3.0, 0.0)),
        );
        assert_eq!(flat.normal, Vec2::Y);
        assert_eq!(flat.joints, [Joint::Flat, Joint::Flat]);
        let hill = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            None,
            Some(Vec2::new(-3.0, -1.0)),
        );
        assert_eq!(hill.joints, [Joint::Free, Joint::Convex]);
        let valley = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Some(Vec2::new(3.0, 1.0)),
            None,
        );
        assert_eq!(valley.joints, [Joint::Concave, Joint::Free]);
    }

    #[test]
    fn verdicts_at_each_kind_of_joint() {
        let centre = Vec2::new(0.0, 1.0);
        let flat = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Some(Vec2::new(3.0, 0.0)),
            None,
        );
        // The ghost of the seam: a normal along the floor, towards the flat joint at the start.
        let v = flat.classify(Vec2::X, centre);
        assert_eq!((v.class, v.reason), (NormalClass::Snap, Reason::FlatJoint));
        // Towards the free end: a real corner.
        let v = flat.classify(Vec2::new(-1.0, 1.0).normalize(), centre);
        assert_eq!((v.class, v.reason), (NormalClass::Admit, Reason::FreeEnd));
        assert_eq!(flat.classify(Vec2::Y, centre).class, NormalClass::Admit);
        assert_eq!(
            flat.classify(Vec2::Y, Vec2::new(0.0, -0.1)).class,
            NormalClass::Behind
        );
        // A hill top at the start: the previous segment rises to the right at 45°.
        let hill = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Some(Vec2::new(2.0, -1.0)),
            Some(Vec2::new(-2.0, -1.0)),
        );
        assert_eq!(hill.joints, [Joint::Convex, Joint::Convex]);
        let inside = Vec2::new(1.0, 2.0).normalize();
        assert_eq!(hill.classify(inside, centre).reason, Reason::OwnVertex);
        let mirrored = Vec2::new(-1.0, 2.0).normalize();
        assert_eq!(
            hill.classify(mirrored, centre).reason,
            Reason::NextOwnsVertex
        );
        let beyond = Vec2::new(1.0, 0.5).normalize();
        assert_eq!(hill.classify(beyond, centre).reason, Reason::NeighbourFace);
        // Exactly the neighbour's normal: the neighbour's face.
        let theirs = Vec2::new(1.0, 1.0).normalize();
        assert_eq!(hill.classify(theirs, centre).class, NormalClass::Skip);
    }
}
