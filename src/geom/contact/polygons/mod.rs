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
//! [`general`] below is these steps, top to bottom; each step's helpers sit in a file of their
//! own: `faces.rs` (steps 1–3), `corners.rs` (step 4), `clip.rs` (steps 5–6). A capsule is a
//! 2-vertex core whose two "faces" are the sides of its segment; two segments take
//! `segments.rs`: the same steps, each segment placed once.
//!
//! This is the code the trace records and the reader reads. The untraced call takes the fast
//! paths beside it (`contact/fast/`), which return these answers bit for bit and are tested
//! against them.

pub mod clip;
pub mod corners;
pub mod faces;
pub mod segments;

pub use clip::clip_face;

use crate::geom::contact::types::{Manifold, ManifoldOptions, ManifoldStep};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use clip::clip_and_keep;
use corners::{closest_corners, corner_manifold, trace_corner};
use faces::{FaceChoice, face_of, incident_edge, max_separation};
use segments::segments;

/// The manifold of two polygon-like cores (each with at least two vertices), in one frame.
/// Two segments take [`segments()`] first, the steps below with what segments allow.
pub fn polygons(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    if a.count() == 2
        && b.count() == 2
        && let Some(m) = segments(a, b, options, trace)
    {
        return m;
    }
    general(a, b, options, trace)
}

/// Steps 1 to 6 for any two polygon-like cores.
pub fn general(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();

    // 1. Each core's face of greatest separation.
    let faces = [max_separation(a, b), max_separation(b, a)];

    // 2. The reference face, with hysteresis. Apart beyond the margin: no contact.
    let choice = FaceChoice::new(a, b, faces, options);
    let reference_step = || choice.reference_step(a, b, options, false);
    if choice.separation - radius > margin {
        trace.step(reference_step);
        trace.step(|| ManifoldStep::Apart {
            separation: choice.separation - radius,
            margin,
        });
        return Manifold::empty(choice.normal(a, b));
    }

    // 3. The incident face: the other core's face most anti-parallel to the reference normal.
    let flip = choice.preferred;
    let (ref_shape, inc_shape, ref_edge) = choice.roles(a, b, flip);
    let inc_edge = incident_edge(inc_shape, ref_shape.normal(ref_edge));
    let reference = face_of(ref_shape, ref_edge, flip);
    let incident = face_of(inc_shape, inc_edge, !flip);

    // 4. Cores apart with two corners closest: one point on the line between them.
    if let Some(corner) = closest_corners(a, b, flip, choice.separation, &reference, &incident) {
        trace_corner(reference_step, incident, &corner, margin, trace);
        return corner_manifold(a, b, flip, &corner, margin);
    }

    // 5–6. Clip the incident face against the reference face's side planes, and keep the
    //    points within the margin (or, if none is, the other face, the deepest vertex, GJK).
    clip_and_keep(a, b, options, &choice, trace)
}
