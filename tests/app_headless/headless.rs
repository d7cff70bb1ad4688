//! The app without a window: every mode × every built-in scene × every step is rendered on a
//! headless egui context (panels, step text, the canvas), and every text shown is checked.

use narrowphase_lab::app::command::{Command, StepTo};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;

/// A headless frame's input: the default 1280×800 window.
fn raw_input() -> egui::RawInput {
    screen_input(1280.0, 800.0)
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

/// The texts of the canvas labels the last frame placed.
fn label_texts(app: &App) -> Vec<String> {
    app.probe
        .drawn
        .labels
        .iter()
        .map(|l| l.text.clone())
        .collect()
}

#[test]
fn every_mode_scene_and_step_renders_with_step_text_and_no_nan() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let scenes = app.session.lecture.scenes.len();
    assert!(scenes >= 10, "the built-in lecture has its scenes");
    let mut frames = 0;
    for index in 0..scenes {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
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
                let text = app.mode().explain(&app.session.pair, app.session.step).text;
                assert!(!text.trim().is_empty(), "{where_}: no step text");
                let label = app
                    .mode()
                    .explain(&app.session.pair, app.session.step)
                    .label;
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
                app.view.cam.zoom = MAX_ZOOM;
                app.view.cam.center = centre;
                app.view.second.zoom = MAX_ZOOM;
                app.view.second.center = centre;
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

/// What a student should never read: a Rust `Debug` name, exponent notation, "(s)" plurals, a
/// negative zero. Returns the first such thing in `t`.
fn unreadable(t: &str) -> Option<String> {
    const DEBUG_NAMES: &[&str] = &[
        "OriginOnSimplex",
        "OriginEnclosed",
        "RepeatedSupport",
        "NoProgress",
        "IterationCap",
        "FlatTriangle",
        "InvertedWinding",
        "SidePlane",
        "CircleFace",
        "CircleVertex",
        "CircleCircle",
        "FaceA",
        "FaceB",
        "Some(",
        "None",
    ];
    if let Some(n) = DEBUG_NAMES.iter().find(|n| t.contains(*n)) {
        return Some(format!("the Debug name {n}"));
    }
    for w in t.split(|c: char| !c.is_alphanumeric()) {
        // CamelCase: an upper-case letter after a lower-case one inside a word.
        let b = w.as_bytes();
        if b.windows(2)
            .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
        {
            return Some(format!("the CamelCase word {w}"));
        }
    }
    let b = t.as_bytes();
    for i in 1..b.len().saturating_sub(1) {
        let after = if b[i + 1] == b'+' || b[i + 1] == b'-' {
            b.get(i + 2)
        } else {
            b.get(i + 1)
        };
        if (b[i] == b'e' || b[i] == b'E')
            && b[i - 1].is_ascii_digit()
            && after.is_some_and(|c| c.is_ascii_digit())
        {
            return Some("exponent notation".to_string());
        }
    }
    if t.contains("(s)") {
        return Some("a \"(s)\" plural".to_string());
    }
    for minus in ["-0.", "−0."] {
        for (i, _) in t.match_indices(minus) {
            let rest = &t[i + minus.len()..];
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let before_ok = i == 0 || !t[..i].ends_with(|c: char| c.is_ascii_digit());
            if before_ok && !digits.is_empty() && digits.chars().all(|c| c == '0') {
                return Some("a negative zero".to_string());
            }
        }
    }
    None
}

#[test]
fn no_step_text_or_panel_shows_debug_names_exponents_or_negative_zero() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let mut seen = 0;
    for index in 0..app.session.lecture.scenes.len() {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        for mode in ModeKind::ALL {
            app.apply(Command::SetMode(mode), 0.0);
            for step in 0..app.step_count() {
                app.apply(Command::Step(StepTo::At(step)), 0.0);
                let out = ctx.run(raw_input(), |ctx| {
                    app.frame(ctx, 0.0, Input::default(), &[]);
                });
                let mut shown = vec![
                    app.mode().explain(&app.session.pair, app.session.step).text,
                    app.mode()
                        .explain(&app.session.pair, app.session.step)
                        .label,
                ];
                texts(&out.shapes, &mut shown);
                let scene = app.doc.scene();
                let authored = [scene.notes.clone(), scene.title.clone()];
                for t in shown.iter().filter(|t| !authored.contains(t)) {
                    seen += 1;
                    if let Some(why) = unreadable(t) {
                        panic!(
                            "scene {index} mode {} step {step}: `{t}` shows {why}",
                            mode.name()
                        );
                    }
                }
            }
        }
    }
    assert!(seen > 1000, "{seen} texts checked");
}

#[test]
fn the_unreadable_check_catches_what_it_should() {
    assert!(unreadable("stopped: OriginOnSimplex").is_some());
    assert!(unreadable("+2.12e0").is_some());
    assert!(unreadable("0.00e0 (<= tolerance 1.25e-6)").is_some());
    assert!(unreadable("2 point(s) in").is_some());
    assert!(unreadable("gap −0.000").is_some());
    assert!(unreadable("gap -0.0000 here").is_some());
    assert!(unreadable("separation -0.8634, edge 10.0, 2 points").is_none());
}

fn key(key: egui::Key, modifiers: egui::Modifiers) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    }
}

