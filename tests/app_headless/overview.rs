//! The lecture overview (O): a row per scene with its title, mode, simulation, questions and
//! stops, or its load error; a click on a row goes to that scene as PageDown would. Read
//! through `--print-state`'s `overview`, `views` and `labels`, against the scene files loaded
//! on their own.

use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One headless frame of the default 1280×800 window, with `events`.
fn frame(app: &mut App, ctx: &egui::Context, events: Vec<egui::Event>) {
    let mut input = screen_input(1280.0, 800.0);
    input.events = events;
    let _ = ctx.run(input, |ctx| app.frame(ctx, 0.0, Input::default(), &[]));
}

/// The frames that place a window just opened and scroll it to the current scene: after
/// them the rows hold still where they were drawn.
fn settle(app: &mut App, ctx: &egui::Context) {
    for _ in 0..3 {
        frame(app, ctx, Vec::new());
    }
}

/// The `--print-state` line, read.
fn state(app: &App) -> Value {
    serde_json::from_str(&app.state_json()).expect("the state line is JSON")
}

/// A fresh, empty folder for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("overview")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// A click (press, then release a frame later) at `at`, in window pixels.
fn click(app: &mut App, ctx: &egui::Context, at: [f64; 2]) {
    let ppp = ctx.pixels_per_point();
    let pos = egui::pos2(at[0] as f32 / ppp, at[1] as f32 / ppp);
    let button = |pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    frame(app, ctx, vec![egui::Event::PointerMoved(pos)]);
    frame(app, ctx, vec![button(true)]);
    frame(app, ctx, vec![button(false)]);
    frame(app, ctx, Vec::new());
}

/// The centre of a row's rectangle, which must be on screen.
fn centre(row: &Value) -> [f64; 2] {
    let r: Vec<f64> = row["rect"]
        .as_array()
        .expect("a row has a rect")
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect();
    assert!(r[2] > 0.0 && r[3] > 0.0, "the row is on screen: {row}");
    [r[0] + r[2] / 2.0, r[1] + r[3] / 2.0]
}

/// Every `*.ron` in the repository's `scenes/`, in file-name order, loaded on its own.
fn scene_files() -> Vec<(String, scene::LoadedScene)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("scenes/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let loaded = scene::load(&p).unwrap_or_else(|e| panic!("{name} loads: {e}"));
            (name, loaded)
        })
        .collect()
}

