//! The presenter's view (`--presenter-window`, issue 44) without its window: the cue the app
//! sends at each stop and scene (the caption, what Next shows, the notes, the wait), the view's
//! panel drawing it, and the lecturer's keys and buttons, carried out by the app as PageDown,
//! PageUp and a dot are. The pipes between the two processes are tested in a real window
//! (`tests/window_browser/tour_window.rs`).

use narrowphase_lab::app::run::presenter::cue;
use narrowphase_lab::app::tour::presenter::{Cue, Reply, view};
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;

const TOUR: &str = r#"Scene(
    title: "Box and ball",
    a: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 0.5), position: (3.0, 0.0)),
    presenter: "Ask who has met SAT before.",
    tour: [
        Stop(caption: "Two shapes, apart."),
        Stop(caption: "GJK on the same pair.", mode: Gjk, step: 2),
        Stop(caption: "Drag B to go on.", wait: Drag(B)),
    ],
)
"#;

const PLAIN: &str = r#"Scene(
    title: "Two circles",
    a: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 1.0), position: (1.5, 0.0)),
)
"#;

/// The app on a lecture of the tour scene, then a plain one, then the tour scene again.
fn lecture(dir: &std::path::Path) -> App {
    std::fs::write(dir.join("01_tour.ron"), TOUR).unwrap();
    std::fs::write(dir.join("02_plain.ron"), PLAIN).unwrap();
    std::fs::write(
        dir.join("03_again.ron"),
        TOUR.replace("Box and ball", "Once more"),
    )
    .unwrap();
    let flags = AppFlags {
        path: Some(dir.to_path_buf()),
        presenter_window: true,
        ..AppFlags::default()
    };
    App::new(&flags).expect("the lecture opens")
}

/// The lecturer's reply carried out as the app carries it out from the pipe.
fn reply(app: &mut App, r: Reply, now: f64) {
    app.apply(r.command().expect("a lecturer's reply"), now);
}

#[test]
fn the_cue_follows_the_stops_and_scenes_and_next_names_what_comes() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lecture(dir.path());
    let c = cue(&app);
    assert_eq!(c.title, "Box and ball");
    assert_eq!(c.scene, (1, 3));
    assert_eq!(c.stop, Some((0, 3)));
    assert_eq!(c.caption, "Two shapes, apart.");
    assert_eq!(c.next.as_deref(), Some("GJK on the same pair."));
    assert_eq!(c.notes, "Ask who has met SAT before.");
    assert_eq!(c.waiting, None);
    // The class's window shows no notes: they are the view's.
    assert!(!app.session.tour.presenter);

    reply(&mut app, Reply::Next, 1.0);
    assert_eq!(app.session.tour.stop, Some(1));
    assert_eq!(app.session.mode, narrowphase_lab::scene::Mode::Gjk);
    assert_eq!(cue(&app).caption, "GJK on the same pair.");

    reply(&mut app, Reply::Stop(2), 2.0);
    let c = cue(&app);
    assert_eq!(c.stop, Some((2, 3)));
    assert_eq!(c.waiting.as_deref(), Some("drag B to go on"));
    // After the last stop, Next names the next scene.
    assert_eq!(c.next.as_deref(), Some("the next scene: Two circles"));

    reply(&mut app, Reply::Next, 3.0);
    assert_eq!(
        app.session.index, 1,
        "Next after the last stop: the next scene"
    );
    let c = cue(&app);
    assert_eq!((c.stop, c.scene), (None, (2, 3)));
    assert_eq!(c.caption, "Two circles");
    assert_eq!(c.notes, "");
    assert_eq!(c.next.as_deref(), Some("the next scene: Once more"));

    reply(&mut app, Reply::Previous, 4.0);
    assert_eq!(app.session.index, 0, "Previous on a scene without a tour");
    // A scene is entered at its first stop, whichever way.
    assert_eq!(cue(&app).stop, Some((0, 3)));
    reply(&mut app, Reply::Stop(2), 5.0);
    reply(&mut app, Reply::Next, 5.5);
    reply(&mut app, Reply::Next, 6.0);
    let c = cue(&app);
    assert_eq!((c.title.as_str(), c.stop), ("Once more", Some((0, 3))));
    reply(&mut app, Reply::Stop(2), 7.0);
    assert_eq!(cue(&app).next, None, "the last stop of the last scene");
    assert_eq!(Reply::Shown(4).command(), None);
}

/// Every text a frame of the view draws, and the lecturer's replies in it.
fn frame(ctx: &egui::Context, cue: &Cue, seconds: f64, input: egui::RawInput) -> Vec<String> {
    let mut replies = Vec::new();
    let out = ctx.run(input, |ctx| view(ctx, cue, seconds, &mut replies));
    let mut texts: Vec<String> = replies.iter().map(|r| format!("reply:{r:?}")).collect();
    texts.extend(
        crate::common::drawn_texts(&out.shapes)
            .into_iter()
            .map(|(t, _)| t),
    );
    texts
}

/// A key pressed in a frame of the view.
fn pressed(key: egui::Key) -> egui::RawInput {
    let mut input = screen_input(900.0, 620.0);
    input.events.push(egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    });
    input
}

#[test]
fn the_view_draws_the_cue_and_reads_the_lecturers_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lecture(dir.path());
    reply(&mut app, Reply::Stop(2), 1.0);
    let c = cue(&app);
    let ctx = new_context();
    let texts = frame(&ctx, &c, 65.4, screen_input(900.0, 620.0));
    for words in [
        "Drag B to go on.",
        "the next scene: Two circles",
        "Ask who has met SAT before.",
        "the class must drag B to go on",
        "stop 3 of 3",
        "1:05",
        "Box and ball · scene 1 of 3",
    ] {
        assert!(
            texts.iter().any(|t| t == words),
            "the view does not show {words:?}: {texts:?}"
        );
    }
    let plain = Cue {
        title: "Two circles".into(),
        scene: (2, 3),
        caption: "Two circles".into(),
        ..Cue::default()
    };
    let texts = frame(&ctx, &plain, 0.0, screen_input(900.0, 620.0));
    for words in [
        "no tour in this scene",
        "(this scene has no presenter notes)",
        "the end of the lecture",
    ] {
        assert!(texts.iter().any(|t| t == words), "{words:?}: {texts:?}");
    }
    use egui::Key::*;
    for (key, want) in [
        (N, "reply:Next"),
        (PageDown, "reply:Next"),
        (ArrowRight, "reply:Next"),
        (Space, "reply:Next"),
        (P, "reply:Previous"),
        (PageUp, "reply:Previous"),
        (ArrowLeft, "reply:Previous"),
    ] {
        let texts = frame(&ctx, &c, 1.0, pressed(key));
        assert_eq!(texts[0], want, "{key:?}");
        assert!(!texts[1].starts_with("reply:"), "one reply for one key");
    }
    let texts = frame(&ctx, &c, 1.0, pressed(Q));
    assert!(!texts.iter().any(|t| t.starts_with("reply:")));
}
