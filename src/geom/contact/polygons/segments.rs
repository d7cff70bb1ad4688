//! Two segment cores (capsules, chain links): the steps of [`super::polygons`], with what two
//! segments allow. Each segment is placed once (its two ends and its face-0 normal; face 1 runs
//! back from the second end with the opposite normal), and every step reads those numbers:
//!
//! 1. A face's separation is the other segment's deeper end in front of it; face 0 passes
//!    through the first end, face 1 through the second.
//! 2. The reference face by the same hysteresis as the general steps.
//! 3. The incident face: the other segment's side facing the reference normal (face 0 when
//!    its normal is anti-parallel or square to it, as `incident_edge` decides).
//! 4. Two corners closest, looked at only where they can be: for parallel segments, and for
//!    segments apart whose incident end nearer the reference line lies beyond the reference
//!    face's side planes. (Apart, an incident end between the side planes is the incident
//!    core's closest point, at the face separation: the face is right.)
//! 5. Clip the incident face against the reference face's side planes, and
//! 6. keep the points within the margin, as the general steps do.
//!
//! When nothing is kept after clipping, the general steps answer (the other face as the
//! reference, the deepest end in the slab, GJK). Nothing is traced before the answer is known,
//! so a traced and an untraced call decide alike.

use crate::geom::contact::types::{Face, Manifold, ManifoldOptions, ManifoldStep};
use crate::geom::math::{max_finite, min_finite};
use crate::geom::shape::Placed;
use crate::geom::trace::Trace;
use glam::Vec2;

use super::clip::{ClipAttempt, keeps_any, kept, trace_clip_and_keep};
use super::corners::{closest_corners, corner_manifold, trace_corner};
use super::faces::{FaceChoice, radii};

/// A segment core placed: its two ends and its face-0 normal.
#[derive(Clone, Copy, Debug)]
pub struct Segment {
    /// The first end.
    pub v0: Vec2,
    /// The second end.
    pub v1: Vec2,
    /// Face 0's outward normal (face 1's is its opposite).
    pub n: Vec2,
}

impl Segment {
    /// The segment core of `p` (two vertices), placed.
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn of(p: &Placed) -> Segment {
        Segment {
            v0: p.vertex(0),
            v1: p.vertex(1),
            n: p.normal(0),
        }
    }

    /// Face `edge`: face 0 from the first end to the second, face 1 back, opposite normal.
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn face(&self, on_b: bool, edge: usize) -> Face {
        let (v1, v2, normal) = if edge == 0 {
            (self.v0, self.v1, self.n)
        } else {
            (self.v1, self.v0, -self.n)
        };
        Face {
            on_b,
            edge,
            next: 1 - edge,
            v1,
            v2,
            normal,
        }
    }

    /// Step 1: the face of greatest separation of `other` (its deeper end in front of the
    /// face), and that separation, `(separation, edge)`; face 0 on a tie.
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn best_face(&self, other: &Segment) -> (f32, usize) {
        let (p, q) = (self.n.dot(other.v0), self.n.dot(other.v1));
        let (lo, hi) = (min_finite(p, q), max_finite(p, q));
        let front = lo - self.n.dot(self.v0);
        let back = self.n.dot(self.v1) - hi;
        if back > front { (back, 1) } else { (front, 0) }
    }

    /// Step 3: the face of this segment most anti-parallel to `normal` (face 0 when its normal
    /// is anti-parallel or square to it).
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn incident_edge(&self, normal: Vec2) -> usize {
        if self.n.dot(normal) <= 0.0 { 0 } else { 1 }
    }
}

/// The manifold of two segment cores, or `None` when clipping keeps no point and the general
/// steps must answer.
pub fn segments<T: Trace<ManifoldStep>>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut T,
) -> Option<Manifold> {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();
    let (sa, sb) = (Segment::of(a), Segment::of(b));

    // 1. Each segment's face of greatest separation, the first on a tie.
    let faces = [sa.best_face(&sb), sb.best_face(&sa)];

    // 2. The reference face, with hysteresis.
    let choice = FaceChoice::new(a, b, faces, options);
    let flip = choice.preferred;
    let (rs, is) = if flip { (&sb, &sa) } else { (&sa, &sb) };
    let (_, _, ref_edge) = choice.roles(a, b, flip);
    let reference = rs.face(flip, ref_edge);
    let reference_step = || choice.step(reference, flip, false, options, margin + radius);
    if choice.separation - radius > margin {
        trace.step(reference_step);
        trace.step(|| ManifoldStep::Apart {
            separation: choice.separation - radius,
            margin,
        });
        return Some(Manifold::empty(if flip {
            -reference.normal
        } else {
            reference.normal
        }));
    }

    // 3. The incident face.
    let inc_edge = is.incident_edge(reference.normal);
    let incident = is.face(!flip, inc_edge);

    // 4. Two corners closest (segments apart, or parallel).
    if let Some(corner) = closest_corners(a, b, flip, choice.separation, &reference, &incident) {
        trace_corner(reference_step, incident, &corner, margin, trace);
        return Some(corner_manifold(a, b, flip, &corner, margin));
    }

    // 5–6. Clip, and keep the points within the margin.
    let clip = ClipAttempt::of_faces(reference, incident, 1 - inc_edge, flip);
    let candidates = clip.candidates(radii(a, b, flip), margin);
    if !keeps_any(&candidates) {
        return None;
    }
    trace_clip_and_keep(reference_step, &clip, &candidates, None, margin, trace);
    Some(kept(&clip, &candidates))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::contact::polygons::general;
    use crate::geom::contact::types::FeatureKind;
    use crate::geom::{Shape, Transform};

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
                        sticky: None,
                    };
                    let Some(s) = segments(&pa, &pb, &options, &mut NoTrace) else {
                        continue;
                    };
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
}
