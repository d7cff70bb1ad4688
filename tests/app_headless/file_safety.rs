//! Issue 25: the app never writes where the user did not ask. Saves, recovery files and the
//! private state folder, tried as an attacker would: links planted at the names we write, a
//! shared folder that belongs to someone else. Where permissions matter the check runs as the
//! unprivileged user `nobody` (these tests run as root, who may write anywhere): this test binary
//! runs one of its own tests again under `setpriv`.

use narrowphase_lab::app::App;
use narrowphase_lab::app::command::Command;
use narrowphase_lab::app::recovery;
use narrowphase_lab::cli::AppFlags;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::Command as Process;

const GOOD: &str = r#"// A good scene.
Scene(
    title: "Good",
    a: Body(shape: Box(width: 4.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Circle(radius: 0.5), position: (0.0, 0.4)),
)
"#;

/// A fresh, empty folder for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("file_safety")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn write_mode(path: &Path, text: &str, mode: u32) {
    std::fs::write(path, text).expect("write");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn mode(path: &Path) -> u32 {
    std::fs::symlink_metadata(path).expect("metadata").mode() & 0o7777
}

fn is_regular(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// Item 2: a link planted at the name the save's temporary file had (`.NAME.PID.tmp`, the PID
/// predictable) is not written through: the link's target (a 0600 file elsewhere) keeps its
/// text and mode, and the scene file stays a regular file with its own mode.
#[test]
fn a_save_never_writes_through_a_link_planted_at_its_temporary_name() {
    let dir = fresh_dir("save-link");
    let elsewhere = fresh_dir("save-link-victim");
    let victim = elsewhere.join("secret");
    write_mode(&victim, "secret\n", 0o600);
    let file = dir.join("lecture.ron");
    write_mode(&file, GOOD, 0o640);
    let planted = dir.join(format!(".lecture.ron.{}.tmp", std::process::id()));
    symlink(&victim, &planted).expect("plant a link");

    let mut scene = narrowphase_lab::scene::load(&file).expect("loads").scene;
    scene.title = "Saved".into();
    narrowphase_lab::scene::save(&file, &scene).expect("saves");

    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "secret\n"
    );
    assert_eq!(mode(&victim), 0o600, "the victim's mode");
    assert!(is_regular(&file), "the scene file became a link");
    assert_eq!(mode(&file), 0o640, "the scene file keeps its mode");
    let saved = std::fs::read_to_string(&file).expect("scene");
    assert!(saved.contains("\"Saved\"") && saved.contains("// A good scene."));
    // Nothing is left beside it but the planted link.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
}

/// Item 1: a recovery file's name with a link planted at it (or a dangling one) is replaced by
/// the recovery file; the link's target is never written, nor created.
#[test]
fn a_recovery_file_never_writes_through_a_link_planted_at_its_name() {
    let dir = fresh_dir("recover-link");
    let elsewhere = fresh_dir("recover-link-victim");
    let victim = elsewhere.join(".bashrc");
    write_mode(&victim, "alias ls='ls -F'\n", 0o600);
    let dangling = elsewhere.join("created-by-the-link");
    for (target, name) in [(&victim, "a.ron"), (&dangling, "b.ron")] {
        let recover = recovery::path_for(Some(&dir.join(name)), name);
        symlink(target, &recover).expect("plant a link");
        recovery::keep(Some((recover.clone(), GOOD.to_string())));
        let written = recovery::write_now().expect("something to write");
        assert_eq!(written, Ok(recover.clone()));
        assert!(is_regular(&recover), "{recover:?} is still a link");
        assert_eq!(std::fs::read_to_string(&recover).expect("kept"), GOOD);
        assert_eq!(mode(&recover), 0o600, "a recovery file is private");
    }
    recovery::keep(None);
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "alias ls='ls -F'\n"
    );
    assert_eq!(mode(&victim), 0o600);
    assert!(!dangling.exists(), "the dangling link's target was created");
}

