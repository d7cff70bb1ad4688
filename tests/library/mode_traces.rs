//! What the three modes draw comes from these traces, so the traces are checked against
//! independent truth: SAT rows against projections computed here from the vertices, GJK steps
//! against each other, EPA bounds against the final depth, the Minkowski hull against brute
//! force, and the clipping steps on hand-made cases.

use glam::Vec2;
use narrowphase_lab::geom::math::cross;
use narrowphase_lab::geom::{
    AxisSource, EpaStep, GjkStep, IncidentFeature, ManifoldOptions, ManifoldStep, SatAxis,
    SatOptions, SatStep, Shape, Transform, collide, minkowski_hull, pair_frame, query, sat,
};

fn xf(x: f32, y: f32, deg: f32) -> Transform {
    Transform::new(Vec2::new(x, y), deg.to_radians())
}

fn boxed(w: f32, h: f32) -> Shape {
    Shape::make_box(w, h, 0.0).unwrap()
}

/// A few pairs of every kind, some apart, some touching, some deep.
fn pairs() -> Vec<(Shape, Transform, Shape, Transform)> {
    let tri = Shape::polygon(
        &[
            Vec2::new(-1.0, -0.6),
            Vec2::new(1.2, -0.5),
            Vec2::new(0.1, 1.0),
        ],
        0.05,
    )
    .unwrap()
    .0;
    let shapes = [
        boxed(2.0, 1.0),
        Shape::make_box(1.0, 1.5, 0.2).unwrap(),
        Shape::circle(0.7).unwrap(),
        Shape::capsule(1.5, 0.3).unwrap(),
        Shape::regular_polygon(7, 0.9).unwrap(),
        tri,
    ];
    let mut out = Vec::new();
    let mut k = 0u32;
    for a in &shapes {
        for b in &shapes {
            for d in [0.3f32, 1.0, 1.7, 2.6] {
                k += 1;
                let t = k as f32 * 0.731;
                out.push((
                    *a,
                    xf(10.0, -3.0, k as f32 * 17.0),
                    *b,
                    xf(10.0 + d * t.cos(), -3.0 + d * t.sin(), k as f32 * 41.0),
                ));
            }
        }
    }
    out
}

fn world_vertices(s: &Shape, x: Transform) -> Vec<Vec2> {
    s.vertices().iter().map(|v| x.apply(*v)).collect()
}

fn interval(s: &Shape, x: Transform, axis: Vec2) -> [f32; 2] {
    let d: Vec<f32> = world_vertices(s, x).iter().map(|v| v.dot(axis)).collect();
    [
        d.iter().copied().fold(f32::INFINITY, f32::min) - s.radius(),
        d.iter().copied().fold(f32::NEG_INFINITY, f32::max) + s.radius(),
    ]
}

#[test]
fn sat_rows_equal_projections_computed_from_the_vertices() {
    for (a, xa, b, xb) in pairs() {
        let mut steps = Vec::new();
        let out = sat(&a, xa, &b, xb, SatOptions::default(), &mut steps);
        let mut rows = 0;
        for s in &steps {
            let SatStep::Axis(row) = s else { continue };
            rows += 1;
            let shift = row.axis.dot(out.origin);
            let ia = interval(&a, xa, row.axis);
            let ib = interval(&b, xb, row.axis);
            for (got, want) in [
                (row.a[0] + shift, ia[0]),
                (row.a[1] + shift, ia[1]),
                (row.b[0] + shift, ib[0]),
                (row.b[1] + shift, ib[1]),
            ] {
                assert!(
                    (got - want).abs() < 2e-4,
                    "interval {got} vs {want} on {:?}",
                    row.source
                );
            }
            let gap = (ib[0] - ia[1]).max(ia[0] - ib[1]);
            assert!((row.gap - gap).abs() < 2e-4);
            // Face axes are the faces' world normals.
            match row.source {
                AxisSource::FaceA(i) => {
                    assert!((row.axis - xa.q.apply(a.normals()[i])).length() < 1e-5)
                }
                AxisSource::FaceB(j) => {
                    assert!((row.axis - xb.q.apply(b.normals()[j])).length() < 1e-5)
                }
                AxisSource::Vertices { .. } => assert!(a.radius() > 0.0 || b.radius() > 0.0),
            }
        }
        assert_eq!(rows, out.axis_count);
    }
}

