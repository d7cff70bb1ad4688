//! A chain segment's contact with a body: the rule that never loses a body overlapping the
//! chain and never invents a contact for one that is apart.
//!
//! A chain's segment is one-sided and knows its neighbours ([`SmoothSegment`]). The plain
//! two-sided manifold of the segment is not enough to judge: its one normal may belong to a
//! neighbour while another normal, one this segment owns, holds the body. So the rule weighs
//! every normal the surface around the segment can have (Box2D v3's
//! `b2CollideChainSegmentAndPolygon`, written here from its description):
//!
//! 1. **Side.** B's centre behind the segment's line *and* behind every convex neighbour's
//!    line: the body is behind the chain, no contact. (Behind the segment alone is not enough:
//!    at a sharp peak a body can sit in the vertex's cone behind one of the two faces.)
//! 2. **Distance.** The cores' closest points: further apart than the margin plus both radii,
//!    no contact. A body that is apart never gets a point from a face it does not reach.
//! 3. **Candidates.**
//!    - Cores apart (and the centre in front of the segment): their closest features give one
//!      normal — the segment's face (its inside is closest), the line between the segment's end
//!      vertex and B's closest vertex, or B's face reversed (an end vertex against B's face) —
//!      and the segment's classification judges it.
//!    - Cores overlapping, or the centre behind the segment's line: as in the separating axis
//!      test, every candidate's separation is measured: the segment's face normal, each convex
//!      neighbour's face normal, B's faces whose reversed normals the segment admits, and the
//!      normal from each end vertex to B's core where the segment admits it (a circle's contact
//!      at a peak).
//! 4. **Winner.** The greatest separation wins: B's admitted face or an end vertex only if
//!    strictly greater than the segment's and its neighbours' faces; a neighbour's face only if
//!    strictly greater than the segment's (compared through the vertex they share, so the two
//!    segments read the same numbers and exactly one of them wins). A neighbour's face: no
//!    contact here (the neighbour makes it). A skipped normal: none. A snapped one: the face.
//!    B's face is the reference only if this segment, not the neighbour, lies flatter against it
//!    (else the neighbour is the incident face and makes the contact).
//! 5. **Clip.** The winner's contact: B's incident face clipped to the segment (the face), the
//!    segment clipped to B's face, or one point between the end vertex and B's core. Points the
//!    segment clips at a flat joint are the cut between two pieces of one straight surface, not
//!    a place the body touches: they are dropped (so a body across a seam gets the points of one
//!    long segment). Points within the margin are kept.
//!
//! Every candidate, its class and separation, the winner and the clip are trace steps; the
//! last step is the output.

use crate::geom::chain::clip::contact;
use crate::geom::chain::nearest::{
    Closest, FeatureOfB, closest, core_separation, face_of_b_separation,
};
use crate::geom::chain::segment::SmoothSegment;
use crate::geom::chain::types::{
    ChainCandidate, ChainStep, End, Joint, NormalClass, Outcome, Reason, Route, Source, Verdict,
};
use crate::geom::contact::{Manifold, ManifoldOptions, ManifoldStep};
use crate::geom::frame::PairFrame;
use crate::geom::math::{LINEAR_SLOP, min_finite, try_normalize};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

/// What the rule decided for one segment: the winning candidate, what it made, and the
/// manifold (world coordinates).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentRule {
    /// True when B's centre is behind the segment and every convex neighbour (step 1).
    pub behind: bool,
    /// The winning candidate (`None` when the body is behind or apart).
    pub winner: Option<ChainCandidate>,
    /// What it made.
    pub outcome: Outcome,
    /// The segment's manifold (world coordinates).
    pub manifold: Manifold,
}

/// How close the cores may come and still be read by their closest features: a tenth of Box2D's
/// linear slop, scaled by the smaller body (for shapes about a unit across Box2D's absolute
/// `0.1 * b2_linearSlop`). Nearer than this the closest points' direction is rounding, so the
/// candidates compete by separation instead.
fn touch_distance(a: &Placed, b: &Placed) -> f32 {
    0.1 * LINEAR_SLOP * min_finite(a.shape.bounding_radius(), b.shape.bounding_radius())
}

/// How many roundings of the pair's numbers a clipped point may read deeper than the cores'
/// gap and still be a contact (the clip and the distance round differently).
const GAP_ROUNDINGS: f32 = 64.0;

