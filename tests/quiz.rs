//! Quiz mode (Q): the answer's drawing hidden while a question waits, answers judged against
//! geometry worked out by hand, the score kept over the lecture — by commands on the app
//! without a window, and on the real window under Xvfb with clicks on the canvas.

use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::quiz::Pick;
use narrowphase_lab::app::{App, new_context};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::geom::Shape;
use narrowphase_lab::scene::questions::Which;
use std::time::Duration;

mod window;

fn builtin() -> App {
    App::new(&AppFlags::default()).expect("the built-in lecture opens")
}

/// Every text the frame drew (panels and canvas).
fn frame_texts(app: &mut App) -> Vec<String> {
    let ctx = new_context();
    let raw = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    };
    let out = ctx.run(raw, |ctx| app.frame(ctx, 0.0, Input::default(), &[]));
    let mut texts = Vec::new();
    fn walk(s: &egui::Shape, out: &mut Vec<String>) {
        match s {
            egui::Shape::Text(t) => out.push(t.galley.text().to_string()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    for c in &out.shapes {
        walk(&c.shape, &mut texts);
    }
    texts
}

/// The edge of a box of `width` × `height` whose outward normal is `n`, from the shape's own
/// vertices (not from any trace).
fn box_edge(width: f32, height: f32, n: glam::Vec2) -> usize {
    let b = Shape::make_box(width, height, 0.0).expect("a box");
    let v = b.vertices();
    (0..v.len())
        .find(|&i| {
            let e = v[(i + 1) % v.len()] - v[i];
            glam::Vec2::new(e.y, -e.x).normalize().dot(n) > 0.999
        })
        .expect("an edge with that normal")
}

#[test]
fn the_builtin_lecture_asks_at_least_eight_questions_in_all_three_modes() {
    let app = builtin();
    assert!(app.quiz_total() >= 8, "{} questions", app.quiz_total());
    let mut modes = std::collections::BTreeSet::new();
    for s in &app.session.lecture.scenes {
        let scene = &s.scene.as_ref().expect("built-in scenes load").scene;
        for ask in &scene.questions {
            modes.insert(narrowphase_lab::app::quiz::mode_for(ask.kind).name());
        }
    }
    assert_eq!(modes.len(), 3, "questions in {modes:?}");
}

#[test]
fn a_waiting_question_hides_the_answer_and_the_answer_reveals_it() {
    let mut app = builtin();
    // Scene 1: the resting box; its first question asks for the contact count.
    app.apply(Command::ToggleQuiz, 0.0);
    assert!(app.quiz_hides());
    assert_eq!(app.session.mode, ModeKind::Manifold);
    let hidden = frame_texts(&mut app).join("\n");
    assert!(hidden.contains("How many contact points"), "{hidden}");
    assert!(
        !hidden.contains("separation"),
        "the status numbers give the answer away: {hidden}"
    );
    assert!(
        !hidden.contains("p1"),
        "contact points drawn while asking: {hidden}"
    );
    assert!(
        !hidden.contains("Two points"),
        "the notes give the answer away"
    );
    // Two points (a flat edge resting on a flat face): 1 is wrong.
    app.apply(Command::QuizAnswer(Pick::Count(1)), 0.0);
    assert!(!app.quiz_hides());
    let shown = frame_texts(&mut app).join("\n");
    assert!(shown.contains("Not this time"), "{shown}");
    assert!(shown.contains("Answer: 2 points"), "{shown}");
    assert!(
        shown.contains("p1"),
        "the contact points come back: {shown}"
    );
    assert_eq!(app.quiz.score(), (0, 1));
}

#[test]
fn the_score_counts_each_questions_first_answer_over_the_lecture() {
    let mut app = builtin();
    app.apply(Command::ToggleQuiz, 0.0);
    app.apply(Command::QuizAnswer(Pick::Count(2)), 0.0);
    // A second answer to a revealed question changes nothing.
    app.apply(Command::QuizAnswer(Pick::Count(0)), 0.0);
    assert_eq!(app.quiz.score(), (1, 1));
    app.apply(Command::QuizNext, 0.0);
    assert_eq!(app.quiz.question, 1);
    // The ground (A, 8 × 1) is the reference: its top face, the one whose normal is up.
    let top = box_edge(8.0, 1.0, glam::Vec2::Y);
    let bottom_of_b = box_edge(2.0, 1.0, -glam::Vec2::Y);
    app.apply(
        Command::QuizAnswer(Pick::Face(Some((Which::B, bottom_of_b)))),
        0.0,
    );
    assert_eq!(app.quiz.score(), (1, 2));
    // Next: scene 2 (the tilted box), the next scene that asks.
    app.apply(Command::QuizNext, 0.0);
    assert_eq!(app.session.scene_name(), "02_tilted_box.ron");
    assert!(app.quiz_hides());
    // Going back to scene 1 and answering rightly now does not rewrite the first answer.
    app.apply(Command::PreviousScene, 0.0);
    app.apply(Command::QuizNext, 0.0);
    app.apply(Command::QuizAnswer(Pick::Face(Some((Which::A, top)))), 0.0);
    assert_eq!(app.quiz.score(), (1, 2));
}

#[test]
fn clipped_points_are_marked_then_given_with_enter() {
    let mut app = builtin();
    app.apply(Command::NextScene, 0.0);
    app.apply(Command::ToggleQuiz, 0.0);
    assert_eq!(app.session.scene_name(), "02_tilted_box.ron");
    // First how many points (asked first, so the survivors' reveal does not answer it): one.
    app.apply(Command::QuizAnswer(Pick::Count(1)), 0.0);
    app.apply(Command::QuizNext, 0.0);
    // The box is turned 10° counter-clockwise: its left bottom corner dips into the ground,
    // its right one lifts. The point that survives is the one left of the box's centre.
    let clipped =
        narrowphase_lab::app::quiz::targets(app.quiz_ask().expect("a question"), &app.session.pair);
    assert_eq!(clipped.len(), 2, "two clipped points");
    let left = clipped
        .iter()
        .position(|t| match t.spot {
            narrowphase_lab::app::quiz::Spot::Point(p) => p.x < 0.0,
            _ => false,
        })
        .expect("a point left of the centre");
    app.apply(Command::QuizToggle(left), 0.0);
    app.apply(Command::QuizNext, 0.0);
    assert!(!app.quiz_hides(), "Enter gave the marked points");
    let mut want = vec![false, false];
    want[left] = true;
    assert_eq!(app.quiz.given, Some(Pick::Survivors(want)));
    assert_eq!(app.quiz.score(), (2, 2));
}

#[test]
fn gjk_questions_show_the_simplex_and_take_its_features() {
    let mut app = builtin();
    let deep = app
        .session
        .lecture
        .scenes
        .iter()
        .position(|s| s.name == "14_epa_deep.ron")
        .expect("scene 14");
    app.go_to(deep, 0.0, true);
    app.apply(Command::ToggleQuiz, 0.0);
    assert_eq!(app.session.mode, ModeKind::Gjk);
    let texts = frame_texts(&mut app).join("\n");
    for w in ["w0", "w1", "w2", "inside"] {
        assert!(texts.contains(w), "{w} is a target: {texts}");
    }
    // The small box sits deep inside the big one: the triangle encloses the origin.
    app.apply(Command::QuizAnswer(Pick::Feature(vec![0, 2])), 0.0);
    assert_eq!(app.quiz.score(), (0, 1));
    let texts = frame_texts(&mut app).join("\n");
    assert!(texts.contains("Answer: inside the triangle"), "{texts}");
    // The wrong pick is marked on the revealed Minkowski pane (issue 26, item 12).
    let marked = app
        .probe
        .drawn
        .labels
        .iter()
        .any(|l| l.text == "your answer: w0–w2");
    assert!(marked, "{:?}", app.probe.drawn.labels);
}

/// A lecture of one scene: the resting box, asked for its reference face and its normal's
/// axis (both answered on the canvas).
fn quiz_scene() -> std::path::PathBuf {
    let dir = window::tmp("quiz-lecture");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("resting.ron");
    std::fs::write(
        &path,
        r#"Scene(
    title: "Quiz",
    mode: Sat,
    a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.48)),
    view: View(center: (0.0, 0.0), zoom: 90.0),
    questions: [Ask(kind: ReferenceFace), Ask(kind: NormalAxis)],
)"#,
    )
    .expect("write the scene");
    path
}

