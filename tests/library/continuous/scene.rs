//! The scene file's `motion`: read, defaulted, validated with errors that name the field and
//! its line, and kept (with the lecturer's comments) by the preserving save.

use glam::Vec2;
use narrowphase_lab::scene::{self, EndPose, parse};

const TEXT: &str = "// A bullet at a thin wall.
Scene(
    title: \"bullet\",
    a: Body(shape: Box(width: 0.1, height: 2.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 0.1), position: (-2.0, 0.3), angle_deg: 10.0),
    // Where the bullet is one step later.
    motion: Motion(to: (3.0, 0.3), angle_deg: 100.0),
)
";

#[test]
fn motion_is_read_and_defaults_to_two_units_along_x_unturned() {
    let loaded = parse(TEXT, "bullet.ron").expect("valid");
    let m = loaded.scene.motion_or_default();
    assert_eq!(m.to, Vec2::new(3.0, 0.3));
    assert_eq!(m.angle_deg, Some(100.0));
    let plain = TEXT.replace(
        "    motion: Motion(to: (3.0, 0.3), angle_deg: 100.0),\n",
        "",
    );
    let loaded = parse(&plain, "plain.ron").expect("valid");
    assert_eq!(loaded.scene.motion, None);
    let m = loaded.scene.motion_or_default();
    assert_eq!(m.to, Vec2::new(0.0, 0.3), "B's position + (2, 0)");
    assert_eq!(m.angle_deg, None, "unturned");
}

#[test]
fn a_bad_motion_names_its_field_and_line() {
    for (from, to, field) in [
        ("to: (3.0, 0.3)", "to: (3.0, 5e6)", "motion.to.y"),
        ("angle_deg: 100.0)", "angle_deg: 1e9)", "motion.angle_deg"),
        ("angle_deg: 100.0)", "angle_deg: 1.0, speed: 2.0)", "speed"),
    ] {
        let text = TEXT.replace(from, to);
        let e = parse(&text, "bad.ron").expect_err(to).to_string();
        assert!(
            e.contains("bad.ron") && e.contains(field) && e.contains(":7:"),
            "{to}: {e}"
        );
    }
}

#[test]
fn the_preserving_save_keeps_motion_and_its_comment() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("motion");
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("bullet.ron");
    std::fs::write(&path, TEXT).expect("write");
    let mut s = parse(TEXT, &path).expect("valid").scene;
    s.motion = Some(EndPose {
        to: Vec2::new(4.0, 0.5),
        angle_deg: Some(100.0),
    });
    scene::save(&path, &s).expect("saved");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(
        text.contains("// Where the bullet is one step later."),
        "{text}"
    );
    assert!(
        text.contains("motion: Motion(to: (4.0, 0.5), angle_deg: 100.0)"),
        "{text}"
    );
    assert_eq!(parse(&text, &path).expect("valid").scene, s);
    // A scene without motion saves without one.
    s.motion = None;
    scene::save(&path, &s).expect("saved");
    let text = std::fs::read_to_string(&path).expect("read");
    assert_eq!(
        parse(&text, &path).expect("valid").scene.motion,
        None,
        "{text}"
    );
}
