//! A pasted pair opens as a new scene beside the lecture, never replacing it (issue 43): just
//! after the scene it was pasted over, PageUp goes back there, PageDown comes back to it, and the
//! rest of the lecture is as it was. A link is a fresh start and still replaces the lecture.

use narrowphase_lab::app::App;
use narrowphase_lab::app::command::Command;
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::{self, BUILTIN};

/// A Box2D pair in its programmer's terms: `b2MakeBox(4, 0.5)` and `b2MakeBox(0.5, 0.25)`
/// turned by 0.3 radians.
const ENGINE_PAIR: &str = r#"{"engine": "box2d",
    "a": {"box": {"half_extents": [4.0, 0.5]}, "position": [0.0, -0.5]},
    "b": {"box": {"half_extents": [0.5, 0.25]}, "position": [0.3, 0.2], "angle": 0.3}}"#;

fn names(app: &App) -> Vec<String> {
    app.session
        .lecture
        .scenes
        .iter()
        .map(|s| s.name.clone())
        .collect()
}

#[test]
fn a_pasted_pair_opens_beside_the_lecture_and_page_up_returns() {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let builtin: Vec<String> = names(&app);
    assert_eq!(builtin.len(), BUILTIN.len());
    app.apply(Command::GoTo(2), 0.0);
    assert_eq!(app.session.scene_name(), BUILTIN[2].0);
    app.apply(
        Command::OpenText {
            name: "pasted.ron".into(),
            text: ENGINE_PAIR.into(),
        },
        0.0,
    );
    // The pair is on screen, as the loader reads it, at place 3 of the lecture.
    let want = scene::parse(ENGINE_PAIR, "pasted.ron")
        .expect("the engine pair reads")
        .scene;
    assert_eq!(*app.doc.scene(), want);
    assert_eq!(app.session.index, 3);
    assert_eq!(app.session.scene_name(), "pasted.ron");
    let mut expect = builtin.clone();
    expect.insert(3, "pasted.ron".into());
    assert_eq!(names(&app), expect, "the lecture stays, the pair beside it");
    // PageUp: the scene it was pasted over, unchanged.
    app.apply(Command::PreviousScene, 0.0);
    assert_eq!(app.session.scene_name(), BUILTIN[2].0);
    let third = scene::parse(BUILTIN[2].1, BUILTIN[2].0)
        .expect("built-in")
        .scene;
    assert_eq!(*app.doc.scene(), third);
    // PageDown: the pasted pair again, then the lecture goes on where it did.
    app.apply(Command::NextScene, 0.0);
    assert_eq!(*app.doc.scene(), want);
    app.apply(Command::NextScene, 0.0);
    assert_eq!(app.session.scene_name(), BUILTIN[3].0);
    // Text that is not a scene adds nothing.
    app.apply(
        Command::OpenText {
            name: "pasted.ron".into(),
            text: "{\"engine\": \"box2d\"}".into(),
        },
        0.0,
    );
    assert_eq!(names(&app), expect);
    assert_eq!(app.session.scene_name(), BUILTIN[3].0);
    let banner = app.dialogs.banner.clone().expect("why it was not opened");
    assert!(banner.error, "{banner:?}");
}

#[test]
fn a_link_is_a_fresh_start_and_replaces_the_lecture() {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    app.apply(Command::GoTo(4), 0.0);
    let ron = scene::to_ron(app.doc.scene()).expect("written");
    let fragment = narrowphase_lab::app::link::make(&ron, app.session.mode, 0);
    app.files(0.0, |f| f.open_link("", &fragment, 0.0));
    assert_eq!(app.session.scene_name(), "linked_scene.ron");
    assert_eq!(names(&app).len(), 1, "{:?}", names(&app));
    assert_eq!(app.session.index, 0);
}
