//! Compound bodies: the star on the floor worked out by hand, a compound against a single shape
//! equal to the union of its parts' results, and bad compounds refused with the field named.

use crate::common::Rng;
use glam::Vec2;
use narrowphase_lab::geom::{
    ManifoldOptions, NoTrace, PlacedPart, Shape, Transform, collide, collide_compound, collide_in,
    part_id, parts_frame, query_in, select_parts,
};
use narrowphase_lab::report::report;
use narrowphase_lab::scene::{PairTraces, parse};
use serde_json::Value;

/// A five-pointed star of five triangular spikes (each from the centre out to radius 1, 0.3
/// wide at the centre), its spikes at 90°, 162°, 234°, 306° and 18°, lying on a floor 10 wide
/// whose top face is y = 0, with its centre at height `h`.
fn star_on_floor(h: f32) -> String {
    let spike = "Polygon(vertices: [(0.0, -0.15), (1.0, 0.0), (0.0, 0.15)])";
    let parts: Vec<String> = [90.0, 162.0, 234.0, 306.0, 18.0]
        .iter()
        .map(|a| format!("Part(shape: {spike}, position: (0.0, 0.0), angle_deg: {a:?})"))
        .collect();
    format!(
        "Scene(title: \"A star on the floor\", mode: Manifold,
            a: Body(shape: Box(width: 10.0, height: 1.0), position: (0.0, -0.5)),
            b: Body(shape: Compound(parts: [{}]), position: (0.0, {h:?})))",
        parts.join(", ")
    )
}

fn report_of(text: &str) -> Value {
    let loaded = parse(text, "star.ron").expect("a valid scene");
    report(&loaded.scene, &PairTraces::compute(&loaded.pair))
}

fn f(v: &Value) -> f64 {
    v.as_f64().expect("a number")
}

#[test]
fn a_star_on_the_floor_touches_with_two_spike_tips() {
    // The spikes at 234° and 306° point down; their tips are at (±cos 54°, h − sin 54°).
    let h = 0.8f32;
    let r = report_of(&star_on_floor(h));
    let depth = 54f64.to_radians().sin() - h as f64; // 0.00901699…
    let tip_x = 54f64.to_radians().cos();
    assert_eq!(r["overlap"], true);
    assert!(
        (f(&r["separation"]) + depth).abs() < 1e-6,
        "{}",
        r["separation"]
    );
    let points = r["points"].as_array().expect("points");
    assert_eq!(points.len(), 2, "{points:?}");
    let manifolds = r["manifolds"].as_array().expect("manifolds");
    assert_eq!(manifolds.len(), 2);
    let parts: Vec<Value> = manifolds.iter().map(|m| m["parts"].clone()).collect();
    assert_eq!(
        parts,
        vec![serde_json::json!([0, 2]), serde_json::json!([0, 3])]
    );
    for (p, x) in points.iter().zip([-tip_x, tip_x]) {
        // Midway between the tip (y = −depth) and the floor (y = 0), one under each tip.
        assert!((f(&p["position"][0]) - x).abs() < 1e-6, "{p}");
        assert!((f(&p["position"][1]) + depth / 2.0).abs() < 1e-6, "{p}");
        assert!((f(&p["separation"]) + depth).abs() < 1e-6, "{p}");
    }
    // The same floor edge and spike tip make both: the ids agree in their low 32 bits and
    // differ only in B's part index.
    let ids: Vec<u64> = points
        .iter()
        .map(|p| p["id"].as_u64().expect("id"))
        .collect();
    assert_eq!(ids[0] & 0xffff_ffff, ids[1] & 0xffff_ffff);
    assert_eq!(ids[0] >> 32, 2);
    assert_eq!(ids[1] >> 32, 3);
    assert_eq!(ids[0], part_id(0, 2, (ids[0] & 0xffff_ffff) as u32));
    // The rest of the report describes the deepest part pair (the first of the two).
    assert_eq!(r["selected_parts"], serde_json::json!([0, 2]));
}

#[test]
fn the_star_lifted_off_the_floor_has_no_points_and_the_closest_spikes() {
    let r = report_of(&star_on_floor(0.9));
    let gap = 0.9 - 54f64.to_radians().sin();
    assert_eq!(r["overlap"], false);
    assert!((f(&r["separation"]) - gap).abs() < 1e-6);
    assert_eq!(r["points"].as_array().map(Vec::len), Some(0));
    assert_eq!(r["selected_parts"], serde_json::json!([0, 2]));
}

/// A random convex part in a body's frame.
fn random_part(rng: &mut Rng) -> PlacedPart {
    let shape = match rng.int(0, 4) {
        0 => Shape::circle(rng.range(0.1, 0.5)).unwrap(),
        1 => Shape::make_box(
            rng.range(0.2, 1.0),
            rng.range(0.2, 1.0),
            rng.range(0.0, 0.1),
        )
        .unwrap(),
        2 => Shape::capsule(rng.range(0.2, 1.0), rng.range(0.05, 0.3)).unwrap(),
        _ => Shape::regular_polygon(rng.int(3, 9) as u32, rng.range(0.2, 0.6)).unwrap(),
    };
    PlacedPart {
        shape,
        xf: Transform::new(
            Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
            rng.angle(),
        ),
        link: None,
    }
}

