//! Box2D v3 as the continuous queries' oracle (issue 45): our `shape_cast` against Box2D's
//! `b2ShapeCast`, and our `time_of_impact` against its `b2TimeOfImpact`, on the same random
//! sweeps, in the bands the library's own tests use: normal (unit shapes), tiny (1e-3 across),
//! tinier (2e-5 across), huge (1e5 across) and far (unit shapes 1e4 from the origin).
//!
//! Same slop on both sides: Box2D's is `B2_LINEAR_SLOP = 0.005 × lengthUnitsPerMeter`, a global,
//! so each call sets the length units to what makes it ours ([`default_slop`] scales the slop
//! down for shapes under 0.1); a mutex keeps the two tests from racing on it. The target rule is
//! the same on both sides (`max(slop, rA + rB − slop)`, a slop inside rounded surfaces), so
//! rounded shapes need no exception. Two adjustments, both because Box2D would otherwise abort
//! on a `B2_ASSERT` (its build keeps them), not to make the answers agree:
//!
//! - **Tiny pairs** (under 0.1) are given to Box2D scaled up by a power of two to about unit size
//!   (exact in f32; the fraction is scale-free when the slop scales too): its GJK tests the
//!   search direction against absolute `FLT_EPSILON` thresholds and asserts on a 1e-3 pair.
//!   Ours runs on the tiny numbers themselves.
//! - **Huge pairs**: our tolerance is never finer than the f32 resolution of the pair
//!   (`8 ε L`, about 0.3 at 1e5), Box2D's is `slop / 4 = 0.00125`, under one rounding of its
//!   distances there: its cast then trips its assertion on a regular hit (`distance > 0` and a unit
//!   normal). Box2D is given
//!   the slop `4 × our tolerance` instead, so its tolerance is ours; its target (4 tolerances
//!   for sharp shapes, ours 2) then differs, and that difference is part of the bound below.
//!
//! Box2D's cast is called with `canEncroach = false`: ours has no encroaching. With it on (tried
//! once), 64 to 96 casts per band of 2000 differ, all a pair starting within the target that
//! Box2D lets advance to one slop deeper and reports as a hit or a miss where ours reports the
//! overlap; exact geometry sides with ours in most, the rest are within `δ` (borderline).
//!
//! What must agree, and what may not (each counted, printed, and bounded by the test):
//!
//! - **States** (hit / miss / overlapped / failed). A disagreement is judged by exact geometry in
//!   f64 (`tests/library/continuous/exact.rs`): each side's answer is *valid* when it is within
//!   its own target band, widened by `δ = 64 ε L` (L the largest number in the sweep), as the
//!   library's cast tests define it. Where both are valid the pair is a *borderline* one: the
//!   cores come within `[target − δ, target + tolerance + δ]` of each other and no closer (a
//!   graze, or the contact right at the end of the motion), where either answer is right. The
//!   test fails on any disagreement where ours is not valid.
//! - **Hit fractions**. Both stop where the cores' distance is in `[target − δ, target +
//!   tolerance)`, so the distances at the two answers differ by at most `Δd = |target₁ −
//!   target₂| + tolerance₁ + tolerance₂ + 2δ`; the cores' distance is convex under translation,
//!   so `|Δt| ≤ Δd / c`, `c` the closing speed `−v·n` at the later answer. Asserted on every
//!   pair where both hit.
//! - **Time of impact** with B turning by at most 0.3 rad: Box2D interpolates B's rotation by
//!   nlerp (the normalised chord between the end rotations), ours B's angle linearly. They agree
//!   at both ends and at the middle and differ by at most 4.35e-4 rad in between at a 0.3 rad
//!   turn (1.6e-5 at 0.1): B's vertices are at most `δθ = R × 4.35e-4` apart (R their largest
//!   distance from B's centroid). One sweep in four is a pure translation, where the two agree
//!   exactly. Each pair of hits is checked on our sweep: Box2D's fraction put on *our* sweep
//!   leaves the cores within `target ± (tolerance₁ + tolerance₂ + δθ + 2δ)` of each other, that
//!   is, `|Δt| ≤ Δd / c` for the secant closing speed `c` along our sweep. A state disagreement is
//!   judged by each side's own sweep, sampled densely.
//!
//! Measured (`cargo test --release --manifest-path bench/Cargo.toml --test box2d_continuous --
//! --nocapture`): every state agrees in every band (2000 casts and 1000 times of impact each,
//! both orders; no borderline pair, no failure on either side). Largest |Δt| where both hit,
//! and its largest share of the bound:
//!
//! | band   | cast: hit / overlapped / separated | cast max \|Δt\| | share | toi: hit / overlapped / separated | toi max \|Δt\| | share |
//! |--------|------------------|---------|---------|----------------|---------|--------|
//! | normal | 1282 / 148 / 570 | 1.9e-6  | 4.3e-4  | 712 / 26 / 262 | 9.3e-4  | 0.11   |
//! | tiny   | 1282 / 136 / 582 | 3.6e-7  | 1.3e-4  | 722 / 34 / 244 | 1.1e-3  | 0.027  |
//! | tinier | 1286 / 136 / 578 | 4.2e-7  | 2.4e-4  | 682 / 30 / 288 | 8.3e-4  | 0.028  |
//! | huge   | 1190 / 150 / 660 | 1.1e-4  | 0.19    | 686 / 34 / 280 | 2.6e-3  | 0.66   |
//! | far    | 1284 / 158 / 558 | 4.2e-7  | 4.9e-6  | 696 / 40 / 264 | 0.10    | 0.0085 |
//!
//! The casts agree to a few roundings of `t` except at huge scale (the targets differ there).
//! The times of impact differ more: the two root finders stop anywhere within the tolerance of
//! the target, and B turns on different paths. The far band's 0.10 is a grazing slide (B's face
//! parallel to A's, turning 0.11 rad), where the cores' distance hardly changes along the
//! motion: 0.85% of the distance band. The test fails on any state disagreement in no class or
//! where ours is not valid, on more than 1% of a band's pairs differing, on any hit beyond its
//! bound, and on a band with under an eighth hits.