/// One frame with these events, as egui's backend would hand them over.
fn frame_with(ctx: &egui::Context, app: &mut App, events: Vec<egui::Event>) {
    let input = egui::RawInput {
        events,
        ..raw_input()
    };
    let _ = ctx.run(input, |ctx| app.frame(ctx, 0.0, Input::default(), &[]));
}

/// Issue 14, item 15: the unsaved-changes question blocks every key behind it, names what it
/// waits for, answers S, D and Escape (cancel), and keeps the edit when cancelled.
#[test]
fn the_unsaved_changes_question_is_modal_and_escape_cancels_it() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    frame_with(&ctx, &mut app, vec![]);
    app.apply(Command::TranslateB(glam::Vec2::new(0.25, 0.0)), 0.0);
    assert!(app.doc.modified());
    app.apply(Command::NextScene, 0.0);
    let state = |app: &App| serde_json::from_str::<serde_json::Value>(&app.state_json()).unwrap();
    assert_eq!(state(&app)["asking"], "unsaved");
    // Keys behind the dialog do nothing: no paging, no stepping, no undo, no mode change.
    let before = (
        app.session.index,
        app.session.step,
        app.session.mode,
        app.doc.undo_len(),
    );
    let none = egui::Modifiers::NONE;
    frame_with(
        &ctx,
        &mut app,
        vec![
            key(egui::Key::PageDown, none),
            key(egui::Key::Space, none),
            key(egui::Key::Num2, none),
            key(egui::Key::Z, egui::Modifiers::COMMAND),
        ],
    );
    let after = (
        app.session.index,
        app.session.step,
        app.session.mode,
        app.doc.undo_len(),
    );
    assert_eq!(before, after, "keys went through the dialog");
    assert_eq!(state(&app)["asking"], "unsaved");
    // It says what it waits for.
    let out = ctx.run(raw_input(), |ctx| {
        app.frame(ctx, 0.0, Input::default(), &[])
    });
    let mut shown = Vec::new();
    texts(&out.shapes, &mut shown);
    assert!(
        shown.iter().any(|t| t.contains("go to scene 2")),
        "the dialog names the pending action: {shown:?}"
    );
    // Escape cancels: the same scene, the edit still there.
    frame_with(&ctx, &mut app, vec![key(egui::Key::Escape, none)]);
    frame_with(&ctx, &mut app, vec![]);
    assert_eq!(state(&app)["asking"], serde_json::Value::Null);
    assert_eq!(app.session.index, before.0);
    assert!(app.doc.modified(), "cancel keeps the edit");
    // Asked again, D discards and goes on.
    app.apply(Command::NextScene, 0.0);
    frame_with(&ctx, &mut app, vec![key(egui::Key::D, none)]);
    frame_with(&ctx, &mut app, vec![]);
    assert_eq!(app.session.index, before.0 + 1);
    assert!(!app.doc.modified());
}