#[test]
fn sat_marks_the_first_separating_axis() {
    // B to the right of A by 1: A's edge 0 (bottom) overlaps, edge 1 (right) separates first.
    let mut steps = Vec::new();
    let out = sat(
        &boxed(2.0, 2.0),
        xf(0.0, 0.0, 0.0),
        &boxed(2.0, 2.0),
        xf(3.0, 0.5, 0.0),
        SatOptions::default(),
        &mut steps,
    );
    assert_eq!(out.first_separating, Some(1));
    assert!(!out.overlap());
    assert!((out.separation - 1.0).abs() < 1e-6);
    assert!((out.normal - Vec2::X).length() < 1e-6);
}

#[test]
fn sat_touching_has_no_separating_axis_and_no_overlap() {
    let out = sat(
        &boxed(2.0, 2.0),
        xf(0.0, 0.0, 0.0),
        &boxed(2.0, 2.0),
        xf(2.0, 0.3, 0.0),
        SatOptions::default(),
        &mut Vec::new(),
    );
    assert_eq!(out.first_separating, None);
    assert_eq!(out.separation, 0.0);
    assert!(!out.overlap());
}

#[test]
fn sat_containment_least_overlap_is_the_nearest_way_out() {
    // A 1×1 box inside a 4×4 box, 0.5 from the right wall: the way out is right, by 1.0 + 0.5.
    let mut steps = Vec::new();
    let out = sat(
        &boxed(4.0, 4.0),
        xf(0.0, 0.0, 0.0),
        &boxed(1.0, 1.0),
        xf(1.0, 0.2, 0.0),
        SatOptions::default(),
        &mut steps,
    );
    assert!(out.overlap());
    assert!((out.separation + 1.5).abs() < 1e-6, "{}", out.separation);
    assert!((out.normal - Vec2::X).length() < 1e-6);
    let SatStep::Axis(best) = steps
        .iter()
        .filter(|s| matches!(s, SatStep::Axis(_)))
        .nth(out.best)
        .unwrap()
    else {
        unreachable!()
    };
    assert!(matches!(
        best.source,
        AxisSource::FaceA(1) | AxisSource::FaceB(1) | AxisSource::FaceB(3)
    ));
}