/// Runs this binary's test `name` again as `nobody` with `env` set (and `NPL_AS_NOBODY`, without
/// which that test does nothing); fails with its output when it fails. Returns false when that
/// cannot be done here (not root, no `setpriv`), said on stderr.
fn as_nobody(name: &str, env: &[(&str, &Path)]) -> bool {
    if effective_uid() != 0 || !Path::new("/usr/bin/setpriv").exists() {
        eprintln!("\n*** SKIPPING {name}: needs root and setpriv to run as nobody ***\n");
        return false;
    }
    let exe = std::env::current_exe().expect("this test binary");
    // The test's full name in its binary: this module's path without the binary's name.
    let full = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{name}"),
        None => name.to_string(),
    };
    let mut c = Process::new("/usr/bin/setpriv");
    c.args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"])
        .arg(&exe)
        .args([full.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env("NPL_AS_NOBODY", "1");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("setpriv runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "as nobody, {name} failed:\n{text}");
    assert!(text.contains("1 passed"), "{name} did not run:\n{text}");
    true
}

fn effective_uid() -> u32 {
    std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or(u32::MAX)
}

/// A folder `nobody` owns (made by root, then handed over).
fn nobody_dir(name: &str) -> PathBuf {
    let dir = fresh_dir(name);
    std::os::unix::fs::chown(&dir, Some(65534), Some(65534)).expect("chown");
    dir
}

/// Item 1: a built-in scene's recovery file goes to the user's private state folder, made 0700
/// (never the shared temporary folder); one that belongs to another user, or that is a link, is
/// refused: the app says so in its banner at once, and a signal's write fails (and says so)
/// instead of writing where the other user's link points.
#[test]
fn builtin_recovery_lives_in_a_private_state_folder_of_our_own() {
    let base = nobody_dir("state-fresh");
    if !as_nobody(
        "as_nobody_the_state_folder",
        &[
            ("XDG_STATE_HOME", &base.join("state")),
            ("NPL_CASE", Path::new("fresh")),
            ("NPL_BASE", &base),
        ],
    ) {
        return;
    }
    // Another user (root here) made the folder, world-writable as a shared one would be, and
    // planted the built-in scene's recovery name as a link to the victim's file.
    let base = nobody_dir("state-foreign");
    let state = base.join("state");
    std::fs::create_dir_all(state.join("narrowphase-lab")).expect("folder");
    std::os::unix::fs::chown(&state, Some(65534), Some(65534)).expect("chown");
    std::fs::set_permissions(
        state.join("narrowphase-lab"),
        std::fs::Permissions::from_mode(0o777),
    )
    .expect("chmod");
    let victim = base.join("victim-bashrc");
    write_mode(&victim, "victim\n", 0o600);
    std::os::unix::fs::chown(&victim, Some(65534), Some(65534)).expect("chown");
    symlink(
        &victim,
        state.join("narrowphase-lab/01_resting_box.ron.recover"),
    )
    .expect("plant");
    as_nobody(
        "as_nobody_the_state_folder",
        &[
            ("XDG_STATE_HOME", &state),
            ("NPL_CASE", Path::new("foreign")),
            ("NPL_BASE", &base),
        ],
    );
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "victim\n"
    );
    assert_eq!(mode(&victim), 0o600);
    // The folder is a link to a folder someone else made.
    let base = nobody_dir("state-link");
    let state = base.join("state");
    std::fs::create_dir_all(&state).expect("folder");
    std::os::unix::fs::chown(&state, Some(65534), Some(65534)).expect("chown");
    let theirs = fresh_dir("state-link-theirs");
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    symlink(&theirs, state.join("narrowphase-lab")).expect("plant");
    as_nobody(
        "as_nobody_the_state_folder",
        &[
            ("XDG_STATE_HOME", &state),
            ("NPL_CASE", Path::new("link")),
            ("NPL_BASE", &base),
        ],
    );
    assert_eq!(
        std::fs::read_dir(&theirs).expect("folder").count(),
        0,
        "something was written into the linked folder"
    );
}

/// The half of [`builtin_recovery_lives_in_a_private_state_folder_of_our_own`] that runs as
/// `nobody` (does nothing otherwise).
#[test]
fn as_nobody_the_state_folder() {
    if std::env::var_os("NPL_AS_NOBODY").is_none() {
        return;
    }
    let case = std::env::var("NPL_CASE").expect("NPL_CASE");
    if case == "read-only" {
        return read_only_folder_as_nobody();
    }
    let state = PathBuf::from(std::env::var_os("XDG_STATE_HOME").expect("XDG_STATE_HOME"));
    let folder = state.join("narrowphase-lab");
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let path = app.files(0.0, |f| f.recovery_path());
    assert_eq!(
        path,
        folder.join(format!(
            "01_resting_box.ron.{}.recover",
            recovery::instance()
        ))
    );
    // What the banner says when the window opens.
    let at_start = app.dialogs.banner.clone();
    app.apply(Command::TranslateB(glam::Vec2::new(0.5, 0.0)), 0.0);
    app.files(0.0, |f| f.keep_for_recovery());
    let written = recovery::write_now().expect("edits to write");
    match case.as_str() {
        "fresh" => {
            assert!(at_start.is_none(), "{at_start:?}");
            let meta = std::fs::symlink_metadata(&folder).expect("the folder is made");
            assert!(meta.is_dir());
            assert_eq!(meta.mode() & 0o777, 0o700, "the state folder is private");
            assert_eq!(written, Ok(path.clone()));
            assert_eq!(mode(&path), 0o600);
        }
        "foreign" | "link" => {
            let banner = at_start.expect("the app says so");
            let why = if case == "foreign" {
                "belongs to another user"
            } else {
                "symbolic link"
            };
            assert!(banner.error && banner.text.contains(why), "{banner:?}");
            assert!(banner.text.contains("cannot be kept"), "{banner:?}");
            let e = written.expect_err("refused");
            assert!(e.contains(why), "{e}");
        }
        other => panic!("unknown case {other}"),
    }
}

/// Opens `scene` in the app on another thread; fails if that does not return within 20 s (a
/// FIFO read blocks forever).
fn open_within_20_s(scene: &Path) -> App {
    let flags = AppFlags {
        path: Some(scene.to_path_buf()),
        ..AppFlags::default()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(App::new(&flags).map_err(|e| e.to_string()));
    });
    match rx.recv_timeout(std::time::Duration::from_secs(20)) {
        Ok(app) => app.expect("the scene opens"),
        Err(_) => panic!("the app did not start within 20 s"),
    }
}

