//! The lesson page (`web/lesson.html`) never contradicts its figures: each figure's "Try:" is
//! done here, on the figure's own link, as a student would do it (steps, a drag, a turn, in
//! small moves), and what the sentence promises is read from the pair's `report` (the same
//! JSON `narrowphase-lab report` prints). Each test first finds its sentence on the page, so
//! rewording a promise without redoing its check fails here.

use glam::Vec2;
use narrowphase_lab::app::App;
use narrowphase_lab::app::command::{Command, Pose};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::questions::Which;
use serde_json::Value;

/// The page's figures: each iframe's link (its query) and its caption's text, in order.
fn figures() -> Vec<(String, String)> {
    let page = include_str!("../../web/lesson.html");
    page.split("<figure>")
        .skip(1)
        .map(|f| {
            let src = f.split("src=\"").nth(1).and_then(|s| s.split('"').next());
            let src = src.expect("a figure's iframe").replace("&amp;", "&");
            let query = src.trim_start_matches("index.html").to_string();
            let caption = f.split("<figcaption>").nth(1).expect("a caption");
            let caption = caption.split("</figcaption>").next().unwrap_or("");
            // The words as read: tags dropped, white space folded.
            let mut text = String::new();
            let mut in_tag = false;
            for c in caption.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            (query, text.split_whitespace().collect::<Vec<_>>().join(" "))
        })
        .collect()
}

/// The figure whose link names `scene` and `mode`, opened as its iframe opens it; its caption.
fn figure(scene: &str, mode: &str, promise: &[&str]) -> (App, String) {
    let (query, caption) = figures()
        .into_iter()
        .find(|(q, _)| {
            q.contains(&format!("scene={scene}&")) && q.contains(&format!("mode={mode}"))
        })
        .unwrap_or_else(|| panic!("the lesson has no {scene} figure in {mode}"));
    for words in promise {
        assert!(
            caption.contains(words),
            "the {scene} figure no longer says {words:?} (redo its check): {caption}"
        );
    }
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    app.files(0.0, |f| f.open_link(&query, "", 0.0));
    assert!(
        app.session.scene_name().starts_with(scene),
        "{query} opened {}",
        app.session.scene_name()
    );
    (app, caption)
}

/// The pair as `report` prints it.
fn report(app: &App) -> Value {
    narrowphase_lab::report::report(app.doc.scene(), &app.session.pair.traces)
}

fn pose(app: &App, which: Which) -> Pose {
    let s = app.doc.scene();
    let b = if which == Which::A { &s.a } else { &s.b };
    Pose {
        position: b.position,
        angle_deg: b.angle_deg,
    }
}

