//! Issue 29 in the browser: a figure embedded in another page (`&embed=1`) at 480×320 — the
//! canvas with both bodies' colours and no panels, a real pointer drag moving B, the keyboard
//! only once clicked, the link to the full app; `dist/lesson.html` with every figure drawn
//! (one element screenshot each); and `&theme=light` giving a light background.

use super::{Driver, assert_bodies_drawn, until};
use crate::window::{Image, screen};
use serde_json::{Value, json};
use std::path::Path;

/// The state of the app inside the page's iframe number `index` (0 = the first), once it
/// has drawn: the iframe is scrolled into view first (a lazy one loads then).
pub(super) fn iframe_state(driver: &Driver, index: usize) -> Value {
    let s = driver.run(&format!(
        "const f = document.querySelectorAll('iframe')[{index}];\
         f.scrollIntoView({{block: 'center'}});\
         const start = performance.now();\
         while (!(f.contentWindow && f.contentWindow.narrowphase)) {{\
             if (performance.now() - start > 50000) return {{error: 'no app in iframe {index}'}};\
             await new Promise(r => setTimeout(r, 100));\
         }}\
         await f.contentWindow.narrowphase.requestState();\
         return await f.contentWindow.narrowphase.requestState();"
    ));
    assert!(
        s.get("scene").is_some(),
        "no state from iframe {index}: {s}"
    );
    s
}

