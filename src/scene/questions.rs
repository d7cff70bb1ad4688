//! Predict, then reveal: the answer to each question a scene asks, read from the pair's traces
//! (the same traced calls the app draws), never from the file.

use super::traces::PairTraces;
use super::types::{Ask, AskKind};
use crate::geom::{AxisSource, CircleRegion, ManifoldStep, SatAxis, SatStep, VoronoiRegion};
use glam::Vec2;

pub use super::kinds::Which;

/// An axis of the separating axis test, as a student names it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisAnswer {
    /// The axis (unit, world frame).
    pub axis: Vec2,
    /// Where it comes from: a face of A or B (the body and its own edge index), or the line
    /// through A's core vertex `a` and B's core vertex `b`.
    pub source: AxisSource,
}

/// The answer to one question.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Do they overlap?
    Overlap(bool),
    /// How many contact points.
    ContactCount(usize),
    /// The reference face: the body and its edge; `None` when the manifold has no reference
    /// face (two circles, or two rounded corners apart).
    ReferenceFace(Option<(Which, usize)>),
    /// The first separating axis, `None` when no axis separates them.
    SeparatingAxis(Option<AxisAnswer>),
    /// The axis of least overlap (the contact normal's).
    NormalAxis(AxisAnswer),
    /// At a GJK step: the closest feature (its vertices, indices into that step's incoming
    /// simplex: one is a vertex, two an edge, three the inside) and the next search direction
    /// (`None` when the search stops there).
    GjkClosestFeature {
        /// The step the answer is about (the question's, clamped to the last).
        step: usize,
        /// The kept simplex vertices.
        vertices: Vec<usize>,
        /// The next search direction.
        direction: Option<Vec2>,
    },
    /// The clipped points and whether each survives (is kept).
    ClipSurvivors(Vec<(Vec2, bool)>),
}

fn axis_answer(row: &SatAxis) -> AxisAnswer {
    AxisAnswer {
        axis: row.axis,
        source: row.source,
    }
}

/// The answer to `ask` for the pair whose traces are `traces`.
pub fn answer(ask: &Ask, traces: &PairTraces) -> Answer {
    let rows: Vec<&SatAxis> = traces
        .sat_steps
        .iter()
        .filter_map(|s| match s {
            SatStep::Axis(a) => Some(a),
            _ => None,
        })
        .collect();
    match ask.kind {
        AskKind::Overlap => Answer::Overlap(traces.whole.overlap),
        AskKind::ContactCount => Answer::ContactCount(traces.whole.points().count()),
        AskKind::ReferenceFace => {
            let face = traces.manifold_steps.iter().find_map(|s| match s {
                ManifoldStep::ReferenceFace {
                    flip, reference, ..
                } => Some((if *flip { Which::B } else { Which::A }, reference.edge)),
                ManifoldStep::CircleCore { face, region, .. } => match region {
                    CircleRegion::Face(i) => {
                        Some((if face.on_b { Which::B } else { Which::A }, *i))
                    }
                    CircleRegion::Vertex(_) => None,
                },
                _ => None,
            });
            // A corner contact has no reference face even though clipping chose one first.
            let corner = traces
                .manifold_steps
                .iter()
                .any(|s| matches!(s, ManifoldStep::Corner { .. }));
            Answer::ReferenceFace(face.filter(|_| !corner))
        }
        AskKind::SeparatingAxis => Answer::SeparatingAxis(
            traces
                .sat
                .first_separating
                .and_then(|i| rows.get(i))
                .map(|r| axis_answer(r)),
        ),
        // SAT's best axis: among tied axes the library already answers the face that looks at
        // the other body (`sat::FACING_TIE_ROUNDINGS`), so the quiz, the ★ row and the normal
        // name one axis.
        AskKind::NormalAxis => Answer::NormalAxis(
            rows.get(traces.sat.best)
                .copied()
                .map(axis_answer)
                .unwrap_or(AxisAnswer {
                    axis: traces.sat.normal,
                    source: AxisSource::FaceA(0),
                }),
        ),
        AskKind::GjkClosestFeature => {
            let last = traces.gjk_steps.len().saturating_sub(1);
            let step = ask.step.unwrap_or(0).min(last);
            let (vertices, direction) = traces
                .gjk_steps
                .get(step)
                .map(|s| {
                    let v = match s.region {
                        VoronoiRegion::Vertex(i) => vec![i],
                        VoronoiRegion::Edge(i, j) => vec![i, j],
                        VoronoiRegion::Interior => (0..s.simplex_in.len()).collect(),
                    };
                    (v, s.direction.map(|d| d.normalize_or_zero()))
                })
                .unwrap_or_default();
            Answer::GjkClosestFeature {
                step,
                vertices,
                direction,
            }
        }
        AskKind::ClipSurvivors => Answer::ClipSurvivors(
            traces
                .manifold_steps
                .iter()
                .find_map(|s| match s {
                    ManifoldStep::Keep { candidates, .. } => Some(
                        candidates
                            .iter()
                            .map(|c| (c.position + traces.origin(), c.kept))
                            .collect(),
                    ),
                    _ => None,
                })
                .unwrap_or_default(),
        ),
    }
}
