//! The polygon manifold's steps untraced, for speed: the readable steps of
//! [`polygons`](mod@crate::geom::contact::polygons) as the fast paths take them, each returning the
//! readable answer bit for bit (tested in `fast/mod.rs` and below).
//!
//! - [`general_from`]: steps 2 to 6 from step 1's answer (found by a search of
//!   [`super::faces`]), with the incident face's symmetric route and clipping in registers
//!   ([`clip_faces`]); the rare cases (two corners, nothing kept) out of line.
//! - [`segments`]: the readable segment route, once for each reference body (`FLIP` known at
//!   compile time), clipping in registers; the general steps when it keeps nothing.
//! - [`clip_faces`]: steps 5 and 6 without the steps kept for a trace, an empty manifold when
//!   no point is kept (the readable steps then answer).
//!
//! Each path answers with a `Manifold` built where its caller keeps it: the rare ways out
//! (nothing kept after clipping) are calls from inside the path, not an `Option` the caller
//! unpacks (unpacking copied the whole manifold once more: box–box 745 → 769 instructions,
//! capsule–capsule 453 → 476).

#[cfg(doc)]
use crate::geom::contact::polygons::clip::clip_pair;
use crate::geom::contact::polygons::clip::{clip_and_keep, nearer_zero};
use crate::geom::contact::polygons::corners::{
    CornerPair, PARALLEL_SINE, corner, corner_manifold, nearer_end_beyond_sides, parallel_segments,
};
use crate::geom::contact::polygons::faces::{FaceChoice, face_of, hysteresis_slop, radii};
use crate::geom::contact::polygons::segments::Segment;
#[cfg(doc)]
use crate::geom::contact::types::clip_vertex_pair;
use crate::geom::contact::types::{
    Face, FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldOptions, ManifoldPoint,
    side_vertex_pair,
};
use crate::geom::math::{cross, left_perp, max_finite, next_index};
use crate::geom::shape::Placed;
use crate::geom::trace::NoTrace;
use glam::Vec2;

use super::faces;

/// Steps 2 to 6 of the readable [`general`](crate::geom::contact::polygons::general),
/// untraced, given step 1's answer (`faces`: each core's face of greatest separation,
/// `(separation, edge)` for A and for B, from a search of [`super::faces`]).
#[inline(always)]
pub fn general_from(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    faces: [(f32, usize); 2],
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();

    // 2. The reference face, with hysteresis.
    let choice = FaceChoice::new(a, b, faces, options);
    if choice.separation - radius > margin {
        return Manifold::empty(choice.normal(a, b));
    }

    // 3. The incident face.
    let flip = choice.preferred;
    let (ref_shape, inc_shape, ref_edge) = choice.roles(a, b, flip);
    let inc_edge = faces::incident_edge(inc_shape, ref_shape.normal(ref_edge));
    let reference = face_of(ref_shape, ref_edge, flip);
    let incident = face_of(inc_shape, inc_edge, !flip);

    // 4. Two corners closest, looked at where they can be (`closest_corners`).
    if (parallel_segments(a, b)
        || (choice.separation > 0.0 && nearer_end_beyond_sides(&reference, &incident)))
        && let Some(corner) = rare_corner_of_edges(a, b, flip, ref_edge, inc_edge)
    {
        return corner_manifold(a, b, flip, &corner, margin);
    }

    // 5–6. Clip and keep in registers; when no point is kept, the readable steps decide.
    let inc_next = next_index(inc_edge, inc_shape.count());
    let m = clip_faces(
        &reference,
        &incident,
        inc_next,
        flip,
        radii(a, b, flip),
        margin,
    );
    if m.is_empty() {
        let [found_a, found_b] = choice.faces;
        return rare_clip_and_keep(a, b, *options, found_a, found_b);
    }
    m
}

