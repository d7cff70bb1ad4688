//! A scene's `expected` (another engine's answer, DESIGN.md "Scene file") and `report`'s
//! `"expected_diff"`: read, checked with errors that name the field, kept by saves, and compared
//! with ours; on a near-tie pair, an answer that takes the other reference face is named as such.

use glam::Vec2;
use narrowphase_lab::geom::{ManifoldOptions, ManifoldStep, NoTrace, Shape, Transform, collide};
use narrowphase_lab::report::report;
use narrowphase_lab::scene::preserve::merge_into;
use narrowphase_lab::scene::{Expected, PairTraces, parse};
use serde_json::Value;

/// Two equal 2 × 1 boxes, B sunk 0.02 into A's top and turned by `turn_deg`.
fn near_tie(turn_deg: f32, expected: &str) -> String {
    format!(
        "Scene(\n    title: \"near tie\",\n    mode: Manifold,\n    \
         a: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.0)),\n    \
         b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.5, 0.98), angle_deg: {turn_deg}),\n    \
         {expected}\n)\n"
    )
}

fn ron_f32(v: f32) -> String {
    format!("{v:?}")
}

/// `Expected(…)` in RON from a normal, a separation, points and ids.
fn expected_ron(n: Vec2, sep: f32, points: &[(Vec2, f32)], ids: &[u64]) -> String {
    let pts: Vec<String> = points
        .iter()
        .map(|(p, s)| format!("({}, {}, {})", ron_f32(p.x), ron_f32(p.y), ron_f32(*s)))
        .collect();
    let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    format!(
        "expected: Expected(normal: ({}, {}), separation: {}, points: [{}], ids: [{}]),",
        ron_f32(n.x),
        ron_f32(n.y),
        ron_f32(sep),
        pts.join(", "),
        ids.join(", ")
    )
}

fn report_of(text: &str) -> Value {
    let loaded = parse(text, "expected.ron").expect("the scene reads");
    report(&loaded.scene, &PairTraces::compute(&loaded.pair))
}

/// The edge of a box whose outward normal (local) is `n`.
fn box_edge_with_normal(n: Vec2) -> usize {
    let b = Shape::make_box(2.0, 1.0, 0.0).unwrap();
    let (i, _) = b
        .normals()
        .iter()
        .enumerate()
        .max_by(|x, y| x.1.dot(n).total_cmp(&y.1.dot(n)))
        .unwrap();
    i
}

#[test]
fn expected_answer_on_the_other_reference_face_is_named_as_the_deciding_step() {
    let turn = 0.3_f32;
    // The other engine: B's bottom face as the reference. Its normal points from A to B, so it
    // is the opposite of that face's outward normal, turned with B.
    let theirs_n = -(Transform::new(Vec2::ZERO, turn.to_radians()).q).apply(Vec2::new(0.0, -1.0));
    // Its points: the same boxes collided with B first (so B's face is the reference).
    let box_shape = Shape::make_box(2.0, 1.0, 0.0).unwrap();
    let loaded = parse(&near_tie(turn, ""), "t.ron").unwrap();
    let (xf_a, xf_b) = (loaded.pair.xf_a, loaded.pair.xf_b);
    let swapped = collide(
        &box_shape,
        xf_b,
        &box_shape,
        xf_a,
        &ManifoldOptions::default(),
        &mut NoTrace,
    );
    assert!(swapped.len() == 2, "B's face clips two points");
    let points: Vec<(Vec2, f32)> = swapped
        .points()
        .map(|p| (p.position, p.separation))
        .collect();
    let sep = points.iter().map(|p| p.1).fold(f32::INFINITY, f32::min);

    // Ours: the trace's reference face, which must be A's top for the case to be a tie broken
    // the other way.
    let traces = PairTraces::compute(&loaded.pair);
    let ours_face = traces.manifold_steps.iter().find_map(|s| match s {
        ManifoldStep::ReferenceFace { reference, .. } => Some((reference.on_b, reference.edge)),
        _ => None,
    });
    let a_top = box_edge_with_normal(Vec2::Y);
    let b_bottom = box_edge_with_normal(Vec2::NEG_Y);
    assert_eq!(ours_face, Some((false, a_top)), "ours keeps A's top face");

    let r = report_of(&near_tie(turn, &expected_ron(theirs_n, sep, &points, &[])));
    let d = &r["expected_diff"];
    let step = &d["deciding_step"];
    assert_eq!(step["step"], "reference_face", "{d:#}");
    assert_eq!(step["ours"]["body"], "a");
    assert_eq!(step["ours"]["edge"], a_top);
    assert_eq!(step["expected"]["body"], "b");
    assert_eq!(step["expected"]["edge"], b_bottom);
    let text = step["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "the reference face: expected B's edge {b_bottom}, ours A's edge {a_top}"
        )),
        "{text}"
    );
    // The normals differ by B's turn.
    let angle = d["normal"]["angle_deg"].as_f64().unwrap() as f32;
    assert!(
        (angle.abs() - turn).abs() < 1e-3,
        "angle {angle} vs turn {turn}"
    );
    assert_eq!(d["same"], false);
    assert!(
        d["differences"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "reference_face")
    );
}

