//! Contact persistence as engines do it: vertex-pair ids that do not change when the reference
//! face flips (Box2D v3's), a sticky reference face (a true hysteresis), nearest-point matching
//! at an absolute tolerance (Jolt's), and one old impulse to at most one new point.

use glam::{DVec2, Vec2};
use narrowphase_lab::geom::{
    FeatureKind, Manifold, ManifoldOptions, ManifoldStep, NoTrace, Shape, Transform, collide,
};
use narrowphase_lab::scene::{Ids, Reference, Scene, Variant, parse};
use narrowphase_lab::sim::World;

/// A small xorshift, so the poses are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + (hi - lo) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// `shape`'s core vertices placed at `position`, turned by `angle` (radians), in f64.
fn placed(shape: &Shape, position: DVec2, angle: f64) -> Vec<DVec2> {
    let (s, c) = angle.sin_cos();
    shape
        .vertices()
        .iter()
        .map(|v| {
            let v = DVec2::new(v.x as f64, v.y as f64);
            position + DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
        })
        .collect()
}

/// The face of `poly` (counter-clockwise) whose outward normal is nearest `n`: `(i, i + 1)`.
fn face_along(poly: &[DVec2], n: DVec2) -> (usize, usize) {
    let k = poly.len();
    let best = (0..k)
        .max_by(|&i, &j| {
            let normal = |i: usize| {
                let e = poly[(i + 1) % k] - poly[i];
                DVec2::new(e.y, -e.x).normalize()
            };
            normal(i).dot(n).total_cmp(&normal(j).dot(n))
        })
        .unwrap();
    (best, (best + 1) % k)
}

/// One resting pose: A turned anywhere, B on one of A's faces turned by a quarter-turn multiple
/// plus a tilt far below the hysteresis bias, sunk `depth`, its face within A's or A's within
/// its (so the contact is two points, one at each end of the shorter face).
struct Resting {
    a: Shape,
    b: Shape,
    xf_a: Transform,
    xf_b: Transform,
    /// The contact normal, A to B.
    normal: DVec2,
}

fn resting(rng: &mut Rng, scale: f64, origin: DVec2) -> Resting {
    let size = |rng: &mut Rng, lo: f64, hi: f64| (rng.next(lo, hi) * scale) as f32;
    let a = Shape::make_box(size(rng, 0.5, 6.0), size(rng, 0.5, 2.0), 0.0).unwrap();
    let b = Shape::make_box(size(rng, 0.5, 6.0), size(rng, 0.5, 2.0), 0.0).unwrap();
    let angle_a = rng.next(-3.1, 3.1) as f32;
    let quarter = rng.next(0.0, 4.0).floor();
    let tilt = rng.next(-1e-4, 1e-4);
    let angle_b = (angle_a as f64 + quarter * std::f64::consts::FRAC_PI_2 + tilt) as f32;
    // A's face k, in f64, at A's centre placed at `origin`.
    let pa = placed(&a, DVec2::ZERO, angle_a as f64);
    let k = rng.next(0.0, 4.0).floor() as usize;
    let (v1, v2) = (pa[k], pa[(k + 1) % 4]);
    let t = (v2 - v1).normalize();
    let n = DVec2::new(t.y, -t.x);
    // B placed so that its deepest vertex is `depth` below A's face, slid along it.
    let pb = placed(&b, DVec2::ZERO, angle_b as f64);
    let lowest = pb.iter().map(|v| v.dot(n)).fold(f64::INFINITY, f64::min);
    let along = |p: &[DVec2]| {
        let ts: Vec<f64> = p.iter().map(|v| v.dot(t)).collect();
        let lo = ts.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ts.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        hi - lo
    };
    let (len_a, len_b) = ((v2 - v1).length(), along(&pb));
    let room = 0.45 * (len_a - len_b).abs();
    let depth = rng.next(0.001, 0.01) * scale;
    let mid = (v1 + v2) * 0.5;
    let centre_b = mid + n * (-lowest - depth) + t * rng.next(-room, room);
    let at = |p: DVec2| Vec2::new(p.x as f32, p.y as f32);
    Resting {
        xf_a: Transform::new(at(origin), angle_a),
        xf_b: Transform::new(at(origin + centre_b), angle_b),
        a,
        b,
        normal: n,
    }
}

