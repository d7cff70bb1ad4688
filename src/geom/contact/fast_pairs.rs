//! Fast paths for the commonest pairs: circles against circles and against cores of 2 to 4
//! vertices, two centred cores of 2 or 4 vertices (capsules, boxes and rounded boxes, in any
//! mix), and any two cores of 2 to 4 vertices (a compound's triangles and quadrilaterals). Each
//! returns what the readable algorithm returns, bit for bit, or declines where it leaves the
//! pair to it; the untraced [`collide`](super::collide) tries them first, the traced call never
//! does. Tested against the readable path on random poses (below).
//!
//! Other cores of 2 to 4 vertices (a triangle, a wedge, an off-centre segment) take the
//! readable steps as they stand, untraced, with step 1 unrolled for their counts
//! (`small_pair`); they are fast already, and the call skips the readable path's dispatch.
//!
//! Two capsules need no copy: the readable route for two segments (`segments` in
//! `polygon_polygon.rs`) is written to be fast as it stands, and runs here untraced. A box or a
//! capsule against a box takes `pair_manifold`:
//!
//! 1. Each core's face of greatest separation, unrolled for the two vertex counts
//!    ([`fast::max_separation_centred`]): the arithmetic of `polygons`' own search.
//! 2. The reference face, with hysteresis, as in `polygons`.
//! 3. The incident face, unrolled ([`fast::incident_edge_symmetric`]).
//! 4. Cores apart with two corners closest: the readable `corner` (the closest points of the
//!    two faces, by the segment–segment closed form, and the corners' normal cones).
//! 5. The incident face clipped against the reference face's side planes, in registers
//!    (`clip_faces`, which `segments` uses too).
//! 6. The clipped points within the margin are the manifold. When none is (or clipping left
//!    nothing), the readable path takes over (the other body's face as the reference, the
//!    deepest vertex in the slab, or GJK): rare, and each step of it is there.

use super::circle_circle::circles;
use super::circle_polygon::circle_faces;
use super::fast;
use super::polygon_polygon::{
    FaceChoice, clip_faces, corner, corner_manifold, face_of, general_from, radii, segments,
};
use super::types::{Manifold, ManifoldOptions};
use crate::geom::frame::PairFrame;
use crate::geom::math::next_index;
use crate::geom::shape::Placed;
use crate::geom::trace::NoTrace;

/// The manifold of a pair when a fast path knows it (world coordinates, as `collide` returns
/// it), or a declined manifold (`Manifold::declined`) for the readable algorithm: two circles
/// (the readable closed form, untraced), a circle against a core of 2 to 4 vertices, any two
/// segments, two centred cores of 2 or 4 vertices, and any two cores of 2 to 4 vertices.
///
/// Only a dispatch, by one call through a table of the vertex counts: every family is a
/// function of its own, so that none pays for another's registers on its way in and out, and
/// each writes its manifold, shifted to the world, where the caller keeps it.
#[inline(always)]
pub fn collide_fast(pair: &PairFrame, options: &ManifoldOptions) -> Manifold {
    // Sanitized by the caller (`collide`, `collide_in`): a margin that is finite and ≥ 0.
    debug_assert!(*options == options.sanitized());
    let (na, nb) = (pair.a.count(), pair.b.count());
    if na > SMALL || nb > SMALL {
        return Manifold::declined();
    }
    FAST_PATHS[na][nb](pair, *options)
}

/// The most vertices a core has for a fast path.
const SMALL: usize = 4;

/// A fast path: the manifold of a pair of cores of given counts, in world coordinates, or
/// [`Manifold::declined`].
type FastPath = fn(&PairFrame, ManifoldOptions) -> Manifold;

/// The fast path for each pair of counts, `FAST_PATHS[count of A][count of B]` (no core has
/// none).
const FAST_PATHS: [[FastPath; SMALL + 1]; SMALL + 1] = [
    [declined; SMALL + 1],
    [
        declined,
        circle_circle,
        circle_pair::<2, false>,
        circle_pair::<3, false>,
        circle_pair::<4, false>,
    ],
    [
        declined,
        circle_pair::<2, true>,
        segment_pair,
        small_pair::<2, 3>,
        centred_or_small::<2, 4>,
    ],
    [
        declined,
        circle_pair::<3, true>,
        small_pair::<3, 2>,
        small_pair::<3, 3>,
        small_pair::<3, 4>,
    ],
    [
        declined,
        circle_pair::<4, true>,
        centred_or_small::<4, 2>,
        small_pair::<4, 3>,
        centred_or_small::<4, 4>,
    ],
];

/// No fast path: the readable algorithm answers.
fn declined(_: &PairFrame, _: ManifoldOptions) -> Manifold {
    Manifold::declined()
}