#[test]
fn expected_equal_to_ours_gives_no_difference() {
    for turn in [0.0_f32, 0.3, 10.0] {
        let plain = report_of(&near_tie(turn, ""));
        let f = |v: &Value| v.as_f64().unwrap() as f32;
        let n = Vec2::new(
            f(&plain["clip"]["steps"].as_array().unwrap().last().unwrap()["normal"][0]),
            f(&plain["clip"]["steps"].as_array().unwrap().last().unwrap()["normal"][1]),
        );
        let points: Vec<(Vec2, f32)> = plain["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    Vec2::new(f(&p["position"][0]), f(&p["position"][1])),
                    f(&p["separation"]),
                )
            })
            .collect();
        let ids: Vec<u64> = plain["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_u64().unwrap())
            .collect();
        let sep = f(&plain["separation"]);
        let r = report_of(&near_tie(turn, &expected_ron(n, sep, &points, &ids)));
        let d = &r["expected_diff"];
        assert_eq!(d["same"], true, "turn {turn}: {d:#}");
        assert_eq!(d["differences"].as_array().unwrap().len(), 0);
        assert_eq!(d["normal"]["angle_deg"], 0.0);
        assert_eq!(d["separation"]["difference"], 0.0);
        assert_eq!(d["missing"].as_array().unwrap().len(), 0);
        assert_eq!(d["extra"].as_array().unwrap().len(), 0);
        for p in d["points"].as_array().unwrap() {
            assert_eq!(p["distance"], 0.0);
            assert_eq!(p["separation_difference"], 0.0);
        }
        assert_eq!(d["ids"]["differ"].as_array().unwrap().len(), 0);
        assert_eq!(d["deciding_step"]["step"], "none");
        assert!(plain["expected_diff"].is_null());
    }
}

#[test]
fn a_missing_point_is_named_with_the_keep_rule() {
    // B tilted: one corner in, one lifted out. The other engine keeps both clipped points (a
    // margin); ours keeps only the one that is in.
    let text = near_tie(10.0, "");
    let loaded = parse(&text, "t.ron").unwrap();
    let traces = PairTraces::compute(&loaded.pair);
    let o = traces.origin();
    let dropped: Vec<(Vec2, f32)> = traces
        .manifold_steps
        .iter()
        .find_map(|s| match s {
            ManifoldStep::Keep { candidates, .. } => Some(
                candidates
                    .iter()
                    .map(|c| (c.position + o, c.separation))
                    .collect(),
            ),
            _ => None,
        })
        .expect("a keep step");
    assert_eq!(traces.manifold.len(), 1, "one point kept of two");
    let r = report_of(&near_tie(
        10.0,
        &expected_ron(
            traces.manifold.normal,
            traces.query.separation,
            &dropped,
            &[],
        ),
    ));
    let d = &r["expected_diff"];
    assert_eq!(d["missing"].as_array().unwrap().len(), 1, "{d:#}");
    assert_eq!(d["deciding_step"]["step"], "keep", "{d:#}");
    assert!(
        d["deciding_step"]["text"]
            .as_str()
            .unwrap()
            .starts_with("the keep rule: ours dropped")
    );
}

#[test]
fn expected_errors_name_the_field_and_line() {
    let text = near_tie(0.0, "expected: Expected(normal: (0.0, 0.0)),");
    let e = parse(&text, "bad.ron").unwrap_err().to_string();
    assert!(e.starts_with("bad.ron:6:"), "{e}");
    assert!(e.contains("expected.normal: must be a direction"), "{e}");
    let text = near_tie(
        0.0,
        "expected: Expected(points: [(1.0, 2.0, 0.0), (1.0, 1e30, 0.0)]),",
    );
    let e = parse(&text, "bad.ron").unwrap_err().to_string();
    assert!(e.contains("expected.points[1].y: must be between"), "{e}");
    let text = near_tie(0.0, "expected: Expected(normals: (0.0, 1.0)),");
    let e = parse(&text, "bad.ron").unwrap_err().to_string();
    assert!(e.contains("normals"), "{e}");
}

#[test]
fn expected_survives_a_save_with_the_comments() {
    let text = near_tie(
        0.3,
        "// Box2D's answer\n    expected: Expected(normal: (0.0, 1.0), separation: -0.02, ids: [1, 2]),",
    );
    let mut scene = parse(&text, "t.ron").unwrap().scene;
    assert_eq!(
        scene.expected,
        Some(Expected {
            normal: Some([0.0, 1.0]),
            separation: Some(-0.02),
            points: vec![],
            ids: vec![1, 2],
        })
    );
    scene.expected.as_mut().unwrap().separation = Some(-0.03);
    let saved = merge_into(&text, &scene).unwrap();
    assert!(saved.contains("// Box2D's answer"), "{saved}");
    assert_eq!(parse(&saved, "t.ron").unwrap().scene, scene);
}
