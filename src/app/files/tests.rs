//! Opening, saving, links and edits through the whole app.

use super::lecture::LINK_SHOWN_CHARS;
use super::*;
use crate::app::App;
use crate::app::command::Pose;
use crate::app::command::{Command, StepTo};
use crate::app::modes::ModeKind;
use crate::app::state::Leave;
use crate::cli::AppFlags;
use crate::scene::questions::Which;
use glam::Vec2;

fn app() -> App {
    App::new(&AppFlags::default()).expect("the built-in lecture opens")
}

#[test]
fn undo_and_redo_restore_exactly() {
    let mut app = app();
    let original = app.doc.scene().clone();
    let moved = Pose {
        position: Vec2::new(1.25, 3.5),
        angle_deg: 33.0,
    };
    app.apply_all(
        &[
            Command::BeginGesture,
            Command::SetPose(Which::B, moved),
            Command::EndGesture,
        ],
        0.0,
    );
    let edited = app.doc.scene().clone();
    assert_eq!(edited.b.position, moved.position);
    assert!(app.doc.modified());
    app.apply(Command::Undo, 0.0);
    assert_eq!(*app.doc.scene(), original);
    assert!(!app.doc.modified());
    app.apply(Command::Redo, 0.0);
    assert_eq!(*app.doc.scene(), edited);
    // The pair follows the scene.
    assert_eq!(app.session.pair.xfs()[1].p, moved.position);
}

#[test]
fn a_gesture_is_one_undo_step() {
    let mut app = app();
    let mut edits = vec![Command::BeginGesture];
    for k in 0..20 {
        edits.push(Command::SetPose(
            Which::A,
            Pose {
                position: Vec2::new(k as f32 * 0.1, 0.0),
                angle_deg: 0.0,
            },
        ));
    }
    edits.push(Command::EndGesture);
    app.apply_all(&edits, 0.0);
    assert_eq!(app.doc.undo_len(), 1);
}

#[test]
fn vertex_edit_refuses_a_concave_move_and_says_so() {
    let mut app = app();
    // Scene 1's B is a 2×1 box: dragging its top-right corner (vertex 2) to the centre would
    // make it concave.
    let before = app.doc.scene().clone();
    app.apply_all(
        &[
            Command::BeginGesture,
            Command::MoveVertex(Which::B, 2, Vec2::new(0.0, -0.2)),
            Command::EndGesture,
        ],
        0.0,
    );
    assert_eq!(*app.doc.scene(), before, "the shape must not change");
    let banner = app.dialogs.banner.clone().expect("an explanation");
    assert!(banner.error && banner.text.contains("convex"), "{banner:?}");
    // Onto the line between its neighbours: the vertex would vanish, so that is refused too.
    app.apply_all(
        &[
            Command::BeginGesture,
            Command::MoveVertex(Which::B, 2, Vec2::new(0.0, 0.0)),
            Command::EndGesture,
        ],
        0.0,
    );
    assert_eq!(*app.doc.scene(), before);
    assert_eq!(app.doc.undo_len(), 0);
    // A move that keeps it convex is taken, and the box becomes a polygon.
    app.apply_all(
        &[
            Command::BeginGesture,
            Command::MoveVertex(Which::B, 2, Vec2::new(1.5, 0.9)),
            Command::EndGesture,
        ],
        0.0,
    );
    match &app.doc.scene().b.shape {
        crate::scene::ShapeSpec::Polygon { vertices, .. } => {
            assert_eq!(vertices[2], Vec2::new(1.5, 0.9))
        }
        other => panic!("expected a polygon, got {other:?}"),
    }
    assert_eq!(app.doc.undo_len(), 1);
}

#[test]
fn steps_are_clamped_when_the_trace_shrinks() {
    let mut app = app();
    app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
    app.session.step = 1000;
    app.clamp_step();
    assert_eq!(app.session.step, app.step_count() - 1);
    app.apply(Command::Step(StepTo::First), 0.0);
    assert_eq!(app.session.step, 0);
}

#[test]
fn resolve_moves_b_out_by_the_sat_mtv() {
    let mut app = app();
    let sat = app.session.pair.sat;
    assert!(sat.overlap());
    app.apply(Command::TranslateB(sat.mtv), 0.0);
    let q = app.session.pair.query;
    assert!(!q.overlap, "after resolving, the shapes touch at most");
    assert!(q.separation.abs() < 1e-5);
    app.apply(Command::Undo, 0.0);
    assert!(app.session.pair.query.overlap);
}

#[test]
fn closing_asks_first_only_when_modified() {
    let mut app = app();
    app.apply(Command::Quit, 0.0);
    assert!(app.shell.quit && app.dialogs.confirm.is_none());
    let mut app = self::app();
    app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
    app.apply(Command::Quit, 0.0);
    assert!(!app.shell.quit);
    assert_eq!(app.dialogs.confirm, Some(Leave::Quit));
}

