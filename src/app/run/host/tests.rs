//! The host page's voice, without a window: commands read and refused, events told.
use super::*;
use crate::app::link::host_origin;

fn figure() -> Figure {
    Figure {
        poses: [
            Pose {
                position: Vec2::new(0.0, -0.25),
                angle_deg: 0.0,
            },
            Pose {
                position: Vec2::new(0.3, 0.24),
                angle_deg: 10.0,
            },
        ],
        playing: None,
    }
}

/// The page's envelope around `data`, from the figure's own origin.
fn own(data: Value) -> String {
    json!({"origin": "http://127.0.0.1:8000", "own": true, "data": data}).to_string()
}

fn take(data: Value) -> Result<Vec<Command>, String> {
    receive(&own(data), &Locks::default(), &figure())
}

#[test]
fn each_command_becomes_the_apps_own() {
    assert_eq!(
        take(json!({"narrowphase": "mode", "mode": "gjk"})),
        Ok(vec![Command::SetMode(ModeKind::Gjk)])
    );
    for m in ModeKind::ALL {
        assert_eq!(
            take(json!({"narrowphase": "mode", "mode": m.name()})),
            Ok(vec![Command::SetMode(m)])
        );
    }
    assert_eq!(
        take(json!({"narrowphase": "step", "step": 3})),
        Ok(vec![Command::Step(StepTo::At(3))])
    );
    assert_eq!(
        take(json!({"narrowphase": "stop", "stop": 2})),
        Ok(vec![Command::Tour(crate::app::command::TourTo::At(2))])
    );
    assert_eq!(
        take(json!({"narrowphase": "reset"})),
        Ok(vec![Command::Reset])
    );
    // A pose is one undoable change, as a drag is; a missing field keeps the body's own.
    let pose = |position: Vec2, angle_deg: f32| {
        Ok(vec![
            Command::BeginGesture,
            Command::SetPose(
                Which::B,
                Pose {
                    position,
                    angle_deg,
                },
            ),
            Command::EndGesture,
        ])
    };
    assert_eq!(
        take(json!({"narrowphase": "pose", "body": "b", "position": [1.5, -2.0], "angle_deg": 30})),
        pose(Vec2::new(1.5, -2.0), 30.0)
    );
    assert_eq!(
        take(json!({"narrowphase": "pose", "body": "B", "angle_deg": -45.5})),
        pose(Vec2::new(0.3, 0.24), -45.5)
    );
    assert_eq!(
        take(json!({"narrowphase": "pose", "body": "b", "position": [1e6, -1e6]})),
        pose(Vec2::new(1e6, -1e6), 10.0)
    );
    // As JSON text too; and messages that are not ours pass by.
    assert_eq!(
        take(json!("{\"narrowphase\": \"step\", \"step\": 0}")),
        Ok(vec![Command::Step(StepTo::At(0))])
    );
    assert_eq!(take(json!({"type": "resize", "height": 30})), Ok(vec![]));
    assert_eq!(take(json!("hello")), Ok(vec![]));
    assert_eq!(take(json!(null)), Ok(vec![]));
}

#[test]
fn play_and_pause_ask_for_what_the_mode_is_not_doing() {
    let locks = Locks::default();
    let with = |playing| Figure {
        playing,
        ..figure()
    };
    let play = HostCommand::Play;
    let pause = HostCommand::Pause;
    let c = |cmd: &HostCommand, f: Figure| commands(cmd.clone(), &locks, &f);
    assert_eq!(c(&play, with(Some(false))), Ok(vec![Command::PlayPause]));
    assert_eq!(c(&play, with(Some(true))), Ok(vec![]), "already playing");
    assert_eq!(c(&pause, with(Some(true))), Ok(vec![Command::PlayPause]));
    assert_eq!(c(&pause, with(Some(false))), Ok(vec![]), "already paused");
    let e = c(&play, with(None)).unwrap_err();
    assert!(e.contains("does not play"), "{e}");
}

#[test]
fn bad_messages_are_refused_naming_the_field() {
    for (data, words) in [
        (
            json!({"narrowphase": "teleport"}),
            "\"teleport\" is not a command",
        ),
        (json!({"narrowphase": 3}), "command name"),
        (json!({"narrowphase": "mode", "mode": "fast"}), "\"fast\""),
        (json!({"narrowphase": "mode"}), "missing"),
        (json!({"narrowphase": "step", "step": -1}), "-1"),
        (json!({"narrowphase": "step", "step": 2.5}), "2.5"),
        (json!({"narrowphase": "step", "step": "3"}), "\"3\""),
        (json!({"narrowphase": "step", "step": 1e300}), "step"),
        (json!({"narrowphase": "stop"}), "stop"),
        (
            json!({"narrowphase": "pose", "body": "c", "position": [0, 0]}),
            "\"c\"",
        ),
        (json!({"narrowphase": "pose", "position": [0, 0]}), "body"),
        (json!({"narrowphase": "pose", "body": "b"}), "neither"),
        (
            json!({"narrowphase": "pose", "body": "b", "position": [null, 0]}),
            "position",
        ),
        (
            json!({"narrowphase": "pose", "body": "b", "position": [1e7, 0]}),
            "position",
        ),
        (
            json!({"narrowphase": "pose", "body": "b", "position": [1, 2, 3]}),
            "position",
        ),
        (
            json!({"narrowphase": "pose", "body": "b", "position": "1,2"}),
            "position",
        ),
        (
            json!({"narrowphase": "pose", "body": "b", "angle_deg": 1e300}),
            "angle_deg",
        ),
        (
            json!({"narrowphase": "pose", "body": "b", "angle_deg": "30"}),
            "angle_deg",
        ),
    ] {
        let e = take(data.clone()).unwrap_err();
        assert!(e.contains(words), "{data}: {e}");
    }
    // A long value is echoed cut short.
    let e = take(json!({"narrowphase": "x".repeat(5000)})).unwrap_err();
    assert!(e.len() < 200, "{e}");
    let e = receive(
        &"x".repeat(MAX_MESSAGE_BYTES + 1),
        &Locks::default(),
        &figure(),
    );
    assert!(e.unwrap_err().contains("bytes"));
    assert!(receive("{", &Locks::default(), &figure()).is_err());
}

