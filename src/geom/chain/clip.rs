//! Step 5 of a chain segment's rule ([`super::rule`]): the contact its winning normal makes,
//! the clip traced. B's incident face clipped to the segment, the segment clipped to B's face,
//! a circle projected onto the face, or one point from an end vertex; points the segment clips
//! at a flat joint are dropped (seams), and with the cores apart, points deeper than their gap.

use crate::geom::chain::nearest::{FeatureOfB, closest, core_separation, face_of_b_separation};
use crate::geom::chain::segment::SmoothSegment;
use crate::geom::chain::types::{ChainStep, End, Joint, Outcome};
use crate::geom::contact::{
    CircleRegion, Face, FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldPoint,
    ManifoldStep, clip_face,
};
use crate::geom::frame::PairFrame;
use crate::geom::math::{next_index, try_normalize};
use crate::geom::trace::Trace;

/// Step 5: the contact `outcome` makes (pair frame), its clip traced.
pub(crate) fn contact<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    segment: &SmoothSegment,
    outcome: Outcome,
    margin: f32,
    gap: Option<f32>,
    trace: &mut T,
) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let n1 = segment.normal;
    match outcome {
        Outcome::Nothing => Manifold::empty(n1),
        Outcome::SegmentFace if b.count() == 1 => circle_on_face(pair, segment, margin, trace),
        Outcome::SegmentFace => {
            let reference = Face {
                on_b: false,
                edge: 0,
                next: 1,
                v1: segment.ends[0],
                v2: segment.ends[1],
                normal: n1,
            };
            clipped(pair, segment, reference, margin, gap, trace)
        }
        Outcome::FaceOfB(j) => {
            let reference = Face {
                on_b: true,
                edge: j,
                next: next_index(j, b.count()),
                v1: b.vertex(j),
                v2: b.vertex(next_index(j, b.count())),
                normal: b.normal(j),
            };
            clipped(pair, segment, reference, margin, gap, trace)
        }
        Outcome::Vertex(end) => {
            let vertex = segment.ends[end.index()];
            let near = closest(vertex, vertex, b);
            let normal = try_normalize(near.point_b - vertex).unwrap_or(n1);
            let separation = near.distance - a.radius() - b.radius();
            let surface_a = vertex + normal * a.radius();
            let surface_b = near.point_b - normal * b.radius();
            let incident = match near.feature {
                FeatureOfB::Vertex(i) => i,
                FeatureOfB::Face(j) => j,
            };
            let circle = b.count() == 1;
            if circle {
                trace.step(|| ManifoldStep::CircleCore {
                    centre: near.point_b,
                    face: Face {
                        on_b: false,
                        edge: 0,
                        next: 1,
                        v1: segment.ends[0],
                        v2: segment.ends[1],
                        normal: n1,
                    },
                    face_separation: n1.dot(near.point_b - segment.ends[0]),
                    region: CircleRegion::Vertex(end.index()),
                    core_point: vertex,
                    separation,
                });
            } else {
                trace.step(|| ManifoldStep::Corner {
                    reference: vertex,
                    incident: near.point_b,
                    normal,
                    separation,
                });
            }
            let mut m = Manifold::empty(normal);
            if separation <= margin {
                m.push(ManifoldPoint::of_id(
                    (surface_a + surface_b) * 0.5,
                    separation,
                    FeatureId {
                        kind: if circle {
                            FeatureKind::CircleVertex
                        } else {
                            FeatureKind::Corner
                        },
                        reference: end.index() as u8,
                        incident: IncidentFeature::Vertex(incident as u8),
                        flip: false,
                    },
                ));
            }
            m
        }
    }
}

