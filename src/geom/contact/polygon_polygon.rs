//! Reference face, incident face and clipping: the manifold of two polygon-like cores.
//!
//! A box resting on the ground touches along a whole edge; one point in the middle would let it
//! rock. This finds the two points (seed 000; Box2D's `b2CollidePolygons`):
//!
//! 1. For each core, the face of greatest separation from the other core (SAT restricted to
//!    outward face normals). If either exceeds the margin plus both radii, there is no contact.
//! 2. The reference face is A's, unless B's is clearly better:
//!    `sep_b > sep_a + 0.02 |sep_a| + 0.1 LINEAR_SLOP s` (hysteresis, so near-ties keep their
//!    roles and the feature ids do not churn; `s` is the smaller bounding radius, so the bias
//!    scales with the pair).
//! 3. The incident face: the other core's face most anti-parallel to the reference normal.
//! 4. If the cores are apart and their closest features are two corners (rounded shapes), the
//!    contact is one point on the line between the corners, with that diagonal normal. (The
//!    line must lie in both corners' normal cones, and not be both faces' normal: then the
//!    faces are flat against each other.)
//! 5. Otherwise clip the incident face against the reference face's two side planes
//!    (Sutherland–Hodgman on a segment, twice). If nothing is left within the margin (a short
//!    reference face kept by hysteresis, with the contact beyond its end), the other body's
//!    best face becomes the reference and is clipped instead, if its separation is within the
//!    hysteresis band of the best (so that its normal is still a valid one).
//! 6. Keep the clipped points whose separation from the reference face, less both radii, is at
//!    most the speculative margin; each sits midway between the two surfaces. If none is kept
//!    (deep penetration can clip the whole incident face away), keep the incident core's
//!    deepest vertex between the side planes instead, so the point lies on both surfaces. If
//!    the cores are apart and still nothing is kept, the cores' closest points (GJK) give it.
//!
//! A capsule is a 2-vertex core whose two "faces" are the sides of its segment. Two segments
//! take `segments`: the same steps, each segment placed once, the corners looked at only where
//! they can be closest.

use super::fast;
use super::types::{
    Candidate, ClipVertex, Face, FeatureId, FeatureKind, IncidentFeature, Manifold,
    ManifoldOptions, ManifoldPoint, ManifoldStep,
};
use crate::geom::frame::pair_scale;
use crate::geom::math::{
    LINEAR_SLOP, cross, left_perp, max_finite, min_finite, next_index, prev_index,
    segment_distance, try_normalize,
};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

/// Edge `edge` of `shape`'s core as a face.
#[inline(always)]
pub(super) fn face_of(shape: &Placed, edge: usize, on_b: bool) -> Face {
    let n = shape.count();
    Face {
        on_b,
        edge,
        v1: shape.vertex(edge),
        v2: shape.vertex(next_index(edge, n)),
        normal: shape.normal(edge),
    }
}

/// Greatest separation of `other`'s core from a face of `poly`'s core: `(separation, edge)`,
/// the first face on a tie.
///
/// For face `i` with outward normal `n` through vertex `v_i`, the separation is the smallest
/// `n · (w − v_i)` over the vertices `w` of `other`: how far `other`'s deepest vertex is in front
/// of the face (negative: behind it). The face with the greatest such value is the one `other`
/// is least deep behind; if it is positive, that face's line separates the cores (seed 000's
/// `maxSeparation`). This is the plain double loop, O(n m); `polygons` calls
/// [`fast::max_separation`], which returns the same answer with less work and is tested
/// against this one.
pub fn max_separation(poly: &Placed, other: &Placed) -> (f32, usize) {
    let mut best = (f32::NEG_INFINITY, 0);
    for i in 0..poly.count() {
        let (n, v) = (poly.normal(i), poly.vertex(i));
        let deepest = other
            .vertices()
            .map(|w| n.dot(w - v))
            .fold(f32::INFINITY, f32::min);
        if deepest > best.0 {
            best = (deepest, i);
        }
    }
    best
}

