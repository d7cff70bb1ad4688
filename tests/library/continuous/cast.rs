//! The shape cast against the exact first contact (`exact.rs`, f64) on random translating pairs
//! in every band, both orders, grazing and parallel sweeps; parry2d's `cast_shapes` as a second
//! oracle at unit scale.
//!
//! What the cast promises, and so what is asserted: it stops at the first `t` where the cores'
//! distance is within `[target, target + tolerance)` (`tolerance = slop / 4`), never past the
//! first time the distance reaches `target`. In exact arithmetic its `t` therefore lies in
//! `[t(target + tolerance), t(target)]`, `t(x)` being the exact first time the cores come within
//! `x` (the f64 ray cast). In f32 each measured distance is off by a few roundings of the numbers
//! it is computed from: the pair frame's positions, the shapes' size and the sweep `t·v`. With
//! `L` = the largest of those (|A's position| + |B's position| + |v| + both bounding radii), the
//! bracket is widened by `δ = 64 ε L` in *distance*: `t ∈ [t(target + tolerance + δ),
//! t(target − δ)]`. Measuring in distance (not `t`) keeps the bound honest for grazing sweeps,
//! where a tiny distance error moves the contact time a lot. A miss must have no contact at
//! `target − δ` before the end; an overlap must start within `target + tolerance + δ`.
//!
//! Bands: tiny (shapes 4e-6 to 4e-5 across, the least radius 1e-6; the slop scales with them, see `default_slop`), normal
//! (unit), huge (1e5 across, positions to 1e6), far (unit shapes 1e4 from the origin, where the
//! f32 resolution 1e-3 is a fifth of the slop, so `δ` dominates).

use super::exact::{core, first_time};
use crate::common::*;
use glam::Vec2;
use narrowphase_lab::geom::cast::target_and_tolerance;
use narrowphase_lab::geom::{
    CastInput, CastOutput, CastStep, NoTrace, Shape, SweepState, Transform, default_slop,
    shape_cast,
};

/// Roundings of the pair's numbers allowed in a measured distance.
const ROUNDINGS: f32 = 64.0;

/// One sweep: A at `xa`, B from `xb` moving by `v`.
#[derive(Clone, Debug)]
pub struct Sweep {
    pub a: Shape,
    pub xa: Transform,
    pub b: Shape,
    pub xb: Transform,
    pub v: Vec2,
}

impl Sweep {
    /// The same relative motion with the roles swapped: A moves by −v against B.
    pub fn swapped(&self) -> Sweep {
        Sweep {
            a: self.b,
            xa: self.xb,
            b: self.a,
            xb: self.xa,
            v: -self.v,
        }
    }

    /// The scale of the numbers the cast computes with.
    pub fn scale(&self) -> f32 {
        self.xa.p.abs().max_element()
            + self.xb.p.abs().max_element()
            + self.v.abs().max_element()
            + self.a.bounding_radius()
            + self.b.bounding_radius()
    }

    /// The exact first fraction at which the cores come within `r`.
    pub fn exact(&self, r: f64) -> Option<f64> {
        first_time(&core(&self.a, self.xa), &core(&self.b, self.xb), self.v, r)
    }
}

/// A shape of kind `k` about `s` across.
pub fn shape(rng: &mut Rng, k: usize, s: f32) -> Shape {
    let spec = match k % 5 {
        0 => Spec::Circle(rng.range(0.1, 1.0) * s),
        1 => Spec::Box(rng.range(0.2, 2.0) * s, rng.range(0.2, 2.0) * s, 0.0),
        2 => Spec::Box(
            rng.range(0.2, 1.5) * s,
            rng.range(0.2, 1.5) * s,
            rng.range(0.05, 0.3) * s,
        ),
        3 => Spec::Capsule(rng.range(0.2, 2.0) * s, rng.range(0.05, 0.6) * s),
        _ => match rng.polygon(0.0) {
            Spec::Polygon(p, _) => {
                let p: Vec<Vec2> = p.iter().map(|v| *v * s).collect();
                Spec::Polygon(p, 0.0)
            }
            other => other,
        },
    };
    spec.shape()
}

