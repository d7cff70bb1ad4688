//! A minute of random input on the real window (issue 17): fixed seeds, on a copy of the
//! built-in lecture in a temporary folder, mouse drags, turns, pans, wheel and the keys a user
//! presses (modes, steps, scenes, undo and redo, save, vertex edit, framing, dialogs answered at
//! random). The app must still be running at the end, print no panic, keep its memory under a
//! stated bound, and leave every file of the folder a valid scene.

use crate::window::*;
use std::process::Command;
use std::time::{Duration, Instant};

/// The peak memory allowed, in MB: the app's own size is about 110 MB under Xvfb.
const MEMORY_LIMIT_MB: u64 = 500;

/// How long each seed drives the app.
const SECONDS_PER_SEED: u64 = 20;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Keys a user presses. Not Ctrl+Q (it quits), F11 (full screen), F12 (writes screenshots) or
/// Ctrl+O's file system, which the app's folder does not need.
const KEYS: &[&str] = &[
    "1",
    "2",
    "3",
    "space",
    "Right",
    "Left",
    "Home",
    "End",
    "Page_Down",
    "Page_Up",
    "ctrl+z",
    "ctrl+shift+z",
    "ctrl+s",
    "v",
    "f",
    "Escape",
    "F1",
    "r",
    "k",
    "d",
    "ctrl+plus",
    "ctrl+minus",
    "Return",
];

/// One burst of random input as a single chained `xdotool` command (no process starts between
/// its events).
fn burst(rng: &mut Rng, window: &str) -> Vec<String> {
    let mut args = Vec::new();
    for _ in 0..12 {
        let (x, y) = (100 + rng.below(1080), 40 + rng.below(720));
        args.extend(mouse_to(window, x as f64, y as f64));
        match rng.below(6) {
            // A drag with the left, right or middle button.
            0..=2 => {
                let button = ["1", "1", "3", "2"][rng.below(4) as usize].to_string();
                args.extend(["mousedown".to_string(), button.clone()]);
                for _ in 0..4 {
                    let (dx, dy) = (rng.below(81) as f64 - 40.0, rng.below(81) as f64 - 40.0);
                    args.extend(["sleep".into(), "0.03".into()]);
                    args.extend(mouse_to(window, x as f64 + dx, y as f64 + dy));
                }
                args.extend(["mouseup".to_string(), button]);
            }
            // The wheel, a few notches either way.
            3 => {
                let button = if rng.below(2) == 0 { "4" } else { "5" };
                for _ in 0..1 + rng.below(4) {
                    args.extend(["click".to_string(), button.to_string()]);
                }
            }
            // A click.
            4 => args.extend(["click".to_string(), "1".to_string()]),
            // A key.
            _ => args.extend(["key".to_string(), rng.pick(KEYS).to_string()]),
        }
        args.extend(["sleep".into(), "0.04".into()]);
    }
    args
}

/// The app's peak memory so far (`VmHWM`), in kB.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}

#[test]
fn a_minute_of_random_input_leaves_the_app_alive_and_the_lecture_valid() {
    let Some(d) = display() else { return };
    let folder = tmp("random-lecture");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("folder");
    for entry in std::fs::read_dir("scenes").expect("scenes") {
        let p = entry.expect("entry").path();
        std::fs::copy(&p, folder.join(p.file_name().expect("name"))).expect("copy");
    }
    let f = folder.to_str().expect("utf-8");
    for seed in [0x5EED_0001u64, 0x5EED_0002, 0x5EED_0003] {
        let mut rng = Rng(seed);
        let (mut child, window) =
            start_app(&d, &[f, "--seconds", &(SECONDS_PER_SEED + 30).to_string()]);
        let pid = child.id();
        let start = Instant::now();
        let mut peak = 0;
        while start.elapsed() < Duration::from_secs(SECONDS_PER_SEED) {
            let args = burst(&mut rng, &window);
            // xdotool may fail when a dialog took the window's focus; the app must not care.
            let _ = Command::new("xdotool")
                .args(&args)
                .env("DISPLAY", &d.name)
                .status();
            peak = peak.max(peak_kb(pid).unwrap_or(0));
            assert!(
                child.try_wait().expect("wait").is_none(),
                "seed {seed:#x}: the app exited during random input"
            );
            assert!(
                peak / 1024 < MEMORY_LIMIT_MB,
                "seed {seed:#x}: peak memory {} MB",
                peak / 1024
            );
        }
        // Still alive; then stop it and read what it said.
        assert!(
            child.try_wait().expect("wait").is_none(),
            "seed {seed:#x}: exited"
        );
        let _ = child.kill();
        let out = child.wait_with_output().expect("output");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "seed {seed:#x}: {stderr}");
        eprintln!("seed {seed:#x}: peak memory {} MB", peak / 1024);
    }
    // Every file the app saved (Ctrl+S at random) is still a valid scene.
    let check = Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
        .args(["check", f])
        .output()
        .expect("check");
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}