fn sticky(last_b: bool) -> ManifoldOptions {
    ManifoldOptions {
        sticky: Some(last_b),
        ..ManifoldOptions::default()
    }
}

/// The manifold untraced (the fast paths) and traced (the readable steps): they must agree,
/// vertex pairs included.
fn both_paths(r: &Resting, options: &ManifoldOptions) -> Manifold {
    let fast = collide(&r.a, r.xf_a, &r.b, r.xf_b, options, &mut NoTrace);
    let mut steps: Vec<ManifoldStep> = Vec::new();
    let traced = collide(&r.a, r.xf_a, &r.b, r.xf_b, options, &mut steps);
    assert_eq!(fast, traced, "traced and untraced differ");
    fast
}

#[test]
fn vertex_pair_ids_survive_a_forced_reference_flip_at_every_scale() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let cases = [
        ("tiny", 1e-4, DVec2::ZERO),
        ("normal", 1.0, DVec2::ZERO),
        ("huge", 1e4, DVec2::ZERO),
        ("far", 1.0, DVec2::new(1000.0, -700.0)),
    ];
    for (name, scale, origin) in cases {
        let mut flipped = 0;
        for _ in 0..300 {
            let r = resting(&mut rng, scale, origin * scale.max(1.0));
            // Remembering A's face, A's is the reference; remembering B's, B's: a tie within
            // the bias, so both are valid references of one resting contact.
            let (ma, mb) = (
                both_paths(&r, &sticky(false)),
                both_paths(&r, &sticky(true)),
            );
            assert_eq!((ma.len(), mb.len()), (2, 2), "{name}: two points each");
            assert!(
                ma.points()
                    .all(|p| p.id.kind == FeatureKind::Clip && !p.id.flip)
            );
            assert!(
                mb.points()
                    .all(|p| p.id.kind == FeatureKind::Clip && p.id.flip)
            );
            flipped += 1;
            // The feature ids differ (the flip bit at least); the vertex pairs do not.
            let ids = |m: &Manifold| m.points().map(|p| p.id.pack()).collect::<Vec<_>>();
            assert_ne!(ids(&ma), ids(&mb));
            let pairs = |m: &Manifold| {
                let mut v: Vec<[u8; 2]> = m.points().map(|p| p.vertices).collect();
                v.sort();
                v
            };
            assert_eq!(pairs(&ma), pairs(&mb), "{name}: vertex pairs changed");

            // Exact geometry: each side of the contact pairs A's face end on that side with
            // B's; the point sits at the inner of the two ends along the face.
            let o = DVec2::new(r.xf_a.p.x as f64, r.xf_a.p.y as f64);
            let ob = DVec2::new(r.xf_b.p.x as f64, r.xf_b.p.y as f64);
            let pa = placed(&r.a, o, r.xf_a.q.angle() as f64);
            let pb = placed(&r.b, ob, r.xf_b.q.angle() as f64);
            let (fa, fb) = (face_along(&pa, r.normal), face_along(&pb, -r.normal));
            let t = DVec2::new(-r.normal.y, r.normal.x);
            let ends = |poly: &[DVec2], (i, j): (usize, usize)| {
                let (ti, tj) = (poly[i].dot(t), poly[j].dot(t));
                if ti <= tj {
                    [(i, ti), (j, tj)]
                } else {
                    [(j, tj), (i, ti)]
                }
            };
            let (ea, eb) = (ends(&pa, fa), ends(&pb, fb));
            let tol = 1e-3 * scale + 1e-5 * o.length();
            for m in [&ma, &mb] {
                for p in m.points() {
                    let along = DVec2::new(p.position.x as f64, p.position.y as f64).dot(t);
                    let low = ea[0].1.max(eb[0].1);
                    let high = ea[1].1.min(eb[1].1);
                    let side = if (along - low).abs() <= (along - high).abs() {
                        0
                    } else {
                        1
                    };
                    let want = [ea[side].0 as u8, eb[side].0 as u8];
                    assert_eq!(p.vertices, want, "{name}: pair against exact geometry");
                    let at = if side == 0 { low } else { high };
                    assert!((along - at).abs() <= tol, "{name}: {along} vs {at}");
                }
            }
        }
        assert_eq!(flipped, 300, "{name}");
    }
}