/// A random sweep at scale `s` about `centre`: B starts clear of A (1–3 reaches away) and moves
/// towards a point near A (within 1.3 reaches, so some pass by), over 0.3–2.5 times the way.
pub fn random_sweep(rng: &mut Rng, s: f32, centre: Vec2) -> Sweep {
    let (ka, kb) = (rng.int(0, 4), rng.int(0, 4));
    let a = shape(rng, ka, s);
    let b = shape(rng, kb, s);
    let reach = a.bounding_radius() + b.bounding_radius();
    let xa = Transform::new(centre, rng.angle());
    let dir = Vec2::from_angle(rng.angle());
    let xb = Transform::new(centre + dir * reach * rng.range(1.05, 3.0), rng.angle());
    let aim = centre + Vec2::from_angle(rng.angle()) * reach * rng.range(0.0, 1.3);
    let v = (aim - xb.p) * rng.range(0.3, 2.5);
    Sweep { a, xa, b, xb, v }
}

/// A sweep that slides B past A parallel to a face pair, at a gap of `gap` (±): two boxes, both
/// turned by the same angle, B moving along their faces.
pub fn parallel_sweep(rng: &mut Rng, s: f32, centre: Vec2, gap: f32) -> Sweep {
    let (wa, ha) = (rng.range(0.5, 2.0) * s, rng.range(0.5, 2.0) * s);
    let (wb, hb) = (rng.range(0.5, 2.0) * s, rng.range(0.5, 2.0) * s);
    let angle = [0.0, 90.0, 30.0, -45.0][rng.int(0, 3)];
    let q = narrowphase_lab::geom::Rot::from_degrees(angle);
    let up = q.apply(Vec2::Y);
    let along = q.apply(Vec2::X);
    let xa = Transform { p: centre, q };
    let lift = 0.5 * (ha + hb) + gap;
    let start = centre + up * lift - along * (0.5 * (wa + wb) + s * rng.range(0.2, 1.0));
    let xb = Transform { p: start, q };
    let v = along * (wa + wb) * rng.range(1.0, 2.0);
    Sweep {
        a: Shape::make_box(wa, ha, 0.0).expect("box"),
        xa,
        b: Shape::make_box(wb, hb, 0.0).expect("box"),
        xb,
        v,
    }
}

/// A sweep in a line: each shape's core and radius, the poses and the motion.
pub fn describe(sw: &Sweep) -> String {
    let shape = |s: &Shape| format!("{:?} r {}", s.vertices(), s.radius());
    format!(
        "A {} at {:?}; B {} at {:?}; v {:?}",
        shape(&sw.a),
        sw.xa,
        shape(&sw.b),
        sw.xb,
        sw.v
    )
}

/// Checks one cast against the exact bracket; returns |t − t(target)| (0 unless a hit).
pub fn check(sw: &Sweep, label: &str) -> (SweepState, f64) {
    let slop = default_slop(&sw.a, &sw.b);
    let input = CastInput {
        translation: sw.v,
        slop,
    };
    let out: CastOutput = shape_cast(&sw.a, sw.xa, &sw.b, sw.xb, &input, &mut NoTrace);
    // Box2D's target and tolerance, widened to what f32 can measure: never by more than 16 ε L
    // (the tolerance) and twice that (the target).
    let (target, tol) = target_and_tolerance(sw.a.radius(), sw.b.radius(), slop, 0.0);
    let floor = 16.0 * f32::EPSILON * sw.scale();
    assert!(
        out.tolerance >= tol && out.tolerance <= tol.max(floor),
        "{label}: {out:?}"
    );
    assert!(
        out.target >= target && out.target <= target.max(2.0 * floor),
        "{label}: {out:?}"
    );
    let (target, tol) = (out.target, out.tolerance);
    let delta = (ROUNDINGS * f32::EPSILON * sw.scale()) as f64;
    let (target, tol) = (target as f64, tol as f64);
    let early = sw.exact(target + tol + delta);
    let late = sw.exact((target - delta).max(0.0));
    let eta = 4.0 * f32::EPSILON as f64;
    let ctx = || {
        format!(
            "{label}: {out:?} early {early:?} late {late:?} {}",
            describe(sw)
        )
    };
    let t = out.t as f64;
    assert!(
        out.t.is_finite() && out.normal.is_finite() && out.point.is_finite(),
        "{}",
        ctx()
    );
    match out.state {
        SweepState::Overlapped => assert_eq!(early, Some(0.0), "{}", ctx()),
        SweepState::Hit => {
            let lo = early.expect("a hit has an early bracket");
            let hi = late.unwrap_or(f64::INFINITY).min(1.0);
            assert!(t >= lo - eta && t <= hi + eta, "{}", ctx());
        }
        SweepState::Separated => {
            assert!(late.is_none_or(|l| l >= 1.0 - eta), "{}", ctx());
        }
        SweepState::Failed => panic!("the cast failed: {}", ctx()),
    }
    if late == Some(0.0) {
        assert_eq!(out.state, SweepState::Overlapped, "{}", ctx());
    }
    // Each advance lands at or before t(target): when that is within the motion, the cast
    // cannot step past the end, so it must hit. (A contact within target + tolerance that only
    // reaches the target after the end is a miss, as in Box2D.)
    if late.is_some_and(|e| e > 0.0 && e < 1.0 - eta) {
        assert!(
            matches!(out.state, SweepState::Hit),
            "a contact within the motion was missed: {}",
            ctx()
        );
    }
    let err = match (out.state, sw.exact(target)) {
        (SweepState::Hit, Some(e)) => (t - e).abs(),
        _ => 0.0,
    };
    (out.state, err)
}

