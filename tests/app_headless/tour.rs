//! Playing a scene's tour without a window: each stop shows what the stops up to it name (mode,
//! step, camera, poses) and its caption, `N`/`P` glide there, PageDown goes on past the last
//! stop to the next scene, waits continue when the student does the thing, a stop's question
//! is asked, a stop's play pauses itself, and `--stop`/`&stop=` open at a stop.

use narrowphase_lab::app::command::{Command, Pose, TourTo};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::questions::Which;
use serde_json::Value;
use std::path::Path;

const TOUR: &str = r#"// A lecturer's tour
Scene(
    title: "Box and ball",
    notes: "A box and a ball.",
    mode: Sat,
    a: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 0.5), position: (3.0, 0.0)),
    presenter: "Ask who has met SAT before.",
    tour: [
        Stop(caption: "Two shapes, apart."),
        Stop(caption: "GJK on the same pair.", mode: Gjk, step: 2, view: View(center: (1.0, 0.0), zoom: 90.0)),
        Stop(caption: "Now they touch.", mode: Manifold, pose_b: Pose(position: (1.2, 0.3), angle_deg: 20.0)),
        Stop(caption: "Drag B to go on.", wait: Drag(B)),
        Stop(caption: "How many points?", ask: Ask(kind: ContactCount)),
        Stop(caption: "Click the first point.", wait: Click(Point(0))),
        Stop(caption: "The end.", mode: Sat),
    ],
)
"#;

const SECOND: &str = r#"Scene(
    title: "Second",
    a: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 1.0), position: (1.5, 0.0)),
)
"#;

/// A lecture folder: the tour scene, then a plain one.
fn lecture(dir: &Path) {
    std::fs::write(dir.join("01_tour.ron"), TOUR).unwrap();
    std::fs::write(dir.join("02_second.ron"), SECOND).unwrap();
}

struct Run {
    app: App,
    ctx: egui::Context,
    now: f64,
}

impl Run {
    fn open(flags: AppFlags) -> Run {
        let mut run = Run {
            app: App::new(&flags).expect("opens"),
            ctx: new_context(),
            now: 0.0,
        };
        run.frames(2);
        run
    }

    /// `n` frames, a tenth of a second apart (a glide takes under half a second).
    fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.now += 0.1;
            let now = self.now;
            let app = &mut self.app;
            let _ = self.ctx.run(screen_input(1280.0, 800.0), |ctx| {
                app.frame(ctx, now, Input::default(), &[]);
            });
        }
    }

    /// Every text the next frame draws.
    fn texts(&mut self) -> Vec<String> {
        let now = self.now;
        let app = &mut self.app;
        let out = self.ctx.run(screen_input(1280.0, 800.0), |ctx| {
            app.frame(ctx, now, Input::default(), &[]);
        });
        crate::common::drawn_texts(&out.shapes)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    /// Where the next frame draws `words` (the centre of the first such text).
    fn text_at(&mut self, words: &str) -> egui::Pos2 {
        let now = self.now;
        let app = &mut self.app;
        let out = self.ctx.run(screen_input(1280.0, 800.0), |ctx| {
            app.frame(ctx, now, Input::default(), &[]);
        });
        crate::common::drawn_texts(&out.shapes)
            .into_iter()
            .find_map(|(t, p)| (t == words).then_some(p))
            .unwrap_or_else(|| panic!("no {words:?} drawn"))
    }

    /// A click at `p` (the pointer moves there, is pressed, is released), then a few frames.
    fn click(&mut self, p: egui::Pos2) {
        let button = |pressed| egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        for events in [
            vec![egui::Event::PointerMoved(p)],
            vec![button(true)],
            vec![button(false)],
        ] {
            let now = self.now;
            let app = &mut self.app;
            let input = egui::RawInput {
                events,
                ..screen_input(1280.0, 800.0)
            };
            let _ = self
                .ctx
                .run(input, |ctx| app.frame(ctx, now, Input::default(), &[]));
        }
        self.frames(2);
    }

    fn apply(&mut self, c: Command) {
        self.app.apply(c, self.now);
        self.frames(8);
    }

    fn state(&self) -> Value {
        serde_json::from_str(&self.app.state_json()).expect("json")
    }

    /// The tour's stop, the mode, the step and B's pose, as `--print-state` says.
    fn at(&self) -> (u64, String, u64, [f64; 3]) {
        let s = self.state();
        let b = &s["scene"]["b"];
        (
            s["tour"]["stop"].as_u64().expect("a tour"),
            s["mode"].as_str().unwrap().to_string(),
            s["step"].as_u64().unwrap(),
            [
                b["position"][0].as_f64().unwrap(),
                b["position"][1].as_f64().unwrap(),
                b["angle_deg"].as_f64().unwrap_or(0.0),
            ],
        )
    }
}

