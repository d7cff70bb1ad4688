//! Where our answer for a pair differs from another engine's (the scene's `expected`), and the
//! first step of our manifold that decides the difference: `report`'s `"expected_diff"`.
//!
//! 1. The normal: the angle from the expected normal to ours (degrees, counter-clockwise
//!    positive). Ours is the manifold's normal, the one its points go with.
//! 2. The separation: ours (the pair's, as `report`'s top level) minus the expected one.
//! 3. The points: expected and ours paired greedily, nearest first, one to one, within
//!    [`POINT_MATCH`] of the pair's scale; each expected point gets the nearest of ours, its
//!    distance and the separation difference; the unpaired are `missing` (expected, not ours)
//!    and `extra` (ours, not expected).
//! 4. The ids, position by position.
//! 5. The deciding step (polygon pairs, from the manifold's trace): when the expected normal is
//!    the outward normal of another face than our reference face (A's faces along the normal, B's
//!    against it), the reference face decides; else a point dropped by the keep rule or cut by a
//!    side plane near an expected point, or a kept point the engine does not have.
//!
//! The pair's scale is the smaller body's bounding radius (as the slop's, DESIGN.md
//! "Conventions"), so a scene scaled by k compares the same.

mod types;

use crate::geom::{ManifoldStep, Placed};
use crate::scene::{Expected, Pair, PairTraces};
use glam::Vec2;
use serde_json::Value;
pub use types::{
    BodyFace, DecidingStep, Decision, ExpectedDiff, IdDiffer, IdsDiff, NormalDiff, PointDiff,
    SeparationDiff,
};

/// An expected point and one of ours pair up when they are within this fraction of the pair's
/// scale: lenient, since engines place a contact point differently (the midpoint, a point on
/// one surface), and the distance is printed anyway.
pub const POINT_MATCH: f32 = 0.05;

/// Two lengths (separations, a paired point's distance) differ when they differ by more than
/// this fraction of the pair's scale: about a hundred roundings of a unit-sized pair's
/// coordinates, far below what changes a contact.
pub const LENGTH_TOLERANCE: f32 = 1e-5;

/// Two normals differ when they are more than this many degrees apart (about the angle of one
/// length tolerance over the pair's scale).
pub const ANGLE_TOLERANCE_DEG: f32 = 1e-3;

/// A face of one body: which body (`false` A, `true` B) and its edge index.
type FaceRef = (bool, usize);

/// The `expected_diff` object of a pair whose traces are `traces` against `expected`.
pub fn expected_diff(expected: &Expected, pair: &Pair, traces: &PairTraces) -> Value {
    ExpectedDiff::compute(expected, pair, traces).to_json()
}

impl ExpectedDiff {
    /// Our answer for `pair` (traced as `traces`) against `expected` (see the module doc).
    pub fn compute(expected: &Expected, pair: &Pair, traces: &PairTraces) -> ExpectedDiff {
        compute(expected, pair, traces)
    }
}