#[test]
fn a_query_link_opens_the_named_builtin_scene_mode_and_step() {
    let mut app = app();
    app.files(0.0, |f| {
        f.open_link("?scene=11_crossing_capsules&mode=gjk&step=2", "", 0.0)
    });
    assert_eq!(app.session.index, 10);
    assert_eq!(app.session.scene_name(), "11_crossing_capsules.ron");
    assert_eq!(app.session.mode, ModeKind::Gjk);
    assert_eq!(app.session.step, 2);
    assert!(app.dialogs.banner.is_none(), "{:?}", app.dialogs.banner);
    // A step past the trace's end is clamped to its last step, as --step is.
    app.files(0.0, |f| {
        f.open_link("?scene=11_crossing_capsules&mode=gjk&step=999", "", 0.0)
    });
    assert_eq!(app.session.step, app.step_count() - 1);
    // An unknown name: the banner says so, the scene on screen stays.
    app.files(0.0, |f| f.open_link("?scene=99_nothing", "", 0.0));
    assert_eq!(app.session.index, 10);
    let banner = app.dialogs.banner.clone().expect("a banner");
    assert!(
        banner.error && banner.text.contains("99_nothing"),
        "{banner:?}"
    );
    // Issue 39, item 6: a long name is echoed cut short, not whole.
    let long = "y".repeat(1_900_000);
    app.files(0.0, |f| f.open_link(&format!("?scene={long}"), "", 0.0));
    let banner = app.dialogs.banner.clone().expect("a banner");
    assert!(banner.text.len() < 250, "{} bytes", banner.text.len());
    assert!(
        banner.text.contains("(1900000 characters)"),
        "{}",
        &banner.text[..200]
    );
}

#[test]
fn a_copied_link_opens_the_edited_scene_in_another_app() {
    let mut app = app();
    let moved = Pose {
        position: Vec2::new(1.25, 3.5),
        angle_deg: 33.0,
    };
    app.apply_all(
        &[
            Command::BeginGesture,
            Command::SetPose(Which::B, moved),
            Command::EndGesture,
        ],
        0.0,
    );
    app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
    app.apply(Command::Step(StepTo::At(1)), 0.0);
    app.apply(Command::CopyLink, 0.0);
    let link = app
        .shell
        .to_clipboard
        .clone()
        .expect("a link for the clipboard");
    let banner = app.dialogs.banner.clone().expect("a banner");
    // The banner names the link by its start and length, not a kilobyte of base64.
    let head: String = link.chars().take(LINK_SHOWN_CHARS).collect();
    assert!(
        !banner.error
            && banner.text.contains(&head)
            && banner.text.len() < link.len()
            && banner
                .text
                .contains(&format!("({} characters)", link.chars().count())),
        "{banner:?}"
    );
    let fragment = link.strip_prefix("index.html#").expect("a #s= link");

    let mut other = self::app();
    other.files(0.0, |f| f.open_link("", fragment, 0.0));
    assert!(other.dialogs.banner.is_none(), "{:?}", other.dialogs.banner);
    assert_eq!(other.doc.scene().a, app.doc.scene().a);
    assert_eq!(other.doc.scene().b, app.doc.scene().b);
    assert_eq!(other.doc.scene().b.position, moved.position);
    assert_eq!(other.session.mode, ModeKind::Gjk);
    assert_eq!(other.session.step, 1);
    assert_eq!(other.session.scene_name(), LINKED_SCENE);
    // Saving it asks for a name, as any scene without a file does.
    other.apply(Command::Save, 0.0);
    assert_eq!(other.dialogs.save_as.as_deref(), Some(LINKED_SCENE));
}

#[test]
fn a_broken_link_keeps_the_builtin_lecture_and_says_why() {
    let mut app = app();
    let before = app.doc.scene().clone();
    app.files(0.0, |f| f.open_link("", "#s=AAAA", 0.0));
    let banner = app.dialogs.banner.clone().expect("a banner");
    assert!(banner.error, "{banner:?}");
    assert!(banner.text.contains("built-in lecture"), "{banner:?}");
    assert_eq!(*app.doc.scene(), before);
    assert_eq!(app.session.index, 0);
    // A link whose text is not a scene says where the text is wrong.
    let fragment = crate::app::link::make("Scene(title: 3)", ModeKind::Sat, 0);
    app.files(0.0, |f| f.open_link("", &fragment, 0.0));
    let banner = app.dialogs.banner.clone().expect("a banner");
    assert!(
        banner
            .text
            .starts_with("the link's scene could not be read"),
        "{banner:?}"
    );
    assert!(banner.text.contains(LINKED_SCENE), "{banner:?}");
    assert_eq!(*app.doc.scene(), before);
}

