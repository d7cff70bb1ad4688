//! Issue 44, item 3: authoring in the app. The Edit panel's commands change the title, notes,
//! presenter notes, questions and tour, each one undoable step checked as the loader checks a
//! file; *Add stop here* records what is shown; a save keeps the file's comments; typing in a
//! field is one step however many keys; an embed never shows the panel.

use crate::kit::state;
use glam::Vec2;
use narrowphase_lab::app::command::Authoring;
use narrowphase_lab::app::command::{Command, Pose as AppPose, StepTo};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::questions::Which;
use narrowphase_lab::scene::tour::MAX_CAPTION_CHARS;
use narrowphase_lab::scene::{AskKind, Pose, Scene, Stop, View};
use std::path::{Path, PathBuf};

/// A scene file as a lecturer writes one: comments above, beside and inside.
const LECTURE: &str = r#"// Lecture 3: a box resting on a floor.
Scene(
    title: "Resting box", // shown above the canvas
    notes: "The box sinks 0.02.",
    mode: Sat,
    // The floor.
    a: Body(shape: Box(width: 4.0, height: 1.0), position: (0.0, -0.5)),
    // The box, overlapping a little.
    b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.2, 0.48)),
)
"#;

fn fresh_file(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("authoring")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    let file = dir.join("resting.ron");
    std::fs::write(&file, LECTURE).expect("write");
    file
}

fn frame_with(app: &mut App, ctx: &egui::Context, events: Vec<egui::Event>) {
    let raw = egui::RawInput {
        events,
        ..screen_input(1280.0, 800.0)
    };
    let _ = ctx.run(raw, |ctx| app.frame(ctx, 0.0, Input::default(), &[]));
}

/// `file` open in the app, after a few frames (the canvas laid out, the view fitted).
fn open(file: &Path) -> (App, egui::Context) {
    let flags = AppFlags {
        path: Some(file.to_path_buf()),
        ..AppFlags::default()
    };
    let mut app = App::new(&flags).expect("the scene opens");
    let ctx = new_context();
    for _ in 0..3 {
        frame_with(&mut app, &ctx, Vec::new());
    }
    (app, ctx)
}

fn author(app: &mut App, op: Authoring) {
    app.apply(Command::Author(op), 0.0);
}

/// Moves body `b` to `pose` as a drag does (one undo step).
fn drag(app: &mut App, b: Which, position: Vec2, angle_deg: f32) {
    app.apply(Command::BeginGesture, 0.0);
    app.apply(
        Command::SetPose(
            b,
            AppPose {
                position,
                angle_deg,
            },
        ),
        0.0,
    );
    app.apply(Command::EndGesture, 0.0);
}

/// Shows `mode` at step `step`, moves the camera to `center` at `zoom`, and adds a stop there
/// with `caption`; returns the stop as it must be recorded: the mode and step the print-state
/// line says are shown, the camera set, and the poses the drags set.
fn stop_at(
    app: &mut App,
    ctx: &egui::Context,
    caption: &str,
    (mode, step): (ModeKind, usize),
    (center, zoom): (Vec2, f32),
    poses: [(Vec2, f32); 2],
) -> Stop {
    app.apply(Command::SetMode(mode), 0.0);
    app.apply(Command::Step(StepTo::At(step)), 0.0);
    drag(app, Which::A, poses[0].0, poses[0].1);
    drag(app, Which::B, poses[1].0, poses[1].1);
    frame_with(app, ctx, Vec::new());
    app.view.cam.center = center;
    app.view.cam.zoom = zoom;
    let s = state(app);
    assert_eq!(s["mode"], mode.name());
    let shown_step = s["step"].as_u64().expect("step") as usize;
    assert!(shown_step <= step, "the step is kept inside the trace");
    let undo = app.doc.undo_len();
    author(app, Authoring::AddStopHere(caption.into()));
    assert_eq!(app.doc.undo_len(), undo + 1, "{caption}: one undo step");
    let pose = |(position, angle_deg): (Vec2, f32)| Pose {
        position,
        angle_deg,
    };
    Stop {
        mode: Some(mode),
        step: Some(shown_step),
        view: Some(View { center, zoom }),
        pose_a: Some(pose(poses[0])),
        pose_b: Some(pose(poses[1])),
        ..Stop::caption(caption)
    }
}

