//! The sweep plot in the app: B turned through 360° by the same sweep as the command line,
//! checked against the resting box's heights worked out by hand, and a click on the plot
//! turning B there as one undoable change.

use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::panels::sweep_plot::POSES;
use narrowphase_lab::app::{App, new_context};
use narrowphase_lab::cli::AppFlags;

fn frame(app: &mut App, ctx: &egui::Context, events: Vec<egui::Event>) {
    let raw = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 1600.0),
        )),
        events,
        ..Default::default()
    };
    let _ = ctx.run(raw, |ctx| app.frame(ctx, 0.0, Input::default(), &[]));
}

fn click(app: &mut App, ctx: &egui::Context, at: egui::Pos2) {
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    frame(app, ctx, vec![egui::Event::PointerMoved(at)]);
    frame(app, ctx, vec![button(true)]);
    frame(app, ctx, vec![button(false)]);
    frame(app, ctx, vec![egui::Event::PointerGone]);
}

#[test]
fn the_sweep_turns_the_resting_box_and_a_click_turns_b_there_in_one_undo_step() {
    // Scene 1: the ground's top at y = 0; the 2 × 1 box centred at y = 0.48.
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let ctx = new_context();
    app.sweep.open = true;
    // Two frames: egui settles its panels' sizes in the first.
    frame(&mut app, &ctx, Vec::new());
    frame(&mut app, &ctx, Vec::new());
    let rows = app.sweep.rows.clone();
    assert_eq!(rows.len(), POSES);
    let at = |deg: f32| {
        rows.iter()
            .find(|r| (r.t - deg).abs() < 1e-3)
            .unwrap_or_else(|| panic!("no row at {deg}°"))
    };
    // Flat: its bottom 0.02 below the ground; on end (90°, 270°): its half length 1 below
    // its centre, 0.52 below; at 45°: its corner √(1² + 0.5²)·sin(45° + atan(0.5)) below.
    assert!((at(0.0).separation + 0.02).abs() < 1e-5);
    assert!((at(90.0).separation + 0.52).abs() < 1e-5);
    assert!((at(270.0).separation + 0.52).abs() < 1e-5);
    let corner = 1.25f32.sqrt() * (45f32.to_radians() + 0.5f32.atan()).sin();
    assert!((at(45.0).separation - (0.48 - corner)).abs() < 1e-5);
    assert_eq!(at(0.0).ids.len(), 2, "flat: two points");
    assert_eq!(at(45.0).ids.len(), 1, "on a corner: one");

    // A click on the separation plot at 120° turns B to 120°.
    let undo = app.doc.undo_len();
    let plot = app.sweep.transforms[0];
    let at_angle = |deg: f64| plot.position_from_point(&egui_plot::PlotPoint::new(deg, 0.0));
    click(&mut app, &ctx, at_angle(120.0));
    let angle = app.doc.scene().b.angle_deg;
    assert!((angle - 120.0).abs() < 0.5, "B turned to {angle}°");
    assert_eq!(app.doc.undo_len(), undo + 1, "one undo step");
    assert!((app.session.pair.query.separation - at(120.0).separation).abs() < 0.01);
    // Another click, another step; Ctrl+Z twice brings B back flat.
    let plot = app.sweep.transforms[0];
    let at_angle = |deg: f64| plot.position_from_point(&egui_plot::PlotPoint::new(deg, 0.0));
    click(&mut app, &ctx, at_angle(300.0));
    assert!((app.doc.scene().b.angle_deg - 300.0).abs() < 0.5);
    assert_eq!(app.doc.undo_len(), undo + 2);
    app.apply(narrowphase_lab::app::command::Command::Undo, 0.0);
    app.apply(narrowphase_lab::app::command::Command::Undo, 0.0);
    assert_eq!(app.doc.scene().b.angle_deg, 0.0);
    assert_eq!(
        app.sweep.rows.len(),
        POSES,
        "turning B does not sweep again"
    );
}
