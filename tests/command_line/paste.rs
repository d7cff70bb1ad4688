//! `report` and `check` on the forms an engine programmer pastes, told apart by their content
//! whatever the file is called: `report`'s own JSON, and a pair in an engine's terms with its
//! `expected` answer.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn write(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("paste");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    path
}

fn report(path: &Path) -> Value {
    let out = run(&["report", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn report_reads_its_own_json_back_whatever_the_file_is_called() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/03_near_parallel.ron");
    let first = report(&scene);
    let again = write(
        "pasted_report.ron",
        serde_json::to_string(&first).unwrap().as_bytes(),
    );
    assert_eq!(report(&again), first);
    let out = run(&["check", again.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ok: "));
}

#[test]
fn report_of_an_engine_pair_prints_expected_diff() {
    // B sunk into A's top and turned by 0.005 rad; the other engine took B's bottom face.
    let turn = 0.005_f32;
    let (s, c) = turn.sin_cos();
    let pair = json!({
        "engine": "box2d",
        "a": { "box": { "half_extents": [1.0, 0.5] }, "position": [0.0, 0.0] },
        "b": { "box": { "half_extents": [1.0, 0.5] }, "position": [0.5, 0.98], "angle": turn },
        "expected": { "normal": [-s, c] },
    });
    let path = write("pair.txt", pair.to_string().as_bytes());
    let r = report(&path);
    let step = &r["expected_diff"]["deciding_step"];
    // Ours: A's face whose normal is +y; theirs: B's whose normal is −y, read off the report's
    // own clip trace and SAT axes rather than assumed.
    let ours = &r["clip"]["reference"];
    assert_eq!(ours["body"], "a");
    assert_eq!(ours["normal"], json!([0.0, 1.0]));
    assert_eq!(step["step"], "reference_face", "{step:#}");
    assert_eq!(step["ours"]["edge"], ours["edge"]);
    assert_eq!(step["expected"]["body"], "b");
    let b_face = r["sat"]["axes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["source"]["face_b"] == step["expected"]["edge"])
        .expect("B's face is one of SAT's axes");
    let axis: Vec<f32> = b_face["axis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap() as f32)
        .collect();
    assert!(
        (axis[0].abs() - s).abs() < 1e-6 && (axis[1].abs() - c).abs() < 1e-6,
        "{axis:?}"
    );

    let out = run(&["check", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_broken_engine_pair_exits_2_naming_the_field() {
    let pair = json!({
        "engine": "parry",
        "a": { "cuboid": { "half_extents": [1.0, -0.5] } },
        "b": { "ball": { "radius": 0.5 } },
    });
    let path = write("broken.json", pair.to_string().as_bytes());
    for cmd in ["report", "check"] {
        let out = run(&[cmd, path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("broken.json")
                && err.contains("a.cuboid.half_extents.y: a half-extent must be > 0"),
            "{err}"
        );
    }
}
