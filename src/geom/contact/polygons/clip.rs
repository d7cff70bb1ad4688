//! Steps 5 and 6 of the polygon manifold: the incident face clipped against the reference
//! face's two side planes (Sutherland–Hodgman on a segment, twice), and the clipped points
//! within the margin kept, each midway between the two surfaces.

use crate::geom::contact::types::{
    Candidate, ClipVertex, Face, FeatureId, FeatureKind, IncidentFeature, Manifold,
    ManifoldOptions, ManifoldPoint, ManifoldStep, clip_vertex_pair,
};
use crate::geom::frame::pair_scale;
use crate::geom::math::{left_perp, next_index};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

use super::corners::{CornerPair, closest_cores};
use super::faces::{FaceChoice, face_of, hysteresis_slop, incident_edge, radii};

/// At most two points: what is left of a segment after clipping (no allocation).
#[derive(Clone, Copy, Debug)]
pub struct Clipped {
    points: [ClipVertex; 2],
    count: usize,
}

impl Clipped {
    /// The points `first` and then `second`, those that are there.
    fn of(first: Option<ClipVertex>, second: Option<ClipVertex>) -> Clipped {
        match (first, second) {
            (Some(p), Some(q)) => Clipped {
                points: [p, q],
                count: 2,
            },
            (Some(p), None) | (None, Some(p)) => Clipped {
                points: [p, p],
                count: 1,
            },
            (None, None) => Clipped {
                points: [ClipVertex {
                    point: Vec2::ZERO,
                    feature: IncidentFeature::Vertex(0),
                }; 2],
                count: 0,
            },
        }
    }

    /// The first point and the second, those that are there.
    fn points(&self) -> [Option<ClipVertex>; 2] {
        [
            (self.count > 0).then_some(self.points[0]),
            (self.count > 1).then_some(self.points[1]),
        ]
    }

    /// The points, in order (for the trace).
    fn to_vec(self) -> Vec<ClipVertex> {
        self.points[..self.count].to_vec()
    }
}

/// Clips a segment against the plane `normal · p = offset`, keeping the side
/// `normal · p <= offset` ([`clip_pair`]); a segment of fewer than two points clips to nothing.
fn clip_segment(input: &Clipped, normal: Vec2, offset: f32, side: u8) -> Clipped {
    if input.count < 2 {
        return Clipped::of(None, None);
    }
    let [v0, v1] = input.points;
    match clip_pair((v0, v1), normal, offset, side) {
        Some((first, second)) => Clipped::of(Some(first), second),
        None => Clipped::of(None, None),
    }
}

/// A segment of two points clipped against the plane `normal · p = offset`: the points on the
/// side `normal · p <= offset`, the ends kept in order and then the crossing, made by side
/// plane `side`; `None` when nothing is left.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn clip_pair(
    (v0, v1): (ClipVertex, ClipVertex),
    normal: Vec2,
    offset: f32,
    side: u8,
) -> Option<(ClipVertex, Option<ClipVertex>)> {
    let d0 = normal.dot(v0.point) - offset;
    let d1 = normal.dot(v1.point) - offset;
    let crossing = || ClipVertex {
        point: v0.point + (v1.point - v0.point) * (d0 / (d0 - d1)),
        feature: IncidentFeature::SidePlane(side),
    };
    let cut = d0 * d1 < 0.0;
    match (d0 <= 0.0, d1 <= 0.0) {
        (true, true) => Some((v0, Some(v1))),
        (true, false) => Some((v0, cut.then(crossing))),
        (false, true) => Some((v1, cut.then(crossing))),
        (false, false) => None,
    }
}

/// The incident face's two ends as clip vertices, each named by its vertex (`inc_next`: the
/// index of the second).
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn incident_ends(incident: &Face, inc_next: usize) -> (ClipVertex, ClipVertex) {
    (
        ClipVertex {
            point: incident.v1,
            feature: IncidentFeature::Vertex(incident.edge as u8),
        },
        ClipVertex {
            point: incident.v2,
            feature: IncidentFeature::Vertex(inc_next as u8),
        },
    )
}