/// B moved (a drag) or turned (its ring) to `to`, as one gesture.
fn set_b(app: &mut App, to: Pose) {
    app.apply(Command::BeginGesture, 0.0);
    app.apply(Command::SetPose(Which::B, to), 0.0);
    app.apply(Command::EndGesture, 0.0);
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn figure_1_the_first_gap_separates_the_pair() {
    let (mut app, _) = figure(
        "02_tilted_box",
        "sat",
        &["drag the tilted box up", "green gap", "separated"],
    );
    // "step with ▶ through the axes": every axis is a step.
    let axes = report(&app)["sat"]["axes"].as_array().map_or(0, Vec::len);
    assert!(axes >= 4, "two boxes have at least four axes: {axes}");
    let start = pose(&app, Which::B);
    let mut separated_at = None;
    for k in 1..=200 {
        let up = start.position + Vec2::new(0.0, 0.002 * k as f32);
        set_b(
            &mut app,
            Pose {
                position: up,
                ..start
            },
        );
        let r = report(&app);
        let gaps: Vec<f64> = r["sat"]["axes"]
            .as_array()
            .expect("axes")
            .iter()
            .map(|a| f(&a["gap"]))
            .collect();
        let any_gap = gaps.iter().any(|&g| g > 0.0);
        // A gap on one axis and a separated pair are one and the same moment.
        assert_eq!(
            any_gap,
            r["overlap"] == false,
            "at +{:.3}: gaps {gaps:?}, {}",
            0.002 * k as f32,
            r["overlap"]
        );
        if any_gap {
            assert!(f(&r["separation"]) > 0.0);
            separated_at = Some(k);
            break;
        }
    }
    let k = separated_at.expect("dragging the box up separates it within 0.4");
    assert!(k > 1, "the figure starts overlapping");
}

#[test]
fn figure_2_the_closest_point_slides_towards_the_origin() {
    let (mut app, _) = figure(
        "13_gjk_distance",
        "gjk",
        &["Move a shape closer", "towards the origin"],
    );
    let a = pose(&app, Which::A).position;
    let start = pose(&app, Which::B);
    let mut last = f(&report(&app)["gjk"]["distance"]);
    assert!(last > 0.0, "the shapes start apart");
    for k in 1..=10 {
        // A tenth of the way to A each time, while they are still apart.
        let p = start.position + (a - start.position) * (0.02 * k as f32);
        set_b(
            &mut app,
            Pose {
                position: p,
                ..start
            },
        );
        let r = report(&app);
        if r["overlap"] == true {
            break;
        }
        let d = f(&r["gjk"]["distance"]);
        assert!(
            d < last,
            "closer by {k}: the distance {d} did not shrink from {last}"
        );
        last = d;
    }
}

#[test]
fn figure_3_pushed_deeper_the_nearest_edge_moves_away_by_the_push() {
    let (mut app, _) = figure(
        "14_epa_deep",
        "gjk",
        &["push the diamond straight down", "by as much as you pushed"],
    );
    let start = pose(&app, Which::B);
    let depth = |app: &App| f(&report(app)["epa"]["depth"]);
    let d0 = depth(&app);
    assert!(d0 > 0.0, "the figure overlaps");
    for push in [0.05f32, 0.1, 0.2] {
        set_b(
            &mut app,
            Pose {
                position: start.position - Vec2::new(0.0, push),
                ..start
            },
        );
        let d = depth(&app);
        assert!(
            ((d - d0) - push as f64).abs() < 1e-4,
            "pushed {push}: the depth went {d0} → {d}"
        );
    }
}

#[test]
fn figure_4_turned_back_the_box_leaves_the_ground_then_lands_on_two_points() {
    let (mut app, _) = figure(
        "02_tilted_box",
        "manifold",
        &[
            "below about 9°",
            "no point at all",
            "drag it down onto the ground",
            "both points",
        ],
    );
    let start = pose(&app, Which::B);
    let points = |app: &App| report(app)["points"].as_array().map_or(0, Vec::len);
    assert_eq!(points(&app), 1, "at 10° one point");
    // Back towards flat by a tenth of a degree at a time.
    let mut left_at = None;
    for k in 1..=100 {
        let angle = start.angle_deg - 0.1 * k as f32;
        set_b(
            &mut app,
            Pose {
                angle_deg: angle,
                ..start
            },
        );
        if points(&app) == 0 && left_at.is_none() {
            left_at = Some(angle);
        }
        if left_at.is_some() {
            assert_eq!(points(&app), 0, "at {angle}° it stays off the ground");
        }
    }
    let left = left_at.expect("the box leaves the ground on the way to flat");
    assert!(
        (8.5..9.5).contains(&left),
        "it leaves the ground at {left}°, not 'about 9°'"
    );
    // Flat, dragged down onto the ground: two points.
    let flat = pose(&app, Which::B);
    assert!(flat.angle_deg.abs() < 1e-3);
    let gap = f(&report(&app)["separation"]);
    set_b(
        &mut app,
        Pose {
            position: flat.position - Vec2::new(0.0, gap as f32 + 0.01),
            ..flat
        },
    );
    assert_eq!(points(&app), 2, "flat on the ground");
}

#[test]
fn figure_5_clockwise_the_reference_face_jumps_to_the_upper_box() {
    let (mut app, _) = figure(
        "03_near_parallel",
        "manifold",
        &[
            "anticlockwise",
            "stays on the lower box",
            "clockwise",
            "a tenth of a degree",
            "jumps to it",
            "renamed",
        ],
    );
    let start = pose(&app, Which::B);
    let reference = |app: &App| {
        report(app)["clip"]["reference"]["body"]
            .as_str()
            .map(str::to_string)
    };
    let ids = |app: &App| -> Vec<u64> {
        report(app)["points"]
            .as_array()
            .expect("points")
            .iter()
            .map(|p| p["id"].as_u64().expect("id"))
            .collect()
    };
    assert_eq!(reference(&app).as_deref(), Some("a"));
    let ids0 = ids(&app);
    // Anticlockwise, up to half a degree: A keeps the reference face.
    for k in 1..=50 {
        set_b(
            &mut app,
            Pose {
                angle_deg: start.angle_deg + 0.01 * k as f32,
                ..start
            },
        );
        assert_eq!(
            reference(&app).as_deref(),
            Some("a"),
            "at +{:.2}°",
            0.01 * k as f32
        );
    }
    // Clockwise: the face jumps to B at about a tenth of a degree, and the ids change.
    let mut jumped = None;
    for k in 1..=50 {
        let turn = 0.01 * k as f32;
        set_b(
            &mut app,
            Pose {
                angle_deg: start.angle_deg - turn,
                ..start
            },
        );
        if reference(&app).as_deref() == Some("b") {
            jumped = Some(turn);
            break;
        }
    }
    let turn = jumped.expect("clockwise, B's face becomes the reference within half a degree");
    assert!(
        (0.05..0.2).contains(&turn),
        "it jumps at {turn}°, not 'about a tenth of a degree'"
    );
    let renamed = ids(&app);
    assert_eq!(renamed.len(), 2);
    assert!(
        renamed.iter().all(|id| !ids0.contains(id)),
        "{ids0:?} → {renamed:?}"
    );
}

#[test]
fn every_figure_of_the_lesson_has_its_check() {
    // The figures the tests above do: a new figure needs a test here.
    let links: Vec<String> = figures().into_iter().map(|(q, _)| q).collect();
    let checked = [
        ("02_tilted_box", "sat"),
        ("13_gjk_distance", "gjk"),
        ("14_epa_deep", "gjk"),
        ("02_tilted_box", "manifold"),
        ("03_near_parallel", "manifold"),
        ("20_box_rocks", "simulate"),
    ];
    assert_eq!(links.len(), checked.len(), "{links:?}");
    for (q, (scene, mode)) in links.iter().zip(checked) {
        assert!(
            q.contains(scene) && q.contains(&format!("mode={mode}")),
            "{q}"
        );
    }
}

#[test]
fn figure_6_the_one_point_ghosts_keep_rocking_drawn_magnified() {
    use narrowphase_lab::app::command::StepTo;
    use narrowphase_lab::app::input::Input;
    use narrowphase_lab::app::modes::simulate::SimulateMode;
    use narrowphase_lab::app::{new_context, screen_input};
    let (mut app, _) = figure(
        "20_box_rocks",
        "simulate",
        &[
            "solid box (two points) settles",
            "keep rocking",
            "magnified",
            "the factor",
        ],
    );
    let ctx = new_context();
    let draw = |app: &mut App| {
        let _ = ctx.run(screen_input(640.0, 400.0), |ctx| {
            app.frame(ctx, 0.0, Input::default(), &[]);
        });
    };
    draw(&mut app);
    fn sim(app: &App) -> &SimulateMode {
        app.modes.find::<SimulateMode>().expect("the Simulate mode")
    }
    // Every step from 4 s to 5 s: the words say the ghosts rock, and each ghost is drawn
    // magnified with its factor written beside it.
    for step in (240..=300).step_by(15) {
        app.apply(Command::Step(StepTo::At(step)), 0.0);
        while sim(&app).progress().is_some() || sim(&app).lab().is_none_or(|l| l.steps() != step) {
            app.advance_mode(0.0);
        }
        draw(&mut app);
        let words = sim(&app).words();
        assert!(words.contains("rocks"), "step {step}: {words}");
        let s: Value = serde_json::from_str(&app.state_json()).expect("state");
        let labels: Vec<&str> = s["labels"]
            .as_array()
            .expect("labels")
            .iter()
            .filter_map(|l| l["text"].as_str())
            .collect();
        for k in 1..=2 {
            let f = s["sim"]["runs"][k]["exaggerate"]
                .as_f64()
                .expect("a factor");
            assert!(f > 1.0, "step {step}: ghost {k} drawn as it is");
            let said = format!("ghost {k}: its tilt and shift ×{f}");
            assert!(
                labels.contains(&said.as_str()),
                "step {step}: {said} in {labels:?}"
            );
        }
    }
    // That the full run settles and the ghosts keep rocking over nudged runs is the lab's
    // claim for this scene, held by `tests/library/claims.rs`.
}
