//! What the headless tests share: a built-in scene opened, the `--print-state` line read, a
//! frame run on a 1280×800 egui context, and a button clicked as egui sees a click.

use narrowphase_lab::app::App;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::cli::AppFlags;

/// The window the frames are run in, points (= window pixels at scale 1).
pub const SIZE: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// The built-in lecture, at its scene `name` (a file name without `.ron`).
pub fn open(name: &str) -> App {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let i = app
        .session
        .lecture
        .position(name)
        .unwrap_or_else(|| panic!("{name} is not built in"));
    app.files(0.0, |f| f.go_to(i, 0.0, true));
    app
}

/// The app's `--print-state` line, parsed.
pub fn state(app: &App) -> serde_json::Value {
    serde_json::from_str(&app.state_json()).expect("print-state is JSON")
}

/// One frame at [`SIZE`] with these egui `events`.
pub fn frame(ctx: &egui::Context, app: &mut App, events: Vec<egui::Event>) {
    let raw = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SIZE)),
        events,
        ..Default::default()
    };
    let _ = ctx.run(raw, |ctx| app.frame(ctx, 0.0, Input::default(), &[]));
}

/// A click at the middle of `rect` (`[x, y, width, height]`, the probe's window pixels, which
/// are egui points here): the pointer moved there, pressed, released and gone, a frame each.
pub fn click(ctx: &egui::Context, app: &mut App, rect: &serde_json::Value) {
    let r: Vec<f32> = rect
        .as_array()
        .expect("a rect")
        .iter()
        .map(|v| v.as_f64().unwrap() as f32)
        .collect();
    let at = egui::pos2(r[0] + r[2] / 2.0, r[1] + r[3] / 2.0);
    assert!(
        at.x < SIZE.x && at.y < SIZE.y,
        "the button is on screen: {r:?}"
    );
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    frame(ctx, app, vec![egui::Event::PointerMoved(at)]);
    frame(ctx, app, vec![button(true)]);
    frame(ctx, app, vec![button(false)]);
    frame(ctx, app, vec![egui::Event::PointerGone]);
}