/// A circle against the segment's face: its centre projected onto the face, if it projects
/// within the segment (beyond an end, the neighbour or the vertex holds it; exactly at a flat
/// start, the segment before it does, so the seam gives one point).
fn circle_on_face<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    segment: &SmoothSegment,
    margin: f32,
    trace: &mut T,
) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let n1 = segment.normal;
    let [p1, p2] = segment.ends;
    let centre = b.vertex(0);
    let core = n1.dot(centre - p1);
    let separation = core - a.radius() - b.radius();
    let core_point = centre - n1 * core;
    trace.step(|| ManifoldStep::CircleCore {
        centre,
        face: Face {
            on_b: false,
            edge: 0,
            next: 1,
            v1: p1,
            v2: p2,
            normal: n1,
        },
        face_separation: core,
        region: CircleRegion::Face(0),
        core_point,
        separation,
    });
    let before = segment.tangent.dot(centre - p1);
    let beyond = segment.tangent.dot(centre - p2);
    let mut m = Manifold::empty(n1);
    let flat_start = segment.joints[0] == Joint::Flat;
    if before < 0.0 || beyond > 0.0 || (before == 0.0 && flat_start) {
        if before <= 0.0 && flat_start {
            trace.step(|| {
                ManifoldStep::Chain(ChainStep::Seam {
                    point: centre,
                    end: End::Start,
                })
            });
        } else if beyond > 0.0 && segment.joints[1] == Joint::Flat {
            trace.step(|| {
                ManifoldStep::Chain(ChainStep::Seam {
                    point: centre,
                    end: End::End,
                })
            });
        }
        return m;
    }
    if separation <= margin {
        let surface_a = core_point + n1 * a.radius();
        let surface_b = centre - n1 * b.radius();
        m.push(ManifoldPoint::of_id(
            (surface_a + surface_b) * 0.5,
            separation,
            FeatureId {
                kind: FeatureKind::CircleFace,
                reference: 0,
                incident: IncidentFeature::Vertex(0),
                flip: false,
            },
        ));
    }
    m
}

/// A polygon-like B clipped against `reference` (the segment's face, or B's face with the
/// segment incident), the points the segment clips at a flat joint dropped, and, when the cores
/// are apart (`gap`: the surfaces' separation less a rounding), those deeper than the gap; those
/// within the margin kept.
fn clipped<T: Trace<ManifoldStep>>(
    pair: &PairFrame,
    segment: &SmoothSegment,
    reference: Face,
    margin: f32,
    gap: Option<f32>,
    trace: &mut T,
) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let flip = reference.on_b;
    let band = margin + a.radius() + b.radius();
    trace.step(|| {
        // B's best face: the reference when flipped, else the one of greatest separation (which
        // the rule may not have admitted).
        let (sep_b, edge_b) = if flip {
            (
                face_of_b_separation(pair, segment, reference.edge),
                reference.edge,
            )
        } else {
            (0..b.count())
                .map(|j| (face_of_b_separation(pair, segment, j), j))
                .fold((f32::MIN, 0), |best, x| if x.0 > best.0 { x } else { best })
        };
        let sep_a = core_separation(b, segment.normal, segment.ends[0]) - a.radius() - b.radius();
        ManifoldStep::ReferenceFace {
            sep_a,
            edge_a: 0,
            sep_b,
            edge_b,
            threshold: sep_a,
            hysteresis: false,
            flip,
            // The segment's rule chose the face (its candidates are the trace's chain steps);
            // no swap follows it.
            b_above_threshold: flip,
            swapped: false,
            reference,
            band,
        }
    });
    let mut candidates = clip_face(a, b, reference.edge, flip, margin, trace);
    let mut m = Manifold::empty(if flip {
        -reference.normal
    } else {
        reference.normal
    });
    for c in candidates.iter_mut().flatten() {
        // The segment's side plane at a flat joint (B's face clipped to the segment there), or
        // the segment's own end at a flat joint (the segment clipped to B's face).
        // A point of B exactly over a flat start belongs to the segment before it (which
        // keeps it at its end), so the seam gives one point.
        let at_flat_start = !flip
            && segment.joints[0] == Joint::Flat
            && segment.tangent.dot(c.point - segment.ends[0]) <= 0.0;
        let seam_end = match (flip, c.id.incident) {
            (false, IncidentFeature::SidePlane(s)) => Some(s),
            (true, IncidentFeature::Vertex(v)) if v < 2 => Some(v),
            _ if at_flat_start => Some(0),
            _ => None,
        }
        .filter(|&s| segment.joints[s as usize] == Joint::Flat);
        if let Some(s) = seam_end {
            let end = if s == 0 { End::Start } else { End::End };
            trace.step(|| {
                ManifoldStep::Chain(ChainStep::Seam {
                    point: c.point,
                    end,
                })
            });
            c.kept = false;
        }
        // The cores apart by `gap`: a point deeper than that is B's core behind the segment's
        // line beyond the segment's reach, not a contact (a body inside the chain's solid,
        // touching no face).
        if let Some(gap) = gap
            && c.kept
            && c.separation < gap
        {
            trace.step(|| {
                ManifoldStep::Chain(ChainStep::Deeper {
                    point: c.point,
                    separation: c.separation,
                    gap,
                })
            });
            c.kept = false;
        }
        if c.kept {
            m.push(c.point());
        }
    }
    trace.step(|| ManifoldStep::Keep {
        candidates: candidates.iter().flatten().copied().collect(),
        margin,
    });
    m
}