/// The size of the numbers the rule computes with: the segment's ends, B's position and size.
fn pair_size(pair: &PairFrame) -> f32 {
    let [p1, p2] = [pair.a.vertex(0), pair.a.vertex(1)];
    p1.abs().max_element()
        + p2.abs().max_element()
        + pair.b.xf.p.abs().max_element()
        + pair.b.shape.bounding_radius()
}

/// Which end a fraction along the segment is, if it is one.
fn end_at(fraction: f32) -> Option<End> {
    if fraction <= 0.0 {
        Some(End::Start)
    } else if fraction >= 1.0 {
        Some(End::End)
    } else {
        None
    }
}

/// The contact of chain segment `segment` (pair's A, with its neighbours) with pair's B, by the
/// rule in the module's outline, traced: the chain's steps, the clip that made the manifold,
/// then `Done` with the manifold (world coordinates).
pub fn collide_segment<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    segment: &SmoothSegment,
    options: &ManifoldOptions,
    trace: &mut T,
) -> SegmentRule {
    let margin = options.sanitized().speculative_margin;
    let (a, b) = (&pair.a, &pair.b);
    let radii = a.radius() + b.radius();
    let [p1, p2] = segment.ends;
    let n1 = segment.normal;
    let finish = |trace: &mut T,
                  behind: bool,
                  winner: Option<ChainCandidate>,
                  outcome: Outcome,
                  mut m: Manifold| {
        m.shift(pair.origin);
        trace.step(|| ManifoldStep::Done(m));
        SegmentRule {
            behind,
            winner,
            outcome,
            manifold: m,
        }
    };

    // 1. Side: behind the segment's line and every convex neighbour's.
    let centre = b.centroid();
    let own = n1.dot(centre - p1);
    let neighbours = [0, 1].map(|k| {
        let convex = segment.joints[k] == Joint::Convex;
        let nn = segment.neighbour_normals[k].filter(|_| convex)?;
        Some(nn.dot(centre - segment.ends[k]))
    });
    let behind = own < 0.0 && neighbours.iter().all(|s| s.is_none_or(|s| s < 0.0));
    trace.step(|| {
        ManifoldStep::Chain(ChainStep::Side {
            centre,
            own,
            neighbours,
            behind,
        })
    });
    if behind {
        return finish(trace, true, None, Outcome::Nothing, Manifold::empty(n1));
    }

    // 2. Distance: apart beyond the margin, nothing.
    let near = closest(p1, p2, b);
    let separation = near.distance - radii;
    // Cores within the touch distance are read by the axes (a segment crossing B's edge reads a
    // distance of a rounding, not 0), whose points the margin then keeps or drops.
    let touching = near.distance <= touch_distance(a, b);
    let route = if separation > margin && !touching {
        None
    } else if own >= 0.0 && !touching {
        Some(Route::Closest)
    } else {
        Some(Route::Axes)
    };
    trace.step(|| {
        ManifoldStep::Chain(ChainStep::Distance {
            point_a: near.point_a,
            point_b: near.point_b,
            separation,
            margin,
            route,
        })
    });
    let Some(route) = route else {
        return finish(trace, false, None, Outcome::Nothing, Manifold::empty(n1));
    };

    // 3-4. The candidates and the winner.
    let (winner, outcome) = match route {
        Route::Closest => by_closest(pair, segment, &near, separation, margin, trace),
        Route::Axes => by_axes(pair, segment, margin, trace),
    };
    trace.step(|| ManifoldStep::Chain(ChainStep::Winner { winner, outcome }));

    // 5. The winner's contact; with the cores apart, no point deeper than their gap (less
    //    the rounding of the numbers the clip reads).
    let gap = (route == Route::Closest)
        .then(|| separation - GAP_ROUNDINGS * f32::EPSILON * pair_size(pair));
    let m = contact(pair, segment, outcome, margin, gap, trace);
    finish(trace, false, winner, outcome, m)
}

