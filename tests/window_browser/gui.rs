//! The app in a real window under Xvfb, driven as a person would: screenshots checked pixel by
//! pixel, a real mouse drag with `xdotool`, and a scene file edited on disk while the app runs.
//!
//! The kit (an Xvfb of its own, screenshots, `xdotool`) is in `window/mod.rs`.

use crate::window::*;
use std::process::Command;
use std::time::Duration;

#[test]
fn every_mode_draws_both_shapes_in_their_colours() {
    let Some(d) = display() else { return };
    for mode in ["sat", "gjk", "manifold"] {
        let (img, s) = screenshot(
            &d,
            "scenes/01_resting_box.ron",
            mode,
            "0",
            &format!("modes-{mode}.png"),
        );
        assert_eq!((img.w, img.h), (1280, 800));
        assert_eq!(s["mode"], mode);
        let zoom = s["zoom"].as_f64().expect("zoom");
        assert!(
            img.distinct() > 200,
            "{mode}: the picture is nearly blank ({} colours)",
            img.distinct()
        );
        assert!(
            body_colour_around(&img, screen(&s, "a"), zoom, bluish),
            "{mode}: A is not blue around {:?}",
            screen(&s, "a")
        );
        assert!(
            body_colour_around(&img, screen(&s, "b"), zoom, violet),
            "{mode}: B is not violet around {:?}",
            screen(&s, "b")
        );
    }
}

#[test]
fn sat_mode_draws_the_shadow_bars() {
    let Some(d) = display() else { return };
    let (sat, _) = screenshot(&d, "scenes/14_epa_deep.ron", "sat", "2", "bars-sat.png");
    let (manifold, _) = screenshot(
        &d,
        "scenes/14_epa_deep.ron",
        "manifold",
        "0",
        "bars-manifold.png",
    );
    // The shadow bars are thick strokes in A's full colour beside the shapes.
    let with_bars = sat.count_near(BLUE, 12);
    let without = manifold.count_near(BLUE, 12);
    assert!(
        with_bars > without + 1000,
        "SAT shows {with_bars} blue pixels, manifold {without}: no shadow bar?"
    );
}

#[test]
fn manifold_mode_shows_reference_and_incident_faces() {
    let Some(d) = display() else { return };
    let (img, s) = screenshot(
        &d,
        "scenes/01_resting_box.ron",
        "manifold",
        "1",
        "faces.png",
    );
    assert_eq!(s["points"], 2);
    assert!(
        img.count_near(GREEN, 20) > 300,
        "no green reference face ({} px)",
        img.count_near(GREEN, 20)
    );
    // The incident face is drawn thinner, over the reference face where they touch: fewer
    // pixels than the green one, but a face's worth.
    assert!(
        img.count_near(ORANGE, 20) > 120,
        "no orange incident face ({} px)",
        img.count_near(ORANGE, 20)
    );
}

#[test]
fn gjk_steps_draw_different_pictures() {
    let Some(d) = display() else { return };
    let (first, s0) = screenshot(&d, "scenes/14_epa_deep.ron", "gjk", "0", "gjk-0.png");
    let (later, s1) = screenshot(&d, "scenes/14_epa_deep.ron", "gjk", "4", "gjk-4.png");
    assert_eq!(
        (s0["step"].as_u64(), s1["step"].as_u64()),
        (Some(0), Some(4))
    );
    let differing = first
        .rgb
        .iter()
        .zip(&later.rgb)
        .filter(|(p, q)| p != q)
        .count();
    assert!(
        differing > 2000,
        "steps 0 and 4 look the same ({differing} pixels differ)"
    );
}