#[test]
fn the_built_in_overview_lists_every_scene_with_its_title_mode_questions_and_sim() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    frame(&mut app, &ctx, Vec::new());
    let closed = state(&app);
    assert_eq!(closed["overview"]["open"], false);
    assert!(
        closed["views"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["name"] != "overview")
    );

    app.apply(Command::ToggleOverview, 0.0);
    frame(&mut app, &ctx, Vec::new());
    // Open at once, its rows placed once they hold still.
    assert_eq!(state(&app)["overview"]["open"], true);
    settle(&mut app, &ctx);
    let s = state(&app);
    let rows = s["overview"]["rows"].as_array().expect("rows");
    let files = scene_files();
    assert_eq!(rows.len(), files.len(), "one row per file in scenes/");
    let labels: Vec<&str> = s["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    let mut asking = 0;
    let mut simulated = 0;
    for (i, (row, (name, loaded))) in rows.iter().zip(&files).enumerate() {
        let scene = &loaded.scene;
        assert_eq!(row["index"], i);
        assert_eq!(row["file"], name.as_str(), "row {i}");
        assert_eq!(row["title"], scene.title.as_str(), "{name}");
        assert_eq!(row["mode"], scene.mode.name(), "{name}");
        assert_eq!(row["questions"], scene.questions.len(), "{name}");
        assert_eq!(row["sim"], scene.sim.is_some(), "{name}");
        assert_eq!(row["stops"], scene.tour.len(), "{name}");
        assert_eq!(row["error"], Value::Null, "{name}");
        assert_eq!(row["current"], i == 0, "{name}: the first scene is shown");
        // Each row is also a label on screen, naming its title.
        let text = labels
            .iter()
            .find(|t| t.starts_with(&format!("{}. ", i + 1)))
            .unwrap_or_else(|| panic!("{name}: no label"));
        assert!(text.contains(&scene.title), "{name}: {text}");
        asking += usize::from(!scene.questions.is_empty());
        simulated += usize::from(scene.sim.is_some());
    }
    // The lecture has both kinds, so the columns are seen to tell them apart.
    assert!(asking > 0 && asking < files.len(), "{asking} scenes ask");
    assert!(
        simulated > 0 && simulated < files.len(),
        "{simulated} simulate"
    );
    let window = s["views"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "overview")
        .expect("the overview is a view");
    assert_eq!(window["rect"], s["overview"]["rect"]);
    // The first row is on screen, inside the window.
    let [x, y] = centre(&rows[0]);
    let w: Vec<f64> = window["rect"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(x > w[0] && x < w[0] + w[2] && y > w[1] && y < w[1] + w[3]);

    // O again, or Escape, closes it, and it holds nothing.
    app.apply(Command::ToggleOverview, 0.0);
    assert_eq!(app.dialogs.overview, Default::default());
    app.apply(Command::ToggleOverview, 0.0);
    app.apply(Command::CloseDialogs, 0.0);
    assert_eq!(app.dialogs.overview, Default::default());
}

/// A small scene whose B is a circle of `radius` (written on line 3), titled `title`, with
/// `extra` fields after the bodies.
fn scene_text(title: &str, radius: &str, extra: &str) -> String {
    format!(
        "Scene(title: \"{title}\",\n    a: Body(shape: Box(width: 2.0, height: 2.0), position: (0.0, 0.0)),\n    b: Body(shape: Circle(radius: {radius}), position: (3.0, 0.0)),\n{extra})\n"
    )
}

/// A folder of three scenes, the second broken on line 3 (a negative radius), the third with a
/// tour of two stops and a simulation.
fn folder_with_a_broken_scene(name: &str) -> PathBuf {
    let dir = fresh_dir(name);
    std::fs::write(dir.join("01_first.ron"), scene_text("First", "0.5", "")).unwrap();
    std::fs::write(dir.join("02_broken.ron"), scene_text("Broken", "-0.5", "")).unwrap();
    let tour = "    mode: Simulate,\n    sim: Sim(),\n    tour: [\n        Stop(caption: \"Apart.\", mode: Sat),\n        Stop(caption: \"Play.\", play: 1.0),\n    ],\n";
    std::fs::write(dir.join("03_third.ron"), scene_text("Third", "1.5", tour)).unwrap();
    dir
}

#[test]
fn a_broken_scene_shows_its_error_in_its_row_and_the_others_are_listed() {
    let dir = folder_with_a_broken_scene("broken");
    let broken = dir.join("02_broken.ron");
    let expected = scene::load(&broken).expect_err("the radius is negative");
    let ctx = new_context();
    // Open while the overview is open: the new lecture's rows replace the built-in ones.
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    app.apply(Command::ToggleOverview, 0.0);
    app.apply(Command::Open(dir.clone()), 0.0);
    settle(&mut app, &ctx);
    let s = state(&app);
    let rows = s["overview"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["title"], "First");
    assert_eq!(rows[2]["title"], "Third");
    let third = scene::load(dir.join("03_third.ron")).expect("the third scene loads");
    assert_eq!(third.scene.tour.len(), 2);
    assert_eq!(rows[2]["stops"], third.scene.tour.len());
    assert_eq!(rows[2]["mode"], "simulate");
    assert_eq!(rows[2]["sim"], true);
    assert_eq!(rows[0]["stops"], 0);
    assert_eq!(rows[0]["sim"], false);
    assert_eq!(rows[0]["current"], true);
    let error = rows[1]["error"]
        .as_str()
        .expect("the broken row has an error");
    assert_eq!(error, expected.to_string());
    assert!(error.contains("02_broken.ron:3:"), "file and line: {error}");
    assert!(error.contains("b.shape.radius"), "the field: {error}");
    assert_eq!(rows[1]["title"], Value::Null);
    // Its label on screen carries the error.
    let labels = s["labels"].as_array().unwrap();
    assert!(
        labels
            .iter()
            .any(|l| l["text"].as_str().unwrap().contains(error)),
        "no label shows the error"
    );
}

#[test]
fn a_click_on_a_row_goes_to_its_scene_as_page_down_does() {
    let ctx = new_context();
    let mut clicked = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    frame(&mut clicked, &ctx, Vec::new());
    let target = 3;
    clicked.apply(Command::ToggleOverview, 0.0);
    settle(&mut clicked, &ctx);
    let row = state(&clicked)["overview"]["rows"][target].clone();
    click(&mut clicked, &ctx, centre(&row));
    let after = state(&clicked);
    assert_eq!(after["scene_index"], target);
    assert_eq!(after["overview"]["open"], false, "choosing closes it");

    let mut paged = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    for _ in 0..target {
        paged.apply(Command::NextScene, 0.0);
    }
    let by_page = state(&paged);
    for field in ["scene", "mode", "step", "scene_index", "slide_error"] {
        assert_eq!(after[field], by_page[field], "{field}");
    }
    assert_eq!(after["mode"], row["mode"]);
    assert_eq!(after["scene"]["title"], row["title"]);

    // Opened again, it marks the scene now shown.
    clicked.apply(Command::ToggleOverview, 0.0);
    settle(&mut clicked, &ctx);
    let rows = state(&clicked)["overview"]["rows"].clone();
    let marked: Vec<usize> = (0..rows.as_array().unwrap().len())
        .filter(|&i| rows[i]["current"] == true)
        .collect();
    assert_eq!(marked, vec![target]);
}

#[test]
fn a_click_on_a_broken_row_shows_its_error_as_page_down_does() {
    let dir = folder_with_a_broken_scene("click_broken");
    let ctx = new_context();
    let flags = AppFlags {
        path: Some(dir.clone()),
        ..AppFlags::default()
    };
    let mut clicked = App::new(&flags).expect("the folder opens");
    clicked.apply(Command::ToggleOverview, 0.0);
    settle(&mut clicked, &ctx);
    let row = state(&clicked)["overview"]["rows"][1].clone();
    click(&mut clicked, &ctx, centre(&row));
    let after = state(&clicked);

    let mut paged = App::new(&flags).expect("the folder opens");
    paged.apply(Command::NextScene, 0.0);
    let by_page = state(&paged);
    assert_eq!(after["scene_index"], 1);
    assert_eq!(after["slide_error"], row["error"]);
    for field in ["scene", "mode", "step", "scene_index", "slide_error"] {
        assert_eq!(after[field], by_page[field], "{field}");
    }
}

#[test]
fn the_o_key_opens_the_overview_and_a_modified_scene_asks_before_a_row_leaves_it() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    frame(&mut app, &ctx, Vec::new());
    let o = egui::Event::Key {
        key: egui::Key::O,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    frame(&mut app, &ctx, vec![o]);
    settle(&mut app, &ctx);
    assert_eq!(state(&app)["overview"]["open"], true);
    // An edit, then a row: the unsaved-changes question, as PageDown asks it.
    app.apply(Command::TranslateB(glam::Vec2::new(0.25, 0.0)), 0.0);
    frame(&mut app, &ctx, Vec::new());
    let row = state(&app)["overview"]["rows"][2].clone();
    click(&mut app, &ctx, centre(&row));
    let s = state(&app);
    assert_eq!(s["asking"], "unsaved");
    assert_eq!(s["scene_index"], 0);
}

#[test]
fn at_presenter_scale_it_opens_scrolled_to_the_current_scene_and_a_click_goes() {
    let ctx = new_context();
    let flags = AppFlags {
        ui_scale: Some(1.5),
        ..AppFlags::default()
    };
    let mut app = App::new(&flags).expect("the built-in lecture opens");
    let last = app.session.lecture.scenes.len() - 1;
    app.apply(Command::GoTo(last - 1), 0.0);
    frame(&mut app, &ctx, Vec::new());
    app.apply(Command::ToggleOverview, 0.0);
    settle(&mut app, &ctx);
    let s = state(&app);
    let rows = s["overview"]["rows"].as_array().expect("rows").clone();
    // Too many rows for the window at this scale: the first is scrolled out of sight, the
    // current one is on screen, marked.
    assert_eq!(rows[0]["rect"][3], 0.0, "the first row is out of sight");
    assert_eq!(rows[last - 1]["current"], true);
    centre(&rows[last - 1]);
    // The rows are as tall as the scale makes their text: taller than at scale 1.
    let height = rows[last - 1]["rect"][3].as_f64().unwrap();
    assert!(height >= 1.5 * 14.0, "a row {height} pixels tall");
    click(&mut app, &ctx, centre(&rows[last]));
    assert_eq!(state(&app)["scene_index"], last);
}