/// Two circles: the readable closed form, untraced, in world coordinates.
fn circle_circle(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let margin = options.speculative_margin;
    shifted(pair, circles(&pair.a, &pair.b, margin, &mut NoTrace))
}

/// Cores of `NA` and `NB` vertices, counts that a box or a capsule has: [`pair_manifold`] when
/// both are centred (boxes, capsules, rhombi), else [`small_pair`].
fn centred_or_small<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let centred = |p: &Placed| p.shape.centred() && p.shape.symmetric();
    if centred(&pair.a) && centred(&pair.b) {
        pair_manifold::<NA, NB>(pair, options)
    } else {
        small_pair::<NA, NB>(pair, options)
    }
}

/// `m` shifted from the pair frame to the world (a declined one as it is).
#[inline(always)]
fn shifted(pair: &PairFrame, mut m: Manifold) -> Manifold {
    if !m.is_declined() {
        m.shift(pair.origin);
    }
    m
}

/// A circle against a core of `N` vertices (B the circle when `CORE_IS_A`), in world
/// coordinates: [`circle_n`]. One function for each count and order.
fn circle_pair<const N: usize, const CORE_IS_A: bool>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let (core, circle) = if CORE_IS_A {
        (&pair.a, &pair.b)
    } else {
        (&pair.b, &pair.a)
    };
    let margin = options.speculative_margin;
    shifted(pair, circle_n::<N>(core, circle, CORE_IS_A, margin))
}

/// The manifold of two centred cores, A of `NA` vertices and B of `NB`, in world coordinates,
/// or [`Manifold::declined`] where the readable path must answer. Out of line: one function for
/// each pair of counts keeps its numbers in registers. It shifts the manifold to the world
/// before writing it out, so that nobody reads back, whole, what was just written piecewise
/// (a load spanning several recent stores waits for them: PERFORMANCE.md, step 6).
#[inline(never)]
fn pair_manifold<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let mut m = pair_frame_manifold::<NA, NB>(&pair.a, &pair.b, &options);
    if !m.is_declined() {
        m.shift(pair.origin);
    }
    m
}

/// Two segment cores: the readable [`segments`] (written for speed as it stands), untraced, in
/// world coordinates, or [`Manifold::declined`] where it leaves the pair to the general steps.
#[inline(never)]
fn segment_pair(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let mut m = segments(&pair.a, &pair.b, &options, &mut NoTrace);
    if !m.is_declined() {
        m.shift(pair.origin);
    }
    m
}

/// Two cores of 2 to 4 vertices, `NA` and `NB` (triangles, quadrilaterals, and segments or
/// boxes against them: a compound's parts): the readable steps ([`general_from`]) untraced,
/// step 1 unrolled for the counts ([`fast::max_separation_counts`], the routes
/// `max_separation` takes for them), in world coordinates. Out of line, one function for each
/// pair of counts.
#[inline(never)]
fn small_pair<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let faces = [
        fast::max_separation_counts::<NA, NB>(a, b),
        fast::max_separation_counts::<NB, NA>(b, a),
    ];
    shifted(pair, general_from(a, b, &options, faces, &mut NoTrace))
}

/// [`pair_manifold`] in the pair frame.
#[inline(always)]
fn pair_frame_manifold<const NA: usize, const NB: usize>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();

    // 1. Each core's face of greatest separation.
    let faces = [
        fast::max_separation_centred::<NA, NB>(a, b),
        fast::max_separation_centred::<NB, NA>(b, a),
    ];

    // 2. The reference face, with hysteresis.
    let FaceChoice {
        faces: [(_, edge_a), (_, edge_b)],
        separation,
        preferred,
        ..
    } = FaceChoice::new(a, b, faces, options);
    if separation - radius > margin {
        return Manifold::empty(if preferred {
            -b.normal(edge_b)
        } else {
            a.normal(edge_a)
        });
    }

    // 3. The reference face and the incident face.
    let (flip, ref_shape, inc_shape, ref_edge, inc_edge) = if preferred {
        let inc = fast::incident_edge_symmetric::<NA>(a, b.normal(edge_b));
        (true, b, a, edge_b, inc)
    } else {
        let inc = fast::incident_edge_symmetric::<NB>(b, a.normal(edge_a));
        (false, a, b, edge_a, inc)
    };
    let reference = face_of(ref_shape, ref_edge, flip);
    let incident = face_of(inc_shape, inc_edge, !flip);

    // 4. Two corners closest.
    if separation > 0.0
        && let Some(c) = corner(a, b, flip, &reference, &incident)
    {
        return corner_manifold(a, b, flip, &c, margin);
    }

    // 5–6. Clip the incident face and keep the points within the margin, in registers.
    let inc_next = next_index(inc_edge, inc_shape.count());
    clip_faces(
        &reference,
        &incident,
        inc_next,
        flip,
        radii(a, b, flip),
        margin,
    )
}