/// One choice of reference body: its reference face, the other core's incident face, and the
/// incident face clipped against the reference face's two side planes.
#[derive(Clone, Copy, Debug)]
pub struct ClipAttempt {
    /// True when B holds the reference face.
    pub flip: bool,
    /// The reference face.
    pub reference: Face,
    /// The incident face.
    pub incident: Face,
    /// The incident face as a segment, before clipping.
    input: Clipped,
    /// After the plane through `reference.v1`.
    side0: Clipped,
    /// After both planes.
    side1: Clipped,
    /// The reference face's offset along its normal, through each of its ends.
    offsets: [f32; 2],
    /// A few roundings of the face's coordinates: a separation read within this of zero is
    /// read again from the face's other end.
    rounding: f32,
}

impl ClipAttempt {
    /// Reference face `ref_edge` of `ref_shape`; incident face (step 3) and clipping on
    /// `inc_shape`.
    pub fn new(ref_shape: &Placed, inc_shape: &Placed, ref_edge: usize, flip: bool) -> ClipAttempt {
        let inc_edge = incident_edge(inc_shape, ref_shape.normal(ref_edge));
        let reference = face_of(ref_shape, ref_edge, flip);
        let incident = face_of(inc_shape, inc_edge, !flip);
        ClipAttempt::of_faces(
            reference,
            incident,
            next_index(inc_edge, inc_shape.count()),
            flip,
        )
    }

    /// Both faces already placed (`inc_next`: the index of the incident face's second vertex):
    /// the incident face clipped by the plane through the reference face's first end (normal
    /// −tangent), then by the plane through its second.
    pub fn of_faces(reference: Face, incident: Face, inc_next: usize, flip: bool) -> ClipAttempt {
        let (first, second) = incident_ends(&incident, inc_next);
        let input = Clipped::of(Some(first), Some(second));
        let tangent = left_perp(reference.normal);
        let (t1, t2) = (tangent.dot(reference.v1), tangent.dot(reference.v2));
        let side0 = clip_segment(&input, -tangent, -t1, 0);
        let side1 = clip_segment(&side0, tangent, t2, 1);
        let offsets = [
            reference.normal.dot(reference.v1),
            reference.normal.dot(reference.v2),
        ];
        ClipAttempt {
            offsets,
            // The face's ends' coordinates along the tangent and the normal bound its size.
            rounding: 8.0 * f32::EPSILON * (t1.abs() + t2.abs() + offsets[0].abs()),
            flip,
            reference,
            incident,
            input,
            side0,
            side1,
        }
    }

    /// A point of the incident core tested against the reference face: its separation (less
    /// both radii, `radii`: the reference's and the incident core's), its contact point midway
    /// between the surfaces, kept or not.
    pub fn candidate(
        &self,
        point: Vec2,
        feature: IncidentFeature,
        radii: (f32, f32),
        margin: f32,
    ) -> Candidate {
        let (ref_radius, inc_radius) = radii;
        let normal = self.reference.normal;
        let core_sep = core_separation(normal.dot(point), self.offsets, self.rounding);
        let separation = core_sep - ref_radius - inc_radius;
        Candidate {
            point,
            position: point + normal * (0.5 * (ref_radius - inc_radius - core_sep)),
            separation,
            kept: separation <= margin,
            id: FeatureId {
                kind: FeatureKind::Clip,
                reference: self.reference.edge as u8,
                incident: feature,
                flip: self.flip,
            },
            vertices: clip_vertex_pair(&self.reference, &self.incident, feature, self.flip),
        }
    }

    /// The clipped points as candidates, in order (none, one or two).
    pub fn candidates(&self, radii: (f32, f32), margin: f32) -> [Option<Candidate>; 2] {
        self.side1
            .points()
            .map(|v| v.map(|v| self.candidate(v.point, v.feature, radii, margin)))
    }
}