#[path = "continuous/cases.rs"]
mod cases;
#[path = "../../tests/library/continuous/exact.rs"]
#[allow(dead_code)]
mod exact;

use boxdd_sys::ffi as b2f;
use glam::Vec2;
use narrowphase_bench::b2;
use narrowphase_bench::pairs::Rng;
use narrowphase_lab::geom::cast::{SLOP_SIZE, target_and_tolerance};
use narrowphase_lab::geom::{
    CastInput, CastOutput, LINEAR_SLOP, NoTrace, Placed, Rot, Shape, Sweep, SweepState, Transform,
    default_slop, gjk, shape_cast, time_of_impact,
};
use std::collections::BTreeMap;
use std::sync::Mutex;

use cases::{BANDS, Case, case};

/// Guards Box2D's global length units.
static UNITS: Mutex<()> = Mutex::new(());

/// The power of two Box2D is given a pair scaled by: 1 from 0.1 up; a smaller pair is scaled to
/// about unit size. Box2D's GJK tests its search direction and normal against absolute
/// thresholds (`FLT_EPSILON`, and `FLT_EPSILON²` on the direction's square: the direction is
/// an edge times a distance, 5e-8 for a 1e-3 pair near contact), so it asserts on a pair 1e-3
/// across; the fraction of a scaled sweep is the same when the slop is scaled with it, and a
/// power of two scales every f32 input exactly.
fn box2d_scale(a: &Shape, b: &Shape) -> f32 {
    let size = a.bounding_radius().max(b.bounding_radius());
    if size >= SLOP_SIZE {
        1.0
    } else {
        2f32.powi((1.0 / size).log2().round() as i32)
    }
}

/// Our shape scaled by `k` as Box2D's proxy.
fn proxy(s: &Shape, k: f32) -> b2f::b2ShapeProxy {
    let mut p = b2::proxy(s);
    for q in &mut p.points[..p.count as usize] {
        (q.x, q.y) = (q.x * k, q.y * k);
    }
    p.radius *= k;
    p
}

/// Box2D's slop for a pair whose tolerance (ours) is `tolerance`: ours ([`default_slop`]) where
/// our tolerance is its quarter, as Box2D's is; where ours is widened to the f32 resolution of
/// the pair (huge pairs), four times it, so that Box2D's tolerance is ours. Box2D left at its
/// 0.005 there asks for a tolerance under one rounding of its distances and asserts (a hit whose
/// distance rounds to 0).
fn box2d_slop(a: &Shape, b: &Shape, tolerance: f32) -> f32 {
    default_slop(a, b).max(4.0 * tolerance)
}

