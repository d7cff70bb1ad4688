//! Issue 41, item 5: "Where ghost k parts from the full run" in the Simulate mode. The button
//! (clicked as egui sees a click) jumps the player, paused, to the step and body pair that
//! `simulate --diff` prints for the same variant, rings both runs' points of that pair, and a
//! button opens that pair as the ghost received it.

use crate::kit::{click, frame, open, state};
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::modes::simulate::SimulateMode;
use narrowphase_lab::app::new_context;
use narrowphase_lab::scene::{Variant, parse};
use narrowphase_lab::sim::{World, first_parting};

/// `simulate scenes/21_stack.ron --diff FLAGS…` as JSON.
fn cli_diff(flags: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
        .args(["simulate", "scenes/21_stack.ron", "--diff"])
        .args(flags)
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn the_parting_button_jumps_to_the_step_and_pair_simulate_diff_names() {
    let text = std::fs::read_to_string("scenes/21_stack.ron").expect("the stack");
    let scene = parse(&text, "21_stack.ron").expect("valid").scene;
    let compare = scene.sim.as_ref().expect("sim").compare.clone();
    // The stack's ghosts: without hysteresis, without warm starting.
    let flags: [&[&str]; 2] = [&["--hysteresis", "off"], &["--warm-start", "off"]];
    assert_eq!(compare.len(), flags.len());
    for (k, variant) in compare.iter().enumerate().map(|(i, v)| (i + 1, *v)) {
        // The independent check: the library's own comparison from two fresh worlds.
        let (mut a, mut b) = (
            World::new(&scene, Variant::FULL).unwrap(),
            World::new(&scene, variant).unwrap(),
        );
        let steps = a.settings().steps_for(a.settings().seconds);
        let want = first_parting(&mut a, &mut b, steps).expect("the ghost parts");
        let cli = cli_diff(flags[k - 1]);
        assert_eq!(cli["step"], want.step, "{cli}");
        assert_eq!(cli["bodies"], serde_json::json!(want.bodies), "{cli}");

        let ctx = new_context();
        let mut app = open("21_stack.ron");
        frame(&ctx, &mut app, Vec::new());
        let before = state(&app);
        assert_eq!(before["sim"]["parted"], serde_json::Value::Null);
        click(&ctx, &mut app, &before["sim"]["part_buttons"][k - 1]);
        while app
            .modes
            .find::<SimulateMode>()
            .is_some_and(|m| m.progress().is_some())
        {
            app.advance_mode(0.0);
        }
        frame(&ctx, &mut app, Vec::new());
        let s = state(&app);
        let sim = &s["sim"];
        assert_eq!(s["step"], want.step, "the player jumped: {}", sim["parted"]);
        assert_eq!(sim["step"], want.step);
        assert_eq!(sim["running"], false, "paused");
        assert_eq!(sim["parted"]["run"], k);
        assert_eq!(sim["parted"]["step"], cli["step"]);
        assert_eq!(sim["parted"]["bodies"], cli["bodies"]);
        assert_eq!(sim["parted"]["why"], cli["why"]);
        let words = sim["parted"]["words"].as_str().expect("words");
        assert!(
            words.starts_with(&format!("step {}: ", want.step)),
            "{words}"
        );
        assert!(words.contains(&format!("ghost {k}")), "{words}");
        // Both runs' points of that pair are ringed, each run's as many as it has.
        let points = |run: usize| {
            sim["contacts"][run]
                .as_array()
                .expect("contacts")
                .iter()
                .filter(|c| c["bodies"] == cli["bodies"])
                .count()
        };
        let rings = |kind: &str| {
            s["marks"]
                .as_array()
                .expect("marks")
                .iter()
                .filter(|m| m["kind"] == kind)
                .count()
        };
        assert_eq!(rings("parted full run"), points(0));
        assert_eq!(rings("parted ghost"), points(k));
        assert!(points(0) + points(k) > 0);
        // The words are on the canvas too.
        assert!(
            s["labels"]
                .as_array()
                .expect("labels")
                .iter()
                .filter_map(|l| l["text"].as_str()?.split_once(":\n"))
                .any(|(head, what)| head.contains(&format!("ghost {k}")) && words.ends_with(what)),
            "{words}: {}",
            s["labels"]
        );
        // The ghost's button opens that pair as the ghost received it.
        click(&ctx, &mut app, &sim["open_buttons"][1]);
        let opened = state(&app);
        assert_eq!(opened["mode"], "manifold");
        assert_eq!(opened["sim"]["picked"]["run"], k);
        assert_eq!(opened["sim"]["picked"]["bodies"], cli["bodies"]);
        assert_eq!(opened["sim"]["picked"]["step"], want.step);
        assert_eq!(app.session.mode, ModeKind::Manifold);
    }
}

#[test]
fn a_ghost_that_never_parts_says_so_and_stays() {
    let text = std::fs::read_to_string("scenes/21_stack.ron").expect("the stack");
    let text = text.replace(
        "compare: [Variant(hysteresis: false), Variant(warm_start: false)]",
        "compare: [Variant()], seconds: 2.0",
    );
    let text = text.replace("seconds: 10.0,", "");
    let scene = parse(&text, "same.ron").expect("valid").scene;
    assert_eq!(scene.sim.as_ref().unwrap().compare, vec![Variant::FULL]);
    let mut mode = SimulateMode::default();
    mode.set_scene(&scene);
    mode.seek(7);
    assert_eq!(mode.find_parting(1), None);
    let parted = mode.parted().expect("asked");
    assert_eq!(parted.parting, None);
    assert_eq!(
        parted.words(),
        "ghost 1 never parts from the full run over the run's 120 steps"
    );
    assert_eq!(mode.lab().unwrap().steps(), 7, "the lab stays where it was");
    assert_eq!(mode.find_parting(0), None, "the full run is no ghost");
}