/// The manifold of a circle against a core of `N` vertices (a capsule, a triangle, a box, any
/// quadrilateral), pair frame: the readable
/// [`circle_polygon`](super::circle_polygon::circle_polygon)'s body ([`circle_faces`]) with
/// the face count known at compile time, untraced.
#[inline(always)]
fn circle_n<const N: usize>(
    core: &Placed,
    circle: &Placed,
    core_is_a: bool,
    margin: f32,
) -> Manifold {
    debug_assert!(core.count() == N);
    let shape = core.shape;
    let faces = (&shape.normal_array()[..N], &shape.offset_array()[..N]);
    circle_faces(core, circle, core_is_a, margin, faces, &mut NoTrace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::contact::polygon_polygon::polygons;
    use crate::geom::frame::pair_frame;
    use crate::geom::trace::NoTrace;
    use crate::geom::{Shape, Transform};
    use glam::Vec2;

    /// A small deterministic generator (xorshift), uniform in [lo, hi).
    struct Rng(u64);

    impl Rng {
        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            lo + (hi - lo) * ((self.0 >> 40) as f32 / (1u64 << 24) as f32)
        }
    }

    /// Both paths on one pose: the fast one, where it answers, equals the readable one bit for
    /// bit (normal, points, separations, ids). Returns whether the fast path answered.
    fn same(a: &Shape, xa: Transform, b: &Shape, xb: Transform, options: &ManifoldOptions) -> bool {
        let f = pair_frame(a, xa, b, xb);
        let mut readable = polygons(&f.a, &f.b, options, &mut NoTrace);
        readable.shift(f.origin);
        let fast = collide_fast(&f, options);
        if fast.is_declined() {
            return false;
        }
        assert_eq!(
            fast.bits(),
            readable.bits(),
            "{a:?} at {xa:?}, {b:?} at {xb:?}: fast {fast:?}, readable {readable:?}"
        );
        true
    }

    #[test]
    fn circle_fast_path_equals_the_readable_path_bit_for_bit() {
        use crate::geom::contact::circle_polygon::circle_polygon;
        let cores = [
            Shape::make_box(2.0, 1.0, 0.0).unwrap(),
            Shape::make_box(0.3, 1.0, 0.2).unwrap(),
            Shape::capsule(1.5, 0.25).unwrap(),
            Shape::regular_polygon(4, 0.7).unwrap(),
            Shape::polygon(
                &[
                    Vec2::new(-1.0, -0.4),
                    Vec2::new(1.3, -0.6),
                    Vec2::new(0.9, 0.8),
                    Vec2::new(0.2, 1.1),
                ],
                0.05,
            )
            .unwrap()
            .0,
            Shape::regular_polygon(3, 0.8).unwrap(),
            Shape::polygon(
                &[
                    Vec2::new(0.0, -0.15),
                    Vec2::new(1.0, 0.0),
                    Vec2::new(0.0, 0.15),
                ],
                0.02,
            )
            .unwrap()
            .0,
            Shape::segment(Vec2::new(-0.3, 0.2), Vec2::new(1.1, 0.5)).unwrap(),
        ];
        let circle = Shape::circle(0.5).unwrap();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for core in &cores {
            for k in 0..20000 {
                let turn = if k % 4 == 0 {
                    (rng.range(0.0, 4.0).floor()) * std::f32::consts::FRAC_PI_2
                } else {
                    rng.range(-3.2, 3.2)
                };
                let mut at = Vec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
                if k % 4 == 2 {
                    // On a grid of eighths: centres on corners and faces exactly (ties).
                    at = (at * 8.0).round() / 8.0;
                }
                let far = Vec2::splat(if k % 8 == 3 { 1.0e3 } else { 0.0 });
                let (xc, xo) = (Transform::new(far, turn), Transform::new(at + far, 0.0));
                for (core_is_a, margin) in [(true, 0.0), (false, 0.0), (true, 0.1)] {
                    let f = if core_is_a {
                        pair_frame(core, xc, &circle, xo)
                    } else {
                        pair_frame(&circle, xo, core, xc)
                    };
                    let (pc, po) = if core_is_a {
                        (&f.a, &f.b)
                    } else {
                        (&f.b, &f.a)
                    };
                    let mut readable = circle_polygon(pc, po, core_is_a, margin, &mut NoTrace);
                    readable.shift(f.origin);
                    let options = ManifoldOptions {
                        speculative_margin: margin,
                        ..ManifoldOptions::default()
                    };
                    let fast = collide_fast(&f, &options);
                    assert_eq!(
                        fast.bits(),
                        readable.bits(),
                        "{core:?} at {xc:?}, circle at {xo:?}: {fast:?} vs {readable:?}"
                    );
                }
            }
        }
    }

    /// Every pair of `shapes` on random poses (random turns and quarter turns, near and far
    /// from the origin, exact positions on a grid of eighths) at three margins: the fast path,
    /// where it answers, equals the readable one bit for bit. Returns how many poses it
    /// answered, and of how many.
    fn fast_equals_readable(shapes: &[Shape], seed: u64, poses: usize) -> (usize, usize) {
        let mut rng = Rng(seed);
        let (mut answered, mut total) = (0, 0);
        for a in shapes {
            for b in shapes {
                for k in 0..poses {
                    // Random turns, and every fourth pose at quarter turns (parallel faces,
                    // exact ties, capsules end to end).
                    let turn = |r: &mut Rng| {
                        if k % 4 == 0 {
                            (r.range(0.0, 4.0).floor()) * std::f32::consts::FRAC_PI_2
                        } else {
                            r.range(-3.2, 3.2)
                        }
                    };
                    // Every eighth pair far from the origin; every fourth on a grid of
                    // eighths (exact touching, exact ties).
                    let far = if k % 8 == 3 { 1.0e3 } else { 0.0 };
                    let mut at = Vec2::new(rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
                    if k % 4 == 2 {
                        at = (at * 8.0).round() / 8.0;
                    }
                    let xa = Transform::new(Vec2::splat(far), turn(&mut rng));
                    let xb = Transform::new(at + Vec2::splat(far), turn(&mut rng));
                    for (margin, hysteresis) in [(0.0, true), (0.02, true), (0.1, false)] {
                        let options = ManifoldOptions {
                            speculative_margin: margin,
                            hysteresis,
                        };
                        total += 1;
                        answered += same(a, xa, b, xb, &options) as usize;
                    }
                }
            }
        }
        (answered, total)
    }

    #[test]
    fn small_pairs_fast_path_equals_the_readable_path_bit_for_bit() {
        // Cores of 2 to 4 vertices that are not all centred: a compound's parts (a star's
        // spike, a wedge), an off-centre segment (a chain link), with a box and a capsule.
        let polygon = |points: &[Vec2], radius: f32| Shape::polygon(points, radius).unwrap().0;
        let shapes = [
            polygon(
                &[
                    Vec2::new(-0.2, 0.0),
                    Vec2::new(0.2, 0.0),
                    Vec2::new(0.0, 1.4),
                ],
                0.0,
            ),
            polygon(
                &[
                    Vec2::new(-1.0, -0.4),
                    Vec2::new(1.3, -0.6),
                    Vec2::new(0.2, 1.1),
                ],
                0.1,
            ),
            polygon(
                &[
                    Vec2::new(0.1, -0.4),
                    Vec2::new(1.3, -0.6),
                    Vec2::new(0.9, 0.8),
                    Vec2::new(0.2, 1.1),
                ],
                0.0,
            ),
            Shape::segment(Vec2::new(-0.3, 0.2), Vec2::new(1.1, 0.5)).unwrap(),
            Shape::make_box(8.0, 1.0, 0.0).unwrap(),
            Shape::capsule(1.0, 0.2).unwrap(),
        ];
        assert!(!shapes[0].centred() && !shapes[2].centred() && !shapes[3].centred());
        let (answered, total) = fast_equals_readable(&shapes, 0x5851_f42d_4c95_7f2d, 2000);
        // The fast path answers nearly every pose (the rest go to the readable path).
        assert!(answered * 10 > total * 9, "{answered} of {total}");
    }

    #[test]
    fn centred_pairs_fast_path_equals_the_readable_path_bit_for_bit() {
        let shapes = [
            Shape::capsule(2.0, 0.3).unwrap(),
            Shape::capsule(0.4, 0.05).unwrap(),
            Shape::make_box(1.0, 1.0, 0.0).unwrap(),
            Shape::make_box(8.0, 1.0, 0.0).unwrap(),
            Shape::make_box(1.0, 0.3, 0.1).unwrap(),
            Shape::regular_polygon(4, 0.7).unwrap(),
        ];
        let (answered, total) = fast_equals_readable(&shapes, 0x9e37_79b9_7f4a_7c15, 4000);
        // The fast path answers nearly every pose (the rest go to the readable path).
        assert!(answered * 10 > total * 9, "{answered} of {total}");
    }
}
