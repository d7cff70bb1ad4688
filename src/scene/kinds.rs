//! The scene format's small kinds, which both the scene and its tour use: the mode, the camera,
//! a question, and how optional values and points are written (a leaf: it imports nothing of
//! the scene's).

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A question to predict before the app reveals the answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ask {
    /// What is asked.
    pub kind: AskKind,
    /// The GJK step it is about (for `GjkClosestFeature`; optional, default 0, clamped).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub step: Option<usize>,
    /// The question's words (optional; a default is worded from the kind).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub prompt: Option<String>,
}

/// The kinds of question, each answered by the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AskKind {
    /// Do the shapes overlap?
    Overlap,
    /// How many contact points does the manifold have?
    ContactCount,
    /// Which face is the reference face?
    ReferenceFace,
    /// Which axis separates the shapes (or none)?
    SeparatingAxis,
    /// Which axis gives the contact normal (the least overlap)?
    NormalAxis,
    /// At GJK step K, which feature of the simplex is closest to the origin, and where does the
    /// search go next?
    GjkClosestFeature,
    /// Which clipped points survive?
    ClipSurvivors,
}

impl AskKind {
    /// The question in words, for a scene that gives none.
    pub fn default_prompt(self) -> &'static str {
        match self {
            AskKind::Overlap => "Do the two shapes overlap?",
            AskKind::ContactCount => "How many contact points will the manifold have?",
            AskKind::ReferenceFace => "Which face becomes the reference face?",
            AskKind::SeparatingAxis => "Which axis separates the shapes, if any?",
            AskKind::NormalAxis => "Which axis gives the contact normal?",
            AskKind::GjkClosestFeature => {
                "At this GJK step, which feature of the simplex is closest to the origin, and where does the search go next?"
            }
            AskKind::ClipSurvivors => "Which of the clipped points survive?",
        }
    }
}

/// The mode the app opens in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Separating axes.
    #[default]
    Sat,
    /// GJK and EPA on the Minkowski difference.
    Gjk,
    /// The contact manifold (reference face, incident face, clipping).
    Manifold,
    /// The consequences lab: a solver runs on the manifolds.
    Simulate,
    /// The continuous lab: B's motion within one step, by the shape cast or the time of
    /// impact, one iteration at a time.
    Continuous,
}

impl Mode {
    /// Every mode, in key order (`1` to `5`).
    pub const ALL: [Mode; 5] = [
        Mode::Sat,
        Mode::Gjk,
        Mode::Manifold,
        Mode::Simulate,
        Mode::Continuous,
    ];

    /// The command-line name: `sat`, `gjk`, `manifold`, `simulate` or `continuous`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Sat => "sat",
            Mode::Gjk => "gjk",
            Mode::Manifold => "manifold",
            Mode::Simulate => "simulate",
            Mode::Continuous => "continuous",
        }
    }

    /// The mode with this command-line name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

/// The camera a scene opens with.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The world point at the centre of the canvas.
    #[serde(with = "vec2_tuple")]
    pub center: Vec2,
    /// Pixels per world unit.
    pub zoom: f32,
}

/// An optional field written as its plain value (`step: 2`, not `step: Some(2)`).
pub fn plain_ser<T: Serialize, S: serde::Serializer>(
    v: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => v.serialize(s),
        None => s.serialize_none(),
    }
}

/// Reads an optional field written as its plain value.
pub fn plain_de<'de, T: Deserialize<'de>, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// `Vec2` as an `(x, y)` tuple (glam's own form is a tuple *struct*, which RON would write as
/// `Vec2(x, y)` once struct names are on).
pub mod vec2_tuple {
    use glam::Vec2;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes `(x, y)`.
    pub fn serialize<S: Serializer>(v: &Vec2, s: S) -> Result<S::Ok, S::Error> {
        v.to_array().serialize(s)
    }

    /// Reads `(x, y)`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec2, D::Error> {
        <[f32; 2]>::deserialize(d).map(Vec2::from_array)
    }
}

/// Which body: A or B (a face's owner, a dragged body). The crate's one A/B type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// Body A.
    A,
    /// Body B.
    B,
}

impl Which {
    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        match self {
            Which::A => 0,
            Which::B => 1,
        }
    }
}