/// Makes something at a recovery file's name.
type Make = dyn Fn(&Path);

/// Item 7: whatever sits at a scene's recovery name — a FIFO, a 3 GB file, a link to
/// `/dev/zero`, bytes that are not text — the app starts at once with the scene as its file has
/// it, says in the banner that the recovery file cannot be used, and leaves it where it is
/// (before, the FIFO hung the start, the huge file crashed it, and the rest were deleted without
/// a word).
#[test]
fn a_stray_recovery_file_is_said_and_kept_and_the_app_starts() {
    let dir = fresh_dir("stray-recovery");
    let file = dir.join("lecture.ron");
    std::fs::write(&file, GOOD).expect("write");
    let recover = dir.join(".lecture.ron.recover");
    let cases: [(&str, &Make, &str); 4] = [
        (
            "fifo",
            &|p| {
                let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
                // SAFETY: a valid NUL-terminated path.
                assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
            },
            "not a regular file",
        ),
        (
            "3 GB",
            &|p| {
                let f = std::fs::File::create(p).unwrap();
                f.set_len(3 << 30).unwrap();
            },
            "larger than 4 MiB",
        ),
        (
            "link to /dev/zero",
            &|p| symlink("/dev/zero", p).unwrap(),
            "symbolic link",
        ),
        (
            "not UTF-8",
            &|p| std::fs::write(p, b"Scene(\xff\xfe").unwrap(),
            "not UTF-8",
        ),
    ];
    let want = narrowphase_lab::scene::load(&file).expect("loads").scene;
    for (name, make, why) in cases {
        let _ = std::fs::remove_file(&recover);
        make(&recover);
        let app = open_within_20_s(&file);
        let banner = app
            .dialogs
            .banner
            .clone()
            .unwrap_or_else(|| panic!("{name}: no banner"));
        assert!(banner.error, "{name}: {banner:?}");
        assert!(
            banner.text.contains("recovery file") && banner.text.contains(why),
            "{name}: {banner:?}"
        );
        assert!(
            banner.text.contains("left where it is"),
            "{name}: {banner:?}"
        );
        assert_eq!(app.dialogs.asking(), None, "{name}");
        assert_eq!(*app.doc.scene(), want, "{name}");
        assert!(
            std::fs::symlink_metadata(&recover).is_ok(),
            "{name}: the recovery file was deleted"
        );
    }
    let _ = std::fs::remove_file(&recover);
}

