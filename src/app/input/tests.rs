//! The gestures, window-free: a pointer state in, commands and a camera out.

use super::*;

#[test]
fn a_compound_is_hit_as_one_body_whose_inner_edges_are_not_its_outline() {
    // Two boxes overlapping by one unit: x = 0.5 is the first box's right edge, but inside
    // the second; x = 1.5 is the union's outline.
    let b = Shape::make_box(2.0, 1.0, 0.0).unwrap();
    let parts = [
        PlacedPart {
            shape: b,
            xf: Transform::new(Vec2::new(-0.5, 0.0), 0.0),
            link: None,
        },
        PlacedPart {
            shape: b,
            xf: Transform::new(Vec2::new(0.5, 0.0), 0.0),
            link: None,
        },
    ];
    let view = BodyView {
        shape: &b,
        pose: Pose {
            position: Vec2::ZERO,
            angle_deg: 0.0,
        },
        has_vertices: false,
        parts: &parts,
        shown: 0,
    };
    let ring = 0.1;
    assert!(!view.near_outline(Vec2::new(0.5, 0.0), ring));
    assert!(view.distance(Vec2::new(0.5, 0.0)) < 0.0);
    assert!(view.near_outline(Vec2::new(1.5, 0.0), ring));
    assert!(view.near_outline(Vec2::new(1.55, 0.0), ring));
    assert!(!view.near_outline(Vec2::new(2.0, 0.0), ring));
    // It turns about the mean of its parts' centroids.
    assert!(view.centroid().length() < 1e-6);
}

fn bodies<'a>(a: &'a Shape, b: &'a Shape) -> [BodyView<'a>; 2] {
    [
        BodyView {
            shape: a,
            pose: Pose {
                position: Vec2::new(-2.0, 0.0),
                angle_deg: 0.0,
            },
            has_vertices: true,
            parts: &[],
            shown: 0,
        },
        BodyView {
            shape: b,
            pose: Pose {
                position: Vec2::new(2.0, 0.0),
                angle_deg: 0.0,
            },
            has_vertices: true,
            parts: &[],
            shown: 0,
        },
    ]
}

fn press(at: Vec2) -> Input {
    Input {
        pointer: Some(at),
        pressed: [true, false, false],
        down: [true, false, false],
        ..Input::default()
    }
}

fn drag(at: Vec2) -> Input {
    Input {
        pointer: Some(at),
        down: [true, false, false],
        ..Input::default()
    }
}

fn release(at: Vec2) -> Input {
    Input {
        pointer: Some(at),
        released: [true, false, false],
        ..Input::default()
    }
}

fn last_pose(edits: &[Command]) -> Option<(Which, Pose)> {
    edits.iter().rev().find_map(|e| match e {
        Command::SetPose(b, p) => Some((*b, *p)),
        _ => None,
    })
}