#[test]
fn gjk_mode_draws_the_minkowski_difference_beside_the_world() {
    let Some(d) = display() else { return };
    let (img, s) = screenshot(&d, "scenes/02_tilted_box.ron", "gjk", "3", "minkowski.png");
    assert_eq!(s["mode"], "gjk");
    // The world view is the canvas's left half; the Minkowski pane its right half. Its outline
    // is drawn in the Minkowski colour: count those pixels right of both bodies' centres, in the
    // pane (between the world view's right edge and the right panel).
    const MINKOWSKI: [u8; 3] = [120, 200, 210];
    let right_of_world = screen(&s, "a").0.max(screen(&s, "b").0) + 160.0;
    let in_pane = (0..img.h)
        .flat_map(|y| (0..img.w).map(move |x| (x, y)))
        .filter(|&(x, _)| (x as f64) > right_of_world && x < 850)
        .filter(|&(x, y)| {
            let p = img.at(x as f64, y as f64);
            (0..3).all(|k| (p[k] as i32 - MINKOWSKI[k] as i32).abs() <= 40)
        })
        .count();
    assert!(
        in_pane > 300,
        "the Minkowski pane shows {in_pane} pixels of the difference's colour: is it drawn?"
    );
}

#[test]
fn a_real_mouse_drag_moves_b_by_the_dragged_distance() {
    let Some(d) = display() else { return };
    let scene = "scenes/01_resting_box.ron";
    let before = state(&run(&d, &[scene, "--frames", "5", "--print-state"]));
    let (bx, by) = screen(&before, "b");
    let zoom = before["zoom"].as_f64().expect("zoom");
    let (child, window) = start_app(&d, &[scene, "--seconds", "6", "--print-state"]);
    // Grab B a little left of its centre (its label sits on the centre) and drag 100 right, 40 up.
    let (x0, y0) = (bx - 40.0, by);
    let mv = |x: f64, y: f64| mouse_to(&window, x, y);
    xdotool(&d, &mv(x0, y0));
    std::thread::sleep(Duration::from_millis(150));
    xdotool(&d, &["mousedown", "1"]);
    for k in 1..=10 {
        std::thread::sleep(Duration::from_millis(60));
        xdotool(&d, &mv(x0 + 10.0 * k as f64, y0 - 4.0 * k as f64));
    }
    std::thread::sleep(Duration::from_millis(150));
    xdotool(&d, &["mouseup", "1"]);
    let after = finish(child);
    let p0 = &before["scene"]["b"]["position"];
    let p1 = &after["scene"]["b"]["position"];
    let dx = p1[0].as_f64().unwrap() - p0[0].as_f64().unwrap();
    let dy = p1[1].as_f64().unwrap() - p0[1].as_f64().unwrap();
    let tol = 1.5 / zoom;
    assert!(
        (dx - 100.0 / zoom).abs() < tol && (dy - 40.0 / zoom).abs() < tol,
        "B moved by ({dx}, {dy}), expected ({}, {})",
        100.0 / zoom,
        40.0 / zoom
    );
    // A did not move, and the move is one undo step.
    assert_eq!(before["scene"]["a"], after["scene"]["a"]);
    assert_eq!(after["undo"], 1);
    assert_eq!(after["modified"], true);
    // The frames of the drag are told apart from the rest (the frame-time measurement's basis).
    let frames = |key: &str| after[key]["frames"].as_u64().unwrap_or(0);
    assert!(
        frames("drag_frame_ms") > 0 && frames("drag_frame_ms") < frames("frame_ms"),
        "drag frames {} of {}",
        frames("drag_frame_ms"),
        frames("frame_ms")
    );
}

/// Drags B in a circle (a radius of 60 px round the grab point, 2.4 s, one event each 20 ms) with
/// one chained `xdotool` command, so that no process starts between events. Returns the app's
/// final state.
fn drag_in_a_circle(d: &Display, scene: &str, mode: &str) -> serde_json::Value {
    let before = state(&run(
        d,
        &[scene, "--mode", mode, "--frames", "5", "--print-state"],
    ));
    let (bx, by) = screen(&before, "b");
    let (child, window) = start_app(
        d,
        &[scene, "--mode", mode, "--seconds", "6", "--print-state"],
    );
    // Left of B's centre (where its label sits), by at most 0.4 units: inside both test scenes' B.
    let zoom = before["zoom"].as_f64().expect("zoom");
    let (x0, y0) = (bx - (0.4 * zoom).min(40.0), by);
    let mv = |x: f64, y: f64| mouse_to(&window, x, y);
    let mut args = mv(x0, y0);
    args.extend(["sleep", "0.15", "mousedown", "1"].map(String::from));
    for k in 1..=120 {
        let t = std::f64::consts::TAU * k as f64 / 120.0;
        args.extend(["sleep", "0.02"].map(String::from));
        args.extend(mv(x0 + 60.0 * (1.0 - t.cos()), y0 - 60.0 * t.sin()));
    }
    args.extend(["sleep", "0.1", "mouseup", "1"].map(String::from));
    xdotool(d, &args);
    finish(child)
}

