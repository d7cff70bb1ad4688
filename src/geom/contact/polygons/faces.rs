//! Steps 1 to 3 of the polygon manifold: each core's face of greatest separation, the reference
//! face chosen with hysteresis, and the incident face.

use crate::geom::contact::types::{Face, ManifoldOptions, ManifoldStep};
use crate::geom::math::{LINEAR_SLOP, max_finite, min_finite, next_index};
use crate::geom::shape::Placed;
use glam::Vec2;

/// Edge `edge` of `shape`'s core as a face (`on_b`: the shape is B).
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn face_of(shape: &Placed, edge: usize, on_b: bool) -> Face {
    let n = shape.count();
    let next = next_index(edge, n);
    Face {
        on_b,
        edge,
        next,
        v1: shape.vertex(edge),
        v2: shape.vertex(next),
        normal: shape.normal(edge),
    }
}

/// Step 1: the greatest separation of `other`'s core from a face of `poly`'s core,
/// `(separation, edge)`, the first face on a tie.
///
/// For face `i` with outward normal `n`, the separation is the smallest `n · w − offset` over
/// the vertices `w` of `other`, where `offset = n · v_i` places the face's line: how far
/// `other`'s deepest vertex is in front of the face (negative: behind it). The face with the
/// greatest such value is the one `other` is least deep behind; if it is positive, that face's
/// line separates the cores (seed 000's `maxSeparation`; Box2D's `b2FindMaxSeparation`).
///
/// The double loop runs in `other`'s own frame, as Box2D's does: `other`'s vertices are used as
/// stored, and only `poly`'s normals are turned (`rel` places `poly` in `other`'s frame). A
/// rotation keeps dot products, so face `i`'s offset is its stored `n_i · v_i` plus `n · t`,
/// where `t` is where `rel` puts `poly`'s origin.
pub fn max_separation(poly: &Placed, other: &Placed) -> (f32, usize) {
    let rel = other.xf.inv_mul(poly.xf);
    let (offsets, normals) = (poly.shape.offsets(), poly.shape.normals());
    let mut best = (f32::NEG_INFINITY, 0);
    for i in 0..poly.count() {
        let n = rel.q.apply(normals[i]);
        let offset = offsets[i] + n.dot(rel.p);
        let deepest = other
            .shape
            .vertices()
            .iter()
            .map(|w| n.dot(*w) - offset)
            .fold(f32::INFINITY, f32::min);
        if deepest > best.0 {
            best = (deepest, i);
        }
    }
    best
}