/// Runs `n` sweeps of a band both ways; prints the largest error against t(target).
fn band(name: &str, seed: u64, n: usize, s: f32, far: f32) {
    let mut rng = Rng::new(seed);
    let (mut hits, mut worst) = (0, 0.0f64);
    for k in 0..n {
        let centre = Vec2::from_angle(rng.angle()) * far;
        let sw = match k % 8 {
            0 => {
                let gap = s * rng.range(-0.01, 0.01);
                parallel_sweep(&mut rng, s, centre, gap)
            }
            _ => random_sweep(&mut rng, s, centre),
        };
        for (way, sw) in [("A–B", sw.clone()), ("B–A", sw.swapped())] {
            let (state, err) = check(&sw, &format!("{name} #{k} {way}"));
            hits += usize::from(state == SweepState::Hit);
            worst = worst.max(err);
        }
    }
    eprintln!("cast {name}: {n} sweeps × 2 orders, {hits} hits, max |t − t(target)| = {worst:.3e}");
    assert!(hits > n / 4, "{name}: only {hits} hits of {}", 2 * n);
}

#[test]
fn cast_matches_the_exact_first_contact_at_unit_scale() {
    band("normal", 1, 1500, 1.0, 0.0);
}

#[test]
fn cast_matches_the_exact_first_contact_at_1e_6() {
    // Shapes 4e-6..4e-5 across: the smallest sizes, radii and lengths at 1e-6, the house's least.
    band("tiny", 2, 800, 2e-5, 0.0);
}

#[test]
fn cast_matches_the_exact_first_contact_at_1e5() {
    band("huge", 3, 800, 1e5, 0.0);
}

#[test]
fn cast_matches_the_exact_first_contact_far_from_the_origin() {
    band("far", 4, 800, 1.0, 1e4);
}

/// Sweeps that graze A: B's path offset so that the cores' closest approach over the motion
/// is within a hair of the target, from either side.
#[test]
fn cast_grazing_sweeps_hit_or_miss_as_the_exact_answer_says() {
    let mut rng = Rng::new(5);
    let mut checked = 0;
    for k in 0..600 {
        let mut sw = random_sweep(&mut rng, 1.0, Vec2::ZERO);
        let slop = default_slop(&sw.a, &sw.b);
        let (target, _) = target_and_tolerance(sw.a.radius(), sw.b.radius(), slop, 0.0);
        // Move B's start sideways so that its path's closest approach is `target + off`.
        let across = sw.v.perp().normalize();
        let closest = |sw: &Sweep| {
            (0..=200)
                .map(|i| {
                    super::exact::core_distance(
                        &core(&sw.a, sw.xa),
                        &core(&sw.b, sw.xb),
                        sw.v * 4.0,
                        i as f64 / 200.0 - 0.5,
                    )
                })
                .fold(f64::INFINITY, f64::min)
        };
        let d = closest(&sw);
        let off = rng.range(-0.5, 1.5) * slop;
        sw.xb.p += across * (target + off - d as f32 + 0.0);
        if sw.exact(0.0) == Some(0.0) {
            continue;
        }
        check(&sw, &format!("grazing #{k}"));
        check(&sw.swapped(), &format!("grazing #{k} swapped"));
        checked += 1;
    }
    assert!(checked > 300, "only {checked} grazing sweeps");
}

