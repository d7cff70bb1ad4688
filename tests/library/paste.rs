//! What an engine programmer pastes (DESIGN.md, "Scene file", the last paragraph): `report`'s own
//! JSON, which carries its `"scene"`, and a pair in an engine's terms (boxes by half-extents,
//! angles in radians or as (cos, sin), numbers as decimals or hex floats), read by the one
//! loader, `scene::parse`, whatever the file is called.

use glam::Vec2;
use narrowphase_lab::report::report;
use narrowphase_lab::scene::engine::parse_f32;
use narrowphase_lab::scene::{PairTraces, load, parse};
use serde_json::{Value, json};

fn report_text(text: &str, file: &str) -> Value {
    let loaded = parse(text, file).unwrap_or_else(|e| panic!("{file}: {e}"));
    report(&loaded.scene, &PairTraces::compute(&loaded.pair))
}

/// ulps between two f32s of the same sign.
fn ulps(a: f32, b: f32) -> u32 {
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
}

#[test]
fn report_json_pasted_back_gives_the_same_report_for_every_scene() {
    let mut files: Vec<_> = std::fs::read_dir("scenes")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 20);
    for f in &files {
        let loaded = load(f).unwrap();
        let first = report(&loaded.scene, &PairTraces::compute(&loaded.pair));
        let text = serde_json::to_string_pretty(&first).unwrap();
        let again = parse(&text, "pasted.json").unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!(again.scene, loaded.scene, "{f:?}: the same scene");
        assert_eq!(again.pair, loaded.pair, "{f:?}: the same pair");
        let second = report(&again.scene, &PairTraces::compute(&again.pair));
        assert_eq!(second, first, "{f:?}: the same numbers");
    }
}

/// A Box2D pair as its programmer has it: `b2MakeBox(4, 0.5)` at (0, -0.5) and
/// `b2MakeBox(0.5, 0.25)` at (0.3, 0.2) turned by 0.3 radians.
fn box2d_pair(angle: Value) -> Value {
    json!({
        "engine": "box2d",
        "a": { "box": { "half_extents": [4.0, 0.5] }, "position": [0.0, -0.5] },
        "b": { "box": { "half_extents": [0.5, 0.25] }, "position": [0.3, 0.2], "angle": angle },
    })
}

const RON_PAIR: &str = "Scene(title: \"A pair from box2d\",
    a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)),
    b: Body(shape: Box(width: 1.0, height: 0.5), position: (0.3, 0.2), ANGLE),
)";

#[test]
fn box2d_pair_by_half_extents_and_radians_opens_the_same_pair_as_the_ron() {
    let rad = 0.3_f32;
    let pasted = parse(&box2d_pair(json!(rad)).to_string(), "pair.txt").unwrap();
    // The rotation is f32's own cos and sin of the angle (as parry's `Rotation::new` and our
    // `Transform::new` compute it), bit for bit.
    let (s, c) = rad.sin_cos();
    assert_eq!(pasted.pair.xf_b.q.c.to_bits(), c.to_bits());
    assert_eq!(pasted.pair.xf_b.q.s.to_bits(), s.to_bits());
    // Half-extents exactly: the box's corners are ±(0.5, 0.25).
    let corners = pasted.pair.b.vertices();
    assert!(corners.contains(&Vec2::new(0.5, 0.25)) && corners.contains(&Vec2::new(-0.5, -0.25)));

    // The RON that says the same with `rotation`: the same report to the last bit.
    let deg = pasted.scene.b.angle_deg;
    let exact = RON_PAIR.replace(
        "ANGLE",
        &format!("angle_deg: {deg:?}, rotation: ({c:?}, {s:?})"),
    );
    let pasted_report = report(&pasted.scene, &PairTraces::compute(&pasted.pair));
    let mut ron_report = report_text(&exact, "pair.ron");
    assert_eq!(ron_report["scene"], pasted_report["scene"]);
    ron_report["title"] = pasted_report["title"].clone();
    assert_eq!(ron_report, pasted_report);

    // The RON a person writes, degrees only: the rotation within 2 ulps here (and within two
    // roundings of a unit for every angle, below), and every number of the report within a
    // few roundings of the pair's size.
    let by_degrees = RON_PAIR.replace("ANGLE", &format!("angle_deg: {:?}", rad.to_degrees()));
    let loaded = parse(&by_degrees, "deg.ron").unwrap();
    let q = loaded.pair.xf_b.q;
    let worst = ulps(q.c, c).max(ulps(q.s, s));
    assert!(worst <= 2, "the rotation by degrees is {worst} ulps off");
    let r = report(&loaded.scene, &PairTraces::compute(&loaded.pair));
    let f = |v: &Value| v.as_f64().unwrap() as f32;
    assert!((f(&r["separation"]) - f(&pasted_report["separation"])).abs() < 1e-6);
    for (p, q) in r["points"]
        .as_array()
        .unwrap()
        .iter()
        .zip(pasted_report["points"].as_array().unwrap())
    {
        for k in 0..2 {
            assert!((f(&p["position"][k]) - f(&q["position"][k])).abs() < 1e-6);
        }
        assert_eq!(p["id"], q["id"]);
    }
}

