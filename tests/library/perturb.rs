//! `sim::perturb`: the nudged copies stay in the ranges DESIGN.md gives, cover them, and keep a
//! stack standing on its ground.

use narrowphase_lab::scene::{ShapeSpec, parse};
use narrowphase_lab::sim::perturb::{Spread, perturbed};

fn scene(path: &str) -> narrowphase_lab::scene::Scene {
    let text = std::fs::read_to_string(path).expect("the scene");
    parse(&text, path).expect("valid").scene
}

fn box_size(shape: &ShapeSpec) -> (f32, f32) {
    match shape {
        ShapeSpec::Box { width, height, .. } => (*width, *height),
        other => panic!("a box, not {other:?}"),
    }
}

#[test]
fn perturbed_copies_stay_in_their_ranges_and_cover_them() {
    let base = scene("scenes/21_stack.ron");
    let (mut rates, mut iters) = (Vec::new(), Vec::new());
    let (mut sizes, mut frictions, mut turns) = (Vec::new(), Vec::new(), Vec::new());
    for k in 1..=300 {
        let s = perturbed(&base, 11, k).expect("a copy");
        let sim = s.sim.as_ref().expect("sim");
        assert!([30.0, 60.0, 120.0].contains(&sim.hz), "{}", sim.hz);
        assert!((4..=20).contains(&sim.iterations));
        assert!((0.4..0.8).contains(&sim.friction), "{}", sim.friction);
        // Every box of the stack scaled by one factor, in [0.9, 1.1].
        let w = box_size(&s.b.shape).0;
        assert!((0.9..1.1).contains(&w), "{w}");
        for b in &sim.bodies {
            assert_eq!(box_size(&b.shape), (w, w));
        }
        // The bottom box still stands on the ground (top face y = 0): its centre half its new
        // height up, nudged by at most 2 % of its bounding radius.
        let nudge = 0.02 * w * 0.5_f32.hypot(0.5) + 1e-6;
        assert!(
            (s.b.position.y - w / 2.0).abs() <= nudge,
            "{}",
            s.b.position.y
        );
        assert!(s.b.position.x.abs() <= nudge);
        for b in std::iter::once(&s.b).chain(&sim.bodies) {
            assert!(b.angle_deg.abs() <= 1.0);
            turns.push(b.angle_deg);
        }
        // A static ground is the frame: untouched.
        assert_eq!(s.a, base.a);
        rates.push(sim.hz);
        iters.push(sim.iterations);
        sizes.push(w);
        frictions.push(sim.friction);
    }
    // Uniform draws over 300 copies reach near each end of their range.
    for hz in [30.0, 60.0, 120.0] {
        let n = rates.iter().filter(|&&r| r == hz).count();
        assert!((70..=130).contains(&n), "{hz} Hz: {n} of 300");
    }
    assert_eq!(iters.iter().min(), Some(&4));
    assert_eq!(iters.iter().max(), Some(&20));
    let span = |v: &[f32]| {
        let lo = v.iter().copied().fold(f32::MAX, f32::min);
        let hi = v.iter().copied().fold(f32::MIN, f32::max);
        (lo, hi)
    };
    let (lo, hi) = span(&sizes);
    assert!(lo < 0.91 && hi > 1.09, "{lo} {hi}");
    let (lo, hi) = span(&frictions);
    assert!(lo < 0.41 && hi > 0.79, "{lo} {hi}");
    let (lo, hi) = span(&turns);
    assert!(lo < -0.99 && hi > 0.99, "{lo} {hi}");
}

#[test]
fn perturbed_start_moves_along_the_velocity_by_up_to_one_step() {
    // A frictionless box sliding at 4 m/s: its friction stays 0, and its start moves along -x
    // by u · 4 / hz (u in [0, 1)) plus the 2 % nudge and the scaling about the pivot under it.
    let base = scene("scenes/25_tile_floor.ron");
    let mut phases = Vec::new();
    for k in 1..=200 {
        let s = perturbed(&base, 3, k).expect("a copy");
        let sim = s.sim.as_ref().expect("sim");
        assert_eq!(sim.friction, 0.0);
        let (w, h) = box_size(&s.b.shape);
        let radius = 0.5 * w.hypot(h);
        let travel = 4.0 / sim.hz;
        // The pivot is under the box (its only dynamic body), so scaling keeps its x.
        let shift = base.b.position.x - s.b.position.x;
        assert!(
            shift >= -0.02 * radius - 1e-5 && shift <= travel + 0.02 * radius + 1e-5,
            "{shift} vs one step {travel}"
        );
        phases.push((shift / travel).clamp(0.0, 1.0));
    }
    let lo = phases.iter().copied().fold(1.0, f32::min);
    let hi = phases.iter().copied().fold(0.0, f32::max);
    assert!(lo < 0.1 && hi > 0.9, "phases {lo}..{hi}");
}

#[test]
fn copy_zero_is_the_scene_and_a_copy_does_not_depend_on_how_many() {
    let base = scene("scenes/22_star_drop.ron");
    assert_eq!(perturbed(&base, 5, 0).unwrap(), base);
    assert_eq!(
        perturbed(&base, 5, 9).unwrap(),
        perturbed(&base, 5, 9).unwrap()
    );
    assert_ne!(
        perturbed(&base, 5, 9).unwrap(),
        perturbed(&base, 6, 9).unwrap()
    );
}

#[test]
fn spread_median_of_an_even_count_is_the_mean_of_the_middle_two() {
    let s = Spread::of([3.0, 10.0, 1.0, 2.0]).unwrap();
    assert_eq!((s.min, s.median, s.max), (1.0, 2.5, 10.0));
    let s = Spread::of([5.0, -1.0, 4.0]).unwrap();
    assert_eq!((s.min, s.median, s.max), (-1.0, 4.0, 5.0));
    assert_eq!(Spread::of(std::iter::empty()), None);
}
