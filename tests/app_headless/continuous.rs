//! The Continuous mode (5) as a student uses it, headless: a built-in scene opens in it, the
//! steps walk the library's time of impact to its answer (checked against the first touch worked
//! out by hand), the method switches to the shape cast, the end pose's ghost is dragged and
//! turned by the pointer (one undo step each) and the answer follows it, and every built-in
//! continuous scene's answer in words names what the library found.

use crate::kit::state;
use glam::Vec2;
use narrowphase_lab::app::command::{Command, StepTo};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::modes::continuous::ContinuousMode;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::geom::SweepState;
use narrowphase_lab::scene::continuous::{Method, continuous, engine_slop};

fn frame(app: &mut App, ctx: &egui::Context, input: Input) {
    let _ = ctx.run(screen_input(1280.0, 800.0), |ctx| {
        app.frame(ctx, 0.0, input, &[])
    });
}

/// The built-in lecture open at the scene `name`, after a few frames (laid out and framed).
fn open(name: &str) -> (App, egui::Context) {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let index = app
        .session
        .lecture
        .scenes
        .iter()
        .position(|s| s.name.starts_with(name))
        .unwrap_or_else(|| panic!("{name} is built in"));
    app.files(0.0, |f| f.go_to(index, 0.0, true));
    let ctx = new_context();
    for _ in 0..3 {
        frame(&mut app, &ctx, Input::default());
    }
    (app, ctx)
}

fn mode(app: &App) -> &ContinuousMode {
    app.modes
        .find::<ContinuousMode>()
        .expect("the Continuous mode")
}

/// Presses the left button at window pixel `a`, moves to `b` in a few frames, releases.
fn drag(app: &mut App, ctx: &egui::Context, a: Vec2, b: Vec2) {
    let left = |p: Vec2, [pressed, down, released]: [bool; 3]| Input {
        pointer: Some(p),
        pressed: [pressed, false, false],
        down: [down, false, false],
        released: [released, false, false],
        ..Input::default()
    };
    frame(app, ctx, left(a, [true, true, false]));
    for k in 1..=6 {
        frame(
            app,
            ctx,
            left(a + (b - a) * (k as f32 / 6.0), [false, true, false]),
        );
    }
    frame(app, ctx, left(b, [false, false, true]));
    frame(app, ctx, Input::default());
}

#[test]
fn the_bullet_scene_steps_the_time_of_impact_to_the_first_touch() {
    let (mut app, ctx) = open("31_");
    assert_eq!(
        app.session.mode,
        ModeKind::Continuous,
        "the scene opens in mode 5"
    );
    let c = mode(&app).query().expect("asked").clone().expect("a query");
    // By hand: the box's front (x = −3 + 0.15) reaches the wall's face (x = −0.05) after 2.8 of
    // the 6 the motion covers; an engine stops a slop (0.005) short: t = 2.795 / 6.
    assert_eq!(c.method, Method::Toi);
    assert_eq!(c.state, SweepState::Hit);
    let want = 2.795 / 6.0;
    assert!(
        (c.t - want).abs() <= c.tolerance / 6.0 + 1e-6,
        "t {} want {want}",
        c.t
    );
    assert_eq!(
        app.step_count(),
        c.step_count() + 1,
        "the trace's steps, then the answer"
    );
    // Every step says something of its own, and the canvas labels its iterate.
    let mut texts = Vec::new();
    for step in 0..app.step_count() {
        app.apply(Command::Step(StepTo::At(step)), 0.0);
        frame(&mut app, &ctx, Input::default());
        let s = state(&app);
        let text = s["step_text"].as_str().expect("step text").to_string();
        assert!(!texts.contains(&text), "step {step} repeats: {text}");
        texts.push(text);
        let labels: Vec<String> = s["labels"]
            .as_array()
            .expect("labels")
            .iter()
            .filter_map(|l| l["text"].as_str().map(String::from))
            .collect();
        assert!(
            labels.iter().any(|l| l == "B's end pose"),
            "step {step}: {labels:?}"
        );
        if step + 1 == app.step_count() {
            assert!(
                labels.iter().any(|l| l.starts_with("hit at t = 0.4658")),
                "{labels:?}"
            );
        }
    }
    let answer = texts.last().expect("the answer");
    assert!(
        answer.starts_with("Hit at t = 0.4658: B's edge 1 reaches A's edge 3."),
        "{answer}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("Bisection")),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("False position")),
        "{texts:?}"
    );
    // The shape cast: the same touch, in two iterations (the distance falls on a line).
    let mut cast = app.doc.scene().clone();
    cast.mode = narrowphase_lab::scene::Mode::Continuous;
    let pair = cast.validate().expect("valid").pair;
    let by_cast = continuous(&cast, &pair, Method::Cast, engine_slop(&pair)).expect("cast");
    assert_eq!(by_cast.step_count(), 2);
    assert!((by_cast.t - c.t).abs() < 1e-4);
}

