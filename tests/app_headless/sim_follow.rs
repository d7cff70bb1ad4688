//! Issue 40, item 1: in Simulate every claimed difference is seen by eye. A small body sliding
//! along a long floor (scenes 24–27: a 0.8 × 0.4 box is 24 × 12 px at the scenes' zoom 30) is
//! followed by the view at a zoom where it is at least 60 px across; an inset magnifies its
//! deepest contact; each run's trail shows where it went over the last second. Read from
//! `--print-state`'s `sim.runs`, `sim.camera`, `sim.inset` and `sim.trails` (DESIGN.md).

use crate::common::screen_rects::{Rect, body_box, inside, overlap, rect};
use crate::kit::open;
use narrowphase_lab::app::command::{Command, StepTo};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::simulate::SimulateMode;
use narrowphase_lab::app::{App, new_context, screen_input};

fn sim(app: &mut App) -> &mut SimulateMode {
    app.modes
        .find_mut::<SimulateMode>()
        .expect("the Simulate mode")
}

fn frame(ctx: &egui::Context, app: &mut App, now: f64) {
    let raw = screen_input(1280.0, 800.0);
    let _ = ctx.run(raw, |ctx| app.frame(ctx, now, Input::default(), &[]));
}

/// The app at `step` (the lab all the way there), one frame drawn, its state.
fn at(ctx: &egui::Context, app: &mut App, step: usize, now: f64) -> serde_json::Value {
    app.apply(Command::Step(StepTo::At(step)), now);
    while sim(app).progress().is_some() || sim(app).lab().unwrap().steps() != step {
        app.advance_mode(now);
    }
    frame(ctx, app, now);
    frame(ctx, app, now + 0.01);
    serde_json::from_str(&app.state_json()).expect("JSON")
}

/// The world view's rectangle `[x, y, w, h]`, window pixels.
fn world(s: &serde_json::Value) -> Rect {
    let v = s["views"]
        .as_array()
        .expect("views")
        .iter()
        .find(|v| v["name"] == "world")
        .expect("the world view");
    rect(&v["rect"])
}

