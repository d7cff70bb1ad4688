//! Properties over random pairs of every shape type (proptest).
//!
//! Tolerances, for shapes of size 0.05..3 placed within ±5 of the origin in f32:
//! - `SEP_TOL` = 1e-5: two separations of the same pair (SAT vs GJK/EPA, query vs brute force,
//!   swapped) agree to this; moved by a rigid motion up to ±50 away, to 2e-5. (Measured over
//!   10^5 pairs: 6e-7, and 5e-6 moved.)
//! - `NORMAL_TOL` = 2e-3: two normals agree to this (distance between unit vectors), compared
//!   only when the best direction is unique: the best SAT direction beats every direction more
//!   than `NORMAL_TOL / 2` away from it by `UNIQUE_MARGIN` = 1e-3 (or the shapes are that far
//!   apart). Rounded shapes make the separation flat around its best direction, so two
//!   directions 1e-3 apart can have the same gap to f32 precision: they count as the same.
//! - The manifold measures each point along its reference face's normal, and the reference may
//!   be A's face when B's is better by up to the hysteresis band `0.02 |s| + 0.1 LINEAR_SLOP r`
//!   (`s`: the cores' separation; `r`: the smaller bounding radius). So its deepest point is not the exact separation (it is for
//!   pairs with a circle): it is never shallower than the truth by more than 1.5 bands (0.96
//!   seen over 7·10^5 manifolds), and never deeper than the best face-normal gap (the SAT over
//!   face normals only) by more than 1.5 bands. When the cores are apart with two corners
//!   nearest, that gap underestimates the distance, so the point can be deeper than the truth
//!   by more (4.4 bands seen): conservative.

use crate::common::exact_oracle::brute_separation;
use crate::common::*;
use glam::Vec2;
use narrowphase_lab::geom::{
    AxisSource, EpaGuard, EpaStep, GjkStep, LINEAR_SLOP, MAX_EPA_ITERATIONS, MAX_GJK_ITERATIONS,
    Manifold, ManifoldOptions, ManifoldStep, NoTrace, QueryOutput, SatAxis, SatOptions, SatOutput,
    SatStep, Shape, Transform, collide, query, sat,
};
use proptest::prelude::*;
use std::f32::consts::PI;

const SEP_TOL: f32 = 1e-5;
const NORMAL_TOL: f32 = 2e-3;
const UNIQUE_MARGIN: f32 = 1e-3;