/// Step 3: the index of the face of `poly` whose normal is most anti-parallel to `normal` (the
/// first on a tie): the incident face.
pub fn incident_edge(poly: &Placed, normal: Vec2) -> usize {
    let local = poly.xf.q.apply_inv(normal);
    let mut best = (f32::INFINITY, 0);
    for (i, n) in poly.shape.normals().iter().enumerate() {
        let d = n.dot(local);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// The hysteresis bias's absolute part: a tenth of Box2D's linear slop, scaled by the pair's
/// size (the smaller bounding radius), so that a scene scaled by any factor picks the same
/// reference face. For shapes about a unit across it is Box2D's `0.1 * LINEAR_SLOP`.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn hysteresis_slop(a: &Placed, b: &Placed) -> f32 {
    0.1 * LINEAR_SLOP * min_finite(a.shape.bounding_radius(), b.shape.bounding_radius())
}

/// The radii of the reference and the incident shape, B's face the reference when `flip`.
#[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
pub fn radii(a: &Placed, b: &Placed, flip: bool) -> (f32, f32) {
    if flip {
        (b.radius(), a.radius())
    } else {
        (a.radius(), b.radius())
    }
}

/// What steps 1 and 2 decided: each core's best face, `(separation, edge)` for A and for B,
/// the greater separation, the hysteresis threshold B's had to pass, and whether it did.
#[derive(Clone, Copy, Debug)]
pub struct FaceChoice {
    /// Step 1's answer: A's best face and B's, `(separation, edge)`.
    pub faces: [(f32, usize); 2],
    /// The greater of the two separations: the cores' separation along a face normal.
    pub separation: f32,
    /// The value B's separation had to exceed for B's face to win.
    pub threshold: f32,
    /// True when B's separation exceeded it: B's face is the reference.
    pub preferred: bool,
}

impl FaceChoice {
    /// Step 2 from step 1's `faces`: B's face is the reference when its separation passes A's
    /// by the hysteresis bias `0.02 |sep_a| + hysteresis_slop` (or at all, without hysteresis).
    /// With a memory ([`ManifoldOptions::sticky`]) the bias favours the body whose face was the
    /// reference last step: remembering A's it is the rule above; remembering B's, B's face stays
    /// the reference while its separation is above A's less the same bias.
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn new(
        a: &Placed,
        b: &Placed,
        faces: [(f32, usize); 2],
        options: &ManifoldOptions,
    ) -> FaceChoice {
        let [(sep_a, _), (sep_b, _)] = faces;
        let threshold = match options.sticky {
            Some(true) => sep_a - (0.02 * sep_a.abs() + hysteresis_slop(a, b)),
            Some(false) => sep_a + 0.02 * sep_a.abs() + hysteresis_slop(a, b),
            None if options.hysteresis => sep_a + 0.02 * sep_a.abs() + hysteresis_slop(a, b),
            None => sep_a,
        };
        FaceChoice {
            faces,
            separation: max_finite(sep_a, sep_b),
            threshold,
            preferred: sep_b > threshold,
        }
    }

    /// The reference body's shape, the incident body's and the reference edge, for B's best
    /// face as the reference (`flip`) or A's.
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn roles<'s, 'a>(
        &self,
        a: &'s Placed<'a>,
        b: &'s Placed<'a>,
        flip: bool,
    ) -> (&'s Placed<'a>, &'s Placed<'a>, usize) {
        let [(_, edge_a), (_, edge_b)] = self.faces;
        if flip { (b, a, edge_b) } else { (a, b, edge_a) }
    }

    /// The chosen reference face's normal, from A to B (the manifold's normal when the cores
    /// are apart).
    #[inline(always)] // For the fast paths: without it box–box took 843 instructions, not 771.
    pub fn normal(&self, a: &Placed, b: &Placed) -> Vec2 {
        let (ref_shape, _, ref_edge) = self.roles(a, b, self.preferred);
        let n = ref_shape.normal(ref_edge);
        if self.preferred { -n } else { n }
    }

    /// The trace's reference-face step: `reference` (B's face when `flip`), the other body's
    /// best face when `swapped`, and the band the clipped points are kept in (margin plus both
    /// radii).
    pub fn step(
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
            hysteresis: options.sticky.is_some() || options.hysteresis,
            b_above_threshold: self.preferred,
            flip,
            swapped,
            reference,
            band,
        }
    }

    /// The trace's reference-face step for the comparison's own choice of face (or the other
    /// body's, `swapped`).
    pub fn reference_step(
        &self,
        a: &Placed,
        b: &Placed,
        options: &ManifoldOptions,
        swapped: bool,
    ) -> ManifoldStep {
        let flip = self.preferred != swapped;
        let (ref_shape, _, ref_edge) = self.roles(a, b, flip);
        let band = options.speculative_margin + a.radius() + b.radius();
        self.step(
            face_of(ref_shape, ref_edge, flip),
            flip,
            swapped,
            options,
            band,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Shape, Transform};

    #[test]
    fn max_separation_of_a_box_above_the_ground_is_the_gap() {
        // A unit box 0.25 above a wide one: the ground's top face, gap 0.25.
        let ground = Shape::make_box(6.0, 1.0, 0.0).unwrap();
        let unit = Shape::make_box(1.0, 1.0, 0.0).unwrap();
        let a = Placed::new(&ground, Transform::new(Vec2::ZERO, 0.0));
        let b = Placed::new(&unit, Transform::new(Vec2::new(0.3, 1.25), 0.0));
        let (sep, edge) = max_separation(&a, &b);
        assert_eq!(a.normal(edge), Vec2::Y);
        assert!((sep - 0.25).abs() <= 1e-6, "{sep}");
    }
}