fn folder_flags(dir: &Path) -> AppFlags {
    AppFlags {
        path: Some(dir.to_path_buf()),
        ..AppFlags::default()
    }
}

#[test]
fn n_and_p_walk_the_stops_and_each_stop_shows_what_it_names() {
    let dir = tempfile::tempdir().unwrap();
    lecture(dir.path());
    let mut run = Run::open(folder_flags(dir.path()));
    let s = run.state();
    assert_eq!(s["tour"]["of"], 7);
    assert_eq!(s["tour"]["caption"], "Two shapes, apart.");
    assert_eq!(run.at(), (0, "sat".into(), 0, [3.0, 0.0, 0.0]));
    run.apply(Command::Tour(TourTo::Next));
    let (stop, mode, step, b) = run.at();
    assert_eq!(
        (stop, mode.as_str(), step, b),
        (1, "gjk", 2, [3.0, 0.0, 0.0])
    );
    // The stop's camera, fitted to the canvas as a scene's own `view` is.
    let zoom = run.state()["zoom"].as_f64();
    let own = dir.path().join("own_view.ron");
    // (The same tour with that view as the scene's own: its first stop shows it, and the
    // canvas has the same room.)
    let with_view = TOUR.replace(
        "mode: Sat,\n",
        "mode: Gjk, step: 2, view: View(center: (1.0, 0.0), zoom: 90.0),\n",
    );
    std::fs::write(&own, with_view).unwrap();
    let same = Run::open(AppFlags {
        path: Some(own),
        ..AppFlags::default()
    });
    assert_eq!(
        zoom,
        same.state()["zoom"].as_f64(),
        "the stop's camera is the view it names"
    );
    assert_ne!(
        zoom,
        Run::open(folder_flags(dir.path())).state()["zoom"].as_f64()
    );
    run.apply(Command::Tour(TourTo::Next));
    assert_eq!(run.at().0, 2);
    let b = run.at().3;
    assert!(
        (b[0] - 1.2).abs() < 1e-6 && (b[1] - 0.3).abs() < 1e-6 && (b[2] - 20.0).abs() < 1e-4,
        "{b:?}"
    );
    assert_eq!(run.at().1, "manifold");
    let s = run.state();
    assert_eq!(
        s["modified"], false,
        "a tour's poses are not the user's edit"
    );
    assert_eq!(s["tour"]["gliding"], false, "the glide is over");
    // P puts things back: B where the file has it, the GJK step, the camera.
    run.apply(Command::Tour(TourTo::Previous));
    assert_eq!(run.at(), (1, "gjk".into(), 2, [3.0, 0.0, 0.0]));
    // Dragging B at a stop, then the next stop: B goes where the stop says.
    let pose = Pose {
        position: glam::Vec2::new(-2.0, 1.0),
        angle_deg: 0.0,
    };
    run.app.apply_all(
        &[
            Command::BeginGesture,
            Command::SetPose(Which::B, pose),
            Command::EndGesture,
        ],
        run.now,
    );
    assert_eq!(run.at().3, [-2.0, 1.0, 0.0]);
    run.apply(Command::Tour(TourTo::Next));
    let b = run.at().3;
    assert!((b[0] - 1.2).abs() < 1e-6, "the stop puts B back: {b:?}");
}

#[test]
fn a_glide_moves_through_between_the_stops() {
    let dir = tempfile::tempdir().unwrap();
    lecture(dir.path());
    let mut run = Run::open(AppFlags {
        stop: Some(1),
        ..folder_flags(dir.path())
    });
    run.app.apply(Command::Tour(TourTo::Next), run.now);
    run.frames(2);
    let s = run.state();
    assert_eq!(s["tour"]["gliding"], true);
    let x = run.at().3[0];
    assert!(x < 3.0 - 0.01 && x > 1.2 + 0.01, "B on its way, at x = {x}");
    run.frames(6);
    assert_eq!(run.state()["tour"]["gliding"], false);
    assert!((run.at().3[0] - 1.2).abs() < 1e-6);
}

