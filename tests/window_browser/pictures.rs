//! Every picture on screen and readable, checked on the real window under Xvfb through the
//! printed state (`--print-state-changes`): for every built-in scene, opened directly and
//! reached by PageDown, in each mode at its first and last step, every view's content lies
//! inside its rectangle, every label inside a view, no two labels overlap, and the canvas
//! keeps at least half the window — at presenter scales 1, 1.5 and 2 and in 1024×768,
//! 1280×800 and 1920×1080 windows.
//!
//! These need `Xvfb` and `xdotool`. Without them the tests skip with a loud message — except
//! under CI (`CI` set), where a missing tool is a failure.

use crate::window::Display;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");
/// A private Xvfb as large as the largest window tested (display numbers apart from
/// gui.rs's, so the two can run at once).
fn display() -> Option<Display> {
    crate::window::display_of("1920x1080x24", 1200)
}

/// The app running in the background, its state lines arriving on a channel.
struct Running {
    child: Child,
    lines: Receiver<String>,
    window: (u32, u32),
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the app on `args` in a `window` and waits for its first state line. An app that
/// dies at once (now and then a fresh Xvfb under load turns a client away: "XOpenDisplay()
/// failed") is started again, up to five times.
fn start(d: &Display, args: &[&str], window: (u32, u32)) -> (Running, serde_json::Value) {
    for _ in 0..5 {
        let started = std::time::Instant::now();
        let mut app = launch(d, args, window);
        if let Ok(line) = app.lines.recv_timeout(Duration::from_secs(20)) {
            let first = serde_json::from_str(&line).expect("state JSON");
            return settle(d, app, window, first);
        }
        let _ = app.child.kill();
        let _ = app.child.wait();
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "no state line after the window opened"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    panic!("the app could not start five times");
}

/// The app started on `args` in a `window`, its state lines arriving on a channel.
fn launch(d: &Display, args: &[&str], window: (u32, u32)) -> Running {
    let size = format!("{}x{}", window.0, window.1);
    let mut child = Command::new(BIN)
        .args(args)
        .args([
            "--window",
            &size,
            "--print-state-changes",
            "--seconds",
            "100",
        ])
        .env("DISPLAY", &d.name)
        .env("TMPDIR", crate::window::private_tmp())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the app");
    let mut stderr = child.stderr.take().expect("stderr");
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        if !text.trim().is_empty() {
            eprintln!("app stderr: {text}");
        }
    });
    let lines = crate::window::state_lines(child.stdout.take().expect("stdout"));
    Running {
        child,
        lines,
        window,
    }
}

/// Points the pointer at the status bar (keys go to the window under it: there is no window
/// manager) and gives the window the focus; returns the app and its first state.
fn settle(
    d: &Display,
    app: Running,
    window: (u32, u32),
    first: serde_json::Value,
) -> (Running, serde_json::Value) {
    let mut app = app;
    let id = crate::window::wait_for_window(d, &mut app.child).expect("no app window appeared");
    let (x, y) = (window.0 / 2, window.1 - 8);
    crate::window::xdotool(
        d,
        &["mousemove", "--window", &id, &x.to_string(), &y.to_string()],
    );
    crate::window::xdotool(d, &["windowfocus", "--sync", &id]);
    (app, first)
}

fn next_state(app: &mut Running, after: &str) -> serde_json::Value {
    let line = app
        .lines
        .recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("no state line after {after}"));
    serde_json::from_str(&line).expect("state JSON")
}

/// Presses `key` and returns the state a frame after the app carried it out.
fn press(d: &Display, app: &mut Running, key: &str) -> serde_json::Value {
    crate::window::xdotool(d, &["key", key]);
    next_state(app, key)
}

fn rect(v: &serde_json::Value) -> [f64; 4] {
    let r: Vec<f64> = v
        .as_array()
        .unwrap_or_else(|| panic!("a rectangle, got {v}"))
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect();
    [r[0], r[1], r[2], r[3]]
}

fn inside(r: [f64; 4], outer: [f64; 4]) -> bool {
    let e = 0.5;
    r[0] >= outer[0] - e
        && r[1] >= outer[1] - e
        && r[0] + r[2] <= outer[0] + outer[2] + e
        && r[1] + r[3] <= outer[1] + outer[3] + e
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    let e = 0.5;
    a[0] + e < b[0] + b[2]
        && b[0] + e < a[0] + a[2]
        && a[1] + e < b[1] + b[3]
        && b[1] + e < a[1] + a[3]
}