#[test]
fn the_locks_and_the_origin_rule_hold() {
    let locks = parse_locks("?embed=1&lock=b&modes=sat,gjk");
    let data = json!({"narrowphase": "pose", "body": "b", "position": [1, 1]});
    let e = receive(&own(data), &locks, &figure()).unwrap_err();
    assert!(e.contains("locked") && e.contains("&lock="), "{e}");
    let a = json!({"narrowphase": "pose", "body": "a", "position": [1, 1]});
    assert_eq!(receive(&own(a), &locks, &figure()).map(|c| c.len()), Ok(3));
    let e = receive(
        &own(json!({"narrowphase": "mode", "mode": "manifold"})),
        &locks,
        &figure(),
    )
    .unwrap_err();
    assert!(e.contains("&modes="), "{e}");
    // Another origin: refused by default, taken when the link names it or says `*`.
    let step = json!({"narrowphase": "step", "step": 1});
    let foreign = json!({"origin": "https://evil.example", "own": false, "data": step}).to_string();
    let e = receive(&foreign, &Locks::default(), &figure()).unwrap_err();
    assert!(
        e.contains("https://evil.example") && e.contains("&host="),
        "{e}"
    );
    for link in ["?embed=1&host=*", "?embed=1&host=https://evil.example"] {
        assert_eq!(
            receive(&foreign, &parse_locks(link), &figure()),
            Ok(vec![Command::Step(StepTo::At(1))]),
            "{link}"
        );
    }
    let other = parse_locks("?embed=1&host=https://course.example");
    assert!(receive(&foreign, &other, &figure()).is_err());
    // Another origin's messages that are not ours are not warned about.
    let theirs = json!({"origin": "https://ads.example", "own": false, "data": {"x": 1}});
    assert_eq!(
        receive(&theirs.to_string(), &Locks::default(), &figure()),
        Ok(vec![])
    );
}

fn parse_locks(query: &str) -> Locks {
    crate::app::locks::parse(query, "").expect("locks")
}

fn seen(mode: ModeKind, step: usize, b: Vec2) -> Seen<'static> {
    let f = figure();
    Seen {
        mode,
        step,
        poses: [
            f.poses[0],
            Pose {
                position: b,
                angle_deg: 10.0,
            },
        ],
        answered: None,
        stop: None,
    }
}

fn events(v: &[String]) -> Vec<Value> {
    v.iter().map(|e| serde_json::from_str(e).unwrap()).collect()
}

#[test]
fn steps_are_told_at_once_and_poses_at_most_every_gap_the_last_always() {
    let mut voice = Voice::default();
    let b0 = Vec2::new(0.3, 0.24);
    // Ready: the mode and step, and no pose (the figure opened with it).
    let e = events(&voice.observe(&seen(ModeKind::Sat, 0, b0), 1.0));
    assert_eq!(
        e,
        [json!({"narrowphase": "step", "mode": "sat", "step": 0})]
    );
    assert!(voice.observe(&seen(ModeKind::Sat, 0, b0), 1.1).is_empty());
    let e = events(&voice.observe(&seen(ModeKind::Gjk, 2, b0), 1.3));
    assert_eq!(
        e,
        [json!({"narrowphase": "step", "mode": "gjk", "step": 2})]
    );
    // A drag of B, a frame every 1/60 s for a second, B moving 0.01 a frame: an event at
    // most every EVENT_GAP, each with the pose of its frame, and the last pose told.
    let mut told = Vec::new();
    let mut t = 2.0;
    let mut b = b0;
    for _ in 0..60 {
        t += 1.0 / 60.0;
        b.x += 0.01;
        for e in events(&voice.observe(&seen(ModeKind::Gjk, 2, b), t)) {
            assert_eq!(e["body"], "b");
            assert_eq!(e["position"][0].as_f64().unwrap(), short(b.x), "{e}");
            assert_eq!(e["angle_deg"], 10.0);
            told.push(t);
        }
    }
    assert!(
        (4..=6).contains(&told.len()),
        "a second's drag: {} pose events",
        told.len()
    );
    for w in told.windows(2) {
        assert!(w[1] - w[0] >= EVENT_GAP, "{told:?}");
    }
    // The drag stopped between two events: the last pose waits, then is told.
    let last_told = *told.last().unwrap();
    if last_told < t {
        assert!(voice.waiting(), "the last pose waits for its gap");
        let e = events(&voice.observe(&seen(ModeKind::Gjk, 2, b), last_told + EVENT_GAP));
        assert_eq!(e.len(), 1);
        assert_eq!(e[0]["position"][0].as_f64().unwrap(), short(b.x));
    }
    assert!(
        voice
            .observe(&seen(ModeKind::Gjk, 2, b), t + 5.0)
            .is_empty()
    );
    assert!(!voice.waiting());
}

