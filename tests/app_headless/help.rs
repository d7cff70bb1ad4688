//! Issue 43, item 5: the keys and mouse window (F1) shows every key inside the window at
//! 1280×800 and at 1024×768 at scale 1 (it was cut after Ctrl+Q, the rest reachable only by
//! finding its scroll bar; at 1024 it was wider than the window, its keys off the left edge).

use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::panels::KEYS;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;

#[test]
fn the_help_window_shows_every_key_at_scale_one() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    app.apply(Command::ToggleHelp, 0.0);
    for (w, h) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let mut shown = Vec::new();
        for _ in 0..3 {
            let out = ctx.run(screen_input(w, h), |ctx| {
                app.frame(ctx, 0.0, Input::default(), &[]);
            });
            shown = crate::common::drawn_texts(&out.shapes);
        }
        for (key, _) in KEYS {
            let at = shown
                .iter()
                .find(|(t, p)| t == key && (0.0..=w).contains(&p.x) && (0.0..=h).contains(&p.y));
            assert!(
                at.is_some(),
                "{w}×{h}: the key {key:?} is not shown: {:?}",
                shown
                    .iter()
                    .map(|(t, p)| format!("{t}@{:.0},{:.0}", p.x, p.y))
                    .collect::<Vec<_>>()
            );
        }
    }
}