/// A point's separation from the reference face's line, given `along`, its coordinate along
/// the face normal, and the face's `offsets` through each end. Measured from the face's first
/// end; a reading within `rounding` of zero is measured from the other end too, and the one
/// nearer zero taken: a point exactly on an end reads exactly 0 from that end, where the
/// products through the far end round.
pub fn core_separation(along: f32, offsets: [f32; 2], rounding: f32) -> f32 {
    let from_v1 = along - offsets[0];
    if from_v1.abs() <= rounding {
        nearer_zero(from_v1, along - offsets[1])
    } else {
        from_v1
    }
}

/// Of two readings of one distance, the one nearer zero.
pub fn nearer_zero(x: f32, y: f32) -> f32 {
    if x.abs() <= y.abs() { x } else { y }
}

/// The trace of a clip: the incident face, then the incident face clipped against each side
/// plane of the reference face.
fn trace_clip(clip: &ClipAttempt, trace: &mut impl Trace<ManifoldStep>) {
    trace.step(|| ManifoldStep::IncidentFace(clip.incident));
    let tangent = left_perp(clip.reference.normal);
    // Each point's distance from a side plane, in `clip_pair`'s own formula and operands
    // (`ClipAttempt::of_faces` passes `(-tangent, -tangent · v1)` and `(tangent, tangent · v2)`).
    let distances = |input: &Clipped, normal: Vec2, offset: f32| -> Vec<f32> {
        input
            .to_vec()
            .iter()
            .map(|v| normal.dot(v.point) - offset)
            .collect()
    };
    trace.step(|| ManifoldStep::ClipSide {
        side: 0,
        plane_point: clip.reference.v1,
        plane_normal: -tangent,
        input: clip.input.to_vec(),
        distances: distances(&clip.input, -tangent, -tangent.dot(clip.reference.v1)),
        output: clip.side0.to_vec(),
    });
    trace.step(|| ManifoldStep::ClipSide {
        side: 1,
        plane_point: clip.reference.v2,
        plane_normal: tangent,
        input: clip.side0.to_vec(),
        distances: distances(&clip.side0, tangent, tangent.dot(clip.reference.v2)),
        output: clip.side1.to_vec(),
    });
}

/// The trace of steps 5 and 6 for `clip`: its reference face (`reference_step`), the clipping,
/// and the candidates kept or dropped (`extra`: the deepest vertex in the slab, when it stood
/// in).
pub fn trace_clip_and_keep(
    reference_step: impl FnOnce() -> ManifoldStep,
    clip: &ClipAttempt,
    candidates: &[Option<Candidate>; 2],
    extra: Option<Candidate>,
    margin: f32,
    trace: &mut impl Trace<ManifoldStep>,
) {
    trace.step(reference_step);
    trace_clip(clip, trace);
    trace.step(|| ManifoldStep::Keep {
        candidates: candidates.iter().flatten().copied().chain(extra).collect(),
        margin,
    });
}

/// The manifold of the kept candidates, with the normal of `clip`'s reference face from A to B.
pub fn kept(clip: &ClipAttempt, candidates: &[Option<Candidate>; 2]) -> Manifold {
    let normal = clip.reference.normal;
    let mut m = Manifold::empty(if clip.flip { -normal } else { normal });
    for c in candidates.iter().flatten().filter(|c| c.kept) {
        m.push(c.point());
    }
    m
}

/// True when at least one candidate is kept.
pub fn keeps_any(candidates: &[Option<Candidate>; 2]) -> bool {
    candidates.iter().flatten().any(|c| c.kept)
}

/// The clip attempt with B's best face as the reference (`flip`) or A's.
fn attempt(choice: &FaceChoice, a: &Placed, b: &Placed, flip: bool) -> ClipAttempt {
    let (ref_shape, inc_shape, ref_edge) = choice.roles(a, b, flip);
    ClipAttempt::new(ref_shape, inc_shape, ref_edge, flip)
}

