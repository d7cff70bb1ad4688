//! Ours against parry2d 0.31 and Box2D v3, side by side in one process: for each pair row, the
//! same poses through each library, timed in alternation, median of repeats. The Box2D column
//! runs ours with Box2D's speculative distance as the margin (Box2D keeps points within it).
//!
//! `cargo run --release --manifest-path bench/Cargo.toml --bin versus [-- --instructions]`
//!
//! `--instructions` counts instructions (and mispredicted branches) per pair under
//! `valgrind --tool=callgrind --branch-sim=yes` instead of timing: figures that do not move
//! with the machine's load. Each count is a run of this program (`--count ROW LIB ROUNDS`) at
//! two round counts, their difference divided by the pairs run, so set-up is not counted.

use narrowphase_bench::b2::{self, B2Shape};
use narrowphase_bench::pairs::{self, PairSet};
use narrowphase_lab::geom::{ManifoldOptions, NoTrace, Transform, collide, query};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

/// The libraries of a row, in the order of the table's columns.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Lib {
    Ours,
    Parry,
    /// Ours with Box2D's speculative distance as the margin, beside Box2D.
    OursSpeculative,
    Box2d,
}

const LIBS: [Lib; 4] = [Lib::Ours, Lib::Parry, Lib::OursSpeculative, Lib::Box2d];

impl Lib {
    fn name(self) -> &'static str {
        match self {
            Lib::Ours => "ours",
            Lib::Parry => "parry",
            Lib::OursSpeculative => "ours-spec",
            Lib::Box2d => "box2d",
        }
    }

    fn parse(s: &str) -> Option<Lib> {
        LIBS.into_iter().find(|l| l.name() == s)
    }
}

/// A row with its Box2D shapes (`None` where Box2D has no such pair).
struct Row {
    set: PairSet,
    box2d: Option<Vec<(B2Shape, Transform, B2Shape, Transform)>>,
}

fn rows(n: usize) -> Vec<Row> {
    let mut sets = pairs::all(n);
    sets.extend([8, 16, 32, 64].map(|k| pairs::ngons(k, n)));
    sets.into_iter()
        .map(|set| {
            let box2d = if set.distance {
                None
            } else {
                set.ours
                    .iter()
                    .map(|(a, xa, b, xb)| {
                        let (a, b) = (b2::shape(a)?, b2::shape(b)?);
                        b2::supported(&a, &b).then_some((a, *xa, b, *xb))
                    })
                    .collect()
            };
            Row { set, box2d }
        })
        .collect()
}

/// Whether `lib` has the row's pairs (Box2D has no polygon of more than 8 vertices, and the
/// distance rows are ours against parry2d only).
fn available(row: &Row, lib: Lib) -> bool {
    match lib {
        Lib::Ours | Lib::Parry => true,
        Lib::OursSpeculative | Lib::Box2d => row.box2d.is_some(),
    }
}

/// One pass of `lib` over the row's pairs; `false` when the library has no such pair.
#[inline(never)]
fn pass(row: &Row, lib: Lib, manifold: &mut ContactManifold<(), ()>) -> bool {
    let set = &row.set;
    let margin = |m: f32| ManifoldOptions {
        speculative_margin: m,
        ..ManifoldOptions::default()
    };
    match lib {
        _ if !available(row, lib) => return false,
        Lib::Ours | Lib::OursSpeculative => {
            let options = margin(if lib == Lib::Ours {
                0.0
            } else {
                b2::SPECULATIVE_DISTANCE
            });
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
                    let m = collide(black_box(a), *xa, black_box(b), *xb, &options, &mut NoTrace);
                    black_box(&m);
                }
            }
        }
        Lib::Parry => {
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
                        manifold,
                    );
                    black_box(&*manifold);
                }
            }
        }
        Lib::Box2d => {
            let Some(pairs) = &row.box2d else {
                return false;
            };
            for (a, xa, b, xb) in pairs {
                let m = b2::collide(black_box(a), black_box(b), b2::relative(*xa, *xb));
                black_box(&m);
            }
        }
    }
    true
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

const PAIRS: usize = 512;

fn ratio_text(x: Option<f64>, y: Option<f64>) -> (String, Option<f64>) {
    match (x, y) {
        (Some(x), Some(y)) => (format!("{:.2}", x / y), Some(x / y)),
        _ => ("—".into(), None),
    }
}

fn number(x: Option<f64>) -> String {
    x.map_or("—".into(), |x| format!("{x:.1}"))
}

