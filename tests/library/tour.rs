//! A scene's `tour` and `presenter` notes (DESIGN.md, "Scene file"): every form `wait` may be
//! written in, errors that name the file, line and field, and saves that keep the tour and the
//! file's comments.

use narrowphase_lab::scene::preserve::merge_into;
use narrowphase_lab::scene::questions::Which;
use narrowphase_lab::scene::{AskKind, Mode, Pose, Stop, Wait, parse, to_ron};

const BODIES: &str = "a: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 0.5), position: (2.0, 0.2)),";

fn scene_with(tour: &str) -> String {
    format!(
        "Scene(\n    title: \"Tour\",\n    {BODIES}\n    presenter: \"Ask who has seen SAT.\",\n    tour: [\n{tour}\n    ],\n)\n"
    )
}

#[test]
fn every_stop_field_and_every_wait_form_reads() {
    let text = scene_with(
        "        Stop(caption: \"Apart.\", mode: Sat, step: 2),
        Stop(caption: \"Drag B.\", wait: Drag(B), pose_b: Pose(position: (3.0, -1.0), angle_deg: 30.0)),
        // a comment between stops
        Stop(caption: \"Click.\", wait: Click, view: View(center: (1.0, 0.0), zoom: 80.0)),
        Stop(caption: \"Click the first point.\", mode: Manifold, wait: Click(Point(0))),
        Stop(caption: \"Press a key.\", wait: Key, pose_a: Pose(position: (0.5, 0.0))),
        Stop(caption: \"Predict.\", ask: Ask(kind: ContactCount)),
        Stop(caption: \"Play.\", mode: Simulate, play: 1.5),",
    );
    let loaded = parse(&text, "tour.ron").expect("the tour reads");
    let tour = &loaded.scene.tour;
    assert_eq!(tour.len(), 7);
    assert_eq!(loaded.scene.presenter, "Ask who has seen SAT.");
    assert_eq!((tour[0].mode, tour[0].step), (Some(Mode::Sat), Some(2)));
    assert_eq!(tour[1].wait, Some(Wait::Drag(Which::B)));
    assert_eq!(
        tour[1].pose_b,
        Some(Pose {
            position: glam::Vec2::new(3.0, -1.0),
            angle_deg: 30.0
        })
    );
    assert_eq!(tour[2].wait, Some(Wait::Click(None)));
    assert_eq!(tour[2].view.map(|v| v.zoom), Some(80.0));
    assert_eq!(tour[3].wait, Some(Wait::Click(Some(0))));
    assert_eq!(tour[4].wait, Some(Wait::Key));
    assert_eq!(tour[4].pose_a.map(|p| p.angle_deg), Some(0.0));
    assert_eq!(
        tour[5].ask.as_ref().map(|a| a.kind),
        Some(AskKind::ContactCount)
    );
    assert_eq!(
        (tour[6].mode, tour[6].play),
        (Some(Mode::Simulate), Some(1.5))
    );
    // Written back, the tour reads as the same tour (every wait form survives the writer).
    let written = to_ron(&loaded.scene).expect("written");
    let again = parse(&written, "again.ron").expect("what we write reads");
    assert_eq!(again.scene, loaded.scene, "{written}");
}

#[test]
fn a_scene_without_a_tour_has_none() {
    let text = format!("Scene(title: \"Plain\", {BODIES})");
    let loaded = parse(&text, "plain.ron").expect("reads");
    assert!(loaded.scene.tour.is_empty() && loaded.scene.presenter.is_empty());
    let written = to_ron(&loaded.scene).expect("written");
    assert!(
        !written.contains("tour") && !written.contains("presenter"),
        "{written}"
    );
}

/// The error's text for a tour whose stops are `tour`.
fn error_of(tour: &str) -> String {
    parse(&scene_with(tour), "lecture/tour.ron")
        .expect_err("refused")
        .to_string()
}

#[test]
fn bad_stops_are_refused_by_file_line_and_field() {
    // Line 7 is the first stop's line, 8 the second's (the scene's own lines come first).
    let cases = [
        (
            "        Stop(caption: \"ok\"),\n        Stop(caption: \"far\", pose_b: Pose(position: (1e9, 0.0))),",
            "lecture/tour.ron:8:",
            "tour[1].pose_b.position.x: must be between",
        ),
        (
            "        Stop(caption: \"\"),",
            "lecture/tour.ron:7:",
            "tour[0].caption: a caption is one or two lines",
        ),
        (
            "        Stop(caption: \"x\", play: -1.0),",
            "lecture/tour.ron:7:",
            "tour[0].play: must be more than 0",
        ),
        (
            "        Stop(caption: \"x\", view: View(center: (0.0, 0.0), zoom: 0.0)),",
            "lecture/tour.ron:7:",
            "tour[0].view.zoom: must be between",
        ),
        (
            "        Stop(caption: \"x\", pose_a: Pose(position: (0.0, 0.0), angle_deg: NaN)),",
            "lecture/tour.ron:7:",
            "tour[0].pose_a.angle_deg: must be a finite number",
        ),
        (
            "        Stop(caption: \"x\", wait: Drag(C)),",
            "lecture/tour.ron:7:",
            "expected Drag(A), Drag(B), Click, Click(Point(n)) or Key",
        ),
        (
            "        Stop(caption: \"x\", mood: Sat),",
            "lecture/tour.ron:7:",
            "mood",
        ),
        ("        Stop(mode: Sat),", "lecture/tour.ron:7:", "caption"),
    ];
    for (tour, at, says) in cases {
        let e = error_of(tour);
        assert!(
            e.starts_with(at) && e.contains(says),
            "{tour}\n  gave {e}\n  want {at} … {says}"
        );
    }
}

#[test]
fn a_save_that_adds_stops_keeps_the_files_comments() {
    let original = format!(
        "// Lecture 3: the box and the ball.\nScene(\n    title: \"Tour\", // shown big\n    {BODIES}\n)\n"
    );
    let mut scene = parse(&original, "t.ron").expect("reads").scene;
    scene.tour.push(Stop {
        mode: Some(Mode::Gjk),
        step: Some(3),
        ..Stop::caption("GJK's third step.")
    });
    scene.tour.push(Stop {
        wait: Some(Wait::Click(Some(1))),
        ..Stop::caption("Click the second point.")
    });
    scene.presenter = "Pause here.".into();
    let saved = merge_into(&original, &scene).expect("merged");
    assert!(
        saved.contains("// Lecture 3: the box and the ball.") && saved.contains("// shown big"),
        "{saved}"
    );
    let again = parse(&saved, "t.ron").expect("the save reads");
    assert_eq!(again.scene, scene, "{saved}");
    // And a second save that deletes one stop keeps them too.
    scene.tour.remove(0);
    let saved2 = merge_into(&saved, &scene).expect("merged again");
    assert!(saved2.contains("// shown big"), "{saved2}");
    assert_eq!(
        parse(&saved2, "t.ron").expect("reads").scene,
        scene,
        "{saved2}"
    );
}
