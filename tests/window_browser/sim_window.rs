//! Issue 39, item 1: the Simulate mode never computes a whole run inside one frame. End on a
//! two-minute run at 480 Hz (57,600 steps, three runs) is carried over frames within a budget,
//! its progress shown, in bounded memory (its plots draw what their pixels can show); a step
//! back replays from the nearest snapshot; SIGTERM during the computing exits at once with the
//! edits kept. Needs `Xvfb` and `xdotool` (skips loudly without them, except under CI).

use crate::window::{display_of, drag_b, key, screen, start_app, state_lines, tmp};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// The built-in stack of six boxes with its compare runs, made two minutes long at 480 Hz.
fn long_stack(name: &str) -> PathBuf {
    let text = std::fs::read_to_string("scenes/21_stack.ron").expect("the stack");
    let long = text.replace("seconds: 10.0,", "seconds: 120.0, hz: 480.0,");
    assert_ne!(long, text, "the stack's seconds were found");
    let dir = tmp(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let file = dir.join("long_stack.ron");
    std::fs::write(&file, long).expect("write");
    file
}

/// A field of the app's `/proc/PID/status` in kB: `VmHWM` (the peak so far), `VmRSS` (now).
fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The app's peak memory so far (`VmHWM`), in kB.
fn peak_kb(pid: u32) -> u64 {
    status_kb(pid, "VmHWM:")
}

/// The frames between two state lines, from the frame-interval statistics each carries (every
/// frame since the start): how many, their mean interval, and the longest of them when the
/// later line's maximum grew (`None`: it is no longer than the earlier line's maximum).
fn frames_between(
    before: &serde_json::Value,
    after: &serde_json::Value,
) -> (u64, f64, Option<f64>) {
    let read = |s: &serde_json::Value| {
        let f = &s["frame_ms"];
        let n = f["frames"].as_u64().unwrap_or(0);
        let mean = f["mean"].as_f64().unwrap_or(0.0);
        (n, n as f64 * mean, f["max"].as_f64().unwrap_or(0.0))
    };
    let ((n0, sum0, max0), (n1, sum1, max1)) = (read(before), read(after));
    let n = n1.saturating_sub(n0);
    let mean = if n == 0 {
        0.0
    } else {
        (sum1 - sum0) / n as f64
    };
    (n, mean, (max1 > max0).then_some(max1))
}

/// State lines until one satisfies `ok`, within `limit`; fails with the last one seen.
fn until(
    lines: &Receiver<String>,
    limit: Duration,
    mut each: impl FnMut(&serde_json::Value),
    ok: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let t = Instant::now();
    let mut last = serde_json::Value::Null;
    while t.elapsed() < limit {
        let Ok(line) = lines.recv_timeout(Duration::from_secs(5)) else {
            continue;
        };
        let s: serde_json::Value = serde_json::from_str(&line).expect("state JSON");
        each(&s);
        if ok(&s) {
            return s;
        }
        last = s;
    }
    panic!(
        "not within {limit:?}; last sim state: {}",
        last["sim"]
            .to_string()
            .chars()
            .take(400)
            .collect::<String>()
    );
}

const LAST: u64 = 57_600;

#[test]
fn end_on_a_two_minute_480_hz_run_keeps_frames_short_and_memory_bounded() {
    let Some(d) = display_of("1280x800x24", 1840) else {
        return;
    };
    let file = long_stack("sim-end");
    let f = file.to_str().expect("utf-8");
    let (mut child, window) = start_app(
        &d,
        &[
            f,
            "--mode",
            "simulate",
            "--print-state",
            "--print-state-every",
            "10",
        ],
    );
    let pid = child.id();
    let lines = state_lines(child.stdout.take().expect("stdout"));
    // The frames before End: what this machine's renderer gives an idle Simulate.
    let idle = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| s["frame_ms"]["frames"].as_u64().is_some_and(|n| n >= 20),
    );
    key(&d, &window, "End");
    let mut peak = 0;
    let mut computing_seen = false;
    let mut step_text_seen = false;
    // While the run computes: each stretch of frames between two state lines (its frame count,
    // mean interval and, when it holds the longest frame yet, that frame), and the resident
    // memory at each line.
    let mut last: Option<serde_json::Value> = None;
    let mut stretches = Vec::new();
    let mut computing_rss = Vec::new();
    let done = until(
        &lines,
        Duration::from_secs(240),
        |s| {
            peak = peak.max(peak_kb(pid));
            if s["sim"]["computing"] == true {
                computing_seen = true;
                step_text_seen |= s["step_text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Computing"));
                computing_rss.push(status_kb(pid, "VmRSS:"));
                if let Some(before) = last.as_ref().filter(|b| b["sim"]["computing"] == true) {
                    stretches.push(frames_between(before, s));
                }
            }
            last = Some(s.clone());
        },
        |s| s["sim"]["step"] == LAST && s["sim"]["computing"] == false,
    );
    assert!(
        computing_seen,
        "End was carried over frames, its progress shown"
    );
    assert!(step_text_seen, "the step text said it was computing");
    assert_eq!(done["step"], LAST);
    // Memory while computing, not only once idle: every sample under 300 MB.
    let rss_max = computing_rss.iter().copied().max().unwrap_or(0);
    eprintln!(
        "while computing: {} samples of resident memory, {} → {} MB, at most {} MB",
        computing_rss.len(),
        computing_rss.first().copied().unwrap_or(0) / 1024,
        computing_rss.last().copied().unwrap_or(0) / 1024,
        rss_max / 1024
    );
    assert!(
        computing_rss.len() >= 3 && rss_max > 0,
        "resident memory sampled while computing: {computing_rss:?}"
    );
    assert!(
        rss_max < 300 * 1024,
        "{} MB resident while computing",
        rss_max / 1024
    );
    // Frames while computing: the stretches between state lines (10 frames each).
    let frames: u64 = stretches.iter().map(|s| s.0).sum();
    let worst_mean = stretches.iter().map(|s| s.1).fold(0.0, f64::max);
    let longest = stretches.iter().filter_map(|s| s.2).fold(0.0, f64::max);
    eprintln!(
        "while computing: {frames} frames in {} stretches, the slowest stretch's mean interval \
         {worst_mean:.1} ms, the longest frame {}",
        stretches.len(),
        if longest > 0.0 {
            format!("{longest:.1} ms")
        } else {
            "no longer than before End".into()
        }
    );
    assert!(
        stretches.len() >= 3 && frames >= 30,
        "End's computing spanned only {frames} frames in {} stretches",
        stretches.len()
    );
    // A step back: replayed from the nearest snapshot, within a few seconds.
    key(&d, &window, "Left");
    let back = until(
        &lines,
        Duration::from_secs(20),
        |_| peak = peak.max(peak_kb(pid)),
        |s| s["sim"]["step"] == LAST - 1 && s["sim"]["computing"] == false,
    );
    std::thread::sleep(Duration::from_millis(500));
    peak = peak.max(peak_kb(pid));
    let _ = child.kill();
    let _ = child.wait();
    let stepping = &back["sim"]["step_work_ms"];
    let frames = &back["frame_ms"];
    eprintln!(
        "End then Left on 57,600 steps: stepping per frame {stepping}, frame interval {frames} \
         (idle before End: {}), our work per frame {}, peak {} MB",
        idle["frame_ms"],
        back["work_ms"],
        peak / 1024
    );
    assert!(peak < 300 * 1024, "peak memory {} MB", peak / 1024);
    // Timing is measured and printed above, not asserted (a loaded machine preempts a frame
    // anywhere: on CI the wasm build shares the two cores with this test). What is asserted is
    // that End never computes the run in one frame: it spanned 30 frames and more (above), and no
    // frame's stepping comes near the whole run's (about 2.5 s here), a hang-sized bound.
    let max_step = stepping["max"].as_f64().expect("step_work_ms.max");
    let mean_step = stepping["mean"].as_f64().expect("step_work_ms.mean");
    let p95 = frames["p95"].as_f64().expect("frame_ms.p95");
    eprintln!(
        "stepping per frame: mean {mean_step:.1} ms, max {max_step:.1} ms (budget 16 ms); frame \
         interval p95 {p95:.1} ms; while computing, the slowest ten frames {worst_mean:.1} ms \
         apart on average"
    );
    assert!(
        max_step < 1000.0,
        "one frame spent {max_step} ms stepping: End computed in one go"
    );
}