/// Step 2, [`FaceChoice::new`] with the default options (hysteresis, no memory) tested once
/// before its three-way match on the memory: the same choice, bit for bit, with one test on
/// the common path (box–box resting 760 → 757 instructions, capsule–capsule 473 → 472). The
/// general steps ([`general_from`]) keep `FaceChoice::new`: there this measured slower (the
/// 8-gons 1360 → 1365).
#[inline(always)]
pub fn face_choice(
    a: &Placed,
    b: &Placed,
    faces: [(f32, usize); 2],
    options: &ManifoldOptions,
) -> FaceChoice {
    if options.sticky.is_none() && options.hysteresis {
        let [(sep_a, _), (sep_b, _)] = faces;
        // `FaceChoice::new`'s threshold for no memory with hysteresis, the same expression.
        let threshold = sep_a + 0.02 * sep_a.abs() + hysteresis_slop(a, b);
        return FaceChoice {
            faces,
            separation: max_finite(sep_a, sep_b),
            threshold,
            preferred: sep_b > threshold,
        };
    }
    FaceChoice::new(a, b, faces, options)
}

/// The readable steps 5 and 6 ([`clip_and_keep`]), untraced, out of line: they run only when
/// clipping in registers kept no point (a few poses in a million), and cost the common path
/// nothing there. The options come by value and the choice is made again here from step 1's
/// two answers (`FaceChoice::new`, the same bits), so that the caller writes nothing to memory
/// for it on the common path (the choice by value had been stored on every call: box–box 804 →
/// 796 instructions). (Calling the whole readable algorithm here instead, or leaving the pair to
/// the caller, measured slower on the common path: box–box 771 → 785 and 803 instructions.)
#[cold]
#[inline(never)]
pub fn rare_clip_and_keep(
    a: &Placed,
    b: &Placed,
    options: ManifoldOptions,
    (sep_a, edge_a): (f32, usize),
    (sep_b, edge_b): (f32, usize),
) -> Manifold {
    #[cfg(test)]
    RARE_WAYS.with(|n| n.set(n.get() + 1));
    let choice = FaceChoice::new(a, b, [(sep_a, edge_a), (sep_b, edge_b)], &options);
    clip_and_keep(a, b, &options, &choice, &mut NoTrace)
}

