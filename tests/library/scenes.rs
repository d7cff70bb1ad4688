//! The built-in lecture: every scene loads, validates, round-trips through save/load, and its
//! report agrees with the outcome worked out by hand from the scene's numbers (the comment
//! above each test shows the arithmetic).

use narrowphase_lab::report::report;
use narrowphase_lab::scene::{self, BUILTIN, Lecture, Mode, PairTraces, parse};
use serde_json::Value;
use std::path::Path;

const TOL: f64 = 1e-4;

/// The tolerance for a value near `v`: `TOL`, plus one f32 step at that magnitude (the report
/// prints each f32 in its shortest form, which an f64 reader sees up to half a step off).
fn tol(v: f64) -> f64 {
    TOL + v.abs() * f32::EPSILON as f64
}

/// What a scene's pair should give, from geometry.
struct Expect {
    mode: Mode,
    overlap: bool,
    separation: f64,
    normal: [f64; 2],
}

fn text_of(name: &str) -> &'static str {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .unwrap_or_else(|| panic!("{name} is not built in"))
}

fn report_of(name: &str) -> Value {
    let loaded = parse(text_of(name), name).unwrap_or_else(|e| panic!("{e}"));
    report(&loaded.scene, &PairTraces::compute(&loaded.pair))
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn assert_near(what: &str, got: f64, want: f64) {
    assert!(
        (got - want).abs() <= tol(want),
        "{what}: got {got}, want {want}"
    );
}

/// Checks the report of `name` against `e` and the contact points `(x, y, separation)`, in any
/// order.
fn check(name: &str, e: Expect, points: &[(f64, f64, f64)]) -> Value {
    let loaded = parse(text_of(name), name).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.scene.mode, e.mode, "{name}: mode");
    let r = report_of(name);
    assert_eq!(r["overlap"], Value::Bool(e.overlap), "{name}: overlap");
    assert_near(
        &format!("{name}: separation"),
        f(&r["separation"]),
        e.separation,
    );
    assert_near(
        &format!("{name}: normal.x"),
        f(&r["normal"][0]),
        e.normal[0],
    );
    assert_near(
        &format!("{name}: normal.y"),
        f(&r["normal"][1]),
        e.normal[1],
    );
    // SAT reaches the same verdict and, for these pairs, the same separation.
    assert_eq!(
        r["sat"]["overlap"],
        Value::Bool(e.overlap),
        "{name}: sat.overlap"
    );
    assert_near(
        &format!("{name}: sat.separation"),
        f(&r["sat"]["separation"]),
        e.separation,
    );
    let got = r["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(
        got.len(),
        points.len(),
        "{name}: point count in {}",
        r["points"]
    );
    for &(x, y, s) in points {
        let found = got.iter().any(|p| {
            (f(&p["position"][0]) - x).abs() <= tol(x)
                && (f(&p["position"][1]) - y).abs() <= tol(y)
                && (f(&p["separation"]) - s).abs() <= TOL
        });
        assert!(
            found,
            "{name}: no point ({x}, {y}) at separation {s} in {}",
            r["points"]
        );
    }
    r
}

fn deg(d: f64) -> f64 {
    d.to_radians()
}

#[test]
fn builtin_list_matches_scenes_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let files = scene::lecture::scene_files(&dir).expect("scenes/ is readable");
    let names: Vec<String> = files
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let builtin: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names, builtin,
        "BUILTIN must list every file of scenes/, in order"
    );
    for (name, text) in BUILTIN {
        assert_eq!(
            std::fs::read_to_string(dir.join(name)).unwrap(),
            *text,
            "{name}"
        );
    }
}

#[test]
fn builtin_lecture_has_sixteen_scenes_or_more() {
    assert!(BUILTIN.len() >= 16);
}

#[test]
fn every_builtin_scene_loads_without_warnings() {
    for s in Lecture::builtin().scenes {
        let loaded = s.scene.unwrap_or_else(|e| panic!("{e}"));
        assert!(
            loaded.warnings.is_empty(),
            "{}: {:?}",
            s.name,
            loaded.warnings
        );
    }
}