/// Steps 5 and 6 of [`super::general`]: clip, keep; if nothing is kept, the other body's face,
/// the deepest vertex in the slab, or GJK's closest points.
pub fn clip_and_keep<T: Trace<ManifoldStep>>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    choice: &FaceChoice,
    trace: &mut T,
) -> Manifold {
    let margin = options.speculative_margin;
    let FaceChoice {
        faces: [(sep_a, _), (sep_b, _)],
        separation,
        preferred,
        ..
    } = *choice;
    let mut clip = attempt(choice, a, b, preferred);
    let mut swapped = false;

    // 5. Clip. When the preferred reference face clips the incident face to nothing within the
    //    margin (a short face, with the contact beyond its end), the other body's best face is
    //    the reference instead: its points lie where the shapes really touch.
    //    That face must still be a valid normal: its separation within the hysteresis band of
    //    the best. A face far deeper (the other body's edge across an exactly touching corner)
    //    would carry a normal along which the shapes overlap; then the deepest-vertex point
    //    below stands instead.
    let mut rad = radii(a, b, clip.flip);
    let mut candidates = clip.candidates(rad, margin);
    let other_sep = if preferred { sep_a } else { sep_b };
    let rounding = SWAP_ROUNDINGS * f32::EPSILON * pair_scale(a, b);
    let band = 0.02 * separation.abs() + hysteresis_slop(a, b) + rounding;
    let other_valid = other_sep >= separation - band;
    if !keeps_any(&candidates) && other_valid {
        let other = attempt(choice, a, b, !preferred);
        let other_rad = radii(a, b, other.flip);
        let other_candidates = other.candidates(other_rad, margin);
        if keeps_any(&other_candidates) {
            (clip, rad, candidates, swapped) = (other, other_rad, other_candidates, true);
        }
    }

    // 6. Keep the points within the margin, each midway between the surfaces.
    let mut m = kept(&clip, &candidates);
    // Deep in, the incident face can lie wholly beyond a side plane although the shapes overlap:
    // then keep the incident core's deepest vertex among those between the side planes (so the
    // point lies on both surfaces), if it is within the margin.
    let fallback = if m.is_empty() {
        let inc_shape = if clip.flip { a } else { b };
        deepest_in_slab(inc_shape, &clip.reference)
            .map(|(i, v)| {
                let c = clip.candidate(v, IncidentFeature::Vertex(i as u8), rad, margin);
                Candidate {
                    vertices: slab_vertex_pair(&clip.reference, i, v, clip.flip),
                    ..c
                }
            })
            .filter(|c| c.kept)
    } else {
        None
    };
    if let Some(c) = fallback {
        m.push(c.point());
    }
    let reference_step = || {
        let band = margin + a.radius() + b.radius();
        choice.step(clip.reference, clip.flip, swapped, options, band)
    };
    trace_clip_and_keep(reference_step, &clip, &candidates, fallback, margin, trace);

    // Cores apart, their closest features neither a face nor two corners the faces found (a
    // tiny polygon in a big rounded one's corner, beyond the side planes of every face tried):
    // the cores' closest points, by GJK, give the one point.
    if m.is_empty()
        && separation > 0.0
        && let Some(corner) = closest_cores(a, b)
        && corner.separation <= margin
    {
        trace.step(|| corner.step());
        let CornerPair {
            reference: pa,
            incident: pb,
            normal,
            separation: sep,
            id,
        } = corner;
        m = Manifold::empty(normal);
        let (c1, c2) = (pa + normal * a.radius(), pb - normal * b.radius());
        m.push(ManifoldPoint::of_id((c1 + c2) * 0.5, sep, id));
    }
    m
}

/// How many roundings of the pair's coordinates two face separations may differ by, beyond the
/// hysteresis band, and the other face still be a valid reference (a tiny box on a huge one:
/// the huge box's corners, hundreds of units out, are resolved to 6e-5).
const SWAP_ROUNDINGS: f32 = 8.0;