fn compute(expected: &Expected, pair: &Pair, traces: &PairTraces) -> ExpectedDiff {
    let scale = pair.a.bounding_radius().min(pair.b.bounding_radius());
    let (match_at, length_tol) = (POINT_MATCH * scale, LENGTH_TOLERANCE * scale);
    let ours_n = traces.manifold.normal;
    let ours: Vec<(u64, Vec2, f32)> = traces
        .whole
        .points()
        .map(|(id, p)| (id, p.position, p.separation))
        .collect();
    let mut differences: Vec<&'static str> = Vec::new();

    let normal = expected.unit_normal().map(|n| {
        let angle = n.perp_dot(ours_n).atan2(n.dot(ours_n)).to_degrees();
        if angle.abs() > ANGLE_TOLERANCE_DEG {
            differences.push("normal");
        }
        NormalDiff {
            expected: n,
            ours: ours_n,
            angle_deg: angle,
        }
    });
    let separation = expected.separation.map(|s| {
        let d = traces.whole.separation - s;
        if d.abs() > length_tol {
            differences.push("separation");
        }
        SeparationDiff {
            expected: s,
            ours: traces.whole.separation,
            difference: d,
        }
    });

    // Points: all pairs by distance, taken nearest first, each point at most once.
    let want: Vec<(Vec2, f32)> = expected
        .points
        .iter()
        .map(|[x, y, s]| (Vec2::new(*x, *y), *s))
        .collect();
    let mut pairs: Vec<(f32, usize, usize)> = Vec::new();
    for (i, (p, _)) in want.iter().enumerate() {
        for (j, (_, q, _)) in ours.iter().enumerate() {
            pairs.push((p.distance(*q), i, j));
        }
    }
    pairs.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    let (mut mate_of_want, mut mate_of_ours) = (vec![None; want.len()], vec![None; ours.len()]);
    for (d, i, j) in pairs {
        if d <= match_at && mate_of_want[i].is_none() && mate_of_ours[j].is_none() {
            mate_of_want[i] = Some(j);
            mate_of_ours[j] = Some(i);
        }
    }
    let mut points_differ = false;
    let points: Vec<PointDiff> = want
        .iter()
        .enumerate()
        .map(|(i, (p, s))| {
            let nearest = (0..ours.len()).min_by(|&a, &b| {
                p.distance(ours[a].1)
                    .total_cmp(&p.distance(ours[b].1))
                    .then(a.cmp(&b))
            });
            let shown = mate_of_want[i].or(nearest);
            let (distance, sep_diff) = match shown {
                Some(j) => (p.distance(ours[j].1), ours[j].2 - s),
                None => (f32::INFINITY, f32::INFINITY),
            };
            if mate_of_want[i].is_none() || distance > length_tol || sep_diff.abs() > length_tol {
                points_differ = true;
            }
            PointDiff {
                expected: *p,
                expected_separation: *s,
                ours: shown,
                ours_position: shown.map(|j| ours[j].1),
                distance: shown.map(|_| distance),
                separation_difference: shown.map(|_| sep_diff),
                matched: mate_of_want[i].is_some(),
            }
        })
        .collect();
    let missing: Vec<usize> = (0..want.len())
        .filter(|&i| mate_of_want[i].is_none())
        .collect();
    // Without expected points, ours have nothing to be paired with: none is "extra".
    let extra: Vec<usize> = if want.is_empty() {
        Vec::new()
    } else {
        (0..ours.len())
            .filter(|&j| mate_of_ours[j].is_none())
            .collect()
    };
    if points_differ || !extra.is_empty() {
        differences.push("points");
    }

    let ids = (!expected.ids.is_empty()).then(|| {
        let n = expected.ids.len().max(ours.len());
        let differ: Vec<IdDiffer> = (0..n)
            .filter_map(|k| {
                let (e, o) = (expected.ids.get(k).copied(), ours.get(k).map(|p| p.0));
                (e != o).then_some(IdDiffer {
                    index: k,
                    expected: e,
                    ours: o,
                })
            })
            .collect();
        if !differ.is_empty() {
            differences.push("ids");
        }
        IdsDiff {
            expected: expected.ids.clone(),
            ours: ours.iter().map(|p| p.0).collect(),
            differ,
        }
    });

    let step = deciding_step(
        expected, pair, traces, &want, &missing, &extra, &ours, match_at,
    );
    if matches!(step.decision, Decision::ReferenceFace { .. }) {
        differences.push("reference_face");
    }
    let same = differences.is_empty();
    ExpectedDiff {
        scale,
        match_distance: match_at,
        tolerance: length_tol,
        normal,
        separation,
        points,
        missing,
        extra,
        ids,
        deciding_step: step,
        differences,
        same,
    }
}

