//! Issue 29 in a real window: the light theme and the colour-vision-safe palette in every mode
//! (the screenshots looked at, pixel by pixel), and the look remembered between runs with a
//! flag winning over it.

use crate::window::{
    Image, app, bluish, body_colour_around, display, screen, screenshot_with as shot, state, tmp,
    violet,
};
use narrowphase_lab::app::draw::colors;

fn rgb(c: egui::Color32) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

/// The share of the pixels of the view rectangle `r` (`[x, y, w, h]`) passing `test`.
fn share(img: &Image, r: &serde_json::Value, test: impl Fn([u8; 3]) -> bool) -> f64 {
    let r = [0, 1, 2, 3].map(|k| r[k].as_f64().unwrap_or(0.0));
    let (mut hit, mut all) = (0usize, 0usize);
    let mut y = r[1];
    while y < r[1] + r[3] {
        let mut x = r[0];
        while x < r[0] + r[2] {
            all += 1;
            if test(img.at(x, y)) {
                hit += 1;
            }
            x += 3.0;
        }
        y += 3.0;
    }
    hit as f64 / all.max(1) as f64
}

#[test]
fn the_light_theme_draws_every_mode_dark_on_light_with_the_same_meanings() {
    let Some(d) = display() else { return };
    let light = colors::LIGHT;
    for (mode, step) in [
        ("sat", "1"),
        ("gjk", "2"),
        ("manifold", "4"),
        ("simulate", "0"),
    ] {
        let (img, s) = shot(
            &d,
            "scenes/02_tilted_box.ron",
            mode,
            step,
            &["--theme", "light"],
            &format!("light-{mode}.png"),
        );
        assert_eq!(s["theme"], "light");
        let canvas = &s["views"][0]["rect"];
        let bright = share(&img, canvas, |p| p.iter().all(|&c| c >= 215));
        assert!(
            bright > 0.6,
            "{mode}: the canvas is light ({bright:.2} of it)"
        );
        // The panels too (egui's light visuals).
        let left = &s["panels"]["left"];
        let bright = share(&img, left, |p| p.iter().all(|&c| c >= 215));
        assert!(
            bright > 0.6,
            "{mode}: the left panel is light ({bright:.2} of it)"
        );
        // A blue and B violet where they are, in the light theme's stronger colours.
        let zoom = s["zoom"].as_f64().expect("zoom");
        assert!(
            body_colour_around(&img, screen(&s, "a"), zoom, bluish),
            "{mode}: A is blue"
        );
        assert!(
            body_colour_around(&img, screen(&s, "b"), zoom, violet),
            "{mode}: B is violet"
        );
        assert!(img.count_near(rgb(light.a), 12) > 40, "{mode}: A's outline");
        assert!(img.count_near(rgb(light.b), 12) > 40, "{mode}: B's outline");
        // No dark background left on the canvas (its text is near-black: a few pixels).
        let dark = rgb(colors::DARK.background);
        let near = |p: [u8; 3]| (0..3).all(|k| (p[k] as i32 - dark[k] as i32).abs() <= 2);
        let left_dark = share(&img, canvas, near);
        assert!(
            left_dark < 0.02,
            "{mode}: {left_dark:.3} of the canvas is the dark background"
        );
    }
    // The manifold's faces: green reference, orange incident, dark ink for the contact point.
    let (img, _) = shot(
        &d,
        "scenes/01_resting_box.ron",
        "manifold",
        "1",
        &["--theme", "light"],
        "light-faces.png",
    );
    assert!(
        img.count_near(rgb(light.reference), 16) > 300,
        "the green reference face"
    );
    assert!(
        img.count_near(rgb(light.incident), 16) > 60,
        "the orange incident face (dashed)"
    );
}

#[test]
fn the_cvd_palette_draws_every_mode_in_its_own_colours() {
    let Some(d) = display() else { return };
    for theme in ["dark", "light"] {
        let c = if theme == "dark" {
            colors::DARK_CVD
        } else {
            colors::LIGHT_CVD
        };
        let standard = if theme == "dark" {
            colors::DARK
        } else {
            colors::LIGHT
        };
        for (mode, step) in [
            ("sat", "1"),
            ("gjk", "2"),
            ("manifold", "4"),
            ("simulate", "0"),
        ] {
            let (img, s) = shot(
                &d,
                "scenes/02_tilted_box.ron",
                mode,
                step,
                &["--palette", "cvd", "--theme", theme],
                &format!("cvd-{theme}-{mode}.png"),
            );
            assert_eq!(s["palette"], "cvd");
            assert!(
                img.count_near(rgb(c.a), 12) > 40,
                "{theme} {mode}: A in the cvd blue"
            );
            assert!(
                img.count_near(rgb(c.b), 12) > 40,
                "{theme} {mode}: B in the cvd purple"
            );
            // The standard palette's A and B are gone (A's blue, B's violet outlines).
            for (name, colour) in [("A", standard.a), ("B", standard.b)] {
                let left = img.count_near(rgb(colour), 4);
                assert!(
                    left < 40,
                    "{theme} {mode}: {left} pixels of the standard {name}"
                );
            }
        }
        let (img, _) = shot(
            &d,
            "scenes/01_resting_box.ron",
            "manifold",
            "1",
            &["--palette", "cvd", "--theme", theme],
            &format!("cvd-{theme}-faces.png"),
        );
        assert!(
            img.count_near(rgb(c.reference), 16) > 300,
            "{theme}: the reference face"
        );
        assert!(
            img.count_near(rgb(c.incident), 16) > 60,
            "{theme}: the incident face"
        );
    }
}

#[test]
fn the_look_is_remembered_between_runs_and_a_flag_wins() {
    let Some(d) = display() else { return };
    let state_home = tmp("remembered-state");
    let folder = state_home.join("narrowphase-lab");
    std::fs::create_dir_all(&folder).expect("a state folder");
    std::fs::write(folder.join("look.txt"), "theme = light\npalette = cvd\n").expect("write");
    let run = |flags: &[&str]| {
        let mut args = vec![
            "scenes/01_resting_box.ron",
            "--frames",
            "5",
            "--print-state",
        ];
        args.extend_from_slice(flags);
        // As the kit's `run`: a display that refuses a client for a moment is asked again.
        let mut out = None;
        for _ in 0..5 {
            let o = app(&d, &args)
                .env("XDG_STATE_HOME", &state_home)
                .output()
                .expect("the app runs");
            if !String::from_utf8_lossy(&o.stderr).contains("cannot open the display") {
                out = Some(o);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(500));
        }
        let out = out.expect("the display answers");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        state(&out)
    };
    let s = run(&[]);
    assert_eq!(
        (s["theme"].as_str(), s["palette"].as_str()),
        (Some("light"), Some("cvd"))
    );
    let s = run(&["--theme", "dark"]);
    assert_eq!(
        (s["theme"].as_str(), s["palette"].as_str()),
        (Some("dark"), Some("cvd"))
    );
    let s = run(&["--palette", "standard"]);
    assert_eq!(
        (s["theme"].as_str(), s["palette"].as_str()),
        (Some("light"), Some("standard"))
    );
    // A flag is for that run: what was remembered is still there.
    let kept = std::fs::read_to_string(folder.join("look.txt")).expect("still there");
    assert!(kept.contains("theme = light"), "{kept}");
    // A damaged file: the default look, and the app still opens.
    std::fs::write(folder.join("look.txt"), "theme = sepia\n").expect("write");
    let s = run(&[]);
    assert_eq!(
        (s["theme"].as_str(), s["palette"].as_str()),
        (Some("dark"), Some("standard"))
    );
}
