//! Every claim a built-in Simulate scene's notes make, measured on the scene and 50 nudged
//! copies of it (`sim::perturb`, as `simulate --perturb 50`): each must hold in at least 90 %
//! of the runs, or the notes say under which conditions it holds (and the test measures that).

use narrowphase_lab::scene::{Points, Scene, Variant, parse};
use narrowphase_lab::sim::World;
use narrowphase_lab::sim::perturb::perturbed;
use narrowphase_lab::sim::summary::{self, Summary};

/// Copies per claim (plus the scene itself).
const COPIES: usize = 50;
const SEED: u64 = 1;

fn scene(name: &str) -> Scene {
    let path = format!("scenes/{name}");
    let text = std::fs::read_to_string(&path).expect("the scene");
    parse(&text, &path).expect("valid").scene
}

fn run(s: &Scene, variant: Variant) -> Summary {
    let mut w = World::new(s, variant).expect("a world");
    let steps = w.settings().steps_for(w.settings().seconds);
    summary::run(&mut w, steps, |_| true)
}

/// The variant the scene compares: `compare[i]`.
fn compare(s: &Scene, i: usize) -> Variant {
    s.sim.as_ref().expect("sim").compare[i]
}

/// How many of the scene's runs (itself and its copies) satisfy `claim`.
fn holds(name: &str, claim: impl Fn(&Scene) -> bool) -> usize {
    let base = scene(name);
    let hits = (0..=COPIES)
        .filter(|&k| claim(&perturbed(&base, SEED, k).expect("a copy")))
        .count();
    eprintln!("{name}: {hits} of {}", COPIES + 1);
    hits
}

/// At least 90 % of the runs.
fn most(hits: usize) -> bool {
    hits * 10 >= (COPIES + 1) * 9
}

fn top(s: &Summary) -> &narrowphase_lab::sim::BodySummary {
    s.bodies.last().expect("a body")
}

#[test]
fn box_on_two_points_sits_and_on_one_rocks_under_a_nudge() {
    for points in [Points::Middle, Points::Deepest] {
        let hits = holds("20_box_rocks.ron", |s| {
            let full = run(s, Variant::FULL).bodies[0].rms_omega_last_second;
            let one = Variant {
                points,
                ..Variant::FULL
            };
            let one = run(s, one).bodies[0].rms_omega_last_second;
            full <= 1e-3 && one >= 0.01 && one >= 100.0 * full
        });
        assert!(most(hits), "{points:?}: {hits}");
    }
}

/// The box's largest height while it is beyond `x` (left of it), over the run (`None` when it
/// never gets there).
fn max_height_left_of(s: &Scene, variant: Variant, x: f32) -> Option<f32> {
    let mut w = World::new(s, variant).expect("a world");
    let steps = w.settings().steps_for(w.settings().seconds);
    let mut best: Option<f32> = None;
    for _ in 0..steps {
        w.step();
        let p = w.bodies()[1].position();
        if p.x < x {
            best = Some(best.map_or(p.y, |b| b.max(p.y)));
        }
    }
    best
}

/// The box's angle at the end of the full run, degrees.
fn end_angle_deg(s: &Scene) -> f32 {
    let mut w = World::new(s, Variant::FULL).expect("a world");
    let steps = w.settings().steps_for(w.settings().seconds);
    for _ in 0..steps {
        w.step();
    }
    w.bodies()[1].angle.to_degrees()
}

const SMOOTH_OFF: Variant = Variant {
    smooth: false,
    ..Variant::FULL
};

#[test]
fn tilted_box_settles_flat_and_on_its_deepest_point_keeps_turning_under_a_nudge() {
    // Flat: within the slop band of the 2-wide box (a corner between 0 and the slop deep is
    // left alone: atan(0.005 · 1.118 · 1.1 / (2 · 0.9)) ≈ 0.2° at the largest nudge).
    let hits = holds("23_tilted_box_lands.ron", |s| {
        let full = run(s, Variant::FULL).bodies[0].rms_omega_last_second;
        let deep = run(s, compare(s, 0)).bodies[0].rms_omega_last_second;
        full <= 1e-3 && end_angle_deg(s).abs() <= 0.2 && deep >= 0.01
    });
    assert!(most(hits), "{hits}"); // measured: 51 of 51
}

#[test]
fn stack_keeps_its_ids_and_without_hysteresis_churns_under_a_nudge() {
    let hits = holds("21_stack.ron", |s| {
        let f = run(s, Variant::FULL).persisted_fraction.unwrap_or(0.0);
        let o = run(s, compare(s, 0)).persisted_fraction.unwrap_or(0.0);
        f >= 0.99 && o < f - 0.005
    });
    assert!(most(hits), "{hits}"); // measured: 46 of 51
}

#[test]
fn stack_without_hysteresis_bobs_under_a_nudge() {
    // The top box's height over the second half varies at least 10 times as much as on the
    // full run (both claims at once hold in 42 of 51: the notes say "in most runs").
    let hits = holds("21_stack.ron", |s| {
        let full = top(&run(s, Variant::FULL)).height_range;
        top(&run(s, compare(s, 0))).height_range >= 10.0 * full
    });
    assert!(most(hits), "{hits}"); // measured: 47 of 51
}

