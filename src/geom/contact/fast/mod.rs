//! The untraced call's fast paths: the readable algorithms' answers, bit for bit, with less
//! work. [`collide`](super::collide) and [`collide_in`](super::collide_in) try them first when
//! nothing is traced; the traced call never does. Every speed trick of the manifold lives here,
//! beside the readable code it stands for, and is tested against it on random poses (below):
//!
//! - `mod.rs` (this file): the dispatch, by the two vertex counts, to one function per pair
//!   family: circles against circles and against cores of 2 to 4 vertices; two segments; two
//!   centred cores of 2 or 4 vertices (capsules, boxes and rounded boxes, in any mix,
//!   `pair_manifold`); any two cores of 2 to 4 vertices (a compound's triangles and
//!   quadrilaterals, `small_pair`); and larger polygons (`large_pair`);
//! - `faces.rs`: the face searches of steps 1 and 3, unrolled or walking;
//! - `steps.rs`: steps 2 to 6 untraced, clipping in registers, the rare cases out of line.
//!
//! A box or a capsule against a box takes `pair_manifold`:
//!
//! 1. Each core's face of greatest separation, unrolled for the two vertex counts
//!    ([`faces::max_separation_centred`]): the arithmetic of the readable search.
//! 2. The reference face, with hysteresis, as the readable steps choose it.
//! 3. The incident face, unrolled ([`faces::incident_edge_symmetric`]).
//! 4. Cores apart with two corners closest: the readable `corner` (the closest points of the
//!    two faces, by the segment–segment closed form, and the corners' normal cones).
//! 5. The incident face clipped against the reference face's side planes, in registers
//!    ([`steps::clip_faces`]).
//! 6. The clipped points within the margin are the manifold. When none is (or clipping left
//!    nothing), the readable path takes over (the other body's face as the reference, the
//!    deepest vertex in the slab, or GJK): rare, and each step of it is there.

pub mod faces;
pub mod steps;

use super::circle_circle::circles;
use super::circle_polygon::{circle_faces, circle_polygon};
use super::polygons::corners::{corner, corner_manifold};
use super::polygons::faces::{FaceChoice, face_of, radii};
use super::types::{Manifold, ManifoldOptions};
use crate::geom::frame::PairFrame;
use crate::geom::math::next_index;
use crate::geom::shape::Placed;
use crate::geom::trace::NoTrace;
use steps::{clip_faces, general_from, rare_clip_and_keep, segments};

/// The manifold of a pair, untraced, in world coordinates (as `collide` returns it): the
/// readable algorithms' answer, by the fast path for the pair's family.
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
        return if na == 1 || nb == 1 {
            circle_large(pair, *options)
        } else {
            large_pair(pair, *options)
        };
    }
    FAST_PATHS[na][nb](pair, *options)
}

/// The most vertices a core has for the table of fast paths.
const SMALL: usize = 4;

/// A fast path: the manifold of a pair of cores of given counts, in world coordinates.
type FastPath = fn(&PairFrame, ManifoldOptions) -> Manifold;

/// The fast path for each pair of counts, `FAST_PATHS[count of A][count of B]`.
const FAST_PATHS: [[FastPath; SMALL + 1]; SMALL + 1] = [
    [no_core; SMALL + 1],
    [
        no_core,
        circle_circle,
        circle_pair::<2, false>,
        circle_pair::<3, false>,
        circle_pair::<4, false>,
    ],
    [
        no_core,
        circle_pair::<2, true>,
        segment_pair,
        small_pair::<2, 3>,
        centred_or_small::<2, 4>,
    ],
    [
        no_core,
        circle_pair::<3, true>,
        small_pair::<3, 2>,
        small_pair::<3, 3>,
        small_pair::<3, 4>,
    ],
    [
        no_core,
        circle_pair::<4, true>,
        centred_or_small::<4, 2>,
        small_pair::<4, 3>,
        centred_or_small::<4, 4>,
    ],
];

