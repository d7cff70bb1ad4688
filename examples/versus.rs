//! Ours against parry2d, side by side in one process: for each pair type, many poses, the two
//! libraries timed in alternation, median of repeats. Prints a table and the worst ratio.
//!
//! `cargo run --release --example versus`

#[path = "../benches/support/pairs.rs"]
mod pairs;

use narrowphase_lab::geom::{ManifoldOptions, NoTrace, collide, query};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use std::hint::black_box;
use std::time::Instant;

// Each library's result is left in memory and its address escapes through `black_box`:
// parry2d's in the caller's manifold, ours in the value `collide` returns. (Moving our returned
// value into `black_box` would time a copy that neither library needs.)

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Median time of `PairTraces::compute` (SAT, GJK, EPA and the manifold, all traced) for two
/// overlapping 64-gons, in microseconds.
fn frame_budget() -> f64 {
    use narrowphase_lab::geom::{Shape, Transform};
    use narrowphase_lab::scene::{Pair, PairTraces};
    let a = Shape::regular_polygon(64, 1.0).expect("64-gon");
    let pair = Pair {
        a,
        xf_a: Transform::new(glam::Vec2::ZERO, 0.1),
        b: a,
        xf_b: Transform::new(glam::Vec2::new(1.2, 0.7), 0.4),
        options: ManifoldOptions::default(),
        bodies: None,
    };
    let mut t = Vec::new();
    for _ in 0..101 {
        let start = Instant::now();
        black_box(PairTraces::compute(black_box(&pair)));
        t.push(start.elapsed().as_nanos() as f64 / 1000.0);
    }
    median(t)
}

/// A five-spike star (five triangle parts) resting on a floor, in 64 poses: the part-pair loop
/// (`collide_compound`, bounding circles first) against calling `collide` on every part pair by
/// hand with the same bounds test. Median ns per body pair, each.
fn compound_loop() -> (f64, f64) {
    use glam::Vec2;
    use narrowphase_lab::geom::{PlacedPart, Shape, Transform, collide_compound};
    let spike = Shape::polygon(
        &[
            Vec2::new(0.0, -0.15),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, 0.15),
        ],
        0.0,
    )
    .expect("spike")
    .0;
    let star: Vec<PlacedPart> = [90.0f32, 162.0, 234.0, 306.0, 18.0]
        .iter()
        .map(|a| PlacedPart {
            shape: spike,
            xf: Transform::new(Vec2::ZERO, a.to_radians()),
        })
        .collect();
    let floor = [PlacedPart::whole(
        Shape::make_box(10.0, 1.0, 0.0).expect("floor"),
    )];
    let xf_floor = Transform::new(Vec2::new(0.0, -0.5), 0.0);
    let poses: Vec<Transform> = (0..64)
        .map(|k| {
            let t = k as f32 / 64.0;
            Transform::new(Vec2::new(0.3 * t - 0.15, 0.79 + 0.02 * t), 0.05 * (t - 0.5))
        })
        .collect();
    let options = ManifoldOptions::default();
    let (mut looped, mut by_hand) = (Vec::new(), Vec::new());
    for _ in 0..31 {
        let t = Instant::now();
        for _ in 0..200 {
            for xf in &poses {
                let out =
                    collide_compound(black_box(&floor), xf_floor, black_box(&star), *xf, &options);
                black_box(&out);
            }
        }
        looped.push(t.elapsed().as_nanos() as f64 / (200.0 * poses.len() as f64));
        let t = Instant::now();
        for _ in 0..200 {
            for xf in &poses {
                let mut kept = Vec::new();
                for (i, pa) in floor.iter().enumerate() {
                    let xa = xf_floor.compose(pa.xf);
                    for (j, pb) in star.iter().enumerate() {
                        let xb = xf.compose(pb.xf);
                        let reach = pa.shape.bounding_radius() + pb.shape.bounding_radius();
                        if xa.p.distance_squared(xb.p) > reach * reach {
                            continue;
                        }
                        let m = collide(
                            black_box(&pa.shape),
                            xa,
                            black_box(&pb.shape),
                            xb,
                            &options,
                            &mut NoTrace,
                        );
                        if !m.is_empty() {
                            kept.push(([i, j], m));
                        }
                    }
                }
                black_box(&kept);
            }
        }
        by_hand.push(t.elapsed().as_nanos() as f64 / (200.0 * poses.len() as f64));
    }
    (median(looped), median(by_hand))
}

fn main() {
    let n = 512;
    let repeats = 31;
    let rounds = 20;
    let options = ManifoldOptions::default();
    println!(
        "{:<24} {:>10} {:>12} {:>8}",
        "pair", "ours ns", "parry2d ns", "ratio"
    );
    let mut worst: f64 = 0.0;
    let scaling = [8, 16, 32, 64].map(|k| pairs::ngons(k, n));
    let mut rows: Vec<pairs::PairSet> = pairs::all(n);
    rows.extend(scaling);
    for set in rows {
        let mut ours_t = Vec::with_capacity(repeats);
        let mut parry_t = Vec::with_capacity(repeats);
        let mut manifold: ContactManifold<(), ()> = ContactManifold::new();
        for _ in 0..repeats {
            // Ours.
            let t = Instant::now();
            for _ in 0..rounds {
                for (a, xa, b, xb) in &set.ours {
                    if set.distance {
                        let q = query(
                            black_box(a),
                            *xa,
                            black_box(b),
                            *xb,
                            &mut NoTrace,
                            &mut NoTrace,
                        );
                        black_box(&q);
                    } else {
                        let m =
                            collide(black_box(a), *xa, black_box(b), *xb, &options, &mut NoTrace);
                        black_box(&m);
                    }
                }
            }
            ours_t.push(t.elapsed().as_nanos() as f64 / (rounds * n) as f64);
            // parry2d.
            let t = Instant::now();
            for _ in 0..rounds {
                for (a, pa, b, pb) in &set.parry {
                    if set.distance {
                        black_box(
                            parry2d::query::distance(
                                pa,
                                black_box(a.as_ref()),
                                pb,
                                black_box(b.as_ref()),
                            )
                            .ok(),
                        );
                    } else {
                        let pos12 = pa.inv_mul(pb);
                        let _ = DefaultQueryDispatcher.contact_manifold_convex_convex(
                            &pos12,
                            black_box(a.as_ref()),
                            black_box(b.as_ref()),
                            None,
                            None,
                            0.0,
                            &mut manifold,
                        );
                        black_box(&manifold);
                    }
                }
            }
            parry_t.push(t.elapsed().as_nanos() as f64 / (rounds * n) as f64);
        }
        let (o, p) = (median(ours_t), median(parry_t));
        let ratio = o / p;
        worst = worst.max(ratio);
        println!("{:<24} {:>10.1} {:>12.1} {:>8.2}", set.name, o, p, ratio);
    }
    // The frame budget: everything the three modes draw for two 64-gons, every trace recorded.
    let (looped, by_hand) = compound_loop();
    println!(
        "{:<24} {:>10.1} {:>12.1} {:>8.2}   (ours: the part-pair loop / each part pair by hand)",
        "star-floor compound",
        looped,
        by_hand,
        looped / by_hand
    );
    let frame = frame_budget();
    println!("all traces, two 64-gons: {frame:.1} µs (budget 1000 µs)");
    println!("worst ratio: {worst:.2}");
}