/// A measurement, not a test (so it is ignored): the frame time while a shape is dragged, in each
/// mode, for two 64-gons and for the resting box. Prints the app's own statistics for the drag's
/// frames, for `docs/PERFORMANCE.md`; asserts only that a drag happened and was measured.
///
/// `cargo test --release --test window_browser -- --ignored --nocapture gui::frame_time`
#[test]
#[ignore]
fn frame_time_while_dragging() {
    let Some(d) = display() else { return };
    let ngons = tmp("ngons.ron");
    std::fs::write(
        &ngons,
        "Scene(title: \"Two 64-gons\", \
         a: Body(shape: RegularPolygon(sides: 64, circumradius: 1.0), position: (0.0, 0.0)), \
         b: Body(shape: RegularPolygon(sides: 64, circumradius: 1.0), position: (1.9, 0.3)), \
         view: View(center: (1.0, 0.0), zoom: 80.0))",
    )
    .expect("write the scene");
    let ngons = ngons.to_str().expect("utf-8 path").to_string();
    println!(
        "{:<14} {:<9} {:>7} {:>10} {:>9} {:>9} {:>9} {:>8}",
        "scene", "mode", "frames", "frame mean", "p95", "max", "work mean", "p95"
    );
    for (name, scene) in [
        ("two 64-gons", ngons.as_str()),
        ("resting box", "scenes/01_resting_box.ron"),
    ] {
        for mode in ["sat", "gjk", "manifold"] {
            let s = drag_in_a_circle(&d, scene, mode);
            let (f, w) = (&s["drag_frame_ms"], &s["drag_work_ms"]);
            // 2.4 s of dragging is well over 100 frames, unless the drag missed B.
            assert!(
                f["frames"].as_u64().unwrap_or(0) > 100,
                "{name}, {mode}: the drag did not happen: {s}"
            );
            let ms = |v: &serde_json::Value, k: &str| v[k].as_f64().expect("a drag was measured");
            println!(
                "{name:<14} {mode:<9} {:>7} {:>10.1} {:>9.1} {:>9.1} {:>9.2} {:>8.2}",
                f["frames"],
                ms(f, "mean"),
                ms(f, "p95"),
                ms(f, "max"),
                ms(w, "mean"),
                ms(w, "p95")
            );
        }
    }
}

#[test]
fn editing_the_open_file_on_disk_shows_up_in_the_app() {
    let Some(d) = display() else { return };
    let file = tmp("live.ron");
    let text = std::fs::read_to_string("scenes/07_circles.ron").expect("scene");
    std::fs::write(&file, &text).expect("write");
    let (child, _) = start_app(
        &d,
        &[file.to_str().unwrap(), "--seconds", "5", "--print-state"],
    );
    std::thread::sleep(Duration::from_millis(200));
    // A broken edit first: the app keeps the last good scene.
    std::fs::write(&file, "Scene(title: \"broken\"").expect("write");
    std::thread::sleep(Duration::from_millis(1000));
    let edited = text.replacen("title: \"", "title: \"EDITED ", 1);
    std::fs::write(&file, edited).expect("write");
    let out = child.wait_with_output().expect("app exits");
    let s = state(&out);
    let title = s["scene"]["title"].as_str().unwrap_or_default();
    assert!(
        title.starts_with("EDITED "),
        "the app still shows {title:?}"
    );
}