#[test]
fn drag_inside_moves_by_the_dragged_distance() {
    let s = Shape::make_box(1.0, 1.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let start = cam.to_screen(Vec2::new(2.1, 0.1));
    let e = it.update(&press(start), &mut cam, &v, false);
    assert_eq!(e.first(), Some(&Command::BeginGesture));
    let e = it.update(&drag(start + Vec2::new(80.0, -40.0)), &mut cam, &v, false);
    let (body, pose) = last_pose(&e).unwrap();
    assert_eq!(body, Which::B);
    assert!(
        (pose.position - Vec2::new(3.0, 0.5)).length() < 1e-4,
        "{pose:?}"
    );
    let e = it.update(&release(start), &mut cam, &v, false);
    assert!(e.contains(&Command::EndGesture));
    assert_eq!(it.gesture, Gesture::Idle);
}

#[test]
fn a_press_the_frame_saw_late_drags_from_where_it_was() {
    let s = Shape::make_box(1.0, 1.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    // Pressed inside B, but the frame first sees the pointer 80 px on (a slow frame).
    let pressed = cam.to_screen(Vec2::new(2.1, 0.1));
    let late = Input {
        press_at: Some(pressed),
        ..press(pressed + Vec2::new(80.0, -40.0))
    };
    let e = it.update(&late, &mut cam, &v, false);
    assert_eq!(e.first(), Some(&Command::BeginGesture));
    let (body, pose) = last_pose(&e).expect("B moves in the press's own frame");
    assert_eq!(body, Which::B);
    assert!(
        (pose.position - Vec2::new(2.0, 0.0) - cam.to_world(pressed + Vec2::new(80.0, -40.0))
            + cam.to_world(pressed))
        .length()
            < 1e-4,
        "B moved by what the pointer moved since the press: {pose:?}"
    );
}

#[test]
fn ring_drag_turns_about_the_centroid() {
    let s = Shape::make_box(2.0, 2.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    // On B's right edge: world (3, 0) is the outline.
    let start = cam.to_screen(Vec2::new(3.0, 0.0));
    it.update(&press(start), &mut cam, &v, false);
    assert!(matches!(it.gesture, Gesture::Rotate { body: Which::B, .. }));
    // A quarter turn: pointer to straight above the centre.
    let e = it.update(
        &drag(cam.to_screen(Vec2::new(2.0, 1.0))),
        &mut cam,
        &v,
        false,
    );
    let (_, pose) = last_pose(&e).unwrap();
    assert!((pose.angle_deg - 90.0).abs() < 1e-3, "{pose:?}");
    assert!((pose.position - Vec2::new(2.0, 0.0)).length() < 1e-5);
}

#[test]
fn rotation_keeps_an_offset_centroid_in_place() {
    let (tri, _) = Shape::polygon(
        &[
            Vec2::new(0.0, 0.0),
            Vec2::new(3.0, 0.0),
            Vec2::new(0.0, 3.0),
        ],
        0.0,
    )
    .unwrap();
    let v = bodies(&tri, &tri);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let centroid_before = v[1].pose.transform().apply(tri.centroid());
    it.update(
        &press(cam.to_screen(Vec2::new(3.5, 0.0))),
        &mut cam,
        &v,
        false,
    );
    let e = it.update(
        &drag(cam.to_screen(Vec2::new(1.0, 3.0))),
        &mut cam,
        &v,
        false,
    );
    let (_, pose) = last_pose(&e).unwrap();
    let centroid_after = pose.transform().apply(tri.centroid());
    assert!((centroid_after - centroid_before).length() < 1e-4);
    assert!(pose.angle_deg.abs() > 1.0);
}

#[test]
fn shift_snaps_position_and_angle() {
    let s = Shape::make_box(2.0, 2.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let start = cam.to_screen(Vec2::new(2.0, 0.0));
    it.update(&press(start), &mut cam, &v, false);
    let mut i = drag(start + Vec2::new(13.0, 7.0));
    i.shift = true;
    let (_, pose) = last_pose(&it.update(&i, &mut cam, &v, false)).unwrap();
    for c in [pose.position.x, pose.position.y] {
        assert!(
            (c / SNAP_STEP - (c / SNAP_STEP).round()).abs() < 1e-3,
            "{c}"
        );
    }
    it.update(&release(start), &mut cam, &v, false);
    it.update(
        &press(cam.to_screen(Vec2::new(3.0, 0.0))),
        &mut cam,
        &v,
        false,
    );
    let mut i = drag(cam.to_screen(Vec2::new(3.0, 0.8)));
    i.shift = true;
    let (_, pose) = last_pose(&it.update(&i, &mut cam, &v, false)).unwrap();
    assert!((pose.angle_deg / SNAP_DEG - (pose.angle_deg / SNAP_DEG).round()).abs() < 1e-4);
    assert!(pose.angle_deg.abs() > 1.0);
}

#[test]
fn input_over_a_panel_is_ignored() {
    let s = Shape::make_box(1.0, 1.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let before = cam;
    let mut it = Interaction::default();
    let mut i = press(cam.to_screen(Vec2::new(2.0, 0.0)));
    i.over_ui = true;
    i.wheel = 3.0;
    assert!(it.update(&i, &mut cam, &v, false).is_empty());
    assert_eq!(it.gesture, Gesture::Idle);
    assert_eq!(cam, before);
}

#[test]
fn two_fingers_pan_and_zoom_the_view_about_their_midpoint() {
    let s = Shape::circle(0.5).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    // The fingers spread from 100 px apart to 200 px apart while their midpoint moves by
    // (30, -10): the world point under the old midpoint is under the new one, at twice
    // the zoom.
    let before = [Vec2::new(550.0, 400.0), Vec2::new(650.0, 400.0)];
    let now = [Vec2::new(530.0, 390.0), Vec2::new(730.0, 390.0)];
    let p = Pinch::between(before, now).expect("a pinch");
    assert_eq!(
        (p.from, p.to, p.scale),
        (Vec2::new(600.0, 400.0), Vec2::new(630.0, 390.0), 2.0)
    );
    let w = cam.to_world(p.from);
    let zoom = cam.zoom;
    let i = Input {
        pointer: Some(p.to),
        pinch: Some(p),
        ..Input::default()
    };
    assert!(it.update(&i, &mut cam, &v, false).is_empty());
    assert!(
        (cam.zoom - 2.0 * zoom).abs() < 1e-3,
        "{} → {}",
        zoom,
        cam.zoom
    );
    assert!((cam.to_world(p.to) - w).length() < 1e-4);
    // Fingers on top of each other, or not finite: no pinch.
    assert!(Pinch::between([Vec2::ZERO; 2], now).is_none());
    assert!(Pinch::between(before, [Vec2::NAN, Vec2::ZERO]).is_none());
}

#[test]
fn a_second_finger_ends_a_one_finger_drag() {
    let s = Shape::make_box(1.0, 1.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let start = cam.to_screen(Vec2::new(2.1, 0.1));
    it.update(&press(start), &mut cam, &v, false);
    it.update(&drag(start + Vec2::new(40.0, 0.0)), &mut cam, &v, false);
    let f = [start, start + Vec2::new(100.0, 0.0)];
    let i = Input {
        pinch: Pinch::between(f, f),
        ..drag(start + Vec2::new(60.0, 0.0))
    };
    let e = it.update(&i, &mut cam, &v, false);
    assert_eq!(
        e,
        vec![Command::EndGesture],
        "the drag ends, B moves no further"
    );
    assert_eq!(it.gesture, Gesture::Idle);
}

#[test]
fn wheel_zooms_about_the_cursor() {
    let s = Shape::circle(0.5).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let cursor = Vec2::new(1000.0, 300.0);
    let w = cam.to_world(cursor);
    let i = Input {
        pointer: Some(cursor),
        wheel: 2.0,
        ..Input::default()
    };
    it.update(&i, &mut cam, &v, false);
    assert!(cam.zoom > 80.0);
    assert!((cam.to_world(cursor) - w).length() < 1e-4);
}

#[test]
fn right_drag_pans() {
    let s = Shape::circle(0.5).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let p = Vec2::new(600.0, 600.0);
    let w = cam.to_world(p);
    let i = Input {
        pointer: Some(p),
        pressed: [false, true, false],
        down: [false, true, false],
        ..Input::default()
    };
    it.update(&i, &mut cam, &v, false);
    let q = p + Vec2::new(50.0, 20.0);
    let i = Input {
        pointer: Some(q),
        down: [false, true, false],
        ..Input::default()
    };
    it.update(&i, &mut cam, &v, false);
    // The world point that was under the pointer followed it.
    assert!((cam.to_world(q) - w).length() < 1e-4);
}

#[test]
fn vertex_edit_grabs_a_vertex() {
    let s = Shape::make_box(2.0, 2.0, 0.0).unwrap();
    let v = bodies(&s, &s);
    let mut cam = Camera::default();
    let mut it = Interaction::default();
    let corner = cam.to_screen(Vec2::new(3.0, 1.0));
    it.update(&press(corner), &mut cam, &v, true);
    assert_eq!(
        it.gesture,
        Gesture::Vertex {
            body: Which::B,
            index: 2
        }
    );
    let e = it.update(
        &drag(cam.to_screen(Vec2::new(3.5, 1.5))),
        &mut cam,
        &v,
        true,
    );
    assert!(e.contains(&Command::MoveVertex(Which::B, 2, Vec2::new(1.5, 1.5))));
}

#[test]
fn wrap_degrees_range() {
    assert_eq!(wrap_degrees(190.0), -170.0);
    assert_eq!(wrap_degrees(-180.0), 180.0);
    assert_eq!(wrap_degrees(45.0), 45.0);
}

#[test]
fn a_shape_under_two_rings_across_moves_from_its_middle_and_turns_from_outside() {
    // Boxes 0.2 units wide at the default zoom: a few pixels across, as a small body on a
    // phone. Their ring (RING_PX each way) would cover them whole.
    let s = Shape::make_box(0.2, 0.2, 0.0).unwrap();
    let v = bodies(&s, &s);
    let cam = Camera::default();
    let across = 0.2 * cam.zoom;
    assert!(
        across < 2.0 * RING_PX,
        "{across} px: the test needs a small shape"
    );
    // The middle moves it.
    let centre = cam.to_screen(Vec2::new(2.0, 0.0));
    assert_eq!(
        hit_test(&cam, centre, &v, false),
        Some(Hover::Inside(Which::B))
    );
    // Just outside its outline turns it.
    let outside = centre + Vec2::new(0.5 * across + 0.5 * RING_PX, 0.0);
    assert_eq!(
        hit_test(&cam, outside, &v, false),
        Some(Hover::Ring(Which::B))
    );
    // A large shape keeps its full ring inside: RING_PX − 1 inside its right edge turns it.
    let big = Shape::make_box(4.0, 4.0, 0.0).unwrap();
    let v = bodies(&big, &big);
    let edge = cam.to_screen(Vec2::new(4.0, 0.0));
    let inside = edge - Vec2::new(RING_PX - 1.0, 0.0);
    assert_eq!(
        hit_test(&cam, inside, &v, false),
        Some(Hover::Ring(Which::B))
    );
}