/// Index of the face of `poly` whose normal is most anti-parallel to `normal` (the first on a
/// tie). A symmetric core's face `i + n/2` has the opposite dot product, so half the faces do.
#[inline]
fn incident_edge(poly: &Placed, normal: Vec2) -> usize {
    let local = poly.xf.q.apply_inv(normal);
    let normals = poly.shape.normals();
    let mut best = (f32::INFINITY, 0);
    if poly.shape.symmetric() {
        let half = normals.len() / 2;
        for (i, n) in normals[..half].iter().enumerate() {
            let d = n.dot(local);
            let (d, i) = if d <= 0.0 { (d, i) } else { (-d, i + half) };
            if d < best.0 || (d == best.0 && i < best.1) {
                best = (d, i);
            }
        }
        return best.1;
    }
    for (i, n) in normals.iter().enumerate() {
        let d = n.dot(local);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// Whether the unit direction `d` lies in the normal cone of vertex `i` of `shape`'s core:
/// between the outward normals of the two edges that meet there (a capsule's end: the half-plane
/// beyond it). Only along such a direction can that vertex be the core's closest feature. A
/// direction just outside (by up to 1e-3 rad, where the answers differ by 5e-7 of the distance)
/// counts as inside, so rounding cannot reject a true corner.
fn in_vertex_cone(shape: &Placed, i: usize, d: Vec2) -> bool {
    let n = shape.count();
    let (before, after) = (shape.normal(prev_index(i, n)), shape.normal(i));
    cross(before, d) >= -CONE_SLACK && cross(d, after) >= -CONE_SLACK
}

/// How far (the sine of the angle) a direction may lie outside a vertex's normal cone and still
/// count as inside: 1e-3 rad, where the two answers differ by 5e-7 of the distance. Scale-free:
/// it compares directions.
const CONE_SLACK: f32 = 1.0e-3;

/// At most two points: what is left of a segment after clipping (no allocation).
#[derive(Clone, Copy, Debug)]
struct Clipped {
    points: [ClipVertex; 2],
    count: usize,
}

impl Clipped {
    /// The points `first` and then `second`, those that are there. Built whole, never by
    /// indexing with the count, so that it stays in registers.
    #[inline]
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

    /// The first point, if any.
    #[inline]
    fn first(&self) -> Option<ClipVertex> {
        (self.count > 0).then_some(self.points[0])
    }

    /// The second point, if any.
    #[inline]
    fn second(&self) -> Option<ClipVertex> {
        (self.count > 1).then_some(self.points[1])
    }

    fn to_vec(self) -> Vec<ClipVertex> {
        self.first().into_iter().chain(self.second()).collect()
    }
}

/// Clips a segment against the plane `normal · p = offset`, keeping the side `normal · p <= offset`.
/// A segment clipped by one plane keeps at most two points: the ends on the kept side, in
/// order, then the crossing point.
#[inline]
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

/// One choice of reference body: its reference face, the other core's incident face, and the
/// incident face clipped against the reference face's two side planes.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClipAttempt {
    /// True when B holds the reference face.
    pub(super) flip: bool,
    /// The reference face.
    pub(super) reference: Face,
    /// The incident face.
    pub(super) incident: Face,
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
    /// Reference face `ref_edge` of `ref_shape`; incident face and clipping on `inc_shape`.
    #[inline(always)]
    fn new(ref_shape: &Placed, inc_shape: &Placed, ref_edge: usize, flip: bool) -> ClipAttempt {
        let inc_edge = incident_edge(inc_shape, ref_shape.normal(ref_edge));
        ClipAttempt::with_incident(ref_shape, inc_shape, ref_edge, inc_edge, flip)
    }

    /// As [`ClipAttempt::new`], with the incident face `inc_edge` already found (the fast
    /// paths find it with constant loop bounds).
    #[inline(always)]
    pub(super) fn with_incident(
        ref_shape: &Placed,
        inc_shape: &Placed,
        ref_edge: usize,
        inc_edge: usize,
        flip: bool,
    ) -> ClipAttempt {
        let reference = face_of(ref_shape, ref_edge, flip);
        let incident = face_of(inc_shape, inc_edge, !flip);
        ClipAttempt::of_faces(
            reference,
            incident,
            next_index(inc_edge, inc_shape.count()),
            flip,
        )
    }

    /// As [`ClipAttempt::with_incident`], with both faces already placed (`inc_next`: the
    /// index of the incident face's second vertex).
    #[inline(always)]
    pub(super) fn of_faces(
        reference: Face,
        incident: Face,
        inc_next: usize,
        flip: bool,
    ) -> ClipAttempt {
        let (first, second) = incident_ends(&incident, inc_next);
        let input = Clipped {
            points: [first, second],
            count: 2,
        };
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
    /// both radii), its contact point midway between the surfaces, kept or not.
    #[inline(always)]
    fn candidate(
        &self,
        point: Vec2,
        feature: IncidentFeature,
        radii: (f32, f32),
        margin: f32,
    ) -> Candidate {
        let (ref_radius, inc_radius) = radii;
        let normal = self.reference.normal;
        // Measured from the face's first end; a reading within rounding of zero is measured
        // from the other end too, and the one nearer zero taken: a point exactly on an end reads
        // exactly 0 from that end, where the products through the far end round.
        let along = normal.dot(point);
        let from_v1 = along - self.offsets[0];
        let core_sep = if from_v1.abs() <= self.rounding {
            nearer_zero(from_v1, along - self.offsets[1])
        } else {
            from_v1
        };
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
        }
    }

    /// The clipped points as candidates, in order.
    #[inline(always)]
    pub(super) fn candidates(&self, radii: (f32, f32), margin: f32) -> [Option<Candidate>; 2] {
        let c =
            |cv: Option<ClipVertex>| cv.map(|v| self.candidate(v.point, v.feature, radii, margin));
        [c(self.side1.first()), c(self.side1.second())]
    }
}

/// The trace of a clip: the incident face, then the incident face clipped against each side
/// plane of the reference face.
#[inline(always)]
fn trace_clip(clip: &ClipAttempt, trace: &mut impl Trace<ManifoldStep>) {
    trace.step(|| ManifoldStep::IncidentFace(clip.incident));
    let tangent = left_perp(clip.reference.normal);
    // Each point's distance from a side plane, in `clip_segment`'s own formula and operands
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

/// Of two readings of one distance, the one nearer zero. (Out of line: it is the rare case.)
#[cold]
#[inline(never)]
pub(super) fn nearer_zero(x: f32, y: f32) -> f32 {
    if x.abs() <= y.abs() { x } else { y }
}

/// True when at least one candidate is kept.
#[inline(always)]
pub(super) fn keeps_any(candidates: &[Option<Candidate>; 2]) -> bool {
    candidates.iter().any(|c| c.is_some_and(|c| c.kept))
}

/// The radii of the reference and the incident shape, for `flip`.
#[inline(always)]
pub(super) fn radii(a: &Placed, b: &Placed, flip: bool) -> (f32, f32) {
    if flip {
        (b.radius(), a.radius())
    } else {
        (a.radius(), b.radius())
    }
}

/// The hysteresis bias's absolute part: a tenth of Box2D's linear slop, scaled by the pair's
/// size (the smaller bounding radius), so that a scene scaled by any factor picks the same
/// reference face. For shapes about a unit across it is Box2D's `0.1 * LINEAR_SLOP`.
#[inline]
pub fn hysteresis_slop(a: &Placed, b: &Placed) -> f32 {
    0.1 * LINEAR_SLOP * min_finite(a.shape.bounding_radius(), b.shape.bounding_radius())
}

/// Face `edge` of `a` (of `b` when `flip`) as the reference face whatever the separations say:
/// the other core's incident face clipped against its side planes, traced (the incident face,
/// then each side plane), and the clipped points as candidates against `margin` (pair frame).
/// A chain segment's rule clips with it ([`crate::geom::chain`]).
pub(crate) fn clip_face<T: Trace<ManifoldStep>>(
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

/// The manifold of two polygon-like cores (each with at least two vertices), in one frame.
/// Two segments take `segments` first, the steps below with what segments allow.
// Always inlined into `collide`, its one caller, so that the manifold is built in place.
#[inline(always)]
pub fn polygons(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    if a.count() == 2 && b.count() == 2 {
        let m = segments(a, b, options, trace);
        if !m.is_declined() {
            return m;
        }
    }
    general(a, b, options, trace)
}

/// Steps 1 to 6 for any two polygon-like cores.
#[inline(always)]
fn general<T: Trace<ManifoldStep>>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut T,
) -> Manifold {
    // 1. Each core's face of greatest separation.
    let faces = [fast::max_separation(a, b), fast::max_separation(b, a)];
    general_from(a, b, options, faces, trace)
}

/// Steps 2 to 6 for any two polygon-like cores, given step 1's answer: each core's face of
/// greatest separation from the other, `(separation, edge)` for A and for B. The fast path for
/// small cores calls it with step 1 unrolled for their counts
/// ([`fast::max_separation_counts`]), untraced.
#[inline(always)]
pub(super) fn general_from<T: Trace<ManifoldStep>>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    faces: [(f32, usize); 2],
    trace: &mut T,
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();

    // 2. The reference face, with hysteresis.
    let choice = FaceChoice::new(a, b, faces, options);
    let FaceChoice {
        faces: [(_, edge_a), (_, edge_b)],
        separation,
        preferred,
        ..
    } = choice;
    let reference_step = || choice.reference_step(a, b, options, false);
    if separation - radius > margin {
        trace.step(reference_step);
        trace.step(|| ManifoldStep::Apart {
            separation: separation - radius,
            margin,
        });
        return Manifold::empty(if preferred {
            -b.normal(edge_b)
        } else {
            a.normal(edge_a)
        });
    }
    // 3. The incident face: the other core's face most anti-parallel to the reference normal.
    //    (`ClipAttempt::new` finds it too, for each choice of reference, and clips it.)
    let (ref_shape, inc_shape, ref_edge) = if preferred {
        (b, a, edge_b)
    } else {
        (a, b, edge_a)
    };
    let inc_edge = incident_edge(inc_shape, ref_shape.normal(ref_edge));
    let reference = face_of(ref_shape, ref_edge, preferred);
    let incident = face_of(inc_shape, inc_edge, !preferred);

    // 4. Cores apart: two corners closest gives one point on the diagonal. The face normals of
    //    both cores are the edge normals of their Minkowski difference, so the face separation
    //    is exact and the cores are apart only when it is positive, with one exception: two
    //    parallel segments (capsules end to end), whose difference is flat along their common
    //    direction, which no face normal crosses. For them the corners are always looked at.
    //    Apart, they are looked at only when the incident end nearer the reference line lies
    //    beyond the side planes (`nearer_end_beyond_sides`).
    if (parallel_segments(a, b)
        || (separation > 0.0 && nearer_end_beyond_sides(&reference, &incident)))
        && let Some(corner) = rare_corner(a, b, preferred, reference, incident)
    {
        trace.step(reference_step);
        trace.step(|| ManifoldStep::IncidentFace(incident));
        let CornerPair {
            reference: sd_ref,
            incident: sd_inc,
            normal,
            separation: sep,
            id: _,
        } = corner;
        trace.step(|| ManifoldStep::Corner {
            reference: sd_ref,
            incident: sd_inc,
            normal,
            separation: sep,
        });
        if sep > margin {
            trace.step(|| ManifoldStep::Apart {
                separation: sep,
                margin,
            });
        }
        return corner_manifold(a, b, preferred, &corner, margin);
    }

    // 5–6 untraced, in registers (`clip_faces`, the arithmetic of `ClipAttempt`'s): when a
    //    point is kept, that is the manifold; when none is, the steps as written decide
    //    (`clip_and_keep`), as they do traced.
    if !T::ENABLED {
        let m = clip_faces(
            &reference,
            &incident,
            next_index(inc_edge, inc_shape.count()),
            preferred,
            radii(a, b, preferred),
            margin,
        );
        if !m.is_declined() {
            return m;
        }
    }
    clip_and_keep(a, b, options, &choice, trace)
}

/// What steps 1 and 2 decided (of [`general_from`], [`segments`] and the fast path for boxes):
/// each core's best face, `(separation, edge)` for A and for B, the greater separation, the
/// hysteresis threshold B's had to pass, and whether it did (B's face is the reference).
#[derive(Clone, Copy, Debug)]
pub(super) struct FaceChoice {
    pub faces: [(f32, usize); 2],
    pub separation: f32,
    pub threshold: f32,
    pub preferred: bool,
}

impl FaceChoice {
    /// Step 2 from step 1's `faces`: B's face is the reference when its separation passes A's
    /// by the hysteresis bias `0.02 |sep_a| + hysteresis_slop` (or at all, without hysteresis).
    #[inline(always)]
    pub fn new(
        a: &Placed,
        b: &Placed,
        faces: [(f32, usize); 2],
        options: &ManifoldOptions,
    ) -> FaceChoice {
        let [(sep_a, _), (sep_b, _)] = faces;
        let threshold = if options.hysteresis {
            sep_a + 0.02 * sep_a.abs() + hysteresis_slop(a, b)
        } else {
            sep_a
        };
        FaceChoice {
            faces,
            separation: max_finite(sep_a, sep_b),
            threshold,
            preferred: sep_b > threshold,
        }
    }

    /// The clip attempt with B's best face as the reference (`flip`) or A's.
    fn attempt(&self, a: &Placed, b: &Placed, flip: bool) -> ClipAttempt {
        let [(_, edge_a), (_, edge_b)] = self.faces;
        if flip {
            ClipAttempt::new(b, a, edge_b, true)
        } else {
            ClipAttempt::new(a, b, edge_a, false)
        }
    }

    /// The trace's reference-face step, with the preferred face's clip attempt (or the other
    /// one's, `swapped`).
    fn reference_step(
        &self,
        a: &Placed,
        b: &Placed,
        options: &ManifoldOptions,
        swapped: bool,
    ) -> ManifoldStep {
        let clip = self.attempt(a, b, self.preferred != swapped);
        self.step_for(&clip, a, b, options, swapped)
    }

    /// The trace's reference-face step for `clip`.
    fn step_for(
        &self,
        clip: &ClipAttempt,
        a: &Placed,
        b: &Placed,
        options: &ManifoldOptions,
        swapped: bool,
    ) -> ManifoldStep {
        let band = options.speculative_margin + a.radius() + b.radius();
        self.step(clip.reference, clip.flip, swapped, options, band)
    }

    /// The trace's reference-face step: `reference` (B's face when `flip`), the other body's
    /// when `swapped`, and the band the clipped points are kept in (margin plus both radii).
    fn step(
        &self,
        reference: Face,
        flip: bool,
        swapped: bool,
        options: &ManifoldOptions,
        band: f32,
    ) -> ManifoldStep {
        let [(sep_a, edge_a), (sep_b, edge_b)] = self.faces;
        ManifoldStep::ReferenceFace {
            sep_a,
            edge_a,
            sep_b,
            edge_b,
            threshold: self.threshold,
            hysteresis: options.hysteresis,
            flip,
            swapped,
            reference,
            band,
        }
    }
}

/// Steps 5 and 6 of [`general_from`] as written (clip, keep; the other body's face, the
/// deepest vertex in the slab, GJK's closest points), traced. Untraced, they run only when
/// clipping in registers kept no point: rare, so out of line, where they cost the common path
/// nothing.
#[inline(never)]
fn clip_and_keep<T: Trace<ManifoldStep>>(
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
    let attempt = |flip: bool| choice.attempt(a, b, flip);
    let mut clip = attempt(preferred);
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
        let other = attempt(!preferred);
        let other_rad = radii(a, b, other.flip);
        let other_candidates = other.candidates(other_rad, margin);
        if keeps_any(&other_candidates) {
            (clip, rad, candidates, swapped) = (other, other_rad, other_candidates, true);
        }
    }
    let flip = clip.flip;
    trace.step(|| choice.step_for(&clip, a, b, options, swapped));
    trace_clip(&clip, trace);

    // 6. Keep the points within the margin, each midway between the surfaces.
    let mut m = Manifold::empty(if flip {
        -clip.reference.normal
    } else {
        clip.reference.normal
    });
    for c in candidates.iter().flatten() {
        if c.kept {
            m.push(c.point());
        }
    }
    // Deep in, the incident face can lie wholly beyond a side plane although the shapes overlap:
    // then keep the incident core's deepest vertex among those between the side planes (so the
    // point lies on both surfaces), if it is within the margin.
    let fallback = if m.is_empty() {
        let inc_shape = if flip { a } else { b };
        deepest_in_slab(inc_shape, &clip.reference)
            .map(|(i, v)| clip.candidate(v, IncidentFeature::Vertex(i as u8), rad, margin))
            .filter(|c| c.kept)
    } else {
        None
    };
    if let Some(c) = fallback {
        m.push(c.point());
    }
    trace.step(|| ManifoldStep::Keep {
        candidates: candidates
            .iter()
            .flatten()
            .copied()
            .chain(fallback)
            .collect(),
        margin,
    });
    // Cores apart, their closest features neither a face nor two corners the faces found (a
    // tiny polygon in a big rounded one's corner, beyond the side planes of every face tried):
    // the cores' closest points, by GJK, give the one point.
    if m.is_empty()
        && separation > 0.0
        && let Some(CornerPair {
            reference: pa,
            incident: pb,
            normal,
            separation: sep,
            id,
        }) = closest_cores(a, b)
        && sep <= margin
    {
        trace.step(|| ManifoldStep::Corner {
            reference: pa,
            incident: pb,
            normal,
            separation: sep,
        });
        m = Manifold::empty(normal);
        let (c1, c2) = (pa + normal * a.radius(), pb - normal * b.radius());
        m.push(ManifoldPoint {
            position: (c1 + c2) * 0.5,
            separation: sep,
            id,
        });
    }
    m
}

