//! Issue 42, figures that let the page be a page: a course page of our own with six figures
//! scrolled through by the wheel (which zooms a figure only once it is clicked) and on a
//! phone by one-finger swipes (which a figure takes only when they start on a shape), and a
//! page with three figures that Tab and Shift+Tab walk through and out of, each figure's
//! canvas showing a focus ring and its "Full app" link reached on the way.

use super::embed::{element_screenshot, elements};
use super::screens::{finger_drag, settled};
use super::{Driver, Screen, one_browser, served_dist, shots_folder, until};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;

/// A course page of `n` figures (480×320 on a desktop, the page's width on a phone), each
/// between two paragraphs.
fn course_page(name: &str, n: usize, phone: bool) {
    let size = if phone {
        "style=\"border:0;width:100%;height:320px;display:block\""
    } else {
        "width=\"480\" height=\"320\" style=\"border:0;display:block\""
    };
    let scenes = ["01_resting_box", "02_tilted_box", "07_circles"];
    let mut body = String::new();
    for i in 0..n {
        body.push_str(&format!(
            "<p style=\"margin:8px;height:140px\">Paragraph {i} of the course page.</p>\
             <button id=\"before-{i}\">before {i}</button>\
             <iframe src=\"index.html?scene={}&amp;mode=sat&amp;embed=1\" {size}></iframe>",
            scenes[i % scenes.len()]
        ));
    }
    body.push_str(
        "<p style=\"margin:8px;height:600px\">The end.</p><button id=\"after\">after</button>",
    );
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    std::fs::write(
        dist.join(name),
        format!(
            "<!DOCTYPE html><html><head><meta name=\"viewport\" content=\"width=device-width, \
             initial-scale=1\"></head><body style=\"margin:0;font:16px sans-serif\">{body}</body></html>"
        ),
    )
    .expect("write the test page");
}

/// The state of figure `i` as it is on screen (no scrolling), once its app runs.
pub(super) fn figure(driver: &Driver, i: usize) -> Value {
    let s = driver.run(&format!(
        "const f = document.querySelectorAll('iframe')[{i}];\
         const start = performance.now();\
         while (!(f.contentWindow && f.contentWindow.narrowphase)) {{\
             if (performance.now() - start > 50000) return {{error: 'no app in figure {i}'}};\
             await new Promise(r => setTimeout(r, 100));\
         }}\
         return await f.contentWindow.narrowphase.requestState();"
    ));
    assert!(s.get("scene").is_some(), "no state from figure {i}: {s}");
    s
}

fn scroll_y(driver: &Driver) -> f64 {
    driver.run("return scrollY;").as_f64().unwrap_or(f64::NAN)
}

/// One wheel turn of `dy` CSS pixels at (x, y) of the viewport (WebDriver's wheel input).
fn wheel(driver: &Driver, x: f64, y: f64, dy: f64) {
    driver.actions(json!([{"type": "wheel", "id": "wheel", "actions": [
        {"type": "scroll", "x": x as i64, "y": y as i64, "deltaX": 0, "deltaY": dy as i64,
         "duration": 100, "origin": "viewport"},
    ]}]));
    std::thread::sleep(Duration::from_millis(300));
}

/// Figure `i`'s top-left corner in the viewport, CSS pixels.
fn figure_at(driver: &Driver, i: usize) -> (f64, f64) {
    let r = driver.run(&format!(
        "const r = document.querySelectorAll('iframe')[{i}].getBoundingClientRect(); return [r.left, r.top];"
    ));
    (
        r[0].as_f64().unwrap_or(f64::NAN),
        r[1].as_f64().unwrap_or(f64::NAN),
    )
}