/// Scenes 25 and 27 late in the run: the followed body as drawn is inside the world view and
/// at least 60 px across; without following it is out of the view or a speck. The inset shows
/// its contact from a corner clear of it, and every run has a trail ending at its body.
#[test]
fn sim_follows_the_sliding_body_in_view_and_readable_and_magnifies_its_contact() {
    for (scene, step) in [("25_tile_floor.ron", 200), ("27_ball_over_seams.ron", 220)] {
        let ctx = new_context();
        let mut app = open(scene);
        frame(&ctx, &mut app, 0.0);
        let s = at(&ctx, &mut app, step, 0.1);
        let view = world(&s);
        let cam = &s["sim"]["camera"];
        assert_eq!(cam["follow"], true, "{scene}: follows by default");
        assert_eq!(cam["default"], true, "{scene}");
        let body = body_box(&s, 0);
        eprintln!("{scene} step {step}: body {body:?} in {view:?}, camera {cam}");
        assert!(inside(body, view), "{scene}: {body:?} inside {view:?}");
        assert!(
            body[2].max(body[3]) >= 60.0,
            "{scene}: the body is {body:?} px across"
        );
        // The camera's zoom is the one the bodies are drawn at.
        let zoom = s["sim"]["screen"]["pixels_per_unit"].as_f64().unwrap();
        assert_eq!(cam["zoom"].as_f64().unwrap(), zoom);

        // The inset: inside the world view, over none of the body, centred on a contact point
        // that is on the body; its factor written in it.
        let inset = &s["sim"]["inset"];
        assert!(inset.is_object(), "{scene}: an inset while in contact");
        let r = rect(&inset["rect"]);
        assert!(inside(r, view), "{scene}: inset {r:?} inside {view:?}");
        assert!(
            !overlap(r, body),
            "{scene}: inset {r:?} over the body {body:?}"
        );
        assert!(r[2] >= 100.0, "{scene}: {r:?}");
        let factor = inset["factor"].as_f64().unwrap();
        assert!(factor >= 4.0, "{factor}");
        assert!((inset["zoom"].as_f64().unwrap() / zoom - factor).abs() < 1e-3);
        let p = rect(&serde_json::json!([
            inset["point_px"][0],
            inset["point_px"][1],
            0.0,
            0.0
        ]));
        let near = [body[0] - 3.0, body[1] - 3.0, body[2] + 6.0, body[3] + 6.0];
        assert!(
            inside(p, near),
            "{scene}: the contact {p:?} is on the body {body:?}"
        );
        let caption = inset["caption"].as_str().unwrap();
        assert!(caption.starts_with(&format!("×{factor}")), "{caption}");
        let labels = s["labels"].as_array().unwrap();
        assert!(
            labels
                .iter()
                .any(|l| l["text"] == caption && rect(&l["rect"]) == r),
            "{scene}: the caption in the inset"
        );
        assert!(
            s["views"]
                .as_array()
                .unwrap()
                .iter()
                .any(|v| v["name"] == "inset" && rect(&v["rect"]) == r),
            "{scene}: the inset view"
        );
        // No label of the world view lies over the inset.
        for l in labels.iter().filter(|l| l["text"] != caption) {
            assert!(
                !overlap(rect(&l["rect"]), r),
                "{scene}: {} over the inset",
                l
            );
        }

        // Trails: a second of steps for every run, the newest point on its body.
        let trails = s["sim"]["trails"].as_array().expect("sim.trails");
        assert_eq!(trails.len(), s["sim"]["runs"].as_array().unwrap().len());
        for (k, t) in trails.iter().enumerate() {
            assert!(t["points"].as_u64().unwrap() >= 60, "{scene} run {k}: {t}");
            let last = rect(&serde_json::json!([t["last"][0], t["last"][1], 0.0, 0.0]));
            let b = body_box(&s, k);
            let near = [b[0] - 1.0, b[1] - 1.0, b[2] + 2.0, b[3] + 2.0];
            assert!(inside(last, near), "{scene} run {k}: {last:?} on {b:?}");
        }
        // The ball rolls on: the full run's trail spans the last second's travel (scene 25's
        // box has stopped at the seam: its trail is a dot).
        if scene.starts_with("27") {
            let t = &trails[0];
            let d = (t["first"][0].as_f64().unwrap() - t["last"][0].as_f64().unwrap()).abs();
            assert!(d > 100.0, "{scene}: the trail spans {d} px");
        }

        // Following off: the scene's own view, where the same body is out of view or a speck.
        sim(&mut app).follow = Some(false);
        frame(&ctx, &mut app, 0.2);
        frame(&ctx, &mut app, 0.3);
        let plain: serde_json::Value = serde_json::from_str(&app.state_json()).unwrap();
        assert_eq!(plain["sim"]["camera"]["follow"], false);
        let b = body_box(&plain, 0);
        eprintln!("{scene}: not following, the body is {b:?}");
        assert!(
            !inside(b, world(&plain)) || b[2].max(b[3]) < 40.0,
            "{scene}: without following, {b:?} would be seen as well"
        );
    }
}

/// The camera is a function of the step: the same step reached straight, or by going past
/// it and back (a replay), is drawn the same.
#[test]
fn sim_the_followed_camera_is_the_same_at_a_step_however_it_was_reached() {
    let ctx = new_context();
    let mut app = open("24_chain_floor.ron");
    frame(&ctx, &mut app, 0.0);
    let straight = at(&ctx, &mut app, 150, 0.1);
    let _ = at(&ctx, &mut app, 190, 0.2);
    let back = at(&ctx, &mut app, 150, 0.3);
    for field in ["camera", "runs", "inset", "trails"] {
        assert_eq!(straight["sim"][field], back["sim"][field], "{field}");
    }
    assert_eq!(straight["sim"]["camera"]["follow"], true);
    // And it moves with the body: at another step, another centre.
    let later = at(&ctx, &mut app, 60, 0.4);
    assert_ne!(
        later["sim"]["camera"]["centre"],
        back["sim"]["camera"]["centre"]
    );
}