/// Two segment cores (capsules, chain links): the steps of [`polygons`], with what two
/// segments allow. Each segment is placed once (its two ends and its face-0 normal; face 1 runs
/// back from the second end with the opposite normal), and every step reads those numbers:
///
/// 1. A face's separation is the other segment's deeper end in front of it; face 0 passes
///    through the first end, face 1 through the second.
/// 2. The reference face by the same hysteresis as [`polygons`].
/// 3. The incident face: the other segment's side facing the reference normal (face 0 when
///    its normal is anti-parallel or square to it, as `incident_edge` decides).
/// 4. Two corners closest ([`corner`]), looked at only where they can be: for parallel
///    segments, and for segments apart whose incident end nearer the reference line lies
///    beyond the reference face's side planes. (Apart, an incident end between the side planes
///    is the incident core's closest point, at the face separation: the face is right.)
/// 5. Clip the incident face against the reference face's side planes, and
/// 6. keep the points within the margin, as in [`polygons`] (in registers, [`clip_faces`]).
///
/// [`Manifold::declined`] when nothing is kept after clipping: then [`polygons`]' general
/// steps answer (the other face as the reference, the deepest end in the slab, GJK). Nothing is
/// traced before the answer is known, so a traced and an untraced call decide alike; the
/// untraced fast path ([`super::fast_pairs`]) is this same function.
#[inline(always)]
pub(super) fn segments<T: Trace<ManifoldStep>>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut T,
) -> Manifold {
    let (sa, sb) = (Segment::of(a), Segment::of(b));

    // 1. Each segment's face of greatest separation, the first on a tie.
    let faces = [sa.best_face(&sb), sb.best_face(&sa)];

    // 2. The reference face, with hysteresis.
    let choice = FaceChoice::new(a, b, faces, options);
    // The rest once for each reference body, so that neither copy picks its numbers at run
    // time.
    if choice.preferred {
        segments_with::<true, T>(b, a, &sb, &sa, &choice, options, trace)
    } else {
        segments_with::<false, T>(a, b, &sa, &sb, &choice, options, trace)
    }
}

