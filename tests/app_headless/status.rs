//! The status bar names where the scene comes from (issue 43, item 5): a built-in scene as
//! built in, a pasted one as held only in the app (it said "built-in: pasted.ron").

use narrowphase_lab::app::App;
use narrowphase_lab::cli::AppFlags;

/// Every text the app draws.
fn texts(app: &mut App) -> Vec<String> {
    crate::common::app_texts(app)
}

#[test]
fn the_status_bar_says_built_in_only_for_a_built_in_scene() {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "built-in: 01_resting_box.ron"),
        "{shown:?}"
    );
    let text = narrowphase_lab::scene::BUILTIN[1].1.to_string();
    assert!(app.files(0.0, |f| f.open_text("pasted.ron".into(), text, 0.0, true)));
    let shown = texts(&mut app);
    assert!(
        shown
            .iter()
            .any(|t| t == "pasted.ron (not saved to a file)"),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|t| t.starts_with("built-in")),
        "{shown:?}"
    );
    // The paste opened beside the lecture: PageUp is the built-in scene again.
    app.apply(narrowphase_lab::app::command::Command::PreviousScene, 0.0);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "built-in: 01_resting_box.ron"),
        "{shown:?}"
    );
}