/// The vertex pair `[A's, B's]` of the deepest vertex in the slab (incident vertex `index` at
/// `point`): it and the reference face's end nearer to it along the face.
fn slab_vertex_pair(reference: &Face, index: usize, point: Vec2, flip: bool) -> [u8; 2] {
    let tangent = left_perp(reference.normal);
    let (lo, hi) = (tangent.dot(reference.v1), tangent.dot(reference.v2));
    let along = tangent.dot(point);
    let end = if along - lo <= hi - along {
        reference.edge
    } else {
        reference.next
    };
    if flip {
        [index as u8, end as u8]
    } else {
        [end as u8, index as u8]
    }
}

/// The vertex of `shape`'s core deepest below the reference face among those between its side
/// planes: `(index, point)`.
fn deepest_in_slab(shape: &Placed, reference: &Face) -> Option<(usize, Vec2)> {
    let tangent = left_perp(reference.normal);
    let (lo, hi) = (tangent.dot(reference.v1), tangent.dot(reference.v2));
    shape
        .vertices()
        .enumerate()
        .filter(|(_, v)| (lo..=hi).contains(&tangent.dot(*v)))
        .min_by(|(_, u), (_, v)| u.dot(reference.normal).total_cmp(&v.dot(reference.normal)))
}

/// Face `edge` of `a` (of `b` when `flip`) as the reference face whatever the separations say:
/// the other core's incident face clipped against its side planes, traced (the incident face,
/// then each side plane), and the clipped points as candidates against `margin` (pair frame).
/// A chain segment's rule clips with it ([`crate::geom::chain`]).
pub fn clip_face<T: Trace<ManifoldStep>>(
    a: &Placed,
    b: &Placed,
    edge: usize,
    flip: bool,
    margin: f32,
    trace: &mut T,
) -> [Option<Candidate>; 2] {
    let (ref_shape, inc_shape) = if flip { (b, a) } else { (a, b) };
    let clip = ClipAttempt::new(ref_shape, inc_shape, edge, flip);
    trace_clip(&clip, trace);
    clip.candidates(radii(a, b, flip), margin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertex(x: f32, y: f32, i: u8) -> ClipVertex {
        ClipVertex {
            point: Vec2::new(x, y),
            feature: IncidentFeature::Vertex(i),
        }
    }

    fn clip_x_below(x0: f32, x1: f32, plane: f32) -> Vec<ClipVertex> {
        let input = Clipped::of(Some(vertex(x0, 0.0, 0)), Some(vertex(x1, 0.0, 1)));
        clip_segment(&input, Vec2::X, plane, 1).to_vec()
    }

    #[test]
    fn clip_segment_keeps_the_ends_in_order_then_the_crossing() {
        // Both ends kept.
        assert_eq!(
            clip_x_below(-1.0, 0.5, 1.0),
            vec![vertex(-1.0, 0.0, 0), vertex(0.5, 0.0, 1)]
        );
        // The first end kept: it, then the crossing at x = 1.
        let crossing = ClipVertex {
            point: Vec2::new(1.0, 0.0),
            feature: IncidentFeature::SidePlane(1),
        };
        assert_eq!(
            clip_x_below(0.0, 2.0, 1.0),
            vec![vertex(0.0, 0.0, 0), crossing]
        );
        // The second end kept: it, then the crossing.
        assert_eq!(
            clip_x_below(2.0, 0.0, 1.0),
            vec![vertex(0.0, 0.0, 1), crossing]
        );
        // An end exactly on the plane is kept and makes no crossing point.
        assert_eq!(clip_x_below(1.0, 3.0, 1.0), vec![vertex(1.0, 0.0, 0)]);
        // Wholly beyond: nothing; and nothing clips to nothing.
        assert!(clip_x_below(2.0, 3.0, 1.0).is_empty());
        let empty = Clipped::of(None, None);
        assert!(clip_segment(&empty, Vec2::X, 1.0, 0).to_vec().is_empty());
    }
}