/// Runs `f` with Box2D's linear slop (`B2_LINEAR_SLOP`, `0.005 ×` the length units) `slop × k`
/// (for the pair scaled by `k`). Where `slop` is ours, exactly: ours is `0.005 × min(1, size /
/// 0.1)`, the same product.
fn with_slop<R>(a: &Shape, b: &Shape, slop: f32, k: f32, f: impl FnOnce() -> R) -> R {
    let ours = (a.bounding_radius().min(b.bounding_radius()) / SLOP_SIZE).min(1.0);
    let units = if slop == default_slop(a, b) {
        ours * k
    } else {
        slop / LINEAR_SLOP * k
    };
    let _guard = UNITS.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: plain setters of a global float; the mutex keeps this file's tests from racing.
    unsafe { b2f::b2SetLengthUnitsPerMeter(units) };
    let out = f();
    unsafe { b2f::b2SetLengthUnitsPerMeter(1.0) };
    out
}

/// Per band: how the pairs came out.
#[derive(Default)]
struct Tally {
    pairs: usize,
    /// Our state's name → count (where both agree).
    agree: BTreeMap<&'static str, usize>,
    /// Class of disagreement → (count, one example).
    classes: BTreeMap<String, (usize, String)>,
    /// Largest |Δt| over the pairs where both hit, and the largest as a share of its bound.
    max_dt: f32,
    max_share: f32,
    /// The pair of the largest |Δt|.
    max_dt_pair: String,
    /// Failures of the test: what went wrong, with the pair.
    wrong: Vec<String>,
}

impl Tally {
    fn note(&mut self, class: String, example: String) {
        self.classes.entry(class).or_insert((0, example)).0 += 1;
    }

    fn print(&self, what: &str, band: &str) {
        let agree: usize = self.agree.values().sum();
        println!(
            "{what} {band}: {agree} of {} agree {:?}; max |Δt| {:.2e} (max {:.2e} of its bound)",
            self.pairs, self.agree, self.max_dt, self.max_share
        );
        if !self.max_dt_pair.is_empty() {
            println!("  largest |Δt|: {}", self.max_dt_pair);
        }
        for (class, (n, example)) in &self.classes {
            println!("  {n:>5}  {class}\n         e.g. {example}");
        }
        for w in self.wrong.iter().take(5) {
            println!("  WRONG: {w}");
        }
    }

    fn disagreements(&self, prefix: &str) -> usize {
        self.classes
            .iter()
            .filter(|(c, _)| c.starts_with(prefix))
            .map(|(_, (n, _))| n)
            .sum()
    }
}

// ---------------------------------------------------------------- shape cast

/// Box2D's cast of the pair: state, fraction, iterations. `b2ShapeCast` reports a hit (an
/// overlap at the start is a hit at fraction 0 after one iteration) or not; a miss after 20
/// iterations is taken as its failure (it returns the same for a miss found on the 20th).
fn box2d_cast(c: &Case, slop: f32) -> (SweepState, f32, i32) {
    let k = box2d_scale(&c.a, &c.b);
    let mut transform = b2::relative(c.xa, c.xb);
    (transform.p.x, transform.p.y) = (transform.p.x * k, transform.p.y * k);
    let input = b2f::b2ShapeCastPairInput {
        proxyA: proxy(&c.a, k),
        proxyB: proxy(&c.b, k),
        transform,
        translationB: b2::to_b2(c.xa.q.apply_inv(c.v) * k),
        maxFraction: 1.0,
        canEncroach: false,
    };
    // SAFETY: the input is fully initialised; the call reads it and returns by value.
    let out = with_slop(&c.a, &c.b, slop, k, || unsafe { b2f::b2ShapeCast(&input) });
    let state = match (out.hit, out.iterations) {
        (true, 1) => SweepState::Overlapped,
        (true, _) => SweepState::Hit,
        (false, 20) => SweepState::Failed,
        (false, _) => SweepState::Separated,
    };
    (state, out.fraction, out.iterations)
}