/// Item 5: a recovery file whose text is not a scene (empty, cut short) is asked about, never
/// deleted unasked: *Keep it* leaves it (asked again at the next start), *Delete it* removes it.
#[test]
fn a_recovery_file_that_is_not_a_scene_is_asked_about() {
    let dir = fresh_dir("broken-recovery");
    let file = dir.join("lecture.ron");
    std::fs::write(&file, GOOD).expect("write");
    let recover = dir.join(".lecture.ron.recover");
    let want = narrowphase_lab::scene::load(&file).expect("loads").scene;
    for (name, text) in [("empty", ""), ("truncated", &GOOD[..60])] {
        std::fs::write(&recover, text).expect("write");
        let mut app = open_within_20_s(&file);
        assert_eq!(app.dialogs.asking(), Some("broken-recovery"), "{name}");
        assert_eq!(*app.doc.scene(), want, "{name}");
        // The question is drawn (a headless frame), and a key answers nothing else meanwhile.
        let ctx = narrowphase_lab::app::new_context();
        for _ in 0..2 {
            let _ = ctx.run(narrowphase_lab::app::screen_input(1280.0, 800.0), |ctx| {
                app.frame(ctx, 0.0, Default::default(), &[])
            });
        }
        assert_eq!(
            app.dialogs.asking(),
            Some("broken-recovery"),
            "{name}: still asking"
        );
        app.apply(Command::BrokenRecovery(false), 0.0);
        assert_eq!(app.dialogs.asking(), None, "{name}");
        assert!(recover.exists(), "{name}: kept");
        let mut app = open_within_20_s(&file);
        assert_eq!(
            app.dialogs.asking(),
            Some("broken-recovery"),
            "{name}: asked again"
        );
        app.apply(Command::BrokenRecovery(true), 0.0);
        assert!(!recover.exists(), "{name}: deleted when asked to");
    }
}

/// Sets `path`'s modification time to `t` (as `cp -p`, `rsync -t` and `touch -r` do).
fn set_mtime(path: &Path, t: std::time::SystemTime) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(t))
        .expect("set the modification time");
}

/// Item 4: an external edit that lands just before Ctrl+S (the watcher polls every 0.4 s and
/// has not seen it) is never overwritten: the save asks reload / keep mine, in every try, also
/// when the edit kept the file's modification time; keeping mine and saving again writes mine.
#[test]
fn a_save_over_an_external_edit_asks_first_every_time() {
    let dir = fresh_dir("save-race");
    for k in 0..6 {
        let file = dir.join(format!("race-{k}.ron"));
        std::fs::write(&file, GOOD).expect("write");
        let mtime = std::fs::metadata(&file)
            .and_then(|m| m.modified())
            .expect("mtime");
        let mut app = open_within_20_s(&file);
        app.apply(Command::TranslateB(glam::Vec2::new(0.5, 0.0)), 0.0);
        let theirs = GOOD.replace("\"Good\"", &format!("\"Edited elsewhere {k}\""));
        std::fs::write(&file, &theirs).expect("their edit");
        if k % 2 == 0 {
            set_mtime(&file, mtime);
        }
        app.apply(Command::Save, 0.0);
        assert_eq!(
            app.dialogs.asking(),
            Some("reload"),
            "try {k}: {:?}",
            app.dialogs.banner
        );
        assert_eq!(
            std::fs::read_to_string(&file).expect("file"),
            theirs,
            "try {k}"
        );
        assert!(app.doc.modified(), "try {k}");
        // Keep mine, then save: now it is written, over their edit, as the user chose.
        app.apply(Command::ReloadFromDisk(false), 0.0);
        app.apply(Command::Save, 0.0);
        assert_eq!(app.dialogs.asking(), None, "try {k}");
        let saved = narrowphase_lab::scene::load(&file).expect("loads").scene;
        assert_eq!(saved.b.position, app.doc.scene().b.position, "try {k}");
        assert!(!app.doc.modified(), "try {k}");
    }
}

