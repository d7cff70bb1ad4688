//! Runs one benchmark pair type in a loop, for a profiler:
//! `perf record ./target/release/examples/profile_pair "box-box rotated"`.

#[path = "../benches/support/pairs.rs"]
#[allow(dead_code)]
mod pairs;

use narrowphase_lab::geom::{ManifoldOptions, NoTrace, collide};
use std::hint::black_box;

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "box-box rotated".into());
    let Some(set) = pairs::all(512).into_iter().find(|s| s.name == name) else {
        eprintln!("no pair type named {name:?}");
        std::process::exit(2);
    };
    let options = ManifoldOptions::default();
    for _ in 0..4000 {
        for (a, xa, b, xb) in &set.ours {
            let m = collide(black_box(a), *xa, black_box(b), *xb, &options, &mut NoTrace);
            black_box(&m);
        }
    }
}
