//! Compound bodies in the app, without a window: the part picker and a click on a part choose
//! the part pair every mode shows, a drag still moves the body, the L-bracket's shown pair
//! follows the deepest pair as it turns, vertex editing works on one part (convex, one undo
//! step), and the star's two contacts keep their ids while it jitters.

use glam::Vec2;
use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::modes::manifold::ManifoldMode;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::ShapeSpec;

/// A headless frame's input: the default 1280×800 window.
fn raw_input() -> egui::RawInput {
    screen_input(1280.0, 800.0)
}

/// The built-in lecture open at the scene `name`, after one frame (so the canvas is laid out).
fn open(name: &str) -> (App, egui::Context) {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let index = app
        .session
        .lecture
        .scenes
        .iter()
        .position(|s| s.name.starts_with(name))
        .unwrap_or_else(|| panic!("{name} is built in"));
    app.files(0.0, |f| f.go_to(index, 0.0, true));
    let ctx = new_context();
    // The first frames lay the canvas out and fit the view to the picture.
    for _ in 0..3 {
        frame(&mut app, &ctx, Input::default());
    }
    (app, ctx)
}

fn frame(app: &mut App, ctx: &egui::Context, input: Input) {
    let _ = ctx.run(raw_input(), |ctx| app.frame(ctx, 0.0, input, &[]));
}

/// Presses the left button at world point `from`, moves to `to` in `moves` frames, releases.
fn gesture(app: &mut App, ctx: &egui::Context, from: Vec2, to: Vec2, moves: usize) {
    let (a, b) = (app.view.cam.to_screen(from), app.view.cam.to_screen(to));
    // The left button at `p`: pressed this frame, held, released this frame.
    let left = |p: Vec2, [pressed, down, released]: [bool; 3]| Input {
        pointer: Some(p),
        pressed: [pressed, false, false],
        down: [down, false, false],
        released: [released, false, false],
        ..Input::default()
    };
    frame(app, ctx, left(a, [true, true, false]));
    for k in 1..=moves {
        let p = a + (b - a) * (k as f32 / moves as f32);
        frame(app, ctx, left(p, [false, true, false]));
    }
    frame(app, ctx, left(b, [false, false, true]));
}

/// The star's centre: 0.79 above the floor's top face (y = 0).
const STAR: Vec2 = Vec2::new(0.0, 0.79);

#[test]
fn the_star_shows_its_deepest_part_pair_until_another_is_picked() {
    let (mut app, _) = open("18_");
    let pair = &app.session.pair;
    assert_eq!(pair.shown_parts(), [0, 2], "floor × the first spike down");
    assert!((pair.query.separation + (54f32.to_radians().sin() - 0.79)).abs() < 1e-5);
    assert_eq!(pair.contacts().len(), 2);
    // The spike pointing up (part 0): its lowest point is the star's centre, 0.79 above the
    // floor, so SAT, GJK and the manifold all describe a pair 0.79 apart.
    app.apply(Command::PickParts(Some([0, 0])), 0.0);
    let pair = &app.session.pair;
    assert_eq!(pair.shown_parts(), [0, 0]);
    assert!(
        (pair.query.separation - 0.79).abs() < 1e-5,
        "{}",
        pair.query.separation
    );
    assert!(
        (pair.sat.separation - 0.79).abs() < 1e-5,
        "{}",
        pair.sat.separation
    );
    assert!(pair.manifold.is_empty(), "the shown pair has no points");
    assert_eq!(
        pair.contacts().len(),
        2,
        "the other pairs' points are still there"
    );
    for mode in ModeKind::ALL {
        app.apply(Command::SetMode(mode), 0.0);
        assert_eq!(app.session.pair.shown_parts(), [0, 0], "{}", mode.name());
    }
    // A view choice: the scene is not modified and nothing is to undo.
    assert!(!app.doc.modified());
    assert_eq!(app.doc.undo_len(), 0);
    app.apply(Command::PickParts(None), 0.0);
    assert_eq!(app.session.pair.shown_parts(), [0, 2]);
}

