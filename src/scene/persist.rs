//! What a run's solver gets and how its contacts persist from step to step (a `Variant`'s
//! `points`, `reference` and `ids`): which points, which face is the reference, and how a point
//! is matched to the last step's. Three engines, three
//! answers (DESIGN.md, "Scene file"; the README's "Contact persistence").

use serde::{Deserialize, Serialize};

/// Which face is the reference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reference {
    /// The better face, A's on an exact tie (Box2D v3).
    Plain,
    /// B's face only when clearly better (the bias under DESIGN.md's "Conventions";
    /// box2d-lite; seed 000 calls it hysteresis). The default.
    #[default]
    Biased,
    /// A true hysteresis: the body whose face was the part pair's reference last step keeps it
    /// unless the other's is better by the same bias (no last step: Plain).
    Sticky,
}

impl Reference {
    /// Every rule, in the command line's order.
    pub const ALL: [Reference; 3] = [Reference::Plain, Reference::Biased, Reference::Sticky];

    /// The command-line name: `plain`, `biased` or `sticky`.
    pub fn name(self) -> &'static str {
        match self {
            Reference::Plain => "plain",
            Reference::Biased => "biased",
            Reference::Sticky => "sticky",
        }
    }
}

/// How a point is matched to the last step's points of its body pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ids {
    /// The feature id: reference edge, incident feature, flip (box2d-lite, seed 000). The
    /// default.
    #[default]
    Reference,
    /// The vertex pair that made the point, one of A's and one of B's, the same whichever face
    /// is the reference (Box2D v3's `B2_MAKE_ID`).
    Vertices,
    /// No ids: the last step's nearest point of the same part pair within `match_distance`
    /// (absolute world units; Jolt's 1 cm, Bullet's nearest cached point).
    Nearest,
}

impl Ids {
    /// Every scheme, in the command line's order.
    pub const ALL: [Ids; 3] = [Ids::Reference, Ids::Vertices, Ids::Nearest];

    /// The command-line name: `reference`, `vertices` or `nearest`.
    pub fn name(self) -> &'static str {
        match self {
            Ids::Reference => "reference",
            Ids::Vertices => "vertices",
            Ids::Nearest => "nearest",
        }
    }

    /// True for the default scheme (`Reference`): a saved variant leaves it out.
    pub fn is_reference(&self) -> bool {
        *self == Ids::Reference
    }
}

/// `Nearest`'s default match distance: 0.01 world units, absolute, as Jolt's 1 cm (so a scene
/// scaled by 0.01 matches what it should not).
pub const MATCH_DISTANCE: f32 = 0.01;

/// True for the default match distance: a saved variant leaves it out.
pub fn is_default_match_distance(d: &f32) -> bool {
    *d == MATCH_DISTANCE
}

/// Reads a `reference: Plain` as `Some(Plain)` (RON would ask for `Some(Plain)`); a variant
/// without the field keeps `None`.
pub fn some_reference<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Reference>, D::Error> {
    Reference::deserialize(d).map(Some)
}

/// Writes a set `reference` as `reference: Plain`, as [`some_reference`] reads it (an unset one
/// is skipped before this is asked).
pub fn write_reference<S: serde::Serializer>(
    r: &Option<Reference>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => r.serialize(s),
        None => s.serialize_none(),
    }
}

/// Which of the manifold's points the solver gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Points {
    /// Every point (the full manifold).
    #[default]
    All,
    /// Only the deepest point (the least separation; the first on a tie).
    Deepest,
    /// One point at the midpoint of the surviving points (seed 000's "one point in the middle
    /// of that edge").
    Middle,
}

impl Points {
    /// Every rule, in the command line's order.
    pub const ALL: [Points; 3] = [Points::All, Points::Deepest, Points::Middle];

    /// The command-line name: `all`, `deepest` or `middle`.
    pub fn name(self) -> &'static str {
        match self {
            Points::All => "all",
            Points::Deepest => "deepest",
            Points::Middle => "middle",
        }
    }

    pub(super) fn is_all(&self) -> bool {
        *self == Points::All
    }
}