fn next_state(lines: &std::sync::mpsc::Receiver<String>, after: &str) -> serde_json::Value {
    let line = lines
        .recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("no state line after {after}"));
    serde_json::from_str(&line).expect("state JSON")
}

/// Where the target labelled `label` is, in window pixels.
fn target(state: &serde_json::Value, label: &str) -> (f64, f64) {
    let t = state["quiz"]["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .find(|t| t["label"] == label)
        .unwrap_or_else(|| panic!("no target {label} in {}", state["quiz"]));
    (t["at"][0].as_f64().unwrap(), t["at"][1].as_f64().unwrap())
}

fn click(d: &window::Display, id: &str, at: (f64, f64)) {
    let mut args = window::mouse_to(id, at.0, at.1);
    args.extend(["sleep", "0.1", "click", "1"].map(String::from));
    window::xdotool(d, &args);
}

#[test]
fn quiz_in_the_window_wrong_then_right_with_the_score() {
    let Some(d) = window::display_of("1280x800x24", 1400) else {
        return;
    };
    let scene = quiz_scene();
    let (mut child, id) = window::start_app(
        &d,
        &[
            scene.to_str().unwrap(),
            "--print-state-changes",
            "--seconds",
            "60",
        ],
    );
    let lines = window::state_lines(child.stdout.take().expect("stdout"));
    let first = next_state(&lines, "the start");
    assert_eq!(first["quiz"]["on"], false);

    window::key(&d, &id, "q");
    let asking = next_state(&lines, "Q");
    assert_eq!(asking["quiz"]["on"], true);
    assert_eq!(asking["quiz"]["question"], 0);
    assert_eq!(asking["quiz"]["revealed"], false);
    assert_eq!(asking["mode"], "manifold");
    assert!(
        asking["labels"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| !l["text"].as_str().unwrap_or("").starts_with('p')),
        "no contact point is labelled while asking: {}",
        asking["labels"]
    );
    window::key(&d, &id, "F12");
    let _ = next_state(&lines, "F12");

    // Wrong: a side face of the box (B's edge whose normal points right).
    let side = format!("B{}", box_edge(2.0, 1.0, glam::Vec2::X));
    click(&d, &id, target(&asking, &side));
    let wrong = next_state(&lines, "the wrong click");
    assert_eq!(wrong["quiz"]["revealed"], true);
    assert_eq!(wrong["quiz"]["right"], false);
    assert_eq!(wrong["quiz"]["score"]["right"], 0);
    assert_eq!(wrong["quiz"]["score"]["answered"], 1);
    assert_eq!(wrong["points"], 2, "the manifold is back: two points");
    window::key(&d, &id, "F12");
    let _ = next_state(&lines, "F12");

    // Next question: the normal's axis. Right: the ground's top face.
    window::key(&d, &id, "Return");
    let second = next_state(&lines, "Enter");
    assert_eq!(second["quiz"]["question"], 1);
    assert_eq!(second["quiz"]["revealed"], false);
    assert_eq!(second["mode"], "sat");
    let top = format!("A{}", box_edge(8.0, 1.0, glam::Vec2::Y));
    click(&d, &id, target(&second, &top));
    let right = next_state(&lines, "the right click");
    assert_eq!(right["quiz"]["right"], true);
    assert_eq!(right["quiz"]["score"]["right"], 1);
    assert_eq!(right["quiz"]["score"]["answered"], 2);
    assert_eq!(right["quiz"]["score"]["questions"], 2);
    let _ = child.kill();
    let _ = child.wait();

    // The two screenshots: while asking, no white contact points; after the answer, the
    // reference face's green.
    let dir = scene.parent().unwrap();
    let shot = |n: usize| window::Image::load(&dir.join(format!("resting-manifold-{n}.png")));
    let (asking, revealed) = (shot(1), shot(2));
    assert!(
        asking.count_near(window::GREEN, 30) < 50,
        "the reference face is drawn while asking"
    );
    assert!(
        revealed.count_near(window::GREEN, 30) > 200,
        "the reference face is drawn after the answer"
    );
}

/// "How many contact points?" always offers the true count: for the star on the floor (a
/// compound of five parts) more than two are on offer, and the answer, two, is one of them.
#[test]
fn the_contact_count_choices_hold_the_answer_for_every_scene() {
    use narrowphase_lab::scene::questions::{Answer, answer};
    use narrowphase_lab::scene::{Ask, AskKind, PairTraces};
    let mut app = builtin();
    let scenes = app.session.lecture.scenes.len();
    for index in 0..scenes {
        app.go_to(index, 0.0, true);
        let ask = Ask {
            kind: AskKind::ContactCount,
            step: None,
            prompt: None,
        };
        let loaded = narrowphase_lab::scene::parse(
            narrowphase_lab::scene::BUILTIN[index].1,
            narrowphase_lab::scene::BUILTIN[index].0,
        )
        .expect("built-in scene");
        let Answer::ContactCount(n) = answer(&ask, &PairTraces::compute(&loaded.pair)) else {
            panic!("a count");
        };
        let offered: Vec<Pick> = narrowphase_lab::app::quiz::choices(&ask, &app.session.pair)
            .into_iter()
            .map(|c| c.pick)
            .collect();
        assert!(
            offered.contains(&Pick::Count(n)),
            "scene {index}: {n} not offered"
        );
        if app.session.pair.pair.bodies.is_some() {
            assert!(
                offered.len() > 3,
                "scene {index}: a compound offers more than 0 to 2"
            );
        }
    }
}

/// Issue 26, item 5: while a question waits, nothing on screen answers it — not the scene's
/// title (scene 6's "Touching is not overlap"), not its notes, not an earlier question's
/// reveal — for every question of the built-in lecture, walked in order.
#[test]
fn no_question_is_answered_on_screen_while_it_waits() {
    use narrowphase_lab::scene::AskKind;
    let mut app = builtin();
    app.apply(Command::ToggleQuiz, 0.0);
    let mut asked = 0;
    loop {
        assert!(app.quiz_hides(), "question {asked} waits");
        let scene = app.doc.scene().clone();
        let kind = app.quiz_ask().expect("a question").kind;
        let texts = frame_texts(&mut app).join("\n");
        let what = format!(
            "{} question {}",
            app.session.scene_name(),
            app.quiz.question
        );
        assert!(
            !texts.contains(&scene.title),
            "{what}: the title shows: {}",
            scene.title
        );
        let notes: String = scene.notes.chars().take(40).collect();
        assert!(
            notes.is_empty() || !texts.contains(&notes),
            "{what}: the notes show"
        );
        assert!(
            !texts.contains("Answer:"),
            "{what}: an earlier reveal shows"
        );
        // Any answer of the right kind: the walk is about what shows before it.
        let pick = match kind {
            AskKind::Overlap => Pick::Yes(false),
            AskKind::ContactCount => Pick::Count(0),
            AskKind::ReferenceFace => Pick::Face(None),
            AskKind::SeparatingAxis => Pick::Axis(None),
            AskKind::NormalAxis => Pick::Axis(Some(0)),
            AskKind::GjkClosestFeature => Pick::Feature(vec![0]),
            AskKind::ClipSurvivors => Pick::Survivors(vec![]),
        };
        app.apply(Command::QuizAnswer(pick), 0.0);
        assert!(!app.quiz_hides(), "{what}: answered");
        asked += 1;
        let at = (app.session.index, app.quiz.question);
        app.apply(Command::QuizNext, 0.0);
        if (app.session.index, app.quiz.question) == at || !app.quiz_hides() {
            break;
        }
    }
    assert!(asked >= 8, "the walk asked {asked} questions");
}