#[cfg(test)]
thread_local! {
    /// How many times this thread's fast paths took their rare way out (the readable steps 5
    /// and 6 after clipping in registers kept nothing): the tests check that it is tested.
    pub static RARE_WAYS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// [`corner`] out of line, where it is rare: the faces it needs are then written out only on
/// its way.
#[cold]
#[inline(never)]
pub fn rare_corner(
    a: &Placed,
    b: &Placed,
    flip: bool,
    reference: Face,
    incident: Face,
) -> Option<CornerPair> {
    corner(a, b, flip, &reference, &incident)
}

/// [`corner`] out of line for the reference edge `ref_edge` (B's when `flip`) and the incident
/// edge `inc_edge`, their faces built on its way ([`face_of`], as the caller built them): the
/// caller's faces then stay in registers.
#[cold]
#[inline(never)]
pub fn rare_corner_of_edges(
    a: &Placed,
    b: &Placed,
    flip: bool,
    ref_edge: usize,
    inc_edge: usize,
) -> Option<CornerPair> {
    let (ref_shape, inc_shape) = if flip { (b, a) } else { (a, b) };
    let reference = face_of(ref_shape, ref_edge, flip);
    let incident = face_of(inc_shape, inc_edge, !flip);
    corner(a, b, flip, &reference, &incident)
}

/// The readable [`segments`](crate::geom::contact::polygons::segments::segments), untraced,
/// and the general steps ([`rare_general`]) where it leaves the pair to them. The rest once for
/// each reference body, so that neither copy picks its numbers at run time.
#[inline(always)]
pub fn segments(a: &Placed, b: &Placed, options: &ManifoldOptions) -> Manifold {
    let (sa, sb) = (Segment::of(a), Segment::of(b));

    // 1. Each segment's face of greatest separation, the first on a tie.
    let faces = [sa.best_face(&sb), sb.best_face(&sa)];

    // 2. The reference face, with hysteresis.
    let choice = face_choice(a, b, faces, options);
    if choice.preferred {
        segments_with::<true>(b, a, &sb, &sa, &choice, options)
    } else {
        segments_with::<false>(a, b, &sa, &sb, &choice, options)
    }
}

/// Steps 3 to 6 of [`segments`] with `rs` (on `ref_shape`) holding the reference face: B's
/// when `FLIP`.
#[inline(always)]
fn segments_with<const FLIP: bool>(
    ref_shape: &Placed,
    inc_shape: &Placed,
    rs: &Segment,
    is: &Segment,
    choice: &FaceChoice,
    options: &ManifoldOptions,
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
    if separation - radius > margin {
        return Manifold::empty(if FLIP {
            -reference.normal
        } else {
            reference.normal
        });
    }

    // 3. The incident face.
    let inc_edge = is.incident_edge(reference.normal);
    let incident = is.face(!FLIP, inc_edge);

    // 4. Two corners closest (the readable `closest_corners`, with the segments' own normals).
    if (cross(rs.n, is.n).abs() <= PARALLEL_SINE
        || (separation > 0.0 && nearer_end_beyond_sides(&reference, &incident)))
        && let Some(corner) = rare_corner(a, b, FLIP, reference, incident)
    {
        return corner_manifold(a, b, FLIP, &corner, margin);
    }

    // 5–6. Clip, and keep the points within the margin; when none is kept, the general steps
    //    decide.
    let rad = (ref_shape.radius(), inc_shape.radius());
    let m = clip_faces(&reference, &incident, 1 - inc_edge, FLIP, rad, margin);
    if m.is_empty() {
        return rare_general(a, b, *options);
    }
    m
}

/// The general steps for two segments that the segment route left to them (nothing kept after
/// clipping): rare, so out of line; the options by value, as for [`rare_clip_and_keep`].
#[cold]
#[inline(never)]
pub fn rare_general(a: &Placed, b: &Placed, options: ManifoldOptions) -> Manifold {
    #[cfg(test)]
    RARE_WAYS.with(|n| n.set(n.get() + 1));
    let found = [faces::max_separation(a, b), faces::max_separation(b, a)];
    general_from(a, b, &options, found)
}

/// Steps 5 and 6 in registers: the incident face clipped against the reference face's side
/// planes and the clipped points within the margin, each midway between the surfaces — what
/// [`ClipAttempt::of_faces`](crate::geom::contact::polygons::clip::ClipAttempt::of_faces) and
/// its `candidates` give, bit for bit, without
/// keeping the steps for a trace (`radii`: the reference's and the incident core's). The
/// manifold's normal runs from A to B; it is empty when no point is kept (the caller then asks
/// the readable steps: an empty answer is never the fast path's last word).
///
/// The points are clipped with a tag each (`Tag`) in place of their feature: which side of
/// the reference face a point is at and whether a side plane made it. The feature and the
/// vertex pair (`clip_vertex_pair`'s) are read from the tag only when a point is written, so
/// that the faces' vertex indices are not held in registers through clipping (with the pair
/// worked out from each point's feature: capsule–capsule 484 instructions, capsule–box 842,
/// against 473 and 815 from the tag).
#[inline(always)]
pub fn clip_faces(
    reference: &Face,
    incident: &Face,
    inc_next: usize,
    flip: bool,
    radii: (f32, f32),
    margin: f32,
) -> Manifold {
    // Clip the incident face against the reference face's side planes, as `ClipAttempt`
    // does: the plane through its first end (normal −tangent), then through its second.
    let normal = reference.normal;
    let tangent = left_perp(normal);
    let (t1, t2) = (tangent.dot(reference.v1), tangent.dot(reference.v2));
    // The incident face's ends (`incident_ends`): its first vertex is at the reference face's
    // second end (side 1), its second at the first (side 0).
    let ends = (
        (incident.v1, Tag::FIRST_END),
        (incident.v2, Tag::SECOND_END),
    );
    let mut m = Manifold::empty(if flip { -normal } else { normal });
    let Some((p, Some(q))) = clip_tagged(ends, -tangent, -t1, Tag::PLANE_0) else {
        return m;
    };
    let Some((first, second)) = clip_tagged((p, q), tangent, t2, Tag::PLANE_1) else {
        return m;
    };

    // The clipped points within the margin, each midway between the surfaces (the readable
    // `ClipAttempt::candidate`'s arithmetic, `core_separation` written out).
    let offsets = [normal.dot(reference.v1), normal.dot(reference.v2)];
    let rounding = 8.0 * f32::EPSILON * (t1.abs() + t2.abs() + offsets[0].abs());
    // A function, not a closure: called twice, a closure was left out of line.
    #[inline(always)]
    fn clip_point(
        (point, tag): Tagged,
        normal: Vec2,
        offsets: [f32; 2],
        rounding: f32,
        (ref_radius, inc_radius): (f32, f32),
        (reference, incident, inc_next): (&Face, &Face, usize),
        flip: bool,
    ) -> ManifoldPoint {
        let along = normal.dot(point);
        let from_v1 = along - offsets[0];
        let core_sep = if from_v1.abs() <= rounding {
            rare_nearer_zero(from_v1, along - offsets[1])
        } else {
            from_v1
        };
        let separation = core_sep - ref_radius - inc_radius;
        ManifoldPoint {
            position: point + normal * (0.5 * (ref_radius - inc_radius - core_sep)),
            separation,
            id: FeatureId {
                kind: FeatureKind::Clip,
                reference: reference.edge as u8,
                incident: tag.feature(incident, inc_next),
                flip,
            },
            vertices: tag.vertex_pair(reference, incident, flip),
        }
    }
    let point = |v| {
        clip_point(
            v,
            normal,
            offsets,
            rounding,
            radii,
            (reference, incident, inc_next),
            flip,
        )
    };
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
    m
}

/// What made a point during [`clip_faces`], in place of its [`IncidentFeature`]: bit 0 its
/// side (`clip_vertex_pair`'s: 1 at the reference face's second end), bit 1 set when a side
/// plane made it (the plane of its side).
#[derive(Clone, Copy)]
struct Tag(u8);

impl Tag {
    /// The incident face's first vertex (`incident.edge`): side 1.
    const FIRST_END: Tag = Tag(1);
    /// Its second vertex (`inc_next`): side 0.
    const SECOND_END: Tag = Tag(0);
    /// Made by side plane 0.
    const PLANE_0: Tag = Tag(2);
    /// Made by side plane 1.
    const PLANE_1: Tag = Tag(3);

    /// The feature the readable clipping gives the point (`incident_ends`, `clip_pair`).
    #[inline(always)]
    fn feature(self, incident: &Face, inc_next: usize) -> IncidentFeature {
        // The payload picked before the kind: no branch on the tag (branching on it first,
        // capsule–capsule 472 → 459 instructions this way).
        let side = self.0 & 1;
        let vertex = if side == 1 { incident.edge } else { inc_next };
        let plane = self.0 & 2 != 0;
        let payload = if plane { side } else { vertex as u8 };
        if plane {
            IncidentFeature::SidePlane(payload)
        } else {
            IncidentFeature::Vertex(payload)
        }
    }

    /// The point's vertex pair, as [`clip_vertex_pair`] names it from the feature.
    #[inline(always)]
    fn vertex_pair(self, reference: &Face, incident: &Face, flip: bool) -> [u8; 2] {
        side_vertex_pair(reference, incident, self.0 & 1, flip)
    }
}

/// A point during clipping, with its tag.
type Tagged = (Vec2, Tag);

/// The readable [`clip_pair`] on tagged points (`side`: the tag of a point the plane makes): the
/// same arithmetic, the same points kept in the same order. (The points taken apart and put
/// together again, not passed on whole: passed whole, capsule–capsule measured 460 not 459.)
#[inline(always)]
fn clip_tagged(
    ((p0, t0), (p1, t1)): (Tagged, Tagged),
    normal: Vec2,
    offset: f32,
    side: Tag,
) -> Option<(Tagged, Option<Tagged>)> {
    let d0 = normal.dot(p0) - offset;
    let d1 = normal.dot(p1) - offset;
    let crossing = || (p0 + (p1 - p0) * (d0 / (d0 - d1)), side);
    let cut = d0 * d1 < 0.0;
    match (d0 <= 0.0, d1 <= 0.0) {
        (true, true) => Some(((p0, t0), Some((p1, t1)))),
        (true, false) => Some(((p0, t0), cut.then(crossing))),
        (false, true) => Some(((p1, t1), cut.then(crossing))),
        (false, false) => None,
    }
}

/// The readable [`nearer_zero`] (of two readings of a point's separation, for a point within
/// rounding of the face's first end), out of line: it is the rare case.
#[cold]
#[inline(never)]
fn rare_nearer_zero(x: f32, y: f32) -> f32 {
    nearer_zero(x, y)
}