#[test]
fn without_a_display_the_app_says_so_and_exits() {
    let out = Command::new(BIN)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args(["--frames", "1"])
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("no display"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn a_screenshot_that_cannot_be_written_is_an_error_not_a_panic() {
    let Some(d) = display() else { return };
    let out = app(
        &d,
        &["--frames", "3", "--screenshot", "/nonexistent-folder/x.png"],
    )
    .output()
    .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("/nonexistent-folder/x.png") && err.contains("could not write"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
}

/// Issue 17, item 1: a radius-1000 circle and a large rounded box at the largest zoom the app
/// allows (1e5, from the file), 30 frames with the view on the circle's edge, on the box's
/// rounded corner, inside the circle and far from everything, in the modes that keep the file's
/// view (GJK/EPA halves the canvas and reframes; `tests/app_headless/headless.rs` covers it): the app's peak memory
/// stays under 400 MB and each frame's work is bounded. (Before, the circle alone grew past
/// 3 GB in 3 s.) Prints the figures for docs/PERFORMANCE.md.
#[test]
fn huge_shapes_at_the_largest_zoom_draw_in_bounded_memory_and_time() {
    let Some(d) = display() else { return };
    let zoom = narrowphase_lab::geom::limits::MAX_ZOOM;
    const LIMIT_MB: u64 = 400;
    let views = [
        ("circle edge", "(1000.0, 0.0)", "sat"),
        ("circle edge", "(1000.0, 0.0)", "manifold"),
        ("rounded corner", "(1353.5534, 1246.4466)", "manifold"),
        ("rounded corner", "(1353.5534, 1246.4466)", "sat"),
        ("inside circle", "(0.0, 0.0)", "manifold"),
        ("far away", "(900000.0, -900000.0)", "sat"),
    ];
    println!("view            mode      frames  work mean   p95    max  peak MB");
    for (k, (name, centre, mode)) in views.iter().enumerate() {
        let file = tmp(&format!("huge-{k}.ron"));
        std::fs::write(
            &file,
            format!(
                "Scene(title: \"Huge shapes\", \
                 a: Body(shape: Circle(radius: 1000.0), position: (0.0, 0.0)), \
                 b: Body(shape: Box(width: 2000.0, height: 1000.0, radius: 500.0), \
                         position: (0.0, 2100.0), angle_deg: 0.0), \
                 view: View(center: {centre}, zoom: {zoom:.1}))"
            ),
        )
        .expect("write the scene");
        let s = run_within(
            &d,
            &[
                file.to_str().expect("utf-8"),
                "--mode",
                mode,
                "--frames",
                "36",
                "--print-state",
            ],
            LIMIT_MB * 1024,
            Duration::from_secs(60),
        );
        assert_eq!(s["zoom"].as_f64(), Some(zoom as f64), "{name}: the zoom");
        let w = &s["work_ms"];
        let frames = w["frames"].as_u64().unwrap_or(0);
        let ms = |k: &str| w[k].as_f64().expect("work measured");
        let peak = s["peak_memory_kb"].as_u64().expect("peak memory") / 1024;
        println!(
            "{name:<15} {mode:<9} {frames:>6} {:>10.2} {:>6.2} {:>6.2} {peak:>8}",
            ms("mean"),
            ms("p95"),
            ms("max")
        );
        assert!(frames >= 30, "{name}, {mode}: {frames} frames measured");
        // Opening it changed nothing (the panels' fields take sizes up to the file's limit).
        assert_eq!(
            s["modified"], false,
            "{name}, {mode}: opening modified the scene"
        );
        assert!(peak < LIMIT_MB, "{name}, {mode}: peak {peak} MB");
        // Our own work per frame: a few milliseconds under llvmpipe, printed above. The bound is
        // hang-sized, not a timing (a contended CI machine preempts a frame anywhere): the old
        // code took 0.6-1 s every frame at radius 100, so its median would fail it.
        assert!(ms("mean") < 400.0, "{name}, {mode}: work {w}");
    }
}

/// Issue 17, item 2: B is dragged (unsaved), then another program rewrites the file. The app
/// asks instead of reloading; "keep mine" (K) keeps the drag; "reload" (R) takes the file and
/// Ctrl+Z brings the drag back.
#[test]
fn a_file_changed_on_disk_under_unsaved_edits_asks_and_stays_undoable() {
    let Some(d) = display() else { return };
    let text = std::fs::read_to_string("scenes/01_resting_box.ron").expect("scene");
    let disk = text.replacen("title: \"", "title: \"ON DISK ", 1);
    for (answer, undo) in [("k", false), ("r", false), ("r", true)] {
        let file = tmp(&format!("ondisk-{answer}-{undo}.ron"));
        std::fs::write(&file, &text).expect("write");
        let f = file.to_str().expect("utf-8");
        let before = state(&run(&d, &[f, "--frames", "5", "--print-state"]));
        let (child, window) = start_app(&d, &[f, "--seconds", "7", "--print-state"]);
        drag_b(&d, &window, screen(&before, "b"));
        std::thread::sleep(Duration::from_millis(300));
        std::fs::write(&file, &disk).expect("write");
        // The app looks at the file every 0.4 s.
        std::thread::sleep(Duration::from_millis(1200));
        key(&d, &window, answer);
        if undo {
            std::thread::sleep(Duration::from_millis(300));
            key(&d, &window, "ctrl+z");
        }
        let s = finish(child);
        let where_ = format!("answer {answer}, undo {undo}: {s}");
        let title = s["scene"]["title"].as_str().unwrap_or_default();
        let moved = s["scene"]["b"]["position"] != before["scene"]["b"]["position"];
        assert_eq!(s["asking"], serde_json::Value::Null, "{where_}");
        match (answer, undo) {
            ("k", _) => {
                // Kept: the drag, not the file's title, and it is unsaved against the new file.
                assert!(moved && !title.starts_with("ON DISK"), "{where_}");
                assert_eq!(s["modified"], true, "{where_}");
            }
            (_, false) => {
                assert!(!moved && title.starts_with("ON DISK"), "{where_}");
                assert_eq!(s["modified"], false, "{where_}");
                assert_eq!(s["undo"], 2, "the drag and the reload: {where_}");
            }
            _ => {
                assert!(moved && !title.starts_with("ON DISK"), "{where_}");
                assert_eq!(s["modified"], true, "{where_}");
            }
        }
    }
}

/// Issue 17, item 3: a lecture of five files whose fourth is broken. PageDown from the third
/// shows the fourth as an error slide (its file, line and column), and the next PageDown goes
/// on to the fifth.
#[test]
fn a_broken_file_in_a_lecture_is_an_error_slide_and_paging_goes_on() {
    let Some(d) = display() else { return };
    let dir = tmp("broken-lecture");
    std::fs::create_dir_all(&dir).expect("folder");
    let names = [
        "01_resting_box.ron",
        "02_tilted_box.ron",
        "03_near_parallel.ron",
        "04_broken.ron",
        "05_containment.ron",
    ];
    for name in names {
        let text = if name == "04_broken.ron" {
            "Scene(\n    title: \"Broken\",\n    a: Body(shape: Circle(radius: -1.0), position: (0.0, 0.0)),\n    b: Body(shape: Circle(radius: 1.0), position: (3.0, 0.0)),\n)\n".to_string()
        } else {
            // The built-in scene without its tour: PageDown here is about paging scenes.
            let text = std::fs::read_to_string(format!("scenes/{name}")).expect("scene");
            let mut scene = narrowphase_lab::scene::parse(&text, name)
                .expect("reads")
                .scene;
            scene.tour.clear();
            narrowphase_lab::scene::to_ron(&scene).expect("written")
        };
        std::fs::write(dir.join(name), text).expect("write");
    }
    let third = dir.join(names[2]);
    let third = third.to_str().expect("utf-8");
    for presses in [1, 2, 3] {
        let (child, window) = start_app(&d, &[third, "--seconds", "4", "--print-state"]);
        for _ in 0..presses {
            key(&d, &window, "Next");
            std::thread::sleep(Duration::from_millis(300));
        }
        let s = finish(child);
        match presses {
            1 => {
                assert_eq!(s["scene_index"], 3, "{s}");
                let e = s["slide_error"].as_str().unwrap_or_default();
                assert!(
                    e.contains("04_broken.ron:3:") && e.contains("radius"),
                    "the error names the file, line and field: {e}"
                );
            }
            _ => {
                // Past the broken file (and stopping at the lecture's end).
                assert_eq!(s["scene_index"], 4, "{s}");
                assert_eq!(s["slide_error"], serde_json::Value::Null, "{s}");
                let title = s["scene"]["title"].as_str().unwrap_or_default();
                let five = std::fs::read_to_string("scenes/05_containment.ron").expect("scene");
                assert!(five.contains(&format!("title: \"{title}\"")), "{title}");
            }
        }
    }
}

/// Issue 17, item 6: a real `xdotool key ctrl+s` chord (Ctrl and S pressed and released with no
/// delay, as macro keys and presenter remotes send them) on a dragged scene saves it.
#[test]
fn a_fast_ctrl_s_chord_saves_the_file() {
    let Some(d) = display() else { return };
    let file = tmp("ctrl-s/scene.ron");
    std::fs::create_dir_all(file.parent().expect("folder")).expect("folder");
    let text = std::fs::read_to_string("scenes/01_resting_box.ron").expect("scene");
    // The scene is opened through a symbolic link (issue 17, item 4): the save must land in
    // the link's target and leave the link a link.
    let link = file.with_file_name("link.ron");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("scene.ron", &link).expect("link");
    for round in 0..3 {
        std::fs::write(&file, &text).expect("write");
        let f = link.to_str().expect("utf-8");
        let before = state(&run(&d, &[f, "--frames", "5", "--print-state"]));
        let (child, window) = start_app(&d, &[f, "--seconds", "4", "--print-state"]);
        drag_b(&d, &window, screen(&before, "b"));
        std::thread::sleep(Duration::from_millis(200));
        key(&d, &window, "ctrl+s");
        let s = finish(child);
        assert_eq!(s["modified"], false, "round {round}: not saved: {s}");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink(),
            "round {round}: the link was replaced"
        );
        let saved = std::fs::read_to_string(&file).expect("read");
        assert_ne!(saved, text, "round {round}: the file did not change");
        // The lecturer's comments stay, and only B's line changed (issue 17, item 9).
        for line in text.lines().filter(|l| l.contains("//")) {
            assert!(saved.contains(line), "round {round}: lost {line:?}");
        }
        let changed: Vec<&str> = text
            .lines()
            .zip(saved.lines())
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a)
            .collect();
        assert_eq!(text.lines().count(), saved.lines().count());
        assert!(
            changed.len() == 1 && changed[0].trim_start().starts_with("b: Body("),
            "round {round}: changed {changed:?}"
        );
        let on_disk = state(&run(&d, &[f, "--frames", "3", "--print-state"]));
        assert_eq!(
            on_disk["scene"]["b"]["position"], s["scene"]["b"]["position"],
            "round {round}: the file holds the dragged position"
        );
        assert_ne!(
            on_disk["scene"]["b"]["position"],
            before["scene"]["b"]["position"]
        );
    }
}

/// Issue 17, item 7: B is dragged (unsaved) and the app is sent SIGTERM: it writes the edits to
/// a recovery file beside the scene and exits 143; the next start offers them (`asking` is
/// `"recover"`), R restores them as one undoable edit (the scene modified, B where it was
/// dragged) and the file is gone; D discards them.
#[test]
fn unsaved_edits_survive_sigterm_and_are_offered_at_the_next_start() {
    // The recovery files beside `file`: `.NAME.TAG.recover`, the tag naming the process.
    let recovery_files = |file: &std::path::Path| -> Vec<std::path::PathBuf> {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let dir = file.parent().unwrap();
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy().into_owned();
                n.starts_with(&format!(".{name}.")) && n.ends_with(".recover")
            })
            .collect()
    };
    let Some(d) = display() else { return };
    let text = std::fs::read_to_string("scenes/01_resting_box.ron").expect("scene");
    for answer in ["r", "d"] {
        let file = tmp(&format!("recover-{answer}.ron"));
        std::fs::write(&file, &text).expect("write");
        for old in recovery_files(&file) {
            let _ = std::fs::remove_file(old);
        }
        let f = file.to_str().expect("utf-8");
        let before = state(&run(&d, &[f, "--frames", "5", "--print-state"]));
        let (child, window) = start_app(&d, &[f, "--seconds", "20"]);
        drag_b(&d, &window, screen(&before, "b"));
        std::thread::sleep(Duration::from_millis(300));
        let pid = child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .expect("kill")
                .success()
        );
        let out = child.wait_with_output().expect("exits");
        assert_eq!(
            out.status.code(),
            Some(143),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("unsaved edits kept"));
        // The file on disk is untouched; the recovery file has the dragged B.
        assert_eq!(std::fs::read_to_string(&file).expect("read"), text);
        let kept_files = recovery_files(&file);
        assert_eq!(kept_files.len(), 1, "{kept_files:?}");
        let recover = kept_files[0].clone();
        let kept = narrowphase_lab::scene::parse(
            &std::fs::read_to_string(&recover).expect("a recovery file"),
            &recover,
        )
        .expect("it reads as a scene")
        .scene;
        let b0 = &before["scene"]["b"]["position"];
        assert!((kept.b.position.x as f64 - b0[0].as_f64().unwrap()).abs() > 0.1);
        // The next start asks.
        let asked = state(&run(&d, &[f, "--frames", "8", "--print-state"]));
        assert_eq!(asked["asking"], "recover");
        assert_eq!(asked["modified"], false);
        // Answer it.
        let (child, window) = start_app(&d, &[f, "--seconds", "3", "--print-state"]);
        key(&d, &window, answer);
        let after = finish(child);
        assert!(
            !recover.exists() && recovery_files(&file).is_empty(),
            "{answer}: the recovery file is still there"
        );
        assert_eq!(after["asking"], serde_json::Value::Null);
        let x = after["scene"]["b"]["position"][0].as_f64().unwrap();
        if answer == "r" {
            assert_eq!(after["modified"], true);
            assert_eq!(after["undo"], 1);
            assert!((x - kept.b.position.x as f64).abs() < 1e-6, "B at {x}");
        } else {
            assert_eq!(after["modified"], false);
            assert!((x - b0[0].as_f64().unwrap()).abs() < 1e-6, "B at {x}");
        }
    }
}