#[test]
fn a_click_on_a_part_shows_it_and_a_drag_moves_the_body() {
    let (mut app, ctx) = open("18_");
    // A click inside the spike pointing up (0.5 above the centre, on its axis).
    let up = STAR + Vec2::new(0.0, 0.5);
    gesture(&mut app, &ctx, up, up, 0);
    assert_eq!(app.session.parts, Some([0, 0]));
    assert_eq!(app.session.pair.shown_parts(), [0, 0]);
    assert!(!app.doc.modified(), "a click moves nothing");
    // A pointer that wanders 3 pixels is still a click: the right-hand spike (part 4, at 18°).
    let right = STAR + Vec2::new(18f32.to_radians().cos(), 18f32.to_radians().sin()) * 0.5;
    let wobble = right + Vec2::new(3.0, 0.0) / app.view.cam.zoom;
    gesture(&mut app, &ctx, right, wobble, 2);
    assert_eq!(app.session.pair.shown_parts(), [0, 4]);
    assert!(!app.doc.modified());
    // A drag moves the star by the dragged distance and keeps the part shown.
    gesture(&mut app, &ctx, up, up + Vec2::new(0.5, 0.25), 5);
    let b = &app.doc.scene().b;
    assert!((b.position - (STAR + Vec2::new(0.5, 0.25))).length() < 2.0 / app.view.cam.zoom);
    assert_eq!(app.session.pair.shown_parts(), [0, 4]);
    assert_eq!(app.doc.undo_len(), 1);
    // A click on the floor (one shape) picks nothing.
    gesture(
        &mut app,
        &ctx,
        Vec2::new(-1.5, -0.5),
        Vec2::new(-1.5, -0.5),
        0,
    );
    assert_eq!(app.session.pair.shown_parts(), [0, 4]);
}

#[test]
fn the_l_bracket_shows_the_wall_pair_once_turned_one_degree() {
    let (mut app, _) = open("19_");
    assert_eq!(app.session.pair.shown_parts(), [0, 0], "floor × foot");
    let (a, mut b) = (app.doc.scene().a.clone(), app.doc.scene().b.clone());
    b.angle_deg = 31.0;
    app.apply(Command::SetBodies(Box::new((a.clone(), b.clone()))), 0.0);
    // The upright's top is 1.6 sin 31° − 0.79 into the wall's face x = −2.
    let pair = &app.session.pair;
    assert_eq!(pair.shown_parts(), [1, 1], "wall × upright");
    let wall = 1.6 * 31f32.to_radians().sin() - 0.79;
    assert!((pair.query.separation + wall).abs() < 1e-4);
    assert!((pair.query.normal - Vec2::X).length() < 1e-5);
    // A chosen pair stays chosen while the bracket turns back.
    app.apply(Command::PickParts(Some([1, 0])), 0.0);
    b.angle_deg = 30.0;
    app.apply(Command::SetBodies(Box::new((a, b))), 0.0);
    assert_eq!(
        app.session.pair.shown_parts(),
        [1, 0],
        "wall × foot, as chosen"
    );
}

#[test]
fn vertex_edit_moves_the_shown_parts_vertex_and_keeps_it_convex() {
    let (mut app, ctx) = open("18_");
    app.apply(Command::PickParts(Some([0, 0])), 0.0);
    app.apply(Command::ToggleVertexEdit, 0.0);
    let before = app.doc.scene().clone();
    let ShapeSpec::Compound { parts } = &before.b.shape else {
        panic!("the star is a compound");
    };
    // The tip of the spike pointing up, (1, 0) in its own frame, is 1 above the centre: drag
    // it 0.21 higher, to (1.21, 0) in its own frame.
    let tip = STAR + Vec2::new(0.0, 1.0);
    gesture(&mut app, &ctx, tip, tip + Vec2::new(0.0, 0.21), 4);
    let ShapeSpec::Compound { parts: after } = &app.doc.scene().b.shape else {
        panic!("still a compound");
    };
    let ShapeSpec::Polygon { vertices, .. } = &after[0].shape else {
        panic!("part 0 is a polygon: {:?}", after[0].shape);
    };
    assert!(
        (vertices[2] - Vec2::new(1.21, 0.0)).length() < 1e-4,
        "{vertices:?}"
    );
    assert_eq!(&after[1..], &parts[1..], "the other parts are untouched");
    assert_eq!(app.doc.undo_len(), 1, "one drag, one undo step");
    // Dragging the tip down past the spike's sides (in one move) would make it concave:
    // refused, and the spike stays as it was.
    let edited = app.doc.scene().clone();
    let tip = STAR + Vec2::new(0.0, 1.21);
    gesture(&mut app, &ctx, tip, STAR + Vec2::new(0.0, 0.1), 1);
    assert_eq!(app.doc.scene().b, edited.b, "a concave spike is refused");
    assert!(app.dialogs.banner.as_ref().is_some_and(|b| b.error));
    app.apply(Command::Undo, 0.0);
    assert_eq!(app.doc.scene().b, before.b, "undo brings the spike back");
    assert_eq!(app.session.pair.shown_parts(), [0, 0]);
}