/// Every check on one printed state; returns the problems found, each with where it was.
fn problems(s: &serde_json::Value, window: (u32, u32), how: &str) -> Vec<String> {
    let mut out = Vec::new();
    let title = s["scene"]["title"].as_str().unwrap_or("?");
    let at = format!("{how}: “{title}” {} step {}", s["mode"], s["step"]);
    let views = s["views"].as_array().expect("views");
    assert!(!views.is_empty(), "{at}: no views");
    let rects: Vec<[f64; 4]> = views.iter().map(|v| rect(&v["rect"])).collect();
    for v in views {
        if !v["content"].is_null() && !inside(rect(&v["content"]), rect(&v["rect"])) {
            out.push(format!(
                "{at}: the {} view's content {} runs outside its rect {}",
                v["name"], v["content"], v["rect"]
            ));
        }
    }
    let width: f64 = rects.iter().map(|r| r[2]).sum();
    let height = rects.iter().map(|r| r[3]).fold(0.0, f64::max);
    if width < window.0 as f64 / 2.0 || height < window.1 as f64 / 2.0 {
        out.push(format!(
            "{at}: the canvas is {width}×{height} in a {}×{} window",
            window.0, window.1
        ));
    }
    let labels = s["labels"].as_array().expect("labels");
    for (i, l) in labels.iter().enumerate() {
        let r = rect(&l["rect"]);
        if !rects.iter().any(|v| inside(r, *v)) {
            out.push(format!(
                "{at}: label {} {:?} is outside every view",
                l["text"], r
            ));
        }
        for m in &labels[i + 1..] {
            if overlap(r, rect(&m["rect"])) {
                out.push(format!(
                    "{at}: labels {} {:?} and {} {} overlap",
                    l["text"], r, m["text"], m["rect"]
                ));
            }
        }
    }
    out
}

/// Every scene of the built-in lecture (the list a test keeps equal to `scenes/`).
const SCENES: usize = narrowphase_lab::scene::BUILTIN.len();

/// The most stops a built-in scene's tour has (PageDown walks them all before the next scene).
fn longest_tour() -> usize {
    let tour = |(name, text): &(&str, &str)| {
        narrowphase_lab::scene::parse(text, name).map_or(0, |l| l.scene.tour.len())
    };
    narrowphase_lab::scene::BUILTIN
        .iter()
        .map(tour)
        .max()
        .unwrap_or(0)
}

/// Walks the whole built-in lecture with PageDown, each scene in each mode at its first and
/// last step, checking every state; and returns the problems.
fn walk_lecture(scale: &str, window: (u32, u32)) -> Vec<String> {
    let Some(d) = display() else {
        return Vec::new();
    };
    let (mut app, first) = start(&d, &["--ui-scale", scale], window);
    let how = format!("{}×{} at scale {scale}", window.0, window.1);
    let mut found = problems(&first, app.window, &format!("{how}, opened"));
    assert!(
        (first["ui_scale"].as_f64().expect("ui_scale") - scale.parse::<f64>().unwrap()).abs()
            < 1e-6
    );
    let mut titles = vec![first["scene"]["title"].clone()];
    for index in 0..SCENES {
        if index > 0 {
            // PageDown walks a scene's tour stops first, then goes on to the next scene.
            let mut s = press(&d, &mut app, "Next");
            for _ in 0..longest_tour() {
                if s["scene_index"] == index {
                    break;
                }
                // A stop that plays a run (Simulate) is a picture in motion, read mid-glide
                // and mid-play: its pages are checked where it rests (the sim window tests).
                if s["mode"] != "simulate" {
                    found.extend(problems(&s, app.window, &format!("{how}, a tour stop")));
                }
                s = press(&d, &mut app, "Next");
            }
            assert_eq!(
                s["scene_index"], index,
                "{how}: PageDown reaches scene {index}"
            );
            titles.push(s["scene"]["title"].clone());
            found.extend(problems(&s, app.window, &format!("{how}, paged to")));
        }
        for (mode, name) in [("1", "sat"), ("2", "gjk"), ("3", "manifold")] {
            for key in [mode, "End"] {
                let s = press(&d, &mut app, key);
                assert_eq!(s["mode"], name, "{how}: key {key}");
                found.extend(problems(&s, app.window, &format!("{how}, paged to")));
            }
        }
    }
    titles.dedup();
    assert_eq!(
        titles.len(),
        SCENES,
        "PageDown reached every scene: {titles:?}"
    );
    found
}