#[test]
fn sat_tie_answers_the_face_looking_at_the_other_body_and_the_rows_show_the_tie() {
    // Equal boxes one exactly on the other, overlapping 0.5 vertically, centred: the vertical
    // axis appears four times (A top/bottom, B top/bottom) with the same gap. The answer is the
    // first of them that looks at the other body: A's top face (edge 2; a box's edges run
    // bottom, right, top, left), not its bottom one (issue 26: one answer per tie).
    let mut steps = Vec::new();
    let out = sat(
        &boxed(2.0, 2.0),
        xf(0.0, 0.0, 0.0),
        &boxed(2.0, 2.0),
        xf(0.0, 1.5, 0.0),
        SatOptions::default(),
        &mut steps,
    );
    let gaps: Vec<f32> = steps
        .iter()
        .filter_map(|s| {
            if let SatStep::Axis(r) = s {
                Some(r.gap)
            } else {
                None
            }
        })
        .collect();
    let ties = gaps
        .iter()
        .filter(|g| (**g - out.separation).abs() < 1e-6)
        .count();
    assert_eq!(ties, 4, "{gaps:?}");
    assert_eq!(out.best, 2, "A's top face, the tied row that looks at B");
    assert!((out.normal - Vec2::Y).length() < 1e-6);
    // Merging parallel axes leaves one row per line: 2 for two aligned boxes.
    let merged = sat(
        &boxed(2.0, 2.0),
        xf(0.0, 0.0, 0.0),
        &boxed(2.0, 2.0),
        xf(0.0, 1.5, 0.0),
        SatOptions {
            merge_parallel: true,
        },
        &mut Vec::new(),
    );
    assert_eq!(merged.axis_count, 2);
    assert_eq!(merged.separation, out.separation);
    // Merged, the vertical line's row is named by A's top face too (its bottom face, tested
    // first, is listed as merged into it), and its shadows are read along +y.
    let mut merged_steps = Vec::new();
    let merged = sat(
        &boxed(2.0, 2.0),
        xf(0.0, 0.0, 0.0),
        &boxed(2.0, 2.0),
        xf(0.0, 1.5, 0.0),
        SatOptions {
            merge_parallel: true,
        },
        &mut merged_steps,
    );
    let rows: Vec<SatAxis> = merged_steps
        .iter()
        .filter_map(|s| match s {
            SatStep::Axis(r) => Some(*r),
            _ => None,
        })
        .collect();
    assert_eq!(rows[merged.best].source, AxisSource::FaceA(2));
    assert!((rows[merged.best].axis - Vec2::Y).length() < 1e-6);
    assert_eq!(rows[merged.best].a, [-1.0, 1.0]);
    assert_eq!(rows[merged.best].b, [0.5, 2.5]);
    assert_eq!(rows[merged.best].gap_ends, [1.0, 0.5]);
    assert!(merged_steps.iter().any(|s| matches!(
        s,
        SatStep::Merged {
            source: AxisSource::FaceA(0),
            same_as: 0
        }
    )));
}

#[test]
fn gjk_steps_chain_and_the_distance_never_grows() {
    for (a, xa, b, xb) in pairs() {
        let (mut gs, mut es) = (Vec::<GjkStep>::new(), Vec::<EpaStep>::new());
        let q = query(&a, xa, &b, xb, &mut gs, &mut es);
        assert!(!gs.is_empty());
        for w in gs.windows(2) {
            // Each simplex = the previous kept simplex + the new support point.
            let mut expect: Vec<(usize, usize)> = w[0]
                .simplex
                .iter()
                .map(|v| (v.index_a, v.index_b))
                .collect();
            let support = w[0]
                .support
                .expect("a step that continues found a support point");
            expect.push((support.index_a, support.index_b));
            let got: Vec<(usize, usize)> = w[1]
                .simplex_in
                .iter()
                .map(|v| (v.index_a, v.index_b))
                .collect();
            assert_eq!(got, expect);
            assert!(
                w[1].distance <= w[0].distance + 1e-5,
                "distance grew: {} → {}",
                w[0].distance,
                w[1].distance
            );
            assert!(w[0].stop.is_none());
        }
        for s in &gs {
            // The kept simplex is part of what came in.
            for v in &s.simplex {
                assert!(
                    s.simplex_in
                        .iter()
                        .any(|u| u.index_a == v.index_a && u.index_b == v.index_b)
                );
            }
            let weights: f32 = s.simplex.iter().map(|v| v.weight).sum();
            assert!((weights - 1.0).abs() < 1e-4);
        }
        let last = gs.last().unwrap();
        assert_eq!(last.stop, Some(q.gjk.stop));
        let kept: Vec<_> = last
            .simplex
            .iter()
            .map(|v| (v.index_a, v.index_b))
            .collect();
        let out: Vec<_> = q
            .gjk
            .simplex()
            .iter()
            .map(|v| (v.index_a, v.index_b))
            .collect();
        assert_eq!(kept, out);
        if !q.gjk.cores_meet() {
            assert!((last.distance - q.gjk.distance).abs() < 1e-4 * (1.0 + q.gjk.distance));
            assert!(es.is_empty());
        }
    }
}

