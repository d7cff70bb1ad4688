//! The Continuous mode's query of a scene (`scene::continuous`): the curves it plots agree
//! with the steps it traced (the same arithmetic at the same t), and B's pose along the motion
//! is where each step put it.

use glam::Vec2;
use narrowphase_lab::geom::SweepState;
use narrowphase_lab::geom::toi::ToiStep;
use narrowphase_lab::scene::continuous::{Feature, Method, Steps, continuous};
use narrowphase_lab::scene::{self, Scene};

fn scene(text: &str) -> (Scene, scene::Pair) {
    let loaded = scene::parse(text, "test.ron").expect("scene");
    (loaded.scene, loaded.pair)
}

/// A box of 0.5 flying at a thin wall, B turning 90° on the way.
const BULLET: &str = "Scene(title: \"t\",
    a: Body(shape: Box(width: 0.1, height: 4.0), position: (3.0, 0.0)),
    b: Body(shape: Box(width: 0.5, height: 0.5), position: (0.0, 0.3)),
    motion: Motion(to: (6.0, 0.3), angle_deg: 90.0),
)";

#[test]
fn the_cast_plots_the_distance_its_steps_measured() {
    let (s, pair) = scene(BULLET);
    let c = continuous(&s, &pair, Method::Cast, 0.0).expect("cast");
    assert_eq!(c.state, SweepState::Hit);
    // The wall's face is at x = 2.95, B's front at 0.25 + 6 t: t = 2.7 / 6.
    assert!((c.t - 0.45).abs() < 1e-4, "t = {}", c.t);
    let Steps::Cast(steps) = &c.steps else {
        panic!("cast steps")
    };
    assert!(steps.len() >= 2, "{} steps", steps.len());
    let curve = &c.curves[0];
    assert_eq!(curve[0][0], 0.0);
    assert_eq!(curve[0][1], steps[0].distance, "d(0) is step 0's distance");
    // Under translation d(t) falls at 6 per unit of t until the hit.
    for w in curve.windows(2).filter(|w| w[1][0] <= 0.44) {
        let slope = (w[1][1] - w[0][1]) / (w[1][0] - w[0][0]);
        assert!((slope + 6.0).abs() < 1e-2, "slope {slope}");
    }
    for step in steps {
        let p = c.pose_b(step.t);
        assert!((p.p - (step.pose_b.p + c.origin)).abs().max_element() < 1e-5);
    }
    // B's right edge meets A's left edge.
    assert!(
        matches!(c.touching, Some([Feature::Edge(_), Feature::Edge(_)])),
        "{:?}",
        c.touching
    );
}

#[test]
fn the_time_of_impact_plots_each_separation_function_it_followed() {
    let (s, pair) = scene(BULLET);
    let c = continuous(&s, &pair, Method::Toi, 0.0).expect("toi");
    assert_eq!(c.state, SweepState::Hit);
    let Steps::Toi(steps) = &c.steps else {
        panic!("toi steps")
    };
    let axes = steps
        .iter()
        .filter(|s| matches!(s, ToiStep::Axis { .. }))
        .count();
    assert_eq!(c.curves.len(), axes);
    let pairs = steps
        .iter()
        .filter(|s| matches!(s, ToiStep::Deepest { .. }))
        .count();
    assert_eq!(c.pair_curves.len(), pairs);
    assert!(axes >= 1);
    // Each axis's first look at t2 = 1 is the curve's last sample (the same evaluation).
    let mut axis = None;
    for (k, step) in steps.iter().enumerate() {
        if matches!(step, ToiStep::Axis { .. }) {
            axis = c.axis_of_step(k);
        }
        assert_eq!(axis, c.axis_of_step(k));
        if let ToiStep::Deepest {
            t2,
            s2,
            push_back: 0,
            ..
        } = step
            && *t2 == 1.0
        {
            let curve = &c.curves[axis.expect("an axis before")];
            assert_eq!(curve.last().expect("samples")[1], *s2);
        }
        if let ToiStep::Root { t, s, .. } = step {
            // The pair's curve passes near the root finder's point (linear between samples).
            let curve = &c.pair_curves[c.pair_of_step(k).expect("a pair")];
            let i = curve
                .partition_point(|p| p[0] <= *t)
                .clamp(1, curve.len() - 1);
            let (p, q) = (curve[i - 1], curve[i]);
            let at = p[1] + (q[1] - p[1]) * (t - p[0]) / (q[0] - p[0]);
            assert!((at - s).abs() < 0.05, "s({t}) = {s}, curve {at}");
        }
        if let ToiStep::Distance { t1, pose_b, .. } = step {
            let p = c.pose_b(*t1);
            assert!((p.p - (pose_b.p + c.origin)).abs().max_element() < 1e-5);
            assert!((p.q.angle() - pose_b.q.angle()).abs() < 1e-5);
        }
    }
    // The answer's pose has turned by the fraction t of 90°.
    let turned = c.pose_b(c.t).q.angle().to_degrees();
    assert!(
        (turned - 90.0 * c.t).abs() < 1e-3,
        "{turned}° at t = {}",
        c.t
    );
}

