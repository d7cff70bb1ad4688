//! `toi SCENE.ron [--cast]` on random translating scenes: the printed `t` against the exact
//! first contact (f64, the library tests' `exact.rs`), within the bracket the library tests
//! explain (`tests/library/continuous/cast.rs`): between the exact times the cores come within
//! `target + tolerance + δ` and `target − tolerance − δ`, `δ = 64 ε L`. Also the glancing full
//! turn, and the errors a bad `motion` gets.

#[path = "../library/continuous/exact.rs"]
#[allow(dead_code)]
mod exact;

use crate::common::Rng;
use glam::Vec2;
use narrowphase_lab::geom::{Rot, Shape, Transform};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");

fn write(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("toi");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

fn run(path: &Path, cast: bool) -> (i32, Value, String) {
    let mut cmd = Command::new(BIN);
    cmd.arg("toi").arg(path);
    if cast {
        cmd.arg("--cast");
    }
    let out = cmd.output().expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let json = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), json, stderr)
}

/// A random shape as RON and as the library builds it.
fn shape(rng: &mut Rng, s: f32) -> (String, Shape) {
    match rng.int(0, 3) {
        0 => {
            let r = rng.range(0.1, 1.0) * s;
            (format!("Circle(radius: {r:?})"), Shape::circle(r).unwrap())
        }
        1 => {
            let (w, h) = (rng.range(0.2, 2.0) * s, rng.range(0.2, 2.0) * s);
            let text = format!("Box(width: {w:?}, height: {h:?})");
            (text, Shape::make_box(w, h, 0.0).unwrap())
        }
        2 => {
            let (w, h, r) = (
                rng.range(0.2, 1.5) * s,
                rng.range(0.2, 1.5) * s,
                rng.range(0.05, 0.3) * s,
            );
            let text = format!("Box(width: {w:?}, height: {h:?}, radius: {r:?})");
            (text, Shape::make_box(w, h, r).unwrap())
        }
        _ => {
            let (l, r) = (rng.range(0.2, 2.0) * s, rng.range(0.05, 0.6) * s);
            let text = format!("Capsule(length: {l:?}, radius: {r:?})");
            (text, Shape::capsule(l, r).unwrap())
        }
    }
}

fn field(v: &Value, k: &str) -> f64 {
    v[k].as_f64().unwrap_or_else(|| panic!("{k} in {v}"))
}

/// Random translating scenes at scale `s` about `centre`: both commands against exact geometry.
fn scenes(seed: u64, n: usize, s: f32, centre: Vec2) {
    let mut rng = Rng::new(seed);
    let mut hits = 0;
    for k in 0..n {
        let (ta, a) = shape(&mut rng, s);
        let (tb, b) = shape(&mut rng, s);
        let reach = a.bounding_radius() + b.bounding_radius();
        let (deg_a, deg_b) = (rng.range(-180.0, 180.0), rng.range(-180.0, 180.0));
        let pa = centre;
        let pb = centre + Vec2::from_angle(rng.angle()) * reach * rng.range(1.05, 3.0);
        let aim = centre + Vec2::from_angle(rng.angle()) * reach * rng.range(0.0, 1.3);
        let to = pb + (aim - pb) * rng.range(0.3, 2.5);
        let text = format!(
            "Scene(\n    title: \"toi {k}\",\n    a: Body(shape: {ta}, position: ({:?}, {:?}), angle_deg: {deg_a:?}),\n    b: Body(shape: {tb}, position: ({:?}, {:?}), angle_deg: {deg_b:?}),\n    motion: Motion(to: ({:?}, {:?})),\n)\n",
            pa.x, pa.y, pb.x, pb.y, to.x, to.y
        );
        let path = write(&format!("random_{seed}_{k}.ron"), &text);
        let xa = Transform {
            p: pa,
            q: Rot::from_degrees(deg_a),
        };
        let xb = Transform {
            p: pb,
            q: Rot::from_degrees(deg_b),
        };
        let v = to - pb;
        let (ca, cb) = (exact::core(&a, xa), exact::core(&b, xb));
        let scale = pa.abs().max_element() + pb.abs().max_element() + v.abs().max_element() + reach;
        let delta = (64.0 * f32::EPSILON * scale) as f64;
        for cast in [true, false] {
            let (code, j, stderr) = run(&path, cast);
            assert_eq!(code, 0, "{stderr}\n{text}");
            let (target, tol) = (field(&j, "target"), field(&j, "tolerance"));
            let early = exact::first_time(&ca, &cb, v, target + tol + delta);
            let late = exact::first_time(&ca, &cb, v, (target - tol - delta).max(0.0));
            let t = field(&j, "t");
            let ctx = format!("cast {cast}: t {t} early {early:?} late {late:?}\n{text}");
            let eta = 1e-6;
            match j["state"].as_str() {
                Some("hit") => {
                    hits += 1;
                    let hi = late.unwrap_or(f64::INFINITY).min(1.0);
                    assert!(t >= early.expect("early") - eta && t <= hi + eta, "{ctx}");
                    let n = Vec2::new(
                        j["normal"][0].as_f64().unwrap() as f32,
                        j["normal"][1].as_f64().unwrap() as f32,
                    );
                    assert!((n.length() - 1.0).abs() < 1e-5, "{ctx}");
                }
                Some("overlapped") => assert_eq!(early, Some(0.0), "{ctx}"),
                Some("separated") => assert!(late.is_none_or(|l| l >= 1.0 - eta), "{ctx}"),
                other => panic!("state {other:?}: {ctx}"),
            }
            assert!(
                j["steps"].as_array().is_some_and(|s| !s.is_empty()),
                "{ctx}"
            );
        }
    }
    assert!(hits > n / 2, "{hits} hits");
}