/// Item 4: a change on disk that keeps the modification time is seen by the watcher (an
/// unmodified scene is reloaded), where it was never noticed.
#[test]
fn a_change_that_keeps_the_modification_time_is_noticed() {
    let dir = fresh_dir("same-mtime");
    let file = dir.join("lecture.ron");
    std::fs::write(&file, GOOD).expect("write");
    let mtime = std::fs::metadata(&file)
        .and_then(|m| m.modified())
        .expect("mtime");
    let mut app = open_within_20_s(&file);
    app.files(0.0, |f| f.check_reload(0.0));
    assert_eq!(app.doc.scene().title, "Good");
    std::fs::write(&file, GOOD.replace("\"Good\"", "\"Same time\"")).expect("their edit");
    set_mtime(&file, mtime);
    assert_eq!(
        std::fs::metadata(&file)
            .and_then(|m| m.modified())
            .expect("mtime"),
        mtime
    );
    app.files(0.0, |f| f.check_reload(1.0));
    assert_eq!(app.doc.scene().title, "Same time");
}

/// Item 5: a scene in a folder where no recovery file can be written (read-only for us): the
/// banner says so as soon as the scene has unsaved edits, a signal's write fails and says so,
/// and nothing (no 0-byte file) is left.
#[test]
fn a_recovery_file_that_cannot_be_written_is_said_at_once() {
    let base = nobody_dir("read-only");
    let lecture = base.join("lecture");
    std::fs::create_dir_all(&lecture).expect("folder");
    std::fs::write(lecture.join("lecture.ron"), GOOD).expect("write");
    std::os::unix::fs::chown(&lecture, Some(65534), Some(65534)).expect("chown");
    std::fs::set_permissions(&lecture, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    as_nobody(
        "as_nobody_the_state_folder",
        &[
            ("XDG_STATE_HOME", &base.join("state")),
            ("NPL_CASE", Path::new("read-only")),
            ("NPL_BASE", &base),
        ],
    );
    let left: Vec<_> = std::fs::read_dir(&lecture)
        .expect("folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left, ["lecture.ron"], "{left:?}");
}

/// The half of [`a_recovery_file_that_cannot_be_written_is_said_at_once`] run as `nobody`.
fn read_only_folder_as_nobody() {
    let base = PathBuf::from(std::env::var_os("NPL_BASE").expect("NPL_BASE"));
    let file = base.join("lecture/lecture.ron");
    let mut app = open_within_20_s(&file);
    assert!(app.dialogs.banner.is_none(), "{:?}", app.dialogs.banner);
    app.apply(Command::TranslateB(glam::Vec2::new(0.5, 0.0)), 0.0);
    app.files(0.0, |f| f.keep_for_recovery());
    let banner = app.dialogs.banner.clone().expect("the app says so");
    assert!(
        banner.error && banner.text.contains("cannot be kept") && banner.text.contains("lecture"),
        "{banner:?}"
    );
    let e = recovery::write_now()
        .expect("edits to write")
        .expect_err("refused");
    assert!(e.contains(".lecture.ron.") && e.contains(".recover"), "{e}");
}

/// Item 6: a file with a raw string (`notes: r#"say "hi""#`, the natural way to put quotes in
/// notes) or a `#![enable(…)]` line keeps its comments and layout on save: only the moved
/// body's numbers change (before, the scene was written whole and every comment was lost).
#[test]
fn raw_strings_and_enable_lines_keep_their_comments_on_save() {
    let dir = fresh_dir("raw-strings");
    let raw = GOOD.replace(
        "    title: \"Good\",\n",
        "    title: \"Good\", // the title\n    notes: r#\"say \"hi\"\"#, // raw notes\n",
    );
    let enable = format!("#![enable(implicit_some)]\n// After the extensions.\n{GOOD}");
    let both = format!("#![enable(implicit_some)]\n{raw}");
    for (name, text) in [("raw", raw), ("enable", enable), ("both", both)] {
        let file = dir.join(format!("{name}.ron"));
        std::fs::write(&file, &text).expect("write");
        let mut scene = narrowphase_lab::scene::load(&file)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .scene;
        scene.b.position.x = 1.25;
        narrowphase_lab::scene::save(&file, &scene).expect("saves");
        let saved = std::fs::read_to_string(&file).expect("read");
        let want = text.replace("position: (0.0, 0.4)", "position: (1.25, 0.4)");
        assert_eq!(saved, want, "{name}: only B's x changes");
        assert_eq!(
            narrowphase_lab::scene::load(&file).expect("loads").scene,
            scene
        );
    }
}

/// Item 9: a file with a byte-order mark is read, and a save keeps the mark and the comments.
#[test]
fn a_byte_order_mark_is_kept_on_save() {
    let dir = fresh_dir("bom");
    let file = dir.join("bom.ron");
    let text = format!("\u{FEFF}{GOOD}");
    std::fs::write(&file, &text).expect("write");
    let mut scene = narrowphase_lab::scene::load(&file).expect("loads").scene;
    scene.b.position.x = 1.25;
    narrowphase_lab::scene::save(&file, &scene).expect("saves");
    let saved = std::fs::read_to_string(&file).expect("read");
    assert_eq!(
        saved,
        text.replace("position: (0.0, 0.4)", "position: (1.25, 0.4)")
    );
}

/// Item 9: two scene names that are not UTF-8 (and would read the same made lossy) have
/// recovery files of their own.
#[test]
fn names_that_are_not_utf8_keep_their_recovery_files_apart() {
    use std::os::unix::ffi::OsStrExt;
    let dir = Path::new("talks");
    let one = dir.join(std::ffi::OsStr::from_bytes(b"\xff.ron"));
    let two = dir.join(std::ffi::OsStr::from_bytes(b"\xfe.ron"));
    let (r1, r2) = (
        recovery::path_for(Some(&one), "x"),
        recovery::path_for(Some(&two), "x"),
    );
    assert_ne!(r1, r2);
    let name = r1.file_name().expect("name").as_bytes();
    assert!(
        name.starts_with(b".\xff.ron.") && name.ends_with(b".recover"),
        "{name:?}"
    );
}

/// Issue 39, item 2: with `bad\xff.ron` beside `bad\xfe.ron` (the same name made lossy), opening
/// the first and saving writes the first: the lecture finds its slot by the file's own bytes, so
/// the second keeps its text (before, the first's scene was written over the second).
#[test]
fn a_save_writes_its_own_file_when_names_differ_only_in_bytes_that_are_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = fresh_dir("non-utf8-save");
    let one = dir.join(std::ffi::OsStr::from_bytes(b"bad\xff.ron"));
    let two = dir.join(std::ffi::OsStr::from_bytes(b"bad\xfe.ron"));
    let two_text = GOOD.replace("\"Good\"", "\"The other one\"");
    std::fs::write(&one, GOOD).expect("write");
    std::fs::write(&two, &two_text).expect("write");
    let mut app = App::new(&AppFlags {
        path: Some(one.clone()),
        ..AppFlags::default()
    })
    .expect("opens");
    assert_eq!(app.doc.path(), Some(one.as_path()));
    assert_eq!(app.doc.scene().title, "Good");
    app.apply(Command::TranslateB(glam::Vec2::new(0.5, 0.0)), 0.0);
    app.apply(Command::Save, 0.0);
    assert_eq!(
        std::fs::read_to_string(&two).expect("the other file"),
        two_text,
        "the other file is left as it was"
    );
    let saved = narrowphase_lab::scene::load(&one).expect("loads").scene;
    assert_eq!(saved.title, "Good");
    assert_eq!(saved.b.position, glam::Vec2::new(0.5, 0.4));
    // Opening the second opens the second.
    let other = App::new(&AppFlags {
        path: Some(two.clone()),
        ..AppFlags::default()
    })
    .expect("opens");
    assert_eq!(other.doc.path(), Some(two.as_path()));
    assert_eq!(other.doc.scene().title, "The other one");
}

/// Runs this binary's test `name` again in a child process with `env` set (and `NPL_CHILD`,
/// without which that test does nothing), its files limited to `fsize` bytes when given (with
/// SIGXFSZ ignored, so a write past it fails with EFBIG as a full disk fails with ENOSPC).
fn as_child(name: &str, env: &[(&str, &std::ffi::OsStr)], fsize: Option<u64>) {
    use std::os::unix::process::CommandExt;
    let exe = std::env::current_exe().expect("this test binary");
    let full = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{name}"),
        None => name.to_string(),
    };
    let mut c = Process::new(exe);
    c.args([full.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env("NPL_CHILD", "1");
    for (k, v) in env {
        c.env(k, v);
    }
    if let Some(limit) = fsize {
        // SAFETY: only async-signal-safe calls (setrlimit, signal) between fork and exec.
        unsafe {
            c.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: limit as libc::rlim_t,
                    rlim_max: limit as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                Ok(())
            });
        }
    }
    let out = c.output().expect("the child runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{name} failed in its child:\n{text}");
    assert!(text.contains("1 passed"), "{name} did not run:\n{text}");
}

