//! The quiz's answers: the choices offered, the judge, and the answer and why in words — all
//! read from the pair's traces and the library's [`answer`](crate::scene::answer).

use crate::app::command::{Pick, StepTo};
use crate::app::modes::ModeKind;
use crate::app::modes::manifold::ManifoldMode;
use crate::app::pair::Traced;
use crate::app::words::source_text;
use crate::app::words::{count, num, signed};
use crate::geom::{AxisSource, ManifoldStep, SatAxis, VoronoiRegion};
use crate::scene::questions::Which;
use crate::scene::{Answer, Ask, AskKind};
use glam::Vec2;

/// One choice the panel offers.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Its words on the button.
    pub text: String,
    /// The answer it gives.
    pub pick: Pick,
}

/// A question's words: the scene's, or the kind's default.
pub fn prompt(ask: &Ask) -> &str {
    ask.prompt
        .as_deref()
        .unwrap_or_else(|| ask.kind.default_prompt())
}

/// The SAT rows of the trace, in order.
pub(super) fn rows(pair: &Traced) -> Vec<&SatAxis> {
    pair.sat_axes().collect()
}

/// The GJK step a question is about (its own, clamped to the last).
pub(super) fn gjk_step(ask: &Ask, pair: &Traced) -> usize {
    ask.step
        .unwrap_or(0)
        .min(pair.gjk_steps.len().saturating_sub(1))
}

