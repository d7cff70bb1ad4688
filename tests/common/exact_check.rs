//! Comparing one scene's report with the exact oracle, and tallying the disagreements of many.
//!
//! Tolerances (all relative to the pair's scale `L` = both bodies' bounding radii about their
//! positions plus the distance between the positions):
//!
//! - [`K`] = 64: `tol = K · f32::EPSILON · L`. The inputs are exact `f32` numbers; a correct
//!   `f32` implementation loses a few roundings per operation on coordinates of size `L`
//!   (rotating vertices, differences, dot products, a square root, folding radii), so a few
//!   `ε L` is what is achievable; 64 leaves room for a chain of a dozen such roundings and for
//!   the `f32` rounding of `cos`/`sin` of the angle, while a wrong answer (a stopped iteration,
//!   a wrong normal, a bound instead of the value) is off by 1e-4 `L` or more. The worst error
//!   actually seen is printed per check, so the margin is visible.
//! - World positions in the report are `f32` numbers of magnitude `|P|`, which may be far
//!   larger than `L` (pairs 1e5 from the origin): the point checks add [`OUTPUT_ULPS`]
//!   `· ε · |P|∞` for the rounding of the output itself, which no implementation can avoid:
//!   putting a pair-frame point back in the world rounds it once, by at most half an ulp,
//!   that is `ε |P| / 2`; one `ε |P|` allows twice that.
//! - [`UNIT_TOL`]: a unit normal in `f32` is within a few ε of length 1.
//! - The hysteresis band (DESIGN, "Conventions"): B's face becomes the reference only when
//!   `sep_b > sep_a + 0.02 |sep_a| + 0.1 · 0.005 · s` on the cores, `s` the smaller bounding
//!   radius. So a clipped point may be deeper than the truth by up to
//!   `(0.02 |core truth| + 0.1 · 0.005 · s) / 0.98` (the worst case of that inequality), plus
//!   `tol`.
#![allow(dead_code)]

use super::exact_oracle::{
    Core, Truth, boundary_distance, bounding_radius, place, support_gap, truth,
};
use super::exact_scenes::{Ran, jnum, jvec, manifold_normal, points};
use glam::DVec2;
use std::collections::BTreeMap;

/// Tolerance factor: `tol = K · f32::EPSILON · L`.
pub const K: f64 = 64.0;
/// The `f32` rounding of world coordinates in the output, in units of `ε · |P|∞` (twice the
/// half ulp of one rounding).
pub const OUTPUT_ULPS: f64 = 1.0;
/// How far from 1 the length of a reported unit normal may be.
pub const UNIT_TOL: f64 = 16.0 * f32::EPSILON as f64;
/// Box2D's linear slop, relative to the smaller body (DESIGN).
pub const LINEAR_SLOP: f64 = 0.005;

/// `f32::EPSILON` as f64.
pub const EPS: f64 = f32::EPSILON as f64;

/// The pair's geometry in f64 in the frame of A's position, and the exact answers.
pub struct Exact {
    /// A's core.
    pub a: Core,
    /// B's core.
    pub b: Core,
    /// The frame's origin (A's position) in world coordinates.
    pub origin: DVec2,
    /// The pair's scale `L`.
    pub scale: f64,
    /// The smaller bounding radius (the `s` of the hysteresis slop).
    pub smaller: f64,
    /// The exact answers.
    pub truth: Truth,
}

impl Exact {
    /// The oracle for a loaded scene: the library's own `f32` core vertices, placed in f64
    /// with the scene's positions and angles.
    pub fn of(ran: &Ran) -> Exact {
        let (scene, pair) = (&ran.loaded.scene, &ran.loaded.pair);
        let pa = scene.a.position.to_array();
        let pb = scene.b.position.to_array();
        let origin = DVec2::new(pa[0] as f64, pa[1] as f64);
        let a = place(&pair.a, pa, scene.a.angle_deg, origin);
        let b = place(&pair.b, pb, scene.b.angle_deg, origin);
        let cb = DVec2::new(pb[0] as f64, pb[1] as f64) - origin;
        let (ra, rb) = (bounding_radius(&a, DVec2::ZERO), bounding_radius(&b, cb));
        let truth = truth(&a, &b);
        Exact {
            scale: ra + rb + cb.length(),
            smaller: ra.min(rb),
            a,
            b,
            origin,
            truth,
        }
    }

