//! Issue 43's "expected vs got" in the app: a scene's `expected` (another engine's answer) is
//! drawn in its own style and compared in the right panel's "Expected vs ours" block, which
//! names the deciding step; the exact-value toggle (X) shows numbers in full f32 precision.

use glam::Vec2;
use narrowphase_lab::app::App;
use narrowphase_lab::app::command::{Command, key_command};
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::geom::{ManifoldOptions, ManifoldStep, NoTrace, Shape, Transform, collide};
use narrowphase_lab::scene::{PairTraces, parse};
use serde_json::Value;

/// Two equal 2 × 1 boxes, B sunk 0.02 into A's top and turned by `turn_deg` (as the library's
/// test of `expected_diff` builds its near tie).
fn near_tie(turn_deg: f32, expected: &str) -> String {
    format!(
        "Scene(\n    title: \"near tie\",\n    mode: Manifold,\n    \
         a: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.0)),\n    \
         b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.5, 0.98), angle_deg: {turn_deg}),\n    \
         {expected}\n)\n"
    )
}

/// `Expected(…)` in RON from a normal, a separation, points and ids.
fn expected_ron(n: Vec2, sep: f32, points: &[(Vec2, f32)], ids: &[u64]) -> String {
    let pts: Vec<String> = points
        .iter()
        .map(|(p, s)| format!("({:?}, {:?}, {s:?})", p.x, p.y))
        .collect();
    let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    format!(
        "expected: Expected(normal: ({:?}, {:?}), separation: {sep:?}, points: [{}], ids: [{}]),",
        n.x,
        n.y,
        pts.join(", "),
        ids.join(", ")
    )
}

/// The app on the built-in lecture with `text` pasted and opened.
fn open(text: String) -> App {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    assert!(app.files(0.0, |f| f.open_text("pasted.ron".into(), text, 0.0, true)));
    app
}

/// Every text the app draws.
fn texts(app: &mut App) -> Vec<String> {
    crate::common::app_texts(app)
}

/// The edge of a 2 × 1 box whose outward normal (local) is `n`.
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

/// The near tie with the other engine's answer on B's bottom face: its normal and the points
/// of the boxes collided with B first.
fn other_reference_face(turn: f32) -> String {
    let theirs_n = -(Transform::new(Vec2::ZERO, turn.to_radians()).q).apply(Vec2::new(0.0, -1.0));
    let loaded = parse(&near_tie(turn, ""), "t.ron").unwrap();
    let boxed = Shape::make_box(2.0, 1.0, 0.0).unwrap();
    let (xf_a, xf_b) = (loaded.pair.xf_a, loaded.pair.xf_b);
    let opts = ManifoldOptions::default();
    let swapped = collide(&boxed, xf_b, &boxed, xf_a, &opts, &mut NoTrace);
    assert_eq!(swapped.len(), 2, "B's face clips two points");
    let points: Vec<(Vec2, f32)> = swapped
        .points()
        .map(|p| (p.position, p.separation))
        .collect();
    let sep = points.iter().map(|p| p.1).fold(f32::INFINITY, f32::min);
    near_tie(turn, &expected_ron(theirs_n, sep, &points, &[]))
}

#[test]
fn the_other_reference_face_is_named_as_the_deciding_step_and_the_expected_normal_is_drawn() {
    let turn = 0.3_f32;
    let mut app = open(other_reference_face(turn));
    assert_eq!(app.session.mode, ModeKind::Manifold);
    let shown = texts(&mut app);
    let (a_top, b_bottom) = (
        box_edge_with_normal(Vec2::Y),
        box_edge_with_normal(Vec2::NEG_Y),
    );
    let want = format!(
        "Deciding step: the reference face: expected B's edge {b_bottom}, ours A's edge {a_top}"
    );
    assert!(
        shown.iter().any(|t| t.starts_with(&want)),
        "{want}\n{shown:?}"
    );
    assert!(!shown.iter().any(|t| t == "ours matches expected"));
    // The button goes to that step of the manifold: the step it names is the reference face's.
    let d = app.session.expected.as_ref().expect("the diff");
    let k = narrowphase_lab::app::panels::expected::deciding_manifold_step(d, &app.session.pair)
        .expect("a manifold step");
    assert!(
        matches!(
            app.session.pair.manifold_shown_steps()[k],
            ManifoldStep::ReferenceFace { .. }
        ),
        "step {k}"
    );
    assert!(
        shown.iter().any(|t| *t == format!("Go to step {}", k + 1)),
        "{shown:?}"
    );
    // The canvas: the expected normal labelled, the expected points marked as such.
    assert!(shown.iter().any(|t| t == "expected"), "{shown:?}");
    let state: Value = serde_json::from_str(&app.state_json()).unwrap();
    let labels: Vec<&str> = state["labels"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["text"].as_str())
        .collect();
    assert!(labels.contains(&"expected"), "{labels:?}");
    assert!(labels.contains(&"expected e0") && labels.contains(&"expected e1"));
    let marks = state["marks"].as_array().unwrap();
    let expected_marks = marks.iter().filter(|m| m["kind"] == "expected").count();
    assert_eq!(expected_marks, 2, "{marks:?}");
    // SAT and GJK draw it too.
    for mode in [ModeKind::Sat, ModeKind::Gjk] {
        app.apply(Command::SetMode(mode), 0.0);
        let shown = texts(&mut app);
        assert!(shown.iter().any(|t| t == "expected"), "{mode:?}: {shown:?}");
        assert!(shown.iter().any(|t| t.starts_with(&want)), "{mode:?}");
    }
}