/// A segment core placed: its two ends and its face-0 normal.
#[derive(Clone, Copy)]
struct Segment {
    v0: Vec2,
    v1: Vec2,
    n: Vec2,
}

impl Segment {
    #[inline(always)]
    fn of(p: &Placed) -> Segment {
        Segment {
            v0: p.vertex(0),
            v1: p.vertex(1),
            n: p.normal(0),
        }
    }

    /// Face `edge`: face 0 from the first end to the second, face 1 back, opposite normal.
    #[inline(always)]
    fn face(&self, on_b: bool, edge: usize) -> Face {
        let (v1, v2, normal) = if edge == 0 {
            (self.v0, self.v1, self.n)
        } else {
            (self.v1, self.v0, -self.n)
        };
        Face {
            on_b,
            edge,
            v1,
            v2,
            normal,
        }
    }

    /// The face of greatest separation of `other` (its deeper end in front of the face), and
    /// that separation; face 0 on a tie.
    #[inline(always)]
    fn best_face(&self, other: &Segment) -> (f32, usize) {
        // Plain comparisons: the inputs are finite.
        let (p, q) = (self.n.dot(other.v0), self.n.dot(other.v1));
        let (lo, hi) = (min_finite(p, q), max_finite(p, q));
        let front = lo - self.n.dot(self.v0);
        let back = self.n.dot(self.v1) - hi;
        if back > front { (back, 1) } else { (front, 0) }
    }
}

