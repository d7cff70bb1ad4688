//! The app without a window: every mode × every built-in scene × every step is rendered on a
//! headless egui context (panels, step text, the canvas), and every text shown is checked.

use narrowphase_lab::app::command::{Command, StepTo};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::{App, new_context};
use narrowphase_lab::cli::AppFlags;

fn raw_input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}

/// Every text in the frame's shapes.
fn texts(shapes: &[egui::epaint::ClippedShape], out: &mut Vec<String>) {
    fn walk(s: &egui::Shape, out: &mut Vec<String>) {
        match s {
            egui::Shape::Text(t) => out.push(t.galley.text().to_string()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    for c in shapes {
        walk(&c.shape, out);
    }
}

#[test]
fn every_mode_scene_and_step_renders_with_step_text_and_no_nan() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let scenes = app.session.lecture.scenes.len();
    assert!(scenes >= 10, "the built-in lecture has its scenes");
    let mut frames = 0;
    for index in 0..scenes {
        app.go_to(index, 0.0, true);
        assert_eq!(app.session.index, index);
        for mode in ModeKind::ALL {
            app.apply(Command::SetMode(mode), 0.0);
            for step in 0..app.step_count() {
                app.apply(Command::Step(StepTo::At(step)), 0.0);
                let out = ctx.run(raw_input(), |ctx| {
                    app.frame(ctx, 0.0, Input::default(), &[]);
                });
                frames += 1;
                let where_ = format!("scene {index} mode {} step {step}", mode.name());
                let text = app.mode().step_text(&app.session.pair, app.session.step);
                assert!(!text.trim().is_empty(), "{where_}: no step text");
                let label = app.mode().step_label(&app.session.pair, app.session.step);
                let mut shown = vec![text, label];
                texts(&out.shapes, &mut shown);
                assert!(shown.len() > 10, "{where_}: the panels drew no text");
                // The scene's own notes are the author's words (one explains NaN): not computed.
                let notes = app.doc.scene().notes.clone();
                for t in shown.iter().filter(|t| **t != notes) {
                    let bad = t
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|w| w.eq_ignore_ascii_case("nan") || w.eq_ignore_ascii_case("inf"));
                    assert!(!bad, "{where_}: `{t}` shows a non-number");
                }
            }
        }
    }
    eprintln!("{frames} frames rendered");
    assert!(frames > 3 * scenes);
}

/// Issue 17, item 1, in every mode and step: a radius-1000 circle and a large rounded box at
/// the largest zoom (the world view and the Minkowski pane alike), with the view on the
/// circle's edge, on the box's rounded corner, inside the circle and far away. What the canvas
/// hands egui stays small: drawing is clipped to the view, arcs are sampled where they are
/// seen, dashes only along the visible part. (Before, one dashed core or axis 2e8 pixels long
/// made millions of dashes, and the app grew past 3 GB.)
#[test]
fn huge_shapes_at_the_largest_zoom_tessellate_to_a_bounded_mesh() {
    use narrowphase_lab::geom::limits::MAX_ZOOM;
    let dir = std::env::temp_dir().join(format!("npl-headless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("huge.ron");
    std::fs::write(
        &file,
        "Scene(title: \"Huge shapes\", \
         a: Body(shape: Circle(radius: 1000.0), position: (0.0, 0.0)), \
         b: Body(shape: Box(width: 2000.0, height: 1000.0, radius: 500.0), position: (0.0, 2100.0)))",
    )
    .expect("write");
    let ctx = new_context();
    let mut app = App::new(&AppFlags {
        path: Some(file),
        ..AppFlags::default()
    })
    .expect("opens");
    let views = [
        glam::Vec2::new(1000.0, 0.0),
        glam::Vec2::new(1353.5534, 1246.4466),
        glam::Vec2::new(0.0, 0.0),
        glam::Vec2::new(9.0e5, -9.0e5),
    ];
    let mut worst = 0;
    for mode in ModeKind::ALL {
        app.apply(Command::SetMode(mode), 0.0);
        // One frame lays the views out (and frames the Minkowski pane).
        let _ = ctx.run(raw_input(), |ctx| {
            app.frame(ctx, 0.0, Input::default(), &[])
        });
        for centre in views {
            for step in 0..app.step_count() {
                app.apply(Command::Step(StepTo::At(step)), 0.0);
                app.cam.zoom = MAX_ZOOM;
                app.cam.center = centre;
                app.modes.gjk.mcam.zoom = MAX_ZOOM;
                app.modes.gjk.mcam.center = centre;
                let out = ctx.run(raw_input(), |ctx| {
                    app.frame(ctx, 0.0, Input::default(), &[]);
                });
                let meshes = ctx.tessellate(out.shapes, out.pixels_per_point);
                let vertices: usize = meshes
                    .iter()
                    .map(|m| match &m.primitive {
                        egui::epaint::Primitive::Mesh(m) => m.vertices.len(),
                        _ => 0,
                    })
                    .sum();
                worst = worst.max(vertices);
                assert!(
                    vertices < 200_000,
                    "{} at {centre} step {step}: {vertices} vertices",
                    mode.name()
                );
            }
        }
    }
    eprintln!("largest frame: {worst} vertices");
}
