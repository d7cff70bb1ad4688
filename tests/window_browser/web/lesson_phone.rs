//! Issue 42 on a student's phone (375×667 CSS px at devicePixelRatio 2, touch): the lesson page
//! (`dist/lesson.html`) as it is published, its figures' bars tapped with a finger (the tour's
//! ▶, the step ◀/▶, play and pause), and the tries of four figures done by finger as their
//! captions say (drag the tilted box up until it separates; move a shape closer and watch the
//! distance shrink; push the diamond straight down and the depth grows by the push; turn the box
//! back by its ring until its point leaves the ground). What each promises is read from the
//! figure's own state. Figure 5's turn of a tenth of a degree is below what a finger can aim:
//! it is performed headless in `tests/app_headless/lesson.rs` on the same link. And the
//! Continuous mode in a figure on the phone: a finger drags its dashed end pose.

use super::embed::iframe_state;
use super::pass::figure;
use super::screens::finger_drag;
use super::{Driver, Screen, one_browser, served_dist, shots_folder};
use crate::window::screen;
use serde_json::{Value, json};
use std::time::Duration;

/// A phone's screen with touch.
const PHONE: Screen = Screen {
    window: (375, 667),
    scale: 2.0,
    phone: true,
};

/// Figure `i`'s top-left corner in the viewport, CSS pixels (its app's state is in CSS pixels
/// of the figure).
fn corner(driver: &Driver, i: usize) -> (f64, f64) {
    // Inside the iframe's border: its content starts there.
    let r = driver.run(&format!(
        "const f = document.querySelectorAll('iframe')[{i}];\
         const r = f.getBoundingClientRect();\
         return [r.left + f.clientLeft, r.top + f.clientTop];"
    ));
    (
        r[0].as_f64().unwrap_or(f64::NAN),
        r[1].as_f64().unwrap_or(f64::NAN),
    )
}

/// A finger's tap at `p` (viewport CSS pixels): pressed, held a moment, lifted.
fn tap(driver: &Driver, p: (f64, f64)) {
    let touch = |kind: &str, points: Value| {
        driver.cdp(
            "Input.dispatchTouchEvent",
            json!({"type": kind, "touchPoints": points}),
        );
    };
    touch("touchStart", json!([{"x": p.0, "y": p.1, "id": 1}]));
    std::thread::sleep(Duration::from_millis(120));
    touch("touchEnd", json!([]));
    std::thread::sleep(Duration::from_millis(400));
}

/// The centre of the bar button `name` of figure `i` (its state's `buttons`), in the viewport.
fn button(driver: &Driver, i: usize, s: &Value, name: &str) -> (f64, f64) {
    let r = &s["buttons"][name];
    let r: Vec<f64> = r
        .as_array()
        .unwrap_or_else(|| panic!("figure {i} has no button '{name}': {}", s["buttons"]))
        .iter()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect();
    let at = corner(driver, i);
    (at.0 + r[0] + r[2] / 2.0, at.1 + r[1] + r[3] / 2.0)
}

/// Figure `i`'s bars and their buttons lie inside the figure (on a phone the tour's dots once
/// pushed its ▶ and the caption past the figure's right edge, out of a finger's reach).
fn assert_bars_fit(driver: &Driver, i: usize, s: &Value) {
    let size = driver.run(&format!(
        "const f = document.querySelectorAll('iframe')[{i}]; return [f.clientWidth, f.clientHeight];"
    ));
    let (w, h) = (
        size[0].as_f64().unwrap_or(f64::NAN),
        size[1].as_f64().unwrap_or(f64::NAN),
    );
    let rects = s["buttons"]
        .as_object()
        .into_iter()
        .chain(s["panels"].as_object());
    for (name, r) in rects.flatten() {
        let r: Vec<f64> = r
            .as_array()
            .expect("a rectangle")
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        assert!(
            r[0] >= -0.5 && r[1] >= -0.5 && r[0] + r[2] <= w + 0.5 && r[1] + r[3] <= h + 0.5,
            "figure {i}: '{name}' at {r:?} is not inside the {w}×{h} figure"
        );
    }
}