#[test]
fn every_builtin_scene_has_title_notes_and_view() {
    for s in Lecture::builtin().scenes {
        let scene = s.scene.unwrap_or_else(|e| panic!("{e}")).scene;
        assert!(!scene.title.is_empty(), "{}", s.name);
        assert!(
            scene.notes.split(". ").count() >= 3,
            "{}: notes should teach in a few sentences",
            s.name
        );
        assert!(scene.view.is_some(), "{}: a scene should be framed", s.name);
    }
}

#[test]
fn every_builtin_scene_round_trips_through_save_and_load() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("round_trip");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in BUILTIN {
        let loaded = parse(text, name).unwrap();
        let ron = scene::to_ron(&loaded.scene).unwrap();
        assert_eq!(
            parse(&ron, name).unwrap().scene,
            loaded.scene,
            "{name}: text round trip"
        );
        let path = dir.join(name);
        scene::save(&path, &loaded.scene).unwrap();
        let again = scene::load(&path).unwrap();
        assert_eq!(again.scene, loaded.scene, "{name}: file round trip");
        assert_eq!(
            again.pair, loaded.pair,
            "{name}: same shapes and transforms"
        );
        // Saving twice gives the same bytes.
        assert_eq!(std::fs::read_to_string(&path).unwrap(), ron, "{name}");
    }
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "save leaves no temporary files");
}

// Ground top y = 0; box bottom y = 0.48 - 0.5 = -0.02. Bottom face x in [-1, 1]; points midway
// between the surfaces: y = -0.01.
#[test]
fn resting_box_two_points() {
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -0.02,
        normal: [0.0, 1.0],
    };
    check(
        "01_resting_box.ron",
        e,
        &[(-1.0, -0.01, -0.02), (1.0, -0.01, -0.02)],
    );
}

// Lowest corner of a 2×1 box turned 10°: local (-1, -0.5) → (-cos10 + 0.5 sin10, -sin10 - 0.5 cos10).
// The other bottom corner is at 0.65 + sin10 - 0.5 cos10 = 0.33 > 0: dropped.
#[test]
fn tilted_box_one_point() {
    let (s, c) = deg(10.0).sin_cos();
    let corner = (-c + 0.5 * s, 0.65 - s - 0.5 * c);
    let sep = corner.1;
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: sep,
        normal: [0.0, 1.0],
    };
    check("02_tilted_box.ron", e, &[(corner.0, 0.5 * sep, sep)]);
}

// Equal boxes: A top y = 0.5, B bottom y = 0.98 - 0.5 = 0.48: both faces give -0.02 (a tie).
// B's bottom x in [-0.5, 1.5] clipped to A's top [-1, 1]. Hysteresis keeps A's face: flip false.
#[test]
fn near_parallel_faces_keep_a_as_reference() {
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -0.02,
        normal: [0.0, 1.0],
    };
    let r = check(
        "03_near_parallel.ron",
        e,
        &[(-0.5, 0.49, -0.02), (1.0, 0.49, -0.02)],
    );
    for p in r["points"].as_array().unwrap() {
        assert_eq!(p["feature"]["flip"], Value::Bool(false), "{p}");
    }
    assert_eq!(r["clip"]["reference"]["body"], "a");
}

// Platform top y = 0.1; player bottom y = 0.95 - 0.9 = 0.05: 0.05 deep vertically, while
// sideways the overlap is the player's full width or more.
#[test]
fn thin_platform_least_overlap_is_vertical() {
    let e = Expect {
        mode: Mode::Sat,
        overlap: true,
        separation: -0.05,
        normal: [0.0, 1.0],
    };
    check(
        "04_thin_platform.ron",
        e,
        &[(0.1, 0.075, -0.05), (0.9, 0.075, -0.05)],
    );
}

// Small box x in [0.5, 1.5], y in [0, 1] inside [-2, 2]²: out to the right needs 2 - 0.5 = 1.5,
// up 2 - 0 = 2, left 1.5 + 2 = 3.5, down 1 + 2 = 3. Points on B's left side, midway: x = 1.25.
#[test]
fn containment_minimum_translation() {
    let e = Expect {
        mode: Mode::Sat,
        overlap: true,
        separation: -1.5,
        normal: [1.0, 0.0],
    };
    check(
        "05_containment.ron",
        e,
        &[(1.25, 0.0, -1.5), (1.25, 1.0, -1.5)],
    );
}

