//! The Continuous mode (5) in the real window under Xvfb: the capsule onto the ledge at a
//! root-finder step and at its answer (B drawn at the iterate in the accent colour, then where it
//! first touches in green, each labelled), and a real drag (`xdotool`) of the bullet's dashed end
//! pose, which moves the scene's `motion` by the dragged pixels over the zoom, one undo step.
//!
//! The kit (an Xvfb of its own, screenshots, `xdotool`) is in `window/mod.rs`.

use crate::window::*;
use serde_json::Value;
use std::time::Duration;

const ACCENT: [u8; 3] = [255, 214, 64];
const GOOD: [u8; 3] = [110, 220, 140];

fn labels(s: &Value) -> Vec<String> {
    s["labels"]
        .as_array()
        .expect("labels")
        .iter()
        .filter_map(|l| l["text"].as_str().map(String::from))
        .collect()
}

#[test]
fn the_capsule_is_drawn_at_its_iterate_and_where_it_first_touches() {
    let Some(d) = display() else { return };
    let scene = "scenes/33_capsule_onto_ledge.ron";
    let (mid, s) = screenshot(&d, scene, "continuous", "12", "continuous-mid.png");
    assert_eq!(s["mode"], "continuous");
    assert_eq!(s["step"], 12);
    let c = &s["continuous"];
    assert_eq!(c["method"], "toi");
    assert_eq!(c["state"], "hit");
    let steps = c["steps"].as_u64().expect("steps");
    assert!(steps > 12, "{c}");
    let text = s["step_text"].as_str().expect("step text");
    assert!(
        text.starts_with("Bisection") || text.starts_with("False position"),
        "{text}"
    );
    let shown = labels(&s);
    assert!(shown.iter().any(|l| l.starts_with("t = ")), "{shown:?}");
    assert!(shown.iter().any(|l| l == "B's end pose"), "{shown:?}");
    // The iterate's outline in the accent colour (the plot's points and bracket add some too).
    let accent = mid.count_near(ACCENT, 30);
    assert!(accent > 400, "{accent} accent pixels");

    let (end, s) = screenshot(&d, scene, "continuous", "999", "continuous-end.png");
    assert_eq!(s["step"], steps, "the answer is the step after the trace");
    let t = c["t"].as_f64().expect("t");
    let want = format!("hit at t = {t:.4}");
    assert!(labels(&s).contains(&want), "{:?}", labels(&s));
    assert!(
        s["step_text"]
            .as_str()
            .is_some_and(|x| x.starts_with(&format!("Hit at t = {t:.4}: B's cap"))),
        "{}",
        s["step_text"]
    );
    let green = end.count_near(GOOD, 30);
    assert!(green > 300, "{green} pixels of the answer's green");
    assert!(
        green > 3 * mid.count_near(GOOD, 30).max(1) / 2,
        "the answer adds its green"
    );
}

#[test]
fn a_real_drag_of_the_end_pose_moves_the_motion() {
    let Some(d) = display() else { return };
    let scene = "scenes/31_bullet_thin_wall.ron";
    let (_, before) = screenshot(&d, scene, "continuous", "0", "continuous-drag-before.png");
    let end = &before["continuous"]["end_screen"];
    let (x, y) = (end[0].as_f64().expect("x"), end[1].as_f64().expect("y"));
    let zoom = before["zoom"].as_f64().expect("zoom");
    let was = before["continuous"]["end"]["position"].clone();
    let png = tmp("continuous-drag-after.png");
    let (child, window) = start_app(
        &d,
        &[
            scene,
            "--seconds",
            "4",
            "--screenshot",
            png.to_str().expect("path"),
            "--print-state",
        ],
    );
    let mut args = mouse_to(&window, x, y);
    args.extend(["sleep", "0.15", "mousedown", "1"].map(String::from));
    for k in 1..=8 {
        args.extend(["sleep", "0.05"].map(String::from));
        args.extend(mouse_to(&window, x, y + 10.0 * k as f64));
    }
    args.extend(["sleep", "0.15", "mouseup", "1"].map(String::from));
    xdotool(&d, &args);
    std::thread::sleep(Duration::from_millis(200));
    let after = finish(child);
    let now = &after["continuous"]["end"]["position"];
    let dy = was[1].as_f64().unwrap() - now[1].as_f64().unwrap();
    assert!(
        (dy - 80.0 / zoom).abs() < 3.0 / zoom,
        "moved by {dy}, 80 px = {}",
        80.0 / zoom
    );
    assert_eq!(now[0], was[0], "straight down");
    assert_eq!(after["undo"], 1, "one drag, one undo step");
    assert_eq!(
        after["scene"]["b"]["position"], before["scene"]["b"]["position"],
        "B itself stays"
    );
    // The box still meets the wall's vertical face, at the same fraction of its motion.
    let (t0, t1) = (
        before["continuous"]["t"].as_f64().unwrap(),
        after["continuous"]["t"].as_f64().unwrap(),
    );
    assert_eq!(after["continuous"]["state"], "hit");
    assert!((t0 - t1).abs() < 1e-3, "{t0} → {t1}");
}
