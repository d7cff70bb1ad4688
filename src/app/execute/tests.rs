//! Commands from keys and buttons, through the whole app.

use super::*;
use crate::app::App;
use crate::app::command::{StepTo, UnsavedChoice};
use crate::app::command::{key_command, key_commands};
use crate::app::modes::ModeKind;
use crate::app::state::Leave;
use crate::cli::AppFlags;
use egui::{Key, Modifiers};
use glam::Vec2;

fn app() -> App {
    App::new(&AppFlags::default()).expect("the built-in lecture opens")
}

fn press(key: Key, modifiers: Modifiers) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    }
}

fn release(key: Key) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed: false,
        repeat: false,
        modifiers: Modifiers::NONE,
    }
}

#[test]
fn a_fast_ctrl_s_chord_still_saves() {
    // Ctrl down, S down, S up, Ctrl up, all within one frame: the S press carries Ctrl.
    let events = [press(Key::S, Modifiers::COMMAND), release(Key::S)];
    assert_eq!(key_commands(&events), vec![Command::Save]);
}

#[test]
fn keys_map_to_the_same_commands_as_buttons() {
    let none = Modifiers::NONE;
    assert_eq!(key_command(Key::Space, none), Some(Command::PlayPause));
    assert_eq!(
        key_command(Key::ArrowRight, none),
        Some(Command::Step(StepTo::Next))
    );
    assert_eq!(
        key_command(Key::Z, Modifiers::COMMAND | Modifiers::SHIFT),
        Some(Command::Redo)
    );
    assert_eq!(key_command(Key::Z, Modifiers::COMMAND), Some(Command::Undo));
    // Ctrl+Q quits (through the unsaved-changes question when modified); Q alone is the
    // quiz.
    assert_eq!(key_command(Key::Q, Modifiers::COMMAND), Some(Command::Quit));
    assert_eq!(key_command(Key::Q, none), Some(Command::ToggleQuiz));
    assert_eq!(
        key_command(Key::Num2, none),
        Some(Command::SetMode(ModeKind::Gjk))
    );
    // Ctrl+F is not F.
    assert_eq!(key_command(Key::F, Modifiers::COMMAND), None);
    // Auto-repeats and releases do nothing.
    let repeat = egui::Event::Key {
        key: Key::Space,
        physical_key: None,
        pressed: true,
        repeat: true,
        modifiers: none,
    };
    assert!(key_commands(&[repeat, release(Key::Space)]).is_empty());
}

#[test]
fn stepping_stays_inside_the_trace() {
    let mut app = app();
    app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
    let last = app.step_count() - 1;
    app.apply(Command::Step(StepTo::Last), 0.0);
    assert_eq!(app.session.step, last);
    app.apply(Command::Step(StepTo::Next), 0.0);
    assert_eq!(app.session.step, last);
    app.apply(Command::Step(StepTo::Previous), 0.0);
    assert_eq!(app.session.step, last.saturating_sub(1));
    app.apply(Command::Step(StepTo::First), 0.0);
    app.apply(Command::Step(StepTo::Previous), 0.0);
    assert_eq!(app.session.step, 0);
    app.apply(Command::Step(StepTo::At(10_000)), 0.0);
    assert_eq!(app.session.step, last);
}

#[test]
fn the_margin_slider_is_an_undoable_edit_that_marks_the_scene_modified() {
    let mut app = app();
    app.apply(Command::SetMargin(0.2), 0.0);
    app.apply(Command::SetMargin(0.3), 0.0);
    app.doc.end(EditSource::Panel);
    assert!(app.doc.modified());
    assert_eq!(app.doc.undo_len(), 1, "one drag, one undo step");
    assert_eq!(app.session.pair.pair.options.speculative_margin, 0.3);
    app.apply(Command::Undo, 0.0);
    assert!(!app.doc.modified());
    assert_eq!(app.session.pair.pair.options.speculative_margin, 0.0);
}

#[test]
fn paging_walks_the_lecture_and_stops_at_its_ends() {
    let mut app = app();
    app.apply(Command::PreviousScene, 0.0);
    assert_eq!(app.session.index, 0);
    app.apply(Command::NextScene, 0.0);
    assert_eq!(app.session.index, 1);
    let last = app.session.lecture.scenes.len() - 1;
    for _ in 0..last + 3 {
        app.apply(Command::NextScene, 0.0);
    }
    assert_eq!(app.session.index, last);
}

#[test]
fn save_in_the_unsaved_changes_dialog_saves_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("np-confirm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (_, first) = crate::scene::BUILTIN[0];
    let (_, second) = crate::scene::BUILTIN[1];
    std::fs::write(dir.join("a.ron"), first).expect("write");
    std::fs::write(dir.join("b.ron"), second).expect("write");
    let mut app = App::new(&AppFlags {
        path: Some(dir.join("a.ron")),
        ..AppFlags::default()
    })
    .expect("opens");
    app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
    app.apply(Command::NextScene, 0.0);
    assert_eq!(app.session.index, 0, "asks first");
    assert_eq!(app.dialogs.confirm, Some(Leave::Scene(1)));
    app.apply(Command::Confirm(UnsavedChoice::Save), 0.0);
    assert_eq!(app.session.index, 1, "saved, and went on");
    let saved = crate::scene::load(dir.join("a.ron")).expect("saved file loads");
    let original = crate::scene::parse(first, "a.ron").expect("parses");
    assert_eq!(
        saved.scene.b.position,
        original.scene.b.position + Vec2::new(0.5, 0.0)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_of_a_builtin_scene_asks_a_name_then_goes_on() {
    let dir = std::env::temp_dir().join(format!("np-confirm-b-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut app = app();
    app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
    app.apply(Command::Quit, 0.0);
    assert!(!app.shell.quit);
    app.apply(Command::Confirm(UnsavedChoice::Save), 0.0);
    assert!(
        app.dialogs.save_as.is_some(),
        "a built-in scene needs a name"
    );
    app.apply(Command::SaveTo(dir.join("mine.ron")), 0.0);
    assert!(app.shell.quit, "saved, then quit");
    let _ = std::fs::remove_dir_all(&dir);
}