    /// `K ε L`.
    pub fn tol(&self) -> f64 {
        K * EPS * self.scale
    }

    /// How much deeper than the truth a point may be (the hysteresis band, plus `tol`).
    pub fn band(&self) -> f64 {
        (0.02 * self.truth.core.abs() + 0.1 * LINEAR_SLOP * self.smaller) / 0.98 + self.tol()
    }
}

/// One disagreement, kept as an example.
#[derive(Clone, Debug)]
pub struct Example {
    /// How bad, in units of `L` (or 1 for yes/no checks).
    pub badness: f64,
    /// What was seen and expected.
    pub detail: String,
    /// The scene, as RON text.
    pub ron: String,
}

/// Disagreements and the worst observed error per check, over many scenes.
#[derive(Default)]
pub struct Tally {
    /// Scenes checked.
    pub scenes: usize,
    /// Failures per check.
    pub failures: BTreeMap<&'static str, usize>,
    /// The 3 worst failing examples per check.
    pub examples: BTreeMap<&'static str, Vec<Example>>,
    /// The worst error / L seen per numeric check, failing or not.
    pub worst: BTreeMap<&'static str, f64>,
}

impl Tally {
    /// Records an observed error (in units of `L`) for a numeric check.
    pub fn observe(&mut self, check: &'static str, err_over_l: f64) {
        let w = self.worst.entry(check).or_insert(0.0);
        if err_over_l > *w || err_over_l.is_nan() {
            *w = err_over_l; // NaN sticks, so it shows.
        }
    }

    /// Records a failure.
    pub fn fail(&mut self, check: &'static str, badness: f64, detail: String, ron: &str) {
        *self.failures.entry(check).or_insert(0) += 1;
        let list = self.examples.entry(check).or_default();
        list.push(Example {
            badness,
            detail,
            ron: ron.to_string(),
        });
        list.sort_by(|x, y| y.badness.total_cmp(&x.badness));
        list.truncate(3);
    }

    /// Records the numeric check `err <= tol` (both absolute; `scale` = L).
    pub fn numeric(
        &mut self,
        check: &'static str,
        err: f64,
        tol: f64,
        scale: f64,
        detail: impl FnOnce() -> String,
        ron: &str,
    ) {
        self.observe(check, err / scale);
        if err > tol || err.is_nan() {
            self.fail(check, err / scale, detail(), ron);
        }
    }

    /// Total failures.
    pub fn total(&self) -> usize {
        self.failures.values().sum()
    }

    /// Counts per check, the worst error per check, and the worst examples.
    pub fn summary(&self, name: &str) -> String {
        let mut s = format!(
            "== {name}: {} scenes, {} disagreements\n",
            self.scenes,
            self.total()
        );
        s += &format!(
            "   tolerance K = {K} (tol = K·ε·L, ε = f32::EPSILON); worst error seen per check:\n"
        );
        for (check, w) in &self.worst {
            s += &format!("   {check:<14} worst {w:.3e} L = {:.1} ε L\n", w / EPS);
        }
        for (check, n) in &self.failures {
            s += &format!("-- {check}: {n} failures; worst:\n");
            for e in &self.examples[check] {
                s += &format!("   [{:.3e}] {}\n{}\n", e.badness, e.detail, e.ron);
            }
        }
        s
    }
}

/// Compares one reported scene with the oracle, recording every disagreement in `tally`.
pub fn check_scene(ran: &Ran, ron: &str, margin: f64, tally: &mut Tally) {
    tally.scenes += 1;
    let ex = Exact::of(ran);
    let j = &ran.json;
    let (t, tol, l) = (ex.truth, ex.tol(), ex.scale);

    let sep = jnum(&j["separation"]);
    tally.numeric(
        "separation",
        (sep - t.separation).abs(),
        tol,
        l,
        || format!("separation {sep:e}, exact {:e}", t.separation),
        ron,
    );

    let overlap = j["overlap"].as_bool();
    if t.separation.abs() > tol && overlap != Some(t.separation < 0.0) {
        tally.fail(
            "overlap",
            t.separation.abs() / l,
            format!("overlap {overlap:?}, exact separation {:e}", t.separation),
            ron,
        );
    }

    let gjk = jnum(&j["gjk"]["distance"]);
    let core_distance = t.core.max(0.0);
    tally.numeric(
        "gjk_distance",
        (gjk - core_distance).abs(),
        tol,
        l,
        || format!("gjk.distance {gjk:e}, exact core distance {core_distance:e}"),
        ron,
    );

    let n = jvec(&j["normal"]);
    let unit_err = (n.length() - 1.0).abs();
    tally.observe("normal_unit", unit_err);
    if unit_err > UNIT_TOL || unit_err.is_nan() {
        tally.fail("normal_unit", unit_err, format!("normal {n:?}"), ron);
    }
    let gap = support_gap(&ex.a, &ex.b, n);
    tally.numeric(
        "normal_depth",
        (gap - t.separation).abs(),
        tol,
        l,
        || {
            format!(
                "support gap along normal {n:?} is {gap:e}, exact separation {:e}",
                t.separation
            )
        },
        ron,
    );

    check_points(&ex, j, ron, margin, tally);
}