/// What an admitted normal of B's face `j` makes: that face clipped, unless the convex
/// neighbour at the segment's deeper end lies flatter against it (then the neighbour is the
/// incident face and makes the contact). On an exact tie the segment that starts at the vertex
/// makes it: both segments compare the same two normals, so exactly one of them does.
fn face_of_b_outcome(
    pair: &PairFrame,
    segment: &SmoothSegment,
    margin: f32,
    candidate: &mut ChainCandidate,
) {
    let Source::FaceOfB(j) = candidate.source else {
        return;
    };
    let b = &pair.b;
    let (nb, v) = (b.normal(j), b.vertex(j));
    let [p1, p2] = segment.ends;
    let deeper = if nb.dot(p1 - v) < nb.dot(p2 - v) {
        End::Start
    } else {
        End::End
    };
    let k = deeper.index();
    let Some(neighbour) =
        segment.neighbour_normals[k].filter(|_| segment.joints[k] == Joint::Convex)
    else {
        return;
    };
    let (theirs, ours) = (neighbour.dot(nb), segment.normal.dot(nb));
    // Only a neighbour that reaches B can make the contact: one apart beyond the margin leaves
    // it to this segment (B's face then lies beyond the shared vertex, over this segment).
    let reaches = segment.ghosts[k].is_none_or(|ghost| {
        let at = segment.ends[k];
        closest(at, ghost, b).distance - pair.a.radius() - b.radius() <= margin
    });
    if reaches && (theirs < ours || (theirs == ours && deeper == End::End)) {
        candidate.verdict.class = NormalClass::Skip;
        candidate.verdict.reason = Reason::NeighbourIncident;
    }
}

/// The verdict on the normal from the segment's `end` vertex to B's core: the classification,
/// except that inside the cone of the vertex the segment ends at, the next segment (which
/// starts there) makes the vertex's contact.
fn vertex_verdict(segment: &SmoothSegment, n: Vec2, end: End) -> Verdict {
    let mut verdict = segment.classify(n);
    if end == End::End && verdict.reason == Reason::VertexCone {
        verdict.class = NormalClass::Skip;
        verdict.reason = Reason::NextOwnsVertex;
    }
    verdict
}

/// What a candidate makes: admitted on the face normal or snapped, the face; admitted
/// elsewhere, its own contact; skipped, nothing. An end vertex's normal within the tolerance of
/// the face normal is the vertex's own contact at a free or convex end (the face would hold
/// nothing beyond its end); at a flat or concave one it is the face's, which holds nothing
/// beyond the end: the neighbour there holds the body.
fn outcome_of(segment: &SmoothSegment, c: &ChainCandidate) -> Outcome {
    match (c.verdict.class, c.verdict.reason, c.source) {
        (NormalClass::Admit, Reason::Face, Source::Vertex(end))
            if matches!(segment.joints[end.index()], Joint::Free | Joint::Convex) =>
        {
            Outcome::Vertex(end)
        }
        (NormalClass::Admit, Reason::Face, _) | (NormalClass::Snap, _, _) => Outcome::SegmentFace,
        (NormalClass::Admit, _, Source::FaceOfB(j)) => Outcome::FaceOfB(j),
        (NormalClass::Admit, _, Source::Vertex(end)) => Outcome::Vertex(end),
        (NormalClass::Admit, _, Source::Face) => Outcome::SegmentFace,
        _ => Outcome::Nothing,
    }
}

/// Step 3-4 with the cores apart: the closest features give one normal, judged.
fn by_closest<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    segment: &SmoothSegment,
    near: &Closest,
    separation: f32,
    margin: f32,
    trace: &mut T,
) -> (Option<ChainCandidate>, Outcome) {
    let mut candidate = match (end_at(near.fraction), near.feature) {
        // The segment's inside is closest: its face.
        (None, _) => ChainCandidate {
            source: Source::Face,
            verdict: segment.classify(segment.normal),
            separation,
        },
        // An end vertex and B's vertex: the line between them.
        (Some(end), FeatureOfB::Vertex(_)) => {
            let n = try_normalize(near.point_b - near.point_a).unwrap_or(segment.normal);
            ChainCandidate {
                source: Source::Vertex(end),
                verdict: vertex_verdict(segment, n, end),
                separation,
            }
        }
        // An end vertex and B's face: that face's normal reversed.
        (Some(_), FeatureOfB::Face(j)) => ChainCandidate {
            source: Source::FaceOfB(j),
            verdict: segment.classify(-pair.b.normal(j)),
            separation: face_of_b_separation(pair, segment, j),
        },
    };
    if candidate.verdict.class == NormalClass::Admit {
        face_of_b_outcome(pair, segment, margin, &mut candidate);
    }
    trace.step(|| ManifoldStep::Chain(ChainStep::Candidate(candidate)));
    (Some(candidate), outcome_of(segment, &candidate))
}

