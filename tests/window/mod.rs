//! The window-test kit shared by the tests that drive the real app under Xvfb: a private X
//! server, the app started on it, screenshots read pixel by pixel, `xdotool` input, and the
//! state the app prints with `--print-state`.
//!
//! These need `Xvfb` and `xdotool` (`.ci/run` installs them). Without them a test fails with a
//! message that says how to install them: a window test never passes without having run.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");
pub static NEXT_DISPLAY: AtomicU32 = AtomicU32::new(0);

/// An Xvfb server this test started; stopped on drop.
pub struct Display {
    child: Child,
    /// The X display's name (`:N`), for `DISPLAY`.
    pub name: String,
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Starts a private 1280×800 Xvfb, or says loudly why the GUI tests cannot run here.
pub fn display() -> Option<Display> {
    display_of("1280x800x24", 40)
}

/// Starts a private Xvfb with a `screen` of `WxHxD`, its display number from `base` on (test
/// files use bases apart, so two can run at once), or says loudly why it cannot.
pub fn display_of(screen: &str, base: u32) -> Option<Display> {
    for tool in ["Xvfb", "xdotool"] {
        if !have(tool) {
            // Never a silent pass: a window test that cannot run fails, saying how to run it.
            panic!(
                "{tool} is not installed: the window tests need Xvfb and xdotool \
                 (apt-get install xvfb xdotool imagemagick, or run `bash .ci/run`, which installs \
                 them); the fast tier in the README runs every other test"
            );
        }
    }
    let base = base + (std::process::id() % 200) * 8;
    for _ in 0..50 {
        let n = base + NEXT_DISPLAY.fetch_add(1, Ordering::SeqCst);
        if Path::new(&format!("/tmp/.X{n}-lock")).exists() {
            continue;
        }
        // Owned by a `Display` at once, so a server that never comes up is stopped on drop.
        let display = Display {
            name: format!(":{n}"),
            child: Command::new("Xvfb")
                .args([
                    format!(":{n}").as_str(),
                    "-screen",
                    "0",
                    screen,
                    "-nolisten",
                    "tcp",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb"),
        };
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        let t = Instant::now();
        while !socket.exists() && t.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        // Another test run (another worktree) may have taken the number between our look at
        // the lock file and the start: then our server exits and the socket is theirs.
        std::thread::sleep(Duration::from_millis(100));
        let mut display = display;
        if socket.exists() && display.child.try_wait().is_ok_and(|s| s.is_none()) {
            return Some(display);
        }
    }
    panic!("could not start Xvfb");
}

pub fn app(d: &Display, args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args)
        .env("DISPLAY", &d.name)
        .env("TMPDIR", private_tmp())
        .env("XDG_STATE_HOME", private_tmp().join("state"));
    c
}

/// The apps' own temporary folder (its `state/` is their private state folder, where a built-in
/// scene's recovery file goes): one per test process, so recovery files left by a person's
/// session (or another test run) are never offered to these tests.
pub fn private_tmp() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("npl-gui-tmp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

pub fn run(d: &Display, args: &[&str]) -> Output {
    let mut out = app(d, args).output().expect("run the app");
    for _ in 0..4 {
        if !display_refused(&String::from_utf8_lossy(&out.stderr)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
        out = app(d, args).output().expect("run the app");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "the app panicked: {stderr}");
    assert!(out.status.success(), "the app failed: {stderr}");
    out
}

pub fn state(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .unwrap_or_else(|| panic!("no state line in {text:?}"));
    serde_json::from_str(line).expect("state JSON")
}

pub fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("npl-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// An RGB screenshot.
pub struct Image {
    pub w: usize,
    pub h: usize,
    pub rgb: Vec<[u8; 3]>,
}

impl Image {
    pub fn load(path: &Path) -> Image {
        let file = std::fs::File::open(path).expect("screenshot written");
        let mut decoder = png::Decoder::new(file);
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("png data");
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Image {
            w: info.width as usize,
            h: info.height as usize,
            rgb,
        }
    }

    pub fn at(&self, x: f64, y: f64) -> [u8; 3] {
        let (x, y) = (
            x.round().clamp(0.0, self.w as f64 - 1.0) as usize,
            y.round().clamp(0.0, self.h as f64 - 1.0) as usize,
        );
        self.rgb[y * self.w + x]
    }

    /// Pixels within `tol` (per channel) of `c`.
    pub fn count_near(&self, c: [u8; 3], tol: i32) -> usize {
        self.rgb
            .iter()
            .filter(|p| (0..3).all(|k| (p[k] as i32 - c[k] as i32).abs() <= tol))
            .count()
    }

    pub fn distinct(&self) -> usize {
        let mut v: Vec<[u8; 3]> = self.rgb.clone();
        v.sort_unstable();
        v.dedup();
        v.len()
    }
}

pub const BLUE: [u8; 3] = [77, 148, 255];
pub const GREEN: [u8; 3] = [64, 214, 112];
pub const ORANGE: [u8; 3] = [255, 153, 51];

pub fn bluish(p: [u8; 3]) -> bool {
    p[2] as i32 > p[0] as i32 + 20 && p[2] as i32 > p[1] as i32 + 10
}

pub fn violet(p: [u8; 3]) -> bool {
    p[0] as i32 > p[1] as i32 + 8 && p[2] as i32 > p[0] as i32 + 8
}

pub fn screen(s: &serde_json::Value, body: &str) -> (f64, f64) {
    let p = &s["screen"][body];
    (p[0].as_f64().expect("x"), p[1].as_f64().expect("y"))
}

/// Some pixels around a body's centre show its colour (the label sits on the centre itself).
/// The offsets scale with the zoom so they stay inside small or far-zoomed shapes.
pub fn body_colour_around(
    img: &Image,
    c: (f64, f64),
    zoom: f64,
    test: fn([u8; 3]) -> bool,
) -> bool {
    let (dx, dy) = (
        (0.45 * zoom).clamp(12.0, 40.0),
        (0.3 * zoom).clamp(10.0, 25.0),
    );
    let offsets = [
        (-dx, -dy),
        (dx, -dy),
        (-dx, dy),
        (dx, dy),
        (0.0, -dy),
        (-dx, 0.0),
    ];
    offsets
        .iter()
        .filter(|(x, y)| test(img.at(c.0 + x, c.1 + y)))
        .count()
        >= 2
}

pub fn screenshot(
    d: &Display,
    scene: &str,
    mode: &str,
    step: &str,
    name: &str,
) -> (Image, serde_json::Value) {
    screenshot_with(d, scene, mode, step, &[], name)
}

/// [`screenshot`] with extra flags (`--theme light`, `--palette cvd`, …).
pub fn screenshot_with(
    d: &Display,
    scene: &str,
    mode: &str,
    step: &str,
    flags: &[&str],
    name: &str,
) -> (Image, serde_json::Value) {
    let png = tmp(name);
    let mut args = vec![
        scene,
        "--mode",
        mode,
        "--step",
        step,
        "--frames",
        "12",
        "--screenshot",
        png.to_str().unwrap(),
        "--print-state",
    ];
    args.extend_from_slice(flags);
    let out = run(d, &args);
    (Image::load(&png), state(&out))
}

/// The app's window id, once it is up; `None` when the app exits first or nothing shows within
/// 30 s (polled, never an endless `xdotool search --sync`).
pub fn wait_for_window(d: &Display, child: &mut Child) -> Option<String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        let out = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "Narrowphase Lab"])
            .env("DISPLAY", &d.name)
            .output()
            .expect("xdotool");
        let id = String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .trim()
            .to_string();
        if !id.is_empty() {
            return Some(id);
        }
        if child.try_wait().ok().flatten().is_some() {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    None
}

/// A start that failed because the X server turned the app's connection away: now and then a
/// fresh Xvfb under load refuses a client for a moment. Such a start is tried again (this is
/// about the test's X server, not the app: `without_a_display_…` tests the app's own message).
fn display_refused(stderr: &str) -> bool {
    stderr.contains("XOpenDisplay() failed")
}

pub fn xdotool<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(d: &Display, args: &[S]) {
    let ok = Command::new("xdotool")
        .args(args)
        .env("DISPLAY", &d.name)
        .status()
        .expect("xdotool")
        .success();
    assert!(ok, "xdotool {args:?} failed");
}

/// The app started in the background on `args`, its window up; with its window id.
pub fn start_app(d: &Display, args: &[&str]) -> (Child, String) {
    for _ in 0..5 {
        let mut child = app(d, args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start");
        if let Some(window) = wait_for_window(d, &mut child) {
            std::thread::sleep(Duration::from_millis(800));
            return (child, window);
        }
        let _ = child.kill();
        let out = child.wait_with_output().expect("the app's output");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(display_refused(&stderr), "no app window appeared: {stderr}");
        std::thread::sleep(Duration::from_millis(500));
    }
    panic!("the X server refused the app five times");
}

/// The `xdotool` words that move the pointer to window pixel `(x, y)`.
pub fn mouse_to(window: &str, x: f64, y: f64) -> Vec<String> {
    vec![
        "mousemove".to_string(),
        "--window".into(),
        window.to_string(),
        format!("{}", x.round()),
        format!("{}", y.round()),
    ]
}

/// Waits for the app to exit by itself, checks that it succeeded, and returns its state line.
pub fn finish(child: Child) -> serde_json::Value {
    let out = child.wait_with_output().expect("app exits");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    state(&out)
}

/// Runs the app to its own exit, watching its peak memory (`VmHWM`) meanwhile: over
/// `limit_kb`, or past `timeout`, it is killed and the test fails. Returns its state line.
pub fn run_within(
    d: &Display,
    args: &[&str],
    limit_kb: u64,
    timeout: Duration,
) -> serde_json::Value {
    state(&run_within_peak(d, args, limit_kb, timeout).0)
}

/// As [`run_within`], for a run that prints no state (`slides`): its output and its peak
/// memory in KB.
pub fn run_within_peak(
    d: &Display,
    args: &[&str],
    limit_kb: u64,
    timeout: Duration,
) -> (Output, u64) {
    let mut child = app(d, args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    let status = format!("/proc/{}/status", child.id());
    let t = Instant::now();
    let mut peak = 0;
    while child.try_wait().expect("wait").is_none() {
        if let Some(kb) = std::fs::read_to_string(&status).ok().and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        }) {
            peak = peak.max(kb);
        }
        if peak > limit_kb || t.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{args:?}: killed after {:.1} s at a peak of {} MB",
                t.elapsed().as_secs_f64(),
                peak / 1024
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("app exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "the app panicked: {stderr}");
    assert!(out.status.success(), "the app failed: {stderr}");
    eprintln!("{args:?}: peak {} MB", peak / 1024);
    (out, peak)
}

/// Drags B by (100, -40) pixels from a little left of its centre, with one chained `xdotool`.
pub fn drag_b(d: &Display, window: &str, b: (f64, f64)) {
    let (x0, y0) = (b.0 - 40.0, b.1);
    let mut args = mouse_to(window, x0, y0);
    args.extend(["sleep", "0.15", "mousedown", "1"].map(String::from));
    for k in 1..=10 {
        args.extend(["sleep", "0.05"].map(String::from));
        args.extend(mouse_to(window, x0 + 10.0 * k as f64, y0 - 4.0 * k as f64));
    }
    args.extend(["sleep", "0.15", "mouseup", "1"].map(String::from));
    xdotool(d, &args);
}

/// A key or chord (`ctrl+z`) typed into the app's window.
pub fn key(d: &Display, window: &str, keys: &str) {
    xdotool(
        d,
        &[
            "windowfocus",
            "--sync",
            window,
            "key",
            "--delay",
            "40",
            keys,
        ]
        .map(String::from),
    );
}

/// The app's state lines (`--print-state`, `--print-state-changes`) as they arrive, on a
/// channel fed by a thread reading its standard output.
pub fn state_lines(out: ChildStdout) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if line.starts_with('{') && tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