/// Three stops in three modes, at three steps, cameras and poses.
fn three_stops(app: &mut App, ctx: &egui::Context) -> Vec<Stop> {
    vec![
        stop_at(
            app,
            ctx,
            "Two boxes, resting.",
            (ModeKind::Sat, 0),
            (Vec2::new(0.0, 0.0), 80.0),
            [(Vec2::new(0.0, -0.5), 0.0), (Vec2::new(0.2, 0.48), 0.0)],
        ),
        stop_at(
            app,
            ctx,
            "GJK walks the difference.",
            (ModeKind::Gjk, 2),
            (Vec2::new(-1.25, 0.75), 140.0),
            [(Vec2::new(0.0, -0.5), 0.0), (Vec2::new(0.5, 0.3), 30.0)],
        ),
        stop_at(
            app,
            ctx,
            "Tilted far from the origin.",
            (ModeKind::Manifold, 99),
            (Vec2::new(1.0e4, -2.0e4), 45.5),
            [
                (Vec2::new(1.0e4, -2.0e4), -10.0),
                (Vec2::new(1.0e4 + 0.3, -2.0e4 + 0.9), 12.5),
            ],
        ),
    ]
}

fn captions(app: &App) -> Vec<String> {
    app.doc
        .scene()
        .tour
        .iter()
        .map(|s| s.caption.clone())
        .collect()
}

/// Add stop here records the mode, step, camera and poses shown; stops move up and down and
/// are deleted; each change is one undo step, undone and redone in order.
#[test]
fn add_stop_here_records_what_is_shown_and_every_change_undoes() {
    let (mut app, ctx) = open(&fresh_file("record"));
    let want = three_stops(&mut app, &ctx);
    assert_eq!(app.doc.scene().tour, want);
    assert!(app.doc.modified());
    // The GJK stop's step is the one asked for when the trace is that long.
    assert!(want[1].step.is_some());
    // The panel's rows in --print-state, in the tour's order.
    let s = state(&app);
    let rows: Vec<&str> = s["edit"]["stops"]
        .as_array()
        .expect("stops")
        .iter()
        .map(|r| r["caption"].as_str().expect("caption"))
        .collect();
    assert_eq!(rows, captions(&app));
    assert!(
        s["edit"]["stops"][1]["sets"]
            .as_str()
            .expect("sets")
            .starts_with("gjk · step "),
        "{}",
        s["edit"]["stops"][1]
    );

    let (a, b, c) = (want[0].clone(), want[1].clone(), want[2].clone());
    let steps: Vec<(Authoring, Vec<Stop>)> = vec![
        (
            Authoring::StopDown(0),
            vec![b.clone(), a.clone(), c.clone()],
        ),
        (Authoring::StopUp(2), vec![b.clone(), c.clone(), a.clone()]),
        (Authoring::DeleteStop(1), vec![b.clone(), a.clone()]),
        (Authoring::Caption(1, "Resting again.".into()), {
            let mut a2 = a.clone();
            a2.caption = "Resting again.".into();
            vec![b.clone(), a2]
        }),
    ];
    let mut history = vec![want.clone()];
    for (op, tour) in &steps {
        let undo = app.doc.undo_len();
        author(&mut app, op.clone());
        assert_eq!(app.doc.scene().tour, *tour, "{op:?}");
        assert_eq!(app.doc.undo_len(), undo + 1, "{op:?}: one undo step");
        history.push(tour.clone());
    }
    // Undo each, in reverse order, then redo each.
    for tour in history.iter().rev().skip(1) {
        app.apply(Command::Undo, 0.0);
        assert_eq!(app.doc.scene().tour, *tour);
    }
    for tour in history.iter().skip(1) {
        app.apply(Command::Redo, 0.0);
        assert_eq!(app.doc.scene().tour, *tour);
    }
    // Undoing the three adds (and the drags between them) leaves no tour.
    while app.doc.undo_len() > 0 {
        app.apply(Command::Undo, 0.0);
    }
    assert!(app.doc.scene().tour.is_empty());
    assert!(!app.doc.modified());
}