#[test]
fn sticky_keeps_b_face_across_a_tie_that_flips_biased_choice() {
    // A small static box A under a wide plank B. Tilted onto A's corner, the plank's bottom
    // face is clearly the better reference (A's corner pokes into it; A's top face has the
    // plank's far end deep below it). Lying flat, sunk 0.01, the two faces tie exactly.
    let small = Shape::make_box(1.0, 1.0, 0.0).unwrap();
    let plank = Shape::make_box(6.0, 0.5, 0.0).unwrap();
    let xf_a = Transform::new(Vec2::ZERO, 0.0);
    let tilted = Transform::new(
        Vec2::new(0.0, 0.5 + 0.25 / 10f32.to_radians().cos() - 0.01),
        10f32.to_radians(),
    );
    let flat = Transform::new(Vec2::new(0.0, 0.74), 0.0);
    let reference_b = |xf_b: Transform, options: &ManifoldOptions| {
        let mut steps = Vec::new();
        let m = collide(&small, xf_a, &plank, xf_b, options, &mut steps);
        assert!(!m.is_empty(), "touching");
        let seps = steps.iter().find_map(|s| match s {
            ManifoldStep::ReferenceFace { sep_a, sep_b, .. } => Some((*sep_a, *sep_b)),
            _ => None,
        });
        (m.points().next().unwrap().id.flip, seps.unwrap())
    };
    let biased = ManifoldOptions::default();
    // Tilted: B's face ahead by far more than the bias, so even Biased takes it.
    let (start, (sep_a, sep_b)) = reference_b(tilted, &biased);
    assert!(sep_b > sep_a + 0.01, "{sep_a} {sep_b}");
    assert!(start, "B's face is the reference when clearly better");
    // Flat: a tie. Biased goes back to A's face; Sticky, remembering B's, keeps it.
    let (biased_flat, (sep_a, sep_b)) = reference_b(flat, &biased);
    assert!((sep_a - sep_b).abs() < 1e-6, "a tie: {sep_a} {sep_b}");
    assert!(!biased_flat, "Biased flips to A's face on the tie");
    let (sticky_flat, _) = reference_b(flat, &sticky(start));
    assert!(sticky_flat, "Sticky keeps B's face");
    // Remembering A's, Sticky is Biased.
    assert!(!reference_b(flat, &sticky(false)).0);
}