// B bottom y = 1.0 - 0.5 = 0.5 = A top: separation exactly 0, not overlap; points at 0 kept.
#[test]
fn touching_is_not_overlap() {
    let e = Expect {
        mode: Mode::Sat,
        overlap: false,
        separation: 0.0,
        normal: [0.0, 1.0],
    };
    let r = check("06_touching.ron", e, &[(-0.25, 0.5, 0.0), (0.75, 0.5, 0.0)]);
    assert_eq!(f(&r["separation"]), 0.0, "exactly zero");
}

// Centres 1.5 apart along (0.8, 0.6); radii 1 + 0.75 = 1.75. Surfaces at (0.8, 0.6) and
// (1.2, 0.9) - 0.75 (0.8, 0.6) = (0.6, 0.45): midway (0.7, 0.525).
#[test]
fn circles_closed_form() {
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -0.25,
        normal: [0.8, 0.6],
    };
    let r = check("07_circles.ron", e, &[(0.7, 0.525, -0.25)]);
    assert_eq!(r["algorithm"], "circle");
}

// Same centre: no direction; the fallback is straight up. Depth = both radii.
// Surfaces at (0, 1) and (0, -0.5): midway (0, 0.25).
#[test]
fn coincident_circles_fall_back_to_up() {
    let e = Expect {
        mode: Mode::Gjk,
        overlap: true,
        separation: -1.5,
        normal: [0.0, 1.0],
    };
    check("08_coincident_circles.ron", e, &[(0.0, 0.25, -1.5)]);
}

// Centre (1.5, 0.6) is 0.5 from the right face (x = 2) and 0.4 from the top (y = 1): out
// through the top, 0.4 + radius 0.5 = 0.9. Surfaces y = 1 and y = 0.1: midway 0.55.
#[test]
fn circle_centre_inside_box_leaves_through_nearest_face() {
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -0.9,
        normal: [0.0, 1.0],
    };
    check("09_circle_centre_in_box.ron", e, &[(1.5, 0.55, -0.9)]);
}

// Core segment y = 0.23, x in [-0.5, 1.5]; radius 0.25: bottom y = -0.02. Surfaces 0 and
// -0.02: points midway at y = -0.01, under each cap centre.
#[test]
fn capsule_on_box_two_points() {
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -0.02,
        normal: [0.0, 1.0],
    };
    check(
        "10_capsule_on_box.ron",
        e,
        &[(-0.5, -0.01, -0.02), (1.5, -0.01, -0.02)],
    );
}

// Cores: A x in [-1.5, 1.5] at y = 0; B vertical at x = 0.5, y in [-0.6, 2.4]. B − A is the
// rectangle x in [-1, 2], y in [-0.6, 2.4]; nearest side to the origin: y = -0.6, so the cores
// overlap 0.6 along (0, 1); with radii 0.3 + 0.3, 1.2. One point at B's lower cap: surfaces
// y = 0.3 and y = -0.9, midway -0.3.
#[test]
fn crossing_capsules_epa_depth() {
    let e = Expect {
        mode: Mode::Gjk,
        overlap: true,
        separation: -1.2,
        normal: [0.0, 1.0],
    };
    let r = check("11_crossing_capsules.ron", e, &[(0.5, -0.3, -1.2)]);
    assert_near("epa depth", f(&r["epa"]["depth"]), 0.6);
}

// Core corners (1, 1) and (1.3, 1.3): 0.3√2 apart; radii 0.25 + 0.25. Normal along the
// diagonal; the point is midway between (1, 1) + 0.25 n and (1.3, 1.3) - 0.25 n: (1.15, 1.15).
#[test]
fn rounded_corners_diagonal_contact() {
    let d = 0.3 * 2f64.sqrt();
    let h = 0.5f64.sqrt();
    let e = Expect {
        mode: Mode::Sat,
        overlap: true,
        separation: d - 0.5,
        normal: [h, h],
    };
    let r = check("12_rounded_corners.ron", e, &[(1.15, 1.15, d - 0.5)]);
    assert_eq!(r["epa"], Value::Null, "the cores are apart");
    assert_near("core distance", f(&r["gjk"]["distance"]), d);
}