/// The checks on the report's points.
pub fn check_points(ex: &Exact, j: &serde_json::Value, ron: &str, margin: f64, tally: &mut Tally) {
    let (t, tol, l) = (ex.truth, ex.tol(), ex.scale);
    let pts = points(j);
    for (_, s, id) in &pts {
        if *s > margin || s.is_nan() {
            tally.fail(
                "point_margin",
                (s - margin) / l,
                format!("point {id} separation {s:e} > margin {margin:e}"),
                ron,
            );
        }
        if t.separation > tol && *s < 0.0 {
            tally.fail(
                "point_apart",
                -s / l,
                format!(
                    "exact separation {:e} (apart) but point {id} has separation {s:e}",
                    t.separation
                ),
                ron,
            );
        }
    }
    if t.separation < -tol && pts.is_empty() {
        tally.fail(
            "point_missing",
            -t.separation / l,
            format!("exact separation {:e} but no point", t.separation),
            ron,
        );
    }
    if let Some(min) = pts.iter().map(|p| p.1).reduce(f64::min) {
        let excess = (t.separation - min) - ex.band();
        tally.observe("point_depth", (excess + ex.tol()).max(0.0) / l);
        if excess > 0.0 || excess.is_nan() {
            tally.fail(
                "point_depth",
                excess / l,
                format!(
                    "deepest point {min:e}, exact separation {:e}, allowed band {:e}",
                    t.separation,
                    ex.band()
                ),
                ron,
            );
        }
    }
    let Some(n) = manifold_normal(j) else {
        if !pts.is_empty() {
            tally.fail("point_normal", 1.0, "no manifold normal".into(), ron);
        }
        return;
    };
    check_manifold_normal(ex, n, !pts.is_empty(), ron, tally);
    for (p, s, id) in &pts {
        let world = *p;
        let p = world - ex.origin;
        let on_a = p - n * (0.5 * s + ex.a.radius);
        let on_b = p + n * (0.5 * s + ex.b.radius);
        let slack = tol + OUTPUT_ULPS * EPS * world.x.abs().max(world.y.abs());
        let (da, db) = (
            boundary_distance(&ex.a, on_a),
            boundary_distance(&ex.b, on_b),
        );
        for (check, d, which) in [("point_on_a", da, "A"), ("point_on_b", db, "B")] {
            tally.numeric(
                check,
                d,
                slack,
                l,
                || {
                    format!(
                        "point {id} at {world:?} (separation {s:e}, manifold normal {n:?}): its {which} core point is {d:e} from {which}'s core boundary"
                    )
                },
                ron,
            );
        }
    }
}

/// A manifold with points must carry a valid normal: the shapes' support gap along it (how
/// deep they are along it) within the hysteresis band of the truth. A normal outside the
/// contact's normal cone reads the shapes deeper (a circle centred on a turned box's corner,
/// given a fixed axis: 29% deeper).
pub fn check_manifold_normal(ex: &Exact, n: DVec2, has_points: bool, ron: &str, tally: &mut Tally) {
    if !has_points || n.length() == 0.0 {
        return;
    }
    let gap = support_gap(&ex.a, &ex.b, n.normalize());
    let excess = (ex.truth.separation - gap) - ex.band();
    tally.observe("manifold_normal", (excess + ex.band()).max(0.0) / ex.scale);
    if excess > 0.0 || excess.is_nan() {
        tally.fail(
            "manifold_normal",
            excess / ex.scale,
            format!(
                "along the manifold normal {n:?} the support gap is {gap:e}; exact separation {:e}, band {:e}",
                ex.truth.separation,
                ex.band()
            ),
            ron,
        );
    }
}