/// A core of no vertex: none exists (every `Shape` has at least one).
fn no_core(_: &PairFrame, _: ManifoldOptions) -> Manifold {
    unreachable!("every shape has at least one core vertex")
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

/// `m` shifted from the pair frame to the world.
#[inline(always)]
fn shifted(pair: &PairFrame, mut m: Manifold) -> Manifold {
    m.shift(pair.origin);
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

/// A circle against a core of more than 4 vertices: the readable closed form, untraced, in
/// world coordinates.
#[inline(never)]
fn circle_large(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let margin = options.speculative_margin;
    let m = if pair.a.count() == 1 {
        circle_polygon(&pair.b, &pair.a, false, margin, &mut NoTrace)
    } else {
        circle_polygon(&pair.a, &pair.b, true, margin, &mut NoTrace)
    };
    shifted(pair, m)
}

/// The manifold of two centred cores, A of `NA` vertices and B of `NB`, in world coordinates.
/// Out of line: one function for each pair of counts keeps its numbers in registers. It shifts
/// the manifold to the world before writing it out, so that nobody reads back, whole, what was
/// just written piecewise (a load spanning several recent stores waits for them:
/// PERFORMANCE.md, step 6).
#[inline(never)]
fn pair_manifold<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    shifted(
        pair,
        pair_frame_manifold::<NA, NB>(&pair.a, &pair.b, &options),
    )
}

/// Two segment cores: the readable segment route ([`steps::segments`]), untraced, in world
/// coordinates.
#[inline(never)]
fn segment_pair(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let m = match segments(a, b, &options) {
        Some(m) => m,
        None => rare_general(a, b, &options),
    };
    shifted(pair, m)
}

/// The general steps for two segments that the segment route left to them (nothing kept after
/// clipping): rare, so out of line.
#[cold]
#[inline(never)]
fn rare_general(a: &Placed, b: &Placed, options: &ManifoldOptions) -> Manifold {
    #[cfg(test)]
    steps::RARE_WAYS.with(|n| n.set(n.get() + 1));
    let found = [faces::max_separation(a, b), faces::max_separation(b, a)];
    general_from(a, b, options, found)
}

/// Two cores of 2 to 4 vertices, `NA` and `NB` (triangles, quadrilaterals, and segments or
/// boxes against them: a compound's parts): the readable steps untraced ([`general_from`]),
/// step 1 unrolled for the counts ([`faces::max_separation_counts`], the routes
/// [`faces::max_separation`] takes for them), in world coordinates. Out of line, one function
/// for each pair of counts.
#[inline(never)]
fn small_pair<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let found = [
        faces::max_separation_counts::<NA, NB>(a, b),
        faces::max_separation_counts::<NB, NA>(b, a),
    ];
    shifted(pair, general_from(a, b, &options, found))
}

