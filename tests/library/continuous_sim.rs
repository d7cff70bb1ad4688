//! The tunnelling the continuous queries prevent, in the simulation (`Variant(continuous:
//! true)`, `src/sim/ccd.rs`): scene 30's bullets and thin wall, stepped discretely with no
//! speculative margin, with the scene's margin, and continuously, over a sweep of speeds and
//! over nudged copies; a chain caught one-sided; slow bodies untouched by it.

use narrowphase_lab::scene::{BUILTIN, Scene, ShapeSpec, Variant, parse, to_ron};
use narrowphase_lab::sim::TunnelSweep;
use narrowphase_lab::sim::World;
use narrowphase_lab::sim::perturb::perturbed;
use narrowphase_lab::sim::tunnel::{bodies_passing, log_speeds};

fn builtin(name: &str) -> Scene {
    let text = BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .unwrap_or_else(|| panic!("{name} is not built in"));
    parse(text, name).unwrap_or_else(|e| panic!("{e}")).scene
}

const CONTINUOUS: Variant = Variant {
    continuous: true,
    ..Variant::FULL
};

const NO_MARGIN: Variant = Variant {
    speculative: false,
    ..Variant::FULL
};

/// Scene 30's three ways, as its `compare` names them: the full run (the scene's speculative
/// margin), no margin, continuous.
fn bullet_scene() -> Scene {
    let s = builtin("30_bullet_wall.ron");
    let compare = &s.sim.as_ref().expect("sim").compare;
    assert_eq!(compare.as_slice(), &[NO_MARGIN, CONTINUOUS]);
    s
}

fn width_of(shape: &ShapeSpec) -> f32 {
    match shape {
        ShapeSpec::Box { width, .. } => *width,
        other => panic!("the wall is a box: {other:?}"),
    }
}

fn radius_of(shape: &ShapeSpec) -> f32 {
    match shape {
        ShapeSpec::Circle { radius } => *radius,
        other => panic!("the bullet is a ball: {other:?}"),
    }
}

// A discrete step catches the ball only when a step ends with it overlapping the wall with its
// centre short of the wall's middle (else it is pushed out of the far side): a window of half
// the wall plus the radius along its path. So no speed whose step is shorter than that window
// can pass; the margin widens the window by the margin (a step that ends within it of the wall
// gets a speculative point, which stops the gap from closing past touching); the continuous
// step cuts the step at the time of impact, at every speed. Which speed first fails in between
// depends on where the steps fall (the phase), so only these bounds and the order are promised.
#[test]
fn continuous_sweep_over_speed_orders_the_three_ways() {
    let s = bullet_scene();
    let speeds = log_speeds(5.0, 500.0, 41);
    let sweep = TunnelSweep::of_scene(&s, &speeds).unwrap();
    let h = 1.0 / s.sim.as_ref().unwrap().hz;
    let window = width_of(&s.a.shape) / 2.0 + radius_of(&s.b.shape);
    let margin = s.speculative_margin;
    let [with_margin, without, continuous] = [0, 1, 2].map(|k| sweep.first_pass(k));
    eprintln!(
        "first pass (m/s): margin {with_margin:?}, none {without:?}, continuous {continuous:?}; \
         passes of {}: {} {} {}",
        speeds.len(),
        sweep.pass_count(0),
        sweep.pass_count(1),
        sweep.pass_count(2)
    );
    let without = without.expect("without a margin the ball tunnels within 5–500 m/s");
    let with_margin = with_margin.expect("with the margin it still tunnels within 5–500 m/s");
    assert!(
        without * h > window,
        "{without} m/s: a step of {}",
        without * h
    );
    assert!(
        with_margin * h > window + margin,
        "{with_margin} m/s: a step of {}",
        with_margin * h
    );
    assert!(without < with_margin, "{without} vs {with_margin}");
    assert_eq!(continuous, None, "{:?}", sweep.passed[2]);
    // Once a step is longer than the whole wall and ball and margin, some phase passes: the
    // discrete ways pass at the top of the range.
    assert!(sweep.passed[0].last() == Some(&true) && sweep.passed[1].last() == Some(&true));
}