/// The face whose outward normal the unit normal `n` (A to B) is nearest to: A's faces along
/// `n`, B's against it; A on a tie. `None` for a pair without faces (circles).
fn face_of_normal(pair: &Pair, n: Vec2) -> Option<(FaceRef, f32)> {
    let mut best: Option<(FaceRef, f32)> = None;
    for (on_b, shape, xf, sign) in [
        (false, &pair.a, pair.xf_a, 1.0),
        (true, &pair.b, pair.xf_b, -1.0),
    ] {
        let placed = Placed::new(shape, xf);
        if placed.count() < 2 {
            continue;
        }
        for i in 0..placed.count() {
            let along = placed.normal(i).dot(n * sign);
            if best.is_none_or(|(_, b)| along > b) {
                best = Some(((on_b, i), along));
            }
        }
    }
    best
}

/// The first step of our manifold whose decision leads to the difference (see the module doc).
#[allow(clippy::too_many_arguments)]
fn deciding_step(
    expected: &Expected,
    pair: &Pair,
    traces: &PairTraces,
    want: &[(Vec2, f32)],
    missing: &[usize],
    extra: &[usize],
    ours: &[(u64, Vec2, f32)],
    match_at: f32,
) -> DecidingStep {
    let o = traces.origin();
    let steps = &traces.manifold_steps;
    let at = |decision, k| DecidingStep {
        decision,
        trace_step: Some(k),
    };
    let reference = steps.iter().enumerate().find_map(|(k, s)| match s {
        ManifoldStep::ReferenceFace {
            reference,
            sep_a,
            sep_b,
            threshold,
            ..
        } => Some((
            k,
            (reference.on_b, reference.edge),
            *sep_a,
            *sep_b,
            *threshold,
        )),
        _ => None,
    });
    if let (Some((k, ours_face, sep_a, sep_b, threshold)), Some(n)) =
        (reference, expected.unit_normal())
        && let Some((theirs, along)) = face_of_normal(pair, n)
    {
        // A face as well aligned as the matched one is as good an answer: ours stands.
        let ours_along = face_of_normal_along(pair, ours_face, n);
        if theirs != ours_face && along > ours_along {
            let decision = Decision::ReferenceFace {
                ours: BodyFace::of(ours_face),
                expected: BodyFace::of(theirs),
                sep_a,
                sep_b,
                threshold,
            };
            return at(decision, k);
        }
    }
    // A point the engine has and we do not: dropped by the keep rule, or cut by a side plane.
    for &i in missing {
        let p = want[i].0;
        for (k, s) in steps.iter().enumerate() {
            match s {
                ManifoldStep::Keep { candidates, margin } => {
                    if let Some(c) = candidates
                        .iter()
                        .find(|c| !c.kept && (c.position + o).distance(p) <= match_at)
                    {
                        let decision = Decision::Dropped {
                            expected_point: i,
                            position: Vec2::new(c.position.x + o.x, c.position.y + o.y),
                            separation: c.separation,
                            margin: *margin,
                        };
                        return at(decision, k);
                    }
                }
                ManifoldStep::ClipSide {
                    side,
                    input,
                    output,
                    ..
                } => {
                    let near = |v: &crate::geom::ClipVertex| (v.point + o).distance(p) <= match_at;
                    if input.iter().any(near) && !output.iter().any(near) {
                        let decision = Decision::Clipped {
                            side: *side,
                            expected_point: i,
                        };
                        return at(decision, k);
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(&j) = extra.first() {
        let keep = steps
            .iter()
            .position(|s| matches!(s, ManifoldStep::Keep { .. }));
        return DecidingStep {
            decision: Decision::Extra {
                ours_point: j,
                position: ours[j].1,
                separation: ours[j].2,
                keep_rule: keep.is_some(),
            },
            trace_step: keep,
        };
    }
    DecidingStep {
        decision: Decision::None,
        trace_step: None,
    }
}

/// How well face `f`'s outward normal lines up with `n` (A's along it, B's against it).
fn face_of_normal_along(pair: &Pair, (on_b, edge): FaceRef, n: Vec2) -> f32 {
    let (shape, xf, sign) = if on_b {
        (&pair.b, pair.xf_b, -1.0)
    } else {
        (&pair.a, pair.xf_a, 1.0)
    };
    let placed = Placed::new(shape, xf);
    if edge < placed.count() {
        placed.normal(edge).dot(n * sign)
    } else {
        f32::NEG_INFINITY
    }
}
