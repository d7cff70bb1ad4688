//! Themes and palettes (issue 29): every text readable against what it is drawn on (WCAG AA,
//! 4.5:1, by the relative-luminance formula), the meaning-carrying colours of the
//! colour-vision-safe palette apart under simulated protanopia, deuteranopia and tritanopia,
//! and the app switching its look, its egui visuals and its embedded figure's bar.
//!
//! The colour science is worked out here from the published formulas, not taken from `src/`:
//! WCAG 2.x relative luminance and contrast ratio; Machado, Oliveira & Fernandes (2009), "A
//! Physiologically-based Model for Simulation of Color Vision Deficiency", severity 1.0
//! matrices, applied to linear RGB; CIELAB (D65) and the CIE76 colour difference ΔE*ab.

use egui::Color32;
use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::draw::colors::{self, Look, Palette, Theme};
use narrowphase_lab::app::input::Input;
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;

/// WCAG AA for normal text.
const AA: f64 = 4.5;

/// The smallest ΔE*ab (CIE76) between two meaning-carrying colours under each simulated
/// deficiency. A ΔE of about 2.3 is a just-noticeable difference side by side; 10 is a
/// difference seen at a glance between a thin line and a label.
const MIN_DELTA_E: f64 = 10.0;

/// sRGB 0–255 to linear light 0–1.
fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn rgb_linear(c: Color32) -> [f64; 3] {
    [linear(c.r()), linear(c.g()), linear(c.b())]
}

