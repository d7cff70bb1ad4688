//! The typed form of `expected_diff` ([`ExpectedDiff`]): what the app shows, and its JSON as
//! `report` prints it ([`ExpectedDiff::to_json`]).

use crate::report::{num, vec};
use glam::Vec2;
use serde_json::{Value, json};

/// A face of one body, as the deciding step names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyFace {
    /// The face is B's (else A's).
    pub on_b: bool,
    /// Its edge index in its shape.
    pub edge: usize,
}

impl BodyFace {
    pub(super) fn of((on_b, edge): (bool, usize)) -> BodyFace {
        BodyFace { on_b, edge }
    }

    fn json(self) -> Value {
        json!({ "body": body(self.on_b), "edge": self.edge })
    }
}

/// The normals compared: `"normal"` of `expected_diff`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NormalDiff {
    /// The expected normal, made unit.
    pub expected: Vec2,
    /// Ours: the manifold's normal.
    pub ours: Vec2,
    /// The angle from the expected normal to ours, degrees, counter-clockwise positive.
    pub angle_deg: f32,
}

/// The separations compared: `"separation"` of `expected_diff`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeparationDiff {
    /// The expected separation.
    pub expected: f32,
    /// Ours: the pair's (as `report`'s top level).
    pub ours: f32,
    /// Ours minus the expected one.
    pub difference: f32,
}

/// One expected point against ours: an entry of `"points"`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointDiff {
    /// The expected point (world).
    pub expected: Vec2,
    /// Its expected separation.
    pub expected_separation: f32,
    /// The point of ours it is paired with, else the nearest of ours (None: we have none).
    pub ours: Option<usize>,
    /// That point's position (world).
    pub ours_position: Option<Vec2>,
    /// The distance between the two.
    pub distance: Option<f32>,
    /// Our point's separation minus the expected one.
    pub separation_difference: Option<f32>,
    /// Paired one to one within the match distance (else `ours` is only the nearest).
    pub matched: bool,
}

/// An id that differs, position by position: an entry of `"ids"."differ"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdDiffer {
    /// The position in both lists.
    pub index: usize,
    /// The expected id there (None: the list is shorter).
    pub expected: Option<u64>,
    /// Ours there (None: we have fewer points).
    pub ours: Option<u64>,
}

/// The ids compared: `"ids"` of `expected_diff`.
#[derive(Clone, Debug, PartialEq)]
pub struct IdsDiff {
    /// The expected ids, in order.
    pub expected: Vec<u64>,
    /// Ours, in order.
    pub ours: Vec<u64>,
    /// Those that differ.
    pub differ: Vec<IdDiffer>,
}

/// What the first step of our manifold that leads to the difference decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decision {
    /// Another reference face: the expected normal is another face's outward normal, better
    /// aligned than ours. `"reference_face"`.
    ReferenceFace {
        /// Our reference face.
        ours: BodyFace,
        /// The face the expected normal matches.
        expected: BodyFace,
        /// The reference-face step's separation along A's best face.
        sep_a: f32,
        /// Along B's best face.
        sep_b: f32,
        /// B's face wins only above this.
        threshold: f32,
    },
    /// The keep rule dropped a point the engine has (expected point `expected_point`).
    /// `"keep"`.
    Dropped {
        /// The expected point that is missing.
        expected_point: usize,
        /// Our dropped candidate (world).
        position: Vec2,
        /// Its separation.
        separation: f32,
        /// The margin it was over.
        margin: f32,
    },
    /// A side plane cut away ours nearest expected point `expected_point`. `"clip_side"`.
    Clipped {
        /// The side plane (0 or 1).
        side: u8,
        /// The expected point that is missing.
        expected_point: usize,
    },
    /// We kept a point the engine does not have: `"keep"` (when the manifold had a keep step)
    /// or `"points"`.
    Extra {
        /// Our point.
        ours_point: usize,
        /// Its position (world).
        position: Vec2,
        /// Its separation.
        separation: f32,
        /// The manifold had a keep step (the keep rule kept it).
        keep_rule: bool,
    },
    /// No step differs. `"none"`.
    None,
}

/// The deciding step: what it decided and where it is in the manifold's trace.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecidingStep {
    /// What it decided.
    pub decision: Decision,
    /// Its index in the manifold's trace (`PairTraces::manifold_steps`), when it is a step.
    pub trace_step: Option<usize>,
}