/// The title, notes, presenter notes and questions: one undo step each, undone and redone.
#[test]
fn words_and_questions_are_one_undo_step_each() {
    let (mut app, ctx) = open(&fresh_file("words"));
    let start = app.doc.scene().clone();
    app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
    app.apply(Command::Step(StepTo::At(1)), 0.0);
    let gjk_step = app.session.step;
    let ops = [
        Authoring::Title("Resting box, 0.38 apart".into()),
        Authoring::Notes("The box sits 0.38 above.\n\nMeasured: 0.38.".into()),
        Authoring::Presenter("Drag B first; ask before you step.".into()),
        Authoring::AddQuestion(AskKind::ContactCount),
        Authoring::AddQuestion(AskKind::GjkClosestFeature),
        Authoring::Prompt(0, "How many points touch?".into()),
        Authoring::DeleteQuestion(0),
    ];
    let mut history = vec![start.clone()];
    for op in ops {
        let undo = app.doc.undo_len();
        author(&mut app, op.clone());
        assert_eq!(app.doc.undo_len(), undo + 1, "{op:?}: one undo step");
        history.push(app.doc.scene().clone());
    }
    let s = app.doc.scene();
    assert_eq!(s.title, "Resting box, 0.38 apart");
    assert_eq!(s.notes, "The box sits 0.38 above.\n\nMeasured: 0.38.");
    assert_eq!(s.presenter, "Drag B first; ask before you step.");
    assert_eq!(s.questions.len(), 1);
    assert_eq!(s.questions[0].kind, AskKind::GjkClosestFeature);
    // A GJK question asked in the GJK mode is about the step shown.
    assert_eq!(s.questions[0].step, Some(gjk_step));
    assert_eq!(
        history[6].questions[0].prompt.as_deref(),
        Some("How many points touch?")
    );
    // An empty prompt goes back to the kind's own words.
    author(&mut app, Authoring::Prompt(0, "Which feature?".into()));
    assert_eq!(
        app.doc.scene().questions[0].prompt.as_deref(),
        Some("Which feature?")
    );
    author(&mut app, Authoring::Prompt(0, "  ".into()));
    assert_eq!(app.doc.scene().questions[0].prompt, None);
    app.apply(Command::Undo, 0.0);
    app.apply(Command::Undo, 0.0);
    for scene in history.iter().rev().skip(1) {
        app.apply(Command::Undo, 0.0);
        assert_eq!(app.doc.scene(), scene);
    }
    assert!(!app.doc.modified());
    for scene in history.iter().skip(1) {
        app.apply(Command::Redo, 0.0);
        assert_eq!(app.doc.scene(), scene);
    }
    frame_with(&mut app, &ctx, Vec::new());
    let shown = state(&app);
    assert_eq!(shown["edit"]["questions"][0]["kind"], "GjkClosestFeature");
    assert_eq!(
        shown["scene"]["presenter"],
        "Drag B first; ask before you step."
    );
}

/// An edit the loader would refuse is refused: the scene and its history stay as they were,
/// and the error names the field and why, in the banner and in the panel.
#[test]
fn an_invalid_edit_is_refused_and_the_last_good_scene_kept() {
    let (mut app, ctx) = open(&fresh_file("refused"));
    author(&mut app, Authoring::AddStopHere("A good stop.".into()));
    let good: Scene = app.doc.scene().clone();
    let undo = app.doc.undo_len();
    let long = "x".repeat(MAX_CAPTION_CHARS + 1);
    let refused = [
        (Authoring::AddStopHere("   ".into()), "tour[1].caption"),
        (Authoring::Caption(0, String::new()), "tour[0].caption"),
        (Authoring::Caption(0, long), "tour[0].caption"),
        (Authoring::Caption(3, "no such stop".into()), "no stop 4"),
        (Authoring::StopUp(1), "no stop 2"),
        (Authoring::DeleteQuestion(0), "no question 1"),
    ];
    for (op, why) in refused {
        author(&mut app, op.clone());
        assert_eq!(*app.doc.scene(), good, "{op:?} changed the scene");
        assert_eq!(app.doc.undo_len(), undo, "{op:?} pushed an undo step");
        frame_with(&mut app, &ctx, Vec::new());
        let s = state(&app);
        assert_eq!(s["banner"]["error"], true, "{op:?}");
        let text = s["banner"]["text"].as_str().expect("banner");
        assert!(text.contains(why), "{op:?}: {text}");
        assert_eq!(s["edit"]["error"], text);
    }
    // The next good edit clears the panel's error.
    author(&mut app, Authoring::Caption(0, "Still good.".into()));
    assert_eq!(app.doc.scene().tour[0].caption, "Still good.");
    assert_eq!(state(&app)["edit"]["error"], serde_json::Value::Null);
}