/// WCAG relative luminance.
fn luminance(c: Color32) -> f64 {
    let [r, g, b] = rgb_linear(c);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG contrast ratio, from 1 to 21.
fn contrast(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A premultiplied colour laid over an opaque one (egui's blending).
fn over(top: Color32, below: Color32) -> Color32 {
    let keep = 1.0 - f64::from(top.a()) / 255.0;
    let mix = |t: u8, b: u8| (f64::from(t) + f64::from(b) * keep).round().min(255.0) as u8;
    Color32::from_rgb(
        mix(top.r(), below.r()),
        mix(top.g(), below.g()),
        mix(top.b(), below.b()),
    )
}

/// Machado et al. 2009, severity 1.0, in linear RGB.
const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const TRITANOPIA: [[f64; 3]; 3] = [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.303900],
];
const IDENTITY: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

/// The colour as seen through `m` (linear RGB, clamped to the displayable range).
fn simulate(c: Color32, m: &[[f64; 3]; 3]) -> [f64; 3] {
    let v = rgb_linear(c);
    m.map(|row| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0))
}

/// Linear sRGB to CIELAB under D65.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
    let f = |t: f64| {
        let d: f64 = 6.0 / 29.0;
        if t > d * d * d {
            t.cbrt()
        } else {
            t / (3.0 * d * d) + 4.0 / 29.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIE76 ΔE*ab.
fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The closest two meaning-carrying colours of `look` under `m`: (ΔE, first, second).
fn closest_pair(look: Look, m: &[[f64; 3]; 3]) -> (f64, &'static str, &'static str) {
    let meanings = look.colors().meanings();
    let mut worst = (f64::INFINITY, "", "");
    for (i, (na, a)) in meanings.iter().enumerate() {
        for (nb, b) in &meanings[i + 1..] {
            let d = delta_e(lab(simulate(*a, m)), lab(simulate(*b, m)));
            if d < worst.0 {
                worst = (d, na, nb);
            }
        }
    }
    worst
}

#[test]
fn the_formulas_give_the_known_values() {
    // Black on white is 21:1, a colour on itself 1:1; WCAG's own example grey #767676 on white
    // is 4.54:1, the lightest grey that passes AA.
    assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 1e-9);
    assert!((contrast(Color32::GRAY, Color32::GRAY) - 1.0).abs() < 1e-12);
    let grey = Color32::from_rgb(0x76, 0x76, 0x76);
    assert!((contrast(grey, Color32::WHITE) - 4.54).abs() < 0.01);
    // White is L* 100, a* b* 0; pure red's Lab is (53.2, 80.1, 67.2).
    let white = lab(rgb_linear(Color32::WHITE));
    assert!((white[0] - 100.0).abs() < 0.05 && white[1].abs() < 0.05 && white[2].abs() < 0.05);
    let red = lab(rgb_linear(Color32::from_rgb(255, 0, 0)));
    assert!(delta_e(red, [53.24, 80.09, 67.20]) < 0.5, "{red:?}");
    // The simulations keep greys grey (each matrix's rows sum to 1), and protanopia and
    // deuteranopia take red and green close together.
    for m in [&PROTANOPIA, &DEUTERANOPIA, &TRITANOPIA] {
        let g = simulate(Color32::from_gray(128), m);
        assert!(
            (g[0] - g[1]).abs() < 1e-3 && (g[1] - g[2]).abs() < 1e-3,
            "{g:?}"
        );
    }
    let (red, green) = (
        Color32::from_rgb(200, 60, 40),
        Color32::from_rgb(90, 140, 40),
    );
    let seen = |m| delta_e(lab(simulate(red, m)), lab(simulate(green, m)));
    assert!(seen(&IDENTITY) > 40.0);
    assert!(seen(&DEUTERANOPIA) < seen(&IDENTITY) / 2.0);
}

#[test]
fn every_text_has_aa_contrast_in_every_theme_and_palette() {
    let mut least = f64::INFINITY;
    for look in Look::all() {
        let c = look.colors();
        let bg = c.background;
        // Canvas labels: in any meaning colour, in ink, and dim (the grid's numbers, the hint),
        // on the bare background (titles, hints, grid numbers) and on the backdrop a label
        // sits on over the background.
        let backdrop = over(c.label_backdrop, bg);
        let mut texts: Vec<(&str, Color32)> = c.meanings().to_vec();
        texts.push(("dim", c.dim));
        for (name, text) in &texts {
            for (under, below) in [("background", bg), ("label backdrop", backdrop)] {
                let r = contrast(*text, below);
                least = least.min(r);
                assert!(
                    r >= AA,
                    "{look:?}: canvas label in {name} {text:?} on the {under} {below:?}: {r:.2}:1"
                );
            }
        }
        // Panel text: egui's own text colours for the theme, and our colours where a panel
        // writes in them (the step's name in accent, the bodies' headings, good and bad
        // numbers, dim hints), on the panels' and windows' fill and on a button.
        let v = colors::visuals(look);
        let mut pairs: Vec<(&str, Color32, &str, Color32)> = vec![
            ("egui text", v.text_color(), "panel", v.panel_fill),
            ("egui text", v.text_color(), "window", v.window_fill),
            (
                "button text",
                v.widgets.inactive.fg_stroke.color,
                "button",
                v.widgets.inactive.weak_bg_fill,
            ),
            (
                "hovered button text",
                v.widgets.hovered.fg_stroke.color,
                "hovered button",
                v.widgets.hovered.weak_bg_fill,
            ),
        ];
        for (name, text) in texts.iter().filter(|(n, _)| !n.starts_with("ink")) {
            pairs.push((name, *text, "panel", v.panel_fill));
            pairs.push((name, *text, "window", v.window_fill));
        }
        for (name, text, fill_name, fill) in pairs {
            let r = contrast(text, fill);
            least = least.min(r);
            assert!(
                r >= AA,
                "{look:?}: panel text {name} {text:?} on the {fill_name} {fill:?}: {r:.2}:1"
            );
        }
    }
    eprintln!("look: the least text contrast over every theme and palette is {least:.2}:1");
}

#[test]
fn the_cvd_palette_keeps_every_meaning_apart_under_each_colour_deficiency() {
    let deficiencies = [
        ("protanopia", &PROTANOPIA),
        ("deuteranopia", &DEUTERANOPIA),
        ("tritanopia", &TRITANOPIA),
        ("normal vision", &IDENTITY),
    ];
    for theme in Theme::ALL {
        let look = Look {
            theme,
            palette: Palette::Cvd,
        };
        for (name, m) in deficiencies {
            let (d, a, b) = closest_pair(look, m);
            eprintln!("look: {look:?} under {name}: closest pair {a} / {b}, ΔE {d:.1}");
            assert!(
                d >= MIN_DELTA_E,
                "{look:?} under {name}: {a} and {b} are only ΔE {d:.1} apart"
            );
        }
    }
    // The check can fail: the standard palette's blue A and violet B are hard to tell apart
    // under deuteranopia, which is why the colour-vision-safe palette exists.
    let (d, a, b) = closest_pair(Look::default(), &DEUTERANOPIA);
    assert!(
        d < MIN_DELTA_E,
        "the standard palette was expected to fail for someone: {a}/{b} ΔE {d:.1}"
    );
}

#[test]
fn the_default_dark_look_keeps_the_apps_colours() {
    let c = Look::default().colors();
    assert_eq!(c.a, Color32::from_rgb(77, 148, 255));
    assert_eq!(c.b, Color32::from_rgb(178, 102, 255));
    assert_eq!(c.reference, Color32::from_rgb(64, 214, 112));
    assert_eq!(c.incident, Color32::from_rgb(255, 153, 51));
    assert_eq!(c.ink, Color32::from_rgb(245, 245, 245));
    assert_eq!(c.background, Color32::from_rgb(24, 26, 31));
    // The light theme is light, the dark one dark; both keep A bluer than red and B
    // between red and blue (violet), in both palettes.
    for look in Look::all() {
        let c = look.colors();
        let light = luminance(c.background) > 0.5;
        assert_eq!(light, look.theme == Theme::Light, "{look:?}");
        assert!(c.a.b() > c.a.r(), "{look:?}: A is blue");
        assert!(
            c.b.r() > c.b.g() && c.b.b() > c.b.g(),
            "{look:?}: B is violet"
        );
    }
}

fn frame(app: &mut App, ctx: &egui::Context, w: f32, h: f32) -> egui::FullOutput {
    ctx.run(screen_input(w, h), |ctx| {
        app.frame(ctx, 0.0, Input::default(), &[])
    })
}

#[test]
fn the_toggles_switch_the_canvas_and_egui_between_themes_and_palettes() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    let _ = frame(&mut app, &ctx, 1280.0, 800.0);
    assert!(ctx.style().visuals.dark_mode);
    assert_eq!(colors::a(), colors::DARK.a);
    app.apply(Command::SetLightTheme(true), 0.0);
    app.apply(Command::SetCvdPalette(true), 0.0);
    let _ = frame(&mut app, &ctx, 1280.0, 800.0);
    assert!(!ctx.style().visuals.dark_mode, "egui's visuals are light");
    assert_eq!(colors::a(), colors::LIGHT_CVD.a);
    assert_eq!(colors::background(), colors::LIGHT_CVD.background);
    let state: serde_json::Value = serde_json::from_str(&app.state_json()).expect("JSON");
    assert_eq!(state["theme"], "light");
    assert_eq!(state["palette"], "cvd");
    app.apply(Command::SetLightTheme(false), 0.0);
    let _ = frame(&mut app, &ctx, 1280.0, 800.0);
    assert!(ctx.style().visuals.dark_mode);
    assert_eq!(colors::a(), colors::DARK_CVD.a);
    // The flags choose the look the app opens in.
    let app = App::new(&AppFlags {
        theme: Some(Theme::Light),
        ..AppFlags::default()
    })
    .expect("opens");
    assert_eq!(app.shell.look.theme, Theme::Light);
    assert_eq!(app.shell.look.palette, Palette::Standard);
}

/// Every text egui drew in a frame.
fn texts(out: &egui::FullOutput) -> Vec<String> {
    fn walk(s: &egui::Shape, out: &mut Vec<String>) {
        match s {
            egui::Shape::Text(t) => out.push(t.galley.text().to_string()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    for c in &out.shapes {
        walk(&c.shape, &mut all);
    }
    all
}

#[test]
fn an_embedded_figure_shows_the_canvas_and_a_slim_bar_only() {
    let ctx = new_context();
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    app.files(0.0, |f| {
        f.open_link("?scene=02_tilted_box&mode=sat&embed=1", "", 0.0)
    });
    app.shell.embed = true;
    for (w, h) in [(480.0, 320.0), (320.0, 240.0), (1280.0, 800.0)] {
        let out = frame(&mut app, &ctx, w, h);
        let out2 = frame(&mut app, &ctx, w, h);
        let shown = texts(&out2);
        let _ = out;
        let names: Vec<&str> = app.probe.panels.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["embed"], "{w}×{h}: only the bar");
        let bar = app.probe.panels[0].1;
        assert!(bar[3] <= 40.0, "{w}×{h}: the bar is slim: {bar:?}");
        // The canvas has the rest of the figure.
        let view = app.probe.drawn.views[0].rect;
        assert!(
            view[2] >= w - 1.0 && view[3] >= h - bar[3] - 1.0,
            "{w}×{h}: the canvas fills the figure: {view:?}"
        );
        // No notes, no shape editors, no status line.
        let notes = &app.doc.scene().notes;
        assert!(!shown.iter().any(|t| t == notes), "{w}×{h}: the notes show");
        for hidden in ["Body A", "Copy link", "Undo", "UI scale"] {
            assert!(
                !shown.iter().any(|t| t.contains(hidden)),
                "{w}×{h}: `{hidden}` shows in the figure"
            );
        }
        assert!(
            shown.iter().any(|t| t == "SAT"),
            "{w}×{h}: the mode: {shown:?}"
        );
    }
    // The bar's buttons are commands like any others: step on, then reset to the link's step.
    let step = app.session.step;
    app.apply(
        Command::Step(narrowphase_lab::app::command::StepTo::Next),
        0.0,
    );
    assert_eq!(app.session.step, step + 1);
    app.apply(
        Command::SetMode(narrowphase_lab::app::modes::ModeKind::Gjk),
        0.0,
    );
    app.apply(Command::Reset, 0.0);
    assert_eq!(
        app.session.step,
        app.doc.scene().step.min(app.step_count() - 1)
    );
    assert_eq!(app.session.mode, app.doc.scene().mode);
}

#[test]
fn reset_puts_a_dragged_scene_back_as_one_undo_step() {
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    let opened = app.doc.scene().clone();
    let mut moved = opened.b.clone();
    moved.position += glam::Vec2::new(0.5, 0.25);
    app.apply(Command::SetBodies(Box::new((opened.a.clone(), moved))), 0.0);
    assert!(app.doc.modified());
    app.apply(Command::Reset, 0.0);
    assert_eq!(*app.doc.scene(), opened);
    app.apply(Command::Undo, 0.0);
    assert_ne!(app.doc.scene().b, opened.b, "undo brings the drag back");
}

#[test]
fn copy_embed_code_puts_an_iframe_of_the_scene_on_the_clipboard() {
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    app.apply(Command::CopyEmbed, 0.0);
    let code = app
        .shell
        .to_clipboard
        .clone()
        .expect("the code is on the clipboard");
    assert!(code.starts_with("<iframe src=\"index.html#s="), "{code}");
    assert!(code.contains("&amp;embed=1\""), "{code}");
    assert!(code.contains("width=\"640\" height=\"400\""), "{code}");
    // The iframe's address opens the same scene, embedded.
    let src = code.split('"').nth(1).expect("src").replace("&amp;", "&");
    let fragment = src.split_once('#').expect("a fragment").1;
    let look = narrowphase_lab::app::link::page_look("", fragment).expect("reads");
    assert!(look.embed);
    let mut other = App::new(&AppFlags::default()).expect("opens");
    other.files(0.0, |f| f.go_to(5, 0.0, true));
    other.files(0.0, |f| f.open_link("", fragment, 0.0));
    assert_eq!(other.doc.scene().a, app.doc.scene().a);
    assert_eq!(other.doc.scene().b, app.doc.scene().b);
    assert!(
        app.dialogs
            .banner
            .as_ref()
            .is_some_and(|b| b.text.contains("embed code copied")),
        "{:?}",
        app.dialogs.banner
    );
}

#[test]
fn embed_options_ride_in_the_embed_code_and_lock_the_figure_it_opens() {
    use narrowphase_lab::app::locks::{self, Locks};
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    let chosen = Locks {
        locked: [true, false],
        modes: Some(vec![ModeKind::Sat, ModeKind::Manifold]),
        text: true,
        zoom: Some(64.0),
        ..Locks::default()
    };
    app.apply(Command::SetEmbedLocks(chosen.to_query()), 0.0);
    app.apply(Command::CopyEmbed, 0.0);
    let code = app
        .shell
        .to_clipboard
        .clone()
        .expect("the code is on the clipboard");
    let src = code.split('"').nth(1).expect("src").replace("&amp;", "&");
    let fragment = src.split_once('#').expect("a fragment").1;
    assert!(fragment.contains("&embed=1&"), "{fragment}");
    assert_eq!(
        locks::parse("", fragment).expect("reads"),
        chosen,
        "{fragment}"
    );
    // The left panel offers them (its "Embed options").
    app.shell.show_left = true;
    let ctx = new_context();
    let out = ctx.run(screen_input(1280.0, 800.0), |ctx| {
        app.frame(ctx, 0.0, Input::default(), &[]);
    });
    let mut shown = Vec::new();
    for c in &out.shapes {
        if let egui::Shape::Text(t) = &c.shape {
            shown.push(t.galley.text().to_string());
        }
    }
    assert!(shown.iter().any(|t| t == "Embed options"), "{shown:?}");
}
