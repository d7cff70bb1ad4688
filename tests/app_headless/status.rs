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

/// At 1024×768 and the presenter scale 1.5 the status bar keeps to one row (issue 43, item 3:
/// it wrapped, the frame time on a second row taking the canvas's room): in every mode of a
/// plain pair, a compound (its extra "bodies" field) and a chain. Its height is compared with
/// the same bar at 1280×800 and scale 1, where it is one row.
#[test]
fn the_status_bar_keeps_to_one_row_at_1024_by_768_and_scale_1_5() {
    use narrowphase_lab::app::command::Command;
    use narrowphase_lab::app::input::Input;
    use narrowphase_lab::app::modes::ModeKind;
    use narrowphase_lab::app::{new_context, screen_input};
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let height = |app: &mut App, (w, h, scale): (f32, f32, f32)| {
        app.apply(Command::SetScale(scale), 0.0);
        for _ in 0..2 {
            // The window's size in pixels (egui divides by the zoom, as in the window).
            let _ = ctx.run(screen_input(w, h), |ctx| {
                app.frame(ctx, 0.0, Input::default(), &[]);
            });
        }
        let (_, r) = app
            .probe
            .panels
            .iter()
            .find(|(n, _)| *n == "status")
            .copied()
            .expect("the status bar");
        r[3] / scale
    };
    let one_row = height(&mut app, (1280.0, 800.0, 1.0));
    let mut checked = 0;
    for name in ["13_gjk_distance", "19_l_bracket", "24_chain_floor"] {
        let index = narrowphase_lab::scene::BUILTIN
            .iter()
            .position(|(n, _)| n.starts_with(name))
            .expect("built in");
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        for mode in ModeKind::ALL {
            app.apply(Command::SetMode(mode), 0.0);
            let h = height(&mut app, (1024.0, 768.0, 1.5));
            assert!(
                h < 1.3 * one_row,
                "{name} {}: the status bar is {h} points high, one row is {one_row}",
                mode.name()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 3 * ModeKind::ALL.len());
}
