//! Hand-computed cases: one `#[test]` per behaviour, each answer worked out on paper in the
//! comment above it. Tolerances are `1e-5` for lengths of order 1 unless a case says otherwise.

use crate::common::{assert_near, assert_vec_near};
use glam::Vec2;
use narrowphase_lab::geom::{
    AxisSource, EpaStep, FeatureId, FeatureKind, GjkStep, GjkStop, IncidentFeature, MAX_VERTICES,
    Manifold, ManifoldOptions, ManifoldStep, NoTrace, QueryOutput, SatOptions, SatOutput, SatStep,
    Shape, ShapeError, ShapeParam, ShapeWarning, Transform, collide, epa, gjk, pair_frame, query,
    sat,
};
use std::f32::consts::{FRAC_1_SQRT_2, FRAC_PI_4, PI};

const TOL: f32 = 1e-5;

fn at(x: f32, y: f32) -> Transform {
    Transform::new(Vec2::new(x, y), 0.0)
}

fn at_deg(x: f32, y: f32, deg: f32) -> Transform {
    Transform::new(Vec2::new(x, y), deg.to_radians())
}

fn rect(w: f32, h: f32) -> Shape {
    Shape::make_box(w, h, 0.0).unwrap()
}

fn circle(r: f32) -> Shape {
    Shape::circle(r).unwrap()
}

fn capsule(l: f32, r: f32) -> Shape {
    Shape::capsule(l, r).unwrap()
}

fn poly(points: &[(f32, f32)], radius: f32) -> Shape {
    let p: Vec<Vec2> = points.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    Shape::polygon(&p, radius).unwrap().0
}

