//! Sweeps (`narrowphase-lab sweep`): the separation at every pose against exact geometry in
//! f64, feature ids that change only where the clipping changes, and the CSV on the command line.

use crate::common::exact_oracle::{place, truth};
use glam::DVec2;
use narrowphase_lab::geom::ManifoldStep;
use narrowphase_lab::scene::sweep::{Motion, Mover, SweepRow, sweep};
use narrowphase_lab::scene::{PairTraces, Scene, parse};
use std::process::Command;

const BOX_ON_BOX: &str = "Scene(title: \"box on box\",
    a: Body(shape: Box(width: 4.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Box(width: 1.0, height: 0.5), position: (0.2, 0.2)))";

const CAPSULE_ON_POLYGON: &str = "Scene(title: \"capsule on a hexagon\",
    a: Body(shape: RegularPolygon(sides: 6, circumradius: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Capsule(length: 1.2, radius: 0.2), position: (0.1, 1.3), angle_deg: 3.0))";

fn scene(text: &str) -> Scene {
    parse(text, "sweep.ron").expect("valid").scene
}

/// The exact separation of `scene` with B at the pose of `row` (a turn of B).
fn exact_at(scene: &Scene, angle_b: f32, position_b: [f32; 2]) -> (f64, f64) {
    let v = scene.validate().expect("valid").pair;
    let a = place(
        &v.a,
        scene.a.position.to_array(),
        scene.a.angle_deg,
        DVec2::ZERO,
    );
    let b = place(&v.b, position_b, angle_b, DVec2::ZERO);
    let size = crate::common::exact_oracle::bounding_radius(&a, a.verts[0])
        + crate::common::exact_oracle::bounding_radius(&b, b.verts[0]);
    (truth(&a, &b).separation, size)
}

fn check_against_exact(text: &str, rows: &[SweepRow], turn: bool) {
    let s = scene(text);
    let start = s.b.position;
    for r in rows {
        let (angle, pos) = if turn {
            (r.t, start.to_array())
        } else {
            (s.b.angle_deg, start.to_array())
        };
        let (exact, size) = exact_at(&s, angle, pos);
        // f32 rounding of the pose and of the answer: a few ε of the pair's size.
        let tol = 64.0 * f32::EPSILON as f64 * size;
        assert!(
            (r.separation as f64 - exact).abs() <= tol,
            "t = {}: separation {} against exact {exact}",
            r.t,
            r.separation
        );
    }
}

#[test]
fn box_on_box_turned_agrees_with_exact_geometry() {
    let rows = sweep(
        &scene(BOX_ON_BOX),
        Mover::B,
        Motion::Turn {
            from: -30.0,
            to: 30.0,
        },
        241,
    )
    .expect("sweep");
    assert_eq!(rows.len(), 241);
    assert_eq!((rows[0].t, rows[240].t), (-30.0, 30.0));
    check_against_exact(BOX_ON_BOX, &rows, true);
    // Flat (t = 0) the box rests on two points; tilted, on one corner.
    assert_eq!(rows[120].ids.len(), 2);
    assert_eq!(rows[0].ids.len(), 1);
}

#[test]
fn capsule_on_a_polygon_turned_agrees_with_exact_geometry() {
    let rows = sweep(
        &scene(CAPSULE_ON_POLYGON),
        Mover::B,
        Motion::Turn {
            from: 0.0,
            to: 360.0,
        },
        721,
    )
    .expect("sweep");
    assert_eq!(rows.len(), 721);
    check_against_exact(CAPSULE_ON_POLYGON, &rows, true);
    assert!(rows.iter().any(|r| r.overlap) && rows.iter().any(|r| !r.overlap));
}