/// Three stops added through the app, saved by the Ctrl+S path (the preserving save): the file
/// read back from disk has them, and every comment and untouched line of the file is kept.
#[test]
fn three_stops_saved_and_reopened_keep_the_files_comments() {
    let file = fresh_file("round-trip");
    let (mut app, ctx) = open(&file);
    let want = three_stops(&mut app, &ctx);
    author(&mut app, Authoring::Presenter("Ask first.".into()));
    let edited = app.doc.scene().clone();
    app.apply(
        narrowphase_lab::app::command::key_command(egui::Key::S, egui::Modifiers::COMMAND)
            .expect("Ctrl+S"),
        0.0,
    );
    assert!(!app.doc.modified(), "saved");
    let saved = std::fs::read_to_string(&file).expect("read");
    for line in LECTURE.lines().filter(|l| l.contains("//")) {
        assert!(saved.contains(line), "lost {line:?}:\n{saved}");
    }
    let on_disk = narrowphase_lab::scene::load(&file).expect("loads").scene;
    assert_eq!(on_disk.tour, want);
    assert_eq!(on_disk.presenter, "Ask first.");
    assert_eq!(on_disk.tour, edited.tour);
    // Reopened in a new app: the same three stops.
    let (again, _) = open(&file);
    assert_eq!(again.doc.scene().tour, want);
    assert!(!again.doc.modified());
}