// The pentagon's vertices sit at 90° + 72°k, turned by 13°: the lowest at 247°, so at
// (1.5 + 0.8 cos 247°, 1.6 + 0.8 sin 247°), above the box's top face (y = 0.3, x in [-2, 2]).
// The distance is its height over that face, straight up; GJK needs three iterations (a
// vertex, an edge, then a flat edge of the triangle), which the scene's notes walk through.
#[test]
fn gjk_distance_pentagon_corner_over_box_face() {
    let t = 247f64.to_radians();
    let corner = (1.5 + 0.8 * t.cos(), 1.6 + 0.8 * t.sin());
    assert!(corner.0.abs() < 2.0, "the corner is over the top face");
    let d = corner.1 - 0.3;
    let e = Expect {
        mode: Mode::Gjk,
        overlap: false,
        separation: d,
        normal: [0.0, 1.0],
    };
    let r = check("13_gjk_distance.ron", e, &[]);
    assert_near("gjk distance", f(&r["gjk"]["distance"]), d);
    assert_near("corner x", f(&r["gjk"]["point_b"][0]), corner.0);
    assert_near("corner y", f(&r["gjk"]["point_b"][1]), corner.1);
    assert_eq!(r["epa"], Value::Null);
    let regions: Vec<&str> = r["gjk"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["region"].as_str().unwrap())
        .collect();
    assert_eq!(
        regions,
        ["vertex 0", "edge 0-1", "edge 0-2"],
        "as the notes say"
    );
}

// The box turns about its centre (0, 0.65): its low corner is at height
// 0.65 - (0.5 cos θ + sin θ), which reaches the ground (y = 0) near θ = 9°. Below that there is
// no contact, and flat the box hovers 0.15 above the ground, as the notes say.
#[test]
fn tilted_box_turned_towards_flat_lifts_off() {
    let lift = |deg: f64| {
        let t = deg.to_radians();
        0.65 - (0.5 * t.cos() + t.sin())
    };
    let text = text_of("02_tilted_box.ron");
    assert!(text.contains("angle_deg: 10.0"), "B's angle is in the file");
    for (deg, points) in [(10.0, 1), (8.5, 0), (4.0, 0), (0.0, 0)] {
        let turned = text.replace("angle_deg: 10.0", &format!("angle_deg: {deg:.1}"));
        let loaded = parse(&turned, "02_tilted_box.ron").unwrap_or_else(|e| panic!("{e}"));
        let traces = PairTraces::compute(&loaded.pair);
        assert_near(
            &format!("separation at {deg}°"),
            traces.whole.separation as f64,
            lift(deg),
        );
        assert_eq!(
            traces
                .whole
                .manifolds
                .iter()
                .map(|m| m.manifold.len())
                .sum::<usize>(),
            points,
            "{deg}°"
        );
    }
    assert!((lift(0.0) - 0.15).abs() < 1e-12);
}

// Diamond: a unit square turned 45°, corners √½ from its centre (0.5, 0.4). Lowest corner
// y = 0.4 - √½; box top y = 1: depth 1 - (0.4 - √½) = 0.6 + √½ upward (sideways and diagonal axes need more).
// Clipping keeps the lowest corner and the side corner at y = 0.4 (0.6 deep).
#[test]
fn deep_overlap_epa_depth() {
    let h = 0.5f64.sqrt();
    let depth = 0.6 + h;
    let e = Expect {
        mode: Mode::Gjk,
        overlap: true,
        separation: -depth,
        normal: [0.0, 1.0],
    };
    // Lowest corner (0.5, 0.4 - √½); the side corner the incident face reaches: (0.5 ± √½, 0.4).
    // Midway to the box top (y = 1) along the normal.
    let r = report_of("14_epa_deep.ron");
    let side_x = if r["points"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| f(&p["position"][0]) < 0.5)
    {
        0.5 - h
    } else {
        0.5 + h
    };
    let r = check(
        "14_epa_deep.ron",
        e,
        &[(0.5, 0.5 * (1.0 + 0.4 - h), -depth), (side_x, 0.7, -0.6)],
    );
    assert_near("epa depth", f(&r["epa"]["depth"]), depth);
}

