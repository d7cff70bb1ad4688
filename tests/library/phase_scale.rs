//! The start phase sweep (`sim::phase`), wrong matches (`sim::contact::wrong_match`) and the
//! scaled scene (`sim::scale`): issue 40's tile catch as a plot over the start phase, issue
//! 41's wrong matches and Nearest's absolute tolerance under a scale.

use narrowphase_lab::scene::{Ids, Reference, Scene, Variant, parse};
use narrowphase_lab::sim::perturb::perturbed;
use narrowphase_lab::sim::phase::{PhaseSweep, phase_shifted};
use narrowphase_lab::sim::scale::scaled_scene;
use narrowphase_lab::sim::{World, summary};

fn scene(name: &str) -> Scene {
    let path = format!("scenes/{name}");
    let text = std::fs::read_to_string(&path).expect("the scene");
    parse(&text, &path).expect("valid").scene
}

fn scheme(ids: Ids, reference: Reference) -> Variant {
    Variant {
        ids,
        reference: Some(reference),
        ..Variant::FULL
    }
}

fn run(s: &Scene, v: Variant) -> summary::Summary {
    let mut w = World::new(s, v).expect("a world");
    let steps = w.settings().steps_for(w.settings().seconds);
    summary::run(&mut w, steps, |_| true)
}

#[test]
fn the_tile_floor_catches_at_some_phases_and_not_at_others() {
    let s = scene("25_tile_floor.ron");
    let sweep = PhaseSweep::run(&s, &[Variant::FULL], 24, None).expect("a sweep");
    let r = &sweep.runs[0];
    assert_eq!(r.outcomes.len(), 24);
    let caught = r.outcomes.iter().filter(|o| o.caught).count();
    assert_eq!(caught, r.caught);
    eprintln!("tile floor: {caught} of 24 phases caught");
    assert!(caught > 0 && caught < 24, "both outcomes: {caught}");
    let free = sweep.start_speed * sweep.steps as f32 / 60.0;
    for (k, o) in r.outcomes.iter().enumerate() {
        assert_eq!(o.phase, k as f32 / 24.0);
        // The rule, checked against an independent run of the shifted scene: a crossed box
        // slid the whole free slide; a caught one got less than half of it.
        let shifted = phase_shifted(&s, o.phase);
        let mut w = World::new(&shifted, Variant::FULL).unwrap();
        let x0 = w.bodies()[1].position().x;
        let sum = summary::run(&mut w, sweep.steps, |_| true);
        let progress = x0 - w.bodies()[1].position().x; // B slides towards −x
        assert!(
            (progress - o.progress).abs() < 1e-4,
            "{k}: {progress} {o:?}"
        );
        assert_eq!(sum.bodies[0].final_speed, o.final_speed, "{k}");
        assert_eq!(o.caught, progress < 0.5 * free, "{k}");
        if !o.caught {
            assert!(
                (progress - free).abs() < 0.01 * free,
                "{k}: crossed all seams"
            );
            assert_eq!(o.stopped_step, None);
        } else {
            assert!(o.stopped_step.is_some_and(|s| s < 60), "{k}: {o:?}");
        }
    }
    // Phase 0 is the scene itself: it is caught, as its notes say.
    assert!(r.outcomes[0].caught);
}

#[test]
fn nearest_at_a_large_distance_matches_wrong_points_and_vertices_on_a_stack_never() {
    let tiles = scene("25_tile_floor.ron");
    let far = Variant {
        ids: Ids::Nearest,
        match_distance: 1.0,
        ..Variant::FULL
    };
    let wrong = run(&tiles, far).wrong_matches;
    eprintln!("tile floor, nearest at 1.0: {wrong} wrong matches");
    assert!(
        wrong > 0,
        "the catch hands an old impulse to the tile's corner"
    );
    assert_eq!(run(&tiles, Variant::FULL).wrong_matches, 0, "feature ids");
    for name in ["21_stack.ron", "28_ten_stack_ids.ron"] {
        let s = run(&scene(name), scheme(Ids::Vertices, Reference::Plain));
        assert_eq!(s.wrong_matches, 0, "{name}");
        assert!(s.persisted_fraction.unwrap() >= 0.99, "{name}");
    }
}

