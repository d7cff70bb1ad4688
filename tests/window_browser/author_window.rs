//! Issue 44, item 3, in a real window: the Edit panel opened with a real click, a caption typed
//! with real keys, *Add stop here* pressed, Ctrl+S: the file holds the stop and its comments.

use crate::window::{
    display, finish, key, mouse_to, run, start_app, state, state_lines, tmp, xdotool,
};
use std::time::Duration;

const LECTURE: &str = r#"// Lecture 3: a box resting on a floor.
Scene(
    title: "Resting box", // shown above the canvas
    mode: Sat,
    // The floor.
    a: Body(shape: Box(width: 4.0, height: 1.0), position: (0.0, -0.5)),
    // The box, overlapping a little.
    b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.2, 0.48)),
)
"#;

/// The centre of the Edit panel's widget `name` in a state line, in window pixels.
fn centre(s: &serde_json::Value, name: &str) -> (f64, f64) {
    let r = &s["edit"]["widgets"][name];
    let f = |k: usize| {
        r[k].as_f64()
            .unwrap_or_else(|| panic!("{name}: {}", s["edit"]))
    };
    (f(0) + f(2) * 0.5, f(1) + f(3) * 0.5)
}

/// The next state line within 10 s that satisfies `ok`.
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

#[test]
fn the_edit_panel_adds_a_typed_stop_and_ctrl_s_saves_it() {
    let Some(d) = display() else { return };
    let file = tmp("author/scene.ron");
    std::fs::create_dir_all(file.parent().expect("folder")).expect("folder");
    std::fs::write(&file, LECTURE).expect("write");
    let f = file.to_str().expect("utf-8");
    // Where the Edit… button is (the layout is the same in every start).
    let before = state(&run(&d, &[f, "--frames", "5", "--print-state"]));
    let (bx, by) = centre(&before, "button");
    let (mut child, window) = start_app(&d, &[f, "--seconds", "30", "--print-state-changes"]);
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let click = |x: f64, y: f64| {
        let mut args = mouse_to(&window, x, y);
        args.extend(["sleep", "0.2", "click", "1", "sleep", "0.2"].map(String::from));
        xdotool(&d, &args);
    };
    click(bx, by);
    let open = next_state(&lines, |s| s["edit"]["open"] == true);
    assert_eq!(open["edit"]["stops"], serde_json::json!([]));
    // The state line comes a frame after the command's: the panel is drawn in it.
    let drawn = open;
    let (cx, cy) = centre(&drawn, "caption");
    click(cx, cy);
    let caption = "Two boxes touch.";
    xdotool(
        &d,
        &[
            "windowfocus",
            "--sync",
            window.as_str(),
            "type",
            "--delay",
            "60",
            caption,
        ],
    );
    std::thread::sleep(Duration::from_millis(200));
    let (ax, ay) = centre(&drawn, "add stop");
    click(ax, ay);
    let added = next_state(&lines, |s| {
        s["edit"]["stops"].as_array().is_some_and(|a| a.len() == 1)
    });
    assert_eq!(added["edit"]["stops"][0]["caption"], caption);
    assert_eq!(added["modified"], true);
    key(&d, &window, "ctrl+s");
    let saved = next_state(&lines, |s| s["modified"] == false);
    key(&d, &window, "ctrl+q");
    // Saved: Ctrl+Q quits without asking.
    let status = child.wait().expect("the app exits");
    assert!(status.success(), "{status}");
    // The file: the stop as the app recorded it, and every comment kept.
    let text = std::fs::read_to_string(&file).expect("read");
    for line in LECTURE.lines().filter(|l| l.contains("//")) {
        assert!(text.contains(line), "lost {line:?}:\n{text}");
    }
    let scene = narrowphase_lab::scene::load(&file).expect("loads").scene;
    assert_eq!(scene.tour.len(), 1, "{text}");
    let stop = &scene.tour[0];
    assert_eq!(stop.caption, caption);
    assert_eq!(stop.mode.map(|m| m.name()), Some("sat"));
    assert_eq!(
        serde_json::to_value(stop.pose_b.expect("pose_b").position).expect("json"),
        saved["scene"]["b"]["position"]
    );
    let view = stop.view.expect("view");
    assert_eq!(f64::from(view.zoom), saved["zoom"].as_f64().expect("zoom"));
    // The panel at presenter scale, with the saved stop in it, for a person to look at.
    let png = tmp("author/edit-panel-1.5.png");
    let (child, window) = start_app(
        &d,
        &[
            f,
            "--ui-scale",
            "1.5",
            "--seconds",
            "20",
            "--screenshot",
            png.to_str().expect("utf-8"),
            "--print-state",
        ],
    );
    xdotool(&d, &mouse_to(&window, 900.0, 400.0));
    key(&d, &window, "e");
    std::thread::sleep(Duration::from_millis(600));
    key(&d, &window, "ctrl+q");
    let shown = finish(child);
    assert_eq!(shown["edit"]["open"], true);
    assert_eq!(shown["edit"]["stops"][0]["caption"], caption);
    assert!(
        shown["edit"]["stops"][0]["rect"].is_array(),
        "{}",
        shown["edit"]
    );
    eprintln!("the Edit panel at scale 1.5: {}", png.display());
}