/// The recovery files beside `file` (`.NAME.TAG.recover`).
fn recovery_files(file: &Path) -> Vec<PathBuf> {
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().into_owned();
            n.starts_with(&format!(".{name}.")) && n.ends_with(".recover")
        })
        .collect()
}

#[test]
fn sigterm_while_simulate_computes_exits_within_two_seconds_with_the_edits_kept() {
    let Some(d) = display_of("1280x800x24", 1870) else {
        return;
    };
    let file = long_stack("sim-term");
    let f = file.to_str().expect("utf-8");
    let (mut child, window) = start_app(&d, &[f, "--mode", "sat", "--print-state-every", "5"]);
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let first = until(&lines, Duration::from_secs(20), |_| {}, |_| true);
    let pose = |s: &serde_json::Value| {
        let b = &s["scene"]["b"];
        [
            b["position"][0].as_f64().expect("B's x"),
            b["position"][1].as_f64().expect("B's y"),
            b["angle_deg"].as_f64().unwrap_or(0.0),
        ]
    };
    let b0 = pose(&first);
    drag_b(&d, &window, screen(&first, "b"));
    // The drag's last events reach the app a moment later: the newest state once it settled.
    std::thread::sleep(Duration::from_millis(800));
    let mut dragged = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| s["modified"] == true,
    );
    while let Ok(line) = lines.try_recv() {
        dragged = serde_json::from_str(&line).expect("state JSON");
    }
    let b1 = pose(&dragged);
    assert!(
        b0.iter().zip(b1).any(|(p, q)| (p - q).abs() > 0.1),
        "B was dragged: {b0:?} -> {b1:?}"
    );
    key(&d, &window, "4");
    key(&d, &window, "End");
    let computing = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| s["sim"]["computing"] == true,
    );
    assert_eq!(computing["mode"], "simulate");
    let sent = Instant::now();
    assert!(
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill")
            .success()
    );
    let t = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "still running 10 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = sent.elapsed();
    eprintln!("exited {took:?} after SIGTERM, during End's computing");
    let out = child.wait_with_output().expect("exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{stderr}");
    assert!(
        took < Duration::from_secs(2),
        "exited {took:?} after SIGTERM"
    );
    assert!(stderr.contains("unsaved edits kept"), "{stderr}");
    let kept = recovery_files(&file);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let scene = narrowphase_lab::scene::parse(
        &std::fs::read_to_string(&kept[0]).expect("the recovery file"),
        &kept[0],
    )
    .expect("a scene")
    .scene;
    let kept_pose = [
        scene.b.position.x as f64,
        scene.b.position.y as f64,
        scene.b.angle_deg as f64,
    ];
    assert!(
        kept_pose.iter().zip(b1).all(|(p, q)| (p - q).abs() < 1e-3),
        "the dragged B is kept: {kept_pose:?} against {b1:?}"
    );
}