/// What the manifold's clipping did: the reference face (whose, which edge), the incident
/// face, and the kept points' features.
fn topology(traces: &PairTraces) -> Vec<String> {
    traces
        .manifold_steps
        .iter()
        .filter_map(|s| match s {
            ManifoldStep::ReferenceFace {
                flip, reference, ..
            } => Some(format!("ref {flip} {}", reference.edge)),
            ManifoldStep::IncidentFace(f) => Some(format!("inc {}", f.edge)),
            ManifoldStep::Keep { candidates, .. } => Some(format!(
                "kept {:?}",
                candidates
                    .iter()
                    .filter(|c| c.kept)
                    .map(|c| c.id.pack())
                    .collect::<Vec<_>>()
            )),
            ManifoldStep::Corner { .. } => Some("corner".into()),
            _ => None,
        })
        .collect()
}

#[test]
fn feature_ids_change_only_where_the_clipping_changes() {
    let s = scene(BOX_ON_BOX);
    let rows = sweep(
        &s,
        Mover::B,
        Motion::Turn {
            from: -30.0,
            to: 30.0,
        },
        241,
    )
    .expect("sweep");
    let mut changes = 0;
    for (k, w) in rows.windows(2).enumerate() {
        let pose = |t: f32| {
            let mut p = s.clone();
            p.b.angle_deg = t;
            PairTraces::compute(&p.validate().expect("valid").pair)
        };
        let (before, after) = (topology(&pose(w[0].t)), topology(&pose(w[1].t)));
        if w[0].ids != w[1].ids {
            changes += 1;
            assert_ne!(
                before, after,
                "ids changed at row {k} with the same clipping"
            );
        } else {
            assert_eq!(
                before, after,
                "the clipping changed at row {k} but not the ids"
            );
        }
    }
    // Tilted one way, flat, tilted the other: the ids change where the corner changes.
    assert!(changes >= 2, "{changes}");
}

#[test]
fn the_command_prints_one_csv_row_per_pose() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sweep");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let path = dir.join("box.ron");
    std::fs::write(&path, BOX_ON_BOX).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
        .args([
            "sweep",
            path.to_str().unwrap(),
            "--move",
            "b",
            "--to",
            "0.2,1.2",
            "--steps",
            "11",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "t,overlap,separation,normal_x,normal_y,points,ids"
    );
    assert_eq!(lines.len(), 12);
    // The first pose is the scene's: B sinks 0.05 into A; the last is 1.0 higher.
    let first: Vec<&str> = lines[1].split(',').collect();
    let last: Vec<&str> = lines[11].split(',').collect();
    assert_eq!((first[0], first[1]), ("0", "true"));
    assert!(
        (first[2].parse::<f32>().unwrap() + 0.05).abs() < 1e-6,
        "{}",
        lines[1]
    );
    assert_eq!(first[5], "2");
    assert_eq!((last[0], last[1], last[5]), ("1", "false", "0"));
    assert!(
        (last[2].parse::<f32>().unwrap() - 0.95).abs() < 1e-6,
        "{}",
        lines[11]
    );
    // A bad body is an error, exit 2.
    let out = Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
        .args(["sweep", path.to_str().unwrap(), "--turn", "c", "--to", "10"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 23, case 5: a negative coordinate is a value, not a flag (`--to -1,0.5`).
#[test]
fn a_target_starting_with_a_minus_is_a_value() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sweep-minus");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let path = dir.join("box.ron");
    std::fs::write(&path, BOX_ON_BOX).expect("write");
    for to in [
        ["--move", "b", "--to", "-1,0.5"],
        ["--turn", "b", "--to", "-30"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_narrowphase-lab"))
            .arg("sweep")
            .arg(&path)
            .args(to)
            .args(["--steps", "2"])
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{to:?}: {stderr}");
        let text = String::from_utf8_lossy(&out.stdout);
        let rows: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(rows.len(), 2, "{to:?}: {text}");
        // The last row is at the target: moved sqrt(1 + 0.25)-ish away, or turned to -30.
        let t: f32 = rows[1].split(',').next().unwrap().parse().unwrap();
        assert!(t != 0.0, "{}", rows[1]);
    }
}