// Scene 30 as it stands: the 24 m/s ball is caught by the margin and passes without it; the
// 80 m/s one passes both discrete ways; the continuous step catches both. And over nudged
// copies (sizes, 30/60/120 Hz, the start moved by up to a step's travel, so the phase is
// drawn), the continuous step catches both bullets in every copy, while the discrete ways let
// some through.
#[test]
fn continuous_catches_every_bullet_in_every_nudged_copy() {
    let s = bullet_scene();
    assert_eq!(bodies_passing(&s, Variant::FULL).unwrap(), [false, true]);
    assert_eq!(bodies_passing(&s, NO_MARGIN).unwrap(), [true, true]);
    assert_eq!(bodies_passing(&s, CONTINUOUS).unwrap(), [false, false]);
    let copies = 50;
    let mut passed = [0usize; 3];
    for copy in 1..=copies {
        let c = perturbed(&s, 1, copy).unwrap();
        for (k, v) in [Variant::FULL, NO_MARGIN, CONTINUOUS]
            .into_iter()
            .enumerate()
        {
            passed[k] += bodies_passing(&c, v)
                .unwrap()
                .iter()
                .filter(|p| **p)
                .count();
        }
    }
    eprintln!(
        "bullets passing over {copies} copies × 2: margin {}, none {}, continuous {}",
        passed[0], passed[1], passed[2]
    );
    assert_eq!(passed[2], 0);
    assert!(passed[1] > 0 && passed[0] > 0, "{passed:?}");
    assert!(passed[0] <= passed[1], "{passed:?}");
}

/// A chain floor walked right to left (its segments face up) and a small box thrown at it at
/// `vy` from `y0`, no gravity.
fn box_at_chain(y0: f32, vy: f32) -> Scene {
    let text = format!(
        "Scene(title: \"t\", mode: Simulate, \
         a: Body(shape: Chain(points: [(4.0, 0.0), (2.0, 0.0), (0.0, 0.0), (-2.0, 0.0), (-4.0, 0.0)]), position: (0.0, 0.0)), \
         b: Body(shape: Box(width: 0.2, height: 0.2), position: (0.3, {y0}), angle_deg: 20.0, velocity: (0.0, {vy}), spin: 3.0), \
         sim: Sim(gravity: (0.0, 0.0), seconds: 0.5))"
    );
    parse(&text, "t.ron").unwrap().scene
}

// A 0.2 box thrown down at 300 m/s (5 units a step) jumps a chain floor, unless the step is
// cut at the time of impact; thrown up from below, it passes under continuous stepping too,
// since a chain's segment is one-sided.
#[test]
fn continuous_is_one_sided_on_a_chain() {
    let down = box_at_chain(3.0, -300.0);
    assert_eq!(bodies_passing(&down, Variant::FULL).unwrap(), [true]);
    assert_eq!(bodies_passing(&down, CONTINUOUS).unwrap(), [false]);
    let mut w = World::new(&down, CONTINUOUS).unwrap();
    for _ in 0..30 {
        w.step();
    }
    let b = &w.bodies()[1];
    assert!(b.center.y > 0.0 && b.center.y < 0.2, "{:?}", b.center);
    let up = box_at_chain(-3.0, 300.0);
    assert_eq!(bodies_passing(&up, CONTINUOUS).unwrap(), [true]);
}

// The continuous step only cuts fast bodies: a stack settling and a ball rolling over seams
// run bit for bit as without it.
#[test]
fn continuous_leaves_slow_bodies_alone() {
    for name in ["21_stack.ron", "27_ball_over_seams.ron"] {
        let s = builtin(name);
        let mut full = World::new(&s, Variant::FULL).unwrap();
        let mut cont = World::new(&s, CONTINUOUS).unwrap();
        for _ in 0..120 {
            full.step();
            cont.step();
        }
        assert_eq!(full.bodies(), cont.bodies(), "{name}");
    }
}

// The fields read and write as the others do: absent at their defaults, kept when set.
#[test]
fn continuous_and_speculative_read_and_write() {
    let s = bullet_scene();
    let text = to_ron(&s).unwrap();
    assert!(
        text.contains("speculative: false") && text.contains("continuous: true"),
        "{text}"
    );
    let plain = builtin("27_ball_over_seams.ron");
    let text = to_ron(&plain).unwrap();
    assert!(
        !text.contains("speculative:") && !text.contains("continuous:"),
        "{text}"
    );
    let back = parse(&to_ron(&s).unwrap(), "back.ron").unwrap().scene;
    assert_eq!(back.sim, s.sim);
}