/// Typing into a field of the panel (real egui events: a click, keys, a click elsewhere) is
/// one undo step however many keys; Enter in a caption commits it; E opens and closes the panel.
#[test]
fn typing_in_the_panel_is_one_undo_step() {
    let (mut app, ctx) = open(&fresh_file("typing"));
    // A key pressed and released (a key never released is a repeat the next time).
    let press = |key| {
        let event = |pressed| egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        vec![event(true), event(false)]
    };
    frame_with(&mut app, &ctx, press(egui::Key::E));
    frame_with(&mut app, &ctx, Vec::new());
    let s = state(&app);
    assert_eq!(s["edit"]["open"], true, "E opens the panel");
    let centre = |s: &serde_json::Value, name: &str| {
        let r = &s["edit"]["widgets"][name];
        let f = |k: usize| r[k].as_f64().expect("rect") as f32;
        egui::pos2(f(0) + f(2) * 0.5, f(1) + f(3) * 0.5)
    };
    // A click: the pointer moves there, is pressed, is released, a frame each.
    let button = |p: egui::Pos2, pressed: bool| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    let click = |app: &mut App, p: egui::Pos2| {
        frame_with(app, &ctx, vec![egui::Event::PointerMoved(p)]);
        frame_with(app, &ctx, vec![button(p, true)]);
        frame_with(app, &ctx, vec![button(p, false)]);
    };
    // The new stop's caption, typed, then Add stop here.
    click(&mut app, centre(&s, "caption"));
    for word in ["Two ", "boxes ", "touch."] {
        frame_with(&mut app, &ctx, vec![egui::Event::Text(word.into())]);
    }
    let undo = app.doc.undo_len();
    click(&mut app, centre(&s, "add stop"));
    frame_with(&mut app, &ctx, Vec::new());
    assert_eq!(captions(&app), ["Two boxes touch."]);
    assert_eq!(app.doc.undo_len(), undo + 1);
    // The title: many keys, one step, committed when the field lets go (a click elsewhere).
    let s = state(&app);
    click(&mut app, centre(&s, "title"));
    // The click may select the text: End puts the cursor after it.
    frame_with(&mut app, &ctx, press(egui::Key::End));
    for word in [" (", "edited", ")"] {
        frame_with(&mut app, &ctx, vec![egui::Event::Text(word.into())]);
    }
    assert_eq!(app.doc.scene().title, "Resting box", "not yet committed");
    click(&mut app, egui::pos2(900.0, 400.0));
    frame_with(&mut app, &ctx, Vec::new());
    assert_eq!(app.doc.scene().title, "Resting box (edited)");
    assert_eq!(
        app.doc.undo_len(),
        undo + 2,
        "the title's keys are one step"
    );
    app.apply(Command::Undo, 0.0);
    frame_with(&mut app, &ctx, Vec::new());
    assert_eq!(app.doc.scene().title, "Resting box");
    // The stop's caption field: Enter commits it, one step.
    let s = state(&app);
    assert!(
        s["edit"]["stops"][0]["rect"].is_array(),
        "the stop's row is drawn"
    );
    click(&mut app, centre(&s, "stop 0 caption"));
    frame_with(&mut app, &ctx, press(egui::Key::End));
    frame_with(&mut app, &ctx, vec![egui::Event::Text(" Look.".into())]);
    let undo = app.doc.undo_len();
    frame_with(&mut app, &ctx, press(egui::Key::Enter));
    frame_with(&mut app, &ctx, Vec::new());
    assert_eq!(captions(&app), ["Two boxes touch. Look."]);
    assert_eq!(app.doc.undo_len(), undo + 1);
    // E again (no field has the keys) closes the panel.
    frame_with(&mut app, &ctx, press(egui::Key::E));
    frame_with(&mut app, &ctx, Vec::new());
    let s = state(&app);
    assert_eq!(s["edit"]["open"], false, "E closes the panel");
    assert!(s["edit"]["widgets"].get("window").is_none());
}

/// In an embed (`&embed=1`) the panel is never shown: neither E nor the command opens it, and
/// an open panel is not drawn.
#[test]
fn an_embed_never_shows_the_edit_panel() {
    let (mut app, ctx) = open(&fresh_file("embed"));
    app.shell.embed = true;
    app.apply(Command::ToggleEditPanel, 0.0);
    frame_with(&mut app, &ctx, Vec::new());
    assert_eq!(state(&app)["edit"]["open"], false);
    app.dialogs.edit_open = true;
    frame_with(&mut app, &ctx, Vec::new());
    let s = state(&app);
    assert!(
        s["edit"]["widgets"].get("window").is_none(),
        "{}",
        s["edit"]
    );
    assert!(
        s["edit"]["widgets"].get("button").is_none(),
        "{}",
        s["edit"]
    );
}

/// Where the panel draws `words` (the centre of the text) nearest `near`, in a frame with no
/// input.
fn words_at(app: &mut App, ctx: &egui::Context, words: &str, near: egui::Pos2) -> egui::Pos2 {
    let out = ctx.run(screen_input(1280.0, 800.0), |ctx| {
        app.frame(ctx, 0.0, Input::default(), &[])
    });
    let texts = crate::common::drawn_texts(&out.shapes);
    texts
        .iter()
        .filter(|(t, _)| t == words)
        .map(|(_, p)| *p)
        .min_by(|p, q| p.distance(near).total_cmp(&q.distance(near)))
        .unwrap_or_else(|| panic!("the panel draws no {words:?}: {texts:?}"))
}

/// A click at `p`: the pointer moves there, is pressed, is released, a frame each.
fn click_at(app: &mut App, ctx: &egui::Context, p: egui::Pos2) {
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    frame_with(app, ctx, vec![egui::Event::PointerMoved(p)]);
    frame_with(app, ctx, vec![button(true)]);
    frame_with(app, ctx, vec![button(false)]);
}