#[test]
fn a_compound_against_a_shape_is_the_union_of_its_parts() {
    let mut rng = Rng::new(0xC0);
    let options = ManifoldOptions {
        speculative_margin: 0.05,
        ..ManifoldOptions::default()
    };
    let mut with_points = 0;
    for _ in 0..2000 {
        let parts: Vec<PlacedPart> = (0..rng.int(2, 6)).map(|_| random_part(&mut rng)).collect();
        let single = [random_part(&mut rng)];
        let xa = Transform::new(
            Vec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)),
            rng.angle(),
        );
        let xb = Transform::new(
            Vec2::new(rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)),
            rng.angle(),
        );
        let out = collide_compound(&parts, xa, &single, xb, &options);
        // Every part on its own, in the part pair's frame (bit for bit what the loop computes),
        // and placed in the world by hand (the same up to the rounding of composing in world
        // coordinates, which the pair frame avoids).
        let mut expected = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            let m = collide_in(&parts_frame(p, xa, &single[0], xb), &options, &mut NoTrace);
            let (pa, pb) = (xa.compose(p.xf), xb.compose(single[0].xf));
            let world = collide(&p.shape, pa, &single[0].shape, pb, &options, &mut NoTrace);
            if m.len() == world.len() && !world.is_empty() {
                assert!((m.normal - world.normal).length() < 1e-5, "part {i}");
                for (p, q) in m.points().zip(world.points()) {
                    assert!((p.position - q.position).length() < 1e-5, "part {i}");
                    assert!((p.separation - q.separation).abs() < 1e-5, "part {i}");
                }
            }
            if !m.is_empty() {
                expected.push(([i, 0], m));
            }
        }
        let got: Vec<([usize; 2], _)> = out
            .manifolds
            .iter()
            .map(|m| (m.parts, m.manifold))
            .collect();
        assert_eq!(got, expected);
        with_points += usize::from(!expected.is_empty());
        // The selected pair has the least separation of all part pairs.
        let sel = select_parts(&parts, xa, &single, xb);
        for (i, p) in parts.iter().enumerate() {
            let q = query_in(
                &parts_frame(p, xa, &single[0], xb),
                &mut NoTrace,
                &mut NoTrace,
            );
            assert!(sel.separation <= q.separation, "part {i}");
        }
    }
    // The property was tested on pairs that touch, not only on pairs apart.
    assert!(with_points > 500, "{with_points}");
}

fn error_of(text: &str) -> String {
    parse(text, "bad.ron").expect_err("refused").to_string()
}

fn compound_of(parts: &[&str]) -> String {
    format!(
        "Scene(title: \"t\", a: Body(shape: Compound(parts: [{}]), position: (0.0, 0.0)),
            b: Body(shape: Circle(radius: 1.0), position: (3.0, 0.0)))",
        parts.join(", ")
    )
}

const BOX_PART: &str = "Part(shape: Box(width: 1.0, height: 1.0), position: (0.0, 0.0))";

#[test]
fn bad_compounds_are_refused_naming_the_field() {
    // A concave part.
    let concave = "Part(shape: Polygon(vertices: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.2), (1.0, 2.0)]), position: (0.0, 0.0))";
    let e = error_of(&compound_of(&[BOX_PART, concave]));
    assert!(
        e.contains("a.shape.parts[1].shape.vertices[") && e.contains("not convex"),
        "{e}"
    );
    // A compound inside a compound.
    let nested =
        format!("Part(shape: Compound(parts: [{BOX_PART}, {BOX_PART}]), position: (0.0, 0.0))");
    let e = error_of(&compound_of(&[BOX_PART, &nested]));
    assert!(
        e.contains("a.shape.parts[1].shape") && e.contains("not a compound"),
        "{e}"
    );
    // No parts, one part, seventeen parts.
    for n in [0, 1, 17] {
        let e = error_of(&compound_of(&vec![BOX_PART; n]));
        assert!(
            e.contains("a.shape.parts") && e.contains(&format!("got {n}")),
            "{n}: {e}"
        );
    }
    // A part far outside the accepted range, and a bad size inside a part.
    let far = "Part(shape: Box(width: 1.0, height: 1.0), position: (2e7, 0.0))";
    let e = error_of(&compound_of(&[BOX_PART, far]));
    assert!(e.contains("a.shape.parts[1].position.x"), "{e}");
    let bad = "Part(shape: Circle(radius: -1.0), position: (0.0, 0.0))";
    let e = error_of(&compound_of(&[bad, BOX_PART]));
    assert!(
        e.contains("a.shape.parts[0].shape.radius") && e.contains("must be > 0"),
        "{e}"
    );
    // Every error has a line and column.
    assert!(e.starts_with("bad.ron:"), "{e}");
}