#[test]
fn waits_questions_and_pagedown_past_the_last_stop() {
    let dir = tempfile::tempdir().unwrap();
    lecture(dir.path());
    let mut run = Run::open(AppFlags {
        stop: Some(3),
        ..folder_flags(dir.path())
    });
    let s = run.state();
    assert_eq!(s["tour"]["stop"], 3);
    assert_eq!(s["tour"]["waiting"], "drag B to go on");
    // Dragging A does not count; dragging B does, when the drag ends.
    let pose = |x: f32| Pose {
        position: glam::Vec2::new(x, 0.3),
        angle_deg: 20.0,
    };
    run.app.apply_all(
        &[
            Command::BeginGesture,
            Command::SetPose(Which::A, pose(0.1)),
            Command::EndGesture,
        ],
        run.now,
    );
    run.frames(2);
    assert_eq!(run.state()["tour"]["stop"], 3);
    run.app.apply_all(
        &[Command::BeginGesture, Command::SetPose(Which::B, pose(1.1))],
        run.now,
    );
    assert_eq!(run.state()["tour"]["stop"], 3, "not before the drag ends");
    run.apply(Command::EndGesture);
    // Stop 4 asks a question: the quiz's machinery, quiz mode off.
    let s = run.state();
    assert_eq!(s["tour"]["stop"], 4);
    assert_eq!(s["quiz"]["kind"], "ContactCount", "{}", s["quiz"]);
    assert_eq!(s["quiz"]["revealed"], false);
    let shown = run.texts();
    assert!(
        shown.iter().any(|t| t == "Predict")
            && shown
                .iter()
                .any(|t| t == "How many contact points will the manifold have?"),
        "the right panel asks it, quiz mode off: {shown:?}"
    );
    let count = run.app.session.pair.manifold.len();
    run.apply(Command::QuizAnswer(
        narrowphase_lab::app::command::Pick::Count(count),
    ));
    let s = run.state();
    assert_eq!(
        (s["quiz"]["revealed"].clone(), s["quiz"]["right"].clone()),
        (true.into(), true.into())
    );
    assert_eq!(
        s["quiz"]["score"]["answered"], 0,
        "a tour's question is not scored"
    );
    run.apply(Command::QuizNext);
    let s = run.state();
    assert_eq!(
        s["quiz"]["kind"],
        Value::Null,
        "the question is gone at the next stop"
    );
    assert_eq!(s["tour"]["stop"], 5, "Enter after the answer goes on");
    assert_eq!(s["tour"]["waiting"], "click contact point 0 to go on");
    // A click not on point 0 does not go on; on it, it does.
    run.apply(Command::TourClick(None));
    assert_eq!(run.state()["tour"]["stop"], 5);
    run.apply(Command::TourClick(Some(0)));
    assert_eq!(run.state()["tour"]["stop"], 6);
    // PageDown at the last stop: the next scene (which has no tour).
    run.apply(Command::Onward);
    // The student dragged A: those are changes of theirs, and leaving asks first.
    assert_eq!(
        run.state()["asking"],
        "unsaved",
        "{}",
        run.state()["asking"]
    );
    run.apply(Command::Confirm(
        narrowphase_lab::app::command::UnsavedChoice::Discard,
    ));
    let s = run.state();
    assert_eq!(s["scene_index"], 1);
    assert!(
        s.get("tour").is_none(),
        "a scene without a tour has no `tour`"
    );
    // PageUp comes back to the tour scene, at its first stop.
    run.apply(Command::Backward);
    let s = run.state();
    assert_eq!(
        (&s["scene_index"], &s["tour"]["stop"]),
        (&Value::from(0), &Value::from(0))
    );
}

#[test]
fn a_link_opens_at_a_stop_with_the_presenter_notes() {
    let dir = tempfile::tempdir().unwrap();
    lecture(dir.path());
    let mut run = Run::open(folder_flags(dir.path()));
    let fragment = narrowphase_lab::app::link::make(TOUR, narrowphase_lab::scene::Mode::Sat, 0);
    run.app.files(run.now, |f| {
        f.open_link("", &format!("{fragment}&stop=2&presenter=1"), 0.0)
    });
    run.frames(4);
    let s = run.state();
    assert_eq!(s["tour"]["stop"], 2);
    assert_eq!(s["tour"]["caption"], "Now they touch.");
    assert_eq!(s["tour"]["presenter"], true);
    assert_eq!(s["mode"], "sat", "the link's own mode wins over the stop's");
    let b = run.at().3;
    assert!((b[0] - 1.2).abs() < 1e-6, "{b:?}");
    // A bad stop is refused by name, and the scene stays.
    run.app.files(run.now, |f| {
        f.open_link("", &format!("{fragment}&stop=two"), 0.0)
    });
    run.frames(1);
    let s = run.state();
    let banner = s["banner"]["text"].as_str().unwrap_or_default().to_string();
    assert!(banner.contains("stop 'two'"), "{banner}");
    assert_eq!(s["tour"]["stop"], 2);
}