/// Scene 24: the ghost (smooth off) is caught at a seam while the followed full run glides on;
/// out of the followed view, an arrow at the view's edge says where it is and how far.
#[test]
fn sim_a_ghost_left_behind_is_pointed_at_from_the_edge() {
    let ctx = new_context();
    let mut app = open("24_chain_floor.ron");
    frame(&ctx, &mut app, 0.0);
    let s = at(&ctx, &mut app, 200, 0.1);
    let view = world(&s);
    let ghost = body_box(&s, 1);
    assert!(!overlap(ghost, view), "the ghost is out of view: {ghost:?}");
    let label = s["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| {
            l["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("ghost 1: ") && t.ends_with(" m away"))
        })
        .unwrap_or_else(|| panic!("the ghost's pointer in {}", s["labels"]));
    assert!(inside(rect(&label["rect"]), view), "{label}");
    // The ghost is to the right (it stopped at the first seam; the full run glides left).
    assert!(ghost[0] > view[0] + view[2]);
    assert!(rect(&label["rect"])[0] > view[0] + view[2] / 2.0, "{label}");
}

/// Where the body neither leaves the view nor is a speck (scene 20's box rocking in place, the
/// stack), or the scene is about a bullet passing a wall, the view stays the scene's own.
#[test]
fn sim_scenes_that_stay_in_view_are_not_followed_by_default() {
    for scene in ["20_box_rocks.ron", "21_stack.ron", "30_bullet_wall.ron"] {
        let ctx = new_context();
        let mut app = open(scene);
        frame(&ctx, &mut app, 0.0);
        let s = at(&ctx, &mut app, 30, 0.1);
        assert_eq!(s["sim"]["camera"]["follow"], false, "{scene}");
        assert_eq!(
            s["sim"]["camera"]["zoom"], s["zoom"],
            "{scene}: the app's camera"
        );
        // Ticked, it follows.
        sim(&mut app).follow = Some(true);
        frame(&ctx, &mut app, 0.2);
        let f: serde_json::Value = serde_json::from_str(&app.state_json()).unwrap();
        assert_eq!(f["sim"]["camera"]["follow"], true, "{scene}");
        assert!(f["sim"]["camera"]["body_px"].as_f64().unwrap() >= 90.0 - 1e-3);
    }
}

#[test]
fn sim_the_wheel_zooms_the_followed_view_and_it_stays_followed() {
    let ctx = new_context();
    let mut app = open("25_tile_floor.ron");
    frame(&ctx, &mut app, 0.0);
    let before = at(&ctx, &mut app, 200, 0.01);
    assert_eq!(before["sim"]["camera"]["follow"], true);
    let zoom = before["sim"]["camera"]["zoom"].as_f64().expect("zoom");
    let view = world(&before);
    // Two notches of the wheel over the middle of the view.
    let middle = glam::Vec2::new(
        (view[0] + view[2] / 2.0) as f32,
        (view[1] + view[3] / 2.0) as f32,
    );
    let input = Input {
        pointer: Some(middle),
        wheel: 2.0,
        ..Input::default()
    };
    let _ = ctx.run(screen_input(1280.0, 800.0), |ctx| {
        app.frame(ctx, 0.02, input, &[])
    });
    let after = at(&ctx, &mut app, 200, 0.03);
    let camera = &after["sim"]["camera"];
    assert_eq!(camera["follow"], true, "still followed");
    let now = camera["zoom"].as_f64().expect("zoom");
    assert!(
        (now / zoom - 1.15f64.powi(2)).abs() < 1e-3,
        "zoomed ×{} by two notches",
        now / zoom
    );
    // The body is still in the view, and larger.
    let (b0, b1) = (body_box(&before, 0), body_box(&after, 0));
    assert!(inside(b1, world(&after)), "{b1:?}");
    assert!(b1[2] > 1.3 * b0[2], "{b0:?} → {b1:?}");
}