#[test]
fn an_expected_answer_equal_to_ours_is_said_to_match() {
    let plain = open(near_tie(10.0, ""));
    let pair = &plain.session.pair;
    let points: Vec<(Vec2, f32)> = pair
        .whole
        .points()
        .map(|(_, p)| (p.position, p.separation))
        .collect();
    let ids: Vec<u64> = pair.whole.points().map(|(id, _)| id).collect();
    let text = near_tie(
        10.0,
        &expected_ron(pair.manifold.normal, pair.whole.separation, &points, &ids),
    );
    let mut app = open(text);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "ours matches expected"),
        "{shown:?}"
    );
    assert!(
        shown
            .iter()
            .any(|t| t.starts_with("Deciding step: no step differs")),
        "{shown:?}"
    );
    // A scene without `expected` has no block.
    let mut plain = plain;
    assert!(!texts(&mut plain).iter().any(|t| t.contains("ours matches")));
}

#[test]
fn the_exact_toggle_shows_the_full_f32() {
    assert_eq!(
        key_command(egui::Key::X, egui::Modifiers::NONE),
        Some(Command::ToggleExactNumbers)
    );
    let text = other_reference_face(0.3);
    // The pair's separation, as the library's report prints it (its shortest exact form).
    let loaded = parse(&text, "t.ron").unwrap();
    let report = narrowphase_lab::report::report(&loaded.scene, &PairTraces::compute(&loaded.pair));
    let ours = report["separation"].as_f64().unwrap() as f32;
    let (four, full) = (format!("{ours:.4}"), format!("{ours}"));
    assert_ne!(four, full, "a value four decimals do not show exactly");
    let line = |t: &str, v: &str| {
        t.starts_with("separation: expected") && t.contains(&format!("ours {v}:"))
    };

    let mut app = open(text);
    let state: Value = serde_json::from_str(&app.state_json()).unwrap();
    assert_eq!(state["exact_numbers"], false);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| line(t, &four)), "{four}: {shown:?}");
    assert!(!shown.iter().any(|t| line(t, &full)));

    app.apply(Command::ToggleExactNumbers, 0.0);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| line(t, &full)), "{full}: {shown:?}");
    assert!(!shown.iter().any(|t| line(t, &four)));
    // The status bar's separation too.
    assert!(
        shown
            .iter()
            .any(|t| t.contains(&full) && !t.starts_with("separation:")),
        "{shown:?}"
    );
    let state: Value = serde_json::from_str(&app.state_json()).unwrap();
    assert_eq!(state["exact_numbers"], true);

    // As hex floats: the same f32 bit for bit, read back by the engine form's own reader (an
    // independent parser of `0x1.8p-1`).
    app.apply(Command::ToggleHexNumbers, 0.0);
    let shown = texts(&mut app);
    let state: Value = serde_json::from_str(&app.state_json()).unwrap();
    assert_eq!(state["hex_numbers"], true);
    let hexed = shown
        .iter()
        .find_map(|t| {
            let rest = t.strip_prefix("separation: expected")?;
            let ours = rest.split("ours ").nth(1)?.split(':').next()?;
            Some(ours.trim_start_matches('+').to_string())
        })
        .unwrap_or_else(|| panic!("no separation line: {shown:?}"));
    assert!(hexed.contains("0x") && hexed.contains('p'), "{hexed}");
    let read = narrowphase_lab::scene::engine::parse_f32(&hexed).expect("a hex float");
    assert_eq!(read.to_bits(), ours.to_bits(), "{hexed}");
    app.apply(Command::ToggleHexNumbers, 0.0);

    app.apply(Command::ToggleExactNumbers, 0.0);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| line(t, &four)));
}

/// The hex form of every kind of f32 reads back bit for bit (normal, subnormal, powers of two,
/// negative, the largest), by the engine form's reader.
#[test]
fn hex_numbers_read_back_bit_for_bit() {
    use narrowphase_lab::app::words::hex;
    use narrowphase_lab::scene::engine::parse_f32;
    assert_eq!(hex(0.75), "0x1.8p-1");
    assert_eq!(hex(-8.0), "-0x1p+3");
    assert_eq!(hex(-0.0), "0x0p+0");
    let mut v = [
        1.0f32,
        0.1,
        -0.3,
        1e-6,
        1e6,
        f32::MAX,
        f32::MIN_POSITIVE,
        f32::MIN_POSITIVE / 3.0,
        f32::from_bits(1),
        12345.678,
    ]
    .to_vec();
    let mut x = 0x2545_f491_u32;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let f = f32::from_bits(x);
        if f.is_finite() {
            v.push(f);
        }
    }
    for f in v {
        let h = hex(f);
        let back = parse_f32(&h).unwrap_or_else(|e| panic!("{f:e} → {h}: {e}"));
        assert_eq!(back.to_bits(), (f + 0.0).to_bits(), "{f:e} → {h}");
    }
}