#[test]
fn the_command_lines_mode_and_step_win_over_its_stop_as_a_links_do() {
    let dir = tempfile::tempdir().unwrap();
    lecture(dir.path());
    // Stop 2 names the manifold and B's pose; the flags name SAT at step 1.
    let flags = AppFlags {
        stop: Some(2),
        mode: Some(narrowphase_lab::scene::Mode::Sat),
        step: Some(1),
        ..folder_flags(dir.path())
    };
    let run = Run::open(flags);
    let (stop, mode, step, b) = run.at();
    assert_eq!((stop, mode.as_str(), step), (2, "sat", 1));
    assert!((b[0] - 1.2).abs() < 1e-6, "the stop's pose stays: {b:?}");
    // Without a mode flag, the stop's mode.
    let run = Run::open(AppFlags {
        stop: Some(2),
        ..folder_flags(dir.path())
    });
    assert_eq!(run.at().1, "manifold");
}

/// A stop that glides the pair from apart to touching shows its step once the poses are there
/// (when the glide began, the step was clamped to the shorter trace of the pair apart).
#[test]
fn a_stop_that_glides_into_contact_shows_its_step() {
    let dir = tempfile::tempdir().unwrap();
    let scene = r#"Scene(
    title: "Apart, then down",
    mode: Manifold,
    a: Body(shape: Box(width: 4.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 1.0)),
    tour: [
        Stop(caption: "Apart.", step: 4),
        Stop(caption: "Down on the ground.", step: 4, pose_b: Pose(position: (0.0, 0.375))),
    ],
)"#;
    std::fs::write(dir.path().join("01_apart.ron"), scene).unwrap();
    let mut run = Run::open(folder_flags(dir.path()));
    let apart = run.app.step_count();
    assert_eq!(run.at().2 as usize, apart - 1, "apart: its last step");
    run.apply(Command::Tour(TourTo::Next));
    let touching = run.app.step_count();
    assert!(
        touching > 4 && apart <= 4,
        "{apart} steps apart, {touching} touching"
    );
    assert_eq!(run.state()["tour"]["gliding"], false);
    assert_eq!(run.at(), (1, "manifold".into(), 4, [0.0, 0.375, 0.0]));
}

/// A stop that plays the run, reached while the student has it playing: played from the start
/// and paused at the stop's end (not paused at once, as a toggle would).
#[test]
fn a_stop_that_plays_reached_while_playing_plays_from_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let scene = r#"Scene(
    title: "Press play",
    mode: Simulate,
    a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 1.0)),
    sim: Sim(seconds: 3.0),
    tour: [
        Stop(caption: "Press play.", mode: Simulate, step: 0),
        Stop(caption: "One second in.", play: 1.0),
    ],
)"#;
    std::fs::write(dir.path().join("01_play.ron"), scene).unwrap();
    let mut run = Run::open(folder_flags(dir.path()));
    run.apply(Command::PlayPause);
    let playing = run.at().2;
    assert!(playing > 0, "the run plays");
    run.apply(Command::Tour(TourTo::Next));
    assert!(run.at().2 < 60, "from the start: step {}", run.at().2);
    run.frames(30);
    assert_eq!(
        (run.at().0, run.at().2),
        (1, 60),
        "paused at the stop's end"
    );
}