#[test]
fn old_hysteresis_off_reads_as_plain_and_a_contradiction_names_its_field() {
    let text = |variant: &str| {
        format!(
            "Scene(title: \"V\",\n a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)),\n \
             b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 1.0)),\n \
             sim: Sim(compare: [{variant}]))"
        )
    };
    let rule = |variant: &str| {
        let s = parse(&text(variant), "v.ron").expect("valid").scene;
        s.sim.unwrap().compare[0].reference_rule()
    };
    assert_eq!(rule("Variant(hysteresis: false)"), Reference::Plain);
    assert_eq!(rule("Variant()"), Reference::Biased);
    assert_eq!(rule("Variant(reference: Sticky)"), Reference::Sticky);
    assert_eq!(
        rule("Variant(hysteresis: false, reference: Plain)"),
        Reference::Plain
    );
    let err = parse(
        &text("Variant(hysteresis: false, reference: Sticky)"),
        "v.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("v.ron:4:"), "{err}");
    assert!(err.contains("sim.compare[0].reference"), "{err}");
    let err = parse(
        &text("Variant(ids: Nearest, match_distance: -1.0)"),
        "v.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("v.ron:4:"), "{err}");
    assert!(err.contains("sim.compare[0].match_distance"), "{err}");
}

/// A box sliding at `speed` along a wide ground, everything scaled by `k` (sizes, positions,
/// speed and gravity: the same motion in scaled units).
fn sliding(k: f32) -> Scene {
    let text = format!(
        "Scene(title: \"Slide\", \
         a: Body(shape: Box(width: {w}, height: {h}), position: (0.0, {ya})), \
         b: Body(shape: Box(width: {h}, height: {h}), position: (0.0, {yb}), velocity: ({v}, 0.0)), \
         sim: Sim(gravity: (0.0, {g}), seconds: 1.0))",
        w = 40.0 * k,
        h = 1.0 * k,
        ya = -0.5 * k,
        yb = 0.5 * k,
        v = 3.0 * k,
        g = -10.0 * k,
    );
    parse(&text, "slide.ron").expect("a valid scene").scene
}

/// Points matched over a run of `scene` under `Nearest` at `distance`.
fn nearest_matches(scene: &Scene, distance: f32) -> usize {
    let variant = Variant {
        ids: Ids::Nearest,
        match_distance: distance,
        ..Variant::FULL
    };
    let mut w = World::new(scene, variant).expect("a world");
    let mut matched = 0;
    for _ in 0..60 {
        w.step();
        matched += w.stats().persisted;
    }
    matched
}

#[test]
fn nearest_match_count_changes_with_scale_at_an_absolute_tolerance_only() {
    let (unit, small) = (sliding(1.0), sliding(0.01));
    let at_unit = nearest_matches(&unit, 0.01);
    // Absolute: the same 0.01 on a scene a hundred times smaller.
    let absolute = nearest_matches(&small, 0.01);
    // Relative: the tolerance scaled with the scene.
    let relative = nearest_matches(&small, 0.01 * 0.01);
    eprintln!("matched: unit {at_unit}, x0.01 absolute {absolute}, x0.01 relative {relative}");
    assert_eq!(relative, at_unit, "a relative tolerance keeps the count");
    assert_ne!(absolute, at_unit, "an absolute one changes it");
    // The sliding box moves 5 cm a step against the ground: at unit scale its points leave
    // the 1 cm tolerance while it slides; scaled down, 1 cm is a whole box and all match.
    assert!(absolute > at_unit, "{absolute} {at_unit}");
}

#[test]
fn one_old_impulse_warm_starts_at_most_one_new_point() {
    // Without part bits, a star's two spikes on one floor edge share a feature id; under
    // every scheme only one of them may take the old impulse.
    let text = include_str!("../../scenes/22_star_drop.ron");
    let scene = parse(text, "star.ron").unwrap().scene;
    let mut shared = 0;
    for ids in [Ids::Reference, Ids::Vertices, Ids::Nearest] {
        let variant = Variant {
            part_bits: false,
            ids,
            ..Variant::FULL
        };
        let mut w = World::new(&scene, variant).unwrap();
        for _ in 0..240 {
            w.step();
            for pair in w.contacts() {
                let pts: Vec<_> = pair.points().collect();
                for (i, p) in pts.iter().enumerate() {
                    for q in pts.iter().skip(i + 1) {
                        if ids != Ids::Nearest && p.id == q.id {
                            // Two points sharing an id: at most one persisted.
                            assert!(!(p.persisted && q.persisted), "{ids:?}");
                            shared += 1;
                        }
                    }
                }
            }
        }
    }
    // The star does stand on two spikes that share an id (the test is not vacuous).
    assert!(shared > 100, "{shared}");
}