/// Steps 3 to 6 of [`segments`] with `rs` (on `ref_shape`) holding the reference face: B's
/// when `FLIP`.
#[inline(always)]
fn segments_with<const FLIP: bool, T: Trace<ManifoldStep>>(
    ref_shape: &Placed,
    inc_shape: &Placed,
    rs: &Segment,
    is: &Segment,
    choice: &FaceChoice,
    options: &ManifoldOptions,
    trace: &mut T,
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = ref_shape.radius() + inc_shape.radius();
    let (a, b) = if FLIP {
        (inc_shape, ref_shape)
    } else {
        (ref_shape, inc_shape)
    };
    let separation = choice.separation;
    let [(_, edge_a), (_, edge_b)] = choice.faces;
    let reference = rs.face(FLIP, if FLIP { edge_b } else { edge_a });

    // 3. The incident face.
    let inc_edge = if is.n.dot(reference.normal) <= 0.0 {
        0
    } else {
        1
    };
    let incident = is.face(!FLIP, inc_edge);
    let reference_step = || choice.step(reference, FLIP, false, options, margin + radius);
    if separation - radius > margin {
        trace.step(reference_step);
        trace.step(|| ManifoldStep::Apart {
            separation: separation - radius,
            margin,
        });
        return Manifold::empty(if FLIP {
            -reference.normal
        } else {
            reference.normal
        });
    }

    // 4. Two corners closest (segments apart, or parallel: see `polygons`). Apart, the
    //    incident end nearer the reference face's line that lies between its side planes is
    //    the closest point of the incident core, at the face separation (nothing of the
    //    incident segment lies nearer that line): then the face is right and the corners are
    //    not looked at.
    if (cross(rs.n, is.n).abs() <= PARALLEL_SINE
        || (separation > 0.0 && nearer_end_beyond_sides(&reference, &incident)))
        && let Some(corner) = rare_corner(a, b, FLIP, reference, incident)
    {
        trace.step(reference_step);
        trace.step(|| ManifoldStep::IncidentFace(incident));
        trace.step(|| ManifoldStep::Corner {
            reference: corner.reference,
            incident: corner.incident,
            normal: corner.normal,
            separation: corner.separation,
        });
        if corner.separation > margin {
            trace.step(|| ManifoldStep::Apart {
                separation: corner.separation,
                margin,
            });
        }
        return corner_manifold(a, b, FLIP, &corner, margin);
    }

    // 5–6. Clip, and keep the points within the margin (the trace's record of it is the
    //    same arithmetic, step by step).
    let rad = (ref_shape.radius(), inc_shape.radius());
    let m = clip_faces(&reference, &incident, 1 - inc_edge, FLIP, rad, margin);
    if T::ENABLED && !m.is_declined() {
        let clip = ClipAttempt::of_faces(reference, incident, 1 - inc_edge, FLIP);
        trace.step(reference_step);
        trace_clip(&clip, trace);
        trace.step(|| ManifoldStep::Keep {
            candidates: clip
                .candidates(rad, margin)
                .iter()
                .flatten()
                .copied()
                .collect(),
            margin,
        });
    }
    m
}

/// Whether the incident face's end nearer the reference face's line lies beyond the reference
/// face's side planes. That end is the incident core's deepest point along the reference normal
/// (the incident face is the one most anti-parallel to it); when the cores are apart and it lies
/// between the side planes, it is the incident core's closest point, at the face separation, so
/// two corners cannot be the closest features and [`corner`] need not be asked.
#[inline(always)]
fn nearer_end_beyond_sides(reference: &Face, incident: &Face) -> bool {
    let tangent = left_perp(reference.normal);
    let nearer = if reference.normal.dot(incident.v1) <= reference.normal.dot(incident.v2) {
        incident.v1
    } else {
        incident.v2
    };
    let along = tangent.dot(nearer);
    along < tangent.dot(reference.v1) || along > tangent.dot(reference.v2)
}