/// Issue 14, item 15: an F12 screenshot frame is the clean picture: no banner and no hint
/// (nor hover marks or vertex handles, which are not labels: the window test looks at those).
#[test]
fn a_screenshot_frame_has_no_banner_or_hint() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    app.apply(Command::ToggleVertexEdit, 0.0);
    app.dialogs
        .show_info("a banner that must not be in the slide", 0.0);
    frame_with(&ctx, &mut app, vec![]);
    let normal = label_texts(&app);
    assert!(normal.iter().any(|t| t.contains("a banner")), "{normal:?}");
    assert!(normal.iter().any(|t| t.contains("F1 help")), "{normal:?}");
    app.apply(Command::Screenshot, 0.0);
    frame_with(&ctx, &mut app, vec![]);
    let clean = label_texts(&app);
    assert!(
        !clean
            .iter()
            .any(|t| t.contains("a banner") || t.contains("F1 help")),
        "{clean:?}"
    );
    assert!(clean.iter().any(|t| t == "A") && clean.iter().any(|t| t == "B"));
}

/// Issue 26, items 9–11: at every window size and presenter scale a lecturer uses, in every
/// built-in scene, mode and first and last step, no canvas label covers a key mark (a contact
/// or dropped point, the origin, a simplex or polytope vertex, a face, a side plane, the closest
/// edge) or another label, and every view's content lies inside its view. Issue 43, item 4: SAT's
/// shadow bars and every arrow (normals, the MTV, the axis) are marks too, and the view's hint is
/// held to them (it moves to another corner or is left out); the leaders crossing a label are
/// counted and shown.
#[test]
fn no_label_covers_a_mark_or_another_label_at_any_size() {
    use narrowphase_lab::app::draw::MarkShape;
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let scenes = app.session.lecture.scenes.len();
    let (mut frames, mut marks, mut lines, mut labels) = (0, 0, 0, 0);
    let (mut breaches, mut crossings): (Vec<String>, Vec<String>) = Default::default();
    let mut by_kind: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
    // The views' titles (chrome at the top-left corner).
    let is_title = |t: &str| ["World", "Minkowski"].iter().any(|w| t.starts_with(w));
    for (w, h, scale) in [
        (1280.0, 800.0, 1.0),
        (1024.0, 768.0, 1.0),
        (1024.0, 768.0, 1.5),
        (1920.0, 1080.0, 1.0),
        (844.0, 390.0, 1.0),
    ] {
        app.apply(Command::SetScale(scale), 0.0);
        for index in 0..scenes {
            app.files(0.0, |f| f.go_to(index, 0.0, true));
            for mode in ModeKind::ALL {
                app.apply(Command::SetMode(mode), 0.0);
                let last = app.step_count().saturating_sub(1);
                for step in [0, last] {
                    app.apply(Command::Step(StepTo::At(step)), 0.0);
                    // Two frames: the first lays out and frames the view, the second is seen.
                    for _ in 0..2 {
                        let _ = ctx.run(screen_input(w / scale, h / scale), |ctx| {
                            app.frame(ctx, 0.0, Input::default(), &[]);
                        });
                    }
                    frames += 1;
                    let at = format!(
                        "{w}×{h} at {scale}: scene {index} {} step {step}",
                        mode.name()
                    );
                    let drawn = &app.probe.drawn;
                    labels += drawn.labels.len();
                    for (i, l) in drawn.labels.iter().enumerate() {
                        // Every label, the view's hint included, keeps off the marks (shadows,
                        // arrows, side planes); the title alone is exempt: it names the view
                        // at its top-left corner in every frame, and framing keeps the figure
                        // below it. (The banner is not drawn in this walk.)
                        let (chrome, exempt) = (l.chrome, l.chrome && is_title(&l.text));
                        // An inset (Simulate's magnifier) is listed as a label over its corner
                        // of the world view, so the world's labels keep off it; what it draws
                        // magnified inside it is its own. A world mark under it is not.
                        let own_inset = |m: &&narrowphase_lab::app::draw::DrawnMark| {
                            let inset = drawn.views.get(m.view).filter(|v| v.name == "inset");
                            chrome && inset.is_some_and(|v| v.rect == l.rect)
                        };
                        for m in drawn.marks.iter().filter(|_| !exempt) {
                            if own_inset(&m) {
                                continue;
                            }
                            if m.shape.covered_by(l.rect) {
                                *by_kind.entry(m.kind).or_default() += 1;
                                if chrome {
                                    *by_kind.entry("(chrome label)").or_default() += 1;
                                }
                                breaches.push(format!(
                                    "{at}: the label {:?} {:?} covers the {} {:?}",
                                    l.text, l.rect, m.kind, m.shape
                                ));
                            }
                        }
                        // A moved label's line back to its point, and the labels it crosses.
                        for (k, [x0, y0, x1, y1]) in drawn
                            .labels
                            .iter()
                            .filter_map(|k| Some((k, k.leader?)))
                            .filter(|(k, _)| !std::ptr::eq(*k, l))
                        {
                            let line = MarkShape::Line([x0, y0, x1, y1], 0.0);
                            // A point under another label (coincident circles' centres) cannot
                            // be reached without crossing it.
                            let r = l.rect;
                            let under =
                                MarkShape::Point([x0 - 2.0, y0 - 2.0, 4.0, 4.0]).covered_by(r);
                            // The placement prefers spots whose leader crosses no label but
                            // keeps a label with a crossing leader rather than drop it: counted
                            // and shown, not failed.
                            if line.covered_by(r) && !under {
                                crossings.push(format!(
                                    "{at}: the leader of {:?} crosses the label {:?}",
                                    k.text, l.text
                                ));
                            }
                        }
                        for k in &drawn.labels[i + 1..] {
                            let (a, b) = (l.rect, k.rect);
                            let apart = a[0] + a[2] <= b[0] + 0.5
                                || b[0] + b[2] <= a[0] + 0.5
                                || a[1] + a[3] <= b[1] + 0.5
                                || b[1] + b[3] <= a[1] + 0.5;
                            if !apart {
                                *by_kind.entry("(another label)").or_default() += 1;
                                breaches
                                    .push(format!("{at}: {:?} and {:?} overlap", l.text, k.text));
                            }
                        }
                    }
                    for kind in ["shadow", "arrow"] {
                        let n = drawn.marks.iter().filter(|m| m.kind == kind).count();
                        *kinds.entry(kind).or_default() += n;
                    }
                    for m in &drawn.marks {
                        marks += 1;
                        lines += usize::from(matches!(m.shape, MarkShape::Line(..)));
                    }
                    // In Simulate the bodies go where the physics takes them (a scene without
                    // a floor under B falls out of the view): framing is the other modes'.
                    for v in drawn.views.iter().filter(|_| mode != ModeKind::Simulate) {
                        if let Some(c) = v.content {
                            let r = v.rect;
                            assert!(
                                c[0] >= r[0] - 1.0
                                    && c[1] >= r[1] - 1.0
                                    && c[0] + c[2] <= r[0] + r[2] + 1.0
                                    && c[1] + c[3] <= r[1] + r[3] + 1.0,
                                "{at}: the {} view's content {c:?} leaves its rectangle {r:?}",
                                v.name
                            );
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{frames} frames, {labels} labels, {marks} marks ({lines} lines; {kinds:?}), {} breaches",
        breaches.len()
    );
    eprintln!(
        "{} leaders cross a label:\n{}",
        crossings.len(),
        crossings.join("\n")
    );
    assert!(
        breaches.is_empty(),
        "{} breaches ({by_kind:?}), the first of them:\n{}",
        breaches.len(),
        breaches[..breaches.len().min(40)].join("\n")
    );
    // The walk judged real marks, faces and planes among them, SAT's shadows and the arrows.
    assert!(frames >= 5 * scenes * 8, "{frames} frames");
    assert!(
        kinds["shadow"] >= 2 * 5 * scenes && kinds["arrow"] >= 5 * scenes,
        "{kinds:?}"
    );
    assert!(
        marks > 1000 && lines > 200,
        "{marks} marks, {lines} of them lines"
    );
}

/// Issue 26, items 6 and 7: at 1280×800 and scale 1 the notes panel shows the title and at
/// least five lines of notes, and every SAT table cell (both shadows of every axis, as far out as
/// scene 16's 10,000) lies inside the window, not cut off at its right edge.
#[test]
fn the_notes_show_five_lines_and_the_sat_table_fits_the_panel() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let scenes = app.session.lecture.scenes.len();
    for index in 0..scenes {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        app.apply(Command::SetMode(ModeKind::Sat), 0.0);
        let mut out = None;
        // A few frames: the table sizes its columns from what the frame before measured.
        for _ in 0..4 {
            out = Some(ctx.run(raw_input(), |ctx| {
                app.frame(ctx, 0.0, Input::default(), &[]);
            }));
        }
        let out = out.expect("a frame");
        let notes = app
            .probe
            .panels
            .iter()
            .find(|(name, _)| *name == "notes")
            .map(|(_, r)| *r)
            .expect("the notes panel");
        let (line, title) = ctx.fonts(|f| {
            (
                f.row_height(&egui::FontId::proportional(15.0)),
                f.row_height(&egui::FontId::proportional(20.0)),
            )
        });
        assert!(
            notes[3] >= title + 5.0 * line,
            "scene {index}: the notes panel is {} high, under a title and five lines ({})",
            notes[3],
            title + 5.0 * line
        );
        // Every shadow cell ("[min, max]") is inside the window.
        let mut cells = 0;
        fn walk(s: &egui::Shape, right: &mut Vec<(String, f32)>) {
            match s {
                egui::Shape::Text(t) => {
                    right.push((t.galley.text().to_string(), t.pos.x + t.galley.rect.max.x))
                }
                egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, right)),
                _ => {}
            }
        }
        let mut shown = Vec::new();
        for c in &out.shapes {
            walk(&c.shape, &mut shown);
        }
        for (text, right) in shown.iter().filter(|(t, _)| t.starts_with('[')) {
            cells += 1;
            assert!(
                *right <= 1280.0,
                "scene {index}: the SAT cell {text} ends at x = {right}"
            );
        }
        assert!(
            cells >= 2,
            "scene {index}: the shadows are shown ({cells} cells)"
        );
        // Every axis's bar of the gap plot is inside the panel's visible width.
        let state: serde_json::Value =
            serde_json::from_str(&app.state_json()).expect("the state's JSON");
        let plot = &state["sat_plot"];
        let right_panel = state["panels"]["right"][0]
            .as_f64()
            .expect("the right panel");
        let (first, last, visible) = (
            plot["first_bar"].as_f64().expect("the first bar"),
            plot["last_bar"].as_f64().expect("the last bar"),
            plot["visible_right"].as_f64().expect("the visible edge"),
        );
        assert!(
            first >= right_panel && last <= visible && visible <= 1280.0,
            "scene {index}: the bars run from {first} to {last}, the panel from {right_panel} to {visible}"
        );
    }
}

/// Issue 22: the frame reads the canvas's gesture, carries out its commands and recomputes the
/// pair before the panels are drawn, so while B is dragged the right panel's step text and the
/// status bar's separation are the new pair's, in the same frame the canvas draws it (they
/// lagged the canvas by one frame).
/// The built-in scene `name` in the manifold mode at its last step, laid out by a few frames,
/// with the left button pressed on B's centre (returned, window pixels).
fn pressed_on_b_in_the_manifold_mode(name: &str) -> (App, egui::Context, glam::Vec2) {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let index = app
        .session
        .lecture
        .position(name)
        .unwrap_or_else(|| panic!("{name} is built in"));
    app.files(0.0, |f| f.go_to(index, 0.0, true));
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    app.apply(Command::Step(StepTo::Last), 0.0);
    // The first frames lay the canvas out and fit the view.
    for _ in 0..3 {
        let _ = ctx.run(raw_input(), |ctx| {
            app.frame(ctx, 0.0, Input::default(), &[])
        });
    }
    let from = app.view.cam.to_screen(app.body_centre(1));
    let _ = ctx.run(raw_input(), |ctx| {
        app.frame(ctx, 0.0, left_button(from, true), &[])
    });
    (app, ctx, from)
}

/// The left button down at `p` (window pixels), pressed in this frame or held.
fn left_button(p: glam::Vec2, pressed: bool) -> Input {
    Input {
        pointer: Some(p),
        pressed: [pressed, false, false],
        down: [true, false, false],
        ..Input::default()
    }
}

#[test]
fn while_dragging_the_panels_show_the_pair_of_the_same_frame() {
    use narrowphase_lab::app::words::signed;
    let (mut app, ctx, from) = pressed_on_b_in_the_manifold_mode("02_tilted_box.ron");
    let left = left_button;
    for k in 1..=4 {
        let before = app.session.pair.query.separation;
        // Down and to the left, a few pixels a frame: B sinks further into A.
        let at = from + glam::Vec2::new(-3.0, 4.0) * k as f32;
        let out = ctx.run(raw_input(), |ctx| app.frame(ctx, 0.0, left(at, false), &[]));
        let pair = &app.session.pair;
        assert_ne!(pair.query.separation, before, "frame {k}: the drag moved B");
        let mut shown = Vec::new();
        texts(&out.shapes, &mut shown);
        let separation = format!("separation {}", signed(pair.query.separation));
        assert!(
            shown.contains(&separation),
            "frame {k}: the status bar shows `{separation}`: {shown:?}"
        );
        let step = app.session.step;
        let text = app.mode().explain(pair, step).text;
        assert!(
            shown.contains(&text),
            "frame {k}: the right panel shows the step text of this frame's pair `{text}`"
        );
        assert_eq!(app.probe.shown_step_text, text, "frame {k}");
    }
}

/// Issue 37: the id strip and its count record the pair before the panels draw it. B is
/// dragged up off the ground in the manifold mode; in the frame its contacts vanish, the panel
/// already says "Id changes: 1" (it said 0 in that frame while the mode recorded after drawing).
#[test]
fn the_id_changes_count_shows_the_ids_of_the_same_frame() {
    let (mut app, ctx, from) = pressed_on_b_in_the_manifold_mode("01_resting_box.ron");
    let churn = |app: &App| {
        app.modes
            .find::<narrowphase_lab::app::modes::manifold::ManifoldMode>()
            .expect("the manifold mode")
            .churn
    };
    assert_eq!(churn(&app), 0, "the resting box's ids hold");
    let left = left_button;
    let mut changed_at = None;
    for k in 1..=40 {
        // Straight up, a few pixels a frame: the box leaves the ground.
        let at = from + glam::Vec2::new(0.0, -4.0) * k as f32;
        let out = ctx.run(raw_input(), |ctx| app.frame(ctx, 0.0, left(at, false), &[]));
        let mut shown = Vec::new();
        texts(&out.shapes, &mut shown);
        let count = format!("Id changes: {}", churn(&app));
        assert!(
            shown.contains(&count),
            "frame {k}: the panel shows `{count}` (the count after this frame's ids): {:?}",
            shown
                .iter()
                .filter(|t| t.starts_with("Id changes"))
                .collect::<Vec<_>>()
        );
        if churn(&app) > 0 {
            changed_at = Some(k);
            break;
        }
    }
    let k = changed_at.expect("the drag lifted the box off the ground: its ids changed");
    assert!(
        app.session.pair.contacts().is_empty(),
        "frame {k}: no contact left"
    );
}

/// Issue 37: the Simulate mode's lab (a world per run) is built only while that mode is shown.
/// The stack scene opens in Simulate (its lab built); in the manifold mode a drag of B leaves
/// that lab as it was, frame after frame; showing Simulate again rebuilds it from the scene as
/// dragged.
#[test]
fn the_hidden_simulate_lab_is_built_only_when_shown() {
    use narrowphase_lab::app::modes::simulate::SimulateMode;
    let (mut app, ctx, from) = pressed_on_b_in_the_manifold_mode("21_stack.ron");
    // B in the lab's first run (the world's body 1, after the static A), as the lab stands.
    let lab_b = |app: &App| {
        let sim = app.modes.find::<SimulateMode>().expect("the simulate mode");
        sim.lab()
            .map(|lab| lab.runs[0].world().bodies()[1].position())
    };
    let before = lab_b(&app);
    for k in 1..=5 {
        let at = from + glam::Vec2::new(3.0, 0.0) * k as f32;
        let _ = ctx.run(raw_input(), |ctx| {
            app.frame(ctx, 0.0, left_button(at, false), &[])
        });
        assert_eq!(lab_b(&app), before, "frame {k}: the hidden lab was rebuilt");
    }
    let dragged = app.doc.scene().b.position;
    assert_ne!(Some(dragged), before, "the drag moved B");
    app.apply(Command::SetMode(ModeKind::Simulate), 0.0);
    // Shown, the lab is built from the scene as dragged, at its first step.
    let b = lab_b(&app).expect("shown, the lab is built");
    assert!(
        (b - dragged).length() < 1e-5,
        "B starts at {b}, dragged to {dragged}"
    );
}

/// Issue 26, item 11: zoomed in on the ground's far corner, the labels of what is out of the
/// view (B's badge, the contact points p0 and p1) are not pinned to the view's edge: they are
/// not drawn at all, while the view's own hint still is.
#[test]
fn labels_of_what_is_out_of_the_view_are_not_pinned_to_its_edge() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    app.apply(Command::Step(StepTo::Last), 0.0);
    let frame = |app: &mut App| {
        let _ = ctx.run(raw_input(), |ctx| {
            app.frame(ctx, 0.0, Input::default(), &[]);
        });
    };
    frame(&mut app);
    frame(&mut app);
    let before = label_texts(&app);
    assert!(
        ["B", "p0", "p1"]
            .iter()
            .all(|t| before.iter().any(|l| l == t)),
        "{before:?}"
    );
    // The ground is 8 wide: its left end at x = −4, far from B and the points near x = 0.
    app.view.cam.zoom *= 20.0;
    app.view.cam.center = glam::Vec2::new(-3.9, -0.5);
    app.view.view_moved = true;
    frame(&mut app);
    let world = app.probe.drawn.views[0].rect;
    let b = app.view.cam.to_screen(app.body_centre(1));
    assert!(
        b.x > world[0] + world[2],
        "B's centre {b} is right of the view {world:?}"
    );
    let after = label_texts(&app);
    for t in ["B", "p0", "p1"] {
        assert!(!after.iter().any(|l| l == t), "{t} is pinned: {after:?}");
    }
    assert!(after.iter().any(|l| l.contains("F1 help")), "{after:?}");
}

/// Issue 26, item 11: pressing F (frame everything) no longer moves SAT's axis line and shadows
/// from one side of the shapes to the other: in every built-in scene with SAT steps, the axis
/// label stays on the same side of the shapes' middle across the reframing.
#[test]
fn framing_again_keeps_the_sat_shadows_on_their_side() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let scenes = app.session.lecture.scenes.len();
    let mut judged = 0;
    for index in 0..scenes {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        app.apply(Command::SetMode(ModeKind::Sat), 0.0);
        let side = |app: &mut App| {
            for _ in 0..3 {
                let _ = ctx.run(raw_input(), |ctx| {
                    app.frame(ctx, 0.0, Input::default(), &[]);
                });
            }
            let label = app
                .probe
                .drawn
                .labels
                .iter()
                .find(|l| l.text == format!("axis {}", app.session.step + 1))?
                .rect;
            let mid = (app.view.cam.to_screen(app.body_centre(0))
                + app.view.cam.to_screen(app.body_centre(1)))
                * 0.5;
            let at = glam::Vec2::new(label[0] + label[2] / 2.0, label[1] + label[3] / 2.0);
            Some(at - mid)
        };
        let Some(before) = side(&mut app) else {
            continue;
        };
        app.apply(Command::FrameBodies, 0.0);
        let Some(after) = side(&mut app) else {
            continue;
        };
        judged += 1;
        // The axis line runs along the axis; its side is across it: compare the offsets'
        // directions, which flip sign when the line moves to the other side.
        assert!(
            before.dot(after) > 0.0,
            "scene {index}: the axis label moved from {before} to {after} of the shapes' middle"
        );
    }
    assert!(judged >= 10, "{judged} scenes judged");
}