#[test]
fn six_figures_let_the_wheel_scroll_the_page_until_one_is_clicked() {
    let _one = one_browser();
    let root = format!("http://127.0.0.1:{}", served_dist());
    course_page("six-figures.html", 6, false);
    let driver = Driver::start();
    driver.go(&format!("{root}/six-figures.html"));
    let first = settled(|| figure(&driver, 0));
    // The wheel over a figure that was not clicked scrolls the page, and the figure keeps its
    // zoom; turned again and again, over whatever is under the pointer, it scrolls through all
    // six figures.
    let (fx, fy) = figure_at(&driver, 0);
    let y0 = scroll_y(&driver);
    wheel(&driver, fx + 240.0, fy + 200.0, 300.0);
    let y1 = until(|| scroll_y(&driver), |y1| y1 - y0 >= 150.0);
    assert!(
        y1 - y0 >= 150.0,
        "the wheel over an unclicked figure scrolls the page: scrollY {y0} → {y1}"
    );
    let still = figure(&driver, 0);
    assert_eq!(
        still["zoom"], first["zoom"],
        "an unclicked figure does not zoom"
    );
    for _ in 0..12 {
        wheel(&driver, fx + 240.0, 400.0, 300.0);
    }
    let (_, last_top) = until(|| figure_at(&driver, 5), |at| at.1 < 400.0);
    assert!(
        last_top < 400.0,
        "the wheel scrolled through all six figures: the last is at {last_top}"
    );
    // Clicked, a figure has the keyboard and the wheel: it zooms and the page stays.
    driver
        .run("document.querySelectorAll('iframe')[1].scrollIntoView({block: 'center'}); return 0;");
    std::thread::sleep(Duration::from_millis(300));
    let (fx, fy) = figure_at(&driver, 1);
    let before = settled(|| figure(&driver, 1));
    // A click on empty canvas (its lower left corner) moves nothing.
    let (cx, cy) = (fx + 12.0, fy + 300.0);
    driver.actions(
        json!([{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "x": cx as i64, "y": cy as i64, "origin": "viewport"},
            {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 200},
            {"type": "pointerUp", "button": 0}]}]),
    );
    let y0 = scroll_y(&driver);
    wheel(&driver, fx + 240.0, fy + 160.0, -300.0);
    // The page read once the figure has taken the wheel (its zoom changed).
    let z0 = before["zoom"].as_f64().unwrap_or(f64::NAN);
    let zoomed = until(
        || figure(&driver, 1),
        |s| s["zoom"].as_f64().is_some_and(|z| z > z0 * 1.1),
    );
    let y1 = scroll_y(&driver);
    assert!(
        (y1 - y0).abs() < 1.0,
        "the wheel over a clicked figure leaves the page: scrollY {y0} → {y1}"
    );
    let (z0, z1) = (
        before["zoom"].as_f64().unwrap_or(f64::NAN),
        zoomed["zoom"].as_f64().unwrap_or(f64::NAN),
    );
    assert!(
        z1 > z0 * 1.1,
        "the wheel over a clicked figure zooms it in: {z0} → {z1}"
    );
    assert_eq!(zoomed["scene"], before["scene"], "nothing moved");
}

#[test]
fn tab_walks_through_three_figures_and_their_links_and_out() {
    let _one = one_browser();
    let root = format!("http://127.0.0.1:{}", served_dist());
    let shots = shots_folder("tab");
    course_page("three-figures.html", 3, false);
    let driver = Driver::start();
    driver.go(&format!("{root}/three-figures.html"));
    let _ = settled(|| figure(&driver, 0));
    driver.run("document.getElementById('before-0').focus(); return 0;");
    // Where the keyboard is: the page's element, and inside a figure its element.
    let focus = || {
        driver.run(
            "const a = document.activeElement;\
             if (a.tagName !== 'IFRAME') return a.id || a.tagName;\
             const f = [...document.querySelectorAll('iframe')].indexOf(a);\
             const inner = a.contentDocument.activeElement;\
             return 'figure ' + f + ' ' + (inner.id || inner.tagName);",
        )
    };
    let tab = |shift: bool| {
        let mut keys = vec![];
        if shift {
            keys.push(json!({"type": "keyDown", "value": "\u{E008}"}));
        }
        keys.push(json!({"type": "keyDown", "value": "\u{E004}"}));
        keys.push(json!({"type": "keyUp", "value": "\u{E004}"}));
        if shift {
            keys.push(json!({"type": "keyUp", "value": "\u{E008}"}));
        }
        driver.actions(json!([{"type": "key", "id": "keyboard", "actions": keys}]));
        std::thread::sleep(Duration::from_millis(150));
        focus()
    };
    assert_eq!(focus(), "before-0");
    let forward = [
        "figure 0 glcanvas",
        "figure 0 full-app",
        "before-1",
        "figure 1 glcanvas",
        "figure 1 full-app",
        "before-2",
        "figure 2 glcanvas",
        "figure 2 full-app",
        "after",
    ];
    for (k, want) in forward.iter().enumerate() {
        assert_eq!(tab(false), *want, "Tab number {}", k + 1);
        if k == 0 {
            // Reached by Tab, the figure shows a ring and has the keys: Right steps it.
            let figures = elements(&driver, "iframe");
            let img = element_screenshot(&driver, &figures[0], &shots.join("focus-ring.png"));
            let ring = |p: [u8; 3]| p[2] > 200 && p[1] > 130 && p[0] < 140;
            let left: usize = (40..img.h - 10)
                .filter(|&y| (0..4).any(|x| ring(img.rgb[y * img.w + x])))
                .count();
            assert!(
                left * 10 > (img.h - 50) * 9,
                "a focus ring down the figure's left edge: {left} of {} rows",
                img.h - 50
            );
            let before = figure(&driver, 0);
            driver.actions(json!([{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": "\u{E014}"}, {"type": "keyUp", "value": "\u{E014}"},
            ]}]));
            std::thread::sleep(Duration::from_millis(300));
            let after = figure(&driver, 0);
            assert_eq!(
                after["step"].as_u64(),
                before["step"].as_u64().map(|s| s + 1),
                "Right steps the figure that Tab reached"
            );
            assert_eq!(
                focus(),
                "figure 0 glcanvas",
                "the key left focus where it was"
            );
        }
    }
    // And back: Shift+Tab walks the other way, out of the first figure.
    let backward = [
        "figure 2 full-app",
        "figure 2 glcanvas",
        "before-2",
        "figure 1 full-app",
        "figure 1 glcanvas",
        "before-1",
        "figure 0 full-app",
        "figure 0 glcanvas",
        "before-0",
    ];
    for (k, want) in backward.iter().enumerate() {
        assert_eq!(tab(true), *want, "Shift+Tab number {}", k + 1);
    }
}