#[test]
fn the_stars_two_contacts_keep_their_ids_while_it_jitters() {
    let (mut app, ctx) = open("18_");
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    let ids: Vec<u64> = app.session.pair.contacts().iter().map(|c| c.id).collect();
    assert_eq!(ids.len(), 2);
    assert_eq!(ids[0] & 0xffff_ffff, ids[1] & 0xffff_ffff);
    assert_ne!(ids[0], ids[1]);
    let mut options = app.session.options;
    options.jitter = true;
    app.apply(Command::SetOptions(options), 0.0);
    for _ in 0..30 {
        frame(&mut app, &ctx, Input::default());
        let now: Vec<u64> = app.session.pair.contacts().iter().map(|c| c.id).collect();
        assert_eq!(now, ids);
    }
    // Jitter turns the whole star (every part), not only the shown spike.
    let bodies = app.session.pair.pair.bodies.as_ref().expect("compound");
    let turned = bodies.xfs[1].q.angle();
    assert!(turned.abs() > 1e-4 && turned.abs() < 2e-3, "{turned}");
    assert_eq!(
        app.modes
            .find::<ManifoldMode>()
            .expect("the manifold mode")
            .churn,
        0
    );
}

/// A chain's segments are lines: a click within the ring of one shows it (the manifold mode
/// then draws that segment's pair), and a drag there moves the chain.
#[test]
fn a_click_on_a_chain_segment_shows_it_and_a_drag_moves_the_chain() {
    let (mut app, ctx) = open("24_");
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    for _ in 0..3 {
        frame(&mut app, &ctx, Input::default());
    }
    // The mode frames the pair shown (segment 0 and B); zoomed out, as the user would, to the
    // file's view of the whole chain.
    app.view.cam.center = Vec2::new(0.0, 1.0);
    app.view.cam.zoom = 30.0;
    app.view.view_moved = true;
    frame(&mut app, &ctx, Input::default());
    // Segment k runs from x = 10 − 2k to 8 − 2k: the middle of segment 6, 2 pixels above the
    // line (still on it), in the view.
    let cam = &app.view.cam;
    let k = 6;
    let x = 9.0 - 2.0 * k as f32;
    let seen = cam.to_screen(Vec2::new(x, 0.0));
    assert!(
        seen.cmpgt(cam.viewport_min).all()
            && seen.cmplt(cam.viewport_min + cam.viewport_size).all(),
        "segment {k} is in the view ({seen})"
    );
    let on = Vec2::new(x, 2.0 / cam.zoom);
    gesture(&mut app, &ctx, on, on, 0);
    assert_eq!(app.session.pair.shown_parts(), [k, 0]);
    assert!(!app.doc.modified(), "a click moves nothing");
    // Far from every segment (and from B) a click picks nothing.
    let off = Vec2::new(x, 40.0 / app.view.cam.zoom);
    gesture(&mut app, &ctx, off, off, 0);
    assert_eq!(app.session.pair.shown_parts(), [k, 0]);
    // A drag on the line moves the chain by the dragged distance.
    gesture(&mut app, &ctx, on, on + Vec2::new(0.0, -0.5), 5);
    let a = &app.doc.scene().a;
    assert!((a.position - Vec2::new(0.0, -0.5)).length() < 2.0 / app.view.cam.zoom);
    assert_eq!(app.doc.undo_len(), 1);
}

/// Vertex edit on a chain drags the shown segment's ends, which are the chain's points: the
/// neighbour moves with it (they share the point); a move that repeats a point is refused.
#[test]
fn vertex_edit_drags_a_chain_point_and_refuses_a_repeated_one() {
    let (mut app, ctx) = open("24_");
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    app.apply(Command::PickParts(Some([0, 0])), 0.0);
    app.apply(Command::ToggleVertexEdit, 0.0);
    for _ in 0..3 {
        frame(&mut app, &ctx, Input::default());
    }
    // Segment 0 runs from (10, 0) to (8, 0): drag its end, chain point 1, up by 0.25.
    let end = Vec2::new(8.0, 0.0);
    gesture(&mut app, &ctx, end, end + Vec2::new(0.0, 0.25), 4);
    let ShapeSpec::Chain { points, .. } = app.doc.scene().a.shape.clone() else {
        panic!("still a chain");
    };
    assert!(
        (points[1] - Vec2::new(8.0, 0.25)).length() < 1e-3,
        "{points:?}"
    );
    assert_eq!(points[0], Vec2::new(10.0, 0.0));
    assert_eq!(points[2], Vec2::new(6.0, 0.0));
    assert_eq!(app.doc.undo_len(), 1, "one drag, one undo step");
    // Onto point 0 in one move: a repeated point, refused with a banner.
    let edited = app.doc.scene().clone();
    gesture(&mut app, &ctx, points[1], Vec2::new(10.0, 0.0), 1);
    assert_eq!(app.doc.scene().a, edited.a, "a repeated point is refused");
    assert!(app.dialogs.banner.as_ref().is_some_and(|b| b.error));
}