/// Taps figure `i`'s tour ▶ until its caption holds `words`; each tap moves on one stop.
fn tap_to_caption(driver: &Driver, i: usize, words: &str) -> Value {
    let mut s = figure(driver, i);
    for _ in 0..20 {
        let caption = s["tour"]["caption"].as_str().unwrap_or_default();
        if caption.contains(words) {
            return s;
        }
        let stop = s["tour"]["stop"].as_u64().expect("a tour stop");
        assert_bars_fit(driver, i, &s);
        tap(driver, button(driver, i, &s, "tour next"));
        s = wait_for(driver, i, |n| n["tour"]["stop"].as_u64() == Some(stop + 1));
    }
    panic!("figure {i}: no stop says '{words}'");
}

/// Figure `i`'s state once `done` holds (a tap is seen a frame or two later), for up to 10 s.
fn wait_for(driver: &Driver, i: usize, done: impl Fn(&Value) -> bool) -> Value {
    let mut s = figure(driver, i);
    for _ in 0..50 {
        if done(&s) {
            return s;
        }
        std::thread::sleep(Duration::from_millis(200));
        s = figure(driver, i);
    }
    panic!(
        "figure {i}: the tap was not seen: stop {}, step {}",
        s["tour"]["stop"], s["step"]
    );
}

/// B's position in the scene (world units).
fn b_at(s: &Value) -> (f64, f64) {
    let p = &s["scene"]["b"]["position"];
    (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())
}

/// A finger pressed on B where figure `i` draws it and moved by `by` CSS pixels; the state
/// after, and the world distance the finger moved (y up).
fn drag_b(driver: &Driver, i: usize, s: &Value, by: (f64, f64)) -> (Value, (f64, f64)) {
    let at = corner(driver, i);
    let (bx, by0) = screen(s, "b");
    let from = ((bx + at.0).round(), (by0 + at.1).round());
    finger_drag(driver, from, by, 12);
    let zoom = s["zoom"].as_f64().expect("zoom");
    let after = wait_for(driver, i, |n| b_at(n) != b_at(s));
    (after, (by.0 / zoom, -by.1 / zoom))
}

