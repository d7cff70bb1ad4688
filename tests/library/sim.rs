//! The consequences lab's solver against hand-worked physics: resting height, free fall (the
//! integrator's exact discrete formula), friction on a slope, momentum through a contact,
//! determinism and replay, mass properties, and the scene format's `sim` block.

use glam::Vec2;
use narrowphase_lab::geom::LINEAR_SLOP;
use narrowphase_lab::scene::{Points, Scene, Variant, parse, to_ron};
use narrowphase_lab::sim::{PointState, Run, World};

fn scene(text: &str) -> Scene {
    parse(text, "sim.ron").expect("a valid scene").scene
}

fn world(text: &str) -> World {
    World::new(&scene(text), Variant::FULL).expect("a world")
}

fn steps(w: &mut World, n: usize) {
    for _ in 0..n {
        w.step();
    }
}

/// A 1×1 box dropped from 1 above an 8-wide ground.
const DROP: &str = "Scene(title: \"Drop\", \
    a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
    b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 1.5)))";

#[test]
fn dropped_box_rests_at_its_half_height_within_the_slop_on_two_persisted_points() {
    let mut w = world(DROP);
    steps(&mut w, 180);
    let b = &w.bodies()[1];
    // Resting, its centre sits half its height above the ground, sunk no more than the slop
    // (LINEAR_SLOP times the smaller body's size, the box's half-diagonal).
    let slop = LINEAR_SLOP * 0.5_f32.hypot(0.5);
    let y = b.position().y;
    assert!(y <= 0.5 && y >= 0.5 - slop - 1e-4, "y = {y}, slop {slop}");
    assert!(b.velocity.length() < 1e-4 && b.spin.abs() < 1e-4);
    let pair = w.pair(0, 1).expect("touching the ground");
    let states: Vec<PointState> = pair.points().map(|p| p.state()).collect();
    assert_eq!(states, [PointState::Persisted, PointState::Persisted]);
    assert_eq!(w.stats().persisted, 2);
}

#[test]
fn free_fall_follows_symplectic_euler_exactly() {
    // Far above the ground: nothing touches for the two seconds.
    let mut w = world(&DROP.replace("(0.0, 1.5)", "(0.0, 100.0)"));
    let (g, h) = (10.0_f64, 1.0_f64 / 60.0);
    for n in 1..=120_usize {
        w.step();
        // Symplectic Euler: v_n = −g n h, y_n = y_0 + h Σ v_k = y_0 − g h² n(n+1)/2, which is
        // y_0 − g t²/2 − g h t/2 at t = n h: the textbook parabola less half a step's drop.
        let t = n as f64 * h;
        let exact = 100.0 - g * h * h * (n * (n + 1)) as f64 / 2.0;
        assert!((exact - (100.0 - g * t * t / 2.0 - g * h * t / 2.0)).abs() < 1e-9);
        let y = w.bodies()[1].position().y as f64;
        // f32 rounding of 100 + a few units: well under 1e-4 after 120 steps.
        assert!((y - exact).abs() < 1e-4, "step {n}: y {y}, exact {exact}");
        let vy = w.bodies()[1].velocity.y as f64;
        assert!((vy + g * t).abs() < 1e-4, "step {n}: vy {vy}");
    }
}

/// A 1×1 box resting on a slope of `deg` degrees (friction 0.6: the friction angle is
/// atan 0.6 = 31.0°), and how far it moves along the slope in two seconds.
fn slide_on_slope(deg: f32) -> f32 {
    let r = deg.to_radians();
    let (s, c) = r.sin_cos();
    // The slope: a 20 × 1 box turned by `deg`, its top face through the origin.
    let slope = Vec2::new(s * 0.5, -c * 0.5);
    let start = Vec2::new(-s * 0.5, c * 0.5);
    let text = format!(
        "Scene(title: \"Slope\", \
         a: Body(shape: Box(width: 20.0, height: 1.0), position: ({}, {}), angle_deg: {deg}), \
         b: Body(shape: Box(width: 1.0, height: 1.0), position: ({}, {}), angle_deg: {deg}), \
         sim: Sim(friction: 0.6))",
        slope.x, slope.y, start.x, start.y
    );
    let mut w = world(&text);
    steps(&mut w, 120);
    (w.bodies()[1].position() - start).length()
}

#[test]
fn box_on_a_slope_steeper_than_its_friction_angle_slides() {
    // 40°: a = g (sin 40° − 0.6 cos 40°) = 1.83, so about 3.7 in two seconds.
    let moved = slide_on_slope(40.0);
    assert!(moved > 3.0 && moved < 4.2, "moved {moved}");
}

#[test]
fn box_on_a_slope_shallower_than_its_friction_angle_stays() {
    let moved = slide_on_slope(20.0);
    assert!(moved < 0.01, "moved {moved}");
}