/// Issue 44's "authoring round trip in the window": three stops added in three modes with real
/// clicks and keys, saved, the file reopened, and the three stops played with `N`.
#[test]
fn three_stops_authored_saved_reopened_and_played() {
    let Some(d) = display() else { return };
    let file = tmp("author3/scene.ron");
    std::fs::create_dir_all(file.parent().expect("folder")).expect("folder");
    std::fs::write(&file, LECTURE).expect("write");
    let f = file.to_str().expect("utf-8");
    let (mut child, window) = start_app(&d, &[f, "--seconds", "60", "--print-state-changes"]);
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let click = |x: f64, y: f64| {
        let mut args = mouse_to(&window, x, y);
        args.extend(["sleep", "0.2", "click", "1", "sleep", "0.2"].map(String::from));
        xdotool(&d, &args);
    };
    let typed = |text: &str| {
        xdotool(
            &d,
            &[
                "windowfocus",
                "--sync",
                window.as_str(),
                "type",
                "--delay",
                "60",
                text,
            ],
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    key(&d, &window, "e");
    let mut s = next_state(&lines, |s| s["edit"]["open"] == true);
    // An empty corner of the world view: a click there takes the keys from a text field.
    let world = s["views"]
        .as_array()
        .and_then(|v| v.iter().find(|v| v["name"] == "world"))
        .map(|v| {
            let r = |k: usize| v["rect"][k].as_f64().unwrap();
            (r(0) + r(2), r(1) + r(3))
        })
        .expect("the world view");
    // (Its lower right corner: the Edit window opens at the upper left.)
    let corner = (world.0 - 30.0, world.1 - 30.0);
    let plan = [
        ("Stop one: SAT.", None, 0),
        ("Stop two: GJK's third step.", Some(("2", "gjk")), 2),
        ("Stop three: the manifold.", Some(("3", "manifold")), 0),
    ];
    for (i, (caption, mode, steps)) in plan.iter().enumerate() {
        if let Some((k, name)) = mode {
            click(corner.0, corner.1);
            key(&d, &window, k);
            s = next_state(&lines, |s| s["mode"] == *name);
            for _ in 0..*steps {
                key(&d, &window, "Right");
                s = next_state(&lines, |_| true);
            }
        }
        let (cx, cy) = centre(&s, "caption");
        click(cx, cy);
        typed(caption);
        let (ax, ay) = centre(&s, "add stop");
        click(ax, ay);
        s = next_state(&lines, |s| {
            s["edit"]["stops"]
                .as_array()
                .is_some_and(|a| a.len() == i + 1)
        });
        assert_eq!(s["edit"]["stops"][i]["caption"], *caption, "{}", s["edit"]);
    }
    key(&d, &window, "ctrl+s");
    let _ = next_state(&lines, |s| s["modified"] == false);
    key(&d, &window, "ctrl+q");
    assert!(child.wait().expect("exits").success());
    let text = std::fs::read_to_string(&file).expect("read");
    for line in LECTURE.lines().filter(|l| l.contains("//")) {
        assert!(text.contains(line), "lost {line:?}:\n{text}");
    }
    let scene = narrowphase_lab::scene::load(&file).expect("loads").scene;
    let modes: Vec<_> = scene
        .tour
        .iter()
        .map(|t| t.mode.map(|m| m.name()))
        .collect();
    assert_eq!(
        modes,
        [Some("sat"), Some("gjk"), Some("manifold")],
        "{text}"
    );
    assert_eq!(scene.tour[1].step, Some(2), "{text}");
    // Reopened, the tour plays: stop 0 at the start, N to each stop in turn.
    let (mut child, window) = start_app(&d, &[f, "--seconds", "20", "--print-state-changes"]);
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let first = next_state(&lines, |s| s["tour"]["stop"] == 0);
    assert_eq!(first["tour"]["of"], 3);
    assert_eq!(first["tour"]["caption"], "Stop one: SAT.");
    key(&d, &window, "n");
    let two = next_state(&lines, |s| s["tour"]["stop"] == 1);
    assert_eq!(
        (two["mode"].as_str(), two["step"].as_u64()),
        (Some("gjk"), Some(2))
    );
    key(&d, &window, "n");
    let three = next_state(&lines, |s| s["tour"]["stop"] == 2);
    assert_eq!(three["mode"], "manifold");
    assert_eq!(three["tour"]["caption"], "Stop three: the manifold.");
    key(&d, &window, "ctrl+q");
    assert!(child.wait().expect("exits").success());
}
