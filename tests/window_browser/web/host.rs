//! Issue 44, item 5: a host page speaks with a figure through `postMessage` — its commands
//! (`mode`, `step`, `stop`, `pose`, `play`, `pause`, `reset`) carried out as the figure's own,
//! read back from the figure's state; its events (`step`, `pose`) heard by the page, a real
//! pointer's drag among them; bad messages and a locked body refused with a warning; and a
//! page of another origin not heard unless the link's `&host=` names it.

use super::embed::{elements, iframe_state};
use super::screens::settled;
use super::{Driver, one_browser, served_dist};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A course page of our own: `figures` (iframes), and a log of every message it hears
/// (`window.heard`: the figure's index, the sender's origin, the data).
fn host_page(figures: &str) -> String {
    format!(
        "<!DOCTYPE html><html><body style=\"margin:0\">{figures}<script>\
         window.heard = [];\
         window.addEventListener('message', e => {{\
             const i = [...document.querySelectorAll('iframe')]\
                 .findIndex(f => f.contentWindow === e.source);\
             window.heard.push({{figure: i, origin: e.origin, data: e.data}});\
         }});</script></body></html>"
    )
}

/// Sends `message` (a JS object literal) from the page to figure `index`.
fn send(driver: &Driver, index: usize, message: &str) {
    driver.run(&format!(
        "document.querySelectorAll('iframe')[{index}].contentWindow.postMessage({message}, '*');\
         return 0;"
    ));
}

/// What the page has heard, read a little at a time: the entries read so far are kept, and
/// each read asks the page only for those after them (the page's log only grows).
struct Heard(Vec<Value>);

impl Heard {
    /// The entries heard since the last read, into the kept log: waited for in the page (up
    /// to 1 s) when there is none yet.
    fn read(&mut self, driver: &Driver) {
        let n = self.0.len();
        let new = driver.run(&format!(
            "const start = performance.now();\
             while (window.heard.length <= {n} && performance.now() - start < 1000)\
                 await new Promise(r => setTimeout(r, 10));\
             return window.heard.slice({n});"
        ));
        self.0
            .extend(new.as_array().cloned().unwrap_or_else(|| panic!("{new}")));
    }

    /// Waits (up to 20 s) until the page has heard an event that `wanted` accepts; that event.
    fn hear(&mut self, driver: &Driver, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            if let Some(e) = self.0.iter().find(|e| wanted(e)) {
                return e.clone();
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the page never heard {what}; it heard {:?}",
                self.0
            );
            self.read(driver);
        }
    }
}

/// Figure 0's state once `done` holds (its next frames carry a message out), polled for up to
/// 20 s: each state comes from the figure's next frames.
fn after(driver: &Driver, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let s = iframe_state(driver, 0);
        if done(&s) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "figure 0 never showed {what}: mode {}, step {}, B {}, undo {}, tour {}, sim running \
             {} at step {}",
            s["mode"],
            s["step"],
            s["scene"]["b"],
            s["undo"],
            s["tour"],
            s["sim"]["running"],
            s["sim"]["step"]
        );
    }
}

fn warnings(driver: &Driver) -> Vec<String> {
    let w = driver
        .run("return document.querySelector('iframe').contentWindow.narrowphase.hostWarnings;");
    serde_json::from_value(w).unwrap_or_default()
}

/// Runs `f` with WebDriver inside figure `index`'s frame (a figure of another origin than the
/// page cannot be reached from the page's scripts).
fn within_frame<T>(driver: &Driver, index: usize, f: impl FnOnce() -> T) -> T {
    let frame = elements(driver, "iframe")[index].clone();
    driver.session_call(
        "POST",
        "/frame",
        Some(&json!({"id": {"element-6066-11e4-a52e-4f735466cecf": frame}})),
    );
    let out = f();
    driver.session_call("POST", "/frame/parent", Some(&json!({})));
    out
}

/// The state of figure `index` and its warnings, read inside the frame.
fn inside_frame(driver: &Driver, index: usize) -> (Value, Vec<String>) {
    within_frame(driver, index, || {
        let state = driver.state();
        let w = driver.run("return narrowphase.hostWarnings;");
        (state, serde_json::from_value(w).unwrap_or_default())
    })
}