#[test]
fn on_a_phone_the_lessons_figures_walk_by_taps_and_keep_their_promises_under_a_finger() {
    let _one = one_browser();
    let port = served_dist();
    let shots = shots_folder("lesson-phone");
    let driver = Driver::start_with(PHONE);
    driver.go(&format!("http://127.0.0.1:{port}/lesson.html"));

    // Figure 1 (SAT on the tilted box): the tour's ▶ tapped stop by stop to "drag the tilted
    // box up"; a finger drags the box up until the pair separates.
    let s = iframe_state(&driver, 0);
    assert!(
        (s["device_pixel_ratio"].as_f64().unwrap_or(0.0) - 2.0).abs() < 1e-6,
        "{}",
        s["device_pixel_ratio"]
    );
    let s = tap_to_caption(&driver, 0, "drag the tilted box up");
    assert_eq!(s["overlap"], true, "the figure starts overlapping");
    let zoom = s["zoom"].as_f64().expect("zoom");
    // Half a unit up is past the overlap (the headless check separates it within 0.4).
    let up = (0.5 * zoom).min(160.0);
    let (after, moved) = drag_b(&driver, 0, &s, (0.0, -up));
    let rose = b_at(&after).1 - b_at(&s).1;
    assert!(
        (rose - moved.1).abs() < 2.0 / zoom,
        "the box rose {rose}, the finger {}",
        moved.1
    );
    let after = wait_for(&driver, 0, |n| n["overlap"] == false);
    assert!(
        after["separation"].as_f64().unwrap_or(f64::NAN) > 0.0,
        "dragged up, the pair is apart: {}",
        after["separation"]
    );
    let _ = driver.screenshot(&shots.join("figure-1.png"));

    // Figure 2 (GJK's distance): a step button in the bar tapped; then a finger moves B closer
    // to A in small moves, and the distance shrinks with each.
    iframe_state(&driver, 1);
    let s = tap_to_caption(&driver, 1, "Move a shape closer");
    // The bar's step buttons: back one step (or on one at the first), by a tap.
    let step = s["step"].as_u64().expect("step");
    let (name, to) = if step > 0 {
        ("embed previous", step - 1)
    } else {
        ("embed next", 1)
    };
    tap(&driver, button(&driver, 1, &s, name));
    wait_for(&driver, 1, |n| n["step"].as_u64() == Some(to));
    let mut s = figure(&driver, 1);
    let mut last = s["separation"].as_f64().expect("separation");
    assert!(last > 0.0, "the shapes start apart: {last}");
    let (ax, ay) = screen(&s, "a");
    let (bx, by) = screen(&s, "b");
    for k in 0..3 {
        // An eighth of the way towards A on screen.
        let by_px = ((ax - bx) / 8.0, (ay - by) / 8.0);
        let (after, _) = drag_b(&driver, 1, &s, by_px);
        if after["overlap"] == true {
            break;
        }
        let d = after["separation"].as_f64().expect("separation");
        assert!(
            d < last,
            "move {k}: the distance {d} did not shrink from {last}"
        );
        last = d;
        s = after;
    }

    // Figure 3 (EPA on the deep diamond): a finger pushes the diamond straight down, and the
    // depth grows by as much as it was pushed.
    iframe_state(&driver, 2);
    let s = tap_to_caption(&driver, 2, "Push the diamond straight down");
    let depth = -s["separation"].as_f64().expect("separation");
    assert!(depth > 0.0, "the figure overlaps: {depth}");
    // "A little": 8 px is about a sixth of a unit here (the nearest edge stays the same one;
    // pushed by half a unit the polytope's nearest edge is another).
    let (after, moved) = drag_b(&driver, 2, &s, (0.0, 8.0));
    let zoom = s["zoom"].as_f64().expect("zoom");
    let sank = b_at(&s).1 - b_at(&after).1;
    assert!(
        (sank + moved.1).abs() < 2.0 / zoom,
        "the diamond sank {sank}, the finger moved {}",
        -moved.1
    );
    let deeper = -after["separation"].as_f64().expect("separation") - depth;
    assert!(
        (deeper - sank).abs() < 1e-4,
        "pushed {sank} down: the depth went {depth} → {}",
        depth + deeper
    );

    // Figure 4 (clipping on the tilted box): a finger turns the box back towards flat by its
    // ring (pressed just outside the middle of its right side, moved about its centre), and
    // below about 9° it has no point at all.
    iframe_state(&driver, 3);
    let s = tap_to_caption(&driver, 3, "turn the box back towards flat");
    assert_eq!(s["points"], 1, "at 10° one point");
    let b = &s["scene"]["b"];
    let angle = b["angle_deg"].as_f64().expect("B's angle");
    let half = b["shape"]["Box"]["width"].as_f64().expect("a box") / 2.0;
    let zoom = s["zoom"].as_f64().expect("zoom");
    let (cx, cy) = screen(&s, "b");
    let at = corner(&driver, 3);
    // A point `r` px from B's centre along its turned x axis, turned on by `by` degrees (world
    // y up, the screen's down).
    let on_ring = |by: f64| {
        let r = half * zoom + 4.0;
        let t = (angle + by).to_radians();
        (at.0 + cx + r * t.cos(), at.1 + cy - r * t.sin())
    };
    let turn = -8.0;
    let (from, to) = (on_ring(0.0), on_ring(turn));
    finger_drag(&driver, from, (to.0 - from.0, to.1 - from.1), 12);
    let after = wait_for(&driver, 3, |n| n["points"] == 0);
    let turned = after["scene"]["b"]["angle_deg"]
        .as_f64()
        .expect("B's angle");
    assert!(
        turned < 9.0 && (turned - (angle + turn)).abs() < 1.5,
        "turned from {angle}° by the finger's {turn}°: B is at {turned}°"
    );

    // Figure 6 (the lab): the bar's play button tapped plays the run, tapped again pauses it.
    let s = iframe_state(&driver, 5);
    assert_eq!(s["mode"], "simulate", "{}", s["mode"]);
    let step = s["step"].as_u64().expect("step");
    tap(&driver, button(&driver, 5, &s, "embed play"));
    let playing = wait_for(&driver, 5, |n| n["step"].as_u64() > Some(step + 5));
    tap(&driver, button(&driver, 5, &playing, "embed play"));
    std::thread::sleep(Duration::from_millis(600));
    let paused = figure(&driver, 5)["step"].clone();
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(
        figure(&driver, 5)["step"],
        paused,
        "tapped again, the run is paused"
    );
    let _ = driver.screenshot(&shots.join("figure-6.png"));
    eprintln!(
        "browser: the lesson on a phone, walked by taps: {}",
        shots.display()
    );
}

