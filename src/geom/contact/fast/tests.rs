//! The fast paths against the readable algorithm, bit for bit, on random poses and on the
//! rare poses where clipping in registers keeps nothing.

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
/// from the origin, exact positions on a grid of eighths) at three margins, with and without
/// hysteresis and a memory of the last reference: the fast path equals the readable one bit
/// for bit.
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
                // The default options, no hysteresis, and a memory of either body's face
                // (`steps::face_choice` tests the default first, the rest as the readable
                // `FaceChoice::new`).
                for (margin, hysteresis, sticky) in [
                    (0.0, true, None),
                    (0.02, true, None),
                    (0.1, false, None),
                    (0.0, true, Some(true)),
                    (0.02, false, Some(false)),
                ] {
                    let options = ManifoldOptions {
                        speculative_margin: margin,
                        hysteresis,
                        sticky,
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
                    sticky: [None, Some(true), Some(false)][k % 3],
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
            sticky: None,
        };
        assert!(same(a, xa, b, xb, &options), "{xa:?} {xb:?} {options:?}");
    }
}