/// A scene whose recovery text is about 20 KB (long notes).
fn large_scene() -> String {
    let notes = "A long note. ".repeat(1500);
    GOOD.replace(
        "    title: \"Good\",",
        &format!("    title: \"Good\",\n    notes: \"{notes}\","),
    )
}

/// Issue 39, item 5: when the scene first has unsaved edits, the check writes what a recovery
/// would write, so a folder with room for an empty file but not for the edits (here: files
/// limited to 4 KB, as a nearly full disk) is said in the banner at once (before, the check's
/// empty file fitted, no banner showed, and a kill then lost the edits).
#[test]
fn a_folder_too_full_for_the_edits_is_said_when_they_are_first_made() {
    let dir = fresh_dir("recovery-full");
    let file = dir.join("lecture.ron");
    std::fs::write(&file, large_scene()).expect("write");
    as_child(
        "in_a_child_edits_with_no_room_to_keep_them",
        &[("NPL_FILE", file.as_os_str())],
        Some(4096),
    );
    // Nothing is left beside the scene by the check.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left, [std::ffi::OsString::from("lecture.ron")]);
}

/// The half of [`a_folder_too_full_for_the_edits_is_said_when_they_are_first_made`] that
/// runs in the child (does nothing otherwise).
#[test]
fn in_a_child_edits_with_no_room_to_keep_them() {
    let Some(file) = std::env::var_os("NPL_CHILD").and(std::env::var_os("NPL_FILE")) else {
        return;
    };
    let mut app = App::new(&AppFlags {
        path: Some(PathBuf::from(file)),
        ..AppFlags::default()
    })
    .expect("opens");
    assert!(app.dialogs.banner.is_none(), "{:?}", app.dialogs.banner);
    app.apply(Command::TranslateB(glam::Vec2::new(0.5, 0.0)), 0.0);
    app.files(0.0, |f| f.keep_for_recovery());
    let banner = app.dialogs.banner.clone().expect("the banner says so");
    assert!(banner.text.contains("File too large"), "{banner:?}");
    assert!(
        banner.error && banner.text.contains("cannot be kept for recovery"),
        "{banner:?}"
    );
    // A kill now would say the edits are lost, not that they were kept.
    let written = recovery::write_now().expect("edits to write");
    assert!(written.is_err(), "{written:?}");
}

