//! `simulate SCENE --perturb N [--seed S] --summary`: the scene and N nudged copies, each
//! summary field's min, median and max (DESIGN.md, "Command line").

use serde_json::Value;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");

fn simulate(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("simulate")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = simulate(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

const BODY_FIELDS: [&str; 6] = [
    "sink",
    "height_range",
    "max_tilt_deg",
    "rms_omega_last_second",
    "max_up_speed",
    "final_speed",
];
const CONTACT_FIELDS: [&str; 4] = ["points", "persisted", "new", "id_collisions"];

/// `(min, median, max)` of a spread.
fn spread(v: &Value) -> (f64, f64, f64) {
    let f = |k: &str| v[k].as_f64().unwrap_or_else(|| panic!("{k} in {v}"));
    (f("min"), f("median"), f("max"))
}

#[test]
fn perturb_prints_the_unperturbed_summary_and_every_field_spread_around_it() {
    let scene = "scenes/23_tilted_box_lands.ron";
    let plain = json(&[scene, "--summary", "--seconds", "3"]);
    let p = json(&[scene, "--summary", "--seconds", "3", "--perturb", "8"]);
    assert_eq!(p["runs"], 9);
    // Copy 0 is the scene itself: the same run as without --perturb, bit for bit.
    assert_eq!(p["unperturbed"], plain);
    let bodies = p["bodies"].as_array().expect("bodies");
    assert_eq!(bodies.len(), plain["bodies"].as_array().unwrap().len());
    for (i, b) in bodies.iter().enumerate() {
        assert_eq!(b["body"], i);
        for f in BODY_FIELDS {
            let (lo, mid, hi) = spread(&b[f]);
            // Both print f32 values: compared as f32, exactly.
            let own = plain["bodies"][i][f].as_f64().unwrap() as f32;
            let (lo, mid, hi) = (lo as f32, mid as f32, hi as f32);
            assert!(lo <= mid && mid <= hi, "{f}: {lo} {mid} {hi}");
            assert!(lo <= own && own <= hi, "{f}: {own} outside {lo}..{hi}");
        }
        // The copies differ from the scene: a nudge that changed nothing would be no test.
        let (lo, _, hi) = spread(&b["max_tilt_deg"]);
        assert!(hi > lo, "every copy landed alike: {b}");
    }
    for f in CONTACT_FIELDS {
        let (lo, mid, hi) = spread(&p["contacts"][f]);
        let own = plain["contacts"][f].as_f64().unwrap();
        assert!(lo <= mid && mid <= hi && lo <= own && own <= hi, "{f}");
    }
    let (lo, mid, hi) = spread(&p["persisted_fraction"]);
    assert!((0.0..=1.0).contains(&lo) && lo <= mid && mid <= hi && hi <= 1.0);
}

#[test]
fn perturb_same_seed_same_copies_other_seed_other_copies() {
    let scene = "scenes/20_box_rocks.ron";
    let run = |seed: &str| {
        json(&[
            scene,
            "--summary",
            "--seconds",
            "2",
            "--perturb",
            "5",
            "--seed",
            seed,
        ])
    };
    let (a, b, c) = (run("7"), run("7"), run("8"));
    assert_eq!(a, b);
    assert_ne!(a["bodies"], c["bodies"]);
    // The seed chooses the copies, never the scene's own run.
    assert_eq!(a["unperturbed"], c["unperturbed"]);
    // No seed is seed 0.
    let none = json(&[scene, "--summary", "--seconds", "2", "--perturb", "5"]);
    assert_eq!(none, run("0"));
}

#[test]
fn perturb_zero_is_the_scene_alone() {
    let scene = "scenes/20_box_rocks.ron";
    let plain = json(&[scene, "--summary", "--seconds", "1"]);
    let p = json(&[scene, "--summary", "--seconds", "1", "--perturb", "0"]);
    assert_eq!(p["runs"], 1);
    // The spreads are f64 of the f32 fields: the same value, printed wider.
    let own = plain["bodies"][0]["sink"].as_f64().unwrap() as f32;
    let (lo, mid, hi) = spread(&p["bodies"][0]["sink"]);
    assert_eq!((lo as f32, mid as f32, hi as f32), (own, own, own));
}

#[test]
fn perturb_bad_arguments_say_what_is_wrong_and_exit_2() {
    let scene = "scenes/20_box_rocks.ron";
    let cases: [(&[&str], &str); 6] = [
        (&["--perturb", "x", "--summary"], "--perturb"),
        (&["--perturb", "-3", "--summary"], "-3"),
        (&["--perturb", "100000", "--summary"], "10000"),
        (&["--perturb", "3"], "--summary"),
        (&["--seed", "3", "--summary"], "--perturb"),
        (&["--perturb", "3", "--seed", "1.5", "--summary"], "--seed"),
    ];
    for (flags, says) in cases {
        let mut args = vec![scene];
        args.extend_from_slice(flags);
        let out = simulate(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {err}");
        assert!(err.contains(says), "{flags:?}: {err}");
        assert!(!err.contains("panicked"), "{flags:?}: {err}");
        assert!(out.stdout.is_empty(), "{flags:?}");
    }
}