#[test]
fn epa_bounds_bracket_the_final_depth() {
    let mut overlapping = 0;
    for (a, xa, b, xb) in pairs() {
        let (mut gs, mut es) = (Vec::new(), Vec::new());
        let q = query(&a, xa, &b, xb, &mut gs, &mut es);
        let Some(e) = q.epa else { continue };
        overlapping += 1;
        assert!(!es.is_empty());
        let depth = e.depth;
        for s in &es {
            assert!(
                s.lower_bound <= depth + 1e-5,
                "lower {} > depth {depth}",
                s.lower_bound
            );
            assert!(
                s.upper_bound >= depth - 1e-5,
                "upper {} < depth {depth}",
                s.upper_bound
            );
        }
        for w in es.windows(2) {
            assert!(w[1].lower_bound >= w[0].lower_bound - 1e-5);
            assert!(w[1].polytope.len() == w[0].polytope.len() + 1);
        }
        assert!(es.last().unwrap().converged);
    }
    assert!(overlapping > 20);
}

#[test]
fn minkowski_hull_equals_a_brute_force_hull_of_all_vertex_differences() {
    for (a, xa, b, xb) in pairs() {
        let p = pair_frame(&a, xa, &b, xb);
        let hull = minkowski_hull(&p.a, &p.b);
        let all: Vec<Vec2> =
            p.b.vertices()
                .flat_map(|vb| p.a.vertices().map(move |va| vb - va))
                .collect();
        let scale = all.iter().map(|v| v.length()).fold(1.0, f32::max);
        // Every hull vertex is a difference b_j − a_i with the indices it names.
        for v in &hull {
            assert_eq!(v.w, p.b.vertex(v.index_b) - p.a.vertex(v.index_a));
        }
        // Every difference is inside or on the hull.
        if hull.len() >= 3 {
            for q in &all {
                for k in 0..hull.len() {
                    let (e0, e1) = (hull[k].w, hull[(k + 1) % hull.len()].w);
                    assert!(
                        cross(e1 - e0, *q - e0) >= -1e-5 * scale * scale,
                        "{q} is outside the hull"
                    );
                }
            }
        }
        // The extreme difference in every direction is on the hull.
        for i in 0..64 {
            let t = i as f32 / 64.0 * std::f32::consts::TAU;
            let d = Vec2::new(t.cos(), t.sin());
            let best = all
                .iter()
                .map(|q| q.dot(d))
                .fold(f32::NEG_INFINITY, f32::max);
            let on_hull = hull
                .iter()
                .map(|v| v.w.dot(d))
                .fold(f32::NEG_INFINITY, f32::max);
            assert!((best - on_hull).abs() <= 1e-5 * scale);
        }
    }
}