/// Issue 25, item 5: a recovery file that is not a scene (cut short) is asked about in the
/// window (`asking` is `"broken-recovery"`), not deleted; K keeps it, D deletes it.
#[test]
fn a_broken_recovery_file_is_asked_about_in_the_window() {
    let Some(d) = display() else { return };
    let text = std::fs::read_to_string("scenes/01_resting_box.ron").expect("scene");
    let file = tmp("broken-recovery.ron");
    let recover = file.with_file_name(".broken-recovery.ron.recover");
    std::fs::write(&file, &text).expect("write");
    std::fs::write(&recover, &text[..text.len() / 2]).expect("write");
    let f = file.to_str().expect("utf-8");
    for (answer, kept) in [("k", true), ("d", false)] {
        let asked = state(&run(&d, &[f, "--frames", "8", "--print-state"]));
        assert_eq!(asked["asking"], "broken-recovery", "{answer}");
        let (child, window) = start_app(&d, &[f, "--seconds", "3", "--print-state"]);
        std::thread::sleep(Duration::from_millis(300));
        key(&d, &window, answer);
        let after = finish(child);
        assert_eq!(after["asking"], serde_json::Value::Null, "{answer}");
        assert_eq!(recover.exists(), kept, "{answer}");
    }
}

/// The next state line within 10 s that satisfies `ok` (lines arrive after each command).
fn next_state(
    lines: &std::sync::mpsc::Receiver<String>,
    ok: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
        let Ok(line) = lines.recv_timeout(left) else {
            break;
        };
        let s: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        if ok(&s) {
            return s;
        }
    }
    panic!("no such state line within 10 s");
}

