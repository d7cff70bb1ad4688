//! A chain's segments are one-sided for the cast: a ball dropped onto a floor hits its face; the
//! same ball rising from under it passes through (its centroid starts behind every segment).

use glam::Vec2;
use narrowphase_lab::geom::{SweepState, cast_parts};
use narrowphase_lab::scene::parse;

/// A floor walked from right to left (so it faces up) and a ball of radius 0.25 at `(x, y)`.
fn floor_and_ball(x: f32, y: f32) -> String {
    format!(
        "Scene(
    title: \"floor\",
    a: Body(shape: Chain(points: [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)]), position: (0.0, 0.0)),
    b: Body(shape: Circle(radius: 0.25), position: ({x:?}, {y:?})),
)"
    )
}

/// The cast's state, `t` and part pair; `None` when no part pair was cast (every segment had
/// the ball's centroid behind it).
fn cast(x: f32, y: f32, v: Vec2) -> Option<(SweepState, f32, [usize; 2])> {
    let loaded = parse(&floor_and_ball(x, y), "floor.ron").expect("valid");
    let b = loaded.pair.bodies.expect("a chain keeps its parts");
    let hit = cast_parts(&b.parts[0], b.xfs[0], &b.parts[1], b.xfs[1], v, None)?;
    Some((hit.output.state, hit.output.t, hit.parts))
}

#[test]
fn a_ball_dropped_on_a_chain_floor_hits_its_face() {
    // The target for a rounded shape on a segment: 0.25 − 0.005 (a slop deep), met within a
    // quarter slop: the centre stops between y = 0.245 and 0.24625, from y = 1 moving 2 down.
    let (state, t, parts) = cast(0.7, 1.0, Vec2::new(0.0, -2.0)).expect("cast");
    assert_eq!(state, SweepState::Hit);
    let y = 1.0 - 2.0 * t;
    assert!((0.245..=0.24625 + 1e-6).contains(&y), "centre stops at {y}");
    assert_eq!(
        parts,
        [0, 0],
        "the segment under x = 0.7, from x = 2 to 0, is the first"
    );
}

#[test]
fn a_ball_rising_from_under_a_chain_floor_passes_through() {
    let rise = cast(0.7, -1.0, Vec2::new(0.0, 2.0));
    assert!(
        rise.is_none_or(|(state, _, _)| state == SweepState::Separated),
        "{rise:?}"
    );
    // The same rise, the floor two-sided, would hit: the cast of the plain segment.
    let loaded = parse(&floor_and_ball(0.7, -1.0), "floor.ron").expect("valid");
    let b = loaded.pair.bodies.expect("parts");
    let mut plain = b.parts[0].clone();
    plain.iter_mut().for_each(|p| p.link = None);
    let hit = cast_parts(
        &plain,
        b.xfs[0],
        &b.parts[1],
        b.xfs[1],
        Vec2::new(0.0, 2.0),
        None,
    );
    assert_eq!(hit.expect("parts").output.state, SweepState::Hit);
}