/// Issue 39, item 5: two instances editing one scene file keep a recovery file each (before,
/// both said "kept in .NAME.recover", which held only the last one's edits); the next start
/// offers the newest, and once that is answered, the next start offers the other.
#[test]
fn two_instances_on_one_file_keep_a_recovery_file_each() {
    let dir = fresh_dir("recovery-two");
    let file = dir.join("lecture.ron");
    std::fs::write(&file, GOOD).expect("write");
    for x in ["0.5", "1.5"] {
        as_child(
            "in_a_child_an_instance_keeps_its_edits",
            &[
                ("NPL_FILE", file.as_os_str()),
                ("NPL_X", std::ffi::OsStr::new(x)),
            ],
            None,
        );
        // Modification times a second apart, so that "newest" is well defined.
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    let kept: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".recover"))
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    let open = || {
        App::new(&AppFlags {
            path: Some(file.clone()),
            ..AppFlags::default()
        })
        .expect("opens")
    };
    let mut offered = Vec::new();
    for _ in 0..2 {
        let mut app = open();
        let Some((path, scene)) = app.dialogs.recover.clone() else {
            panic!("nothing offered: {:?}", app.dialogs.banner);
        };
        offered.push((path, scene.b.position.x));
        app.apply(Command::Recover(false), 0.0);
    }
    assert_eq!(offered[0].1, 1.5, "the newest first");
    assert_eq!(offered[1].1, 0.5);
    assert_ne!(offered[0].0, offered[1].0);
    assert!(open().dialogs.recover.is_none(), "both answered");
}

