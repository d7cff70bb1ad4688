//! Quiz mode (Q): the answer's drawing hidden while a question waits, answers judged against
//! geometry worked out by hand, the score kept over the lecture — by commands on the app
//! without a window (the same on the real window, with clicks: `window_browser/quiz_window.rs`).

use crate::common::box_edge;
use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::quiz::Pick;
use narrowphase_lab::app::{App, new_context};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::questions::Which;

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
    crate::common::drawn_texts(&out.shapes)
        .into_iter()
        .map(|(t, _)| t)
        .collect()
}

#[test]
fn the_builtin_lecture_asks_at_least_eight_questions_in_all_three_modes() {
    let app = builtin();
    assert!(
        narrowphase_lab::app::quiz::total_questions(&app.session.lecture) >= 8,
        "{} questions",
        narrowphase_lab::app::quiz::total_questions(&app.session.lecture)
    );
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
    // Scene 1: the resting box; its second question asks for the contact count (the first,
    // its reference face, answered first).
    app.apply(Command::ToggleQuiz, 0.0);
    let top = box_edge(8.0, 1.0, glam::Vec2::Y);
    app.apply(Command::QuizAnswer(Pick::Face(Some((Which::A, top)))), 0.0);
    app.apply(Command::QuizNext, 0.0);
    assert!(app.quiz.hides(app.doc.scene()));
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
    assert!(!app.quiz.hides(app.doc.scene()));
    let shown = frame_texts(&mut app).join("\n");
    assert!(shown.contains("Not this time"), "{shown}");
    assert!(shown.contains("Answer: 2 points"), "{shown}");
    assert!(
        shown.contains("p1"),
        "the contact points come back: {shown}"
    );
    assert_eq!(app.quiz.score(), (1, 2));
}

#[test]
fn the_score_counts_each_questions_first_answer_over_the_lecture() {
    let mut app = builtin();
    app.apply(Command::ToggleQuiz, 0.0);
    // The ground (A, 8 × 1) is the reference: its top face, the one whose normal is up.
    let top = box_edge(8.0, 1.0, glam::Vec2::Y);
    let bottom_of_b = box_edge(2.0, 1.0, -glam::Vec2::Y);
    app.apply(Command::QuizAnswer(Pick::Face(Some((Which::A, top)))), 0.0);
    // A second answer to a revealed question changes nothing.
    app.apply(
        Command::QuizAnswer(Pick::Face(Some((Which::B, bottom_of_b)))),
        0.0,
    );
    assert_eq!(app.quiz.score(), (1, 1));
    app.apply(Command::QuizNext, 0.0);
    assert_eq!(app.quiz.question, 1);
    app.apply(Command::QuizAnswer(Pick::Count(0)), 0.0);
    assert_eq!(app.quiz.score(), (1, 2));
    // Next: scene 2 (the tilted box), the next scene that asks.
    app.apply(Command::QuizNext, 0.0);
    assert_eq!(app.session.scene_name(), "02_tilted_box.ron");
    assert!(app.quiz.hides(app.doc.scene()));
    // Going back to scene 1 and answering rightly now does not rewrite the second answer.
    app.apply(Command::PreviousScene, 0.0);
    app.apply(Command::QuizNext, 0.0);
    app.apply(Command::QuizAnswer(Pick::Count(2)), 0.0);
    assert_eq!(app.quiz.score(), (1, 2));
}