#[test]
fn each_stop_reached_is_told_once() {
    let mut voice = Voice::default();
    let mut s = seen(ModeKind::Sat, 0, Vec2::ZERO);
    s.stop = Some((0, 3));
    let e = events(&voice.observe(&s, 0.0));
    assert!(
        e.contains(&json!({"narrowphase": "stop", "stop": 0, "of": 3})),
        "{e:?}"
    );
    assert!(voice.observe(&s, 0.05).is_empty());
    s.stop = Some((2, 3));
    let e = events(&voice.observe(&s, 0.1));
    assert_eq!(e, [json!({"narrowphase": "stop", "stop": 2, "of": 3})]);
}

#[test]
fn answers_are_told_once_each() {
    let mut voice = Voice::default();
    let mut s = seen(ModeKind::Sat, 0, Vec2::ZERO);
    voice.observe(&s, 0.0);
    let a = Answered {
        serial: 1,
        scene: "01_resting_box".into(),
        question: 0,
        kind: crate::scene::AskKind::ReferenceFace,
        pick: Pick::Face(Some((Which::A, 2))),
        right: false,
    };
    s.answered = Some(&a);
    let e = events(&voice.observe(&s, 1.0));
    assert_eq!(
        e,
        [
            json!({"narrowphase": "answer", "scene": "01_resting_box", "question": 0,
            "kind": "ReferenceFace", "answer": {"body": "a", "edge": 2}, "right": false})
        ]
    );
    assert!(voice.observe(&s, 2.0).is_empty(), "told once");
    assert_eq!(pick_json(&Pick::Yes(true)), json!(true));
    assert_eq!(pick_json(&Pick::Axis(None)), Value::Null);
    assert_eq!(
        pick_json(&Pick::Survivors(vec![true, false])),
        json!([true, false])
    );
    assert_eq!(
        serde_json::from_str::<Value>(&stop_event(2, 5)).unwrap(),
        json!({"narrowphase": "stop", "stop": 2, "of": 5})
    );
    assert_eq!(
        serde_json::from_str::<Value>(&pose_event(
            Which::A,
            Pose {
                position: Vec2::new(0.3, -1e-7),
                angle_deg: 12.5
            }
        ))
        .unwrap(),
        json!({"narrowphase": "pose", "body": "a", "position": [0.3, -1e-7], "angle_deg": 12.5})
    );
}

#[test]
fn host_takes_star_or_an_origin_and_refuses_the_rest_by_name() {
    let host = |v: &str| host_origin(v);
    assert_eq!(host("*"), Ok(HostOrigin::Any));
    assert_eq!(HostOrigin::default(), HostOrigin::Own, "the default");
    for (given, origin) in [
        ("https://example.org", "https://example.org"),
        ("HTTPS://Example.ORG/", "https://example.org"),
        ("https://example.org:443", "https://example.org"),
        ("http://localhost:8000", "http://localhost:8000"),
        (
            "https%3A%2F%2Fcourse.example.edu",
            "https://course.example.edu",
        ),
        ("http://[::1]:8080", "http://[::1]:8080"),
    ] {
        assert_eq!(host(given), Ok(HostOrigin::Only(origin.into())), "{given}");
    }
    for bad in [
        "example.org",
        "ftp://example.org",
        "https://example.org/course",
        "https://user@example.org",
        "https://example.org:0",
        "https://example.org:99999",
        "https://",
        "javascript:alert(1)",
        "https://exa mple.org",
    ] {
        let e = host(bad).unwrap_err();
        assert!(
            e.contains("the link's host") && e.contains("origin"),
            "{bad}: {e}"
        );
    }
    let o = HostOrigin::Only("https://example.org".into());
    assert!(o.accepts("https://example.org", false));
    assert!(!o.accepts("https://example.org.evil.net", false));
    assert!(!o.accepts("http://example.org", false));
    assert!(HostOrigin::Own.accepts("http://127.0.0.1:9", true));
    assert!(!HostOrigin::Own.accepts("http://localhost:9", false));
    assert!(HostOrigin::Any.accepts("null", false));
    assert_eq!(
        (
            HostOrigin::Own.target(),
            HostOrigin::Any.target(),
            o.target()
        ),
        ("/", "*", "https://example.org")
    );
}
