//! What a chain segment's rule reads and decides, as plain data: how the chain turns at each
//! end, what the rule does with a normal and why, the candidates it weighs and the steps of its
//! trace. A leaf: it imports nothing of ours, so the manifold trace ([`crate::geom::contact`])
//! can carry a chain's steps without a cycle.

use glam::Vec2;

/// How the chain turns at one end of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joint {
    /// No neighbour: the chain ends here.
    Free,
    /// The chain turns away from the front (a hill top): normals between the two faces'
    /// belong to the vertex.
    Convex,
    /// Straight on (within the rule's tolerance): a seam in one flat surface.
    Flat,
    /// The chain turns towards the front (a valley): no normal lies between the faces'.
    Concave,
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

/// Why a normal got its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The body's centre is behind the segment's line and behind every convex neighbour's.
    FromBehind,
    /// The normal is the face normal.
    Face,
    /// It leans towards an end with no neighbour.
    FreeEnd,
    /// It lies in the normal cone of the convex vertex at that end (up to the neighbour's
    /// normal).
    VertexCone,
    /// A vertex's own contact (from the vertex to B's core) in the cone of the convex vertex
    /// the segment ends at: the segment that starts there makes it, so it is made once.
    NextOwnsVertex,
    /// It leans as far as the neighbour's face normal, or further: the neighbour's face.
    NeighbourFace,
    /// It leans towards a flat joint, where the surface has only the face normal.
    FlatJoint,
    /// It leans towards a concave joint, where no normal lies between the faces'.
    ConcaveJoint,
    /// It points straight out of the segment's back.
    BackFace,
    /// B's face is the reference, but the neighbour's face lies flatter against it than this
    /// segment does: the neighbour is the incident face and makes the contact.
    NeighbourIncident,
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
    /// 0 for the start, 1 for the end.
    pub fn index(self) -> usize {
        match self {
            End::Start => 0,
            End::End => 1,
        }
    }
}

/// The verdict on one normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The normal judged (unit, A → B).
    pub normal: Vec2,
    /// What the segment does with it.
    pub class: NormalClass,
    /// Why.
    pub reason: Reason,
    /// The end it leans towards (`None` on the face normal or from behind).
    pub end: Option<End>,
}

/// Where a candidate normal comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The segment's own face normal.
    Face,
    /// The face normal of the convex neighbour at that end: if it wins, the neighbour's face
    /// holds the body and this segment reports nothing.
    Neighbour(End),
    /// B's face `j` (the candidate normal is its outward normal reversed, A → B).
    FaceOfB(usize),
    /// From the segment's end vertex to B's core point nearest it.
    Vertex(End),
}

/// One candidate normal of a segment: where it comes from, the rule's verdict on it, and the
/// separation of the surfaces along it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChainCandidate {
    /// Where it comes from.
    pub source: Source,
    /// The verdict (its normal: unit, A → B).
    pub verdict: Verdict,
    /// The separation of the surfaces along the normal (both radii folded in; negative:
    /// overlapping along it). Only admitted candidates and the segment's and its convex
    /// neighbours' faces compete; the greatest separation wins.
    pub separation: f32,
}

/// How the rule found the normal to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The cores are apart: their closest features give one normal, which is judged.
    Closest,
    /// The cores overlap (or B's centre is behind the segment's own line): the candidates
    /// compete by separation, as in the separating axis test.
    Axes,
}

/// What the winning candidate makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing: the body is behind, apart beyond the margin, or another segment makes it.
    Nothing,
    /// B's incident face clipped to the segment, the segment's face normal the normal.
    SegmentFace,
    /// The segment clipped to B's face `j`, that face's normal reversed the normal.
    FaceOfB(usize),
    /// One point between the segment's end vertex and B's core point nearest it.
    Vertex(End),
}

/// One step of a chain segment's rule (pair frame), inside the manifold trace.
#[derive(Clone, Debug, PartialEq)]
pub enum ChainStep {
    /// 1. Which side of the segment B's centre is on: its offset from the segment's line and
    ///    from each convex neighbour's (`None` where the end is not convex).
    Side {
        /// B's centroid.
        centre: Vec2,
        /// Its signed distance from the segment's line (negative: behind).
        own: f32,
        /// Its signed distance from the neighbour's line at the start and at the end.
        neighbours: [Option<f32>; 2],
        /// True when it is behind all of them: no contact.
        behind: bool,
    },
    /// 2. The cores' closest points and the surfaces' separation.
    Distance {
        /// The segment's core point closest to B's core.
        point_a: Vec2,
        /// B's core point closest to the segment.
        point_b: Vec2,
        /// The surfaces' separation (the core distance less both radii).
        separation: f32,
        /// The speculative margin: further apart than this, no contact.
        margin: f32,
        /// How the normal is found next (`None`: apart beyond the margin, no contact).
        route: Option<Route>,
    },
    /// 3. One candidate normal, with its class and separation.
    Candidate(ChainCandidate),
    /// 4. The winner and what it makes.
    Winner {
        /// The winning candidate (`None` when nothing was weighed).
        winner: Option<ChainCandidate>,
        /// What it makes.
        outcome: Outcome,
    },
    /// 5. A clipped point deeper than the cores' gap, dropped: with the cores apart, it is B's
    ///    core behind the segment's line beyond the segment's reach, not a contact.
    Deeper {
        /// The clipped point (on the incident core).
        point: Vec2,
        /// Its separation along the normal.
        separation: f32,
        /// The cores' gap (the surfaces' separation, less a rounding).
        gap: f32,
    },
    /// 5. A clipped point dropped because the segment clipped it at a flat joint: the cut
    ///    between two pieces of one straight surface, not a place the body touches.
    Seam {
        /// The clipped point (on the incident core).
        point: Vec2,
        /// The end of the segment it was clipped at.
        end: End,
    },
}
