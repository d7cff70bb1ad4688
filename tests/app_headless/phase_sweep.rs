//! Issue 40, item 2, in the Simulate panel: "Sweep the start phase" (clicked as egui sees a
//! click) runs the scene from 24 starts within a step's travel and plots one point per phase
//! per run; the count it finds is what `simulate --phase 24` prints. And issue 41's scale:
//! `sim.scale` and the lab run on the scaled scene.

use crate::kit::{click, frame, open, state};
use narrowphase_lab::app::modes::simulate::SimulateMode;
use narrowphase_lab::app::new_context;

/// `simulate scenes/25_tile_floor.ron --phase 24 --json`.
fn cli_phase() -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
        .args([
            "simulate",
            "scenes/25_tile_floor.ron",
            "--phase",
            "24",
            "--json",
        ])
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn the_sweep_button_plots_one_point_per_phase_per_run_and_counts_as_the_cli() {
    let cli = cli_phase();
    let caught = cli["runs"][0]["caught"].as_u64().expect("a count");
    assert!(caught > 0 && caught < 24, "both outcomes: {cli}");

    let ctx = new_context();
    let mut app = open("25_tile_floor.ron");
    frame(&ctx, &mut app, Vec::new());
    let before = state(&app);
    assert_eq!(before["mode"], "simulate");
    assert_eq!(before["sim"]["phase"], serde_json::Value::Null);
    assert_eq!(before["sim"]["scale"], 1.0);
    let button = before["sim"]["phase_button"][0].clone();
    click(&ctx, &mut app, &button);
    let after = state(&app);
    assert!(
        after["sim"]["phase"].is_object(),
        "the click started a sweep: {button} {} {}",
        after["sim"]["phase_button"],
        after["sim"]["running"]
    );
    let mut frames = 0;
    while state(&app)["sim"]["phase"]["done"] != true {
        frame(&ctx, &mut app, Vec::new());
        frames += 1;
        assert!(frames < 2000, "the sweep ends");
    }
    frame(&ctx, &mut app, Vec::new());
    eprintln!("the sweep took {frames} frames after the click");
    let s = state(&app);
    let phase = &s["sim"]["phase"];
    let runs = phase["runs"].as_array().expect("runs");
    let lab_runs = s["sim"]["variants"].as_array().expect("variants").len();
    assert_eq!(runs.len(), lab_runs, "one series per run");
    assert_eq!(phase["n"], 24);
    for (k, r) in runs.iter().enumerate() {
        assert_eq!(r["outcomes"].as_array().expect("outcomes").len(), 24);
        assert_eq!(phase["plotted"][k], 24, "one point per phase: {phase}");
    }
    assert_eq!(runs[0]["caught"], cli["runs"][0]["caught"]);
    // The same outcomes, phase by phase (the app's JSON widens the f32 to f64).
    let (app_o, cli_o) = (&runs[0]["outcomes"], &cli["runs"][0]["outcomes"]);
    for k in 0..24 {
        assert_eq!(app_o[k]["caught"], cli_o[k]["caught"], "{k}");
        let f = |v: &serde_json::Value| v["progress"].as_f64().unwrap() as f32;
        assert_eq!(f(&app_o[k]), f(&cli_o[k]), "{k}");
    }
}

#[test]
fn the_scale_runs_the_lab_on_the_scaled_scene() {
    let ctx = new_context();
    let mut app = open("21_stack.ron");
    frame(&ctx, &mut app, Vec::new());
    let before = state(&app);
    let b0 = before["sim"]["bodies"][0][1].clone();
    let mode = app.modes.find_mut::<SimulateMode>().expect("the mode");
    mode.set_scale(0.01);
    frame(&ctx, &mut app, Vec::new());
    let s = state(&app);
    assert_eq!(s["sim"]["scale"], 0.01f32 as f64);
    let (x0, y0) = (b0[0].as_f64().unwrap(), b0[1].as_f64().unwrap());
    let b = &s["sim"]["bodies"][0][1];
    let (x, y) = (b[0].as_f64().unwrap(), b[1].as_f64().unwrap());
    assert!(
        (x - 0.01 * x0).abs() < 1e-6 && (y - 0.01 * y0).abs() < 1e-4,
        "{b} vs {b0}"
    );
    // The session's scene is the scene itself.
    assert_eq!(
        s["scene"]["b"]["position"],
        before["scene"]["b"]["position"]
    );
    let ids = s["sim"]["ids"].as_array().expect("ids");
    assert_eq!(ids.len(), s["sim"]["variants"].as_array().unwrap().len());
}