/// The page's elements matching a CSS selector, as WebDriver element ids.
pub(super) fn elements(driver: &Driver, css: &str) -> Vec<String> {
    let found = driver.session_call(
        "POST",
        "/elements",
        Some(&json!({"using": "css selector", "value": css})),
    );
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|e| e.as_object()?.values().next()?.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// A screenshot of one element (its own pixels only).
pub(super) fn element_screenshot(driver: &Driver, id: &str, path: &Path) -> Image {
    let b64 = driver.session_call("GET", &format!("/element/{id}/screenshot"), None);
    let png = narrowphase_lab::app::link::base64url_decode(b64.as_str().expect("base64"))
        .expect("a base64 screenshot");
    std::fs::write(path, png).expect("write the screenshot");
    Image::load(path)
}

/// Pixels in the rectangle `[x, y, w, h]` of `img` passing `test`, and how many were looked at.
pub(super) fn count_in(img: &Image, r: [f64; 4], test: impl Fn([u8; 3]) -> bool) -> (usize, usize) {
    let (mut hit, mut all) = (0, 0);
    let (x0, y0) = (r[0].max(0.0) as usize, r[1].max(0.0) as usize);
    let x1 = ((r[0] + r[2]) as usize).min(img.w);
    let y1 = ((r[1] + r[3]) as usize).min(img.h);
    for y in y0..y1 {
        for x in x0..x1 {
            all += 1;
            if test(img.rgb[y * img.w + x]) {
                hit += 1;
            }
        }
    }
    (hit, all)
}

pub(super) fn rect(v: &Value) -> [f64; 4] {
    [0, 1, 2, 3].map(|k| v[k].as_f64().unwrap_or(f64::NAN))
}

/// The figure at 480×320, dragged; the light theme; the lesson page.
pub fn embeds_lessons_and_the_light_theme(
    driver: &Driver,
    page_root: &str,
    dist: &Path,
    shots: &Path,
) {
    // A course page of our own with one figure at 480×320 in its top-left corner.
    std::fs::write(
        dist.join("embed-480.html"),
        "<!DOCTYPE html><html><body style=\"margin:0\">\
         <iframe src=\"index.html?scene=01_resting_box&amp;mode=sat&amp;embed=1\" \
         width=\"480\" height=\"320\" style=\"border:0;position:absolute;left:0;top:0\"></iframe>\
         <p style=\"position:absolute;top:400px\">text of the course page</p></body></html>",
    )
    .expect("write the test page");
    driver.go("about:blank");
    driver.go(&format!("{page_root}/embed-480.html"));
    let s = iframe_state(driver, 0);
    assert_eq!(s["embed"], true, "the figure knows it is embedded");
    assert_eq!(s["mode"], "sat");
    let panels: Vec<&String> = s["panels"]
        .as_object()
        .map(|m| m.keys().collect())
        .unwrap_or_default();
    assert_eq!(panels, ["embed"], "only the slim bar: {}", s["panels"]);
    let bar = rect(&s["panels"]["embed"]);
    assert!(
        bar[3] <= 40.0 && bar[2] >= 479.0,
        "a slim bar across the figure: {bar:?}"
    );
    let view = rect(&s["views"][0]["rect"]);
    assert!(
        view[2] >= 479.0 && view[3] >= 320.0 - bar[3] - 1.0,
        "the canvas fills the figure below the bar: {view:?}"
    );
    // Keyboard focus stays with the course page until the figure is clicked.
    assert_eq!(driver.run("return document.activeElement.tagName;"), "BODY");
    let img = driver.screenshot(&shots.join("embed-480.png"));
    assert_bodies_drawn(&img, &s, "the embedded figure");
    // No panel background on the canvas: egui's panel grey (27, 27, 27) nowhere below the bar
    // (the canvas is (24, 26, 31), its grid lines bluer).
    let panel_grey = |p: [u8; 3]| p == [27, 27, 27];
    let (grey, all) = count_in(&img, view, panel_grey);
    assert!(
        grey * 200 < all,
        "{grey} of {all} canvas pixels are panel grey"
    );
    // The page's own link to the full app: the same link without `embed=1`, in a new tab.
    let link = driver.run(
        "const d = document.querySelector('iframe').contentDocument;\
         const a = d.getElementById('full-app');\
         return {href: a.href, target: a.target, shown: getComputedStyle(a).display};",
    );
    assert_eq!(
        link["href"],
        format!("{page_root}/index.html?scene=01_resting_box&mode=sat"),
        "{link}"
    );
    assert_eq!(link["target"], "_blank");
    assert_eq!(link["shown"], "block");

    // A real pointer drag of B inside the figure (the page's coordinates are the figure's).
    let (bx, by) = screen(&s, "b");
    let zoom = s["zoom"].as_f64().expect("zoom");
    let (dx, dy) = (60.0, -30.0);
    let mut moves = vec![
        json!({"type": "pointerMove", "x": bx.round() as i64, "y": by.round() as i64, "origin": "viewport"}),
        json!({"type": "pause", "duration": 300}),
        json!({"type": "pointerDown", "button": 0}),
        json!({"type": "pause", "duration": 400}),
    ];
    for k in 1..=9 {
        let f = k as f64 / 9.0;
        moves.push(
            json!({"type": "pointerMove", "duration": 40, "origin": "viewport",
            "x": (bx + dx * f).round() as i64, "y": (by + dy * f).round() as i64}),
        );
    }
    moves.push(json!({"type": "pause", "duration": 400}));
    moves.push(json!({"type": "pointerUp", "button": 0}));
    driver.actions(json!([{"type": "pointer", "id": "mouse",
        "parameters": {"pointerType": "mouse"}, "actions": moves}]));
    let after = iframe_state(driver, 0);
    let p0 = &s["scene"]["b"]["position"];
    let p1 = &after["scene"]["b"]["position"];
    let moved = (
        p1[0].as_f64().unwrap() - p0[0].as_f64().unwrap(),
        p1[1].as_f64().unwrap() - p0[1].as_f64().unwrap(),
    );
    let want = (
        (bx.round() + dx - bx) / zoom,
        -(by.round() + dy - by) / zoom,
    );
    let tol = 1.5 / zoom;
    assert!(
        (moved.0 - want.0).abs() < tol && (moved.1 - want.1).abs() < tol,
        "in the figure B moved by {moved:?}, the pointer by {want:?} world units"
    );
    assert_eq!(after["scene"]["a"], s["scene"]["a"], "A stays put");
    // Clicked, the figure has the keyboard.
    assert_eq!(
        driver.run("return document.activeElement.tagName;"),
        "IFRAME"
    );

    // One finger drags B back (touch, as on a tablet): it moves as the mouse moved it. The
    // touches are dispatched as TouchEvents inside the figure, one per frame (chromedriver's
    // single-finger touch actions reached no element here, while its two-finger pinch above
    // does).
    let (bx, by) = screen(&after, "b");
    let touched = driver.run(&format!(
        "const d = document.querySelector('iframe').contentDocument;\
         const w = document.querySelector('iframe').contentWindow;\
         const c = d.getElementById('glcanvas');\
         const frame = () => new Promise(r => w.requestAnimationFrame(() => r()));\
         const touch = (x, y) => new w.Touch({{identifier: 7, target: c, clientX: x, clientY: y}});\
         const send = (kind, x, y) => {{\
             const t = touch(x, y);\
             const live = kind === 'touchend' ? [] : [t];\
             c.dispatchEvent(new w.TouchEvent(kind, {{touches: live, targetTouches: live,\
                 changedTouches: [t], bubbles: true, cancelable: true}}));\
         }};\
         send('touchstart', {bx}, {by});\
         for (let k = 0; k < 4; k++) await frame();\
         for (let k = 1; k <= 9; k++) {{\
             send('touchmove', {bx} - {dx} * k / 9, {by} - {dy} * k / 9);\
             await frame(); await frame();\
         }}\
         for (let k = 0; k < 4; k++) await frame();\
         send('touchend', {bx} - {dx}, {by} - {dy});\
         for (let k = 0; k < 4; k++) await frame();\
         return 0;",
        bx = bx,
        by = by,
        dx = dx,
        dy = dy
    ));
    assert_eq!(touched, 0, "the touches were sent: {touched}");
    let back = iframe_state(driver, 0);
    let p2 = &back["scene"]["b"]["position"];
    let moved = (
        p2[0].as_f64().unwrap() - p1[0].as_f64().unwrap(),
        p2[1].as_f64().unwrap() - p1[1].as_f64().unwrap(),
    );
    let want = (-dx / zoom, dy / zoom);
    assert!(
        (moved.0 - want.0).abs() < tol && (moved.1 - want.1).abs() < tol,
        "a finger moved B by {moved:?}, it moved {want:?} world units"
    );

    // Left alone, the figure runs no frames (the canvas keeps its picture); a pointer over it
    // wakes it.
    let frames = driver.run(
        "const w = document.querySelector('iframe').contentWindow;\
         const wait = ms => new Promise(r => setTimeout(r, ms));\
         await wait(1500);\
         const f0 = w.narrowphase.frames;\
         await wait(2000);\
         const f1 = w.narrowphase.frames;\
         const c = w.document.getElementById('glcanvas');\
         c.dispatchEvent(new w.MouseEvent('mousemove', {bubbles: true, clientX: 20, clientY: 80}));\
         await wait(600);\
         return [f1 - f0, w.narrowphase.frames - f1];",
    );
    let (idle, woken) = (
        frames[0].as_i64().unwrap_or(-1),
        frames[1].as_i64().unwrap_or(-1),
    );
    eprintln!(
        "browser: an idle figure ran {idle} frames in 2 s; a pointer move woke it for {woken}"
    );
    assert!(
        (0..=2).contains(&idle),
        "an idle figure ran {idle} frames in 2 s"
    );
    assert!(
        woken >= 3,
        "a pointer move over the figure ran {woken} frames"
    );

    // "Full app ↗" opens the figure as the student left it: B where the finger put it.
    let href = driver.run(
        "const d = document.querySelector('iframe').contentDocument;\
         const a = d.getElementById('full-app');\
         a.dispatchEvent(new FocusEvent('focus'));\
         return a.href;",
    );
    let href = href.as_str().expect("the link's href").to_string();
    assert!(
        href.starts_with(&format!("{page_root}/index.html#s=")) && href.contains("mode=sat"),
        "{href}"
    );
    driver.go("about:blank");
    driver.go(&href);
    let full = driver.state();
    assert_eq!(full["embed"], false, "the full app");
    assert_eq!(full["mode"], "sat");
    for i in 0..2 {
        let (x, y) = (&full["scene"]["b"]["position"][i], &p2[i]);
        assert!(
            (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-4,
            "the full app's B {} is the figure's {}",
            full["scene"]["b"]["position"],
            back["scene"]["b"]["position"]
        );
    }

    // A figure whose WebGL context the browser takes back (past its limit of contexts) says
    // so instead of going blank, and starts again with a new one.
    driver.go("about:blank");
    driver.go(&format!(
        "{page_root}/index.html?scene=01_resting_box&mode=sat&embed=1"
    ));
    let before = driver.state();
    let paused = driver.run(
        "const c = document.getElementById('glcanvas');\
         const gl = c.getContext('webgl2') || c.getContext('webgl');\
         window.loseIt = gl.getExtension('WEBGL_lose_context');\
         window.loseIt.loseContext();\
         await new Promise(r => setTimeout(r, 300));\
         const p = document.getElementById('paused');\
         return p ? getComputedStyle(p).display + '|' + p.textContent : 'none';",
    );
    let paused = paused.as_str().unwrap_or("").to_string();
    assert!(
        paused.starts_with("block|This figure is paused"),
        "a lost context is said: {paused}"
    );
    driver.run("window.loseIt.restoreContext(); return 0;");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let again = driver.state();
    assert_eq!(again["scene"]["b"], before["scene"]["b"], "the same figure");
    let shown = driver.run("const p = document.getElementById('paused'); return p === null;");
    assert_eq!(shown, true, "started again: no pause message");
    let img = driver.screenshot(&shots.join("embed-context-restored.png"));
    assert_bodies_drawn(&img, &again, "the figure started again");
    driver.go("about:blank");
    driver.go(&format!("{page_root}/embed-480.html"));

    // The smallest figure, 320×240: still the canvas and the bar.
    driver.run(
        "const f = document.querySelector('iframe'); f.width = 320; f.height = 240; return 0;",
    );
    // Its next frames take the new size.
    let small = until(
        || iframe_state(driver, 0),
        |s| (rect(&s["views"][0]["rect"])[2] - 320.0).abs() <= 1.0,
    );
    let view = rect(&small["views"][0]["rect"]);
    let bar = rect(&small["panels"]["embed"]);
    assert!(
        (view[2] - 320.0).abs() <= 1.0 && view[3] >= 240.0 - bar[3] - 1.0 && bar[3] <= 40.0,
        "at 320×240: canvas {view:?}, bar {bar:?}"
    );
    let img = driver.screenshot(&shots.join("embed-320.png"));
    assert_bodies_drawn(&img, &small, "the figure at 320×240");

    // `&theme=light`: a light background, and the page says so.
    driver.go("about:blank");
    driver.go(&format!(
        "{page_root}/index.html?scene=01_resting_box&mode=sat&theme=light"
    ));
    let light = driver.state();
    assert_eq!(light["theme"], "light");
    let img = driver.screenshot(&shots.join("web-light.png"));
    let view = rect(&light["views"][0]["rect"]);
    let (bright, all) = count_in(&img, view, |p| p.iter().all(|&c| c >= 200));
    assert!(
        bright * 2 > all,
        "the light theme's canvas is light: {bright} of {all} pixels"
    );
    // Its panels are light too (egui's light visuals).
    let left = rect(&light["panels"]["left"]);
    let (bright, all) = count_in(&img, left, |p| p.iter().all(|&c| c >= 200));
    assert!(
        bright * 2 > all,
        "the light theme's panel is light: {bright} of {all}"
    );

    // `&palette=cvd`: the safe palette's A on the canvas.
    driver.go("about:blank");
    driver.go(&format!(
        "{page_root}/index.html?scene=01_resting_box&mode=sat&palette=cvd"
    ));
    let cvd = driver.state();
    assert_eq!(cvd["palette"], "cvd");
    let img = driver.screenshot(&shots.join("web-cvd.png"));
    let a = narrowphase_lab::app::draw::colors::DARK_CVD.a;
    let near_a = |p: [u8; 3]| {
        (p[0] as i32 - a.r() as i32).abs() <= 8
            && (p[1] as i32 - a.g() as i32).abs() <= 8
            && (p[2] as i32 - a.b() as i32).abs() <= 8
    };
    let (outline, _) = count_in(&img, rect(&cvd["views"][0]["rect"]), near_a);
    assert!(
        outline > 100,
        "A's outline in the safe palette: {outline} pixels"
    );

    // *Copy embed code* (Ctrl+Shift+L) in the full app: an iframe of the scene as it is, which
    // opens as an embedded figure of that scene.
    driver.actions(json!([{"type": "key", "id": "keyboard", "actions": [
        {"type": "keyDown", "value": "\u{E009}"},
        {"type": "keyDown", "value": "\u{E008}"},
        {"type": "keyDown", "value": "L"},
        {"type": "keyUp", "value": "L"},
        {"type": "keyUp", "value": "\u{E008}"},
        {"type": "keyUp", "value": "\u{E009}"},
    ]}]));
    let copied = driver.state();
    let code = driver.run("return narrowphase.copied;");
    let code = code
        .as_str()
        .unwrap_or_else(|| panic!("no embed code: {code}"));
    assert!(
        code.starts_with(&format!("<iframe src=\"{page_root}/index.html#s=")),
        "{code}"
    );
    assert!(code.contains("&amp;embed=1\""), "{code}");
    assert!(code.contains(" loading=\"lazy\""), "{code}");
    assert!(
        copied["banner"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("embed code copied")),
        "{}",
        copied["banner"]
    );
    let src = code.split('"').nth(1).expect("src").replace("&amp;", "&");
    driver.go("about:blank");
    driver.go(&src);
    let embedded = driver.state();
    assert_eq!(embedded["embed"], true);
    assert_eq!(
        embedded["scene"]["b"], copied["scene"]["b"],
        "the same scene"
    );

    // The lesson page: every figure drawn, each looked at in its own screenshot.
    driver.go("about:blank");
    driver.go(&format!("{page_root}/lesson.html"));
    let figures = elements(driver, "iframe");
    let expected = [
        ("02_tilted_box", "sat"),
        ("13_gjk_distance", "gjk"),
        ("14_epa_deep", "gjk"),
        ("02_tilted_box", "manifold"),
        ("03_near_parallel", "manifold"),
        ("20_box_rocks", "simulate"),
    ];
    assert_eq!(figures.len(), expected.len(), "one figure per idea");
    for (i, (id, (scene, mode))) in figures.iter().zip(expected).enumerate() {
        let s = iframe_state(driver, i);
        let index = narrowphase_lab::scene::BUILTIN
            .iter()
            .position(|(f, _)| f.trim_end_matches(".ron") == scene)
            .expect("a built-in scene");
        assert_eq!(s["scene_index"], index, "figure {i}");
        assert_eq!(s["mode"], mode, "figure {i}");
        assert_eq!(s["embed"], true, "figure {i}");
        assert_eq!(s["banner"], Value::Null, "figure {i}: {}", s["banner"]);
        let img = element_screenshot(driver, id, &shots.join(format!("lesson-{i}-{scene}.png")));
        assert!(
            img.w >= 300 && img.h >= 200,
            "figure {i} is {}×{}",
            img.w,
            img.h
        );
        assert_bodies_drawn(&img, &s, &format!("lesson figure {i} ({scene}, {mode})"));
    }
    eprintln!("browser: the lesson's {} figures drawn", figures.len());
}