/// Every built-in scene's tour, stop by stop, opened at the stop as `--stop K` does and reached
/// by `N` from the stop before: each shows its caption, and the mode, step, poses and camera it
/// names (the step kept inside the mode's trace), and both ways agree.
#[test]
fn every_built_in_tour_shows_what_each_stop_names() {
    use narrowphase_lab::scene::{BUILTIN, parse};
    let mut stops = 0;
    for (index, (name, text)) in BUILTIN.iter().enumerate() {
        let scene = parse(text, name).expect("a built-in scene reads").scene;
        if scene.tour.is_empty() {
            continue;
        }
        assert!(
            scene.tour[0].caption.chars().count() <= 160,
            "{name}: the first screen's caption is at most two lines"
        );
        let mut walked = Run::open(AppFlags::default());
        walked.app.files(0.0, |f| f.go_to(index, 0.0, true));
        walked.frames(2);
        for (k, stop) in scene.tour.iter().enumerate() {
            let mut opened = Run::open(AppFlags {
                stop: Some(k),
                ..AppFlags::default()
            });
            opened.app.files(0.0, |f| f.go_to(index, 0.0, true));
            opened.apply(Command::Tour(TourTo::At(k)));
            if k > 0 {
                walked.apply(Command::Tour(TourTo::Next));
            }
            // A stop's play runs live when walked to (at most 8 steps a frame): let it end.
            if let Some(seconds) = stop.play {
                walked.frames((seconds * 20.0) as usize + 20);
            }
            let where_ = format!("{name} stop {k}");
            for run in [&opened, &walked] {
                let s = run.state();
                assert_eq!(s["tour"]["stop"], k, "{where_}");
                assert_eq!(s["tour"]["caption"], stop.caption.as_str(), "{where_}");
                if let Some(m) = stop.mode {
                    assert_eq!(s["mode"], m.name(), "{where_}");
                }
                if let Some(step) = stop.step {
                    let last = run.app.step_count().saturating_sub(1);
                    assert_eq!(s["step"], step.min(last), "{where_}");
                }
                for (body, pose) in [("a", stop.pose_a), ("b", stop.pose_b)] {
                    if let Some(p) = pose {
                        let b = &s["scene"][body];
                        let x = b["position"][0].as_f64().unwrap();
                        let y = b["position"][1].as_f64().unwrap();
                        let angle = b["angle_deg"].as_f64().unwrap_or(0.0);
                        assert!(
                            (x - f64::from(p.position.x)).abs() < 1e-5
                                && (y - f64::from(p.position.y)).abs() < 1e-5
                                && (angle - f64::from(p.angle_deg)).abs() < 1e-4,
                            "{where_}: {body} at ({x}, {y}, {angle}°), the stop says {p:?}"
                        );
                    }
                }
                assert_eq!(s["modified"], false, "{where_}: the tour edits nothing");
            }
            let (a, b) = (opened.state(), walked.state());
            for field in ["mode", "step"] {
                assert_eq!(a[field], b[field], "{where_}: {field} opened vs walked");
            }
            // The camera is the same both ways where a stop names one; elsewhere framing keeps
            // each picture in view from wherever the camera was (as stepping by keys does).
            if scene.tour[..=k].iter().any(|s| s.view.is_some()) {
                assert_eq!(a["zoom"], b["zoom"], "{where_}: zoom opened vs walked");
            }
            assert_eq!(
                a["scene"], b["scene"],
                "{where_}: the scene opened vs walked"
            );
            stops += 1;
        }
    }
    eprintln!("{stops} stops of the built-in tours checked");
}

#[test]
fn saving_at_a_stop_keeps_the_files_poses_and_a_link_carries_the_stop() {
    let dir = tempfile::tempdir().unwrap();
    lecture(dir.path());
    let mut run = Run::open(AppFlags {
        stop: Some(2),
        ..folder_flags(dir.path())
    });
    let b = run.at().3;
    assert!(
        (b[0] - 1.2).abs() < 1e-6,
        "at stop 2 B is shown moved: {b:?}"
    );
    run.apply(Command::Save);
    let saved = narrowphase_lab::scene::load(dir.path().join("01_tour.ron")).expect("reads");
    assert_eq!(
        saved.scene.b.position,
        glam::Vec2::new(3.0, 0.0),
        "a tour's pose is not written into the file"
    );
    let text = std::fs::read_to_string(dir.path().join("01_tour.ron")).unwrap();
    assert!(
        text.starts_with("// A lecturer's tour"),
        "the comments stay"
    );
    // A link made here opens at this stop, showing its poses.
    let link = run
        .app
        .files(run.now, |f| f.publish_link())
        .expect("a link");
    assert!(link.ends_with("&stop=2"), "{link}");
    let fragment = link
        .split_once('#')
        .map_or(link.as_str(), |(_, f)| f)
        .to_string();
    let mut other = Run::open(AppFlags::default());
    other
        .app
        .files(0.0, |f| f.open_link("", &format!("#{fragment}"), 0.0));
    other.frames(4);
    assert_eq!(other.at().0, 2);
    assert!((other.at().3[0] - 1.2).abs() < 1e-6);
}

