//! Issue 39, item 6 in the browser: a link is read without unpacking or echoing more than it
//! must. A fragment with 1,200 copies of a scene's `s=` (a 1.6 MB link) once had every copy
//! inflated, the first frame 20 s away; a megabyte-long bad `mode=`, `theme=` or `?scene=`
//! value was echoed whole in the banner (wasm memory 10 → 560 MB). Now the repeats are refused
//! before any is unpacked, and a message shows a few dozen characters of a value.
//!
//! "Quick" is judged on the app's own part, from the wasm file loaded to the app's first frame
//! drawn (the page's clock), against a control: an address of the same length whose fields
//! name no scene (`x=` for `s=`) or no field of ours. A browser driven by WebDriver is seconds
//! slower over any megabyte address, before the wasm loads and after (the page's scripts start
//! late, each frame is slow): that is the control's time too, printed and not judged.

use super::{Driver, built_in_title, one_browser, served_dist};
use serde_json::Value;
use std::time::Instant;

/// The banner's text, asserted to be an error and short: at most `limit` characters.
fn short_error_banner(s: &Value, limit: usize, what: &str) -> String {
    assert_eq!(s["banner"]["error"], true, "{what}: {}", s["banner"]);
    let text = s["banner"]["text"].as_str().unwrap_or_default().to_string();
    let n = text.chars().count();
    assert!(
        n <= limit,
        "{what}: a banner of {n} characters: {}…",
        text.chars().take(200).collect::<String>()
    );
    text
}

/// The wasm instance's linear memory, in MB (macroquad's loader keeps it as `wasm_memory`).
fn wasm_mb(driver: &Driver) -> f64 {
    let bytes = driver.run("return wasm_memory.buffer.byteLength;");
    bytes.as_f64().expect("the wasm memory's size") / (1024.0 * 1024.0)
}

/// Run in every page before its own scripts: the page clock when the app's first frame has
/// been drawn (the first animation frame after the wasm started), as `firstFrameMs`.
const FIRST_FRAME_HOOK: &str = "(() => {\
    const raf = window.requestAnimationFrame.bind(window);\
    window.requestAnimationFrame = cb => raf(t => {\
        cb(t);\
        if (window.firstFrameMs === undefined && typeof wasm_exports !== 'undefined')\
            window.firstFrameMs = performance.now();\
    });\
})();";

/// Opens `url` from a blank page: its first state, and the milliseconds from the wasm file
/// loaded to the app's first frame (page clock).
fn first_state(driver: &Driver, url: &str) -> (Value, f64) {
    driver.go("about:blank");
    let t = Instant::now();
    driver.go(url);
    let s = driver.state();
    let times = driver.run(
        "const wasm = performance.getEntriesByType('resource')\
             .find(r => r.name.endsWith('.wasm'));\
         return [wasm ? wasm.responseEnd : null, window.firstFrameMs, performance.now()];",
    );
    let at = |i: usize| {
        times[i]
            .as_f64()
            .unwrap_or_else(|| panic!("page times {times}"))
    };
    let (wasm, first) = (at(0), at(1));
    eprintln!(
        "browser: a {} KB address: the wasm loaded at {wasm:.0} ms, the first frame at {first:.0} \
         ms ({:.0} ms later) on the page clock; WebDriver's state after {:.0} ms",
        url.len() / 1024,
        first - wasm,
        t.elapsed().as_secs_f64() * 1000.0
    );
    (s, first - wasm)
}