/// The trace changes nothing: traced and untraced casts agree bit for bit, and the last step
/// records the answer.
#[test]
fn cast_traced_equals_untraced() {
    let mut rng = Rng::new(6);
    for k in 0..500 {
        let sw = random_sweep(&mut rng, 1.0, Vec2::ZERO);
        let input = CastInput {
            translation: sw.v,
            slop: default_slop(&sw.a, &sw.b),
        };
        let plain = shape_cast(&sw.a, sw.xa, &sw.b, sw.xb, &input, &mut NoTrace);
        let mut steps: Vec<CastStep> = Vec::new();
        let traced = shape_cast(&sw.a, sw.xa, &sw.b, sw.xb, &input, &mut steps);
        assert_eq!(plain, traced, "#{k}");
        assert_eq!(steps.len(), traced.iterations, "#{k}");
        let last = steps.last().expect("a step");
        assert!(last.stop.is_some(), "#{k}");
        assert_eq!(last.t, traced.t, "#{k}");
        for pair in steps.windows(2) {
            let advance = pair[0].advance.expect("an advance between steps");
            assert_eq!(pair[1].t, pair[0].t + advance, "#{k}");
            // Conservative: no step passes the target (the distance may grow again as B
            // passes by).
            assert!(pair[1].distance >= pair[1].target - 1e-5, "#{k}: {steps:?}");
        }
    }
}

/// parry2d's `cast_shapes` (target distance 0: the surfaces' first contact) against the exact
/// first contact of the surfaces, `t(rA + rB)`, on unit-scale sweeps: both are answers to the
/// same question (ours to a slightly different one: the target), so this checks the oracle
/// code in `exact.rs` as much as anything. Measured: parry's time agrees with the exact one
/// to `PARRY_AGREE` of the sweep length on every sweep where both hit.
#[test]
fn parry_cast_shapes_agrees_with_the_exact_first_contact() {
    use parry2d::query::{ShapeCastOptions, cast_shapes};
    let mut rng = Rng::new(7);
    let (mut both, mut worst) = (0, 0.0f64);
    for k in 0..1500 {
        let sw = random_sweep(&mut rng, 1.0, Vec2::ZERO);
        let exact = sw.exact((sw.a.radius() + sw.b.radius()) as f64);
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: true,
        };
        let (pa, pb) = (to_parry(&sw.a), to_parry(&sw.b));
        let hit = cast_shapes(
            &to_pose(sw.xa),
            pv(Vec2::ZERO),
            pa.as_ref(),
            &to_pose(sw.xb),
            pv(sw.v),
            pb.as_ref(),
            options,
        )
        .expect("parry casts every convex pair");
        let len = sw.v.length() as f64;
        match (hit, exact.filter(|t| *t <= 1.0)) {
            (Some(h), Some(e)) => {
                let err = (h.time_of_impact as f64 - e).abs() * len;
                worst = worst.max(err);
                both += 1;
                assert!(
                    err <= PARRY_AGREE,
                    "#{k}: parry {} exact {e}",
                    h.time_of_impact
                );
            }
            (None, None) => {}
            // Parry stops within its own tolerance of the surface; a sweep that ends within
            // that of contact may be read either way.
            (h, e) => {
                let d = super::exact::core_distance(
                    &core(&sw.a, sw.xa),
                    &core(&sw.b, sw.xb),
                    sw.v,
                    1.0,
                ) - (sw.a.radius() + sw.b.radius()) as f64;
                assert!(d.abs() <= PARRY_AGREE, "#{k}: parry {h:?} exact {e:?}");
            }
        }
    }
    eprintln!("parry: {both} hits in common, max |Δt|·|v| = {worst:.3e}");
    assert!(both > 500, "only {both} common hits");
}

/// How far parry's time of impact may be from the exact one, as a distance along the sweep.
const PARRY_AGREE: f64 = 1e-3;