#[test]
fn on_a_phone_a_finger_drags_the_continuous_modes_end_pose() {
    let _one = one_browser();
    let port = served_dist();
    let dist = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    std::fs::write(
        dist.join("phone-continuous.html"),
        "<!DOCTYPE html><html><head><meta name=\"viewport\" content=\"width=device-width, \
         initial-scale=1\"></head><body style=\"margin:0;font:16px sans-serif\">\
         <p style=\"margin:8px\">The continuous lab on a phone.</p>\
         <iframe src=\"index.html?scene=31_bullet_thin_wall&amp;mode=continuous&amp;embed=1\" \
         style=\"border:0;width:100%;height:360px;display:block\"></iframe>\
         <p style=\"margin:8px;height:1600px\">More of the course page.</p></body></html>",
    )
    .expect("write the test page");
    let driver = Driver::start_with(PHONE);
    driver.go(&format!("http://127.0.0.1:{port}/phone-continuous.html"));
    iframe_state(&driver, 0);
    let s = super::screens::settled(|| figure(&driver, 0));
    assert_eq!(s["mode"], "continuous");
    let c = &s["continuous"];
    let end = &c["end_screen"];
    let (ex, ey) = (end[0].as_f64().expect("x"), end[1].as_f64().expect("y"));
    let was = c["end"]["position"].clone();
    let angle = c["end"]["angle_deg"].clone();
    let zoom = s["zoom"].as_f64().expect("zoom");
    // The page asks the figure whether a finger there is its own: on the dashed end pose, it
    // is (else a swipe there would scroll the page and the pose could not be dragged).
    let takes = driver.run(&format!(
        "return document.querySelector('iframe').contentWindow.wasm_exports.np_takes_touch({ex}, {ey});"
    ));
    assert_eq!(
        takes, 1,
        "a finger on the end pose at ({ex}, {ey}) is the figure's"
    );
    let at = corner(&driver, 0);
    let from = ((ex + at.0).round(), (ey + at.1).round());
    finger_drag(&driver, from, (0.0, 30.0), 10);
    let after = wait_for(&driver, 0, |n| n["continuous"]["end"]["position"] != was);
    let now = &after["continuous"]["end"]["position"];
    let dy = was[1].as_f64().unwrap() - now[1].as_f64().unwrap();
    assert!(
        (dy - 30.0 / zoom).abs() < 2.0 / zoom,
        "the end pose moved by {dy}, the finger by {} world units",
        30.0 / zoom
    );
    // Moved, not turned: the end pose is 16 px across on the phone, and its middle moves it
    // (its ring once covered it whole, so a finger could only turn it).
    assert_eq!(after["continuous"]["end"]["angle_deg"], angle, "not turned");
    assert_eq!(
        after["scene"]["b"]["position"], s["scene"]["b"]["position"],
        "B itself stays"
    );
    // The query is asked again of the new motion: the box still meets the wall.
    assert_eq!(
        after["continuous"]["state"], "hit",
        "{}",
        after["continuous"]
    );
}
