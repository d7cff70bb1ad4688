//! Scene files on disk: lecture folders, opening a scene, saving (atomically, in the DESIGN field
//! order, refusing what would not load back), odd strings, and optional fields.

use narrowphase_lab::scene::{self, BUILTIN, Lecture, Mode, parse};
use std::path::Path;

fn text_of(name: &str) -> &'static str {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .unwrap_or_else(|| panic!("{name} is not built in"))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn lecture_folder_is_in_file_name_order_and_keeps_broken_scenes() {
    let dir = temp_dir("lecture_order");
    std::fs::write(dir.join("02_b.ron"), text_of("02_tilted_box.ron")).unwrap();
    std::fs::write(dir.join("01_a.ron"), text_of("01_resting_box.ron")).unwrap();
    std::fs::write(dir.join("03_broken.ron"), "Scene(").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a scene").unwrap();
    let lecture = Lecture::load_folder(&dir).unwrap();
    let names: Vec<&str> = lecture.scenes.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["01_a.ron", "02_b.ron", "03_broken.ron"]);
    assert!(lecture.scenes[0].scene.is_ok() && lecture.scenes[1].scene.is_ok());
    let err = lecture.scenes[2].scene.as_ref().unwrap_err().to_string();
    assert!(err.contains("03_broken.ron:1:"), "{err}");
}

#[test]
fn opening_a_scene_file_gives_its_folder_at_its_index() {
    let dir = temp_dir("lecture_open");
    std::fs::write(dir.join("01_a.ron"), text_of("01_resting_box.ron")).unwrap();
    std::fs::write(dir.join("02_b.ron"), text_of("07_circles.ron")).unwrap();
    let (lecture, index) = Lecture::open(dir.join("02_b.ron")).unwrap();
    assert_eq!((lecture.scenes.len(), index), (2, 1));
    let (_, index) = Lecture::open(&dir).unwrap();
    assert_eq!(index, 0);
    std::fs::write(dir.join("03_bad.ron"), "Scene(title: 1)").unwrap();
    assert!(
        Lecture::open(dir.join("03_bad.ron")).is_err(),
        "the file asked for must load"
    );
}

#[test]
fn empty_folder_is_not_a_lecture() {
    let dir = temp_dir("lecture_empty");
    let err = Lecture::load_folder(&dir).unwrap_err().to_string();
    assert!(err.contains("no *.ron scene files"), "{err}");
}

#[test]
fn save_writes_design_field_order_and_point_tuples() {
    let loaded = parse(text_of("10_capsule_on_box.ron"), "x").unwrap();
    let text = scene::to_ron(&loaded.scene).unwrap();
    let order = [
        "title:",
        "notes:",
        "mode:",
        "a:",
        "b:",
        "speculative_margin:",
        "step:",
        "view:",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|k| text.find(k).unwrap_or_else(|| panic!("{k}")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(text.starts_with("Scene("), "{text}");
    assert!(
        text.contains("shape: Capsule(length: 2.0, radius: 0.25)"),
        "{text}"
    );
    assert!(text.contains("position: (0.5, 0.23)"), "{text}");
    assert!(text.contains("view: View("), "{text}");
    assert!(!text.contains("Some("), "{text}");
}

#[test]
fn save_refuses_an_invalid_scene_and_writes_nothing() {
    let dir = temp_dir("save_invalid");
    let mut scene = parse(text_of("01_resting_box.ron"), "x").unwrap().scene;
    scene.a.position.x = f32::NAN;
    let path = dir.join("bad.ron");
    let err = scene::save(&path, &scene).unwrap_err().to_string();
    assert!(err.contains("a.position.x"), "{err}");
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn save_replaces_an_existing_file() {
    let dir = temp_dir("save_replace");
    let path = dir.join("s.ron");
    std::fs::write(&path, "// old\n").unwrap();
    let scene = parse(text_of("07_circles.ron"), "x").unwrap().scene;
    scene::save(&path, &scene).unwrap();
    assert_eq!(scene::load(&path).unwrap().scene, scene);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn odd_strings_round_trip() {
    let mut scene = parse(text_of("07_circles.ron"), "x").unwrap().scene;
    for s in [
        "say \"hi\"",
        "back\\slash",
        "two\nlines",
        "tab\there",
        "#\"# r#\"",
        "é ∑ 😀",
        "",
    ] {
        scene.title = s.to_string();
        scene.notes = format!("{s} {s}");
        let text = scene::to_ron(&scene).unwrap();
        let again = parse(&text, "x").unwrap_or_else(|e| panic!("{s:?}: {e}\n{text}"));
        assert_eq!(again.scene, scene, "{text}");
    }
}

#[test]
fn optional_fields_take_their_defaults() {
    let text = "Scene(title: \"t\", a: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)), \
                b: Body(shape: Box(width: 1.0, height: 1.0), position: (3.0, 0.0)))";
    let s = parse(text, "x").unwrap().scene;
    assert_eq!(
        (s.notes.as_str(), s.mode, s.speculative_margin, s.step),
        ("", Mode::Sat, 0.0, 0)
    );
    assert_eq!((s.b.angle_deg, s.view), (0.0, None));
    assert!(matches!(
        s.b.shape,
        scene::ShapeSpec::Box { radius: 0.0, .. }
    ));
}

#[test]
fn saving_a_moved_commented_scene_changes_only_the_moved_numbers() {
    let dir = temp_dir("save_commented");
    let path = dir.join("01_resting_box.ron");
    let original = text_of("01_resting_box.ron");
    assert!(original.lines().filter(|l| l.contains("//")).count() >= 4);
    std::fs::write(&path, original).unwrap();
    let mut scene = scene::load(&path).unwrap().scene;
    scene.b.position = glam::Vec2::new(0.75, 0.5);
    scene.b.angle_deg = 12.5;
    scene::save(&path, &scene).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    // It loads back as the moved scene (as `check` would).
    assert_eq!(scene::load(&path).unwrap().scene, scene);
    // Every comment line is still there, and only B's line changed, in its numbers.
    for line in original.lines().filter(|l| l.contains("//")) {
        assert!(saved.contains(line), "lost {line:?}");
    }
    let changed: Vec<(&str, &str)> = original
        .lines()
        .zip(saved.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(original.lines().count(), saved.lines().count());
    assert_eq!(
        changed,
        vec![(
            "    b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.48), angle_deg: 0.0),",
            "    b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.75, 0.5), angle_deg: 12.5),"
        )]
    );
}

#[cfg(unix)]
#[test]
fn saving_through_a_link_writes_its_target_and_keeps_the_link_and_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("save_link");
    let real = dir.join("real.ron");
    let link = dir.join("link.ron");
    std::fs::write(&real, text_of("07_circles.ron")).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.ron", &link).unwrap();
    let mut scene = scene::load(&link).unwrap().scene;
    scene.a.position.x += 0.5;
    scene::save(&link, &scene).unwrap();
    // The link is still a link, to the same file, which now holds the edit.
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("real.ron"));
    assert_eq!(scene::load(&real).unwrap().scene, scene);
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    // Nothing else was left in the folder (no temporary file).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
}