/// [`corner`] out of line, where it is rare: the faces it needs are then written out only on
/// its way.
#[cold]
#[inline(never)]
fn rare_corner(
    a: &Placed,
    b: &Placed,
    flip: bool,
    reference: Face,
    incident: Face,
) -> Option<CornerPair> {
    corner(a, b, flip, &reference, &incident)
}

/// Steps 5 and 6 in registers: the incident face clipped against the reference face's side
/// planes and the clipped points within the margin, each midway between the surfaces — what
/// [`ClipAttempt::of_faces`] and its [`ClipAttempt::candidates`] give, bit for bit, without
/// keeping the steps for a trace (`radii`: the reference's and the incident core's). The
/// manifold's normal runs from A to B; [`Manifold::declined`] when no point is kept.
#[inline(always)]
pub(super) fn clip_faces(
    reference: &Face,
    incident: &Face,
    inc_next: usize,
    flip: bool,
    radii: (f32, f32),
    margin: f32,
) -> Manifold {
    // Clip the incident face against the reference face's side planes, as `ClipAttempt`
    //    does: the plane through its first end (normal −tangent), then through its second.
    let normal = reference.normal;
    let tangent = left_perp(normal);
    let (t1, t2) = (tangent.dot(reference.v1), tangent.dot(reference.v2));
    let ends = incident_ends(incident, inc_next);
    let Some((p, Some(q))) = clip_pair(ends, -tangent, -t1, 0) else {
        return Manifold::declined();
    };
    let Some((first, second)) = clip_pair((p, q), tangent, t2, 1) else {
        return Manifold::declined();
    };

    // The clipped points within the margin, each midway between the surfaces (the readable
    //    `ClipAttempt::candidate`'s arithmetic).
    let offsets = [normal.dot(reference.v1), normal.dot(reference.v2)];
    let rounding = 8.0 * f32::EPSILON * (t1.abs() + t2.abs() + offsets[0].abs());
    let (ref_radius, inc_radius) = radii;
    // A function, not a closure: called twice, a closure was left out of line.
    #[inline(always)]
    fn clip_point(
        v: ClipVertex,
        normal: Vec2,
        offsets: [f32; 2],
        rounding: f32,
        (ref_radius, inc_radius): (f32, f32),
        reference: u8,
        flip: bool,
    ) -> ManifoldPoint {
        let along = normal.dot(v.point);
        let from_v1 = along - offsets[0];
        let core_sep = if from_v1.abs() <= rounding {
            nearer_zero(from_v1, along - offsets[1])
        } else {
            from_v1
        };
        let separation = core_sep - ref_radius - inc_radius;
        ManifoldPoint {
            position: v.point + normal * (0.5 * (ref_radius - inc_radius - core_sep)),
            separation,
            id: FeatureId {
                kind: FeatureKind::Clip,
                reference,
                incident: v.feature,
                flip,
            },
        }
    }
    let point = |v| {
        clip_point(
            v,
            normal,
            offsets,
            rounding,
            (ref_radius, inc_radius),
            reference.edge as u8,
            flip,
        )
    };
    let mut m = Manifold::empty(if flip { -normal } else { normal });
    let first = point(first);
    if first.separation <= margin {
        m.push(first);
    }
    if let Some(v) = second {
        let second = point(v);
        if second.separation <= margin {
            m.push(second);
        }
    }
    if m.is_empty() {
        return Manifold::declined();
    }
    m
}

