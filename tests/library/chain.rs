//! Issue 28: chains of one-sided segments with ghost vertices, against hand-worked answers.
//!
//! Every scene is RON text through the library's loader, collided by `collide_bodies` (what the
//! report and the solver call), with the rule on and off.

use glam::Vec2;
use narrowphase_lab::geom::chain::{NormalClass, Reason};
use narrowphase_lab::geom::{CompoundOutput, ManifoldOptions, collide_bodies};
use narrowphase_lab::scene::{Bodies, parse};

/// The scene's bodies as parts (a chain is always parts; a single B is one part).
fn bodies(text: &str) -> Bodies {
    let loaded = parse(text, "chain.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
    loaded.pair.bodies.expect("a chain's pair has bodies")
}

fn collide(b: &Bodies, margin: f32, smooth: bool) -> CompoundOutput {
    let options = ManifoldOptions {
        speculative_margin: margin,
        ..ManifoldOptions::default()
    };
    collide_bodies(
        &b.parts[0],
        b.xfs[0],
        &b.parts[1],
        b.xfs[1],
        &options,
        smooth,
    )
}

/// Every point of the output: (position, separation, segment), sorted along x.
fn points(out: &CompoundOutput) -> Vec<(Vec2, f32, usize)> {
    let mut pts: Vec<(Vec2, f32, usize)> = out
        .manifolds
        .iter()
        .flat_map(|m| {
            m.manifold
                .points()
                .map(move |p| (p.position, p.separation, m.parts[0]))
        })
        .collect();
    pts.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    pts
}

fn scene(chain: &str, b: &str, margin: f32) -> String {
    format!(
        "Scene(title: \"chain\", a: Body(shape: Chain(points: [{chain}]), position: (0.0, 0.0)), b: Body({b}), speculative_margin: {margin:?})"
    )
}

/// A 1 x 0.5 box resting `depth` deep across the shared vertex of two collinear segments gets
/// the same two points (positions and separations) as on one long segment: the points the
/// segments clip at the seam are dropped. At several scales and far from the origin.
#[test]
fn a_box_across_a_flat_seam_gets_the_points_of_one_long_segment() {
    for (k, far) in [
        (1.0f32, 0.0f32),
        (1e-3, 0.0),
        (1e3, 0.0),
        (1.0, 1e4),
        (1e-5, 0.0),
    ] {
        let p = |x: f32| format!("({:?}, {:?})", far + x * k, far);
        let split = format!("{}, {}, {}", p(4.0), p(0.0), p(-4.0));
        let whole = format!("{}, {}", p(4.0), p(-4.0));
        for x in [-0.3f32, 0.0, 0.2, 0.45] {
            let depth = 0.01 * k;
            let b = format!(
                "shape: Box(width: {:?}, height: {:?}), position: ({:?}, {:?})",
                k,
                0.5 * k,
                far + x * k,
                far + 0.25 * k - depth
            );
            let one = points(&collide(&bodies(&scene(&whole, &b, 0.0)), 0.0, true));
            let two = points(&collide(&bodies(&scene(&split, &b, 0.0)), 0.0, true));
            assert_eq!(one.len(), 2, "one segment, box at {x}, scale {k}: {one:?}");
            assert_eq!(two.len(), 2, "two segments, box at {x}, scale {k}: {two:?}");
            for (a, b) in one.iter().zip(&two) {
                let tol = 8.0 * f32::EPSILON * (k + far.abs());
                assert!(
                    a.0.distance(b.0) <= tol && (a.1 - b.1).abs() <= tol,
                    "box at {x}, scale {k}, far {far}: one segment {a:?}, two {b:?}"
                );
                assert!(
                    (a.1 + depth).abs() <= tol,
                    "separation {} vs depth {depth}",
                    a.1
                );
            }
            // The points sit at the box's corners, and each on the segment under it.
            if x != 0.0 {
                assert_ne!(two[0].2, two[1].2, "a point from each segment: {two:?}");
            }
        }
    }
}

/// The ghost collision, by hand: the box rests 0.005 deep on the right-hand segment, its left
/// side 0.01 short of the seam. Two-sided, the left-hand segment's end vertex is within the
/// margin of the box's side face: one speculative point with a normal along the floor. The rule
/// snaps that normal (it leans towards a flat joint) and the face has nothing under the box.
#[test]
fn the_seam_ghost_is_snapped_away() {
    let text = scene(
        "(4.0, 0.0), (2.0, 0.0), (0.0, 0.0)",
        "shape: Box(width: 0.8, height: 0.4), position: (2.41, 0.195)",
        0.02,
    );
    let b = bodies(&text);
    let off = collide(&b, 0.02, false);
    let ghost = off
        .manifolds
        .iter()
        .find(|m| m.parts[0] == 1)
        .expect("two-sided, the left segment has the ghost point");
    assert_eq!(ghost.manifold.normal, Vec2::X);
    let p = ghost.manifold.points().next().expect("one point");
    assert!((p.separation - 0.01).abs() < 1e-5, "{p:?}");
    let on = collide(&b, 0.02, true);
    assert!(
        on.manifolds.iter().all(|m| m.parts[0] == 0),
        "{:?}",
        on.manifolds
    );
    assert_eq!(points(&on).len(), 2);
    let verdict = on
        .segments
        .iter()
        .find(|v| v.parts[0] == 1)
        .expect("judged");
    let winner = verdict.rule.winner.expect("a normal judged");
    assert_eq!(winner.verdict.class, NormalClass::Snap);
    assert_eq!(winner.verdict.reason, Reason::FlatJoint);
    assert!(on.segments.iter().all(|v| v.applied));
    assert!(off.segments.iter().all(|v| !v.applied));
}

/// A one-sided segment does not touch a body whose centre is behind it; two-sided it does.
#[test]
fn contacts_from_behind_a_one_sided_segment_are_rejected() {
    // Walked from left to right: the segment faces down; the box overlaps it from above.
    for (chain, y, expect_on) in [
        ("(-2.0, 0.0), (2.0, 0.0)", 0.2, 0),
        ("(2.0, 0.0), (-2.0, 0.0)", 0.2, 2),
        ("(2.0, 0.0), (-2.0, 0.0)", -0.2, 0),
    ] {
        let text = scene(
            chain,
            &format!("shape: Box(width: 1.0, height: 0.5), position: (0.0, {y:?})"),
            0.0,
        );
        let b = bodies(&text);
        let on = collide(&b, 0.0, true);
        assert_eq!(points(&on).len(), expect_on, "{chain} at y {y}");
        assert_eq!(
            points(&collide(&b, 0.0, false)).len(),
            2,
            "two-sided, {chain} at y {y}"
        );
        if expect_on == 0 {
            assert_eq!(on.segments[0].rule.winner, None, "behind: nothing judged");
        }
    }
}

/// A box resting on the flat top of a hill, hanging over its edge: the flat segment gives both
/// points (the box's corner and the clip at the hill's convex vertex); the slope, whose start
/// vertex pokes into the box's bottom face with the flat face's normal, is skipped (its
/// neighbour's face). Two-sided, that vertex is a third, phantom point.
#[test]
fn a_box_on_a_convex_corner_gets_the_corners_contact_not_a_phantom() {
    let text = scene(
        "(4.0, 0.0), (0.0, 0.0), (-4.0, -4.0)",
        "shape: Box(width: 1.0, height: 0.5), position: (0.2, 0.24)",
        0.0,
    );
    let b = bodies(&text);
    let on = points(&collide(&b, 0.0, true));
    assert_eq!(on.len(), 2, "{on:?}");
    assert!(
        on.iter().all(|p| p.2 == 0),
        "both from the flat segment: {on:?}"
    );
    assert!((on[0].0 - Vec2::new(0.0, -0.005)).length() < 1e-6, "{on:?}");
    assert!((on[1].0 - Vec2::new(0.7, -0.005)).length() < 1e-6, "{on:?}");
    let off = points(&collide(&b, 0.0, false));
    assert_eq!(
        off.len(),
        3,
        "two-sided, the slope adds the phantom: {off:?}"
    );
    let out = collide(&b, 0.0, true);
    let slope = out
        .segments
        .iter()
        .find(|v| v.parts[0] == 1)
        .expect("judged");
    let winner = slope.rule.winner.expect("a normal judged");
    assert_eq!(winner.verdict.reason, Reason::NeighbourFace);
}

/// A box tilted 20° resting on the hill's vertex alone: its face's normal lies inside the
/// vertex's normal cone, which both segments admit; the contact is made once, by the segment
/// that lies flatter against the box's face (the flat top, 20° off it; the slope is 25° off),
/// as Box2D's "neighbour is incident" rule decides.
#[test]
fn a_tilted_box_on_a_convex_vertex_gets_one_contact_from_the_segment_that_starts_there() {
    let n = Vec2::new(-(20f32.to_radians().sin()), 20f32.to_radians().cos());
    let centre = n * (0.25 - 0.005);
    let text = scene(
        "(4.0, 0.0), (0.0, 0.0), (-4.0, -4.0)",
        &format!(
            "shape: Box(width: 1.0, height: 0.5), position: ({:?}, {:?}), angle_deg: 20.0",
            centre.x, centre.y
        ),
        0.0,
    );
    let b = bodies(&text);
    let out = collide(&b, 0.0, true);
    let pts = points(&out);
    assert_eq!(pts.len(), 1, "{pts:?}");
    assert_eq!(pts[0].2, 0, "made by the flat top, flatter against the box");
    assert!(pts[0].0.length() < 0.01, "at the vertex: {pts:?}");
    assert!((pts[0].1 + 0.005).abs() < 1e-5, "{pts:?}");
    let flat = out
        .segments
        .iter()
        .find(|v| v.parts[0] == 0)
        .expect("judged");
    let winner = flat.rule.winner.expect("a normal judged");
    assert_eq!(winner.verdict.reason, Reason::VertexCone);
    let slope = out
        .segments
        .iter()
        .find(|v| v.parts[0] == 1)
        .expect("judged");
    let winner = slope.rule.winner.expect("a normal judged");
    assert_eq!(winner.verdict.reason, Reason::NeighbourIncident);
    assert_eq!(
        points(&collide(&b, 0.0, false)).len(),
        2,
        "two-sided: made twice"
    );
}

/// A circle on a flat seam: the neighbour's end is a vertex region two-sided (a normal leaning
/// to the seam); snapped, it is the face's, which holds nothing beyond its end.
#[test]
fn a_ball_over_a_seam_touches_one_face_once() {
    let text = scene(
        "(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)",
        "shape: Circle(radius: 0.5), position: (0.1, 0.49)",
        0.02,
    );
    let b = bodies(&text);
    let on = points(&collide(&b, 0.02, true));
    assert_eq!(on.len(), 1, "{on:?}");
    assert!((on[0].0 - Vec2::new(0.1, -0.005)).length() < 1e-6, "{on:?}");
    assert!((on[0].1 + 0.01).abs() < 1e-6);
    let off = collide(&b, 0.02, false);
    assert_eq!(points(&off).len(), 2, "two-sided, the seam's vertex too");
}

/// Bad chains are refused with the field that is wrong.
#[test]
fn bad_chains_name_the_field() {
    let b = "shape: Circle(radius: 0.5), position: (0.0, 1.0)";
    let cases = [
        (scene("(1.0, 0.0)", b, 0.0), "a.shape.points", "1 to 64 segments"),
        (
            scene("(1.0, 0.0), (0.0, 0.0), (1.0, 0.0)", b, 0.0),
            "a.shape.points[2]",
            "repeats point 0",
        ),
        (
            "Scene(title: \"x\", a: Body(shape: Chain(points: [(0.0, 0.0), (2.0, 0.0), (0.0, 2.0), (2.0, 2.0)], loop: true), position: (0.0, 0.0)), b: Body(shape: Circle(radius: 0.5), position: (5.0, 5.0)))".to_string(),
            "a.shape.points",
            "crosses itself",
        ),
        (
            "Scene(title: \"x\", a: Body(shape: Circle(radius: 0.5), position: (0.0, 0.0)), b: Body(shape: Chain(points: [(0.0, 0.0), (2.0, 0.0)]), position: (5.0, 5.0)))".to_string(),
            "b.shape",
            "only body A",
        ),
        (
            scene("(1.0, 0.0), (0.0, 2e7)", b, 0.0),
            "a.shape.points[1].y",
            "between",
        ),
        (
            scene("(0.0, 0.0), (1e-7, 0.0)", b, 0.0),
            "a.shape.points[1]",
            "shorter than the smallest size",
        ),
    ];
    for (text, field, words) in cases {
        let e = parse(&text, "bad.ron").expect_err(&text).to_string();
        assert!(e.contains(field) && e.contains(words), "{e}\n{text}");
        assert!(e.contains("bad.ron:"), "names the file: {e}");
    }
    // A counter-clockwise square loop is fine, and its four segments face out.
    let ok = "Scene(title: \"x\", a: Body(shape: Chain(points: [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)], loop: true), position: (0.0, 0.0)), b: Body(shape: Circle(radius: 0.5), position: (1.0, -0.45)))";
    let b = bodies(ok);
    assert_eq!(b.parts[0].len(), 4);
    let pts = points(&collide(&b, 0.0, true));
    assert_eq!(
        pts.len(),
        1,
        "the ball under the square touches its bottom: {pts:?}"
    );
    assert!((pts[0].1 + 0.05).abs() < 1e-6);
}
