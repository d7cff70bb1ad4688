//! Criterion benchmarks: our untraced `collide` (or `query` for a separated pair) beside
//! parry2d's closest equivalent on the same inputs, and our traced call beside the untraced.
//!
//! `cargo bench --bench narrowphase`. For one quick table of ratios, run
//! `cargo run --release --manifest-path bench/Cargo.toml --bin versus`.

#[path = "support/pairs.rs"]
mod pairs;

use criterion::{Criterion, criterion_group, criterion_main};
use narrowphase_lab::geom::{ManifoldOptions, NoTrace, collide, query};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use std::hint::black_box;

fn narrowphase(c: &mut Criterion) {
    let options = ManifoldOptions::default();
    let scaling = [8, 16, 32, 64].map(|k| pairs::ngons(k, 64));
    for set in pairs::all(64).into_iter().chain(scaling) {
        let mut g = c.benchmark_group(set.name);
        g.bench_function("ours", |bench| {
            bench.iter(|| {
                for (a, xa, b, xb) in &set.ours {
                    if set.distance {
                        black_box(&query(a, *xa, b, *xb, &mut NoTrace, &mut NoTrace));
                    } else {
                        black_box(&collide(a, *xa, b, *xb, &options, &mut NoTrace));
                    }
                }
            })
        });
        g.bench_function("ours traced", |bench| {
            bench.iter(|| {
                for (a, xa, b, xb) in &set.ours {
                    if set.distance {
                        let (mut gs, mut es) = (Vec::new(), Vec::new());
                        black_box(&query(a, *xa, b, *xb, &mut gs, &mut es));
                    } else {
                        let mut steps = Vec::new();
                        black_box(&collide(a, *xa, b, *xb, &options, &mut steps));
                    }
                }
            })
        });
        let mut manifold: ContactManifold<(), ()> = ContactManifold::new();
        g.bench_function("parry2d", |bench| {
            bench.iter(|| {
                for (a, pa, b, pb) in &set.parry {
                    if set.distance {
                        black_box(parry2d::query::distance(pa, a.as_ref(), pb, b.as_ref()).ok());
                    } else {
                        let pos12 = pa.inv_mul(pb);
                        let _ = DefaultQueryDispatcher.contact_manifold_convex_convex(
                            &pos12,
                            a.as_ref(),
                            b.as_ref(),
                            None,
                            None,
                            0.0,
                            &mut manifold,
                        );
                        black_box(&manifold);
                    }
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, narrowphase);
criterion_main!(benches);