#[test]
fn momentum_of_two_free_bodies_is_conserved_through_a_contact() {
    // No gravity; A far away. B moves right into a resting box C and hits it off centre.
    let text = "Scene(title: \"Hit\", \
        a: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, -50.0)), \
        b: Body(shape: Box(width: 1.0, height: 1.0), position: (-1.2, 0.3), velocity: (3.0, 0.0), spin: 0.5), \
        sim: Sim(gravity: (0.0, 0.0), bodies: [Body(shape: Circle(radius: 0.5), position: (0.5, 0.0))]))";
    let mut w = world(text);
    let momentum = |w: &World| {
        w.bodies()[1..]
            .iter()
            .map(|b| b.mass * b.velocity)
            .sum::<Vec2>()
    };
    let before = momentum(&w);
    let mut touched = false;
    for _ in 0..120 {
        w.step();
        touched |= w.pair(1, 2).is_some();
        let now = momentum(&w);
        assert!(
            (now - before).length() < 1e-4 * before.length(),
            "{now} vs {before}"
        );
    }
    assert!(touched, "the bodies met");
    assert!(w.bodies()[2].velocity.x > 0.5, "the circle was pushed");
}

#[test]
fn two_runs_are_equal_bit_for_bit_and_replay_to_k_equals_stepping_k() {
    let text = std::fs::read_to_string("scenes/21_stack.ron").expect("the stack");
    let s = scene(&text);
    let variant = Variant {
        hysteresis: false,
        ..Variant::FULL
    };
    let mut a = Run::new(&s, variant).expect("a run");
    let mut b = Run::new(&s, variant).expect("a run");
    for _ in 0..200 {
        a.step();
        b.step();
    }
    assert_eq!(a.world(), b.world());
    // Back 50 steps (a replay from the start) is the world as it was at step 150.
    let mut c = Run::new(&s, variant).expect("a run");
    c.seek(150);
    for _ in 0..50 {
        a.step_back();
    }
    assert_eq!(a.steps(), 150);
    assert_eq!(a.world(), c.world());
    a.reset();
    assert_eq!(a.steps(), 0);
}

#[test]
fn middle_gives_one_point_at_the_midpoint_and_deepest_the_deepest() {
    let s = scene(&DROP.replace("(0.0, 1.5)", "(0.0, 0.49), angle_deg: 0.5"));
    let contacts = |points| {
        let mut w = World::new(
            &s,
            Variant {
                points,
                ..Variant::FULL
            },
        )
        .expect("a world");
        w.step();
        w.pair(0, 1).expect("touching").manifolds[0].points.clone()
    };
    let all = contacts(Points::All);
    assert_eq!(all.len(), 2);
    let middle = contacts(Points::Middle);
    assert_eq!(middle.len(), 1);
    let mid = (all[0].position + all[1].position) / 2.0;
    assert!((middle[0].position - mid).length() < 1e-6);
    let deepest = contacts(Points::Deepest);
    let want = if all[0].separation <= all[1].separation {
        all[0]
    } else {
        all[1]
    };
    assert_eq!((deepest.len(), deepest[0].id), (1, want.id));
}

#[test]
fn speculative_points_stop_the_gap_closing_but_do_not_push() {
    // A margin of 0.5: the box is caught 0.3 above the ground as a speculative contact, and
    // still falls freely while the gap is more than a step's fall.
    let text = DROP
        .replace("(0.0, 1.5)", "(0.0, 0.8)")
        .replace("Drop\",", "Drop\", speculative_margin: 0.5,");
    let mut w = world(&text);
    w.step();
    let p = w.pair(0, 1).expect("a speculative contact");
    assert!(p.points().all(|p| p.state() == PointState::Speculative));
    assert_eq!(w.bodies()[1].velocity.y, -10.0 / 60.0);
    steps(&mut w, 120);
    let y = w.bodies()[1].position().y;
    assert!((0.49..=0.5).contains(&y), "rests on the ground: {y}");
}

#[test]
fn sim_block_round_trips_and_defaults_are_left_out() {
    let text = "Scene(title: \"S\", \
        a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
        b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 0.5), velocity: (1.0, 2.0), spin: -0.5), \
        sim: Sim(bodies: [Body(shape: Circle(radius: 0.5), position: (0.0, 2.0))], hz: 120.0, \
                 compare: [Variant(points: Middle), Variant(hysteresis: false, warm_start: false)]))";
    let s = scene(text);
    let written = to_ron(&s).expect("written");
    assert_eq!(scene(&written), s);
    assert!(written.contains("hz: 120.0") && !written.contains("iterations"));
    assert!(written.contains("spin: -0.5") && written.contains("velocity: (1.0, 2.0)"));
    // A scene without them writes none of them.
    let plain = to_ron(&scene(DROP)).expect("written");
    assert!(!plain.contains("sim") && !plain.contains("velocity") && !plain.contains("spin"));
}

