//! A chain segment with its neighbours: how the chain turns at each end, and the verdict on a
//! normal (the Gauss map of the surface around the segment).
//!
//! 1. **The joints.** At each end the chain turns: away from the front (*convex*: a hill top,
//!    where the surface's normals fan from one face's normal to the next, the vertex's *normal
//!    cone*), towards it (*concave*: a valley, no normal between the faces'), or not at all
//!    (*flat*: a seam, within [`SIN_TOLERANCE`]). An end with no neighbour is *free* (rounded
//!    like a capsule's end).
//! 2. **The verdict** on a normal `n` (A → B), by the angle it leans from the face normal
//!    towards one end:
//!    - on the face normal (within [`SIN_TOLERANCE`]): **admit**;
//!    - towards a free end: **admit** (the end is a real corner);
//!    - towards a convex joint, inside its cone (up to the neighbour's normal): **admit** (both
//!      segments that meet there admit it; the rule then decides which one makes the contact);
//!    - towards a convex joint, beyond the neighbour's normal (by more than the tolerance): the
//!      neighbour's face owns it: **skip**;
//!    - towards a flat or concave joint: no surface normal leans that way, so the normal is
//!      **snapped** to the face normal.
//!
//! Box2D v3 classifies a normal the same way (`b2ClassifyNormal`: skip beyond a convex
//! neighbour's normal, admit inside its cone, snap elsewhere); one departure, on purpose: a
//! normal within the tolerance of the face normal is the face's (Box2D snaps it there unless
//! the end is convex, and admits it tilted when it is).

use crate::geom::chain::types::{End, Joint, NormalClass, Reason, Verdict};
use crate::geom::frame::PairFrame;
use crate::geom::math::{cross, right_perp, try_normalize};
use glam::Vec2;

/// The sine of the angle within which two directions count as one (about 0.57°, Box2D's
/// `sinTol`): a normal this close to the face normal is the face's; a joint this close to
/// straight is flat. Scale-free: it compares directions.
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
                if turn >= SIN_TOLERANCE || (turn >= 0.0 && a.dot(b) < 0.0) {
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

    /// The verdict on normal `n` (unit, A → B).
    pub fn classify(&self, n: Vec2) -> Verdict {
        let verdict = |class, reason, end| Verdict {
            normal: n,
            class,
            reason,
            end,
        };
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
                // Beyond the neighbour's normal by more than the tolerance: the neighbour's
                // face (Box2D's test; a normal on the neighbour's normal is still the vertex's).
                let neighbour = self.neighbour_normals[end.index()].unwrap_or(self.normal);
                if lean > self.lean(neighbour, end) + SIN_TOLERANCE {
                    verdict(NormalClass::Skip, Reason::NeighbourFace, at)
                } else {
                    verdict(NormalClass::Admit, Reason::VertexCone, at)
                }
            }
        }
    }
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
        let flat = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Some(Vec2::new(3.0, 0.0)),
            None,
        );
        // The ghost of the seam: a normal along the floor, towards the flat joint at the start.
        let v = flat.classify(Vec2::X);
        assert_eq!((v.class, v.reason), (NormalClass::Snap, Reason::FlatJoint));
        // Towards the free end: a real corner.
        let v = flat.classify(Vec2::new(-1.0, 1.0).normalize());
        assert_eq!((v.class, v.reason), (NormalClass::Admit, Reason::FreeEnd));
        assert_eq!(flat.classify(Vec2::Y).class, NormalClass::Admit);
        // A hill top at the start: the previous segment rises to the right at 45°.
        let hill = SmoothSegment::new(
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Some(Vec2::new(2.0, -1.0)),
            Some(Vec2::new(-2.0, -1.0)),
        );
        assert_eq!(hill.joints, [Joint::Convex, Joint::Convex]);
        let inside = Vec2::new(1.0, 2.0).normalize();
        assert_eq!(hill.classify(inside).reason, Reason::VertexCone);
        let mirrored = Vec2::new(-1.0, 2.0).normalize();
        assert_eq!(hill.classify(mirrored).reason, Reason::VertexCone);
        let beyond = Vec2::new(1.0, 0.5).normalize();
        assert_eq!(hill.classify(beyond).reason, Reason::NeighbourFace);
        // Exactly the neighbour's normal: still the vertex's (Box2D skips only beyond it).
        let theirs = Vec2::new(1.0, 1.0).normalize();
        assert_eq!(hill.classify(theirs).class, NormalClass::Admit);
    }
}