#[test]
fn stack_without_warm_starting_falls_at_60_hz_and_below() {
    // The notes' condition: at 30 and 60 Hz it falls whatever the iterations (4 to 20); at
    // 120 Hz it falls with 10 iterations or fewer and stands with 15 or more (measured: 32 of
    // 33 copies at 30–60 Hz fall; at 120 Hz 9 of 10 with ≤ 10 fall, 8 of 8 with ≥ 15 stand).
    let base = scene("21_stack.ron");
    let (mut slow, mut fell) = (0, 0);
    let (mut few, mut few_fell, mut many, mut many_stood) = (0, 0, 0, 0);
    for k in 0..=COPIES {
        let s = perturbed(&base, SEED, k).expect("a copy");
        let sim = s.sim.as_ref().expect("sim");
        let falls = top(&run(&s, compare(&s, 1))).sink > 1.0;
        if sim.hz <= 60.0 {
            slow += 1;
            fell += falls as usize;
        } else if sim.iterations <= 10 {
            few += 1;
            few_fell += falls as usize;
        } else if sim.iterations >= 15 {
            many += 1;
            many_stood += !falls as usize;
        }
    }
    assert!(fell * 10 >= slow * 9, "{fell} of {slow}");
    assert!(few_fell * 10 >= few * 9 && few > 0, "{few_fell} of {few}");
    assert!(many_stood == many && many > 0, "{many_stood} of {many}");
}

#[test]
fn star_without_part_bits_shares_ids_under_a_nudge() {
    let hits = holds("22_star_drop.ron", |s| {
        let full = run(s, Variant::FULL).contacts;
        let off = run(s, compare(s, 0)).contacts;
        full.id_collisions == 0 && off.points > 0 && off.id_collisions == off.points
    });
    assert!(most(hits), "{hits}"); // measured: 51 of 51
}

#[test]
fn chain_floor_with_the_rule_never_catches_and_without_it_catches_by_phase() {
    // With the ghost-vertex rule: never kicked up, 4 m/s kept (51 of 51). Without it the box
    // catches on a seam in some starts only: which depends on where in its step the box meets
    // the seam (measured: 12 of 51 nudged runs stop).
    let base = scene("24_chain_floor.ron");
    let (mut kept, mut caught) = (0, 0);
    for k in 0..=COPIES {
        let s = perturbed(&base, SEED, k).expect("a copy");
        let full = run(&s, Variant::FULL);
        kept += (full.bodies[0].max_up_speed < 1e-3 && full.bodies[0].final_speed >= 3.9) as usize;
        caught += (run(&s, SMOOTH_OFF).bodies[0].final_speed < 1.0) as usize;
    }
    assert!(most(kept), "{kept}");
    assert!((5..=25).contains(&caught), "{caught} of {}", COPIES + 1);
}

#[test]
fn tile_floor_catches_by_phase() {
    // Tiles know nothing of each other: the box catches on a seam in some starts (measured:
    // 12 of 51 nudged runs stop, 25 are never kicked up).
    let base = scene("25_tile_floor.ron");
    let caught = (0..=COPIES)
        .filter(|&k| {
            let s = perturbed(&base, SEED, k).expect("a copy");
            run(&s, Variant::FULL).bodies[0].final_speed < 1.0
        })
        .count();
    assert!((5..=25).contains(&caught), "{caught} of {}", COPIES + 1);
}

#[test]
fn valley_with_the_rule_rides_up_and_without_it_mostly_trips() {
    // With the rule the box rides up the far slope above y = 1.5 (51 of 51). Without it, it
    // trips at the far side's first vertex and stays below 1.0 in 40 of 51 runs: the notes say
    // "usually".
    let base = scene("26_valley.ron");
    let (mut rides, mut trips) = (0, 0);
    for k in 0..=COPIES {
        let s = perturbed(&base, SEED, k).expect("a copy");
        rides += (max_height_left_of(&s, Variant::FULL, -2.0).unwrap_or(f32::MIN) >= 1.5) as usize;
        trips += (max_height_left_of(&s, SMOOTH_OFF, -2.0).unwrap_or(f32::MIN) < 1.0) as usize;
    }
    assert!(most(rides), "{rides}");
    assert!(trips * 10 >= (COPIES + 1) * 7, "{trips}");
}

#[test]
fn ball_rolls_at_two_thirds_and_without_the_rule_is_kicked_under_a_nudge() {
    // A solid disc that starts sliding at v₀ rolls at 2/3 v₀ whatever the friction (the
    // contact's impulse about the contact point leaves the angular momentum there unchanged).
    let hits = holds("27_ball_over_seams.ron", |s| {
        let full = run(s, Variant::FULL).bodies[0].clone();
        let off = run(s, SMOOTH_OFF).bodies[0].clone();
        (full.final_speed - 8.0 / 3.0).abs() <= 0.01 * 8.0 / 3.0
            && full.max_up_speed < 1e-3
            && off.max_up_speed > 0.05
            && off.final_speed < full.final_speed - 0.01
    });
    assert!(most(hits), "{hits}"); // measured: 51 of 51
}

