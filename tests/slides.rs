//! `slides`: one PNG per step of the mode, as many as `report` lists steps, and a GIF with
//! as many frames — on the real window under Xvfb.

use image::AnimationDecoder;
use std::path::Path;

mod window;

/// The scene's report, from the binary.
fn report(scene: &str) -> serde_json::Value {
    let out = std::process::Command::new(window::BIN)
        .args(["report", scene])
        .output()
        .expect("report");
    serde_json::from_slice(&out.stdout).expect("report JSON")
}

fn len(v: &serde_json::Value) -> usize {
    v.as_array().map_or(0, |a| a.len())
}

fn pngs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the slides folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".png"))
        .collect();
    names.sort();
    names
}

#[test]
fn slides_write_one_png_per_step_and_a_gif_with_as_many_frames() {
    let Some(d) = window::display_of("1280x800x24", 1600) else {
        return;
    };
    // GJK/EPA: GJK's iterations, EPA's, and the radii folded back in.
    let scene = "scenes/14_epa_deep.ron";
    let r = report(scene);
    let steps = len(&r["gjk"]["steps"]) + len(&r["epa"]["steps"]) + 1;
    assert!(steps >= 5, "GJK and EPA both ran: {steps}");
    let dir = window::tmp("slides-gjk");
    let _ = std::fs::remove_dir_all(&dir);
    let out = window::run(
        &d,
        &[
            "slides",
            scene,
            "--mode",
            "gjk",
            "--out",
            dir.to_str().unwrap(),
            "--gif",
        ],
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("wrote {steps} slides")));
    let names = pngs(&dir);
    let want: Vec<String> = (1..=steps).map(|k| format!("step-{k:02}.png")).collect();
    assert_eq!(names, want);
    let first = window::Image::load(&dir.join(&names[0]));
    assert_eq!((first.w, first.h), (1280, 800));
    // Each step is its own picture.
    for pair in names.windows(2) {
        let (a, b) = (
            window::Image::load(&dir.join(&pair[0])),
            window::Image::load(&dir.join(&pair[1])),
        );
        assert_ne!(
            a.rgb, b.rgb,
            "{} and {} are the same picture",
            pair[0], pair[1]
        );
    }
    let gif = std::fs::File::open(dir.join("steps.gif")).expect("steps.gif written");
    let frames = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(gif))
        .expect("a GIF")
        .into_frames()
        .count();
    assert_eq!(frames, steps, "one GIF frame a step");

    // SAT: one slide per candidate axis, and no GIF unless asked.
    let scene = "scenes/15_star_of_david.ron";
    let axes = len(&report(scene)["sat"]["axes"]);
    let dir = window::tmp("slides-sat");
    let _ = std::fs::remove_dir_all(&dir);
    window::run(
        &d,
        &[
            "slides",
            scene,
            "--mode",
            "sat",
            "--out",
            dir.to_str().unwrap(),
        ],
    );
    assert_eq!(pngs(&dir).len(), axes);
    assert!(!dir.join("steps.gif").exists());
}

#[test]
fn slides_of_a_broken_scene_say_why_and_exit_2() {
    let Some(d) = window::display_of("1280x800x24", 1600) else {
        return;
    };
    let bad = window::tmp("broken.ron");
    std::fs::write(&bad, "Scene(title: \"x\", a: Body(shape: Circle(radius: -1.0), position: (0.0, 0.0)), b: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)))").expect("write");
    let dir = window::tmp("slides-broken");
    let out = window::app(
        &d,
        &[
            "slides",
            bad.to_str().unwrap(),
            "--mode",
            "sat",
            "--out",
            dir.to_str().unwrap(),
        ],
    )
    .output()
    .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("radius"));
}