/// Whether a cast's answer is right by exact geometry, for its own target and tolerance.
fn cast_valid(c: &Case, state: SweepState, t: f32, target: f32, tol: f32) -> bool {
    let (ca, cb) = (exact::core(&c.a, c.xa), exact::core(&c.b, c.xb));
    let (target, tol, delta) = (target as f64, tol as f64, c.delta() as f64);
    let early = exact::first_time(&ca, &cb, c.v, target + tol + delta);
    let late = exact::first_time(&ca, &cb, c.v, (target - delta).max(0.0));
    let eta = 4.0 * f32::EPSILON as f64;
    let t = t as f64;
    match state {
        SweepState::Overlapped => early == Some(0.0),
        SweepState::Hit => early.is_some_and(|e| t >= e - eta && t <= late.unwrap_or(1.0) + eta),
        SweepState::Separated => late.is_none_or(|l| l >= 1.0 - eta),
        SweepState::Failed => false,
    }
}

/// The closing speed `−v·n` of the cast at `t` (our GJK's normal, pair frame).
fn closing_speed(c: &Case, t: f32) -> f32 {
    let a = Placed::new(
        &c.a,
        Transform {
            p: Vec2::ZERO,
            q: c.xa.q,
        },
    );
    let xb = Transform {
        p: c.xb.p - c.xa.p + c.v * t,
        q: c.xb.q,
    };
    let b = Placed::new(&c.b, xb);
    gjk(&a, &b, &mut NoTrace)
        .normal()
        .map_or(0.0, |n| -c.v.dot(n))
}

fn judge_cast(tally: &mut Tally, c: &Case, label: &str) {
    let slop = default_slop(&c.a, &c.b);
    let input = CastInput {
        translation: c.v,
        slop,
    };
    let ours: CastOutput = shape_cast(&c.a, c.xa, &c.b, c.xb, &input, &mut NoTrace);
    let b2_slop = box2d_slop(&c.a, &c.b, ours.tolerance);
    let (state, t, iterations) = box2d_cast(c, b2_slop);
    let (target, tol) = target_and_tolerance(c.a.radius(), c.b.radius(), b2_slop, 0.0);
    let scene = || {
        format!(
            "{label}: ours {ours:?}; box2d {state:?} t {t} after {iterations}; {}",
            c.describe()
        )
    };
    tally.pairs += 1;
    let same = ours.state == state
        || (ours.state == SweepState::Separated
            && ours.iterations == 20
            && state == SweepState::Failed);
    if same {
        *tally.agree.entry(ours.state.name()).or_default() += 1;
        if state == SweepState::Hit {
            let dt = (ours.t - t).abs();
            let dd = (ours.target - target).abs() + ours.tolerance + tol + 2.0 * c.delta();
            let speed = closing_speed(c, ours.t.max(t));
            let bound = dd / speed.max(0.0) + 4.0 * f32::EPSILON;
            if dt > tally.max_dt {
                (tally.max_dt, tally.max_dt_pair) = (dt, scene());
            }
            tally.max_share = tally.max_share.max(dt / bound);
            if dt > bound {
                tally
                    .wrong
                    .push(format!("Δt {dt} over its bound {bound}: {}", scene()));
            }
        }
        return;
    }
    let ours_ok = cast_valid(c, ours.state, ours.t, ours.target, ours.tolerance);
    let theirs_ok = cast_valid(c, state, t, target, tol);
    let class = match (ours_ok, theirs_ok) {
        (true, true) => "borderline (both valid)",
        (true, false) => "Box2D not valid, ours valid",
        (false, _) => {
            tally.wrong.push(format!("ours not valid: {}", scene()));
            "ours not valid"
        }
    };
    tally.note(
        format!(
            "state: ours {}, Box2D {}: {class}",
            ours.state.name(),
            state.name()
        ),
        scene(),
    );
}