#[test]
fn toi_and_cast_agree_with_the_exact_first_contact() {
    scenes(1, 30, 1.0, Vec2::ZERO);
    scenes(2, 15, 1.0, Vec2::new(3.0e3, -2.0e3));
    scenes(3, 15, 1e-4, Vec2::ZERO);
}

const BAR: &str = "Scene(
    title: \"a bar's full turn\",
    a: Body(shape: Box(width: 0.2, height: 0.2), position: (0.0, 0.6)),
    b: Body(shape: Box(width: 4.0, height: 0.2), position: (0.0, 0.0)),
    motion: Motion(to: (0.0, 0.0), angle_deg: TURN),
)
";

/// A full turn past a box, clear at both ends: the time of impact misses it (one axis at a
/// time); a quarter turn, ending upright through the box, is a hit.
#[test]
fn toi_misses_the_full_turn_and_catches_the_quarter_turn() {
    let full = write("full_turn.ron", &BAR.replace("TURN", "360.0"));
    let (code, j, e) = run(&full, false);
    assert_eq!(code, 0, "{e}");
    assert_eq!(j["state"], "separated", "{j}");
    let quarter = write("quarter_turn.ron", &BAR.replace("TURN", "90.0"));
    let (code, j, e) = run(&quarter, false);
    assert_eq!(code, 0, "{e}");
    assert_eq!(j["state"], "hit", "{j}");
    let t = field(&j, "t");
    assert!(t > 0.0 && t < 1.0, "{j}");
    let kinds: Vec<&str> = j["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["kind"].as_str())
        .collect();
    assert!(
        kinds.contains(&"root") && kinds.contains(&"axis"),
        "{kinds:?}"
    );
}

/// A bad `motion` is an error naming the file, the line and the field; a compound B casts, and
/// has a time of impact too (each part swept about the body's centroid), at the same touch.
#[test]
fn toi_rejects_a_bad_motion_naming_file_line_and_field() {
    let bad = write(
        "bad_motion.ron",
        &BAR.replace("TURN", "90.0")
            .replace("to: (0.0, 0.0)", "to: (2e7, 0.0)"),
    );
    let (code, _, e) = run(&bad, false);
    assert_eq!(code, 2);
    assert!(
        e.contains("bad_motion.ron") && e.contains("motion.to.x") && e.contains(":5:"),
        "{e}"
    );
    let unknown = write(
        "unknown_motion.ron",
        &BAR.replace("angle_deg: TURN", "spin: 3.0"),
    );
    let (code, _, e) = run(&unknown, true);
    assert_eq!(code, 2);
    assert!(
        e.contains("unknown_motion.ron") && e.contains("spin"),
        "{e}"
    );
    let compound = write(
        "compound.ron",
        "Scene(
    title: \"compound\",
    a: Body(shape: Box(width: 0.2, height: 2.0), position: (0.0, 0.0)),
    b: Body(shape: Compound(parts: [
        Part(shape: Circle(radius: 0.2), position: (0.0, 0.0)),
        Part(shape: Circle(radius: 0.2), position: (0.5, 0.0)),
    ]), position: (-2.0, 0.0)),
    motion: Motion(to: (2.0, 0.0)),
)
",
    );
    let (code, toi, e) = run(&compound, false);
    assert_eq!(code, 0, "{e}");
    assert_eq!(toi["state"], "hit", "{toi}");
    assert_eq!(
        toi["parts"],
        serde_json::json!([0, 1]),
        "the leading circle, part 1"
    );
    let (code, j, e) = run(&compound, true);
    assert_eq!(code, 0, "{e}");
    assert_eq!(j["state"], "hit", "{j}");
    // The right-hand circle leads: it touches the wall (x = -0.1) when its centre is at -0.3;
    // B's origin moves 4, from -2. `t` is that touch; an engine stops a slop in (Box2D's
    // target for rounded shapes: the radii less the slop), within its tolerance.
    let t = field(&j, "t");
    let touch = (-0.3 - 0.5 + 2.0) / 4.0;
    assert!((t - touch).abs() < 1e-6, "{t} vs {touch}: {j}");
    let engine = field(&j["engine"], "t");
    let expected = (-0.3 + 0.005 - 0.5 + 2.0) / 4.0;
    assert!(
        (engine - expected).abs() < 0.25 * 0.005 / 4.0 + 1e-6,
        "{engine} vs {expected}: {j}"
    );
    assert_eq!(j["parts"][1], 1, "{j}");
    // Without a turn the time of impact reaches the same touch as the cast.
    let by_toi = field(&toi, "t");
    assert!((by_toi - touch).abs() < 1e-5, "{by_toi} vs {touch}: {toi}");
}