/// Step 3-4 with the cores overlapping (or the centre behind the segment's line): every
/// candidate's separation; the greatest wins.
fn by_axes<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    segment: &SmoothSegment,
    margin: f32,
    trace: &mut T,
) -> (Option<ChainCandidate>, Outcome) {
    let (a, b) = (&pair.a, &pair.b);
    let radii = a.radius() + b.radius();
    let n1 = segment.normal;
    let mut emit = |c: ChainCandidate| {
        trace.step(|| ManifoldStep::Chain(ChainStep::Candidate(c)));
        c
    };

    // The segment's face.
    let face = emit(ChainCandidate {
        source: Source::Face,
        verdict: segment.classify(n1),
        separation: core_separation(b, n1, segment.ends[0]) - radii,
    });
    let mut edge = face;
    let mut neighbour_wins = false;
    // Each convex neighbour's face, compared with this face through the vertex they share.
    for end in [End::Start, End::End] {
        let k = end.index();
        let Some(nn) = segment.neighbour_normals[k].filter(|_| segment.joints[k] == Joint::Convex)
        else {
            continue;
        };
        let at = segment.ends[k];
        let theirs = core_separation(b, nn, at) - radii;
        let c = emit(ChainCandidate {
            source: Source::Neighbour(end),
            verdict: Verdict {
                normal: nn,
                class: NormalClass::Skip,
                reason: Reason::NeighbourFace,
                end: Some(end),
            },
            separation: theirs,
        });
        let ours = core_separation(b, n1, at) - radii;
        if theirs > ours && theirs > edge.separation {
            edge = c;
            neighbour_wins = true;
        }
    }

    // B's faces whose reversed normals the segment admits (one within the tolerance of the
    // segment's face normal competes with its own separation, and makes the segment's face
    // contact if it wins), and the end vertices' normals (a vertex's contact the next segment
    // makes competes too: if it wins, this segment has none).
    let mut best: Option<ChainCandidate> = None;
    let mut consider = |c: ChainCandidate| {
        let competes =
            c.verdict.class == NormalClass::Admit || c.verdict.reason == Reason::NextOwnsVertex;
        if competes && best.is_none_or(|b| c.separation > b.separation) {
            best = Some(c);
        }
    };
    if b.count() >= 2 {
        for j in 0..b.count() {
            let c = emit(ChainCandidate {
                source: Source::FaceOfB(j),
                verdict: segment.classify(-b.normal(j)),
                separation: face_of_b_separation(pair, segment, j),
            });
            consider(c);
        }
    }
    for end in [End::Start, End::End] {
        let k = end.index();
        if !matches!(segment.joints[k], Joint::Convex | Joint::Free) {
            continue;
        }
        let vertex = segment.ends[k];
        let near = closest(vertex, vertex, b);
        // B's face nearest the vertex: that face's candidate is this contact (and the
        // neighbour-incident rule decides which segment makes it).
        let on_face = matches!(near.feature, FeatureOfB::Face(_)) && b.count() >= 2;
        if near.distance <= touch_distance(a, b) || on_face {
            continue;
        }
        let Some(n) = try_normalize(near.point_b - vertex) else {
            continue;
        };
        // Only a normal leaning out over this end is the vertex's.
        let verdict = vertex_verdict(segment, n, end);
        let vertex_normal = matches!(
            verdict.reason,
            Reason::VertexCone | Reason::NextOwnsVertex | Reason::FreeEnd
        );
        if !vertex_normal || verdict.end != Some(end) {
            continue;
        }
        let c = emit(ChainCandidate {
            source: Source::Vertex(end),
            verdict,
            separation: near.distance - radii,
        });
        consider(c);
    }

    match best {
        Some(mut c) if c.separation > edge.separation => {
            if c.verdict.class == NormalClass::Admit {
                face_of_b_outcome(pair, segment, margin, &mut c);
            }
            (Some(c), outcome_of(segment, &c))
        }
        _ if neighbour_wins => (Some(edge), Outcome::Nothing),
        _ => (Some(face), Outcome::SegmentFace),
    }
}
