//! The step text's words agree with what is on screen (issue 43, item 5): the manifold's
//! sentences carry no outline numbers of their own beside the "Step k/n" counter, GJK names the
//! simplex's corners as the labels do (w0, w1, w2), a flat EPA start over one point does not
//! speak of an edge, and a dropped point is no contact point in the arithmetic. Checked over
//! every built-in scene and step, so a new scene cannot bring the old words back.

use narrowphase_lab::app::modes::{ModeKind, Modes};
use narrowphase_lab::app::pair::Traced;

/// Every built-in scene's step texts and arithmetic rows in `mode`, step by step:
/// (scene, step, sentence, rows). The pair is traced as the app traces it (hysteresis on).
fn every_step(mode: ModeKind) -> Vec<(String, usize, String, Vec<String>)> {
    let modes = Modes::default();
    let mut out = Vec::new();
    for (name, text) in narrowphase_lab::scene::BUILTIN {
        let scene = narrowphase_lab::scene::parse(text, name)
            .expect("built in")
            .scene;
        let pair = Traced::of_scene(&scene, true, false, None, None).expect("valid");
        let m = modes.get(mode);
        for step in 0..m.step_count(&pair) {
            let e = m.explain(&pair, step);
            let rows = e.rows.iter().map(|r| r.text.clone()).collect();
            out.push((name.to_string(), step, e.text, rows));
        }
    }
    out
}

#[test]
fn manifold_sentences_carry_no_outline_numbers_and_dropped_points_are_no_contacts() {
    let steps = every_step(ModeKind::Manifold);
    assert!(steps.len() > 60, "{} steps", steps.len());
    let mut dropped = 0;
    for (scene, step, text, rows) in &steps {
        let first = text.split_whitespace().next().unwrap_or("");
        assert!(
            !first.starts_with(|c: char| c.is_ascii_digit()),
            "{scene} step {step} starts with a number of its own: {text}"
        );
        // A point the keep step dropped has its incident row and no contact row.
        for row in rows.iter().filter(|r| r.contains("dropped: above")) {
            let k = row.split(':').next().unwrap_or("");
            dropped += 1;
            assert!(
                !rows
                    .iter()
                    .any(|r| r.starts_with(&format!("{k}: contact point"))),
                "{scene} step {step}: the dropped {k} is called a contact point: {rows:?}"
            );
        }
    }
    assert!(dropped > 0, "no scene drops a point (scene 02 does)");
}

#[test]
fn gjk_names_the_corners_as_the_labels_do_and_a_point_start_speaks_of_no_edge() {
    let steps = every_step(ModeKind::Gjk);
    let (mut edges, mut point_starts) = (0, 0);
    for (scene, step, text, _) in &steps {
        // "edge 0-1" against labels w0, w1: never; "edge w0–w1": the labels' names.
        let bare = text
            .split("edge ")
            .skip(1)
            .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()) && rest.contains('-'));
        assert!(!bare, "{scene} step {step}: {text}");
        edges += text.matches("edge w").count();
        if text.contains("meet at one point") {
            point_starts += 1;
            assert!(
                !text.contains("longest edge"),
                "{scene} step {step}: {text}"
            );
        }
        if text.contains("longest edge's normal") {
            assert!(text.contains("a segment through the origin"), "{text}");
        }
    }
    assert!(edges > 5, "only {edges} GJK edges named");
    assert!(
        point_starts >= 1,
        "scene 08 (coincident circles) starts EPA on one point"
    );
}