/// The largest turn (degrees) and shift of a 1 × 1 box placed exactly on the ground, over 10 s
/// with speculative margin `margin`.
fn placed_box_drift(margin: f32) -> (f32, f32) {
    let text = format!(
        "Scene(title: \"Placed\", \
         a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
         b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 0.5)), \
         speculative_margin: {margin})"
    );
    let s = parse(&text, "placed.ron").expect("valid").scene;
    let mut w = World::new(&s, Variant::FULL).expect("a world");
    let (mut turn, mut shift) = (0.0f32, 0.0f32);
    for _ in 0..600 {
        w.step();
        let b = &w.bodies()[1];
        turn = turn.max(b.angle.to_degrees().abs());
        shift = shift.max(
            (b.position() - glam::Vec2::new(0.0, 0.5))
                .abs()
                .max_element(),
        );
    }
    (turn, shift)
}

#[test]
fn built_in_sim_scenes_keep_a_speculative_band_so_a_placed_box_stays_put() {
    // Every built-in scene that simulates keeps points up to a margin above contact, as
    // engines do (Box2D: 4 × its slop, 0.02 for shapes about a unit across) …
    let mut margins = Vec::new();
    for entry in std::fs::read_dir("scenes").expect("scenes/") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a scene");
        let s = parse(&text, &path).expect("valid").scene;
        if s.sim.is_some() {
            assert!(s.speculative_margin > 0.0, "{}", path.display());
            margins.push(s.speculative_margin);
        }
    }
    assert!(margins.len() >= 8, "{margins:?}");
    // … so a box placed exactly on the ground stays put: its corners, 3e-7 above after a step
    // of rounding, stay contact points (measured: 3.3e-5°, 2.9e-7 units).
    for margin in margins {
        let (turn, shift) = placed_box_drift(margin);
        assert!(
            turn <= 1e-4 && shift <= 1e-5,
            "margin {margin}: {turn}° {shift}"
        );
    }
    // Without the band the points flicker: one corner is dropped, the box tips (measured:
    // 0.12°, 1.8e-3 units).
    let (turn, shift) = placed_box_drift(0.0);
    assert!(turn > 0.01 && shift > 1e-4, "{turn}° {shift}");
}

/// "seed 000", "Seed 001", …: our source documents' names, which a student never has.
fn cites_a_seed(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower
        .match_indices("seed 0")
        .any(|(i, _)| lower[i + 6..].chars().take(2).all(|c| c.is_ascii_digit()))
}

#[test]
fn notes_and_readme_name_the_idea_not_our_seed_documents_and_open_short() {
    let readme = std::fs::read_to_string("README.md").expect("README");
    assert!(!cites_a_seed(&readme), "the README cites a seed document");
    for entry in std::fs::read_dir("scenes").expect("scenes/") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a scene");
        assert!(
            !cites_a_seed(&text),
            "{} cites a seed document",
            path.display()
        );
        let s = parse(&text, &path).expect("valid").scene;
        // What a student reads first: a few lines at 1280 × 800 (about 150 characters a line
        // at the notes' size); the measured detail goes under the fold.
        let (first, _) = s.notes_parts();
        assert!(
            first.chars().count() <= 600,
            "{}: {} characters before the fold",
            path.display(),
            first.chars().count()
        );
    }
    assert!(cites_a_seed("as Seed 000 says") && !cites_a_seed("--seed 0 gives"));
}

#[test]
fn ten_box_stack_on_the_soft_step_comes_to_rest_and_keeps_its_ids_under_a_nudge() {
    // Scene 29's claim: on Box2D v3's soft step the top box is below 1e-3 m/s at the end of
    // its 10 s (so after 5 s) and at least 99 % of the contact points keep their id over the
    // second half.
    let base = scene("29_ten_stack.ron");
    let sim = base.sim.as_ref().expect("sim");
    assert_eq!(sim.solver, narrowphase_lab::scene::Solver::SoftStep);
    assert!(sim.bodies.len() + 1 == 10 && sim.seconds >= 5.0);
    let rests = |s: &Scene| {
        let r = run(s, Variant::FULL);
        top(&r).final_speed < 1e-3 && r.persisted_fraction.is_some_and(|f| f >= 0.99)
    };
    assert!(rests(&base), "the scene itself");
    let hits = holds("29_ten_stack.ron", rests);
    assert!(most(hits), "{hits}");
    // The same ten boxes on box2d-lite's solver at the scene's settings still move at the end.
    let mut lite = base.clone();
    if let Some(s) = lite.sim.as_mut() {
        s.solver = narrowphase_lab::scene::Solver::Impulses;
        s.substeps = 1;
    }
    assert!(top(&run(&lite, Variant::FULL)).final_speed > 1e-2);
}