fn report(found: Vec<String>) {
    assert!(
        found.is_empty(),
        "{} problems:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_scene_paged_to_fits_and_reads_at_scale_1() {
    report(walk_lecture("1.0", (1280, 800)));
}

#[test]
fn every_scene_paged_to_fits_and_reads_at_scale_1_5() {
    report(walk_lecture("1.5", (1280, 800)));
}

#[test]
fn every_scene_paged_to_fits_and_reads_at_scale_2() {
    report(walk_lecture("2.0", (1280, 800)));
}

#[test]
fn every_scene_paged_to_fits_and_reads_in_a_1024_by_768_window() {
    report(walk_lecture("1.0", (1024, 768)));
}

/// A phone held sideways (844×390, the page of a browser on a phone): the shapes panel folds.
#[test]
fn every_scene_paged_to_fits_and_reads_in_a_phone_landscape_window() {
    report(walk_lecture("1.0", (844, 390)));
}

#[test]
fn every_scene_paged_to_fits_and_reads_in_a_1920_by_1080_window() {
    report(walk_lecture("1.0", (1920, 1080)));
}

#[test]
fn every_scene_opened_directly_fits_and_reads_in_each_mode() {
    let Some(d) = display() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir("scenes")
        .expect("scenes/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    assert_eq!(files.len(), SCENES);
    let mut found = Vec::new();
    for f in &files {
        let path = f.to_str().expect("path");
        let (mut app, first) = start(&d, &[path], (1280, 800));
        found.extend(problems(&first, app.window, "opened directly"));
        for key in ["1", "End", "2", "End", "3", "End"] {
            let s = press(&d, &mut app, key);
            found.extend(problems(&s, app.window, "opened directly"));
        }
    }
    report(found);
}

/// Whose face a text names as the reference: `Some('A')`, `Some('B')` or `None`.
fn reference_in(text: &str, a: &str, b: &str) -> Option<char> {
    match (text.contains(a), text.contains(b)) {
        (true, false) => Some('A'),
        (false, true) => Some('B'),
        _ => None,
    }
}

/// The hysteresis lab (seed 000): with jitter on and hysteresis off, the roles flip on the
/// near-tie, and in every frame the panel's step text and the canvas's face label name the
/// same reference face.
#[test]
fn the_hysteresis_lab_panel_and_drawing_show_the_same_reference_face_every_frame() {
    let Some(d) = display() else { return };
    let scene = concat!(env!("CARGO_MANIFEST_DIR"), "/scenes/03_near_parallel.ron");
    let (mut app, first) = start(
        &d,
        &[
            scene,
            "--mode",
            "manifold",
            "--step",
            "0",
            "--print-state-every",
            "1",
        ],
        (1280, 800),
    );
    assert_eq!(first["mode"], "manifold");
    // H: hysteresis off, J: jitter on. State lines come every frame: skip to the key's.
    crate::window::xdotool(&d, &["key", "h"]);
    crate::window::xdotool(&d, &["key", "j"]);
    let mut frames = 0;
    let mut seen = [0usize; 2];
    let mut problems = Vec::new();
    while frames < 240 {
        let s = next_state(&mut app, "jitter on");
        let text = s["step_text"].as_str().expect("step_text");
        if !text.contains("(no bias)") {
            // Still a frame from before H took effect (or hysteresis on): not the lab yet.
            assert!(frames == 0, "hysteresis came back on: {text}");
            continue;
        }
        let panel = reference_in(
            text,
            "A's face is the reference",
            "B's face is the reference",
        );
        let labels: Vec<&str> = s["labels"]
            .as_array()
            .expect("labels")
            .iter()
            .filter_map(|l| l["text"].as_str())
            .collect();
        let joined = labels.join(" | ");
        let drawing = reference_in(&joined, "A's reference face", "B's reference face");
        if panel.is_none() || panel != drawing {
            problems.push(format!(
                "frame {frames}: panel {panel:?} ({text}), drawing {drawing:?} ({joined})"
            ));
        }
        if let Some(who) = panel {
            seen[(who == 'B') as usize] += 1;
        }
        frames += 1;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        seen[0] > 0 && seen[1] > 0,
        "without hysteresis the jitter flips the roles on this near-tie: A {} frames, B {}",
        seen[0],
        seen[1]
    );
}