fn manifold(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Manifold {
    collide(a, xa, b, xb, &ManifoldOptions::default(), &mut NoTrace)
}

fn manifold_traced(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    xb: Transform,
    o: ManifoldOptions,
) -> (Manifold, Vec<ManifoldStep>) {
    let mut t = Vec::new();
    let m = collide(a, xa, b, xb, &o, &mut t);
    (m, t)
}

fn q(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> QueryOutput {
    query(a, xa, b, xb, &mut NoTrace, &mut NoTrace)
}

fn sat_of(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> SatOutput {
    sat(a, xa, b, xb, SatOptions::default(), &mut NoTrace)
}

fn points(m: &Manifold) -> Vec<(Vec2, f32)> {
    let mut p: Vec<(Vec2, f32)> = m.points().map(|p| (p.position, p.separation)).collect();
    p.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    p
}

// ---------------------------------------------------------------------------------------------
// Circles.

/// Coincident centres: no direction is defined; every algorithm falls back to straight up and
/// reports depth r_a + r_b.
#[test]
fn coincident_circles_normal_up() {
    let (a, b) = (circle(1.0), circle(0.5));
    let m = manifold(&a, at(2.0, 3.0), &b, at(2.0, 3.0));
    assert_eq!(m.normal, Vec2::Y);
    assert_eq!(m.len(), 1);
    assert_near(m.min_separation().unwrap(), -1.5, TOL);
    let out = q(&a, at(2.0, 3.0), &b, at(2.0, 3.0));
    assert_eq!(out.normal, Vec2::Y);
    assert_near(out.separation, -1.5, TOL);
    assert!(out.overlap);
    let s = sat_of(&a, at(2.0, 3.0), &b, at(2.0, 3.0));
    assert_near(s.separation, -1.5, TOL);
    assert_vec_near(s.normal, Vec2::Y, TOL);
}

/// Radii 1 and 1, centres 2 apart: separation exactly 0. Touching is not overlap, but the
/// manifold still reports the point, at separation 0, where the circles meet.
#[test]
fn touching_circles_separation_zero_not_overlap() {
    let c = circle(1.0);
    let out = q(&c, at(0.0, 0.0), &c, at(2.0, 0.0));
    assert_eq!(out.separation, 0.0);
    assert!(!out.overlap);
    let s = sat_of(&c, at(0.0, 0.0), &c, at(2.0, 0.0));
    assert_eq!(s.separation, 0.0);
    assert!(!s.overlap());
    let m = manifold(&c, at(0.0, 0.0), &c, at(2.0, 0.0));
    assert_eq!(points(&m), vec![(Vec2::new(1.0, 0.0), 0.0)]);
    assert_eq!(m.normal, Vec2::X);
}

/// Centres (0,0) and (3,4): distance 5, radii 1 and 1.5, gap 2.5 along (0.6, 0.8).
#[test]
fn separated_circles_distance_and_normal() {
    let (a, b) = (circle(1.0), circle(1.5));
    let out = q(&a, at(0.0, 0.0), &b, at(3.0, 4.0));
    assert_near(out.separation, 2.5, TOL);
    assert_vec_near(out.normal, Vec2::new(0.6, 0.8), TOL);
    assert_vec_near(out.point_a, Vec2::new(0.6, 0.8), TOL);
    assert_vec_near(out.point_b, Vec2::new(3.0 - 0.9, 4.0 - 1.2), TOL);
    assert!(manifold(&a, at(0.0, 0.0), &b, at(3.0, 4.0)).is_empty());
}

/// Radii 1 and 1 with centres 1.5 apart on x: depth 0.5; the point is midway between the
/// surfaces x = 1 (A's) and x = 0.5 (B's), at 0.75.
#[test]
fn overlapping_circles_point_midway_between_surfaces() {
    let c = circle(1.0);
    let m = manifold(&c, at(0.0, 0.0), &c, at(1.5, 0.0));
    assert_eq!(m.len(), 1);
    let (p, s) = points(&m)[0];
    assert_vec_near(p, Vec2::new(0.75, 0.0), TOL);
    assert_near(s, -0.5, TOL);
    assert_near(q(&c, at(0.0, 0.0), &c, at(1.5, 0.0)).separation, -0.5, TOL);
}

/// Box 2×2 at the origin, circle r 0.5 at (0.6, 0.1): the centre is 0.4 from the right face, the
/// nearest; the circle must move 0.4 + 0.5 = 0.9 along +x.
#[test]
fn circle_centre_inside_box() {
    let (bx, c) = (rect(2.0, 2.0), circle(0.5));
    let m = manifold(&bx, at(0.0, 0.0), &c, at(0.6, 0.1));
    assert_eq!(m.len(), 1);
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_near(m.min_separation().unwrap(), -0.9, TOL);
    let out = q(&bx, at(0.0, 0.0), &c, at(0.6, 0.1));
    assert_near(out.separation, -0.9, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
    let s = sat_of(&bx, at(0.0, 0.0), &c, at(0.6, 0.1));
    assert_near(s.separation, -0.9, TOL);
    assert_vec_near(s.normal, Vec2::X, TOL);
}

/// Circle r 0.5 centred exactly on the box's right face at (1, 0.2): depth is the radius, the
/// normal the face normal. (parry gets this one wrong; see oracle.rs.)
#[test]
fn circle_centre_on_box_face() {
    let (bx, c) = (rect(2.0, 2.0), circle(0.5));
    let m = manifold(&bx, at(0.0, 0.0), &c, at(1.0, 0.2));
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_near(m.min_separation().unwrap(), -0.5, TOL);
    let out = q(&bx, at(0.0, 0.0), &c, at(1.0, 0.2));
    assert_near(out.separation, -0.5, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
    // Reversed roles: the normal still points from A (now the circle) to B.
    let out = q(&c, at(1.0, 0.2), &bx, at(0.0, 0.0));
    assert_near(out.separation, -0.5, TOL);
    assert_vec_near(out.normal, -Vec2::X, TOL);
}

/// Circle r 0.5 centred exactly on the box's corner (1, 1): depth 0.5 along any direction of
/// the corner's cone (between +x and +y); the normal must be one of them.
#[test]
fn circle_centre_on_box_vertex() {
    let (bx, c) = (rect(2.0, 2.0), circle(0.5));
    let in_cone = |n: Vec2| n.x >= -TOL && n.y >= -TOL && (n.length() - 1.0).abs() < TOL;
    let m = manifold(&bx, at(0.0, 0.0), &c, at(1.0, 1.0));
    assert_eq!(m.len(), 1);
    assert!(in_cone(m.normal), "{}", m.normal);
    assert_near(m.min_separation().unwrap(), -0.5, TOL);
    let out = q(&bx, at(0.0, 0.0), &c, at(1.0, 1.0));
    assert!(in_cone(out.normal), "{}", out.normal);
    assert_near(out.separation, -0.5, TOL);
    assert_near(
        sat_of(&bx, at(0.0, 0.0), &c, at(1.0, 1.0)).separation,
        -0.5,
        TOL,
    );
}

/// Circle r 0.6 at (1.3, 1.4) beyond the corner (1, 1) of a 2×2 box: corner-to-centre is
/// (0.3, 0.4), length 0.5, so depth 0.1 along (0.6, 0.8), a vertex normal, not a face normal.
#[test]
fn circle_near_box_corner_uses_vertex_normal() {
    let (bx, c) = (rect(2.0, 2.0), circle(0.6));
    let m = manifold(&bx, at(0.0, 0.0), &c, at(1.3, 1.4));
    assert_vec_near(m.normal, Vec2::new(0.6, 0.8), TOL);
    let (p, s) = points(&m)[0];
    assert_near(s, -0.1, TOL);
    // Surfaces: the corner (1, 1) and the circle's nearest point (1, 1) - 0.1 n; midway.
    assert_vec_near(p, Vec2::new(1.0, 1.0) - 0.05 * Vec2::new(0.6, 0.8), TOL);
    let out = q(&bx, at(0.0, 0.0), &c, at(1.3, 1.4));
    assert_near(out.separation, -0.1, TOL);
    assert_vec_near(out.normal, Vec2::new(0.6, 0.8), TOL);
}

/// A circle r 0.4 at (1.3, 1.4): the face axes alone give gaps -0.1 and 0 (touching); the
/// corner-to-centre axis gives the true gap 0.1, and SAT reports it.
#[test]
fn sat_circle_beyond_corner_separated_on_vertex_axis() {
    let (bx, c) = (rect(2.0, 2.0), circle(0.4));
    let mut trace = Vec::new();
    let s = sat(
        &bx,
        at(0.0, 0.0),
        &c,
        at(1.3, 1.4),
        SatOptions::default(),
        &mut trace,
    );
    assert_near(s.separation, 0.1, TOL);
    assert_vec_near(s.normal, Vec2::new(0.6, 0.8), TOL);
    let axes: Vec<_> = trace
        .iter()
        .filter_map(|s| {
            if let SatStep::Axis(a) = s {
                Some(*a)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(axes.len(), 5);
    assert!(matches!(
        axes[s.best].source,
        AxisSource::Vertices { a: 2, b: 0 }
    ));
    assert_eq!(s.first_separating, Some(4));
}

/// A circle r 0.5 on the axis of a capsule (length 2, radius 0.2), 1.5 from its centre: 0.5
/// from the cap centre, so depth 0.2, normal +x. The centre is in front of neither side of the
/// capsule's segment; only the cap's vertex region gives the right answer.
#[test]
fn circle_on_capsule_axis_beyond_the_cap() {
    let (cap, c) = (capsule(2.0, 0.2), circle(0.5));
    let m = manifold(&cap, at(0.0, 0.0), &c, at(1.5, 0.0));
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_near(m.min_separation().unwrap(), -0.2, TOL);
    assert_vec_near(points(&m)[0].0, Vec2::new(1.1, 0.0), TOL);
    let m = manifold(&c, at(-1.5, 0.0), &cap, at(0.0, 0.0));
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_near(m.min_separation().unwrap(), -0.2, TOL);
    let out = q(&cap, at(0.0, 0.0), &c, at(1.5, 0.0));
    assert_near(out.separation, -0.2, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
}

/// A circle r 0.5 in a 10×10 box at (3, 1): contained; the nearest face is 2 away, depth 2.5.
#[test]
fn circle_contained_in_box() {
    let (bx, c) = (rect(10.0, 10.0), circle(0.5));
    let m = manifold(&bx, at(0.0, 0.0), &c, at(3.0, 1.0));
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_near(m.min_separation().unwrap(), -2.5, TOL);
    let out = q(&bx, at(0.0, 0.0), &c, at(3.0, 1.0));
    assert_near(out.separation, -2.5, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
}

// ---------------------------------------------------------------------------------------------
// Boxes.

/// Unit boxes at (0, 0) and (1, 0): they share the edge x = 0.5. Separation is exactly 0 in
/// every algorithm, touching is not overlap, and the manifold has the edge's two ends at 0.
#[test]
fn touching_boxes_separation_zero_not_overlap() {
    let b = rect(1.0, 1.0);
    let s = sat_of(&b, at(0.0, 0.0), &b, at(1.0, 0.0));
    assert_eq!(s.separation, 0.0);
    assert!(!s.overlap());
    let out = q(&b, at(0.0, 0.0), &b, at(1.0, 0.0));
    assert_eq!(out.separation, 0.0);
    assert!(!out.overlap);
    assert_vec_near(out.normal, Vec2::X, TOL);
    let m = manifold(&b, at(0.0, 0.0), &b, at(1.0, 0.0));
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_eq!(
        points(&m),
        vec![(Vec2::new(0.5, -0.5), 0.0), (Vec2::new(0.5, 0.5), 0.0)]
    );
}

/// Unit boxes at (0, 0) and (1, 1) meet at one corner: separation 0, not overlap, and one
/// point at the shared corner, at separation 0.
#[test]
fn boxes_touching_corner_to_corner() {
    let b = rect(1.0, 1.0);
    let s = sat_of(&b, at(0.0, 0.0), &b, at(1.0, 1.0));
    assert_eq!(s.separation, 0.0);
    let out = q(&b, at(0.0, 0.0), &b, at(1.0, 1.0));
    assert_eq!(out.separation, 0.0);
    assert!(!out.overlap);
    let m = manifold(&b, at(0.0, 0.0), &b, at(1.0, 1.0));
    assert_eq!(points(&m), vec![(Vec2::new(0.5, 0.5), 0.0)]);
}

/// A 1×1 box at (0.3, 0.49) on a 4×1 floor whose top is y = 0: 0.01 deep along the whole bottom
/// edge. Two points at the ends of the edge (x = -0.2 and 0.8), each midway between the floor
/// (y = 0) and the box's bottom (y = -0.01), separation -0.01, normal up, reference on A.
#[test]
fn box_resting_on_box_two_points() {
    let (floor, bx) = (rect(4.0, 1.0), rect(1.0, 1.0));
    let (m, trace) = manifold_traced(
        &floor,
        at(0.0, -0.5),
        &bx,
        at(0.3, 0.49),
        ManifoldOptions::default(),
    );
    assert_vec_near(m.normal, Vec2::Y, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 2);
    assert_vec_near(p[0].0, Vec2::new(-0.2, -0.005), TOL);
    assert_vec_near(p[1].0, Vec2::new(0.8, -0.005), TOL);
    assert_near(p[0].1, -0.01, TOL);
    assert_near(p[1].1, -0.01, TOL);
    for pt in m.points() {
        assert_eq!(pt.id.kind, FeatureKind::Clip);
        assert!(!pt.id.flip);
        assert_eq!(
            pt.id.reference, 2,
            "the floor's top edge is edge 2 (vertices 2 → 3)"
        );
    }
    let ids: Vec<u32> = m.points().map(|p| p.id.pack()).collect();
    assert_ne!(ids[0], ids[1]);
    assert!(matches!(
        trace.first(),
        Some(ManifoldStep::ReferenceFace {
            flip: false,
            edge_a: 2,
            ..
        })
    ));
}

/// A 1×1 box turned 45° with its lowest corner 0.05 below the floor's top (y = 0): one point,
/// at the corner's x, midway between the corner and the floor, separation -0.05.
#[test]
fn rotated_corner_into_face_one_point() {
    let (floor, bx) = (rect(4.0, 1.0), rect(1.0, 1.0));
    let y = FRAC_1_SQRT_2 - 0.05;
    let m = manifold(
        &floor,
        at(0.0, -0.5),
        &bx,
        Transform::new(Vec2::new(0.2, y), FRAC_PI_4),
    );
    assert_vec_near(m.normal, Vec2::Y, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 1);
    assert_vec_near(p[0].0, Vec2::new(0.2, -0.025), TOL);
    assert_near(p[0].1, -0.05, TOL);
}

/// Two identical unit boxes on top of each other: depth 1 in x and in y (a tie); every
/// algorithm must answer depth 1 with a unit normal along an axis, and two points.
#[test]
fn identical_coincident_boxes() {
    let b = rect(1.0, 1.0);
    let axis_aligned = |n: Vec2| (n.x.abs() - 1.0).abs() < TOL || (n.y.abs() - 1.0).abs() < TOL;
    let s = sat_of(&b, at(1.0, 2.0), &b, at(1.0, 2.0));
    assert_near(s.separation, -1.0, TOL);
    assert!(axis_aligned(s.normal));
    let out = q(&b, at(1.0, 2.0), &b, at(1.0, 2.0));
    assert_near(out.separation, -1.0, TOL);
    assert!(axis_aligned(out.normal), "{}", out.normal);
    let m = manifold(&b, at(1.0, 2.0), &b, at(1.0, 2.0));
    assert!(axis_aligned(m.normal));
    assert_eq!(m.len(), 2);
    assert!(
        m.points()
            .all(|p| (p.separation + 1.0).abs() < TOL && p.position.is_finite())
    );
}

/// A 1×1 box at (3, 1) inside a 10×10 box: the nearest way out is through the right face, 2.5
/// (B's left side at x = 2.5 to A's right face at x = 5); the manifold is B's left edge.
#[test]
fn box_contained_in_box() {
    let (big, small) = (rect(10.0, 10.0), rect(1.0, 1.0));
    let s = sat_of(&big, at(0.0, 0.0), &small, at(3.0, 1.0));
    assert_near(s.separation, -2.5, TOL);
    assert_vec_near(s.normal, Vec2::X, TOL);
    let out = q(&big, at(0.0, 0.0), &small, at(3.0, 1.0));
    assert_near(out.separation, -2.5, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
    let m = manifold(&big, at(0.0, 0.0), &small, at(3.0, 1.0));
    assert_vec_near(m.normal, Vec2::X, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 2);
    assert_vec_near(p[0].0, Vec2::new(3.75, 0.5), TOL);
    assert_vec_near(p[1].0, Vec2::new(3.75, 1.5), TOL);
    assert!(p.iter().all(|(_, s)| (s + 2.5).abs() < TOL));
}

/// Boxes 1×1 at (0, 0) and (0.3, 0.99) turned by ±0.001 rad: B's face and A's face are within
/// the hysteresis band (|sep_b − sep_a| ≈ 0.3 × 0.001 < 0.1 × slop), so A stays the reference
/// both ways and the ids are the same.
#[test]
fn near_parallel_faces_keep_ids_with_hysteresis() {
    let b = rect(1.0, 1.0);
    let ids = |angle: f32| {
        let m = manifold(
            &b,
            at(0.0, 0.0),
            &b,
            Transform::new(Vec2::new(0.3, 0.99), angle),
        );
        assert_eq!(m.len(), 2);
        assert_vec_near(m.normal, Vec2::Y, 1e-3);
        let mut ids: Vec<u32> = m.points().map(|p| p.id.pack()).collect();
        ids.sort();
        (ids, m.points().all(|p| !p.id.flip))
    };
    let (plus, plus_a) = ids(0.001);
    let (minus, minus_a) = ids(-0.001);
    assert!(plus_a && minus_a, "A's face is the reference both ways");
    assert_eq!(plus, minus);
}

/// The same pair with the hysteresis off: at -0.001 rad B's face is better by 0.0003 and wins
/// the reference role, at +0.001 A's wins, so the ids differ — the churn hysteresis prevents.
#[test]
fn near_parallel_faces_without_hysteresis_ids_may_flip() {
    let b = rect(1.0, 1.0);
    let off = ManifoldOptions {
        hysteresis: false,
        ..ManifoldOptions::default()
    };
    let run = |angle: f32| {
        manifold_traced(
            &b,
            at(0.0, 0.0),
            &b,
            Transform::new(Vec2::new(0.3, 0.99), angle),
            off,
        )
    };
    let (plus, _) = run(0.001);
    let (minus, trace) = run(-0.001);
    assert!(plus.points().all(|p| !p.id.flip));
    assert!(minus.points().all(|p| p.id.flip));
    let ids = |m: &Manifold| {
        let mut v: Vec<u32> = m.points().map(|p| p.id.pack()).collect();
        v.sort();
        v
    };
    assert_ne!(ids(&plus), ids(&minus));
    assert!(matches!(
        trace.first(),
        Some(ManifoldStep::ReferenceFace {
            hysteresis: false,
            flip: true,
            ..
        })
    ));
    // Either way the depth is about 0.01 and the normal about +y.
    for m in [plus, minus] {
        assert_vec_near(m.normal, Vec2::Y, 2e-3);
        assert!(m.points().all(|p| (p.separation + 0.01).abs() < 2e-3));
    }
}

/// A wall 0.01 × 10 (1000:1) and a unit box pushed 0.002 into its right side: the least
/// overlap is along x (0.002), not along the wall's long axis.
#[test]
fn thin_wall_1000_to_1() {
    let (wall, bx) = (rect(0.01, 10.0), rect(1.0, 1.0));
    let xb = at(0.005 + 0.5 - 0.002, 1.0);
    let m = manifold(&wall, at(0.0, 0.0), &bx, xb);
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_eq!(m.len(), 2);
    assert!(m.points().all(|p| (p.separation + 0.002).abs() < TOL));
    let out = q(&wall, at(0.0, 0.0), &bx, xb);
    assert_near(out.separation, -0.002, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
    let s = sat_of(&wall, at(0.0, 0.0), &bx, xb);
    assert_near(s.separation, -0.002, TOL);
    // And a 10 × 0.01 floor with the box resting 0.002 deep on top.
    let floor = rect(10.0, 0.01);
    let m = manifold(&floor, at(0.0, 0.0), &bx, at(1.0, 0.005 + 0.5 - 0.002));
    assert_vec_near(m.normal, Vec2::Y, TOL);
    assert_eq!(m.len(), 2);
    assert!(m.points().all(|p| (p.separation + 0.002).abs() < TOL));
}

/// The same pair at (1e4, 1e4) and at the origin. Offsets are exact in f32 (B − A is the same
/// numbers), so the pair-frame traces are identical and separations and normals agree to 1e-5;
/// world positions differ only by rounding at 1e4 (ulp ≈ 1e-3).
#[test]
fn far_from_origin_agrees_with_origin() {
    let (a, b) = (
        Shape::make_box(2.0, 1.0, 0.05).unwrap(),
        Shape::regular_polygon(5, 0.7).unwrap(),
    );
    let far = Vec2::new(1.0e4, 1.0e4);
    let (xa, xb) = (at_deg(0.0, 0.0, 10.0), at_deg(0.75, 0.875, 33.0));
    let (fa, fb) = (
        Transform {
            p: xa.p + far,
            ..xa
        },
        Transform {
            p: xb.p + far,
            ..xb
        },
    );
    let o = ManifoldOptions::default();
    let (near_m, near_t) = manifold_traced(&a, xa, &b, xb, o);
    let (far_m, far_t) = manifold_traced(&a, fa, &b, fb, o);
    assert!(!near_m.is_empty());
    assert_eq!(near_t[..near_t.len() - 1], far_t[..far_t.len() - 1]);
    assert_vec_near(far_m.normal, near_m.normal, 1e-5);
    for (pf, pn) in far_m.points().zip(near_m.points()) {
        assert_eq!(pf.id, pn.id);
        assert_near(pf.separation, pn.separation, 1e-5);
        assert_vec_near(pf.position - far, pn.position, 1e-3);
    }
    let (qn, qf) = (q(&a, xa, &b, xb), q(&a, fa, &b, fb));
    assert_near(qf.separation, qn.separation, 1e-5);
    assert_vec_near(qf.normal, qn.normal, 1e-5);
    let (sn, sf) = (sat_of(&a, xa, &b, xb), sat_of(&a, fa, &b, fb));
    assert_near(sf.separation, sn.separation, 1e-5);
    assert_vec_near(sf.normal, sn.normal, 1e-5);
}

// ---------------------------------------------------------------------------------------------
// Capsules and rounded shapes.

/// Capsules of core length 2 (radius 0.1) along x and 3 (radius 0.2) along y, centres at (0, 0)
/// and (0.2, 0): the cores cross. The core difference B − A is the rectangle [-0.8, 1.2] ×
/// [-1.5, 1.5]; the origin is 0.8 from its left side, so the cores must move 0.8 along +x and
/// the shapes 0.8 + 0.1 + 0.2 = 1.1.
#[test]
fn crossing_capsules_depth_is_core_overlap_plus_radii() {
    let (a, b) = (capsule(2.0, 0.1), capsule(3.0, 0.2));
    let (xa, xb) = (at(0.0, 0.0), at_deg(0.2, 0.0, 90.0));
    let out = q(&a, xa, &b, xb);
    assert_near(out.core_separation, -0.8, TOL);
    assert_near(out.separation, -1.1, TOL);
    assert_vec_near(out.normal, Vec2::X, TOL);
    let s = sat_of(&a, xa, &b, xb);
    assert_near(s.separation, -1.1, TOL);
    assert_vec_near(s.normal, Vec2::X, TOL);
    // The manifold's deepest point has the same depth (one point: A's cap end is deepest).
    let m = manifold(&a, xa, &b, xb);
    assert_vec_near(m.normal, Vec2::X, TOL);
    assert_near(m.min_separation().unwrap(), -1.1, TOL);
}

/// Capsules of core length 2 and 3, crossing at their centres at 60°: the core difference is
/// a parallelogram whose nearer sides are sin 60° × 1 from the origin (the other pair is
/// sin 60° × 1.5), so the core depth is √3/2 and the normal is perpendicular to B's axis.
#[test]
fn crossing_capsules_at_60_degrees() {
    let (a, b) = (capsule(2.0, 0.1), capsule(3.0, 0.1));
    let (xa, xb) = (at(0.0, 0.0), at_deg(0.0, 0.0, 60.0));
    let out = q(&a, xa, &b, xb);
    let depth = 3f32.sqrt() / 2.0;
    assert_near(out.separation, -depth - 0.2, TOL);
    let axis_b = Vec2::new(0.5, 3f32.sqrt() / 2.0);
    assert_near(out.normal.dot(axis_b), 0.0, TOL);
    assert_near(sat_of(&a, xa, &b, xb).separation, -depth - 0.2, TOL);
    assert_near(
        manifold(&a, xa, &b, xb).min_separation().unwrap(),
        -depth - 0.2,
        TOL,
    );
}

/// A capsule (length 1, radius 0.25) lying on a box whose top is y = 0, its core at y = 0.24:
/// 0.01 deep along the whole core, two points under the cap centres x = -0.2 and 0.8.
#[test]
fn capsule_lying_on_box_two_points() {
    let (floor, cap) = (rect(6.0, 0.5), capsule(1.0, 0.25));
    let m = manifold(&floor, at(0.0, -0.25), &cap, at(0.3, 0.24));
    assert_vec_near(m.normal, Vec2::Y, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 2);
    assert_vec_near(p[0].0, Vec2::new(-0.2, -0.005), TOL);
    assert_vec_near(p[1].0, Vec2::new(0.8, -0.005), TOL);
    assert!(p.iter().all(|(_, s)| (s + 0.01).abs() < TOL));
}

/// The same capsule standing on its end on the box: one point, under the lower cap.
#[test]
fn capsule_standing_on_box_one_point() {
    let (floor, cap) = (rect(6.0, 0.5), capsule(1.0, 0.25));
    let m = manifold(&floor, at(0.0, -0.25), &cap, at_deg(0.3, 0.74, 90.0));
    assert_vec_near(m.normal, Vec2::Y, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 1);
    assert_vec_near(p[0].0, Vec2::new(0.3, -0.005), TOL);
    assert_near(p[0].1, -0.01, TOL);
}

/// A capsule (length 1, radius 0.1, core at y = 0.5) inside the triangle (-3,0), (3,0), (0,3):
/// the cheapest way out is down through the base, 0.5 + 0.1; two points along the core.
#[test]
fn capsule_deep_in_triangle() {
    let tri = Shape::polygon(
        &[
            Vec2::new(-3.0, 0.0),
            Vec2::new(3.0, 0.0),
            Vec2::new(0.0, 3.0),
        ],
        0.0,
    )
    .unwrap()
    .0;
    let cap = capsule(1.0, 0.1);
    let out = q(&tri, at(0.0, 0.0), &cap, at(0.0, 0.5));
    assert_near(out.separation, -0.6, TOL);
    assert_vec_near(out.normal, -Vec2::Y, TOL);
    let s = sat_of(&tri, at(0.0, 0.0), &cap, at(0.0, 0.5));
    assert_near(s.separation, -0.6, TOL);
    assert_vec_near(s.normal, -Vec2::Y, TOL);
    let m = manifold(&tri, at(0.0, 0.0), &cap, at(0.0, 0.5));
    assert_vec_near(m.normal, -Vec2::Y, TOL);
    assert_eq!(m.len(), 2);
    assert!(m.points().all(|p| (p.separation + 0.6).abs() < TOL));
}

/// Two 1×1 boxes rounded by 0.1, the second at (1.1, 1.1): the core corners (0.5, 0.5) and
/// (0.6, 0.6) are 0.1√2 apart, less than 0.2, so the shapes overlap by 0.2 − 0.1√2 along the
/// diagonal; one point, midway between the rounded surfaces, at (0.55, 0.55).
#[test]
fn rounded_corner_against_rounded_corner_diagonal_normal() {
    let b = Shape::make_box(1.0, 1.0, 0.1).unwrap();
    let diag = Vec2::new(FRAC_1_SQRT_2, FRAC_1_SQRT_2);
    let sep = 0.1 * 2f32.sqrt() - 0.2;
    let (m, trace) = manifold_traced(
        &b,
        at(0.0, 0.0),
        &b,
        at(1.1, 1.1),
        ManifoldOptions::default(),
    );
    assert_vec_near(m.normal, diag, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 1);
    assert_vec_near(p[0].0, Vec2::new(0.55, 0.55), TOL);
    assert_near(p[0].1, sep, TOL);
    assert!(m.points().all(|p| p.id.kind == FeatureKind::Corner));
    assert!(
        trace
            .iter()
            .any(|s| matches!(s, ManifoldStep::Corner { .. }))
    );
    let out = q(&b, at(0.0, 0.0), &b, at(1.1, 1.1));
    assert_near(out.separation, sep, TOL);
    assert_vec_near(out.normal, diag, TOL);
    let s = sat_of(&b, at(0.0, 0.0), &b, at(1.1, 1.1));
    assert_near(s.separation, sep, TOL);
    assert_vec_near(s.normal, diag, TOL);
}

/// Rounded boxes (radius 0.1) with cores 0.3 apart along x: the shapes are 0.1 apart. The query
/// folds the radii back in: core separation 0.3, separation 0.1, surface points 0.1 inside the
/// core points.
#[test]
fn query_folds_radii_back_in() {
    let b = Shape::make_box(1.0, 1.0, 0.1).unwrap();
    let out = q(&b, at(0.0, 0.0), &b, at(1.3, 0.0));
    assert_near(out.core_separation, 0.3, TOL);
    assert_near(out.separation, 0.1, TOL);
    assert!(!out.overlap);
    assert_vec_near(out.normal, Vec2::X, TOL);
    assert_near(out.point_a.x, 0.6, TOL);
    assert_near(out.point_b.x, 0.7, TOL);
    assert_near(out.core_a.x, 0.5, TOL);
    assert_near(out.core_b.x, 0.8, TOL);
}

/// Two capsules lying along the same line, overlapping: the core difference is a segment
/// through the origin (no area). EPA's flat guard answers core depth 0 with a normal
/// perpendicular to the line; the shapes overlap by the two radii.
#[test]
fn collinear_capsules_flat_guard() {
    let c = capsule(2.0, 0.25);
    let mut epa_trace: Vec<EpaStep> = Vec::new();
    let out = query(
        &c,
        at(0.0, 0.0),
        &c,
        at(1.0, 0.0),
        &mut NoTrace,
        &mut epa_trace,
    );
    assert_near(out.separation, -0.5, TOL);
    assert_near(out.normal.x, 0.0, TOL);
    assert_near(out.normal.length(), 1.0, TOL);
    let e = out.epa.expect("the cores meet");
    assert_eq!(e.guard, Some(narrowphase_lab::geom::EpaGuard::FlatTriangle));
    assert_eq!(
        epa_trace.last().and_then(|s| s.guard),
        Some(narrowphase_lab::geom::EpaGuard::FlatTriangle)
    );
}

/// A thin 1.74 × 0.1 box deep inside a rounded nonagon (overlap 1.02). The reference face
/// is the box's long side and the incident face lies wholly beyond its side planes, so
/// clipping leaves nothing; the manifold keeps the incident core's deepest vertex instead of
/// reporting no contact for shapes a whole unit deep in each other.
#[test]
fn deep_thin_box_in_polygon_keeps_a_point() {
    let a = rect(1.7414451, 0.1);
    let b = poly(
        &[
            (-1.1474142, 0.0),
            (-0.92827755, -0.6744333),
            (-0.3545701, -1.0912559),
            (0.35457063, -1.0912557),
            (0.92827755, -0.67443323),
            (1.5486966, 0.9686154),
            (0.70142215, 1.1791977),
            (-0.2976157, 1.1586348),
            (-0.9282777, 0.67443305),
        ],
        0.31369796,
    );
    let (xa, xb) = (
        Transform::new(Vec2::new(4.2158103, 1.7614808), -2.156),
        Transform::new(Vec2::new(4.929069, 1.7354237), 1.149),
    );
    let truth = q(&a, xa, &b, xb).separation;
    assert!(truth < -1.0);
    let m = manifold(&a, xa, &b, xb);
    assert!(!m.is_empty(), "overlapping by {truth} but no points");
    assert_near(m.min_separation().unwrap(), truth, 0.03);
}

/// A rounded pentagon (radius 0.31) and a sharp octagon whose cores are 0.419 apart (the shapes
/// 0.109). B's best face is only 0.008 better than A's, within the hysteresis, so A's face is
/// the reference; B's face most anti-parallel to it is not the one nearest A. Their corners are
/// closest *on those faces*, but the line between them is outside the corners' normal cones,
/// so they are not the closest features: the manifold must not report the corner distance
/// (0.127) as the separation.
#[test]
fn corner_contact_only_inside_both_normal_cones() {
    let a = poly(
        &[
            (-0.2588944, 0.08643814),
            (-0.23989514, -0.12466226),
            (0.055623084, -0.17119017),
            (0.18, 0.0),
            (0.05562306, 0.17119019),
        ],
        0.30998987,
    );
    let b = poly(
        &[
            (-0.8070364, -0.12794778),
            (-0.36067748, -0.571675),
            (-0.27293634, -0.65388066),
            (0.259358, -0.5679146),
            (0.52522373, -0.3375405),
            (0.6243345, 0.0),
            (0.5252236, 0.33754072),
            (-0.14334288, 0.9969716),
        ],
        0.0,
    );
    let xa = Transform {
        p: Vec2::new(0.6293878, 0.20999806),
        q: narrowphase_lab::geom::Rot {
            c: -0.87553203,
            s: -0.48316008,
        },
    };
    let xb = Transform {
        p: Vec2::new(1.8064582, 0.8407174),
        q: narrowphase_lab::geom::Rot {
            c: 0.971273,
            s: -0.23796792,
        },
    };
    let truth = q(&a, xa, &b, xb).separation;
    assert_near(truth, 0.108736, 1e-5);
    let o = ManifoldOptions {
        speculative_margin: 0.15,
        ..ManifoldOptions::default()
    };
    let m = collide(&a, xa, &b, xb, &o, &mut NoTrace);
    let deepest = m.min_separation().expect("within the margin");
    // Within the hysteresis band of the truth (0.02 × 0.419 + 0.0005), not 0.127.
    assert_near(deepest, truth, 0.0089);
}

/// A capsule pointing end-on at a box corner (its tip just past the corner's side plane): the
/// closest features are the tip and the corner, along (almost) the face normal. The corner
/// contact must stand (clipping would cut the capsule's core far back along its length).
#[test]
fn capsule_tip_at_box_corner_is_a_corner_contact() {
    let a = capsule(1.1674451, 0.68454635);
    let b = Shape::make_box(1.0511638, 1.4827615, 0.3220523).unwrap();
    let xa = Transform {
        p: Vec2::new(2.0896425, 3.4434662),
        q: narrowphase_lab::geom::Rot {
            c: 0.90969205,
            s: -0.41528344,
        },
    };
    let xb = Transform {
        p: Vec2::new(3.6959147, 2.1205556),
        q: narrowphase_lab::geom::Rot {
            c: 0.4215687,
            s: 0.90679646,
        },
    };
    let truth = q(&a, xa, &b, xb);
    let m = manifold(&a, xa, &b, xb);
    assert_eq!(m.len(), 1);
    assert_near(m.min_separation().unwrap(), truth.separation, 1e-5);
    assert_vec_near(m.normal, truth.normal, 1e-4);
}

// ---------------------------------------------------------------------------------------------
// GJK and EPA on their own.

/// Unit boxes at (0, 0) and (3, 0) turned 45°: B's left corner is at x = 3 − √2/2, so the
/// distance is 2.5 − √2/2, from A's right face point (0.5, 0) to that corner.
#[test]
fn gjk_distance_of_separated_boxes() {
    let b = rect(1.0, 1.0);
    let pair = pair_frame(
        &b,
        at(0.0, 0.0),
        &b,
        Transform::new(Vec2::new(3.0, 0.0), FRAC_PI_4),
    );
    let mut trace: Vec<GjkStep> = Vec::new();
    let g = gjk(&pair.a, &pair.b, &mut trace);
    assert_near(g.distance, 2.5 - FRAC_1_SQRT_2, TOL);
    assert_vec_near(g.point_a, Vec2::new(0.5, 0.0), TOL);
    assert_vec_near(g.point_b, Vec2::new(3.0 - FRAC_1_SQRT_2, 0.0), TOL);
    assert!(!g.cores_meet());
    assert!(matches!(
        g.stop,
        GjkStop::NoProgress | GjkStop::RepeatedSupport
    ));
    assert_eq!(trace.len(), g.iterations);
    assert_eq!(trace.last().unwrap().stop, Some(g.stop));
    // Axis-aligned and offset vertically: a face-face distance of exactly 2.
    let pair = pair_frame(&b, at(0.0, 0.0), &b, at(3.0, 0.2));
    assert_near(gjk(&pair.a, &pair.b, &mut NoTrace).distance, 2.0, TOL);
}

/// Unit boxes at (0, 0) and (0.8, 0.1) overlap 0.2 in x and 0.9 in y: GJK encloses the origin,
/// EPA finds depth 0.2 with normal +x (A to B).
#[test]
fn epa_depth_of_overlapping_boxes() {
    let b = rect(1.0, 1.0);
    let pair = pair_frame(&b, at(0.0, 0.0), &b, at(0.8, 0.1));
    let g = gjk(&pair.a, &pair.b, &mut NoTrace);
    assert!(g.cores_meet());
    assert_eq!(g.distance, 0.0);
    let mut trace: Vec<EpaStep> = Vec::new();
    let e = epa(&pair.a, &pair.b, &g, &mut trace);
    assert_near(e.depth, 0.2, TOL);
    assert_vec_near(e.normal, Vec2::X, TOL);
    assert_eq!(e.guard, None);
    let last = trace.last().unwrap();
    assert!(last.converged);
    assert_vec_near(last.edge_normal, -e.normal, 0.0);
    // EPA answers with its best (smallest) upper bound: the support distance along its normal.
    assert_eq!(last.upper_bound, e.depth);
    assert!(last.upper_bound - last.lower_bound <= last.tolerance);
}

/// A unit box turned 45° with one corner 0.1 inside the right face of a unit box: EPA depth 0.1
/// along +x (the diagonal overlap is 0.42, much more).
#[test]
fn epa_depth_of_corner_in_face() {
    let b = rect(1.0, 1.0);
    let x = 0.5 + FRAC_1_SQRT_2 - 0.1;
    let pair = pair_frame(
        &b,
        at(0.0, 0.0),
        &b,
        Transform::new(Vec2::new(x, 0.0), FRAC_PI_4),
    );
    let g = gjk(&pair.a, &pair.b, &mut NoTrace);
    let e = epa(&pair.a, &pair.b, &g, &mut NoTrace);
    assert_near(e.depth, 0.1, TOL);
    assert_vec_near(e.normal, Vec2::X, TOL);
    assert_vec_near(e.point_b, Vec2::new(0.4, 0.0), TOL);
}

/// A circle at the centre of a 1 × 3 box turned 30°: GJK ends on a diagonal of the box
/// through the origin (the circle's centre). EPA starts from that segment; the edge through the
/// origin keeps its outward normal (rounding puts the origin a hair outside it), so EPA expands
/// to the true depth 0.5 (half the width) instead of stopping at 0.
#[test]
fn circle_at_centre_of_turned_box_epa_from_diagonal() {
    let (bx, c) = (rect(1.0, 3.0), circle(0.25));
    for deg in [0.0f32, 30.0, 60.0, 111.0, -137.0] {
        let xa = at_deg(1.0, -2.0, deg);
        let out = q(&bx, xa, &c, at(1.0, -2.0));
        assert_near(out.separation, -0.75, TOL);
        let short_axis = Transform::new(Vec2::ZERO, deg.to_radians()).apply(Vec2::X);
        assert_near(out.normal.dot(short_axis).abs(), 1.0, TOL);
    }
}

/// Two unit boxes 2e-6 apart along a turned face normal: the witness points nearly coincide,
/// so their difference has almost no precision; the normal comes from the GJK simplex (the
/// face's perpendicular) and is exact to rounding.
#[test]
fn nearly_touching_cores_normal_from_simplex() {
    let (bx, c) = (Shape::make_box(1.0, 1.0, 0.3).unwrap(), circle(0.85));
    let angle = 0.7f32;
    let n = Transform::new(Vec2::ZERO, angle).apply(Vec2::X);
    let xa = Transform::new(Vec2::new(0.3, 0.1), angle);
    let xb = at(0.3 + n.x * (0.5 + 2e-6), 0.1 + n.y * (0.5 + 2e-6));
    let out = q(&bx, xa, &c, xb);
    assert!(
        out.core_separation > 0.0 && out.core_separation < 1e-5,
        "{}",
        out.core_separation
    );
    assert_vec_near(out.normal, n, 1e-5);
}

// ---------------------------------------------------------------------------------------------
// SAT on its own.

/// Unit boxes at (0, 0) and (1.5, 0.2). A's edge normals, in order, are −y, +x, +y, −x. On −y
/// the shadows overlap; on +x there is a gap of 0.5: the first separating axis is axis 1, and
/// it is also the best.
#[test]
fn sat_first_separating_axis() {
    let b = rect(1.0, 1.0);
    let mut trace = Vec::new();
    let s = sat(
        &b,
        at(0.0, 0.0),
        &b,
        at(1.5, 0.2),
        SatOptions::default(),
        &mut trace,
    );
    assert_eq!(s.axis_count, 8);
    assert_eq!(s.first_separating, Some(1));
    assert_eq!(s.best, 1);
    assert_near(s.separation, 0.5, TOL);
    assert_vec_near(s.normal, Vec2::X, TOL);
    let SatStep::Axis(axis0) = trace[0] else {
        panic!("first step is an axis")
    };
    assert_eq!(axis0.source, AxisSource::FaceA(0));
    assert_vec_near(axis0.axis, -Vec2::Y, TOL);
    assert_near(axis0.gap, -0.8, TOL);
}

/// Unit boxes at (0, 0) and (0.2, 0.9): overlap 0.8 in x, 0.1 in y. No axis separates; the least
/// overlap is on the ±y line, where A's faces 0 (−y) and 2 (+y) tie exactly: the answer is A's
/// face 2, the one that looks at B (issue 26: one answer per tie), pointed A → B as +y.
#[test]
fn sat_least_overlap_axis_is_contact_normal() {
    let b = rect(1.0, 1.0);
    let s = sat_of(&b, at(0.0, 0.0), &b, at(0.2, 0.9));
    assert_eq!(s.first_separating, None);
    assert_eq!(s.best, 2);
    assert_near(s.separation, -0.1, TOL);
    assert_vec_near(s.normal, Vec2::Y, TOL);
    assert!(s.overlap());
}

/// Two aligned boxes: the 8 face normals lie on 2 lines; merging tests 2 and skips 6.
#[test]
fn sat_merge_parallel_aligned_boxes_two_axes() {
    let b = rect(1.0, 2.0);
    let options = SatOptions {
        merge_parallel: true,
    };
    let mut trace = Vec::new();
    let s = sat(&b, at(0.0, 0.0), &b, at(0.7, 0.4), options, &mut trace);
    assert_eq!(s.axis_count, 2);
    assert_eq!(
        trace
            .iter()
            .filter(|s| matches!(s, SatStep::Merged { .. }))
            .count(),
        6
    );
    assert_eq!(
        trace
            .iter()
            .filter(|s| matches!(s, SatStep::Axis(_)))
            .count(),
        2
    );
    // Same verdict as without merging.
    let full = sat_of(&b, at(0.0, 0.0), &b, at(0.7, 0.4));
    assert_eq!(full.axis_count, 8);
    assert_near(s.separation, full.separation, 0.0);
    assert_vec_near(s.normal, full.normal, 0.0);
}

/// Boxes turned 30° relative to each other: 4 lines, so 4 axes are tested.
#[test]
fn sat_merge_parallel_rotated_boxes_four_axes() {
    let b = rect(1.0, 2.0);
    let options = SatOptions {
        merge_parallel: true,
    };
    let s = sat(
        &b,
        at(0.0, 0.0),
        &b,
        at_deg(0.7, 0.4, 30.0),
        options,
        &mut NoTrace,
    );
    assert_eq!(s.axis_count, 4);
    let full = sat_of(&b, at(0.0, 0.0), &b, at_deg(0.7, 0.4, 30.0));
    assert_near(s.separation, full.separation, 0.0);
}

/// Boxes turned 0.001 rad relative to each other: their face normals are on 4 distinct lines
/// (0.001 rad apart is not parallel), so merging must not fold them into 2: the depth along the
/// turned axes differs by about a thousandth of the size.
#[test]
fn sat_merge_parallel_keeps_nearly_parallel_axes() {
    let b = rect(1.0, 2.0);
    let options = SatOptions {
        merge_parallel: true,
    };
    let xb = Transform::new(Vec2::new(0.7, 0.4), 0.001);
    let merged = sat(&b, at(0.0, 0.0), &b, xb, options, &mut NoTrace);
    assert_eq!(merged.axis_count, 4);
    let full = sat_of(&b, at(0.0, 0.0), &b, xb);
    assert_eq!(merged.separation, full.separation);
}

// ---------------------------------------------------------------------------------------------
// The manifold's options and ids.

/// Unit boxes 0.05 apart: with the default margin 0 no points (but the normal is still the
/// separating direction); with margin 0.1 the two speculative points at separation 0.05.
#[test]
fn speculative_margin_keeps_near_points() {
    let b = rect(1.0, 1.0);
    let m = manifold(&b, at(0.0, 0.0), &b, at(0.0, 1.05));
    assert!(m.is_empty());
    assert_vec_near(m.normal, Vec2::Y, TOL);
    let o = ManifoldOptions {
        speculative_margin: 0.1,
        ..ManifoldOptions::default()
    };
    let m = collide(&b, at(0.0, 0.0), &b, at(0.0, 1.05), &o, &mut NoTrace);
    assert_eq!(m.len(), 2);
    assert!(m.points().all(|p| (p.separation - 0.05).abs() < TOL));
}

/// Two equal 1×1 boxes rounded by 0.1, stacked exactly (cores 0.19 apart, so the shapes are
/// 0.01 deep): the cores' nearest corners line up along the normal, but the faces are flat
/// against each other, so two points, not a corner contact.
#[test]
fn equal_rounded_boxes_stacked_two_points() {
    let b = Shape::make_box(1.0, 1.0, 0.1).unwrap();
    let m = manifold(&b, at(0.0, 0.0), &b, at(0.0, 1.19));
    assert_vec_near(m.normal, Vec2::Y, TOL);
    let p = points(&m);
    assert_eq!(p.len(), 2);
    assert_vec_near(p[0].0, Vec2::new(-0.5, 0.595), TOL);
    assert_vec_near(p[1].0, Vec2::new(0.5, 0.595), TOL);
    assert!(p.iter().all(|(_, s)| (s + 0.01).abs() < TOL));
    assert!(m.points().all(|p| p.id.kind == FeatureKind::Clip));
}

/// Every feature id survives `pack` → `unpack`.
#[test]
fn feature_id_pack_unpack_round_trip() {
    let kinds = [
        FeatureKind::Clip,
        FeatureKind::Corner,
        FeatureKind::CircleCircle,
        FeatureKind::CircleFace,
        FeatureKind::CircleVertex,
    ];
    let mut seen = std::collections::HashSet::new();
    for kind in kinds {
        for reference in 0..MAX_VERTICES as u8 {
            let incidents = (0..MAX_VERTICES as u8)
                .map(IncidentFeature::Vertex)
                .chain([0, 1].map(IncidentFeature::SidePlane));
            for incident in incidents {
                for flip in [false, true] {
                    let id = FeatureId {
                        kind,
                        reference,
                        incident,
                        flip,
                    };
                    let packed = id.pack();
                    assert_eq!(FeatureId::unpack(packed), Some(id));
                    assert!(seen.insert(packed), "two ids pack to {packed:#x}");
                }
            }
        }
    }
}

/// Numbers no id packs to are rejected.
#[test]
fn feature_id_unpack_rejects_garbage() {
    assert_eq!(FeatureId::unpack(5 << 24), None, "no kind 5");
    assert_eq!(FeatureId::unpack(66 << 8), None, "no side plane 2");
    assert_eq!(FeatureId::unpack(2), None, "the flip byte is 0 or 1");
}

// ---------------------------------------------------------------------------------------------
// Building shapes: cleaning and errors.

/// A repeated vertex is removed with a warning naming both indices.
#[test]
fn duplicate_vertex_cleaned_with_warning() {
    let pts = [
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(0.0, 1.0),
    ];
    let (s, w) = Shape::polygon(&pts, 0.0).unwrap();
    assert_eq!(s.count(), 3);
    assert_eq!(
        w,
        vec![ShapeWarning::Duplicate {
            removed: 2,
            kept: 1
        }]
    );
}

/// A vertex in the middle of an edge is removed with a warning naming it.
#[test]
fn collinear_vertex_cleaned_with_warning() {
    let pts = [
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(0.0, 2.0),
    ];
    let (s, w) = Shape::polygon(&pts, 0.0).unwrap();
    assert_eq!(s.count(), 4);
    assert_eq!(w, vec![ShapeWarning::Collinear { removed: 1 }]);
    assert!(!s.vertices().contains(&Vec2::new(1.0, 0.0)));
}

/// A clockwise list is stored counter-clockwise, with a warning, and collides the same.
#[test]
fn clockwise_polygon_stored_counter_clockwise() {
    let ccw = [
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(0.0, 1.0),
    ];
    let cw = [ccw[2], ccw[1], ccw[0]];
    let (a, wa) = Shape::polygon(&ccw, 0.0).unwrap();
    let (b, wb) = Shape::polygon(&cw, 0.0).unwrap();
    assert!(wa.is_empty());
    assert_eq!(wb, vec![ShapeWarning::Reversed]);
    let other = rect(1.0, 1.0);
    let (ma, mb) = (
        manifold(&a, at(0.0, 0.0), &other, at(0.3, 1.4)),
        manifold(&b, at(0.0, 0.0), &other, at(0.3, 1.4)),
    );
    assert_near(
        ma.min_separation().unwrap(),
        mb.min_separation().unwrap(),
        TOL,
    );
}

/// A dented polygon is rejected, naming the vertex where it turns the wrong way.
#[test]
fn non_convex_polygon_rejected_naming_vertex() {
    let pts = [
        Vec2::new(0.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.0, 2.0),
    ];
    let err = Shape::polygon(&pts, 0.0).unwrap_err();
    assert_eq!(err, ShapeError::NonConvex { vertex: 3 });
    assert!(err.to_string().starts_with("vertices[3]"), "{err}");
}

/// 65 vertices: one more than allowed.
#[test]
fn too_many_vertices_rejected() {
    let pts: Vec<Vec2> = (0..MAX_VERTICES + 1)
        .map(|i| {
            let t = 2.0 * PI * i as f32 / (MAX_VERTICES + 1) as f32;
            Vec2::new(t.cos(), t.sin())
        })
        .collect();
    assert_eq!(
        Shape::polygon(&pts, 0.0).unwrap_err(),
        ShapeError::TooManyVertices { count: 65 }
    );
    // 64 is fine.
    assert_eq!(
        Shape::polygon(&pts[..MAX_VERTICES], 0.0).unwrap().0.count(),
        MAX_VERTICES
    );
}

/// Two distinct points, or three in a line, are not a polygon.
#[test]
fn too_few_vertices_rejected() {
    let two = [Vec2::ZERO, Vec2::X, Vec2::ZERO];
    assert!(matches!(
        Shape::polygon(&two, 0.0),
        Err(ShapeError::TooFewVertices { .. })
    ));
    let line = [Vec2::ZERO, Vec2::X, 2.0 * Vec2::X];
    assert!(matches!(
        Shape::polygon(&line, 0.0),
        Err(ShapeError::TooFewVertices { .. })
    ));
}

/// NaN and infinity are errors naming the field.
#[test]
fn non_finite_numbers_rejected() {
    let pts = [Vec2::ZERO, Vec2::X, Vec2::new(0.0, f32::NAN)];
    let err = Shape::polygon(&pts, 0.0).unwrap_err();
    assert!(
        matches!(&err, ShapeError::NonFinite { field, .. } if *field == ShapeParam::VertexY(2)),
        "{err:?}"
    );
    let err = Shape::circle(f32::INFINITY).unwrap_err();
    assert!(
        matches!(&err, ShapeError::NonFinite { field, .. } if *field == ShapeParam::Radius),
        "{err:?}"
    );
    let err = Shape::make_box(1.0, 1.0, f32::NAN).unwrap_err();
    assert!(
        matches!(&err, ShapeError::NonFinite { field, .. } if *field == ShapeParam::Radius),
        "{err:?}"
    );
}

/// Zero or negative sizes are errors naming the field; a negative rounding radius too.
#[test]
fn non_positive_sizes_rejected() {
    let field_of = |e: ShapeError| match e {
        ShapeError::NonPositive { field, .. } | ShapeError::Negative { field, .. } => {
            field.to_string()
        }
        other => panic!("unexpected {other:?}"),
    };
    assert_eq!(
        field_of(Shape::make_box(0.0, 1.0, 0.0).unwrap_err()),
        "width"
    );
    assert_eq!(
        field_of(Shape::make_box(1.0, -2.0, 0.0).unwrap_err()),
        "height"
    );
    assert_eq!(
        field_of(Shape::make_box(1.0, 1.0, -0.1).unwrap_err()),
        "radius"
    );
    assert_eq!(field_of(Shape::circle(0.0).unwrap_err()), "radius");
    assert_eq!(field_of(Shape::capsule(-1.0, 0.5).unwrap_err()), "length");
    assert_eq!(field_of(Shape::capsule(1.0, 0.0).unwrap_err()), "radius");
    assert_eq!(
        field_of(Shape::regular_polygon(5, 0.0).unwrap_err()),
        "circumradius"
    );
    assert!(matches!(
        Shape::regular_polygon(2, 1.0),
        Err(ShapeError::BadSides { sides: 2 })
    ));
    let tri = [Vec2::ZERO, Vec2::X, Vec2::Y];
    assert_eq!(field_of(Shape::polygon(&tri, -0.5).unwrap_err()), "radius");
}