#[test]
fn dragging_and_turning_the_end_pose_moves_the_motion_and_the_answer() {
    let (mut app, ctx) = open("31_");
    let before = app.doc.scene().motion.expect("the scene's motion");
    let t_before = mode(&app).query().expect("asked").clone().expect("query").t;
    let s = state(&app);
    let end = &s["continuous"]["end_screen"];
    let at = Vec2::new(
        end[0].as_f64().expect("x") as f32,
        end[1].as_f64().expect("y") as f32,
    );
    // Down by 60 pixels, and the end pose goes down by 60 / zoom; the box then meets the wall
    // lower, still a hit, at the same t (the wall's face is vertical).
    let zoom = app.view.cam.zoom;
    drag(&mut app, &ctx, at, at + Vec2::new(0.0, 60.0));
    let after = app.doc.scene().motion.expect("motion");
    assert!(
        (after.to - (before.to - Vec2::new(0.0, 60.0 / zoom)))
            .abs()
            .max_element()
            < 2.0 / zoom,
        "{before:?} → {after:?}"
    );
    assert_eq!(after.angle_deg, before.angle_deg, "a move does not turn it");
    assert_eq!(app.doc.undo_len(), 1, "one drag, one undo step");
    assert_eq!(
        app.doc.scene().b.position,
        Vec2::new(-3.0, 0.3),
        "B itself stays"
    );
    let c = mode(&app).query().expect("asked").clone().expect("query");
    assert!((c.t - t_before).abs() < 1e-3, "{} vs {t_before}", c.t);
    // Far enough down that the path passes under the wall (it is 3 tall, centred at 0): a miss.
    let s = state(&app);
    let end = &s["continuous"]["end_screen"];
    let at = Vec2::new(
        end[0].as_f64().unwrap() as f32,
        end[1].as_f64().unwrap() as f32,
    );
    drag(&mut app, &ctx, at, at + Vec2::new(0.0, 4.5 * zoom));
    let c = mode(&app).query().expect("asked").clone().expect("query");
    let low = app.doc.scene().motion.expect("motion").to;
    assert!(low.y < -3.0, "{low:?}");
    // The path crosses x = 0 at y = (0.3 + low.y) / 2 < −1.35: under the wall's −1.5 bottom
    // only when low.y < −3.3 − 0.3 (with B's half size 0.15); check both ways by hand.
    let crosses_at = (0.3 + low.y) / 2.0;
    let clear = crosses_at + 0.15 < -1.5;
    assert_eq!(c.state == SweepState::Separated, clear, "{c:?}");
    // The ring turns it: a drag around the end pose from its right edge turns the end angle.
    app.apply(Command::Undo, 0.0);
    app.apply(Command::Undo, 0.0);
    frame(&mut app, &ctx, Input::default());
    assert_eq!(app.doc.scene().motion, Some(before), "undone");
    let centre = app.view.cam.to_screen(before.to);
    let ring = centre + Vec2::new(0.15 * zoom, 0.0);
    drag(&mut app, &ctx, ring, centre + Vec2::new(0.0, -0.15 * zoom));
    let turned = app.doc.scene().motion.expect("motion");
    let angle = turned.angle_deg.expect("the turn is written");
    assert!((angle - 90.0).abs() < 3.0, "a quarter turn: {angle}");
    assert!(
        (turned.to - before.to).abs().max_element() < 1e-4,
        "about its centre"
    );
}

#[test]
fn every_continuous_scene_answers_in_words_what_the_library_found() {
    let (mut app, ctx) = open("31_");
    let scenes = app.session.lecture.scenes.len();
    let mut seen = 0;
    for index in 0..scenes {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        if app.doc.scene().mode != narrowphase_lab::scene::Mode::Continuous {
            continue;
        }
        seen += 1;
        frame(&mut app, &ctx, Input::default());
        app.apply(Command::Step(StepTo::Last), 0.0);
        frame(&mut app, &ctx, Input::default());
        let scene = app.doc.scene().clone();
        let pair = scene.validate().expect("valid").pair;
        let c = continuous(&scene, &pair, Method::Toi, engine_slop(&pair)).expect("query");
        let text = state(&app)["step_text"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let name = &app.session.lecture.scenes[index].name;
        match c.state {
            SweepState::Hit => assert!(
                text.starts_with(&format!("Hit at t = {:.4}", c.t)),
                "{name}: {text}"
            ),
            SweepState::Separated => assert!(text.starts_with("Separated"), "{name}: {text}"),
            other => panic!("{name}: a built-in scene ends {other:?}"),
        }
        // The notes quote the answer an engine gives (to three decimals).
        if c.state == SweepState::Hit {
            let quoted = format!("{:.3}", c.t);
            assert!(
                scene.notes.contains(&quoted),
                "{name}: notes lack t = {quoted}"
            );
        }
    }
    assert_eq!(seen, 4, "the built-in continuous scenes");
}