fn manifold_steps(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Vec<ManifoldStep> {
    let mut steps = Vec::new();
    collide(a, xa, b, xb, &ManifoldOptions::default(), &mut steps);
    steps
}

#[test]
fn clip_box_on_wide_ground_keeps_both_incident_vertices() {
    let steps = manifold_steps(
        &boxed(8.0, 1.0),
        xf(0.0, -0.5, 0.0),
        &boxed(2.0, 1.0),
        xf(0.0, 0.48, 0.0),
    );
    let kinds: Vec<&str> = steps
        .iter()
        .map(|s| match s {
            ManifoldStep::ReferenceFace { .. } => "reference",
            ManifoldStep::IncidentFace(_) => "incident",
            ManifoldStep::ClipSide { .. } => "clip",
            ManifoldStep::Keep { .. } => "keep",
            ManifoldStep::Done(_) => "done",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["reference", "incident", "clip", "clip", "keep", "done"]
    );
    let ManifoldStep::ReferenceFace {
        flip, reference, ..
    } = &steps[0]
    else {
        unreachable!()
    };
    assert!(
        !flip && !reference.on_b && reference.edge == 2,
        "A's top face is the reference"
    );
    let ManifoldStep::IncidentFace(inc) = &steps[1] else {
        unreachable!()
    };
    assert!(inc.on_b && inc.edge == 0, "B's bottom face is incident");
    for s in &steps[2..4] {
        let ManifoldStep::ClipSide { input, output, .. } = s else {
            unreachable!()
        };
        assert_eq!(input.len(), 2);
        assert_eq!(output.len(), 2, "nothing sticks out past the ground's ends");
        assert!(
            output
                .iter()
                .all(|v| matches!(v.feature, IncidentFeature::Vertex(_)))
        );
    }
    let ManifoldStep::Keep { candidates, .. } = &steps[4] else {
        unreachable!()
    };
    assert!(
        candidates
            .iter()
            .all(|c| c.kept && (c.separation + 0.02).abs() < 1e-5)
    );
}

#[test]
fn clip_wide_box_on_narrow_post_is_cut_by_both_side_planes() {
    // A 4-wide plank on a 1-wide post: the post's top face is the reference; the plank's face is
    // cut at both side planes, making two new points over the post's corners.
    let steps = manifold_steps(
        &boxed(1.0, 2.0),
        xf(0.0, -1.0, 0.0),
        &boxed(4.0, 0.5),
        xf(0.3, 0.2, 0.0),
    );
    let clips: Vec<_> = steps
        .iter()
        .filter_map(|s| {
            if let ManifoldStep::ClipSide { output, .. } = s {
                Some(output.clone())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(clips.len(), 2);
    for (side, out) in clips.iter().enumerate() {
        assert!(
            out.iter()
                .any(|v| v.feature == IncidentFeature::SidePlane(side as u8)),
            "side {side}: {out:?}"
        );
    }
    let done = steps
        .iter()
        .find_map(|s| {
            if let ManifoldStep::Done(m) = s {
                Some(*m)
            } else {
                None
            }
        })
        .unwrap();
    let mut xs: Vec<f32> = done.points().map(|p| p.position.x).collect();
    xs.sort_by(f32::total_cmp);
    assert!(
        (xs[0] + 0.5).abs() < 1e-5 && (xs[1] - 0.5).abs() < 1e-5,
        "{xs:?}"
    );
}

#[test]
fn clip_tilted_box_drops_the_raised_end() {
    let steps = manifold_steps(
        &boxed(8.0, 1.0),
        xf(0.0, -0.5, 0.0),
        &boxed(2.0, 1.0),
        xf(0.0, 0.65, 10.0),
    );
    let ManifoldStep::Keep { candidates, margin } = steps
        .iter()
        .find(|s| matches!(s, ManifoldStep::Keep { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(candidates.len(), 2);
    let kept: Vec<_> = candidates.iter().filter(|c| c.kept).collect();
    let dropped: Vec<_> = candidates.iter().filter(|c| !c.kept).collect();
    assert_eq!((kept.len(), dropped.len()), (1, 1));
    assert!(
        dropped[0].separation > *margin,
        "dropped because it is in front of the reference face"
    );
    assert!(kept[0].separation <= 0.0);
}

/// The clip step's recorded distances are the clipper's own: an input point is kept (it is in
/// the output, as itself) exactly when its distance is at most 0, in every pair here.
#[test]
fn clip_distances_decide_what_each_side_plane_keeps() {
    let mut checked = 0;
    for (a, xa, b, xb) in pairs() {
        for s in manifold_steps(&a, xa, &b, xb) {
            let ManifoldStep::ClipSide {
                input,
                distances,
                output,
                ..
            } = &s
            else {
                continue;
            };
            assert_eq!(distances.len(), input.len());
            if input.len() < 2 {
                continue;
            }
            for (v, d) in input.iter().zip(distances) {
                assert_eq!(*d <= 0.0, output.contains(v), "{v:?} at {d} → {output:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "only {checked} points checked");
}