/// Issue 40, item 6, in the window: at step 120 of scene 22 a click on a contact of the full
/// run opens the manifold mode; 4 returns to the same run at step 120 (not the clicked pose run
/// as a new scene from step 0), and Ctrl+Z after it changes nothing in the run.
#[test]
fn click_a_contact_then_4_returns_to_the_same_run_at_the_same_step() {
    let Some(d) = display_of("1280x800x24", 1850) else {
        return;
    };
    let (mut child, window) = start_app(
        &d,
        &[
            "scenes/22_star_drop.ron",
            "--step",
            "120",
            "--print-state",
            "--print-state-every",
            "5",
        ],
    );
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let at_120 = |s: &serde_json::Value| {
        s["mode"] == "simulate"
            && s["sim"]["step"] == 120
            && s["sim"]["computing"] == false
            && s["sim"]["shown"]["step"] == 120
    };
    let before = until(&lines, Duration::from_secs(60), |_| {}, at_120);
    assert_eq!(
        before["sim"]["shown"]["points"], 2,
        "{}",
        before["sim"]["shown"]
    );
    let bodies = before["sim"]["bodies"][0].clone();
    let p = &before["sim"]["screen"]["contacts"][0][0];
    let (x, y) = (p[0].as_f64().unwrap(), p[1].as_f64().unwrap());
    let mut args = crate::window::mouse_to(&window, x, y);
    args.extend(["sleep", "0.2", "click", "1"].map(String::from));
    crate::window::xdotool(&d, &args);
    let opened = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| s["mode"] == "manifold",
    );
    assert_eq!(opened["undo"], 1, "{}", opened["banner"]);
    key(&d, &window, "4");
    let back = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| s["mode"] == "simulate",
    );
    // The same run at the same step, for several state lines.
    for _ in 0..3 {
        let s = until(&lines, Duration::from_secs(10), |_| {}, |_| true);
        assert_eq!(s["mode"], "simulate");
        assert_eq!(s["sim"]["step"], 120, "{}", s["sim"]);
        assert_eq!(s["sim"]["bodies"][0], bodies, "the same run");
    }
    assert_eq!(back["sim"]["step"], 120);
    key(&d, &window, "ctrl+z");
    let after = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| s["undo"] == 0 && s["sim"]["step"] == 120,
    );
    assert_eq!(
        after["sim"]["bodies"][0], bodies,
        "undo changed nothing in the run"
    );
    for _ in 0..3 {
        let s = until(&lines, Duration::from_secs(10), |_| {}, |_| true);
        assert_eq!(s["sim"]["step"], 120, "{}", s["sim"]);
        assert_eq!(s["sim"]["bodies"][0], bodies);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Issue 41, item 5: a real click on "Where ghost 1 parts from the full run" jumps the player,
/// paused, to the step and body pair `simulate --diff --hysteresis off` prints (the stack's
/// ghost 1 runs without hysteresis), and both runs' points of that pair are ringed. The window's
/// picture is kept (`parting.png` in the test's folder) to look at.
#[test]
fn the_parting_button_jumps_to_the_step_simulate_diff_names() {
    let Some(d) = display_of("1280x800x24", 1890) else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
        .args([
            "simulate",
            "scenes/21_stack.ron",
            "--diff",
            "--hysteresis",
            "off",
        ])
        .output()
        .expect("the binary runs");
    let diff: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let step = diff["step"].as_u64().expect("the stack's ghost 1 parts");
    let (mut child, window) = start_app(&d, &["scenes/21_stack.ron", "--print-state-changes"]);
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let first = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| {
            s["sim"]["part_buttons"]
                .as_array()
                .is_some_and(|b| b.len() == 2)
        },
    );
    assert_eq!(first["sim"]["step"], 0);
    let r: Vec<f64> = first["sim"]["part_buttons"][0]
        .as_array()
        .expect("a rect")
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let mut click = crate::window::mouse_to(&window, r[0] + r[2] / 2.0, r[1] + r[3] / 2.0);
    click.extend(["sleep", "0.1", "click", "1"].map(String::from));
    crate::window::xdotool(&d, &click);
    let parted = until(
        &lines,
        Duration::from_secs(20),
        |_| {},
        |s| {
            s["sim"]["parted"].is_object()
                && s["sim"]["step"] == s["sim"]["parted"]["step"]
                && s["marks"]
                    .as_array()
                    .is_some_and(|m| m.iter().any(|m| m["kind"] == "parted ghost"))
        },
    );
    let sim = &parted["sim"];
    assert_eq!(sim["step"], step, "{diff} vs {}", sim["parted"]);
    assert_eq!(parted["step"], step);
    assert_eq!(sim["running"], false, "paused");
    assert_eq!(sim["parted"]["run"], 1);
    assert_eq!(sim["parted"]["bodies"], diff["bodies"]);
    assert_eq!(sim["parted"]["why"], diff["why"]);
    let rings = |kind: &str| {
        parted["marks"]
            .as_array()
            .expect("marks")
            .iter()
            .filter(|m| m["kind"] == kind)
            .count()
    };
    let points = |run: usize| {
        sim["contacts"][run]
            .as_array()
            .expect("contacts")
            .iter()
            .filter(|c| c["bodies"] == diff["bodies"])
            .count()
    };
    assert_eq!(rings("parted full run"), points(0));
    assert_eq!(rings("parted ghost"), points(1));
    // The picture, to look at (the rings, the words beside them and in the panel).
    std::thread::sleep(Duration::from_millis(300));
    let shot = tmp("parting.png");
    let ok = Command::new("import")
        .args(["-window", &window, shot.to_str().unwrap()])
        .env("DISPLAY", &d.name)
        .status()
        .is_ok_and(|s| s.success());
    eprintln!("the window at the parting: {} ({ok})", shot.display());
    let _ = child.kill();
    let _ = child.wait();
}