#[test]
fn rotation_as_cos_sin_and_hex_floats_are_kept_exactly() {
    // A rotation as an engine holds it, kept as given (degrees would round it).
    let (c, s) = (0.8_f32, 0.6_f32);
    let text = json!({
        "engine": "parry",
        "a": { "cuboid": { "half_extents": ["0x1p+2", "0x1p-1"] } },
        "b": { "ball": { "radius": "0x1.8p-1" }, "position": ["0x1.333334p-2", "1.25"],
               "rotation": [c, s] },
    })
    .to_string();
    let loaded = parse(&text, "parry.json").unwrap();
    assert_eq!(loaded.pair.xf_b.q.c.to_bits(), c.to_bits());
    assert_eq!(loaded.pair.xf_b.q.s.to_bits(), s.to_bits());
    assert_eq!(loaded.pair.b.radius(), 0.75);
    assert_eq!(loaded.pair.xf_b.p, Vec2::new(0.3_f32, 1.25));
    assert!(loaded.pair.a.vertices().contains(&Vec2::new(4.0, 0.5)));
    // Saved as RON and read back, the same pair.
    let ron = narrowphase_lab::scene::to_ron(&loaded.scene).unwrap();
    assert_eq!(parse(&ron, "parry.ron").unwrap().pair, loaded.pair);
    // Hex floats: exact or refused.
    assert_eq!(parse_f32("0x1.8p-1"), Ok(0.75));
    assert_eq!(parse_f32("-0x1p+3"), Ok(-8.0));
    assert_eq!(parse_f32("0x1.fffffep+127"), Ok(f32::MAX));
    assert!(parse_f32("0x1.0000001p0").is_err(), "more bits than an f32");
    assert!(parse_f32("0x1p-1100").is_err());
}

#[test]
fn degrees_hold_a_radian_rotation_to_within_two_roundings() {
    // Why a pasted angle is kept as (cos, sin): radians → f32 degrees → rotation is off by up
    // to about two roundings of a unit (measured over 20001 angles), not bit for bit.
    let (mut worst, mut exact) = (0.0_f32, 0);
    for k in -10000..=10000 {
        let rad = k as f32 * std::f32::consts::PI / 10000.0;
        let (s, c) = rad.sin_cos();
        let q = narrowphase_lab::geom::Rot::from_degrees(rad.to_degrees());
        let off = (q.c - c).abs().max((q.s - s).abs());
        worst = worst.max(off);
        exact += usize::from(off == 0.0);
    }
    println!(
        "worst {:e} = {} epsilon; {exact} of 20001 exact",
        worst,
        worst / f32::EPSILON
    );
    assert!(worst <= 2.0 * f32::EPSILON, "worst {worst:e}");
    assert!(exact < 20001, "degrees would have been enough");
}

#[test]
fn a_capsule_along_y_turns_exactly_a_quarter_more() {
    let text = json!({
        "engine": "box2d",
        "a": { "box": { "half_extents": [2.0, 0.5] } },
        "b": { "capsule": { "center1": [0.0, -0.5], "center2": [0.0, 0.5], "radius": 0.25 },
               "position": [0.0, 1.5] },
    })
    .to_string();
    let loaded = parse(&text, "cap.json").unwrap();
    let xf = loaded.pair.xf_b;
    // The capsule's ends, placed, are exactly the engine's centres.
    let ends: Vec<Vec2> = loaded
        .pair
        .b
        .vertices()
        .iter()
        .map(|v| xf.apply(*v))
        .collect();
    assert!(
        ends.contains(&Vec2::new(0.0, 1.0)) && ends.contains(&Vec2::new(0.0, 2.0)),
        "{ends:?}"
    );
}

#[test]
fn engine_form_errors_name_the_field() {
    let cases = [
        (
            json!({"engine": "box2d", "a": {"box": {"half_extent": [1, 1]}}, "b": {"ball": {"radius": 1}}}),
            "a.box.half_extent: unknown field",
        ),
        (
            json!({"engine": "box2d", "a": {"box": {"half_extents": [1, "x"]}}, "b": {"ball": {"radius": 1}}}),
            "a.box.half_extents.y: not a number",
        ),
        (
            json!({"engine": "box2d", "a": {"box": {"half_extents": [1, 1]}, "angle": 1, "rotation": [1, 0]}, "b": {"ball": {"radius": 1}}}),
            "a.rotation: give `angle`",
        ),
        (
            json!({"engine": "box2d", "a": {"box": {"half_extents": [1, 1]}}, "b": {"ball": {"radius": 1}, "rotation": [2, 0]}}),
            "b.rotation: must be (cos, sin)",
        ),
        (
            json!({"engine": "box2d", "a": {"box": {"half_extents": [1, 1]}}, "b": {}}),
            "b: needs exactly one shape",
        ),
        (
            json!({"engine": "box2d", "a": {"box": {"half_extents": [1, 1]}}, "b": {"ball": {"radius": 1}}, "expected": {"points": [[1, 2]]}}),
            "expected.points[0]: must be [x, y, separation]",
        ),
    ];
    for (v, want) in cases {
        let e = parse(&v.to_string(), "e.json").unwrap_err().to_string();
        assert!(e.contains(want), "{e}\nwanted: {want}");
        assert!(e.starts_with("e.json"), "{e}");
    }
    let e = parse("{\"engine\": \"box2d\",\n \"a\": }", "e.json")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("e.json:2:"), "{e}");
}

#[test]
fn an_engine_pair_carries_its_expected_answer_into_the_report() {
    let mut v = box2d_pair(json!(0.0));
    v["expected"] = json!({ "normal": [0, 1], "separation": "-0x1.99999ap-4", "ids": ["0x1"] });
    let r = report_text(&v.to_string(), "pair.json");
    let d = &r["expected_diff"];
    assert_eq!(d["separation"]["expected"].as_f64().unwrap() as f32, -0.1);
    assert_eq!(d["ids"]["expected"][0], 1);
}