#[test]
fn clipped_points_are_marked_then_given_with_enter() {
    let mut app = builtin();
    app.apply(Command::NextScene, 0.0);
    app.apply(Command::ToggleQuiz, 0.0);
    assert_eq!(app.session.scene_name(), "02_tilted_box.ron");
    // First the reference face (its reveal stops before the clipping, so it does not answer
    // the survivors): the ground's top.
    let top = box_edge(8.0, 1.0, glam::Vec2::Y);
    app.apply(Command::QuizAnswer(Pick::Face(Some((Which::A, top)))), 0.0);
    app.apply(Command::QuizNext, 0.0);
    // The box is turned 10° counter-clockwise: its left bottom corner dips into the ground,
    // its right one lifts. The point that survives is the one left of the box's centre.
    let clipped = narrowphase_lab::app::quiz::targets(
        app.quiz.ask(app.doc.scene()).expect("a question"),
        &app.session.pair,
    );
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
    assert!(
        !app.quiz.hides(app.doc.scene()),
        "Enter gave the marked points"
    );
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
    app.files(0.0, |f| f.go_to(deep, 0.0, true));
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

/// "How many contact points?" always offers the true count: for the star on the floor (a
/// compound of five parts) more than two are on offer, and the answer, two, is one of them.
#[test]
fn the_contact_count_choices_hold_the_answer_for_every_scene() {
    use narrowphase_lab::scene::questions::{Answer, answer};
    use narrowphase_lab::scene::{Ask, AskKind, PairTraces};
    let mut app = builtin();
    let scenes = app.session.lecture.scenes.len();
    for index in 0..scenes {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
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
        assert!(app.quiz.hides(app.doc.scene()), "question {asked} waits");
        let scene = app.doc.scene().clone();
        let kind = app.quiz.ask(app.doc.scene()).expect("a question").kind;
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
        assert!(!app.quiz.hides(app.doc.scene()), "{what}: answered");
        asked += 1;
        let at = (app.session.index, app.quiz.question);
        app.apply(Command::QuizNext, 0.0);
        if (app.session.index, app.quiz.question) == at || !app.quiz.hides(app.doc.scene()) {
            break;
        }
    }
    assert!(asked >= 8, "the walk asked {asked} questions");
}

/// Issue 26, item 12: `--print-state`'s quiz targets are where the last frame drew them, not
/// where the cameras have moved since (framing moves them after the frame: the printed targets
/// were a layout behind, ~10 px off the drawn ones).
#[test]
fn the_printed_targets_are_where_the_frame_drew_them() {
    let mut app = builtin();
    // Scene 1's first question asks for the reference face: its targets are the bodies'
    // faces, on the world view.
    app.apply(Command::ToggleQuiz, 0.0);
    let _ = frame_texts(&mut app);
    let _ = frame_texts(&mut app);
    let targets = |app: &App| {
        let state: serde_json::Value =
            serde_json::from_str(&app.state_json()).expect("the state's JSON");
        state["quiz"]["targets"].clone()
    };
    let drawn = targets(&app);
    assert!(
        drawn.as_array().is_some_and(|t| t.len() >= 8),
        "the two boxes' faces are targets: {drawn}"
    );
    // The camera moves after the frame (as framing moves it): the targets printed stay the
    // frame's.
    app.view.cam.center += glam::Vec2::new(0.5, 0.25);
    assert_eq!(targets(&app), drawn);
}

/// No reveal answers a question its scene asks later: a manifold picture shows everything up
/// to its step (the reference face, the clipping, the points kept and dropped), so a later
/// manifold question must be revealed at a later step than any before it; a GJK or SAT
/// picture shows its own step, so two questions there may not share one.
#[test]
fn no_reveal_answers_a_later_question_of_its_scene() {
    use narrowphase_lab::app::command::StepTo;
    use narrowphase_lab::app::quiz::{mode_for, reveal_step};
    let mut app = builtin();
    let mut checked = 0;
    for index in 0..app.session.lecture.scenes.len() {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        let asks = app.doc.scene().questions.clone();
        let shown: Vec<(ModeKind, usize)> = asks
            .iter()
            .map(|ask| {
                let mode = mode_for(ask.kind);
                app.apply(Command::SetMode(mode), 0.0);
                let last = app.step_count().saturating_sub(1);
                let step = match reveal_step(ask, &app.session.pair) {
                    StepTo::At(k) => k.min(last),
                    _ => last,
                };
                (mode, step)
            })
            .collect();
        for (i, (mi, si)) in shown.iter().enumerate() {
            for (j, (mj, sj)) in shown.iter().enumerate().skip(i + 1) {
                checked += 1;
                let leaks = mi == mj
                    && if *mi == ModeKind::Manifold {
                        si >= sj
                    } else {
                        si == sj
                    };
                assert!(
                    !leaks,
                    "{}: question {} is revealed at {mi:?} step {si}, which shows question {}'s \
                     answer (step {sj})",
                    app.session.scene_name(),
                    i + 1,
                    j + 1
                );
            }
        }
    }
    assert!(
        checked >= 3,
        "scenes ask more than one question: {checked} pairs"
    );
}