/// The half of [`two_instances_on_one_file_keep_a_recovery_file_each`] that runs in the child:
/// opens the file, moves B to `NPL_X` and writes its recovery file as a kill would.
#[test]
fn in_a_child_an_instance_keeps_its_edits() {
    let Some(file) = std::env::var_os("NPL_CHILD").and(std::env::var_os("NPL_FILE")) else {
        return;
    };
    let x: f32 = std::env::var("NPL_X").expect("NPL_X").parse().expect("x");
    let mut app = App::new(&AppFlags {
        path: Some(PathBuf::from(file)),
        ..AppFlags::default()
    })
    .expect("opens");
    // The other instance's edits (offered when it ran first) stay for a later start.
    app.dialogs.recover = None;
    app.apply(Command::TranslateB(glam::Vec2::new(x, 0.0)), 0.0);
    app.files(0.0, |f| f.keep_for_recovery());
    assert!(
        app.dialogs.banner.as_ref().is_none_or(|b| !b.error),
        "{:?}",
        app.dialogs.banner
    );
    let written = recovery::write_now().expect("edits to write");
    let path = written.expect("written");
    assert_eq!(path, app.files(0.0, |f| f.recovery_path()));
}

/// Issue 39, item 7: `look.txt` in a state folder that is refused (another user's, or a link to
/// a folder) is not read: that user cannot choose our theme (before, it was read silently).
#[test]
fn the_look_is_not_read_from_a_refused_state_folder() {
    let base = fresh_dir("look-refused");
    let state = base.join("state");
    let folder = state.join("narrowphase-lab");
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::write(folder.join("look.txt"), "theme = light\npalette = cvd\n").expect("write");
    std::os::unix::fs::chown(&folder, Some(65534), Some(65534)).expect("chown");
    as_child(
        "in_a_child_the_look_is_not_read",
        &[("XDG_STATE_HOME", state.as_os_str())],
        None,
    );
    // A link to a folder with a look in it.
    let linked = base.join("linked");
    let theirs = base.join("theirs");
    std::fs::create_dir_all(linked.join("x")).expect("folder");
    std::fs::create_dir_all(&theirs).expect("folder");
    std::fs::write(theirs.join("look.txt"), "theme = light\n").expect("write");
    symlink(&theirs, linked.join("narrowphase-lab")).expect("link");
    as_child(
        "in_a_child_the_look_is_not_read",
        &[("XDG_STATE_HOME", linked.as_os_str())],
        None,
    );
    // Our own folder is read.
    let own = base.join("own");
    std::fs::create_dir_all(own.join("narrowphase-lab")).expect("folder");
    std::fs::write(own.join("narrowphase-lab/look.txt"), "theme = light\n").expect("write");
    as_child(
        "in_a_child_the_look_is_read",
        &[("XDG_STATE_HOME", own.as_os_str())],
        None,
    );
}

/// A half of [`the_look_is_not_read_from_a_refused_state_folder`] (does nothing unless run as
/// its child).
#[test]
fn in_a_child_the_look_is_not_read() {
    if std::env::var_os("NPL_CHILD").is_none() {
        return;
    }
    assert_eq!(narrowphase_lab::app::settings::load(), None);
}

/// A half of [`the_look_is_not_read_from_a_refused_state_folder`] (does nothing unless run as
/// its child).
#[test]
fn in_a_child_the_look_is_read() {
    if std::env::var_os("NPL_CHILD").is_none() {
        return;
    }
    let look = narrowphase_lab::app::settings::load().expect("read");
    assert_eq!(look.theme.name(), "light");
}
