//! Issue 43, item 3: at 1024×768 and the presenter's scale 1.5 the SAT table fits its panel:
//! every shadow cell ("[min, max]") inside the window (a narrow panel drops the shadows column
//! and shows the current axis's shadows under the table), and no axis name wraps ("1. A edge 0"
//! took two lines, cut after "A edge").

use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;

/// Every text drawn: its words, its right edge and its number of rows.
fn walk(s: &egui::Shape, out: &mut Vec<(String, f32, usize)>) {
    match s {
        egui::Shape::Text(t) => out.push((
            t.galley.text().to_string(),
            t.pos.x + t.galley.rect.max.x,
            t.galley.rows.len(),
        )),
        egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
        _ => {}
    }
}

#[test]
fn the_sat_table_fits_a_small_window_at_the_presenters_scale() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let (w, h, scale) = (1024.0_f32, 768.0_f32, 1.5_f32);
    app.apply(Command::SetScale(scale), 0.0);
    let (mut cells, mut names) = (0, 0);
    for index in 0..app.session.lecture.scenes.len() {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        app.apply(Command::SetMode(ModeKind::Sat), 0.0);
        let mut out = None;
        for _ in 0..4 {
            out = Some(ctx.run(screen_input(w / scale, h / scale), |ctx| {
                app.frame(ctx, 0.0, Input::default(), &[]);
            }));
        }
        let mut shown = Vec::new();
        for c in &out.expect("a frame").shapes {
            walk(&c.shape, &mut shown);
        }
        let name = app.session.scene_name().to_string();
        let right = w / scale;
        let mut seen = 0;
        for (text, end, _) in shown.iter().filter(|(t, ..)| t.starts_with('[')) {
            seen += 1;
            assert!(
                *end <= right + 0.5,
                "{name}: the SAT cell {text} ends at x = {end}, past the window's {right}"
            );
        }
        // (A short panel shows what is below its fold once scrolled down: it never scrolls
        // sideways, so no cell may end past the window's right edge.)
        cells += seen;
        // The table's axis names: "N. A edge k" and the like, each on one row.
        for (text, _, rows) in shown.iter().filter(|(t, ..)| {
            t.split_once(". ")
                .is_some_and(|(n, rest)| n.parse::<usize>().is_ok() && rest.starts_with(['A', 'B']))
        }) {
            names += 1;
            assert_eq!(*rows, 1, "{name}: the axis name {text:?} wraps");
        }
    }
    assert!(
        cells > 20 && names > 10,
        "{cells} cells, {names} axis names"
    );
}