#[test]
fn our_shape_cast_agrees_with_box2d_v3s_b2_shape_cast() {
    const N: usize = 1000;
    let mut failures = Vec::new();
    for (band, seed, s, far) in BANDS {
        let mut rng = Rng::new(0xca57 ^ seed);
        let mut tally = Tally::default();
        for k in 0..N {
            let c = case(&mut rng, k, s, far, 0.0);
            judge_cast(&mut tally, &c, &format!("{band} #{k} A–B"));
            judge_cast(&mut tally, &c.swapped(), &format!("{band} #{k} B–A"));
        }
        tally.print("cast", band);
        let hits = tally.agree.get("hit").copied().unwrap_or(0);
        let differ = tally.pairs - tally.agree.values().sum::<usize>();
        // Outside the huge band only borderline pairs may differ, and few of them.
        let allowed = tally.pairs / 100;
        if !tally.wrong.is_empty() || differ > allowed || hits < tally.pairs / 8 {
            failures.push(format!(
                "{band}: {} wrong, {differ} differ (at most {allowed}), {hits} hits",
                tally.wrong.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

// ---------------------------------------------------------------- time of impact

/// Box2D's sweep of B scaled by `k`: its centroid on a line, its rotation by nlerp between the
/// ends.
fn b2_sweep(s: &Sweep, k: f32) -> b2f::b2Sweep {
    b2f::b2Sweep {
        localCenter: b2::to_b2(s.local_center * k),
        c1: b2::to_b2(s.c[0] * k),
        c2: b2::to_b2(s.c[1] * k),
        q1: b2::rot(Rot::from_angle(s.angle[0])),
        q2: b2::rot(Rot::from_angle(s.angle[1])),
    }
}

/// Box2D's time of impact of the case (A static, world coordinates as a Box2D user gives them).
fn box2d_toi(c: &Case, slop: f32) -> (SweepState, f32) {
    let k = box2d_scale(&c.a, &c.b);
    let p = b2::to_b2(c.xa.p * k);
    let q = b2::rot(c.xa.q);
    let input = b2f::b2TOIInput {
        proxyA: proxy(&c.a, k),
        proxyB: proxy(&c.b, k),
        sweepA: b2f::b2Sweep {
            localCenter: b2::to_b2(Vec2::ZERO),
            c1: p,
            c2: p,
            q1: q,
            q2: q,
        },
        sweepB: b2_sweep(&c.sweep(), k),
        maxFraction: 1.0,
    };
    // SAFETY: the input is fully initialised; the call reads it and returns by value.
    let out = with_slop(&c.a, &c.b, slop, k, || unsafe {
        b2f::b2TimeOfImpact(&input)
    });
    let state = match out.state {
        b2f::b2TOIState_b2_toiStateOverlapped => SweepState::Overlapped,
        b2f::b2TOIState_b2_toiStateHit => SweepState::Hit,
        b2f::b2TOIState_b2_toiStateSeparated => SweepState::Separated,
        _ => SweepState::Failed,
    };
    (state, out.fraction)
}

/// The cores' distance (our GJK, pair frame) with B at `t` on our sweep (`nlerp` false) or on
/// Box2D's (`nlerp` true).
fn toi_distance(c: &Case, t: f32, nlerp: bool) -> f32 {
    let a = Placed::new(
        &c.a,
        Transform {
            p: Vec2::ZERO,
            q: c.xa.q,
        },
    );
    let xb = if nlerp {
        // SAFETY: reads the sweep, returns by value.
        let x = unsafe { b2f::b2GetSweepTransform(&b2_sweep(&c.sweep(), 1.0), t) };
        Transform {
            p: b2::from_b2(x.p) - c.xa.p,
            q: Rot { c: x.q.c, s: x.q.s },
        }
    } else {
        c.sweep().shifted(c.xa.p).transform(t)
    };
    gjk(&a, &Placed::new(&c.b, xb), &mut NoTrace).distance
}

/// The largest difference between nlerp's angle and the linear one over a turn of `turn`.
fn nlerp_error(turn: f32) -> f32 {
    let th = turn.abs() as f64;
    (0..=1000)
        .map(|i| {
            let t = i as f64 / 1000.0;
            let nl = (t * th.sin()).atan2(1.0 - t + t * th.cos());
            (nl - t * th).abs()
        })
        .fold(0.0, f64::max) as f32
}

/// `δθ`: how far apart B's core vertices can be on the two sweeps at one `t`.
fn interpolation_gap(c: &Case) -> f32 {
    let lc = c.b.centroid();
    let r =
        c.b.vertices()
            .iter()
            .map(|v| (*v - lc).length())
            .fold(0.0, f32::max);
    r * nlerp_error(c.turn)
}

/// Whether a time of impact's answer is right on its own sweep: a hit with the cores within
/// `target ± (tolerance + δ)`; a miss or an overlap by the cores' least distance over 400 samples
/// of the sweep (Some(false) when the miss passes a contact: a glancing one a separation
/// function does not see).
fn toi_valid(c: &Case, state: SweepState, t: f32, target: f32, tol: f32, nlerp: bool) -> bool {
    let band = tol + c.delta();
    let least = || {
        (0..=400)
            .map(|i| toi_distance(c, i as f32 / 400.0, nlerp))
            .fold(f32::INFINITY, f32::min)
    };
    match state {
        SweepState::Hit => (toi_distance(c, t, nlerp) - target).abs() <= band,
        SweepState::Overlapped => toi_distance(c, 0.0, nlerp) <= c.delta(),
        SweepState::Separated => least() >= target - band,
        SweepState::Failed => false,
    }
}

fn judge_toi(tally: &mut Tally, c: &Case, label: &str) {
    let slop = default_slop(&c.a, &c.b);
    let ours = time_of_impact(&c.a, c.xa, &c.b, &c.sweep(), slop, &mut NoTrace);
    let b2_slop = box2d_slop(&c.a, &c.b, ours.tolerance);
    let (state, t) = box2d_toi(c, b2_slop);
    let (target, tol) = target_and_tolerance(c.a.radius(), c.b.radius(), b2_slop, 0.0);
    let gap = interpolation_gap(c);
    let scene = || {
        format!(
            "{label}: ours {ours:?}; box2d {state:?} t {t}; {}",
            c.describe()
        )
    };
    tally.pairs += 1;
    if ours.state == state {
        *tally.agree.entry(ours.state.name()).or_default() += 1;
        if state == SweepState::Hit {
            // Box2D's fraction put on our sweep: the cores' distance there against ours at our
            // fraction, as a share of the combined band (= |Δt| against Δd / the secant speed).
            let (d_ours, d_theirs) = (toi_distance(c, ours.t, false), toi_distance(c, t, false));
            let dd = (ours.target - target).abs() + ours.tolerance + tol + gap + 2.0 * c.delta();
            let share = (d_ours - d_theirs).abs() / dd;
            if (ours.t - t).abs() > tally.max_dt {
                (tally.max_dt, tally.max_dt_pair) = ((ours.t - t).abs(), scene());
            }
            tally.max_share = tally.max_share.max(share);
            if share > 1.0 {
                tally.wrong.push(format!(
                    "distances {d_ours} and {d_theirs} over the band {dd}: {}",
                    scene()
                ));
            }
        }
        return;
    }
    let ours_ok = toi_valid(c, ours.state, ours.t, ours.target, ours.tolerance, false);
    let theirs_ok = toi_valid(c, state, t, target, tol + gap, true);
    let class = match (ours_ok, theirs_ok, ours.state) {
        (true, true, _) => "borderline (both valid)",
        (true, false, _) => "Box2D not valid, ours valid",
        // The separation function's documented limit: a glancing contact between two poses
        // clear along every axis it follows is missed (Box2D has it too).
        (false, _, SweepState::Separated) => "ours misses a glancing contact (documented)",
        (false, _, _) => {
            tally.wrong.push(format!("ours not valid: {}", scene()));
            "ours not valid"
        }
    };
    tally.note(
        format!(
            "state: ours {}, Box2D {}: {class}",
            ours.state.name(),
            state.name()
        ),
        scene(),
    );
}

#[test]
fn our_time_of_impact_agrees_with_box2d_v3s_b2_time_of_impact() {
    const N: usize = 500;
    let mut failures = Vec::new();
    for (band, seed, s, far) in BANDS {
        let mut rng = Rng::new(0x701 ^ seed);
        let mut tally = Tally::default();
        for k in 0..N {
            let mut c = case(&mut rng, k, s, far, 0.3);
            // One in four a pure translation, where both sweeps are the same.
            if k % 4 == 2 {
                c.turn = 0.0;
            }
            judge_toi(&mut tally, &c, &format!("{band} #{k} A–B"));
            let mut d = c.swapped();
            d.turn = -c.turn;
            judge_toi(&mut tally, &d, &format!("{band} #{k} B–A"));
        }
        tally.print("toi", band);
        let hits = tally.agree.get("hit").copied().unwrap_or(0);
        let differ = tally.pairs - tally.agree.values().sum::<usize>();
        let glancing = tally.disagreements("state: ours separated");
        let allowed = tally.pairs / 100;
        if !tally.wrong.is_empty()
            || differ > allowed
            || glancing > allowed
            || hits < tally.pairs / 8
        {
            failures.push(format!(
                "{band}: {} wrong, {differ} differ (at most {allowed}), {hits} hits",
                tally.wrong.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
