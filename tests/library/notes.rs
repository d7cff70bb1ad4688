//! Issue 43, item 5: a built-in scene whose contact points of overlapping shapes lie outside
//! both shapes says why in its notes (scene 15's two points, midway between faces 0.86 apart,
//! sat in the star's notches and nothing said so). Containment is checked here in f64, independently of the library.

use narrowphase_lab::geom::{NoTrace, Shape, Transform, collide};
use narrowphase_lab::scene::{self, BUILTIN};

/// Whether `p` lies inside `shape` at `xf` (a polygon without rounding), within `slack`.
fn inside(shape: &Shape, xf: Transform, p: glam::Vec2, slack: f64) -> bool {
    let v: Vec<(f64, f64)> = shape
        .vertices()
        .iter()
        .map(|v| {
            let w = xf.apply(*v);
            (w.x as f64, w.y as f64)
        })
        .collect();
    let (px, py) = (p.x as f64, p.y as f64);
    (0..v.len()).all(|i| {
        let (a, b) = (v[i], v[(i + 1) % v.len()]);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        // Counter-clockwise vertices: inside is left of every edge.
        let cross = ex * (py - a.1) - ey * (px - a.0);
        cross >= -slack * (ex * ex + ey * ey).sqrt()
    })
}

#[test]
fn a_scene_whose_points_lie_outside_both_shapes_says_why() {
    let mut outside = Vec::new();
    let mut checked = 0;
    for (name, text) in BUILTIN {
        let loaded = scene::parse(text, name).expect("built-in");
        let pair = loaded.scene.validate().expect("valid").pair;
        let polygons = [&pair.a, &pair.b]
            .iter()
            .all(|s| s.vertices().len() >= 3 && s.radius() == 0.0);
        if pair.bodies.is_some() || !polygons {
            continue;
        }
        let m = collide(
            &pair.a,
            pair.xf_a,
            &pair.b,
            pair.xf_b,
            &pair.options,
            &mut NoTrace,
        );
        checked += 1;
        // A speculative point of shapes apart lies in the gap between them by design; a point of
        // shapes that overlap is expected in their overlap.
        let out = m.points().filter(|p| p.separation < 0.0).any(|p| {
            !inside(&pair.a, pair.xf_a, p.position, 1e-4)
                && !inside(&pair.b, pair.xf_b, p.position, 1e-4)
        });
        if out {
            outside.push(*name);
            assert!(
                loaded.scene.notes.contains("outside both"),
                "{name}: a contact point lies outside both shapes, and the notes do not say why"
            );
        }
    }
    // The check is real: scene 15's points are outside both triangles.
    assert!(outside.contains(&"15_star_of_david.ron"), "{outside:?}");
    assert!(checked >= 10, "{checked} polygon pairs checked");
}