#[test]
fn a_hostile_link_is_refused_at_once_and_echoed_cut_short() {
    let _one = one_browser();
    let port = served_dist();
    // Dropped at the end of the test: chromedriver stopped, the profile removed.
    let driver = &Driver::start();
    let page = format!("http://127.0.0.1:{port}/index.html");
    driver.session_call(
        "POST",
        "/goog/cdp/execute",
        Some(&serde_json::json!({
            "cmd": "Page.addScriptToEvaluateOnNewDocument",
            "params": {"source": FIRST_FRAME_HOOK},
        })),
    );
    // A plain link first: what a first frame costs on this machine today.
    let (plain, plain_ms) = first_state(driver, &format!("{page}?scene=01_resting_box"));
    assert_eq!(plain["scene"]["title"], built_in_title(0));
    let plain_mb = wasm_mb(driver);

    // 1,200 copies of a real scene's field (each about 1.4 KB: scene 21, the stack), 1.6 MB in
    // all: refused before any is unpacked, with the count, over the built-in lecture.
    let (_, text) = narrowphase_lab::scene::BUILTIN[20];
    let one = narrowphase_lab::app::link::make(text, narrowphase_lab::app::modes::ModeKind::Sat, 0);
    let field = one.split('&').next().expect("the s= field");
    assert!(field.len() > 1000, "a field of {} bytes", field.len());
    let many = vec![field; 1200].join("&");
    let (s, many_ms) = first_state(driver, &format!("{page}#{many}"));
    let text = short_error_banner(&s, 200, "1,200 scenes");
    assert!(
        text.contains("1200 scenes") && text.contains("built-in lecture"),
        "{text}"
    );
    assert_eq!(s["scene"]["title"], built_in_title(0));
    // Quick: the app's start within 2 s of the same address naming no scene (every copy
    // inflated took the first frame to 20 s).
    let (_, control_ms) = first_state(driver, &format!("{page}#{}", many.replace("s=", "x=")));
    eprintln!(
        "browser: first frame after the wasm: a plain link {plain_ms:.0} ms, 1,200 scenes \
         {many_ms:.0} ms, the same length naming none {control_ms:.0} ms"
    );
    assert!(
        many_ms < control_ms + 2000.0,
        "the first frame {many_ms:.0} ms after the wasm loaded (the same length naming no \
         scene: {control_ms:.0} ms)"
    );
    // One copy is a link like any other, and opens.
    let (s, _) = first_state(driver, &format!("{page}#{one}"));
    assert_eq!(s["banner"], Value::Null, "{}", s["banner"]);
    assert_eq!(s["scene"]["title"], built_in_title(20));

    // A megabyte of a bad value, in each field a message repeats: a banner of a few dozen of
    // its characters and its length; the wasm memory stays near a plain page's.
    let huge = "x".repeat(1 << 20);
    let (_, control_ms) = first_state(driver, &format!("{page}?scene=01_resting_box&x={huge}"));
    for (what, url, says) in [
        (
            "mode",
            format!("{page}?scene=01_resting_box&mode={huge}"),
            "mode 'xxx",
        ),
        (
            "theme",
            format!("{page}?scene=01_resting_box&theme={huge}"),
            "theme 'xxx",
        ),
        ("scene", format!("{page}?scene={huge}"), "scene 'xxx"),
    ] {
        let (s, ms) = first_state(driver, &url);
        let text = short_error_banner(&s, 200, what);
        assert!(
            text.contains(says) && text.contains(&format!("({} characters)", 1 << 20)),
            "{what}: {text}"
        );
        assert!(
            ms < control_ms + 2000.0,
            "{what}: the first frame {ms:.0} ms after the wasm loaded (the same length in a \
             field not ours: {control_ms:.0} ms)"
        );
        let mb = wasm_mb(driver);
        eprintln!(
            "browser: a 1 MB {what} value: wasm memory {mb:.1} MB (a plain page {plain_mb:.1} MB)"
        );
        // The address itself passes through the wasm (a megabyte, a few copies); an echo
        // into the banner's text, its layout and its drawing took hundreds.
        assert!(
            mb < plain_mb + 32.0,
            "{what}: wasm memory {mb:.1} MB against a plain page's {plain_mb:.1} MB"
        );
        // The scene under the banner is the built-in lecture's, drawn.
        assert_eq!(s["scene"]["title"], built_in_title(0), "{what}");
    }
}

/// A measurement, not a test (so it is ignored): the app's first frame on the page clock (from
/// navigation), each time in a fresh browser profile (nothing cached), five times. Issue 42's
/// budget is 1.5 s on an idle machine. Run:
/// `cargo test --release --test window_browser -- --ignored --nocapture first_frame_with_a_fresh`
#[test]
#[ignore]
fn first_frame_with_a_fresh_profile_five_times() {
    let _one = one_browser();
    let port = served_dist();
    let page = format!("http://127.0.0.1:{port}/index.html?scene=01_resting_box");
    let mut frames = Vec::new();
    for _ in 0..5 {
        // A new chromedriver and profile each time: no cache, no compiled wasm kept.
        let driver = Driver::start();
        driver.session_call(
            "POST",
            "/goog/cdp/execute",
            Some(&serde_json::json!({
                "cmd": "Page.addScriptToEvaluateOnNewDocument",
                "params": {"source": FIRST_FRAME_HOOK},
            })),
        );
        driver.go(&page);
        let s = driver.state();
        assert_eq!(s["scene"]["title"], built_in_title(0));
        let first = driver.run("return window.firstFrameMs;");
        frames.push(first.as_f64().expect("the first frame's page time"));
    }
    let text: Vec<String> = frames.iter().map(|ms| format!("{ms:.0}")).collect();
    eprintln!(
        "browser: first frame after navigation, fresh profile, 5 runs: {} ms",
        text.join(", ")
    );
}
