//! A tour in a real window at presenter scale (issue 44): `N` and `P` typed with xdotool walk
//! the stops, a real drag of B ends a `wait: Drag(B)` stop, and the caption bar is drawn with
//! its caption in large type, read from the screenshot's pixels.

use crate::window::{display, drag_b, key, start_app, state_lines, tmp, xdotool};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

const TOUR: &str = r#"// A tour for the window test
Scene(
    title: "Box and ball",
    notes: "A box and a ball.",
    a: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 0.5), position: (3.0, 0.0)),
    view: View(center: (1.0, 0.0), zoom: 80.0),
    presenter: "Ask who has met SAT before.",
    tour: [
        Stop(caption: "Two shapes, apart."),
        Stop(caption: "GJK on the same pair.", mode: Gjk, step: 2),
        Stop(caption: "Now B overlaps the box.", mode: Manifold, pose_b: Pose(position: (1.2, 0.3))),
        Stop(caption: "Drag B away to go on.", wait: Drag(B)),
        Stop(caption: "THE END OF THE TOUR"),
    ],
)
"#;

/// The first state line that `ok` accepts, within 20 s.
fn wait_for(
    lines: &Receiver<String>,
    what: &str,
    ok: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(20) {
        if let Ok(line) = lines.recv_timeout(Duration::from_secs(1)) {
            let s: serde_json::Value = serde_json::from_str(&line).expect("state JSON");
            if ok(&s) {
                return s;
            }
        }
    }
    panic!("no state with {what} within 20 s");
}

/// B's position in the scene as shown (f32, as the scene holds it).
fn b_at(s: &serde_json::Value) -> [f32; 2] {
    let p = &s["scene"]["b"]["position"];
    [p[0].as_f64().unwrap() as f32, p[1].as_f64().unwrap() as f32]
}

/// At stop `k`, its glide over.
fn at_stop(k: u64) -> impl Fn(&serde_json::Value) -> bool {
    move |s| s["tour"]["stop"] == k && s["tour"]["gliding"] == false
}

#[test]
fn a_tour_walks_by_keys_and_a_real_drag_at_presenter_scale() {
    let Some(d) = display() else { return };
    let path = tmp("tour_window.ron");
    std::fs::write(&path, TOUR).expect("write");
    let shot = tmp("tour_window.png");
    let (mut child, window) = start_app(
        &d,
        &[
            path.to_str().unwrap(),
            "--ui-scale",
            "1.5",
            "--print-state-every",
            "5",
            "--seconds",
            "12",
            "--screenshot",
            shot.to_str().unwrap(),
        ],
    );
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let first = wait_for(&lines, "stop 0", at_stop(0));
    assert_eq!(first["tour"]["caption"], "Two shapes, apart.");
    assert_eq!(first["mode"], "sat");
    key(&d, &window, "n");
    let s = wait_for(&lines, "stop 1", at_stop(1));
    assert_eq!(
        (s["mode"].as_str(), s["step"].as_u64()),
        (Some("gjk"), Some(2))
    );
    key(&d, &window, "n");
    let s = wait_for(&lines, "stop 2", at_stop(2));
    assert_eq!(s["mode"], "manifold");
    assert_eq!(b_at(&s), [1.2f32, 0.3]);
    assert_eq!(s["modified"], false);
    // P glides back: B where the file has it.
    key(&d, &window, "p");
    let s = wait_for(&lines, "stop 1 again", at_stop(1));
    assert_eq!(b_at(&s), [3.0f32, 0.0]);
    // Two quick N: the second while the first still glides.
    key(&d, &window, "n");
    key(&d, &window, "n");
    let s = wait_for(&lines, "stop 3", at_stop(3));
    assert_eq!(s["tour"]["waiting"], "drag B to go on");
    // A real drag of B ends the wait.
    let b = (
        s["screen"]["b"][0].as_f64().unwrap(),
        s["screen"]["b"][1].as_f64().unwrap(),
    );
    drag_b(&d, &window, b);
    let s = wait_for(&lines, "stop 4 after the drag", at_stop(4));
    assert_eq!(s["tour"]["caption"], "THE END OF THE TOUR");
    let bar = s["panels"]["tour"].clone();
    let status = child.wait().expect("the app exits");
    assert!(status.success());
    let last: serde_json::Value =
        serde_json::from_str(&lines.iter().last().expect("a last state")).expect("JSON");
    assert_eq!(last["tour"]["stop"], 4);
    // The caption bar is on screen, across the window, and its caption is large: the rows
    // of its lower half hold ink at least 18 px tall (20 pt at scale 1.5 draws capitals of
    // ~20 px).
    let r: Vec<f64> = bar
        .as_array()
        .expect("the tour bar's rectangle")
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let img = image::open(&shot).expect("screenshot").to_rgb8();
    // (`panels` rectangles are window pixels.)
    let (x0, y0, w, h) = (r[0] as u32, r[1] as u32, r[2] as u32, r[3] as u32);
    assert!(
        y0 + h <= img.height() + 2 && w + 4 >= img.width(),
        "{r:?} in {}×{}",
        img.width(),
        img.height()
    );
    let background = *img.get_pixel(x0 + w - 3, y0 + h / 2);
    let ink_rows = (y0 + h / 2..(y0 + h).min(img.height()))
        .filter(|&y| {
            (x0..x0 + w.min(400)).any(|x| {
                let p = img.get_pixel(x, y);
                (0..3)
                    .map(|c| (i32::from(p[c]) - i32::from(background[c])).abs())
                    .sum::<i32>()
                    > 200
            })
        })
        .count();
    assert!(ink_rows >= 18, "the caption's ink spans {ink_rows} rows");
}