/// Simulate with real keys and a real click: Space plays and pauses, Left steps back (a
/// replay), Right steps on; then a click on a contact point opens that body pair, at that
/// step, in the manifold mode (one undoable edit), and Ctrl+Z puts the scene back.
#[test]
fn simulate_plays_pauses_steps_back_and_a_click_opens_the_manifold_mode() {
    let Some(d) = display() else { return };
    let (mut child, window) = start_app(
        &d,
        &[
            "scenes/21_stack.ron",
            "--seconds",
            "40",
            "--print-state-changes",
        ],
    );
    let lines = state_lines(child.stdout.take().expect("stdout"));
    // The pointer rests on the status bar (keys go to the window under it).
    xdotool(&d, &mouse_to(&window, 640.0, 792.0));
    key(&d, &window, "space");
    let playing = next_state(&lines, |s| s["sim"]["running"] == true);
    assert_eq!(playing["mode"], "simulate");
    std::thread::sleep(Duration::from_millis(1500));
    key(&d, &window, "space");
    let paused = next_state(&lines, |s| s["sim"]["running"] == false);
    let s1 = paused["sim"]["step"].as_u64().expect("step");
    assert!(s1 >= 20, "played 1.5 s but reached step {s1}");
    assert_eq!(paused["step"], s1);
    key(&d, &window, "Left");
    let back = next_state(&lines, |s| s["sim"]["step"] != s1);
    assert_eq!(back["sim"]["step"], s1 - 1, "one step back");
    assert_eq!(back["sim"]["running"], false);
    key(&d, &window, "Right");
    let on = next_state(&lines, |s| s["sim"]["step"] == s1);
    // The bodies are where they were at that step the first time (a replay is the same run).
    assert_eq!(on["sim"]["bodies"], paused["sim"]["bodies"]);
    // A contact point of the full run, between two boxes of the stack.
    let contacts = on["sim"]["contacts"][0]
        .as_array()
        .expect("contacts")
        .clone();
    let screens = on["sim"]["screen"]["contacts"][0]
        .as_array()
        .expect("on screen")
        .clone();
    let k = contacts
        .iter()
        .position(|c| c["bodies"][0].as_u64() >= Some(1))
        .expect("a contact between two boxes");
    let bodies = contacts[k]["bodies"].clone();
    let (x, y) = (
        screens[k][0].as_f64().unwrap(),
        screens[k][1].as_f64().unwrap(),
    );
    let mut click = mouse_to(&window, x, y);
    click.extend(["sleep", "0.1", "click", "1"].map(String::from));
    xdotool(&d, &click);
    let opened = next_state(&lines, |s| s["mode"] == "manifold");
    assert_eq!(opened["sim"]["picked"]["bodies"], bodies);
    assert_eq!(opened["sim"]["picked"]["step"], s1);
    assert_eq!(opened["undo"], 1, "one undoable edit");
    let poses = &opened["sim"]["picked"]["poses"];
    for (i, body) in ["a", "b"].iter().enumerate() {
        for c in 0..2 {
            let got = opened["scene"][*body]["position"][c].as_f64().unwrap();
            let want = poses[i][c].as_f64().unwrap();
            assert!((got - want).abs() < 1e-5, "{body}[{c}]: {got} vs {want}");
        }
    }
    assert_eq!(opened["points"], opened["sim"]["picked"]["received"]);
    key(&d, &window, "ctrl+z");
    let undone = next_state(&lines, |s| s["undo"] == 0);
    assert_eq!(
        undone["scene"]["b"]["position"],
        serde_json::json!([0.0, 0.5])
    );
    let _ = child.kill();
    let _ = child.wait();
}

