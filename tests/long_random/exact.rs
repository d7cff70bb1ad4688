//! Issue 12: `report` against exact geometry, at every scale.
//!
//! The oracle (`common/exact_oracle.rs`) computes in f64 the signed distance of the origin to
//! the hull of B's core minus A's core, less both radii, from the library's own `f32` core
//! vertices placed with the scene's positions and angles. Every scene here is RON text loaded
//! by the library's scene loader and reported by `report::report` on its `PairTraces`, exactly
//! what `narrowphase-lab report` prints (`common/exact_scenes.rs`). The checks and the
//! tolerances, with why, are in `common/exact_check.rs`: `tol = 64 ε L`, `L` the pair's scale.
//!
//! Every test is deterministic (fixed seeds), collects every disagreement before asserting,
//! and prints the counts per check, the worst error seen per check (in units of `L` and of
//! `ε L`: the margin under the tolerance) and the three worst scenes as RON. Run
//! `cargo test --release --test long_random -- --nocapture exact::` to see the margins of passing
//! tests.
//!
//! The point checks use the manifold's own normal, which the report exposes as the `normal` of
//! the last (`done`) step of `clip.steps`; `separation`, `overlap`, `gjk.distance` and the
//! normal check use the top-level fields.

mod chains;
mod edges;
mod families;
mod regressions;

use crate::common::Rng;
use crate::common::exact_check::{EPS, Exact, K, Tally, check_scene};
use crate::common::exact_scenes::{Band, Ran, SceneDesc, jnum, jvec, points, random_scene, run};
use std::collections::BTreeMap;

/// Scenes per band: every ordered pair of the 7 shape types, 205 times.
const SCENES: usize = 49 * 205;

/// Loads, reports and checks one scene; a scene the loader refuses, or a robustly convex
/// polygon the loader changes (anything but reversing a clockwise list), is a disagreement.
pub fn check_desc(desc: &SceneDesc, tally: &mut Tally) -> Option<Ran> {
    let ron = desc.ron();
    match run(desc) {
        Ok(ran) => {
            for w in &ran.loaded.warnings {
                if !w.message.contains("clockwise") {
                    tally.fail("polygon_kept", 1.0, w.to_string(), &ron);
                }
            }
            check_scene(&ran, &ron, desc.margin as f64, tally);
            Some(ran)
        }
        Err(e) => {
            tally.scenes += 1;
            tally.fail("loads", 1.0, e.to_string(), &ron);
            None
        }
    }
}

fn band_test(name: &str, seed: u64, band: Band) {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for i in 0..SCENES {
        let desc = random_scene(&mut rng, &band, i, name);
        check_desc(&desc, &mut tally);
    }
    let summary = tally.summary(name);
    println!("{summary}");
    assert_eq!(tally.total(), 0, "{summary}");
}

#[test]
fn band_tiny_sizes_1e_5_to_1e_3() {
    let band = Band {
        sizes: (1e-5, 1e-3),
        far: None,
        spread: 2.0,
    };
    band_test("tiny", 0x5EED_0001, band);
}

#[test]
fn band_unit_sizes_1e_2_to_1e2() {
    let band = Band {
        sizes: (1e-2, 1e2),
        far: None,
        spread: 2.0,
    };
    band_test("unit", 0x5EED_0002, band);
}

#[test]
fn band_huge_sizes_1e3_to_1e5() {
    let band = Band {
        sizes: (1e3, 1e5),
        far: None,
        spread: 2.0,
    };
    band_test("huge", 0x5EED_0003, band);
}

#[test]
fn band_far_sizes_0_1_to_10_placed_1e3_to_1e5_from_origin() {
    let band = Band {
        sizes: (0.1, 10.0),
        far: Some((1e3, 1e5)),
        spread: 0.0,
    };
    band_test("far", 0x5EED_0004, band);
}

// ------------------------------------------------------------------------------------------
// Scale invariance.

/// Base scenes for the scale tests: bodies 0.5..3 across, A within ±0.5 size of the origin, so
/// that every scaled number stays in the accepted ranges (sizes >= 1e-6, |x| <= 1e6).
const SCALE_BAND: Band = Band {
    sizes: (0.5, 3.0),
    far: None,
    spread: 0.25,
};

/// Results equal to `k ×` the unscaled ones within this many `ε k L`.
const SCALE_ULPS: f64 = 4.0;

