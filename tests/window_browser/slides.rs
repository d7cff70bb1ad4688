//! `slides`: one clean PNG per step of the mode (as many as the mode has steps, counted from
//! the report's traces), no hint or banner in them, and with `--gif` an animation with a frame
//! per step. Needs `Xvfb` (the slides are the app's window); skips loudly without it, except
//! under CI.

use image::AnimationDecoder;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");

fn scene(name: &str) -> String {
    format!("{}/scenes/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// How many steps a mode shows, from the report's traces: SAT one per axis; GJK/EPA one per
/// GJK iteration and EPA iteration plus the radii folded back in; the manifold one per
/// clipping step (its closing "done" record is not a step of its own).
fn steps_in_report(scene_file: &str, mode: &str) -> usize {
    let out = Command::new(BIN)
        .args(["report", scene_file])
        .output()
        .expect("report");
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("report JSON");
    let len = |v: &serde_json::Value| v.as_array().map_or(0, |a| a.len());
    match mode {
        "sat" => len(&r["sat"]["axes"]),
        "gjk" => len(&r["gjk"]["steps"]) + len(&r["epa"]["steps"]) + 1,
        "manifold" => r["clip"]["steps"]
            .as_array()
            .expect("clip steps")
            .iter()
            .filter(|s| s["step"] != "done")
            .count(),
        _ => unreachable!(),
    }
}

fn slides(d: &crate::window::Display, scene_file: &str, mode: &str, out: &Path, gif: bool) {
    let mut args = vec![
        "slides",
        scene_file,
        "--mode",
        mode,
        "--out",
        out.to_str().expect("path"),
    ];
    if gif {
        args.push("--gif");
    }
    let out = crate::window::run(d, &args);
    // Stderr is a pipe here: no progress bar, only the closing line (issue 29).
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines()
            .all(|l| l.starts_with("narrowphase-lab: ") && !l.contains('\r')),
        "stderr of `slides` holds more than its messages: {err:?}"
    );
}

fn pngs(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the out folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    v.sort();
    v
}

#[test]
fn one_png_per_step_in_every_mode_and_a_gif_with_as_many_frames() {
    let Some(d) = crate::window::display_of("1280x800x24", 1600) else {
        return;
    };
    for (file, mode, gif) in [
        ("13_gjk_distance.ron", "gjk", true),
        ("01_resting_box.ron", "manifold", true),
        ("01_resting_box.ron", "sat", false),
        ("14_epa_deep.ron", "gjk", false),
    ] {
        let path = scene(file);
        let out = out_dir(&format!("slides-{mode}-{file}"));
        slides(&d, &path, mode, &out, gif);
        let want = steps_in_report(&path, mode);
        let files = pngs(&out);
        assert_eq!(files.len(), want, "{file} {mode}: {files:?}");
        for (k, f) in files.iter().enumerate() {
            assert_eq!(
                f.file_name().unwrap().to_string_lossy(),
                format!("step-{:02}.png", k + 1)
            );
        }
        // Each step is its own picture.
        let images: Vec<crate::window::Image> = files
            .iter()
            .map(|f| crate::window::Image::load(f))
            .collect();
        for pair in images.windows(2) {
            assert!(
                pair[0].rgb != pair[1].rgb,
                "{file} {mode}: two steps look the same"
            );
        }
        let gif_path = out.join("steps.gif");
        assert_eq!(gif_path.exists(), gif, "{file} {mode}: steps.gif");
        if gif {
            let file = std::io::BufReader::new(std::fs::File::open(&gif_path).unwrap());
            let frames = image::codecs::gif::GifDecoder::new(file)
                .expect("a GIF")
                .into_frames()
                .collect_frames()
                .expect("its frames");
            assert_eq!(frames.len(), want, "GIF frames");
        }
    }
}

/// A slide is the clean picture: where the window shows its hint ("… F1 help"), the slide of
/// the same step has no text.
#[test]
fn slides_have_no_hint_or_banner() {
    let Some(d) = crate::window::display_of("1280x800x24", 1700) else {
        return;
    };
    let path = scene("01_resting_box.ron");
    let out = out_dir("slides-clean");
    // Both in the dark theme, whatever look another test running beside this one left
    // remembered (a light slide is bright where the hint was: text pixels to this count).
    let run = crate::window::run(
        &d,
        &[
            "slides",
            &path,
            "--mode",
            "manifold",
            "--theme",
            "dark",
            "--out",
            out.to_str().expect("path"),
        ],
    );
    assert!(
        run.status.success(),
        "slides: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let shot = crate::window::tmp("window-step-0.png");
    let run = crate::window::run(
        &d,
        &[
            &path,
            "--mode",
            "manifold",
            "--step",
            "0",
            "--theme",
            "dark",
            "--frames",
            "8",
            "--screenshot",
            shot.to_str().unwrap(),
            "--print-state",
        ],
    );
    let state = crate::window::state(&run);
    let hint = state["labels"]
        .as_array()
        .expect("labels")
        .iter()
        .find(|l| l["text"].as_str().is_some_and(|t| t.contains("F1 help")))
        .expect("the window shows its hint");
    let r: Vec<f64> = hint["rect"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    // Text pixels: light grey, as the hint is drawn.
    let texty = |img: &crate::window::Image| {
        let mut n = 0;
        for y in r[1] as usize..(r[1] + r[3]) as usize {
            for x in r[0] as usize..(r[0] + r[2]) as usize {
                let p = img.at(x as f64, y as f64);
                if p.iter().all(|c| *c > 110) {
                    n += 1;
                }
            }
        }
        n
    };
    let with_hint = texty(&crate::window::Image::load(&shot));
    let slide = texty(&crate::window::Image::load(&out.join("step-01.png")));
    eprintln!("hint text pixels: {with_hint} in the window, {slide} in the slide");
    assert!(
        with_hint > 30,
        "the hint's text shows in the window: {with_hint} pixels"
    );
    // Without the hint a label may take part of its place (labels keep clear of the hint in the
    // window, and the hint moves off marks): the hint's own text would fill the rectangle as it
    // does in the window.
    assert!(
        slide * 3 < with_hint,
        "the slide shows text where the hint was: {slide} pixels, the hint {with_hint}"
    );
}

#[test]
fn slides_of_a_broken_scene_fail_with_its_error_and_write_nothing() {
    let dir = out_dir("slides-broken");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    let good = std::fs::read_to_string(scene("01_resting_box.ron")).unwrap();
    assert!(good.contains("width: 8.0"));
    std::fs::write(&bad, good.replace("width: 8.0", "width: -1.0")).unwrap();
    let out = dir.join("out");
    let run = Command::new(BIN)
        .args(["slides", bad.to_str().unwrap(), "--mode", "sat", "--out"])
        .arg(&out)
        .env_remove("DISPLAY")
        .output()
        .expect("run");
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("bad.ron") && err.contains("width"), "{err}");
    assert!(!out.exists(), "nothing written for a broken scene");
}

/// Issue 25, item 3: `slides --out DIR` never writes through a link already at a slide's name
/// (the link is replaced by the slide, its target untouched); slides an earlier, longer run left
/// behind are removed and that is said on stderr. `--screenshot` likewise replaces a link.
#[test]
fn slides_and_screenshots_never_write_through_a_link_and_stale_slides_are_removed() {
    use std::os::unix::fs::symlink;
    let Some(d) = crate::window::display_of("1280x800x24", 1600) else {
        return;
    };
    let dir = out_dir("slides-links");
    std::fs::create_dir_all(&dir).unwrap();
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me\n").unwrap();
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    symlink(&victim, out.join("step-01.png")).unwrap();
    for stale in ["step-30.png", "step-31.png"] {
        std::fs::write(out.join(stale), "an old slide").unwrap();
    }
    std::fs::write(out.join("notes.txt"), "not a slide").unwrap();
    let file = scene("01_resting_box.ron");
    let args = [
        "slides",
        &file,
        "--mode",
        "sat",
        "--out",
        out.to_str().unwrap(),
    ];
    let run = crate::window::run(&d, &args);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    let first = out.join("step-01.png");
    assert!(std::fs::symlink_metadata(&first).unwrap().is_file());
    assert!(std::fs::read(&first).unwrap().starts_with(b"\x89PNG"));
    assert!(!out.join("step-30.png").exists() && !out.join("step-31.png").exists());
    assert!(out.join("notes.txt").exists(), "only slides are removed");
    assert!(
        err.contains("removed 2 slide(s) left by an earlier run"),
        "{err}"
    );
    assert_eq!(pngs(&out).len(), steps_in_report(&file, "sat"));

    let shot = dir.join("shot.png");
    symlink(&victim, &shot).unwrap();
    let shot_arg = shot.to_str().unwrap();
    crate::window::run(&d, &[&file, "--frames", "3", "--screenshot", shot_arg]);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    assert!(std::fs::symlink_metadata(&shot).unwrap().is_file());
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG"));
}

/// Issue 24: `slides --mode simulate` writes one slide at the start and one per simulated
/// second (the run's last step included), not one per step: scene 20's run of `seconds` at
/// `hz` steps a second gives `seconds + 1` slides, and the last one differs from the first
/// (the box has moved between them).
#[test]
fn simulate_slides_are_one_per_simulated_second() {
    let Some(d) = crate::window::display_of("1280x800x24", 1600) else {
        return;
    };
    let file = scene("20_box_rocks.ron");
    let loaded = narrowphase_lab::scene::load(&file).expect("scene 20");
    let sim = loaded.scene.sim.clone().unwrap_or_default();
    let steps = (sim.seconds * sim.hz).round() as usize;
    let want = steps.div_ceil(sim.hz.round() as usize) + 1;
    let out = out_dir("slides-simulate");
    slides(&d, &file, "simulate", &out, false);
    let written = pngs(&out);
    assert_eq!(written.len(), want, "{written:?}");
    let first = image::open(&written[0]).expect("a png").to_rgb8();
    let last = image::open(&written[want - 1]).expect("a png").to_rgb8();
    assert_ne!(
        first.as_raw(),
        last.as_raw(),
        "the run moved between the first and last slide"
    );
}

/// Two 64-gons overlapping, B turned a little so that no two edges are parallel: SAT has 128
/// candidate axes, so `slides --mode sat` makes 128 slides.
const TWO_64_GONS: &str = r#"Scene(
    title: "Two 64-gons",
    a: Body(shape: RegularPolygon(sides: 64, circumradius: 1.0), position: (0.0, 0.0)),
    b: Body(shape: RegularPolygon(sides: 64, circumradius: 1.0), position: (1.2, 0.3), angle_deg: 1.3),
)
"#;

/// Issue 39, item 3: `slides --gif` encodes each frame as it is captured, so a run of 128
/// slides at 1280x800 peaks under 150 MB (before, every frame was held for the GIF: 625 MB),
/// and the GIF still has a frame per slide.
#[test]
fn slides_gif_of_128_steps_stays_under_150_mb() {
    let Some(d) = crate::window::display_of("1280x800x24", 1750) else {
        return;
    };
    let dir = out_dir("slides-gif-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("gons.ron");
    std::fs::write(&file, TWO_64_GONS).unwrap();
    let file = file.to_str().unwrap().to_string();
    let want = steps_in_report(&file, "sat");
    assert!(want >= 120, "{want} SAT steps");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let args = [
        "slides",
        &file,
        "--mode",
        "sat",
        "--gif",
        "--out",
        out.to_str().unwrap(),
    ];
    crate::window::run_within_peak(&d, &args, 150 * 1024, std::time::Duration::from_secs(300));
    assert_eq!(pngs(&out).len(), want);
    let gif = std::io::BufReader::new(std::fs::File::open(out.join("steps.gif")).unwrap());
    let frames = image::codecs::gif::GifDecoder::new(gif)
        .expect("a GIF")
        .into_frames()
        .count();
    assert_eq!(frames, want, "GIF frames");
    // Nothing is left beside the slides (no temporary GIF).
    let left: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Issue 39, item 4: a second `slides` into a folder another run is writing is refused at
/// once, saying the folder is busy, and writes nothing there; the first run's slides are all
/// there when it ends (before, the second's clean-up deleted the first's slides as it wrote
/// them, and both exited 0).
#[test]
fn a_second_slides_run_into_a_busy_folder_is_refused() {
    let Some(d) = crate::window::display_of("1280x800x24", 1780) else {
        return;
    };
    let dir = out_dir("slides-busy");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("gons.ron");
    std::fs::write(&file, TWO_64_GONS).unwrap();
    let file = file.to_str().unwrap().to_string();
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let args = [
        "slides",
        &file,
        "--mode",
        "sat",
        "--out",
        out.to_str().unwrap(),
    ];
    let first = crate::window::app(&d, &args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the first run");
    let t = std::time::Instant::now();
    while !out.join("step-02.png").exists() {
        assert!(
            t.elapsed() < std::time::Duration::from_secs(60),
            "the first run wrote no slides"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The second, on a scene with fewer steps (whose clean-up would remove the first's).
    let small = scene("01_resting_box.ron");
    let second = crate::window::app(
        &d,
        &[
            "slides",
            &small,
            "--mode",
            "sat",
            "--out",
            out.to_str().unwrap(),
        ],
    )
    .output()
    .expect("the second run");
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert!(
        err.contains("busy") && err.contains("another `slides` run"),
        "{err}"
    );
    let done = first.wait_with_output().expect("the first run ends");
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    assert_eq!(pngs(&out).len(), steps_in_report(&file, "sat"));
    // Once the first has ended, the folder is free again.
    slides(&d, &small, "sat", &out, false);
    assert_eq!(pngs(&out).len(), steps_in_report(&small, "sat"));
}