/// The compare run without warm starting, five seconds in: its top box is drawn, outlined in
/// its own colour, far from the full run's solid top box.
#[test]
fn a_compare_run_is_drawn_visibly_apart_from_the_full_one() {
    let Some(d) = display() else { return };
    let (img, s) = screenshot(&d, "scenes/21_stack.ron", "simulate", "300", "sim300.png");
    let sim = &s["sim"];
    assert_eq!(sim["variants"][2]["warm_start"], false);
    let zoom = sim["screen"]["pixels_per_unit"].as_f64().unwrap();
    let at = |run: usize| {
        let p = sim["screen"]["bodies"][run]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())
    };
    let (full, ghost) = (at(0), at(2));
    let apart = ((full.0 - ghost.0).powi(2) + (full.1 - ghost.1).powi(2)).sqrt();
    assert!(
        apart > zoom,
        "the ghost's top box is only {apart} px from the full run's"
    );
    // The full run's top box: violet fill round its centre.
    assert!(body_colour_around(&img, full, zoom, violet));
    // The ghost's: its outline in its own colour (120, 200, 210) within its box.
    let r = (0.75 * zoom) as i32;
    let mut ghostly = 0;
    for dy in -r..=r {
        for dx in -r..=r {
            let p = img.at(ghost.0 + dx as f64, ghost.1 + dy as f64);
            if (p[0] as i32 - 120).abs() < 30
                && (p[1] as i32 - 200).abs() < 30
                && (p[2] as i32 - 210).abs() < 30
            {
                ghostly += 1;
            }
        }
    }
    assert!(
        ghostly > 20,
        "only {ghostly} ghost-coloured pixels round the ghost's top box"
    );
}