// Triangles of circumradius 1 (inradius 1/2), B turned 180° and moved by (0.1, 0.1). On the line
// n = (cos 30°, sin 30°): A spans [-1, 1/2], B spans [-1/2, 1] + n·(0.1, 0.1); the overlap is
// 1/2 - (-1/2 + 0.1 (√3/2 + 1/2)). The other two lines overlap more (1.1 and 1.04).
// Reference: A's face from (√3/2, -1/2) to (0, 1); incident: B's parallel face from
// P = (0.1, -0.9) to Q = (-√3/2 + 0.1, 0.6), clipped where it passes A's vertex (0, 1) along the
// face's tangent t = (-1/2, √3/2). Each point moves half the depth along n, to midway.
#[test]
fn star_of_david_least_overlap() {
    let r3 = 3f64.sqrt();
    let sep = -(1.0 - 0.1 * (r3 / 2.0 + 0.5));
    let (n, t) = ((r3 / 2.0, 0.5), (-0.5, r3 / 2.0));
    let dot = |a: (f64, f64), b: (f64, f64)| a.0 * b.0 + a.1 * b.1;
    let (p, q) = ((0.1, -0.9), (-r3 / 2.0 + 0.1, 0.6));
    let lambda = (dot(t, (0.0, 1.0)) - dot(t, p)) / (dot(t, q) - dot(t, p));
    let clipped = (p.0 + lambda * (q.0 - p.0), p.1 + lambda * (q.1 - p.1));
    let mid = |c: (f64, f64)| (c.0 - 0.5 * sep * n.0, c.1 - 0.5 * sep * n.1, sep);
    let e = Expect {
        mode: Mode::Sat,
        overlap: true,
        separation: sep,
        normal: [n.0, n.1],
    };
    check("15_star_of_david.ron", e, &[mid(p), mid(clipped)]);
}

// As the resting box, shifted by (10000, 10000) with numbers exact in f32: B bottom
// 10000.46875 - 0.5 = 9999.96875, ground top 10000: 0.03125 deep; B's x in [9999.25, 10001.25].
#[test]
fn far_from_origin_keeps_precision() {
    let y = 10000.0 - 0.015625;
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -0.03125,
        normal: [0.0, 1.0],
    };
    let r = check(
        "16_far_from_origin.ron",
        e,
        &[(9999.25, y, -0.03125), (10001.25, y, -0.03125)],
    );
    // SAT intervals are in world coordinates: on the vertical axis the ground spans [9999, 10000].
    let axes = r["sat"]["axes"].as_array().unwrap();
    let up = axes
        .iter()
        .find(|a| f(&a["axis"][1]) > 0.99)
        .expect("an upward axis");
    assert_near("ground min", f(&up["a"][0]), 9999.0);
    assert_near("ground max", f(&up["a"][1]), 10000.0);
}

// B bottom y = 0.55 - 0.5 = 0.05 above the ground: apart, but within the 0.1 margin, so the two
// bottom corners (x = -0.5 and 1.5) are kept at separation +0.05, midway y = 0.025.
#[test]
fn speculative_margin_keeps_points_apart() {
    let e = Expect {
        mode: Mode::Manifold,
        overlap: false,
        separation: 0.05,
        normal: [0.0, 1.0],
    };
    check(
        "17_speculative_margin.ron",
        e,
        &[(-0.5, 0.025, 0.05), (1.5, 0.025, 0.05)],
    );
}