#[test]
fn a_link_followed_while_the_scene_is_modified_asks_first() {
    let mut app = app();
    app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
    let edited = app.doc.scene().clone();
    app.files(0.0, |f| {
        f.follow_link("?scene=07_circles".into(), String::new(), 0.0)
    });
    assert!(matches!(app.dialogs.confirm, Some(Leave::Link(..))));
    assert_eq!(*app.doc.scene(), edited, "nothing replaced while it asks");
    app.apply(
        Command::Confirm(crate::app::command::UnsavedChoice::Cancel),
        0.0,
    );
    assert_eq!(*app.doc.scene(), edited, "cancel keeps the edits");
    app.files(0.0, |f| {
        f.follow_link("?scene=07_circles".into(), String::new(), 0.0)
    });
    app.apply(
        Command::Confirm(crate::app::command::UnsavedChoice::Discard),
        0.0,
    );
    assert_eq!(app.session.scene_name(), "07_circles.ron");
    // Unmodified, a link is followed at once.
    app.files(0.0, |f| {
        f.follow_link("?scene=01_resting_box".into(), String::new(), 0.0)
    });
    assert_eq!(app.session.scene_name(), "01_resting_box.ron");
    // An address that names no scene (`#top`), or a broken link, asks nothing.
    app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
    app.files(0.0, |f| f.follow_link(String::new(), "top".into(), 0.0));
    assert!(app.dialogs.confirm.is_none());
    app.files(0.0, |f| f.follow_link(String::new(), "s=@@@".into(), 0.0));
    assert!(app.dialogs.confirm.is_none());
    assert!(
        app.dialogs.banner.as_ref().is_some_and(|b| b.error),
        "the broken link is said"
    );
    assert!(app.doc.modified(), "the edits stay");
}

/// Two different scenes pasted under the same name keep their unsaved edits apart; a
/// built-in scene's recovery file keeps its plain name (with this process's tag).
#[test]
fn scenes_opened_from_text_have_recovery_files_of_their_own() {
    let mut app = app();
    let builtin = app.files(0.0, |f| f.recovery_path());
    let tag = super::super::recovery::instance();
    assert!(
        builtin.ends_with(format!("01_resting_box.ron.{tag}.recover")),
        "{builtin:?}"
    );
    let mut paths = Vec::new();
    for index in [6, 0, 6] {
        let text = crate::scene::BUILTIN[index].1.to_string();
        assert!(app.files(0.0, |f| f.open_text("pasted.ron".into(), text, 0.0, true)));
        paths.push(app.files(0.0, |f| f.recovery_path()));
    }
    assert_ne!(paths[0], paths[1], "two scenes pasted as pasted.ron");
    assert_ne!(
        paths[1], builtin,
        "a pasted copy of scene 1 is not the built-in one"
    );
    assert_eq!(
        paths[0], paths[2],
        "the same scene pasted again finds its edits"
    );
}

/// A question about the scene left behind (its file changed on disk, its recovered
/// edits) does not stay open over the next scene, where its answer would land.
#[test]
fn opening_another_scene_drops_the_last_scenes_questions() {
    let mut app = app();
    let scene = app.doc.scene().clone();
    app.dialogs.on_disk = Some(Box::new(scene.clone()));
    app.dialogs.recover = Some((std::path::PathBuf::from("x.recover"), Box::new(scene)));
    app.apply(Command::OpenBuiltin(6), 0.0);
    assert_eq!(app.session.scene_name(), "07_circles.ron");
    assert!(app.dialogs.on_disk.is_none() && app.dialogs.recover.is_none());
}

#[test]
fn opening_a_dropped_text_asks_first_when_the_scene_is_modified() {
    let mut app = app();
    let (_, text) = crate::scene::BUILTIN[6];
    app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
    let open = Command::OpenText {
        name: "circles.ron".into(),
        text: text.into(),
    };
    app.apply(open, 0.0);
    assert!(matches!(app.dialogs.confirm, Some(Leave::Text(..))));
    app.apply(
        Command::Confirm(crate::app::command::UnsavedChoice::Discard),
        0.0,
    );
    assert_eq!(app.session.scene_name(), "circles.ron");
    let want = crate::scene::parse(text, "circles.ron")
        .expect("parses")
        .scene;
    assert_eq!(*app.doc.scene(), want);
    assert!(!app.doc.modified());
    // Text that is not a scene: the banner names the line, the scene stays.
    app.apply(
        Command::OpenText {
            name: "bad.ron".into(),
            text: "Scene(\n  title: \"x\",\n  a: Nope,\n)".into(),
        },
        0.0,
    );
    let banner = app.dialogs.banner.clone().expect("a banner");
    assert!(
        banner.error && banner.text.contains("bad.ron"),
        "{banner:?}"
    );
    assert_eq!(*app.doc.scene(), want);
}

#[test]
fn print_state_has_the_documented_fields() {
    let app = app();
    let v: serde_json::Value = serde_json::from_str(&app.state_json()).expect("json");
    for key in ["scene", "mode", "step", "zoom", "screen"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert!(v["screen"]["a"][0].is_number() && v["screen"]["b"][1].is_number());
    assert!(v["scene"]["b"]["position"].is_array());
}