/// The clipped points of the manifold's trace (the incident points the clipper judged, world),
/// their separations and whether they were kept, if it clipped.
pub(super) fn candidates(pair: &Traced) -> Vec<(Vec2, f32, bool)> {
    pair.manifold_steps
        .iter()
        .find_map(|s| match s {
            ManifoldStep::Keep { candidates, .. } => Some(
                candidates
                    .iter()
                    .map(|c| (c.point + pair.origin(), c.separation, c.kept))
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

/// A face in words: "A edge 2".
pub(super) fn face_words(face: Option<(Which, usize)>) -> String {
    match face {
        Some((Which::A, i)) => format!("A edge {i}"),
        Some((Which::B, i)) => format!("B edge {i}"),
        None => "none (a corner, or a circle's closed form)".to_string(),
    }
}

/// A simplex feature in words: "vertex w1", "edge w0–w2", "inside".
pub(super) fn feature_words(vertices: &[usize]) -> String {
    match vertices {
        [i] => format!("vertex w{i}"),
        [i, j] => format!("edge w{i}–w{j}"),
        _ => "inside the triangle".to_string(),
    }
}

/// An axis row in words: "axis 3 (B edge 1)".
pub(super) fn axis_words(pair: &Traced, row: Option<usize>) -> String {
    match row.and_then(|i| rows(pair).get(i).map(|r| (i, *r))) {
        Some((i, r)) => format!("axis {} ({})", i + 1, source_text(r.source, pair)),
        None => "none separates".to_string(),
    }
}

/// The row of the trace with this source.
pub(super) fn row_of(pair: &Traced, source: AxisSource) -> Option<usize> {
    rows(pair).iter().position(|r| r.source == source)
}

/// The mode that draws a question's answer.
pub fn mode_for(kind: AskKind) -> ModeKind {
    match kind {
        AskKind::SeparatingAxis | AskKind::NormalAxis => ModeKind::Sat,
        AskKind::Overlap | AskKind::GjkClosestFeature => ModeKind::Gjk,
        AskKind::ContactCount | AskKind::ReferenceFace | AskKind::ClipSurvivors => {
            ModeKind::Manifold
        }
    }
}

/// The step of [`mode_for`]'s trace that shows the answer.
pub fn reveal_step(ask: &Ask, pair: &Traced) -> StepTo {
    match ask.kind {
        AskKind::SeparatingAxis => StepTo::At(pair.sat.first_separating.unwrap_or(pair.sat.best)),
        AskKind::NormalAxis => StepTo::At(pair.sat.best),
        AskKind::GjkClosestFeature => StepTo::At(gjk_step(ask, pair)),
        // The step where the face is decided, not the end of the clipping.
        AskKind::ReferenceFace => pair
            .manifold_shown_steps()
            .iter()
            .position(|s| matches!(s, ManifoldStep::ReferenceFace { .. }))
            .map_or(StepTo::Last, StepTo::At),
        _ => StepTo::Last,
    }
}

/// The most contact points a count question offers before the true count (a compound pair).
const MOST_COUNT_CHOICES: usize = 8;

/// The choices the panel offers for `ask` on this pair.
pub fn choices(ask: &Ask, pair: &Traced) -> Vec<Choice> {
    let choice = |text: String, pick: Pick| Choice { text, pick };
    match ask.kind {
        AskKind::Overlap => vec![
            choice("Yes, they overlap".into(), Pick::Yes(true)),
            choice("No, they don't".into(), Pick::Yes(false)),
        ],
        AskKind::ContactCount => {
            // Up to two points a part pair (a compound body: every pair of parts may touch),
            // offered up to a sensible count; the true count is always among the choices.
            let [na, nb] = pair.part_counts();
            let most = (2 * na * nb)
                .min(MOST_COUNT_CHOICES)
                .max(pair.contacts().len());
            (0..=most)
                .map(|n| choice(count(n, "point", "points"), Pick::Count(n)))
                .collect()
        }
        AskKind::ReferenceFace => {
            let mut out = Vec::new();
            for (i, which) in [Which::A, Which::B].into_iter().enumerate() {
                if pair.shapes()[i].count() >= 2 {
                    for e in 0..pair.shapes()[i].count() {
                        let face = Some((which, e));
                        out.push(choice(face_words(face), Pick::Face(face)));
                    }
                }
            }
            out.push(choice(face_words(None), Pick::Face(None)));
            out
        }
        AskKind::SeparatingAxis | AskKind::NormalAxis => {
            let mut out: Vec<Choice> = (0..rows(pair).len())
                .map(|i| choice(axis_words(pair, Some(i)), Pick::Axis(Some(i))))
                .collect();
            if ask.kind == AskKind::SeparatingAxis {
                out.push(choice(axis_words(pair, None), Pick::Axis(None)));
            }
            out
        }
        AskKind::GjkClosestFeature => features(ask, pair)
            .into_iter()
            .map(|v| choice(feature_words(&v), Pick::Feature(v)))
            .collect(),
        // Marked point by point, then given as one answer.
        AskKind::ClipSurvivors => Vec::new(),
    }
}

/// Every feature of the simplex GJK receives at the question's step: its vertices, its edges
/// and (a triangle) its inside.
pub(super) fn features(ask: &Ask, pair: &Traced) -> Vec<Vec<usize>> {
    let n = pair
        .gjk_steps
        .get(gjk_step(ask, pair))
        .map_or(0, |s| s.simplex_in.len());
    let mut out: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    for i in 0..n {
        for j in i + 1..n {
            out.push(vec![i, j]);
        }
    }
    if n == 3 {
        out.push(vec![0, 1, 2]);
    }
    out
}

/// True when `pick` answers `ask` rightly on this pair. Any axis that separates answers
/// "which axis separates" (the library names the first SAT finds), and any axis tied for the
/// least overlap answers "which axis gives the normal" (a box's top and bottom faces are one
/// line).
pub fn is_right(pick: &Pick, ask: &Ask, pair: &Traced) -> bool {
    let rows = rows(pair);
    match (crate::scene::answer(ask, &pair.traces), pick) {
        (Answer::Overlap(a), Pick::Yes(p)) => a == *p,
        (Answer::ContactCount(a), Pick::Count(p)) => a == *p,
        (Answer::ReferenceFace(a), Pick::Face(p)) => a == *p,
        (Answer::SeparatingAxis(None), Pick::Axis(p)) => p.is_none(),
        (Answer::SeparatingAxis(Some(_)), Pick::Axis(Some(i))) => {
            rows.get(*i).is_some_and(|r| r.gap > 0.0)
        }
        (Answer::NormalAxis(a), Pick::Axis(Some(i))) => rows
            .get(*i)
            .is_some_and(|r| r.source == a.source || *i == pair.sat.best || r.tie),
        (Answer::GjkClosestFeature { vertices, .. }, Pick::Feature(p)) => {
            let mut v = vertices;
            v.sort_unstable();
            v == *p
        }
        (Answer::ClipSurvivors(a), Pick::Survivors(p)) => {
            a.len() == p.len() && a.iter().zip(p).all(|((_, k), q)| k == q)
        }
        _ => false,
    }
}

/// The library's answer in words, then why, from the traces.
pub fn reveal_text(ask: &Ask, pair: &Traced) -> (String, String) {
    let rows = rows(pair);
    match crate::scene::answer(ask, &pair.traces) {
        Answer::Overlap(true) => (
            "Yes, they overlap.".into(),
            format!(
                "GJK's simplex reaches the origin, so the cores meet; the surfaces are {} deep.",
                num(-pair.query.separation)
            ),
        ),
        Answer::Overlap(false) if pair.query.separation == 0.0 => (
            "No.".into(),
            "They touch (separation exactly 0): touching is not overlapping.".into(),
        ),
        Answer::Overlap(false) => (
            "No, they don't.".into(),
            format!(
                "GJK's closest point stays away from the origin: the shapes are {} apart.",
                num(pair.query.separation)
            ),
        ),
        Answer::ContactCount(n) => {
            let why = match (n, pair.manifold_path()) {
                (0, _) => "The surfaces are further apart than the speculative margin: no point is kept.".to_string(),
                (_, crate::scene::ManifoldPath::CircleCircle | crate::scene::ManifoldPath::CirclePolygon) => {
                    "A circle meets the other shape at one point.".to_string()
                }
                (_, crate::scene::ManifoldPath::SatCorner) => {
                    "Two rounded corners are closest: one point on the line between them.".to_string()
                }
                (1, _) => "Clipping keeps two points, but only one is within the margin of the reference face: a corner contact.".to_string(),
                _ => "The incident face, clipped to the reference face's side planes, keeps both ends within the margin: a flat contact.".to_string(),
            };
            (count(n, "point", "points"), why)
        }
        Answer::ReferenceFace(face) => {
            // The manifold mode's own words for its reference-face step, with its numbers.
            let why = pair
                .manifold_steps
                .iter()
                .position(|s| matches!(s, ManifoldStep::ReferenceFace { .. }))
                .map(|k| ManifoldMode::default().step_text(pair, k))
                .unwrap_or_else(|| {
                    "No face is clipped against here: the contact is a circle's or a corner's."
                        .into()
                });
            (face_words(face), why)
        }
        Answer::SeparatingAxis(Some(a)) => {
            let i = row_of(pair, a.source);
            let gap = i.and_then(|i| rows.get(i)).map_or(0.0, |r| r.gap);
            (
                axis_words(pair, i),
                format!(
                    "Its shadows are {} apart: the first axis SAT tests that separates them (any axis with a gap would do).",
                    num(gap)
                ),
            )
        }
        Answer::SeparatingAxis(None) => (
            axis_words(pair, None),
            format!(
                "On every one of the {} axes the shadows overlap or touch; the least overlap is {} on {}.",
                rows.len(),
                num(-pair.sat.separation),
                axis_words(pair, Some(pair.sat.best))
            ),
        ),
        Answer::NormalAxis(a) => {
            let i = row_of(pair, a.source);
            (
                axis_words(pair, i),
                format!(
                    "Its shadows overlap least ({}): the normal, and the shortest way out.",
                    num(-pair.sat.separation)
                ),
            )
        }
        Answer::GjkClosestFeature {
            step,
            vertices,
            direction,
        } => {
            let s = pair.gjk_steps.get(step);
            let weights = s
                .map(|s| {
                    s.simplex
                        .iter()
                        .map(|v| num(v.weight))
                        .collect::<Vec<_>>()
                        .join(" and ")
                })
                .unwrap_or_default();
            let region = match s.map(|s| s.region) {
                Some(VoronoiRegion::Interior) => {
                    "The origin is inside the triangle: the cores overlap and EPA takes over."
                        .to_string()
                }
                _ => format!(
                    "The origin lies in its Voronoi region; the closest point is {} from the origin (weights {weights}).",
                    num(s.map_or(0.0, |s| s.distance))
                ),
            };
            let next = match direction {
                Some(d) => format!(
                    " The search goes on towards ({}, {}), from the closest point to the origin.",
                    signed(d.x),
                    signed(d.y)
                ),
                None => " The search stops here.".to_string(),
            };
            (feature_words(&vertices), format!("{region}{next}"))
        }
        Answer::ClipSurvivors(points) => {
            let kept: Vec<String> = (0..points.len())
                .filter(|k| points[*k].1)
                .map(|k| format!("p{k}"))
                .collect();
            let why = candidates(pair)
                .iter()
                .enumerate()
                .map(|(k, (_, sep, kept))| {
                    format!(
                        "p{k} is {} from the reference face, {} the margin {}",
                        signed(*sep),
                        if *kept { "within" } else { "beyond" },
                        num(pair.pair.options.speculative_margin.max(0.0))
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            let answer = if kept.is_empty() {
                "none survive".to_string()
            } else {
                survive(&kept)
            };
            (answer, format!("{why}."))
        }
    }
}

/// What the student gave, in words.
pub fn pick_words(pick: &Pick, pair: &Traced) -> String {
    match pick {
        Pick::Yes(true) => "they overlap".into(),
        Pick::Yes(false) => "they don't overlap".into(),
        Pick::Count(n) => count(*n, "point", "points"),
        Pick::Face(f) => face_words(*f),
        Pick::Axis(a) => axis_words(pair, *a),
        Pick::Feature(v) => feature_words(v),
        Pick::Survivors(s) => {
            let kept: Vec<String> = (0..s.len())
                .filter(|k| s[*k])
                .map(|k| format!("p{k}"))
                .collect();
            if kept.is_empty() {
                "none survive".into()
            } else {
                survive(&kept)
            }
        }
    }
}

/// "p0 survives", "p0 and p1 survive".
fn survive(kept: &[String]) -> String {
    if kept.len() == 1 {
        format!("{} survives", kept[0])
    } else {
        format!("{} survive", kept.join(" and "))
    }
}