/// Times every row: nanoseconds per pair, median of repeats, the libraries alternating.
fn timed(rows: &[Row]) {
    let (repeats, rounds) = (31, 20);
    let mut manifold = ContactManifold::new();
    let mut table = Vec::new();
    for row in rows {
        let mut times: [Vec<f64>; 4] = Default::default();
        for _ in 0..repeats {
            for (k, lib) in LIBS.into_iter().enumerate() {
                let t = Instant::now();
                let mut ran = true;
                for _ in 0..rounds {
                    ran &= pass(row, lib, &mut manifold);
                }
                if ran {
                    times[k].push(t.elapsed().as_nanos() as f64 / (rounds * PAIRS) as f64);
                }
            }
        }
        let t = times.map(|v| (!v.is_empty()).then(|| median(v)));
        table.push((row.set.name, t));
    }
    print_table("ns", &table, true);
}

/// Instructions and mispredicted branches per pair, under callgrind.
fn counted(rows: &[Row]) {
    let exe = std::env::current_exe().expect("own path");
    let count = |row: usize, lib: Lib, rounds: usize| -> Option<[u64; 2]> {
        let out = Command::new("valgrind")
            .args([
                "--tool=callgrind",
                "--branch-sim=yes",
                "--callgrind-out-file=/dev/null",
            ])
            .arg(&exe)
            .args(["--count", &row.to_string(), lib.name(), &rounds.to_string()])
            .output()
            .expect("valgrind (Debian package valgrind) runs");
        assert!(
            out.status.success() || out.status.code() == Some(3),
            "{out:?}"
        );
        if out.status.code() == Some(3) {
            return None;
        }
        // "==pid== Collected : Ir Bc Bcm Bi Bim"
        let text = String::from_utf8_lossy(&out.stderr);
        let line = text.lines().find(|l| l.contains("Collected :"))?;
        let n: Vec<u64> = line
            .split(':')
            .nth(1)?
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        Some([n[0], n[2] + n[4]])
    };
    let rounds = 4;
    let mut table = Vec::new();
    let mut misses = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let mut t = [None; 4];
        let mut m = [None; 4];
        for (k, lib) in LIBS.into_iter().enumerate() {
            if let (Some(hi), Some(lo)) = (count(i, lib, rounds), count(i, lib, 0)) {
                let per = |j: usize| (hi[j] - lo[j]) as f64 / (rounds * PAIRS) as f64;
                t[k] = Some(per(0));
                m[k] = Some(per(1));
            }
        }
        table.push((row.set.name, t));
        misses.push((row.set.name, m));
    }
    print_table("instructions", &table, true);
    println!();
    println!("mispredicted branches per pair (callgrind's branch simulation):");
    print_table("mispredicts", &misses, false);
}

fn print_table(unit: &str, table: &[(&str, [Option<f64>; 4])], worst: bool) {
    println!(
        "{:<22} {:>10} {:>10} {:>7} {:>12} {:>10} {:>7}",
        "pair",
        format!("ours {unit}"),
        "parry2d",
        "ratio",
        "ours@0.02",
        "box2d-v3",
        "ratio"
    );
    let (mut worst_parry, mut worst_box2d) = (0.0f64, 0.0f64);
    for (name, [ours, parry, spec, box2d]) in table {
        let (rp, p) = ratio_text(*ours, *parry);
        let (rb, b) = ratio_text(*spec, *box2d);
        worst_parry = worst_parry.max(p.unwrap_or(0.0));
        worst_box2d = worst_box2d.max(b.unwrap_or(0.0));
        println!(
            "{:<22} {:>10} {:>10} {:>7} {:>12} {:>10} {:>7}",
            name,
            number(*ours),
            number(*parry),
            rp,
            number(*spec),
            number(*box2d),
            rb
        );
    }
    if worst {
        println!("worst ratio (ours / parry2d): {worst_parry:.2}");
        println!("worst ratio (ours / box2d-v3): {worst_box2d:.2}");
    }
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
            link: None,
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows = rows(PAIRS);
    match args.first().map(String::as_str) {
        Some("--count") => {
            // One library on one row, ROUNDS passes: what `--instructions` counts.
            let row: usize = args[1].parse().expect("row");
            let lib = Lib::parse(&args[2]).expect("library");
            let rounds: usize = args[3].parse().expect("rounds");
            if !available(&rows[row], lib) {
                std::process::exit(3);
            }
            let mut manifold = ContactManifold::new();
            for _ in 0..rounds {
                pass(&rows[row], lib, &mut manifold);
            }
        }
        Some("--instructions") => counted(&rows),
        None => {
            timed(&rows);
            let (looped, by_hand) = compound_loop();
            println!(
                "star-floor compound: {looped:.1} ns per body pair through the part-pair loop, \
                 {by_hand:.1} ns by hand ({:.2})",
                looped / by_hand
            );
            let frame = frame_budget();
            println!("all traces, two 64-gons: {frame:.1} µs (budget 1000 µs)");
        }
        Some(other) => {
            eprintln!("versus: unknown argument {other:?} (try --instructions)");
            std::process::exit(2);
        }
    }
}