/// Two polygon-like cores, at least one of more than 4 vertices: the readable steps untraced
/// ([`general_from`]), step 1 by [`faces::max_separation`], in world coordinates. Out of line,
/// as the other families.
#[inline(never)]
fn large_pair(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let found = [faces::max_separation(a, b), faces::max_separation(b, a)];
    shifted(pair, general_from(a, b, &options, found))
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
    let found = [
        faces::max_separation_centred::<NA, NB>(a, b),
        faces::max_separation_centred::<NB, NA>(b, a),
    ];

    // 2. The reference face, with hysteresis.
    let choice = FaceChoice::new(a, b, found, options);
    let FaceChoice {
        faces: [(_, edge_a), (_, edge_b)],
        separation,
        preferred,
        ..
    } = choice;
    if separation - radius > margin {
        return Manifold::empty(if preferred {
            -b.normal(edge_b)
        } else {
            a.normal(edge_a)
        });
    }

    // 3. The reference face and the incident face.
    let (flip, ref_shape, inc_shape, ref_edge, inc_edge) = if preferred {
        let inc = faces::incident_edge_symmetric::<NA>(a, b.normal(edge_b));
        (true, b, a, edge_b, inc)
    } else {
        let inc = faces::incident_edge_symmetric::<NB>(b, a.normal(edge_a));
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

    // 5–6. Clip the incident face and keep the points within the margin, in registers; when
    //    none is kept, the readable steps decide.
    let inc_next = next_index(inc_edge, inc_shape.count());
    match clip_faces(
        &reference,
        &incident,
        inc_next,
        flip,
        radii(a, b, flip),
        margin,
    ) {
        Some(m) => m,
        None => rare_clip_and_keep(a, b, options, &choice),
    }
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
    use crate::geom::contact::polygons::polygons;
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

    /// Both paths on one pose: the fast one equals the readable one (traced) bit for bit
    /// (normal, points, separations, ids). Returns whether the fast path took its rare way out
    /// (clipping in registers kept nothing, and the readable steps 5 and 6 decided).
    fn same(a: &Shape, xa: Transform, b: &Shape, xb: Transform, options: &ManifoldOptions) -> bool {
        let rare_before = steps::RARE_WAYS.with(|n| n.get());
        let f = pair_frame(a, xa, b, xb);
        let mut steps = Vec::new();
        let mut readable = polygons(&f.a, &f.b, options, &mut steps);
        readable.shift(f.origin);
        let fast = collide_fast(&f, options);
        assert_eq!(
            fast.bits(),
            readable.bits(),
            "{a:?} at {xa:?}, {b:?} at {xb:?}: fast {fast:?}, readable {readable:?}"
        );
        steps::RARE_WAYS.with(|n| n.get()) > rare_before
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
    /// from the origin, exact positions on a grid of eighths) at three margins: the fast path
    /// equals the readable one bit for bit.
    fn fast_equals_readable(shapes: &[Shape], seed: u64, poses: usize) {
        let mut rng = Rng(seed);
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
                        same(a, xa, b, xb, &options);
                    }
                }
            }
        }
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
        fast_equals_readable(&shapes, 0x5851_f42d_4c95_7f2d, 2000);
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
        fast_equals_readable(&shapes, 0x9e37_79b9_7f4a_7c15, 4000);
    }

    #[test]
    fn large_polygons_fast_path_equals_the_readable_path_bit_for_bit() {
        // Regular polygons (symmetric and centred: the shadow route up to 16 vertices, the walk
        // beyond), random convex polygons (few vertices, the walk), rounded ones, with a box
        // and a capsule against them.
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut shapes = vec![
            Shape::make_box(8.0, 1.0, 0.0).unwrap(),
            Shape::capsule(1.0, 0.2).unwrap(),
            Shape::regular_polygon(8, 1.0).unwrap(),
            Shape::regular_polygon(16, 0.8).unwrap(),
            Shape::regular_polygon(40, 1.2).unwrap(),
        ];
        for k in [5, 7, 12, 30, 64] {
            let points: Vec<Vec2> = (0..k)
                .map(|i| {
                    let t = std::f32::consts::TAU * (i as f32 + rng.range(0.0, 0.6)) / k as f32;
                    Vec2::new(t.cos(), t.sin()) * rng.range(0.8, 1.2)
                })
                .collect();
            let hull: Vec<Vec2> = crate::geom::hull::convex_hull(&points)
                .into_iter()
                .map(|i| points[i])
                .collect();
            let radius = if k % 2 == 0 { 0.05 } else { 0.0 };
            shapes.push(Shape::polygon(&hull, radius).unwrap().0);
        }
        fast_equals_readable(&shapes, 0x5851_f42d_4c95_7f2d, 300);
    }

    #[test]
    fn general_from_untraced_equals_the_traced_readable_steps_bit_for_bit() {
        // Untraced, the general steps clip in registers (`clip_faces`); traced, through
        // `ClipAttempt`. Random polygons of 3 to 8 vertices, some rounded, at random and
        // quarter-turn poses, with and without a margin: every number equal as bits.
        use crate::geom::contact::polygons::general;
        use crate::geom::contact::types::ManifoldStep;
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut shapes = vec![Shape::make_box(10.0, 1.0, 0.0).unwrap()];
        for k in 3..=8 {
            let points: Vec<Vec2> = (0..k)
                .map(|i| {
                    let t = std::f32::consts::TAU * (i as f32 + rng.range(0.0, 0.6)) / k as f32;
                    Vec2::new(t.cos(), t.sin()) * rng.range(0.5, 1.2)
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
                            rng.range(0.0, 4.0).floor() * std::f32::consts::FRAC_PI_2
                        } else {
                            rng.range(-3.2, 3.2)
                        }
                    };
                    let (ta, tb) = (turn(), turn());
                    let at = Vec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
                    let pa = Placed::new(a, Transform::new(Vec2::ZERO, ta));
                    let pb = Placed::new(b, Transform::new(at, tb));
                    let options = ManifoldOptions {
                        speculative_margin: if k % 2 == 0 { 0.02 } else { 0.0 },
                        hysteresis: k % 3 != 0,
                    };
                    let mut steps = Vec::new();
                    let traced = general(&pa, &pb, &options, &mut steps);
                    let found = [
                        faces::max_separation(&pa, &pb),
                        faces::max_separation(&pb, &pa),
                    ];
                    let untraced = general_from(&pa, &pb, &options, found);
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
    fn nothing_kept_at_first_fast_path_equals_the_readable_path_bit_for_bit() {
        // Small cores corner to corner at quarter turns: clipping in registers keeps nothing,
        // and the fast path takes its rare way out (the readable steps 5 and 6: the other face,
        // the deepest vertex in the slab, GJK). Found by a search of 10.8 million random poses,
        // where 12 took it: each pinned here, as bits.
        let polygon = |points: &[Vec2], radius: f32| Shape::polygon(points, radius).unwrap().0;
        let small_box = Shape::make_box(0.1, 0.1, 0.0).unwrap();
        let capsule = Shape::capsule(0.1, 0.05).unwrap();
        let wedge = polygon(
            &[
                Vec2::new(-0.05, 0.0),
                Vec2::new(0.05, 0.0),
                Vec2::new(0.0, 0.3),
            ],
            0.0,
        );
        let f = f32::from_bits;
        /// A pose as found: A, B, A's turn and B's (bits), B's position (bits), the margin,
        /// hysteresis.
        type Pose<'s> = (&'s Shape, &'s Shape, u32, u32, [u32; 2], f32, bool);
        let poses: [Pose; 12] = [
            (
                &small_box,
                &small_box,
                0,
                0x40490fdb,
                [0x3e3de658, 0x3dccd5f8],
                0.1,
                false,
            ),
            (
                &small_box,
                &small_box,
                0x4096cbe4,
                0x4096cbe4,
                [0xbdccd890, 0x3e294b14],
                0.1,
                false,
            ),
            (
                &small_box,
                &small_box,
                0x3fd223c2,
                0x4046e469,
                [0, 0x3e000000],
                0.02,
                true,
            ),
            (
                &capsule,
                &small_box,
                0x40490fdb,
                0x40490fdb,
                [0xbdcce0dc, 0x3db4bf40],
                0.0,
                true,
            ),
            (
                &capsule,
                &small_box,
                0x40490fdb,
                0x40490fdb,
                [0xbdcce0dc, 0x3db4bf40],
                0.02,
                true,
            ),
            (
                &capsule,
                &small_box,
                0x40490fdb,
                0x40490fdb,
                [0xbdcce0dc, 0x3db4bf40],
                0.1,
                false,
            ),
            (
                &capsule,
                &small_box,
                0x4096cbe4,
                0x3fc90fdb,
                [0x3dd35aa8, 0x3dcccde8],
                0.02,
                true,
            ),
            (
                &capsule,
                &small_box,
                0x4096cbe4,
                0x3fc90fdb,
                [0x3dd35aa8, 0x3dcccde8],
                0.1,
                false,
            ),
            (
                &capsule,
                &wedge,
                0x3fc90fdb,
                0x40490fdb,
                [0x3df22918, 0x3d7c4640],
                0.02,
                true,
            ),
            (
                &wedge,
                &capsule,
                0x3fc90fdb,
                0x4096cbe4,
                [0x3d8d4988, 0x3dccf6b0],
                0.02,
                true,
            ),
            (
                &wedge,
                &capsule,
                0x3fc90fdb,
                0x4096cbe4,
                [0x3d8d4988, 0x3dccf6b0],
                0.1,
                false,
            ),
            (
                &wedge,
                &wedge,
                0,
                0x40490fdb,
                [0x3dff00d0, 0x3b857780],
                0.1,
                false,
            ),
        ];
        for (a, b, ta, tb, [x, y], margin, hysteresis) in poses {
            let xa = Transform::new(Vec2::ZERO, f(ta));
            let xb = Transform::new(Vec2::new(f(x), f(y)), f(tb));
            let options = ManifoldOptions {
                speculative_margin: margin,
                hysteresis,
            };
            assert!(same(a, xa, b, xb, &options), "{xa:?} {xb:?} {options:?}");
        }
    }
}