/// The built-in lecture as a figure with the locks of `query`, before its first frame.
fn figure(query: &str) -> Run {
    let mut app = App::new(&AppFlags::default()).expect("opens");
    app.shell.embed = true;
    app.shell.locks = Some(narrowphase_lab::app::locks::parse(query, "").expect("locks"));
    let mut run = Run {
        app,
        ctx: new_context(),
        now: 0.0,
    };
    run.frames(3);
    run
}

#[test]
fn an_embed_shows_the_tour_caption_with_text_1_and_only_its_bar_without() {
    let s = figure("?scene=01_resting_box&embed=1&text=1").state();
    assert!(s["panels"]["tour"].is_array(), "{}", s["panels"]);
    assert!(
        s["panels"].get("embed text").is_none_or(|r| r.is_null()),
        "{}",
        s["panels"]
    );
    assert!(s["tour"]["caption"].as_str().is_some_and(|c| !c.is_empty()));
    let s = figure("?scene=01_resting_box&embed=1").state();
    assert!(
        s["panels"].get("tour").is_none_or(|r| r.is_null()),
        "{}",
        s["panels"]
    );
    assert_eq!(s["tour"]["stop"], 0, "the tour is there (N and P walk it)");
}

/// Each built-in stop's picture fits its view, walked to by `N` (as a step by a key keeps it in
/// view): the world view's content inside its rectangle.
#[test]
fn every_built_in_stop_walked_to_keeps_its_picture_in_view() {
    use narrowphase_lab::scene::BUILTIN;
    let mut found = Vec::new();
    for index in 0..BUILTIN.len() {
        let mut run = Run::open(AppFlags::default());
        run.app.files(0.0, |f| f.go_to(index, 0.0, true));
        run.frames(2);
        let of = run.state()["tour"]["of"].as_u64().unwrap_or(0);
        for k in 0..of {
            if k > 0 {
                // As a window test reads it: the frame after the key's.
                run.app.apply(Command::Tour(TourTo::Next), run.now);
                run.frames(2);
            }
            let s = run.state();
            if s["quiz"]["kind"].is_string() || s["mode"] == "simulate" {
                continue; // a question hides the picture; a run moves on
            }
            for v in s["views"].as_array().unwrap() {
                let r: Vec<f64> = v["rect"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect();
                let Some(c) = v["content"].as_array() else {
                    continue;
                };
                let c: Vec<f64> = c.iter().map(|x| x.as_f64().unwrap()).collect();
                let inside = c[0] >= r[0] - 1.0
                    && c[1] >= r[1] - 1.0
                    && c[0] + c[2] <= r[0] + r[2] + 1.0
                    && c[1] + c[3] <= r[1] + r[3] + 1.0;
                if !inside {
                    found.push(format!(
                        "scene {index} stop {k} {}: {c:?} outside {r:?}",
                        v["name"]
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// A stop's question in a figure (`&embed=1&text=1`): asked in a window over the figure, its
/// choices answer it as in the app, and the figure then shows whether the guess was right.
#[test]
fn an_embed_asks_a_stops_question_and_takes_the_answer() {
    let mut run = figure("?scene=06_touching&embed=1&text=1");
    run.app.files(0.0, |f| {
        f.open_link("?scene=06_touching&embed=1&text=1", "", 0.0)
    });
    run.frames(3);
    let of = run.state()["tour"]["of"].as_u64().expect("a tour");
    let k = (0..of)
        .find(|&k| {
            run.apply(Command::Tour(TourTo::At(k as usize)));
            run.state()["quiz"]["kind"] == "Overlap"
        })
        .expect("06 has a stop that asks whether they overlap");
    let shown = run.texts();
    assert!(
        shown.iter().any(|t| t == "Predict"),
        "stop {k}: the figure asks: {shown:?}"
    );
    // The student clicks "no" (the boxes only touch), as a finger on the choice would.
    let truth = run.app.session.pair.query.overlap;
    let answer = if truth {
        "Yes, they overlap"
    } else {
        "No, they don't"
    };
    let at = run.text_at(answer);
    run.click(at);
    let s = run.state();
    assert_eq!(s["quiz"]["revealed"], true, "{}", s["quiz"]);
    assert_eq!(s["quiz"]["right"], true, "{}", s["quiz"]);
}