impl DecidingStep {
    /// Its `"step"` name: `reference_face`, `keep`, `clip_side`, `points` or `none`.
    pub fn name(&self) -> &'static str {
        match self.decision {
            Decision::ReferenceFace { .. } => "reference_face",
            Decision::Dropped { .. } => "keep",
            Decision::Clipped { .. } => "clip_side",
            Decision::Extra { keep_rule, .. } => {
                if keep_rule {
                    "keep"
                } else {
                    "points"
                }
            }
            Decision::None => "none",
        }
    }

    /// Its `"text"`: one sentence, numbers in their shortest exact form.
    pub fn text(&self) -> String {
        self.words(&|v| v.to_string())
    }

    /// The sentence, each number written by `num` (the app's panel writes four decimals, or
    /// every digit with its exact-value toggle): `the reference face: expected B's edge 2, ours
    /// A's edge 0 (…)`.
    pub fn words(&self, num: &dyn Fn(f32) -> String) -> String {
        let at = |p: Vec2| format!("({}, {})", num(p.x), num(p.y));
        match self.decision {
            Decision::ReferenceFace {
                ours,
                expected,
                sep_a,
                sep_b,
                threshold,
            } => format!(
                "the reference face: expected {}, ours {} (sep_a {}, sep_b {}; B's face wins \
                 only above {})",
                face_name(expected),
                face_name(ours),
                num(sep_a),
                num(sep_b),
                num(threshold)
            ),
            Decision::Dropped {
                expected_point,
                position,
                separation,
                margin,
            } => format!(
                "the keep rule: ours dropped the point at {} (separation {} over the margin {}), \
                 which the expected answer has (e{expected_point})",
                at(position),
                num(separation),
                num(margin)
            ),
            Decision::Clipped {
                side,
                expected_point,
            } => format!(
                "the clip: side plane {side} cut away ours nearest expected point \
                 e{expected_point}"
            ),
            Decision::Extra {
                ours_point,
                position,
                separation,
                keep_rule,
            } => format!(
                "{}: ours kept p{ours_point} at {} (separation {}), which the expected answer \
                 does not have",
                if keep_rule {
                    "the keep rule"
                } else {
                    "the points"
                },
                at(position),
                num(separation)
            ),
            Decision::None => {
                "no step differs: the same reference face, clip and keep; only the numbers may"
                    .to_string()
            }
        }
    }

    /// Its JSON object (`"deciding_step"`).
    pub fn to_json(&self) -> Value {
        let (step, text) = (self.name(), self.text());
        match self.decision {
            Decision::ReferenceFace {
                ours,
                expected,
                sep_a,
                sep_b,
                threshold,
            } => json!({
                "step": step,
                "ours": ours.json(),
                "expected": expected.json(),
                "sep_a": num(sep_a), "sep_b": num(sep_b), "threshold": num(threshold),
                "text": text,
            }),
            Decision::Dropped { expected_point, .. } => {
                json!({ "step": step, "expected_point": expected_point, "text": text })
            }
            Decision::Clipped {
                side,
                expected_point,
            } => json!({
                "step": step, "side": side, "expected_point": expected_point, "text": text,
            }),
            Decision::Extra { ours_point, .. } => {
                json!({ "step": step, "ours_point": ours_point, "text": text })
            }
            Decision::None => json!({ "step": step, "text": text }),
        }
    }
}

/// Where ours differs from the expected answer: `report`'s `"expected_diff"`, typed (its JSON
/// is [`ExpectedDiff::to_json`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectedDiff {
    /// The pair's scale: the smaller body's bounding radius.
    pub scale: f32,
    /// Points pair up within this distance ([`super::POINT_MATCH`] of the scale).
    pub match_distance: f32,
    /// Lengths differ beyond this ([`super::LENGTH_TOLERANCE`] of the scale).
    pub tolerance: f32,
    /// The normals, when an expected normal is given.
    pub normal: Option<NormalDiff>,
    /// The separations, when an expected separation is given.
    pub separation: Option<SeparationDiff>,
    /// Each expected point against ours.
    pub points: Vec<PointDiff>,
    /// The expected points none of ours pairs with (indices into the expected points).
    pub missing: Vec<usize>,
    /// Our points no expected point pairs with (indices into ours; none without expected
    /// points).
    pub extra: Vec<usize>,
    /// The ids, when expected ids are given.
    pub ids: Option<IdsDiff>,
    /// The first step of our manifold that leads to the difference.
    pub deciding_step: DecidingStep,
    /// What differs: `normal`, `separation`, `points`, `ids`, `reference_face`.
    pub differences: Vec<&'static str>,
    /// Nothing differs.
    pub same: bool,
}

impl ExpectedDiff {
    /// The `expected_diff` JSON object, as `report` prints it.
    pub fn to_json(&self) -> Value {
        let normal = self.normal.map(|n| {
            json!({ "expected": vec(n.expected), "ours": vec(n.ours), "angle_deg": num(n.angle_deg) })
        });
        let separation = self.separation.map(|s| {
            json!({ "expected": num(s.expected), "ours": num(s.ours), "difference": num(s.difference) })
        });
        let points: Vec<Value> = self
            .points
            .iter()
            .map(|p| {
                json!({
                    "expected": vec(p.expected),
                    "expected_separation": num(p.expected_separation),
                    "ours": p.ours,
                    "ours_position": p.ours_position.map(vec),
                    "distance": p.distance.map(num),
                    "separation_difference": p.separation_difference.map(num),
                    "matched": p.matched,
                })
            })
            .collect();
        let ids = self.ids.as_ref().map(|ids| {
            let differ: Vec<Value> = ids
                .differ
                .iter()
                .map(|d| json!({ "index": d.index, "expected": d.expected, "ours": d.ours }))
                .collect();
            json!({ "expected": ids.expected, "ours": ids.ours, "differ": differ })
        });
        json!({
            "scale": num(self.scale),
            "match_distance": num(self.match_distance),
            "tolerance": num(self.tolerance),
            "normal": normal,
            "separation": separation,
            "points": points,
            "missing": self.missing,
            "extra": self.extra,
            "ids": ids,
            "deciding_step": self.deciding_step.to_json(),
            "differences": self.differences,
            "same": self.same,
        })
    }
}

/// A face in words: `B's edge 2`.
fn face_name(f: BodyFace) -> String {
    format!("{}'s edge {}", if f.on_b { "B" } else { "A" }, f.edge)
}

fn body(on_b: bool) -> &'static str {
    if on_b { "b" } else { "a" }
}
