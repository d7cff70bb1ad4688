//! Quiz mode on the real window under Xvfb: a wrong then a right answer by clicks on the
//! canvas, the score, and what the screenshots show while asking and after the answer.

use crate::common::box_edge;
use std::time::Duration;

/// A lecture of one scene: the resting box, asked for its reference face and its normal's
/// axis (both answered on the canvas).
fn quiz_scene() -> std::path::PathBuf {
    let dir = crate::window::tmp("quiz-lecture");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("resting.ron");
    std::fs::write(
        &path,
        r#"Scene(
    title: "Quiz",
    mode: Sat,
    a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.48)),
    view: View(center: (0.0, 0.0), zoom: 90.0),
    questions: [Ask(kind: ReferenceFace), Ask(kind: NormalAxis)],
)"#,
    )
    .expect("write the scene");
    path
}

fn next_state(lines: &std::sync::mpsc::Receiver<String>, after: &str) -> serde_json::Value {
    let line = lines
        .recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("no state line after {after}"));
    serde_json::from_str(&line).expect("state JSON")
}

/// Where the target labelled `label` is, in window pixels.
fn target(state: &serde_json::Value, label: &str) -> (f64, f64) {
    let t = state["quiz"]["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .find(|t| t["label"] == label)
        .unwrap_or_else(|| panic!("no target {label} in {}", state["quiz"]));
    (t["at"][0].as_f64().unwrap(), t["at"][1].as_f64().unwrap())
}

fn click(d: &crate::window::Display, id: &str, at: (f64, f64)) {
    let mut args = crate::window::mouse_to(id, at.0, at.1);
    args.extend(["sleep", "0.1", "click", "1"].map(String::from));
    crate::window::xdotool(d, &args);
}

#[test]
fn quiz_in_the_window_wrong_then_right_with_the_score() {
    let Some(d) = crate::window::display_of("1280x800x24", 1400) else {
        return;
    };
    let scene = quiz_scene();
    let (mut child, id) = crate::window::start_app(
        &d,
        &[
            scene.to_str().unwrap(),
            "--print-state-changes",
            "--seconds",
            "60",
        ],
    );
    let lines = crate::window::state_lines(child.stdout.take().expect("stdout"));
    let first = next_state(&lines, "the start");
    assert_eq!(first["quiz"]["on"], false);

    crate::window::key(&d, &id, "q");
    let asking = next_state(&lines, "Q");
    assert_eq!(asking["quiz"]["on"], true);
    assert_eq!(asking["quiz"]["question"], 0);
    assert_eq!(asking["quiz"]["revealed"], false);
    assert_eq!(asking["mode"], "manifold");
    assert!(
        asking["labels"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| !l["text"].as_str().unwrap_or("").starts_with('p')),
        "no contact point is labelled while asking: {}",
        asking["labels"]
    );
    crate::window::key(&d, &id, "F12");
    let _ = next_state(&lines, "F12");

    // Wrong: a side face of the box (B's edge whose normal points right).
    let side = format!("B{}", box_edge(2.0, 1.0, glam::Vec2::X));
    click(&d, &id, target(&asking, &side));
    let wrong = next_state(&lines, "the wrong click");
    assert_eq!(wrong["quiz"]["revealed"], true);
    assert_eq!(wrong["quiz"]["right"], false);
    assert_eq!(wrong["quiz"]["score"]["right"], 0);
    assert_eq!(wrong["quiz"]["score"]["answered"], 1);
    assert_eq!(wrong["points"], 2, "the manifold is back: two points");
    crate::window::key(&d, &id, "F12");
    let _ = next_state(&lines, "F12");

    // Next question: the normal's axis. Right: the ground's top face.
    crate::window::key(&d, &id, "Return");
    let second = next_state(&lines, "Enter");
    assert_eq!(second["quiz"]["question"], 1);
    assert_eq!(second["quiz"]["revealed"], false);
    assert_eq!(second["mode"], "sat");
    let top = format!("A{}", box_edge(8.0, 1.0, glam::Vec2::Y));
    click(&d, &id, target(&second, &top));
    let right = next_state(&lines, "the right click");
    assert_eq!(right["quiz"]["right"], true);
    assert_eq!(right["quiz"]["score"]["right"], 1);
    assert_eq!(right["quiz"]["score"]["answered"], 2);
    assert_eq!(right["quiz"]["score"]["questions"], 2);
    let _ = child.kill();
    let _ = child.wait();

    // The two screenshots: while asking, no white contact points; after the answer, the
    // reference face's green.
    let dir = scene.parent().unwrap();
    let shot =
        |n: usize| crate::window::Image::load(&dir.join(format!("resting-manifold-{n}.png")));
    let (asking, revealed) = (shot(1), shot(2));
    assert!(
        asking.count_near(crate::window::GREEN, 30) < 50,
        "the reference face is drawn while asking"
    );
    assert!(
        revealed.count_near(crate::window::GREEN, 30) > 200,
        "the reference face is drawn after the answer"
    );
}