#[test]
fn scaling_by_powers_of_two_scales_the_report() {
    let mut rng = Rng::new(0x5CA1E);
    let mut tally = Tally::default();
    let (mut by_j, mut refused_by_j) = (BTreeMap::new(), BTreeMap::new());
    for i in 0..300 {
        let base = random_scene(&mut rng, &SCALE_BAND, i, "scale");
        let Ok(one) = run(&base) else {
            tally.fail("loads", 1.0, "base scene refused".into(), &base.ron());
            continue;
        };
        let l = Exact::of(&one).scale;
        for j in -16..=16 {
            let k = 2f32.powi(j);
            let desc = base.scaled(k);
            let ron = desc.ron();
            tally.scenes += 1;
            let ran = match run(&desc) {
                Ok(r) => r,
                Err(e) => {
                    tally.fail("loads", 1.0, e.to_string(), &ron);
                    *refused_by_j.entry(j).or_insert(0) += 1;
                    continue;
                }
            };
            let before = tally.total();
            compare_scaled(&one.json, &ran.json, k as f64, l, &ron, &mut tally);
            if tally.total() > before {
                *by_j.entry(j).or_insert(0) += 1;
            }
        }
    }
    let mut summary = tally.summary("scale by 2^j, j in -16..=16");
    summary += &format!("   scenes refused by the loader, by j: {refused_by_j:?}\n");
    summary += &format!("   loaded scenes with a disagreement, by j: {by_j:?}\n");
    println!("{summary}");
    assert_eq!(tally.total(), 0, "{summary}");
}

/// The report of the scene scaled by `k` (`b`) against `k ×` the report of the scene (`a`):
/// same flag, point count and ids; values within `SCALE_ULPS ε k L`.
fn compare_scaled(
    a: &serde_json::Value,
    b: &serde_json::Value,
    k: f64,
    l: f64,
    ron: &str,
    t: &mut Tally,
) {
    let tol = SCALE_ULPS * EPS * k * l;
    if a["overlap"] != b["overlap"] {
        t.fail(
            "scaled_overlap",
            1.0,
            format!("overlap {} vs {} unscaled", b["overlap"], a["overlap"]),
            ron,
        );
    }
    let (pa, pb) = (points(a), points(b));
    let ids = |p: &[(glam::DVec2, f64, u64)]| p.iter().map(|x| x.2).collect::<Vec<_>>();
    if ids(&pa) != ids(&pb) {
        t.fail(
            "scaled_ids",
            1.0,
            format!("ids {:?} vs {:?} unscaled", ids(&pb), ids(&pa)),
            ron,
        );
    }
    for field in ["separation", "gjk.distance"] {
        let get = |j: &serde_json::Value| match field {
            "separation" => jnum(&j["separation"]),
            _ => jnum(&j["gjk"]["distance"]),
        };
        let (x, y) = (get(a) * k, get(b));
        let check = if field == "separation" {
            "scaled_separation"
        } else {
            "scaled_gjk"
        };
        t.numeric(
            check,
            (x - y).abs(),
            tol,
            k * l,
            || format!("{field} {y:e}, k × unscaled = {x:e}"),
            ron,
        );
    }
    let (na, nb) = (jvec(&a["normal"]), jvec(&b["normal"]));
    t.numeric(
        "scaled_normal",
        (na - nb).length(),
        SCALE_ULPS * EPS,
        1.0,
        || format!("normal {nb:?} vs {na:?} unscaled"),
        ron,
    );
    if ids(&pa) == ids(&pb) {
        for (p, q) in pa.iter().zip(&pb) {
            let slack = tol + SCALE_ULPS * EPS * k * p.0.x.abs().max(p.0.y.abs());
            t.numeric(
                "scaled_point",
                (p.0 * k - q.0).length(),
                slack,
                k * l,
                || format!("point {:?}, k × unscaled {:?}", q.0, p.0 * k),
                ron,
            );
            t.numeric(
                "scaled_point_sep",
                (p.1 * k - q.1).abs(),
                tol,
                k * l,
                || format!("point separation {:e}, k × unscaled {:e}", q.1, p.1 * k),
                ron,
            );
        }
    }
}