fn q(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> QueryOutput {
    query(a, xa, b, xb, &mut NoTrace, &mut NoTrace)
}

/// SAT with its tested axes.
fn sat_rows(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> (SatOutput, Vec<SatAxis>) {
    let mut trace = Vec::new();
    let out = sat(a, xa, b, xb, SatOptions::default(), &mut trace);
    let rows = trace
        .into_iter()
        .filter_map(|s| {
            if let SatStep::Axis(r) = s {
                Some(r)
            } else {
                None
            }
        })
        .collect();
    (out, rows)
}

/// How much the best SAT direction beats every direction that gives a different normal (each
/// axis read both ways: `+axis` with gap `min_b − max_a`, `−axis` with `min_a − max_b`): when
/// this is large the contact normal is unambiguous.
fn normal_margin(out: &SatOutput, rows: &[SatAxis]) -> f32 {
    let other = rows
        .iter()
        .flat_map(|r| [(r.axis, r.b[0] - r.a[1]), (-r.axis, r.a[0] - r.b[1])])
        .filter(|(n, _)| n.distance(out.normal) > 0.5 * NORMAL_TOL)
        .map(|(_, gap)| gap)
        .fold(f32::NEG_INFINITY, f32::max);
    out.separation - other
}

/// Whether the pair's normal is unambiguous: apart by `margin`, or the best SAT direction
/// unique by `margin`.
fn unique_normal(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    xb: Transform,
    sep: f32,
    margin: f32,
) -> bool {
    if sep > margin {
        return true;
    }
    let (out, rows) = sat_rows(a, xa, b, xb);
    out.separation < 0.0 && normal_margin(&out, &rows) > margin
}

/// The range the deepest point of the pair's manifold must lie in (see the module doc): exact
/// for a pair with a circle; otherwise from the best face-normal gap less 1.5 hysteresis bands
/// to the true separation plus 1.5 bands.
fn deepest_range(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> (f32, f32) {
    let truth = q(a, xa, b, xb);
    if a.count() == 1 || b.count() == 1 {
        return (truth.separation - SEP_TOL, truth.separation + SEP_TOL);
    }
    let (_, rows) = sat_rows(a, xa, b, xb);
    let face_gap = rows
        .iter()
        .filter(|r| !matches!(r.source, AxisSource::Vertices { .. }))
        .map(|r| r.gap)
        .fold(f32::NEG_INFINITY, f32::max);
    // The hysteresis slop scales with the smaller bounding radius (DESIGN.md, "Conventions").
    let s = a.bounding_radius().min(b.bounding_radius());
    let band = 1.5 * (0.02 * truth.core_separation.abs() + 0.1 * LINEAR_SLOP * s);
    (
        face_gap.min(truth.separation) - band - SEP_TOL,
        truth.separation + band + SEP_TOL,
    )
}

/// Asserts that the manifold's deepest point (if any) is within `deepest_range`.
fn check_deepest(
    m: &Manifold,
    a: &Shape,
    xa: Transform,
    b: &Shape,
    xb: Transform,
) -> Result<(), TestCaseError> {
    if let Some(deepest) = m.min_separation() {
        let (lo, hi) = deepest_range(a, xa, b, xb);
        prop_assert!(
            lo <= deepest && deepest <= hi,
            "deepest {deepest} outside [{lo}, {hi}]"
        );
    }
    Ok(())
}

fn cfg(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cfg(4000))]

    /// When the shapes overlap, SAT's least overlap is EPA's depth (through `query`), and the two
    /// normals agree whenever the best axis is unique.
    #[test]
    fn sat_depth_equals_query_depth((sa, xa, sb, xb) in near_pair()) {
        let (a, b) = (sa.shape(), sb.shape());
        let (s, rows) = sat_rows(&a, xa, &b, xb);
        let out = q(&a, xa, &b, xb);
        if s.separation < 0.0 || out.separation < 0.0 {
            prop_assert!((s.separation - out.separation).abs() <= SEP_TOL, "sat {} query {}", s.separation, out.separation);
            if normal_margin(&s, &rows) > UNIQUE_MARGIN {
                prop_assert!(s.normal.distance(out.normal) <= NORMAL_TOL, "sat {} query {}", s.normal, out.normal);
            }
        } else if a.radius() > 0.0 || b.radius() > 0.0 {
            // Apart with a rounded shape: the closest-vertex-pair axis makes SAT exact.
            prop_assert!((s.separation - out.separation).abs() <= SEP_TOL, "sat {} query {}", s.separation, out.separation);
        } else {
            // Apart, both sharp: a gap is only a lower bound on the distance (corner to corner).
            prop_assert!(s.separation <= out.separation + SEP_TOL);
        }
    }

    /// The query's signed distance is the brute-force maximum over 10^4 (refined) directions;
    /// SAT never exceeds it and equals it when overlapping.
    #[test]
    fn query_separation_matches_brute_force((sa, xa, sb, xb) in near_pair()) {
        let (a, b) = (sa.shape(), sb.shape());
        let (truth, dir) = brute_separation(&a, xa, &b, xb);
        let out = q(&a, xa, &b, xb);
        prop_assert!((out.separation as f64 - truth).abs() <= SEP_TOL as f64, "query {} brute {}", out.separation, truth);
        prop_assert_eq!(out.overlap, out.separation < 0.0);
        if truth.abs() > 10.0 * UNIQUE_MARGIN as f64 && truth > 0.0 {
            // Apart: the maximising direction is unique, and it is the normal.
            prop_assert!(out.normal.distance(dir) <= NORMAL_TOL, "query {} brute {}", out.normal, dir);
        }
        let s = sat(&a, xa, &b, xb, SatOptions::default(), &mut NoTrace);
        prop_assert!(s.separation as f64 <= truth + SEP_TOL as f64);
    }

    /// Swapping A and B keeps every separation and negates the normal.
    #[test]
    fn swapping_negates_normal_and_keeps_separation((sa, xa, sb, xb) in near_pair()) {
        let (a, b) = (sa.shape(), sb.shape());
        let (ab, ba) = (q(&a, xa, &b, xb), q(&b, xb, &a, xa));
        prop_assert!((ab.separation - ba.separation).abs() <= SEP_TOL);
        if unique_normal(&a, xa, &b, xb, ab.separation, UNIQUE_MARGIN) {
            prop_assert!(ab.normal.distance(-ba.normal) <= NORMAL_TOL, "{} vs {}", ab.normal, ba.normal);
        }
        let (sab, sba) = (sat(&a, xa, &b, xb, SatOptions::default(), &mut NoTrace), sat(&b, xb, &a, xa, SatOptions::default(), &mut NoTrace));
        prop_assert!((sab.separation - sba.separation).abs() <= SEP_TOL);
        let o = ManifoldOptions::default();
        let (mab, mba) = (collide(&a, xa, &b, xb, &o, &mut NoTrace), collide(&b, xb, &a, xa, &o, &mut NoTrace));
        check_deepest(&mab, &a, xa, &b, xb)?;
        check_deepest(&mba, &b, xb, &a, xa)?;
    }

    /// Moving both shapes by the same rigid motion moves the answer with them.
    #[test]
    fn rigid_motion_keeps_the_result(
        (sa, xa, sb, xb) in near_pair(),
        m in pose(50.0),
    ) {
        let (a, b) = (sa.shape(), sb.shape());
        let (ma, mb) = (compose(m, xa), compose(m, xb));
        let (before, after) = (q(&a, xa, &b, xb), q(&a, ma, &b, mb));
        // Positions up to ~60 carry f32 rounding of ~4e-6 per coordinate.
        let tol = 2.0 * SEP_TOL;
        prop_assert!((before.separation - after.separation).abs() <= tol, "{} vs {}", before.separation, after.separation);
        // Moving rounds the positions by up to ~4e-6, which turns a normal decided by a gap
        // margin m by about 4e-6 / m: ask for a margin ten times larger.
        if unique_normal(&a, xa, &b, xb, before.separation, 10.0 * UNIQUE_MARGIN) {
            prop_assert!(m.q.apply(before.normal).distance(after.normal) <= NORMAL_TOL);
        }
        let (s1, s2) = (sat(&a, xa, &b, xb, SatOptions::default(), &mut NoTrace), sat(&a, ma, &b, mb, SatOptions::default(), &mut NoTrace));
        prop_assert!((s1.separation - s2.separation).abs() <= tol);
        let o = ManifoldOptions::default();
        let (m1, m2) = (collide(&a, xa, &b, xb, &o, &mut NoTrace), collide(&a, ma, &b, mb, &o, &mut NoTrace));
        check_deepest(&m1, &a, xa, &b, xb)?;
        check_deepest(&m2, &a, ma, &b, mb)?;
    }

    /// Traced and untraced calls return identical results, and each trace's last step agrees
    /// with the output; GJK and EPA stay within their iteration caps.
    #[test]
    fn traced_equals_untraced_and_last_step_agrees((sa, xa, sb, xb) in near_pair(), margin in prop_oneof![Just(0.0f32), float(0.0, 0.5)]) {
        let (a, b) = (sa.shape(), sb.shape());

        // SAT.
        let mut st = Vec::new();
        let s = sat(&a, xa, &b, xb, SatOptions::default(), &mut st);
        prop_assert_eq!(s, sat(&a, xa, &b, xb, SatOptions::default(), &mut NoTrace));
        prop_assert_eq!(st.last(), Some(&SatStep::Done(s)));
        let rows: Vec<SatAxis> = st.iter().filter_map(|s| if let SatStep::Axis(r) = s { Some(*r) } else { None }).collect();
        prop_assert_eq!(rows.len(), s.axis_count);
        prop_assert_eq!(rows[s.best].gap, s.separation);
        prop_assert_eq!(rows[s.best].normal_a_to_b(), s.normal);
        prop_assert_eq!(rows.iter().position(|r| r.gap > 0.0), s.first_separating);

        // GJK + EPA.
        let (mut gt, mut et): (Vec<GjkStep>, Vec<EpaStep>) = (Vec::new(), Vec::new());
        let out = query(&a, xa, &b, xb, &mut gt, &mut et);
        prop_assert_eq!(out, q(&a, xa, &b, xb));
        prop_assert!(out.gjk.iterations >= 1 && out.gjk.iterations <= MAX_GJK_ITERATIONS);
        prop_assert_eq!(gt.len(), out.gjk.iterations);
        let last = gt.last().unwrap();
        prop_assert_eq!(last.stop, Some(out.gjk.stop));
        prop_assert_eq!(&last.simplex[..], out.gjk.simplex());
        prop_assert!(gt[..gt.len() - 1].iter().all(|s| s.stop.is_none()));
        match out.epa {
            None => prop_assert!(et.is_empty()),
            Some(e) => {
                prop_assert!(e.iterations <= MAX_EPA_ITERATIONS);
                let last = et.last().unwrap();
                prop_assert!(last.converged);
                prop_assert!(et[..et.len() - 1].iter().all(|s| !s.converged));
                prop_assert!(et.iter().all(|s| s.polytope.len() <= MAX_EPA_ITERATIONS + 3));
                if e.guard == Some(EpaGuard::FlatTriangle) {
                    prop_assert_eq!(last.guard, Some(EpaGuard::FlatTriangle));
                    prop_assert_eq!(e.depth, 0.0);
                } else {
                    prop_assert_eq!(et.len(), e.iterations);
                    // The answer is the best upper bound: the support distance along the
                    // normal of the step that found it.
                    prop_assert_eq!(last.upper_bound.max(0.0), e.depth);
                    prop_assert!(et.iter().any(|s| s.edge_normal == -e.normal
                        && s.support.w.dot(s.edge_normal).max(0.0) == e.depth));
                    prop_assert_eq!(last.guard, e.guard);
                }
            }
        }

        // The manifold.
        let o = ManifoldOptions { speculative_margin: margin, ..ManifoldOptions::default() };
        let mut mt = Vec::new();
        let m = collide(&a, xa, &b, xb, &o, &mut mt);
        prop_assert_eq!(m, collide(&a, xa, &b, xb, &o, &mut NoTrace));
        prop_assert_eq!(mt.last(), Some(&ManifoldStep::Done(m)));
        if let Some(ManifoldStep::Keep { candidates, .. }) = mt.iter().rev().nth(1) {
            let kept: Vec<_> = candidates.iter().filter(|c| c.kept).map(|c| (c.position + xa.p, c.separation, c.id)).collect();
            let points: Vec<_> = m.points().map(|p| (p.position, p.separation, p.id)).collect();
            prop_assert_eq!(kept, points);
        }
    }

    /// The manifold: at most two points, every point within the margin, none when the shapes
    /// are further apart than the margin, at least one when they overlap; its deepest point is
    /// the true separation (within the range of the module doc).
    #[test]
    fn manifold_points_within_margin((sa, xa, sb, xb) in near_pair(), margin in prop_oneof![Just(0.0f32), float(0.0, 0.5)]) {
        let (a, b) = (sa.shape(), sb.shape());
        let o = ManifoldOptions { speculative_margin: margin, ..ManifoldOptions::default() };
        let m = collide(&a, xa, &b, xb, &o, &mut NoTrace);
        prop_assert!(m.len() <= 2);
        prop_assert!(m.points().all(|p| p.separation <= margin), "{m:?}");
        prop_assert!((m.normal.length() - 1.0).abs() < 1e-5);
        let out = q(&a, xa, &b, xb);
        let truth = out.separation;
        if truth > margin + SEP_TOL {
            prop_assert!(m.is_empty(), "apart by {truth} > margin {margin}: {m:?}");
        }
        if truth < -SEP_TOL {
            prop_assert!(!m.is_empty(), "overlapping by {truth} but no points");
        }
        check_deepest(&m, &a, xa, &b, xb)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Flat contacts: B's face j laid against A's face i, shallow, the smaller face within the larger.

fn flat_case() -> impl Strategy<Value = FlatCase> {
    (
        polygon_like_spec(),
        polygon_like_spec(),
        0usize..64,
        0usize..64,
        float(0.0, 1.0),
        float(0.002, 0.02),
        pose(5.0),
    )
        .prop_map(|(a, b, fa, fb, along, depth, world)| {
            let (na, nb) = (a.shape().count(), b.shape().count());
            FlatCase {
                a,
                b,
                face_a: fa % na,
                face_b: fb % nb,
                along,
                depth,
                world,
            }
        })
}

proptest! {
    #![proptest_config(cfg(4000))]

    /// Flat contact between polygon-like shapes (box, polygon, rounded polygon, capsule, any
    /// mix): two points, each at the placed depth, normal along A's face normal.
    #[test]
    fn flat_contacts_give_two_points(c in flat_case()) {
        let Some((a, xa, b, xb)) = c.place() else { return Ok(()) };
        let m = collide(&a, xa, &b, xb, &ManifoldOptions::default(), &mut NoTrace);
        prop_assert_eq!(m.len(), 2, "{:?}", m);
        for p in m.points() {
            prop_assert!((p.separation + c.depth).abs() <= SEP_TOL, "{} vs {}", p.separation, -c.depth);
        }
        let normal = c.normal();
        prop_assert!(m.normal.distance(normal) <= NORMAL_TOL);
        // The two points are distinct: they span the overlap of the faces.
        let p: Vec<Vec2> = m.points().map(|p| p.position).collect();
        prop_assert!(p[0].distance(p[1]) > 0.05);
    }
}

// ---------------------------------------------------------------------------------------------
// Degenerate and extreme input: no NaN or infinity anywhere.

#[derive(Clone, Debug)]
enum Placement {
    /// B at A's exact pose.
    Coincident,
    /// B at A's position, turned.
    SameCentre(f32),
    /// B near A (as in `near_pair`).
    Near(f32, f32, f32),
    /// B at a grid offset of a quarter unit (scaled): exact touching and aligned cases.
    Grid(i8, i8),
}

fn placement() -> impl Strategy<Value = Placement> {
    prop_oneof![
        Just(Placement::Coincident),
        float(-PI, PI).prop_map(Placement::SameCentre),
        (float(0.0, 1.2), float(-PI, PI), float(-PI, PI))
            .prop_map(|(f, d, t)| Placement::Near(f, d, t)),
        (-4i8..=4, -4i8..=4).prop_map(|(x, y)| Placement::Grid(x, y)),
    ]
}

/// Every shape scaled by `k` (sizes from about 5e-4 to 300 overall).
fn scaled(s: &Spec, k: f32) -> Spec {
    match s {
        Spec::Circle(r) => Spec::Circle(r * k),
        Spec::Box(w, h, r) => Spec::Box(w * k, h * k, r * k),
        Spec::Polygon(p, r) => Spec::Polygon(p.iter().map(|v| *v * k).collect(), r * k),
        Spec::Capsule(l, r) => Spec::Capsule(l * k, r * k),
    }
}

proptest! {
    #![proptest_config(cfg(4000))]

    /// Degenerate and extreme input (coincident, same centre, exact grid offsets that touch,
    /// identical shapes, sizes 5e-4..300, NaN, negative or infinite margins): every number in
    /// every output and trace is finite, normals are unit, the caps hold, and the separation is
    /// still the brute force's (to f32 precision at that scale).
    #[test]
    fn no_nan_or_infinity_anywhere(
        sa in any_spec(),
        sb in any_spec(),
        same_shape in any::<bool>(),
        scale in prop_oneof![Just(1.0f32), Just(1e-2f32), Just(1e2f32), float(1e-2, 1e2)],
        xa in pose(5.0),
        place in placement(),
        margin in prop_oneof![Just(0.0f32), Just(f32::NAN), Just(-1.0f32), Just(f32::INFINITY), float(0.0, 1.0)],
    ) {
        let sa = scaled(&sa, scale);
        let sb = if same_shape { sa.clone() } else { scaled(&sb, scale) };
        let (a, b) = (sa.shape(), sb.shape());
        let xb = match place {
            Placement::Coincident => xa,
            Placement::SameCentre(t) => Transform::new(xa.p, t),
            Placement::Near(f, d, t) => {
                let reach = bounding_radius(&a) + bounding_radius(&b);
                Transform::new(xa.p + f * reach * Vec2::new(d.cos(), d.sin()), t)
            }
            Placement::Grid(x, y) => Transform { p: xa.p + 0.25 * scale * Vec2::new(x as f32, y as f32), q: xa.q },
        };
        let o = ManifoldOptions { speculative_margin: margin, ..ManifoldOptions::default() };
        let mut mt = Vec::new();
        let m: Manifold = collide(&a, xa, &b, xb, &o, &mut mt);
        prop_assert!(debug_all_finite(&m) && debug_all_finite(&mt), "{m:?}");
        prop_assert!((m.normal.length() - 1.0).abs() < 1e-4, "{}", m.normal);
        let mut st = Vec::new();
        let s = sat(&a, xa, &b, xb, SatOptions { merge_parallel: same_shape }, &mut st);
        prop_assert!(debug_all_finite(&st), "{s:?}");
        prop_assert!((s.normal.length() - 1.0).abs() < 1e-4);
        let (mut gt, mut et): (Vec<GjkStep>, Vec<EpaStep>) = (Vec::new(), Vec::new());
        let out = query(&a, xa, &b, xb, &mut gt, &mut et);
        prop_assert!(debug_all_finite(&out) && debug_all_finite(&gt) && debug_all_finite(&et), "{out:?}");
        prop_assert!((out.normal.length() - 1.0).abs() < 1e-4, "{}", out.normal);
        prop_assert!(out.gjk.iterations <= MAX_GJK_ITERATIONS);
        prop_assert!(out.epa.is_none_or(|e| e.iterations <= MAX_EPA_ITERATIONS));
        // Coincident identical shapes overlap by their full extent along some axis.
        if same_shape && matches!(place, Placement::Coincident) {
            prop_assert!(out.overlap && s.overlap() && !m.is_empty());
        }
        // Degenerate or not, the answer is the brute force's (f32 precision at this scale).
        let (truth, _) = brute_separation(&a, xa, &b, xb);
        let tol = 2e-6 * (1.0 + scale) * (1.0 + xa.p.length());
        prop_assert!((out.separation as f64 - truth).abs() <= tol as f64, "query {} brute {truth}", out.separation);
        if out.separation < 0.0 {
            prop_assert!((s.separation as f64 - truth).abs() <= tol as f64, "sat {} brute {truth}", s.separation);
        }
    }
}