/// The incident face's two ends as clip vertices, each named by its vertex (`inc_next`: the
/// index of the second).
#[inline(always)]
fn incident_ends(incident: &Face, inc_next: usize) -> (ClipVertex, ClipVertex) {
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

/// A segment of two points clipped against the plane `normal · p = offset`: the points on the
/// side `normal · p <= offset`, the ends kept in order and then the crossing; `None` when
/// nothing is left. (`clip_segment` wraps it for the trace's `Clipped` segments.)
#[inline(always)]
fn clip_pair(
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

/// Two closest core points and the one contact point they make (pair frame).
#[derive(Clone, Copy, Debug)]
pub(super) struct CornerPair {
    /// The point on the reference core (A's for [`closest_cores`]).
    reference: Vec2,
    /// The point on the incident core.
    incident: Vec2,
    /// Unit normal from `reference` to `incident`.
    normal: Vec2,
    /// The rounded surfaces' separation along it.
    separation: f32,
    /// The point's id, from the two closest vertices.
    id: FeatureId,
}

/// The manifold of two corners (step 4): the normal A to B, and the one point midway between
/// the rounded surfaces if it is within the margin.
#[inline(always)]
pub(super) fn corner_manifold(
    a: &Placed,
    b: &Placed,
    flip: bool,
    corner: &CornerPair,
    margin: f32,
) -> Manifold {
    let normal = corner.normal;
    let mut m = Manifold::empty(if flip { -normal } else { normal });
    if corner.separation > margin {
        return m;
    }
    let (ref_radius, inc_radius) = radii(a, b, flip);
    let c1 = corner.reference + normal * ref_radius;
    let c2 = corner.incident - normal * inc_radius;
    m.push(ManifoldPoint {
        position: (c1 + c2) * 0.5,
        separation: corner.separation,
        id: corner.id,
    });
    m
}

/// The closest points of two cores that are apart, by GJK (A's point as the reference, the
/// normal A to B). `None` when GJK finds that they meet.
fn closest_cores(a: &Placed, b: &Placed) -> Option<CornerPair> {
    let g = crate::geom::gjk::gjk(a, b, &mut crate::geom::trace::NoTrace);
    let normal = g.normal()?;
    let sep = g.point_a.distance(g.point_b) - a.radius() - b.radius();
    let first = g.simplex()[0];
    let id = FeatureId {
        kind: FeatureKind::Corner,
        reference: first.index_a as u8,
        incident: IncidentFeature::Vertex(first.index_b as u8),
        flip: false,
    };
    Some(CornerPair {
        reference: g.point_a,
        incident: g.point_b,
        normal,
        separation: sep,
        id,
    })
}

/// How many roundings of the pair's coordinates two face separations may differ by, beyond the
/// hysteresis band, and the other face still be a valid reference (a tiny box on a huge one:
/// the huge box's corners, hundreds of units out, are resolved to 6e-5).
const SWAP_ROUNDINGS: f32 = 8.0;

/// True when both cores are segments (capsules) within [`PARALLEL_SINE`] of parallel: their
/// Minkowski difference is (nearly) flat, and their face separation can miss a gap along it.
#[inline(always)]
pub(super) fn parallel_segments(a: &Placed, b: &Placed) -> bool {
    a.count() == 2 && b.count() == 2 && cross(a.normal(0), b.normal(0)).abs() <= PARALLEL_SINE
}

/// The sine of the angle below which two segments count as parallel for
/// [`parallel_segments`]: generous (about 0.06°), since looking at the corners of segments that
/// are not parallel costs time but is never wrong. Scale-free: it compares directions.
const PARALLEL_SINE: f32 = 1.0e-3;

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

/// Cores apart with their closest features two corners: the corners, the normal between them,
/// the rounded surfaces' separation and the point's id. `None` when the closest features are
/// not two corners.
///
/// When it answers, the cores are apart: each corner is its core's support point along the line
/// between them (the cone tests), so that line separates the cores by their distance.
#[inline(always)]
pub(super) fn corner(
    a: &Placed,
    b: &Placed,
    flip: bool,
    reference: &Face,
    incident: &Face,
) -> Option<CornerPair> {
    let (ref_shape, inc_shape) = if flip { (b, a) } else { (a, b) };
    let sd = segment_distance(reference.v1, reference.v2, incident.v1, incident.v2);
    let at_end = |f: f32| f == 0.0 || f == 1.0;
    if !(at_end(sd.fraction1) && at_end(sd.fraction2)) || sd.distance_squared <= 0.0 {
        return None;
    }
    let ref_vertex = if sd.fraction1 == 0.0 {
        reference.edge
    } else {
        next_index(reference.edge, ref_shape.count())
    };
    let inc_vertex = if sd.fraction2 == 0.0 {
        incident.edge
    } else {
        next_index(incident.edge, inc_shape.count())
    };
    // The two corners are the closest features only if the line between them lies in both
    // corners' normal cones (the reference may not be the best face, within the hysteresis, and
    // then a neighbour of the incident face can be nearer). Corners in line along both face
    // normals are the ends of parallel faces flat against each other (equal boxes stacked):
    // clipping gives their two points.
    let flat = |n: Vec2| {
        n.dot(reference.normal) > 1.0 - FLAT_COSINE && n.dot(incident.normal) < -(1.0 - FLAT_COSINE)
    };
    let corners = |n: &Vec2| {
        !flat(*n)
            && in_vertex_cone(ref_shape, ref_vertex, *n)
            && in_vertex_cone(inc_shape, inc_vertex, -*n)
    };
    let normal = try_normalize(sd.closest2 - sd.closest1).filter(corners)?;
    let sep = sd.distance_squared.sqrt() - ref_shape.radius() - inc_shape.radius();
    let id = FeatureId {
        kind: FeatureKind::Corner,
        reference: ref_vertex as u8,
        incident: IncidentFeature::Vertex(inc_vertex as u8),
        flip,
    };
    Some(CornerPair {
        reference: sd.closest1,
        incident: sd.closest2,
        normal,
        separation: sep,
        id,
    })
}

/// How far (one minus the cosine) a corner line may be from both faces' normals and still count
/// as "along them": an angle of about 1.4e-3 rad. Scale-free: it compares directions.
const FLAT_COSINE: f32 = 1.0e-6;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Shape, Transform};

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

    #[test]
    fn general_steps_untraced_equal_traced_bit_for_bit() {
        // Untraced, the general steps clip in registers (`clip_faces`); traced, through
        // `ClipAttempt`. Random polygons of 3 to 8 vertices, some rounded, at random and
        // quarter-turn poses, with and without a margin: every number equal as bits.
        use crate::geom::trace::NoTrace;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |lo: f32, hi: f32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            lo + (hi - lo) * ((seed >> 40) as f32 / (1u64 << 24) as f32)
        };
        let mut shapes = vec![Shape::make_box(10.0, 1.0, 0.0).unwrap()];
        for k in 3..=8 {
            let points: Vec<Vec2> = (0..k)
                .map(|i| {
                    let t = std::f32::consts::TAU * (i as f32 + next(0.0, 0.6)) / k as f32;
                    Vec2::new(t.cos(), t.sin()) * next(0.5, 1.2)
                })
                .collect();
            let radius = if k % 2 == 0 { 0.1 } else { 0.0 };
            shapes.push(Shape::polygon(&points, radius).unwrap().0);
        }
        let mut clipped = 0;
        for a in &shapes {
            for b in &shapes {
                for k in 0..400 {
                    let quarter = k % 4 == 0;
                    let mut turn = || {
                        if quarter {
                            next(0.0, 4.0).floor() * std::f32::consts::FRAC_PI_2
                        } else {
                            next(-3.2, 3.2)
                        }
                    };
                    let (ta, tb) = (turn(), turn());
                    let at = Vec2::new(next(-2.0, 2.0), next(-2.0, 2.0));
                    let pa = Placed::new(a, Transform::new(Vec2::ZERO, ta));
                    let pb = Placed::new(b, Transform::new(at, tb));
                    let options = ManifoldOptions {
                        speculative_margin: if k % 2 == 0 { 0.02 } else { 0.0 },
                        hysteresis: k % 3 != 0,
                    };
                    let mut steps = Vec::new();
                    let traced = general(&pa, &pb, &options, &mut steps);
                    let untraced = general(&pa, &pb, &options, &mut NoTrace);
                    assert_eq!(traced.bits(), untraced.bits(), "{pa:?} {pb:?}");
                    clipped += steps
                        .iter()
                        .any(|s| matches!(s, ManifoldStep::ClipSide { .. }))
                        as usize;
                }
            }
        }
        assert!(clipped > 2000, "{clipped}");
    }

    #[test]
    fn segments_agree_with_the_general_steps() {
        // The segment route against the general steps it specialises, on random poses, every
        // eighth far out, every fourth at quarter turns (parallel, end to end) and on a grid of
        // eighths (exact touching): the same normal and the same point separations up to
        // rounding of the pair's coordinates, whenever both answer with one reference face.
        use crate::geom::trace::NoTrace;
        let shapes = [
            Shape::capsule(2.0, 0.3).unwrap(),
            Shape::capsule(0.4, 0.05).unwrap(),
            Shape::segment(Vec2::new(-1.0, 0.2), Vec2::new(1.5, -0.3)).unwrap(),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |lo: f32, hi: f32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            lo + (hi - lo) * ((seed >> 40) as f32 / (1u64 << 24) as f32)
        };
        let (mut compared, mut corners, mut skipped) = (0, 0, 0);
        for a in &shapes {
            for b in &shapes {
                for k in 0..3000 {
                    let quarter = k % 4 == 0;
                    let turn = |n: &mut dyn FnMut(f32, f32) -> f32| {
                        if quarter {
                            (n(0.0, 4.0)).floor() * std::f32::consts::FRAC_PI_2
                        } else {
                            n(-3.2, 3.2)
                        }
                    };
                    let (ta, tb) = (turn(&mut next), turn(&mut next));
                    let mut at = Vec2::new(next(-1.8, 1.8), next(-1.2, 1.2));
                    if k % 4 == 2 {
                        at = (at * 8.0).round() / 8.0;
                    }
                    let far = Vec2::splat(if k % 8 == 3 { 1.0e3 } else { 0.0 });
                    let pa = Placed::new(a, Transform::new(far, ta));
                    let pb = Placed::new(b, Transform::new(far + at, tb));
                    let options = ManifoldOptions {
                        speculative_margin: if k % 3 == 0 { 0.1 } else { 0.0 },
                        hysteresis: k % 5 != 0,
                    };
                    let s = segments(&pa, &pb, &options, &mut NoTrace);
                    if s.is_declined() {
                        continue;
                    }
                    let g = general(&pa, &pb, &options, &mut NoTrace);
                    let tol = 64.0 * f32::EPSILON * (far.x + 4.0);
                    let ids = |m: &Manifold| m.points().map(|p| p.id.kind).collect::<Vec<_>>();
                    corners += ids(&s).contains(&FeatureKind::Corner) as usize;
                    // A tie of faces may pick either valid normal; compare the rest.
                    if (s.normal - g.normal).length() > 1e-3 {
                        skipped += 1;
                        continue;
                    }
                    compared += 1;
                    assert!(
                        (s.normal - g.normal).length() <= 1e-5,
                        "{pa:?} {pb:?}: {s:?} vs {g:?}"
                    );
                    let deepest = |m: &Manifold| {
                        m.points()
                            .map(|p| p.separation)
                            .fold(f32::INFINITY, f32::min)
                    };
                    if !s.is_empty() && !g.is_empty() {
                        assert!(
                            (deepest(&s) - deepest(&g)).abs() <= tol,
                            "{pa:?} {pb:?}: {s:?} vs {g:?}"
                        );
                    } else {
                        // Only a point right at the margin may be kept by one and not the other.
                        let m = if s.is_empty() { &g } else { &s };
                        assert!(
                            m.points()
                                .all(|p| (p.separation - options.speculative_margin).abs() <= tol),
                            "{pa:?} {pb:?}: {s:?} vs {g:?}"
                        );
                    }
                }
            }
        }
        assert!(
            compared > 20000 && skipped * 100 < compared,
            "{compared}, {skipped}"
        );
        assert!(corners > 100, "{corners}");
    }

    #[test]
    fn incident_edge_of_a_symmetric_core_is_the_most_antiparallel_face() {
        // Symmetric cores take the half-face path; compare with every face, first on a tie.
        let shapes = [
            Shape::make_box(2.0, 0.7, 0.0).unwrap(),
            Shape::capsule(1.5, 0.2).unwrap(),
            Shape::regular_polygon(8, 1.0).unwrap(),
            Shape::regular_polygon(40, 1.0).unwrap(),
        ];
        for shape in &shapes {
            assert!(shape.symmetric());
            for k in 0..720 {
                // Unrotated half the time, so the axis directions meet faces exactly.
                let angle = if k % 2 == 0 { 0.0 } else { 0.37 * k as f32 };
                let placed = Placed::new(shape, Transform::new(Vec2::ZERO, angle));
                // Every half degree, so directions along the axes (ties) are included.
                let t = (k as f32 * 0.5).to_radians();
                let normal = Vec2::new(t.cos(), t.sin());
                let local = placed.xf.q.apply_inv(normal);
                let expected = (0..shape.count())
                    .map(|i| (shape.normals()[i].dot(local), i))
                    .fold((f32::INFINITY, 0), |b, c| if c.0 < b.0 { c } else { b });
                assert_eq!(incident_edge(&placed, normal), expected.1, "k = {k}");
            }
        }
    }
}