// The star's spikes at 234° and 306° point down: their tips are (±cos 54°, 0.79 − sin 54°), so
// sin 54° − 0.79 = 0.019017 into the floor (top face y = 0); one point under each tip, midway.
// The two points come from two part pairs, floor × spike 2 and floor × spike 3, with the same
// reference edge (the floor's top, edge 2) and incident vertex (the tip): ids equal but for
// B's part bits.
#[test]
fn star_on_floor_two_spike_tips_ids_differ_in_part_bits() {
    let depth = deg(54.0).sin() - 0.79;
    let x = deg(54.0).cos();
    let e = Expect {
        mode: Mode::Manifold,
        overlap: true,
        separation: -depth,
        normal: [0.0, 1.0],
    };
    let r = check(
        "18_star_on_floor.ron",
        e,
        &[(-x, -depth / 2.0, -depth), (x, -depth / 2.0, -depth)],
    );
    let parts: Vec<&Value> = r["manifolds"]
        .as_array()
        .expect("manifolds")
        .iter()
        .map(|m| &m["parts"])
        .collect();
    assert_eq!(
        parts,
        [&serde_json::json!([0, 2]), &serde_json::json!([0, 3])]
    );
    let ids: Vec<u64> = r["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| p["id"].as_u64().expect("id"))
        .collect();
    assert_eq!(ids[0] & 0xffff_ffff, ids[1] & 0xffff_ffff);
    assert_eq!([ids[0] >> 32, ids[1] >> 32], [2, 3]);
    assert_eq!(r["selected_parts"], serde_json::json!([0, 2]));
}

// The bracket's outer corner is at its origin (−1.21, −0.02): 0.02 into the floor, its point
// midway at y = −0.01. Its upright's top-left corner (0, 1.6) turned 30° is at
// (−1.21 − 0.8, −0.02 + 1.6 cos 30°): 0.01 past the wall's face x = −2. The floor pair is
// deeper, so it is the one every mode shows; turned to 31°, the top is
// 1.6 sin 31° − 0.79 = 0.0341 into the wall, and the wall pair is.
#[test]
fn l_bracket_selected_pair_changes_as_it_turns() {
    let top_y = -0.02 + 1.6 * deg(30.0).cos();
    let e = Expect {
        mode: Mode::Sat,
        overlap: true,
        separation: -0.02,
        normal: [0.0, 1.0],
    };
    let r = check(
        "19_l_bracket.ron",
        e,
        &[(-1.21, -0.01, -0.02), (-2.005, top_y, -0.01)],
    );
    assert_eq!(r["selected_parts"], serde_json::json!([0, 0]));
    let text = text_of("19_l_bracket.ron").replace("angle_deg: 30.0,", "angle_deg: 31.0,");
    let loaded = parse(&text, "turned.ron").unwrap_or_else(|e| panic!("{e}"));
    let r = report(&loaded.scene, &PairTraces::compute(&loaded.pair));
    assert_eq!(r["selected_parts"], serde_json::json!([1, 1]));
    let wall = 1.6 * deg(31.0).sin() - 0.79;
    assert_near("turned separation", f(&r["separation"]), -wall);
    assert_near("turned normal.x", f(&r["normal"][0]), 1.0);
}

// The consequences lab's scenes open on the manifold the solver starts from.
//
// 20: the 2×1 box turned 1° at y = 0.517: its lowest corner, local (-1, -0.5), is at
// y = 0.517 - sin 1° - 0.5 cos 1° = -0.000376: one point, its other bottom corner 0.0345 higher.
#[test]
fn box_rocks_starts_on_its_low_corner() {
    let (s, c) = deg(1.0).sin_cos();
    let corner = (-c + 0.5 * s, 0.517 - s - 0.5 * c);
    let e = Expect {
        mode: Mode::Simulate,
        overlap: true,
        separation: corner.1,
        normal: [0.0, 1.0],
    };
    check(
        "20_box_rocks.ron",
        e,
        &[(corner.0, 0.5 * corner.1, corner.1)],
    );
}

// 21 and 28: the bottom box of the stack touches the ground exactly: separation 0, not
// overlap, and both bottom corners kept at separation 0 (touching keeps points).
#[test]
fn stack_bottom_box_touches_the_ground() {
    for name in ["21_stack.ron", "29_ten_stack.ron"] {
        let e = Expect {
            mode: Mode::Simulate,
            overlap: false,
            separation: 0.0,
            normal: [0.0, 1.0],
        };
        check(name, e, &[(-0.5, 0.0, 0.0), (0.5, 0.0, 0.0)]);
    }
}

// 22: scene 18's star 0.2 higher: its spike tips at 1.009 - sin 54° = 0.2 above the floor.
// 23: scene 02's box at y = 0.9: its low corner 0.9 - sin 10° - 0.5 cos 10° = 0.234 above.
#[test]
fn dropped_star_and_tilted_box_start_in_the_air() {
    for (name, gap) in [
        ("22_star_drop.ron", 1.009 - deg(54.0).sin()),
        (
            "23_tilted_box_lands.ron",
            0.9 - deg(10.0).sin() - 0.5 * deg(10.0).cos(),
        ),
    ] {
        let r = report_of(name);
        assert_eq!(r["overlap"], Value::Bool(false), "{name}");
        assert_near(name, f(&r["separation"]), gap);
        assert_eq!(r["points"].as_array().map(Vec::len), Some(0), "{name}");
    }
}

// 24, 25, 27: the box (0.8 × 0.4 at y = 0.2) and the ball (r 0.3 at y = 0.3) start resting on
// the floor's top at y = 0, over its first piece (x from 8 to 10): separation 0, normal up; the
// box on both bottom corners, the ball at its lowest point. On the chain the points come from
// segment 0 (its 2 ends x = 10, 8 are a free end and a flat seam), on the tiles from tile 0.
#[test]
fn the_sliding_scenes_start_resting_on_the_first_piece() {
    let e = || Expect {
        mode: Mode::Simulate,
        overlap: false,
        separation: 0.0,
        normal: [0.0, 1.0],
    };
    for name in ["24_chain_floor.ron", "25_tile_floor.ron"] {
        let r = check(name, e(), &[(8.6, 0.0, 0.0), (9.4, 0.0, 0.0)]);
        let m = &r["manifolds"];
        assert_eq!(m.as_array().map(Vec::len), Some(1), "{name}: {m}");
        assert_eq!(m[0]["parts"], serde_json::json!([0, 0]), "{name}");
    }
    let r = check("27_ball_over_seams.ron", e(), &[(9.0, 0.0, 0.0)]);
    // The chain's verdicts: segment 0 (free end, flat seam) admits its face normal.
    let v = &r["chain"][0];
    assert_eq!(v["class"], "admit", "{v}");
    assert_eq!(v["joints"], serde_json::json!(["free end", "flat"]), "{v}");
}

// 26: the box lies flat on the 45° slope (the line y = x − 4, normal (−1, 1)/√2), its centre
// (6.659, 2.942) at (2.942 − 6.659 + 4)/√2 = 0.200111 from the line: apart by 0.000111, half its
// height short of that. Both bottom corners within the margin 0.02: two speculative points.
#[test]
fn the_valley_box_starts_just_above_its_slope() {
    let r = report_of("26_valley.ron");
    let gap = (2.942 - 6.659 + 4.0) / 2f64.sqrt() - 0.2;
    assert_eq!(r["overlap"], Value::Bool(false));
    assert!(
        (f(&r["separation"]) - gap).abs() < 1e-5,
        "{}",
        r["separation"]
    );
    assert_eq!(
        r["points"].as_array().map(Vec::len),
        Some(2),
        "{}",
        r["points"]
    );
    let s = std::f64::consts::FRAC_1_SQRT_2;
    assert!((f(&r["normal"][0]) + s).abs() < 1e-6 && (f(&r["normal"][1]) - s).abs() < 1e-6);
}

// 28: the ten-stack's bottom box touches the ground as scene 21's does, and each point is named
// by the vertices that made it: the left one by the ground's top-left corner (vertex 3, at
// (-4, 0)) and the box's bottom-left (vertex 0), the right one by 2 (at (4, 0)) and 1.
#[test]
fn ten_stack_bottom_points_are_named_by_their_vertex_pairs() {
    let e = Expect {
        mode: Mode::Simulate,
        overlap: false,
        separation: 0.0,
        normal: [0.0, 1.0],
    };
    let r = check(
        "28_ten_stack_ids.ron",
        e,
        &[(-0.5, 0.0, 0.0), (0.5, 0.0, 0.0)],
    );
    let mut named: Vec<(f64, Value)> = r["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| (f(&p["position"][0]), p["vertices"].clone()))
        .collect();
    named.sort_by(|x, y| x.0.total_cmp(&y.0));
    assert_eq!(named[0].1, serde_json::json!([3, 0]), "{r}");
    assert_eq!(named[1].1, serde_json::json!([2, 1]), "{r}");
}

// 30: the ball B (radius 0.1) at (-5, 1) and the wall 0.1 thick at x = 0: apart by
// 5 − 0.05 − 0.1 = 4.85 along −x (A to B), far beyond the margin 0.2: no points.
#[test]
fn bullet_wall_starts_apart() {
    check(
        "30_bullet_wall.ron",
        Expect {
            mode: Mode::Simulate,
            overlap: false,
            separation: 4.85,
            normal: [-1.0, 0.0],
        },
        &[],
    );
}