#[test]
fn a_miss_is_separated_at_the_end_by_both_methods() {
    let (s, pair) = scene(
        "Scene(title: \"t\",
            a: Body(shape: Box(width: 0.1, height: 4.0), position: (3.0, 0.0)),
            b: Body(shape: Circle(radius: 0.2), position: (0.0, 0.0)),
            motion: Motion(to: (2.0, 0.0)),
        )",
    );
    for method in [Method::Cast, Method::Toi] {
        let c = continuous(&s, &pair, method, 0.0).expect("query");
        assert_eq!(c.state, SweepState::Separated, "{method:?}");
        assert_eq!(c.pose_b(1.0).p, Vec2::new(2.0, 0.0));
    }
    let (s, pair) = scene(
        "Scene(title: \"t\",
            a: Body(shape: Box(width: 0.1, height: 4.0), position: (3.0, 0.0)),
            b: Body(shape: Compound(parts: [
                Part(shape: Circle(radius: 0.2), position: (0.0, 0.0)),
                Part(shape: Circle(radius: 0.2), position: (0.5, 0.0)),
            ]), position: (0.0, 0.0)),
        )",
    );
    // The default motion: 2 along +x; the front circle would need to reach 2.95 − 0.2 − 0.5 =
    // 2.25: a miss, by the cast and by the time of impact (its parts each swept).
    for method in [Method::Cast, Method::Toi] {
        let c = continuous(&s, &pair, method, 0.0).expect("any B");
        assert_eq!(c.state, SweepState::Separated, "{method:?}");
    }
}

/// A compound B that turns: the time of impact sweeps each part about the body's centroid (the
/// mean of its parts' centroids). Checked by sampling the motion: no part touches A before the
/// answer, and at the answer the deciding part is at the target (f64 sampling of GJK's distance
/// through the library's own poses is the truth here: each part's pose is the body's composed
/// with the part's placement).
#[test]
fn a_turning_compound_b_first_touches_where_its_parts_say() {
    use narrowphase_lab::geom::gjk::gjk;
    use narrowphase_lab::geom::{NoTrace, Placed};
    let (s, pair) = scene(
        "Scene(title: \"t\",
            a: Body(shape: Box(width: 0.2, height: 4.0), position: (2.0, 0.0)),
            b: Body(shape: Compound(parts: [
                Part(shape: Box(width: 1.2, height: 0.2), position: (0.0, 0.0)),
                Part(shape: Circle(radius: 0.15), position: (0.6, 0.4)),
            ]), position: (-1.0, 0.0)),
            motion: Motion(to: (2.5, 0.0), angle_deg: -60.0),
        )",
    );
    let c = continuous(&s, &pair, Method::Toi, 0.0).expect("toi");
    assert_eq!(c.state, SweepState::Hit, "{c:?}");
    let bodies = pair.bodies.as_ref().expect("a compound");
    let wall = &bodies.parts[0][0];
    let a = Placed::new(&wall.shape, bodies.xfs[0].compose(wall.xf));
    let distance = |t: f32| {
        bodies.parts[1]
            .iter()
            .map(|p| {
                let b = Placed::new(&p.shape, c.pose_b(t).compose(p.xf));
                gjk(&a, &b, &mut NoTrace).distance - p.shape.radius()
            })
            .fold(f32::INFINITY, f32::min)
    };
    for k in 0..200 {
        let t = c.t * k as f32 / 200.0;
        assert!(distance(t) > 0.0, "touching at {t} before {}", c.t);
    }
    assert!(
        distance(c.t).abs() < 1e-4,
        "at the answer: {}",
        distance(c.t)
    );
    // Turned, so not the translation's answer.
    let cast = continuous(&s, &pair, Method::Cast, 0.0).expect("cast");
    assert!((cast.t - c.t).abs() > 1e-3, "{} vs {}", cast.t, c.t);
}