#[test]
fn scaling_by_any_factor_keeps_the_answer_within_tolerance() {
    let factors: [f32; 8] = [1e-5, 3.3e-4, 0.0123, 0.7237, 7.389, 271.8, 3141.6, 1e5];
    let mut rng = Rng::new(0x5CA1F);
    let mut tally = Tally::default();
    for i in 0..147 {
        let base = random_scene(&mut rng, &SCALE_BAND, i, "scale-any");
        let Ok(one) = run(&base) else {
            tally.fail("loads", 1.0, "base scene refused".into(), &base.ron());
            continue;
        };
        let ex = Exact::of(&one);
        for &k in &factors {
            let desc = base.scaled(k);
            let ron = desc.ron();
            tally.scenes += 1;
            let ran = match run(&desc) {
                Ok(r) => r,
                // A size scaled out of the accepted range (a radius of 0.09 × 1e-5) must be
                // refused, and for that reason only.
                Err(e) if e.to_string().contains("out of the supported range") => {
                    tally.scenes -= 1;
                    continue;
                }
                Err(e) => {
                    tally.fail("loads", 1.0, e.to_string(), &ron);
                    continue;
                }
            };
            // Both sides may be off by `tol` (and the scaled inputs are rounded to f32).
            let (k, tol) = (k as f64, 2.0 * ex.tol());
            let (s1, sk) = (
                jnum(&one.json["separation"]),
                jnum(&ran.json["separation"]) / k,
            );
            tally.numeric(
                "scaled_separation",
                (s1 - sk).abs(),
                tol,
                ex.scale,
                || format!("separation / k = {sk:e}, unscaled {s1:e}"),
                &ron,
            );
            let (g1, gk) = (
                jnum(&one.json["gjk"]["distance"]),
                jnum(&ran.json["gjk"]["distance"]) / k,
            );
            tally.numeric(
                "scaled_gjk",
                (g1 - gk).abs(),
                tol,
                ex.scale,
                || format!("gjk.distance / k = {gk:e}, unscaled {g1:e}"),
                &ron,
            );
            if s1.abs() > tol && one.json["overlap"] != ran.json["overlap"] {
                tally.fail(
                    "scaled_overlap",
                    1.0,
                    format!(
                        "overlap {} vs {} unscaled",
                        ran.json["overlap"], one.json["overlap"]
                    ),
                    &ron,
                );
            }
        }
    }
    let summary = tally.summary(&format!(
        "scale by non-powers of two (tol 2·K·ε·L, K = {K})"
    ));
    println!("{summary}");
    assert_eq!(tally.total(), 0, "{summary}");
}

// ------------------------------------------------------------------------------------------
// The oracle itself.

/// The f64 oracle against the independent brute force of `tests/common` (the best support gap
/// over 10^4 sampled directions, refined) on random unit-size scenes of every pair type, and
/// against closed forms. If this fails, the other tests' verdicts mean nothing.
#[test]
fn oracle_agrees_with_brute_force_and_closed_forms() {
    let band = Band {
        sizes: (0.5, 3.0),
        far: None,
        spread: 2.0,
    };
    let mut rng = Rng::new(0x0AC1E);
    let mut worst = 0.0f64;
    for i in 0..490 {
        let desc = random_scene(&mut rng, &band, i, "oracle");
        let ran = run(&desc).expect("unit-size scenes load");
        let ex = Exact::of(&ran);
        let p = &ran.loaded.pair;
        let (brute, _) = crate::common::exact_oracle::brute_separation(&p.a, p.xf_a, &p.b, p.xf_b);
        let err = (brute - ex.truth.separation).abs() / ex.scale;
        worst = worst.max(err);
        assert!(
            err <= K * EPS,
            "oracle {:e} vs brute force {brute:e}\n{}",
            ex.truth.separation,
            desc.ron()
        );
    }
    println!("oracle vs brute force: worst {worst:.3e} L");
    // Closed forms: circles 3-4-5 apart; a unit box and a circle over its corner.
    let exact =
        |ron: &str| Exact::of(&crate::common::exact_scenes::run_text(ron, "x.ron").unwrap()).truth;
    let circles = exact(
        "Scene(title: \"c\", a: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)), \
         b: Body(shape: Circle(radius: 1.5), position: (3.0, 4.0)))",
    );
    assert_eq!(circles.separation, 2.5);
    let corner = exact(
        "Scene(title: \"c\", a: Body(shape: Box(width: 2.0, height: 2.0), position: (0.0, 0.0), angle_deg: 90.0), \
         b: Body(shape: Circle(radius: 0.5), position: (4.0, 5.0)))",
    );
    assert_eq!(corner.separation, 4.5);
    let inside = exact(
        "Scene(title: \"c\", a: Body(shape: Box(width: 4.0, height: 2.0), position: (0.0, 0.0)), \
         b: Body(shape: Capsule(length: 1.0, radius: 0.25), position: (0.25, 0.5)))",
    );
    assert_eq!(inside.core, -0.5);
    assert_eq!(inside.separation, -0.75);
}