/// A stop's wait, question and play are chosen in the panel's rows (a click on the choice, one
/// undo step each), saved into the file with its comments, and played: the stop then waits
/// for its drag.
#[test]
fn a_stops_wait_question_and_play_are_chosen_in_the_panel() {
    let file = fresh_file("does");
    let (mut app, ctx) = open(&file);
    author(&mut app, Authoring::AddStopHere("Drag the box.".into()));
    app.apply(Command::SetMode(ModeKind::Simulate), 0.0);
    author(&mut app, Authoring::AddStopHere("Watch it settle.".into()));
    app.apply(Command::ToggleEditPanel, 0.0);
    frame_with(&mut app, &ctx, Vec::new());
    let choose = |app: &mut App, combo: &str, shows: &str, item: &str| {
        // The panel scrolls (the mouse wheel over it) until the choice is inside it.
        let mut s = state(app);
        let rect = |s: &serde_json::Value, name: &str| {
            let r = &s["edit"]["widgets"][name];
            let f = |k: usize| r[k].as_f64().unwrap_or_else(|| panic!("{name}: {r}")) as f32;
            egui::Rect::from_min_size(egui::pos2(f(0), f(1)), egui::vec2(f(2), f(3)))
        };
        for _ in 0..20 {
            let window = rect(&s, "window");
            if rect(&s, combo).bottom() < window.bottom() - 4.0 {
                break;
            }
            let wheel = egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta: egui::vec2(0.0, -60.0),
                modifiers: egui::Modifiers::NONE,
            };
            frame_with(
                app,
                &ctx,
                vec![egui::Event::PointerMoved(window.center()), wheel],
            );
            frame_with(app, &ctx, Vec::new());
            s = state(app);
        }
        // Clicked where its text is drawn once the scroll has come to rest.
        let mut at = words_at(app, &ctx, shows, rect(&s, combo).center());
        for _ in 0..120 {
            let now = words_at(app, &ctx, shows, at);
            if now == at {
                break;
            }
            at = now;
        }
        assert!(rect(&s, "window").contains(at), "{combo} is in the panel");
        click_at(app, &ctx, at);
        let undo = app.doc.undo_len();
        let p = words_at(app, &ctx, item, at);
        click_at(app, &ctx, p);
        frame_with(app, &ctx, Vec::new());
        assert_eq!(app.doc.undo_len(), undo + 1, "{item}: one undo step");
    };
    assert!(
        state(&app)["edit"]["widgets"].get("stop 0 play").is_none(),
        "a stop in the manifold mode is offered no play"
    );
    choose(&mut app, "stop 0 wait", "N goes on", "drag B to go on");
    choose(&mut app, "stop 0 ask", "asks nothing", "asks ContactCount");
    choose(&mut app, "stop 1 play", "no play", "plays 2 s");
    let tour = &app.doc.scene().tour;
    assert_eq!(
        tour[0].wait,
        Some(narrowphase_lab::scene::Wait::Drag(Which::B))
    );
    assert_eq!(
        tour[0].ask.as_ref().map(|a| a.kind),
        Some(AskKind::ContactCount)
    );
    assert_eq!((tour[1].play, tour[1].wait), (Some(2.0), None));
    app.apply(Command::Undo, 0.0);
    assert_eq!(app.doc.scene().tour[1].play, None, "undone");
    app.apply(Command::Redo, 0.0);
    let edited = app.doc.scene().tour.clone();
    app.apply(
        narrowphase_lab::app::command::key_command(egui::Key::S, egui::Modifiers::COMMAND)
            .expect("Ctrl+S"),
        0.0,
    );
    let saved = std::fs::read_to_string(&file).expect("read");
    for line in LECTURE.lines().filter(|l| l.contains("//")) {
        assert!(saved.contains(line), "lost {line:?}:\n{saved}");
    }
    let (mut again, _) = open(&file);
    assert_eq!(again.doc.scene().tour, edited);
    // Played: stop 0 waits for B's drag.
    again.apply(
        Command::Tour(narrowphase_lab::app::command::TourTo::At(0)),
        0.0,
    );
    let s = state(&again);
    assert_eq!(s["tour"]["waiting"], "drag B to go on");
}