#[test]
fn on_a_phone_a_swipe_scrolls_the_page_unless_it_starts_on_a_shape() {
    let _one = one_browser();
    let root = format!("http://127.0.0.1:{}", served_dist());
    course_page("six-phone.html", 6, true);
    let driver = Driver::start_with(Screen {
        window: (375, 667),
        scale: 2.0,
        phone: true,
    });
    driver.go(&format!("{root}/six-phone.html"));
    let s = settled(|| figure(&driver, 0));
    let (fx, fy) = figure_at(&driver, 0);
    // A spot on the figure's canvas that is no shape, as the figure itself judges it.
    let view = super::embed::rect(&s["views"][0]["rect"]);
    let spot = (view[0] + 10.0, view[1] + view[3] - 12.0);
    let free = driver.run(&format!(
        "return document.querySelectorAll('iframe')[0].contentWindow.wasm_exports.np_takes_touch({}, {});",
        spot.0, spot.1
    ));
    assert_eq!(free, 0, "the spot is no shape");
    let y0 = scroll_y(&driver);
    finger_drag(&driver, (fx + spot.0, fy + spot.1), (0.0, -200.0), 10);
    let y1 = until(|| scroll_y(&driver), |y1| y1 - y0 >= 120.0);
    assert!(
        y1 - y0 >= 120.0,
        "a swipe up from no shape scrolls the page: scrollY {y0} → {y1}"
    );
    let after = figure(&driver, 0);
    assert_eq!(after["scene"], s["scene"], "no shape moved");

    // Swipes go on down the page, over all six figures.
    for _ in 0..14 {
        let y = scroll_y(&driver);
        // At the page's left edge: a canvas's margin, or the page between figures.
        finger_drag(&driver, (3.0, 560.0), (0.0, -300.0), 8);
        // Until the page's end, where a swipe scrolls no more.
        let (now, end) = until(
            || {
                let v = driver
                    .run("return [scrollY, document.documentElement.scrollHeight - innerHeight];");
                (
                    v[0].as_f64().unwrap_or(f64::NAN),
                    v[1].as_f64().unwrap_or(f64::NAN),
                )
            },
            |&(now, end)| now > y || now >= end - 1.0,
        );
        if now <= y || now >= end - 1.0 {
            break;
        }
    }
    let (_, last_top) = until(|| figure_at(&driver, 5), |at| at.1 < 400.0);
    assert!(
        last_top < 400.0,
        "swipes scrolled through all six figures: the last is at {last_top}"
    );
    // A swipe that starts on B is the figure's: B follows, the page stays.
    driver
        .run("document.querySelectorAll('iframe')[2].scrollIntoView({block: 'center'}); return 0;");
    std::thread::sleep(Duration::from_millis(500));
    let s = settled(|| figure(&driver, 2));
    let (fx, fy) = figure_at(&driver, 2);
    let (bx, by) = crate::window::screen(&s, "b");
    let y0 = scroll_y(&driver);
    let from = ((fx + bx).round(), (fy + by).round());
    finger_drag(&driver, from, (0.0, -40.0), 8);
    let y1 = scroll_y(&driver);
    let moved = figure(&driver, 2);
    assert!(
        (y1 - y0).abs() < 1.0,
        "a swipe from B leaves the page where it was: scrollY {y0} → {y1}"
    );
    let zoom = s["zoom"].as_f64().unwrap_or(f64::NAN);
    let dy = moved["scene"]["b"]["position"][1]
        .as_f64()
        .unwrap_or(f64::NAN)
        - s["scene"]["b"]["position"][1].as_f64().unwrap_or(f64::NAN);
    let want = 40.0 / zoom;
    assert!(
        (dy - want).abs() < 1.5 / zoom,
        "B followed the finger up: {dy} world units, the finger {want}"
    );
}