/// Over the scene and its 50 nudged copies (seed 1): the share of the second half's points
/// Nearest (at its absolute 0.01) keeps at scale 1 and at `k`, per copy.
fn nearest_kept(name: &str, k: f32, copies: usize) -> Vec<(f64, f64, usize)> {
    let base = scene(name);
    let v = scheme(Ids::Nearest, Reference::Plain);
    (0..=copies)
        .map(|c| {
            let s = perturbed(&base, 1, c).expect("a copy");
            let one = run(&s, v);
            let scaled = run(&scaled_scene(&s, k), v);
            (
                one.persisted_fraction.unwrap_or(0.0),
                scaled.persisted_fraction.unwrap_or(0.0),
                scaled.wrong_matches,
            )
        })
        .collect()
}

#[test]
fn a_scaled_scene_is_the_same_motion_smaller() {
    let s = scene("21_stack.ron");
    let v = scheme(Ids::Vertices, Reference::Plain);
    let (one, small) = (run(&s, v), run(&scaled_scene(&s, 0.01), v));
    assert_eq!(one.persisted_fraction, small.persisted_fraction);
    for (a, b) in one.bodies.iter().zip(&small.bodies) {
        assert!((a.sink * 0.01 - b.sink).abs() < 1e-4, "{a:?} {b:?}");
    }
}

/// At least 90 % of `runs`.
fn most(hits: usize, runs: usize) -> bool {
    hits * 10 >= runs * 9
}

// The claim asked for was "Nearest keeps >= 99 % at scale 1 and measurably fewer at x0.01 in
// >= 90 % of runs". Measured on the six-stack with a Nearest + Plain run (51 runs, seed 1):
// >= 99 % at scale 1 in 51; at x0.01 >= 99 % in 51 and fewer in 0 (a resting point does not
// move, so a tolerance as large as the box still finds it first); at x100 >= 99 % in 25 and
// fewer in 28. The claim does not hold at x0.01: this asserts what was measured.
#[test]
fn nearest_keeps_the_stack_at_scale_one_and_at_a_hundredth_and_loses_ids_at_a_hundred() {
    let copies = 50;
    let runs = copies + 1;
    let small = nearest_kept("21_stack.ron", 0.01, copies);
    let large = nearest_kept("21_stack.ron", 100.0, copies);
    let count = |v: &[(f64, f64, usize)], f: &dyn Fn(&(f64, f64, usize)) -> bool| {
        v.iter().filter(|r| f(r)).count()
    };
    let keep1 = count(&small, &|r| r.0 >= 0.99);
    let keep_small = count(&small, &|r| r.1 >= 0.99);
    let fewer_small = count(&small, &|r| r.1 < r.0);
    let keep_large = count(&large, &|r| r.1 >= 0.99);
    let fewer_large = count(&large, &|r| r.1 < r.0);
    eprintln!(
        "six-stack, Nearest + Plain: >= 99 % at 1: {keep1}; x0.01: {keep_small} (fewer {fewer_small}); \
         x100: {keep_large} (fewer {fewer_large}) of {runs}"
    );
    assert!(most(keep1, runs), "{keep1}");
    assert!(most(keep_small, runs), "{keep_small}");
    assert!(!most(fewer_small, runs), "{fewer_small}");
    // At x100 a settling point moves more than 1 cm: fewer kept in over a third of the runs.
    assert!(3 * fewer_large > runs, "{fewer_large}");
    assert!(!most(keep_large, runs), "{keep_large}");
}

#[test]
fn the_tile_floor_at_a_hundredth_gives_nearest_a_wrong_match_it_did_not_make_at_full_size() {
    // Measured: 0 wrong matches at scale 1, 1 at x0.01 (`simulate --ids nearest --scale 0.01
    // --summary`): at the catch a point of the 8 mm box is within the 1 cm tolerance of a
    // point it is not.
    let s = scene("25_tile_floor.ron");
    let v = Variant {
        ids: Ids::Nearest,
        ..Variant::FULL
    };
    assert_eq!(run(&s, v).wrong_matches, 0);
    assert!(run(&scaled_scene(&s, 0.01), v).wrong_matches > 0);
}