/// A JSON number as the app's f32 (the state prints an f32's f64 value, an event its
/// shortest digits, and the page writes 30.0 as 30).
fn num(v: &Value) -> f32 {
    v.as_f64().unwrap_or(f64::NAN) as f32
}

fn xy(v: &Value) -> (f32, f32) {
    (num(&v[0]), num(&v[1]))
}

#[test]
fn a_host_page_drives_a_figure_and_hears_its_events() {
    let _one = one_browser();
    let port = served_dist();
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    let figure = format!(
        "http://127.0.0.1:{port}/index.html?scene=01_resting_box&amp;mode=sat&amp;embed=1&amp;lock=a"
    );
    let frame = |src: &str, left: u32| {
        format!(
            "<iframe src=\"{src}\" width=\"480\" height=\"360\" \
             style=\"border:0;position:absolute;left:{left}px;top:0\"></iframe>"
        )
    };
    std::fs::write(dist.join("host-page.html"), host_page(&frame(&figure, 0)))
        .expect("write the host page");
    let driver = Driver::start();
    driver.go(&format!("http://127.0.0.1:{port}/host-page.html"));
    let mut heard = Heard(Vec::new());
    let s = iframe_state(&driver, 0);
    assert_eq!(s["mode"], "sat");
    // Ready: the figure tells its mode and step, to its own origin's page.
    let ready = heard.hear(&driver, "the ready step event", |e| {
        e["data"]["narrowphase"] == "step"
    });
    assert_eq!(
        ready,
        json!({"figure": 0, "origin": format!("http://127.0.0.1:{port}"),
            "data": {"narrowphase": "step", "mode": "sat", "step": 0}})
    );

    // mode, step: carried out, and told back.
    send(&driver, 0, "{narrowphase: 'mode', mode: 'gjk'}");
    assert_eq!(
        after(&driver, "mode gjk", |s| s["mode"] != "sat")["mode"],
        "gjk"
    );
    heard.hear(&driver, "step gjk 0", |e| {
        e["data"] == json!({"narrowphase": "step", "mode": "gjk", "step": 0})
    });
    send(&driver, 0, "{narrowphase: 'step', step: 999}");
    let last = after(&driver, "a step past 0", |s| s["step"] != 0)["step"]
        .as_u64()
        .expect("a step");
    assert!(last >= 1, "GJK on scene 1 has more than one step");
    // Heard before the next step is sent: events are at most one per EVENT_GAP, the last value
    // always, so a step superseded within the gap is never told.
    heard.hear(&driver, "the clamped step", |e| {
        e["data"] == json!({"narrowphase": "step", "mode": "gjk", "step": last})
    });
    send(&driver, 0, "{narrowphase: 'step', step: 1}");
    assert_eq!(after(&driver, "step 1", |s| s["step"] == 1)["step"], 1);
    heard.hear(&driver, "step gjk 1", |e| {
        e["data"] == json!({"narrowphase": "step", "mode": "gjk", "step": 1})
    });

    // pose: B where the page says, as one undoable change, and told back.
    let before = iframe_state(&driver, 0);
    send(
        &driver,
        0,
        "{narrowphase: 'pose', body: 'b', position: [1.25, 0.5], angle_deg: 30}",
    );
    let posed = after(&driver, "the pose taken", |s| s["undo"] != before["undo"]);
    assert_eq!(posed["scene"]["b"]["position"], json!([1.25, 0.5]));
    assert_eq!(posed["scene"]["b"]["angle_deg"], 30.0);
    assert_eq!(posed["scene"]["a"], before["scene"]["a"]);
    assert_eq!(posed["modified"], true);
    assert_eq!(
        posed["undo"].as_u64(),
        before["undo"].as_u64().map(|u| u + 1),
        "one undo step: {} → {}",
        before["undo"],
        posed["undo"]
    );
    heard.hear(&driver, "B's pose", |e| {
        e["data"]["narrowphase"] == "pose"
            && e["data"]["body"] == "b"
            && xy(&e["data"]["position"]) == (1.25, 0.5)
            && num(&e["data"]["angle_deg"]) == 30.0
    });

    // Refused, each with a warning and no effect: a locked A, and bad messages.
    let warned = warnings(&driver).len();
    for bad in [
        "{narrowphase: 'pose', body: 'a', position: [3, 3]}",
        "{narrowphase: 'teleport'}",
        "{narrowphase: 'step', step: -1}",
        "{narrowphase: 'step', step: '2'}",
        "{narrowphase: 'pose', body: 'b', position: [NaN, 0]}",
        "{narrowphase: 'pose', body: 'b', angle_deg: 1e300}",
        "{narrowphase: 'mode', mode: 'fast'}",
        "{narrowphase: 'play'}",
    ] {
        send(&driver, 0, bad);
    }
    // The figure has read all eight once it has warned eight times (each state asked for
    // runs a frame of it); its state is read after that.
    let start = Instant::now();
    let w = loop {
        let w = warnings(&driver);
        if w.len() >= warned + 8 || start.elapsed() > Duration::from_secs(20) {
            break w;
        }
        iframe_state(&driver, 0);
    };
    let refused = iframe_state(&driver, 0);
    for field in ["scene", "mode", "step", "undo"] {
        assert_eq!(refused[field], posed[field], "{field}");
    }
    assert_eq!(
        w.len() - warned,
        8,
        "one warning per refused message: {w:?}"
    );
    assert!(w[warned].contains("locked"), "{w:?}");
    assert!(w[warned + 1].contains("\"teleport\""), "{w:?}");

    // A tour's stop (the built-in scene's tour): the figure goes there and tells its page.
    send(&driver, 0, "{narrowphase: 'stop', stop: 1}");
    let at = after(&driver, "tour stop 1", |s| s["tour"]["stop"] == 1);
    assert_eq!(at["tour"]["stop"], 1, "{}", at["tour"]);
    heard.hear(&driver, "the stop event", |e| {
        e["data"]["narrowphase"] == "stop"
            && e["data"]["stop"] == 1
            && e["data"]["of"] == at["tour"]["of"]
    });
    assert_eq!(
        warnings(&driver).len(),
        w.len(),
        "the stop was taken without a warning"
    );

    // reset: back to the scene as opened; B's pose told.
    send(&driver, 0, "{narrowphase: 'reset'}");
    let reset = after(&driver, "B as opened", |r| {
        r["scene"]["b"] == s["scene"]["b"]
    });
    assert_eq!(reset["scene"]["b"], s["scene"]["b"], "B as opened");
    let b0 = xy(&s["scene"]["b"]["position"]);
    heard.hear(&driver, "B back where it opened", |e| {
        e["data"]["narrowphase"] == "pose"
            && e["data"]["body"] == "b"
            && xy(&e["data"]["position"]) == b0
    });

    // play, pause in Simulate.
    send(&driver, 0, "{narrowphase: 'mode', mode: 'simulate'}");
    let ready = after(&driver, "mode simulate", |s| s["mode"] == "simulate");
    assert_eq!(ready["mode"], "simulate");
    assert_eq!(ready["sim"]["running"], false, "{}", ready["sim"]);
    // Played (the scene's run may end before the state is read: it then stops at its end).
    send(&driver, 0, "{narrowphase: 'play'}");
    let at = |s: &Value| s["sim"]["step"].as_u64().unwrap_or(0);
    let playing = after(&driver, "the run stepping", |s| at(s) > at(&ready));
    assert!(at(&playing) > at(&ready), "play: {}", playing["sim"]);
    send(&driver, 0, "{narrowphase: 'pause'}");
    let paused = after(&driver, "the run paused", |s| s["sim"]["running"] == false);
    std::thread::sleep(Duration::from_millis(300));
    let later = iframe_state(&driver, 0);
    assert_eq!(paused["sim"]["running"], false);
    assert_eq!(at(&later), at(&paused), "paused: the step stays");

    // A real pointer drags B: the page hears B's pose where the drag left it. (Its view
    // settled first: the framing fits the new mode over a few frames.)
    send(&driver, 0, "{narrowphase: 'mode', mode: 'sat'}");
    after(&driver, "mode sat", |s| s["mode"] == "sat");
    let s = settled(|| iframe_state(&driver, 0));
    let (bx, by) = crate::window::screen(&s, "b");
    let mut moves = vec![
        json!({"type": "pointerMove", "x": bx.round() as i64, "y": by.round() as i64, "origin": "viewport"}),
        json!({"type": "pointerDown", "button": 0}),
        json!({"type": "pause", "duration": 300}),
    ];
    for k in 1..=8 {
        moves.push(
            json!({"type": "pointerMove", "duration": 40, "origin": "viewport",
            "x": (bx + 6.0 * k as f64).round() as i64, "y": (by - 4.0 * k as f64).round() as i64}),
        );
    }
    moves.push(json!({"type": "pause", "duration": 300}));
    moves.push(json!({"type": "pointerUp", "button": 0}));
    driver.actions(json!([{"type": "pointer", "id": "mouse",
        "parameters": {"pointerType": "mouse"}, "actions": moves}]));
    let dragged = after(&driver, "B moved by the drag", |d| {
        xy(&d["scene"]["b"]["position"]) != b0
    });
    let b1 = xy(&dragged["scene"]["b"]["position"]);
    assert_ne!(b1, b0, "the drag moved B");
    let told = heard.hear(&driver, "B's pose after the drag", |e| {
        e["data"]["narrowphase"] == "pose" && xy(&e["data"]["position"]) == b1
    });
    assert_eq!(told["data"]["body"], "b");
    assert_eq!(
        num(&told["data"]["angle_deg"]),
        num(&dragged["scene"]["b"]["angle_deg"])
    );

    // A page of another origin (localhost is not 127.0.0.1): figure 0 keeps the default rule
    // and neither obeys nor tells it; figure 1's link names the page's origin.
    let page_origin = format!("http://localhost:{port}");
    let open = format!("{figure}&amp;host={page_origin}");
    std::fs::write(
        dist.join("host-foreign.html"),
        host_page(&format!("{}{}", frame(&figure, 0), frame(&open, 500))),
    )
    .expect("write the foreign host page");
    driver.go("about:blank");
    driver.go(&format!("{page_origin}/host-foreign.html"));
    let mut heard = Heard(Vec::new());
    heard.hear(&driver, "figure 1 ready", |e| {
        e["figure"] == 1 && e["data"]["narrowphase"] == "step"
    });
    let (s0, _) = inside_frame(&driver, 0);
    assert_eq!(s0["mode"], "sat", "figure 0 is running");
    for index in [0, 1] {
        send(&driver, index, "{narrowphase: 'mode', mode: 'gjk'}");
    }
    heard.hear(&driver, "figure 1 in gjk", |e| {
        e["figure"] == 1 && e["data"]["mode"] == "gjk"
    });
    // Figure 0 has read the command once it warns of it (each state asked for runs a frame).
    let warned_of = |w: &[String]| {
        w.last()
            .is_some_and(|w| w.contains(&page_origin) && w.contains("&host="))
    };
    let start = Instant::now();
    let (s0, w0) = loop {
        let (s0, w0) = inside_frame(&driver, 0);
        if warned_of(&w0) || start.elapsed() > Duration::from_secs(20) {
            break (s0, w0);
        }
    };
    let (s1, _) = inside_frame(&driver, 1);
    assert_eq!(
        s0["mode"], "sat",
        "a foreign page's command is ignored by default"
    );
    assert!(warned_of(&w0), "{w0:?}");
    assert_eq!(s1["mode"], "gjk", "&host= names the page: obeyed");
    // Figure 0's own last word, posted from inside it after all that: heard after anything
    // the figure had told the page before it (messages from one window to another keep their
    // order).
    within_frame(&driver, 0, || {
        driver.run("window.parent.postMessage({last: 'word'}, '*'); return 0;");
    });
    heard.hear(&driver, "figure 0's last word", |e| {
        e["figure"] == 0 && e["data"] == json!({"last": "word"})
    });
    let from_0: Vec<&Value> = heard
        .0
        .iter()
        .filter(|e| e["figure"] == 0 && e["data"] != json!({"last": "word"}))
        .collect();
    assert!(from_0.is_empty(), "figure 0 told a foreign page {from_0:?}");
}