/// The id of the one window whose whole title is `title`, within 20 s.
fn window_titled(d: &crate::window::Display, title: &str) -> String {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(20) {
        let out = std::process::Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", &format!("^{title}$")])
            .env("DISPLAY", &d.name)
            .output()
            .expect("xdotool");
        let ids = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if !ids.is_empty() {
            assert_eq!(ids.lines().count(), 1, "one window titled {title:?}: {ids}");
            return ids;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("no window titled {title:?} within 20 s");
}

/// The presenter's view up to date: it has drawn the app's last cue, at stop `k`.
fn view_at(k: u64) -> impl Fn(&serde_json::Value) -> bool {
    move |s| {
        at_stop(k)(s)
            && s["presenter_window"]["stop"] == k
            && s["presenter_window"]["shown"] == true
    }
}

#[test]
fn the_presenter_window_shows_the_notes_and_drives_the_class_window() {
    let Some(d) = display() else { return };
    let path = tmp("presenter_window.ron");
    std::fs::write(&path, TOUR).expect("write");
    let (mut child, _) = start_app(
        &d,
        &[
            path.to_str().unwrap(),
            "--presenter-window",
            "--print-state-every",
            "5",
            "--seconds",
            "10",
        ],
    );
    let lines = state_lines(child.stdout.take().expect("stdout"));
    let class = window_titled(&d, "Narrowphase Lab");
    let view = window_titled(&d, "Narrowphase Lab: presenter's view");
    let s = wait_for(&lines, "the view at stop 0", view_at(0));
    assert_eq!(s["presenter_window"]["open"], true);
    assert_eq!(s["presenter_window"]["caption"], "Two shapes, apart.");
    assert_eq!(s["presenter_window"]["next"], "GJK on the same pair.");
    // The class's window shows no notes.
    assert_eq!(s["tour"]["presenter"], false);
    // The view, as the lecturer sees it: the notes drawn in its lower half (the class's
    // window is another, so its ink cannot be the view's).
    let shot = tmp("presenter_view.png");
    xdotool(
        &d,
        &["windowfocus", "--sync", &view, "sleep", "0.3"].map(String::from),
    );
    let ok = std::process::Command::new("import")
        .args(["-window", &view, shot.to_str().unwrap()])
        .env("DISPLAY", &d.name)
        .status()
        .expect("import")
        .success();
    assert!(ok, "import -window {view}");
    let img = image::open(&shot).expect("the view's picture").to_rgb8();
    let ink = |y0: u32, y1: u32| {
        (y0..y1.min(img.height()))
            .filter(|&y| {
                (0..img.width()).any(|x| {
                    img.get_pixel(x, y)
                        .0
                        .iter()
                        .map(|&c| u32::from(c))
                        .sum::<u32>()
                        > 300
                })
            })
            .count()
    };
    // The title row, the buttons, the caption, the next one and the notes: rows of text from
    // the top to below the middle third (an empty or unpainted view has none).
    let rows = ink(0, img.height());
    assert!(rows >= 80, "the view shows {rows} rows of text");
    assert!(
        ink(img.height() / 3, img.height()) >= 10,
        "nothing below the caption"
    );
    // The lecturer's N, typed into the view, moves the class's window.
    key(&d, &view, "n");
    let s = wait_for(&lines, "stop 1 by the view's N", view_at(1));
    assert_eq!(s["mode"], "gjk");
    assert_eq!(s["presenter_window"]["caption"], "GJK on the same pair.");
    // And the class's window's own N moves the view.
    key(&d, &class, "n");
    let s = wait_for(&lines, "stop 2 by the class window's N", view_at(2));
    assert_eq!(s["presenter_window"]["next"], "Drag B away to go on.");
    let status = child.wait().expect("the app exits");
    assert!(status.success());
    // The view ends with the app.
    let t = Instant::now();
    loop {
        let out = std::process::Command::new("xdotool")
            .args(["search", "--name", "presenter's view"])
            .env("DISPLAY", &d.name)
            .output()
            .expect("xdotool");
        if out.stdout.is_empty() {
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "the view outlived the app"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}