#[test]
fn bad_sim_values_name_file_line_and_field() {
    let text = "Scene(title: \"S\",\n\
        a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)),\n\
        b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 0.5)),\n\
        sim: Sim(hz: 0.0),\n)";
    let err = |t: &str| parse(t, "bad.ron").expect_err("invalid").to_string();
    assert_eq!(
        err(text),
        "bad.ron:4:14: sim.hz: must be between 1 and 480, got 0"
    );
    assert!(
        err(&text.replace("hz: 0.0", "iterations: 0"))
            .starts_with("bad.ron:4:22: sim.iterations: must be between 1 and 100")
    );
    assert!(
        err(&text.replace("hz: 0.0", "seconds: 1e9"))
            .contains("sim.seconds: must be more than 0 and at most 120 seconds")
    );
    assert!(
        err(&text.replace("hz: 0.0", "friction: -1.0"))
            .contains("sim.friction: must be between 0 and 10")
    );
    let three = "compare: [Variant(), Variant(), Variant()]";
    assert!(
        err(&text.replace("hz: 0.0", three)).contains("sim.compare: at most 2 compare runs, got 3")
    );
    let bad_body = "bodies: [Body(shape: Circle(radius: -1.0), position: (0.0, 0.0))]";
    assert!(
        err(&text.replace("hz: 0.0", bad_body))
            .starts_with("bad.ron:4:46: sim.bodies[0].shape.radius: must be > 0")
    );
    assert!(err(&text.replace("hz: 0.0", "gravity: (0.0, inf)")).contains("sim.gravity.y"));
    assert!(err(&text.replace("hz: 0.0", "points: Middle")).contains("bad.ron:4"));
    let spin = text.replace("(0.0, 0.5)),", "(0.0, 0.5), spin: 1e9),");
    assert!(err(&spin).contains("b.spin: must be between -10000 and 10000"));
}

#[test]
fn collided_transforms_give_back_the_manifold_the_solver_received() {
    use narrowphase_lab::geom::{ManifoldOptions, collide_compound};
    let text = std::fs::read_to_string("scenes/22_star_drop.ron").expect("the star");
    let mut w = World::new(&scene(&text), Variant::FULL).expect("a world");
    steps(&mut w, 100);
    let xfs = w.collided_transforms();
    let (a, b) = (&w.bodies()[0], &w.bodies()[1]);
    let again = collide_compound(
        &a.parts,
        xfs[0],
        &b.parts,
        xfs[1],
        &ManifoldOptions::default(),
    );
    let got = w.pair(0, 1).expect("touching");
    assert_eq!(again.manifolds.len(), got.manifolds.len());
    for (m, g) in again.manifolds.iter().zip(&got.manifolds) {
        assert_eq!((m.parts, m.manifold.normal), (g.parts, g.normal));
        let ids: Vec<u64> = m.manifold.points().map(|p| m.id(p)).collect();
        let got_ids: Vec<u64> = g.points.iter().map(|p| p.id).collect();
        assert_eq!(ids, got_ids);
    }
}

/// Issue 39, item 1: a run keeps snapshots, so a step back replays from the nearest one (not
/// from the start) and lands on the same world bit for bit; the snapshots stay bounded however
/// far the run goes.
#[test]
fn a_step_back_replays_from_the_nearest_snapshot_bit_for_bit() {
    use narrowphase_lab::sim::{MAX_SNAPSHOTS, MIN_SNAPSHOT_INTERVAL};
    let text = std::fs::read_to_string("scenes/21_stack.ron").expect("the stack");
    let s = scene(&text);
    let mut a = Run::new(&s, Variant::FULL).expect("a run");
    let every = a.snapshot_interval();
    assert!(every >= MIN_SNAPSHOT_INTERVAL);
    a.seek(3 * every + 5);
    let mut fresh = Run::new(&s, Variant::FULL).expect("a run");
    fresh.seek(3 * every + 4);
    // Rewinding goes to the snapshot at 3 * every, not to the start.
    let mut r = a.clone();
    r.rewind(3 * every + 4);
    assert_eq!(r.steps(), 3 * every);
    a.step_back();
    assert_eq!(a.steps(), 3 * every + 4);
    assert_eq!(a.world(), fresh.world());
    // Far past the run's own length, the snapshots stay within their bound.
    let mut long = Run::new(&s, Variant::FULL).expect("a run");
    let far = 3 * MAX_SNAPSHOTS * long.snapshot_interval();
    long.seek(far);
    assert!(long.snapshot_interval() > every);
    let mut back = long.clone();
    back.rewind(far - 1);
    assert!(far - 1 - back.steps() < long.snapshot_interval());
    back.seek(far - 1);
    let mut fresh = Run::new(&s, Variant::FULL).expect("a run");
    fresh.seek(far - 1);
    assert_eq!(back.world(), fresh.world());
}