#[test]
fn a_lecturers_locks_hold_in_a_figure() {
    let _one = one_browser();
    let root = format!("http://127.0.0.1:{}", served_dist());
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    std::fs::write(
        dist.join("locked-figure.html"),
        "<!DOCTYPE html><html><body style=\"margin:0\">\
         <iframe src=\"index.html?scene=01_resting_box&amp;mode=manifold&amp;embed=1&amp;\
         modes=sat,gjk&amp;lock=a&amp;text=1\" width=\"480\" height=\"360\" \
         style=\"border:0;position:absolute;left:0;top:0\"></iframe></body></html>",
    )
    .expect("write the test page");
    let driver = Driver::start();
    driver.go(&format!("{root}/locked-figure.html"));
    let s = settled(|| figure(&driver, 0));
    // `modes=sat,gjk`: the link's manifold mode is not offered, the first offered one shows.
    assert_eq!(s["mode"], "sat", "{}", s["banner"]);
    // `text=1`: the words under the canvas, inside the figure; scene 1 has a tour, so they
    // are its caption bar (the step text for a scene without one).
    let text = super::embed::rect(&s["panels"]["tour"]);
    assert!(
        text[3] >= 16.0 && text[1] + text[3] <= 361.0,
        "the caption under the canvas: {text:?}"
    );
    assert!(
        s["tour"]["caption"].as_str().is_some_and(|t| t.len() > 10),
        "{}",
        s["tour"]
    );
    // `lock=a`: a drag on A leaves it; B still moves.
    let (ax, ay) = crate::window::screen(&s, "a");
    let drag = |from: (f64, f64)| {
        let mut moves = vec![
            json!({"type": "pointerMove", "x": from.0 as i64, "y": from.1 as i64, "origin": "viewport"}),
            json!({"type": "pointerDown", "button": 0}),
            json!({"type": "pause", "duration": 300}),
        ];
        for k in 1..=5 {
            moves.push(
                json!({"type": "pointerMove", "duration": 40, "origin": "viewport",
                "x": (from.0 + 8.0 * k as f64) as i64, "y": (from.1 - 6.0 * k as f64) as i64}),
            );
        }
        moves.push(json!({"type": "pause", "duration": 300}));
        moves.push(json!({"type": "pointerUp", "button": 0}));
        driver.actions(json!([{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"}, "actions": moves}]));
    };
    drag((ax + 40.0, ay));
    let after_a = figure(&driver, 0);
    assert_eq!(
        after_a["scene"]["a"], s["scene"]["a"],
        "a locked A stays put"
    );
    let (bx, by) = crate::window::screen(&s, "b");
    drag((bx, by));
    let after_b = figure(&driver, 0);
    assert_ne!(after_b["scene"]["b"], s["scene"]["b"], "B is not locked");
    // The keys: the figure was clicked, so it has them. Right steps; 3 (a mode not offered),
    // PageDown (another scene), Q (the quiz) and Ctrl+O (open) do nothing.
    let press = |keys: &[&str]| {
        let mut a: Vec<Value> = keys
            .iter()
            .map(|k| json!({"type": "keyDown", "value": k}))
            .collect();
        a.extend(
            keys.iter()
                .rev()
                .map(|k| json!({"type": "keyUp", "value": k})),
        );
        driver.actions(json!([{"type": "key", "id": "keyboard", "actions": a}]));
        std::thread::sleep(Duration::from_millis(250));
        figure(&driver, 0)
    };
    let before = figure(&driver, 0);
    let stepped = press(&["\u{E014}"]);
    assert_eq!(
        stepped["step"].as_u64(),
        before["step"].as_u64().map(|k| k + 1),
        "Right steps"
    );
    for keys in [&["3"][..], &["\u{E00F}"], &["q"], &["\u{E009}", "o"]] {
        let now = press(keys);
        assert_eq!(now["mode"], "sat", "{keys:?}");
        assert_eq!(now["scene_index"], before["scene_index"], "{keys:?}");
        assert_eq!(now["quiz"], before["quiz"], "{keys:?}");
        assert_eq!(now["asking"], Value::Null, "{keys:?}");
        assert_eq!(
            now["banner"], before["banner"],
            "{keys:?}: {}",
            now["banner"]
        );
    }
    let gjk = press(&["2"]);
    assert_eq!(gjk["mode"], "gjk", "2 is an offered mode");
}
