//! The benchmark pairs, shared by `benches/narrowphase.rs` and `bench/` (a module, not a bench target): for each
//! pair type, many poses around contact (deterministic), as our shapes and as parry2d's.

use glam::Vec2;
use narrowphase_lab::geom::{Shape, Transform};
use parry2d::shape as ps;

/// A pair for parry2d: both shapes and both poses.
pub type ParryPair = (
    Box<dyn ps::Shape>,
    parry2d::math::Pose,
    Box<dyn ps::Shape>,
    parry2d::math::Pose,
);

/// One pair type: a name and its instances.
pub struct PairSet {
    /// Row name.
    pub name: &'static str,
    /// Our shapes and transforms.
    pub ours: Vec<(Shape, Transform, Shape, Transform)>,
    /// The same pairs for parry2d: shapes and the pose of B relative to A (and both poses).
    pub parry: Vec<ParryPair>,
    /// Whether the row measures a separated distance rather than a contact.
    pub distance: bool,
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let u = (self.0.wrapping_mul(0x2545F4914F6CDD1D) >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * u
    }
}

fn pv(v: Vec2) -> parry2d::math::Vector {
    parry2d::math::Vector::new(v.x, v.y)
}

fn pose(xf: Transform) -> parry2d::math::Pose {
    parry2d::math::Pose::from_parts(
        pv(xf.p),
        parry2d::math::Rotation {
            re: xf.q.c,
            im: xf.q.s,
        },
    )
}

fn parry_shape(s: &Shape, as_box: Option<Vec2>) -> Box<dyn ps::Shape> {
    let r = s.radius();
    match (s.count(), as_box) {
        (1, _) => Box::new(ps::Ball::new(r)),
        (2, _) => Box::new(ps::Capsule::new(
            pv(s.vertices()[0]),
            pv(s.vertices()[1]),
            r,
        )),
        (_, Some(half)) if r > 0.0 => Box::new(ps::RoundShape {
            inner_shape: ps::Cuboid::new(pv(half)),
            border_radius: r,
        }),
        (_, Some(half)) => Box::new(ps::Cuboid::new(pv(half))),
        _ => {
            let poly = ps::ConvexPolygon::from_convex_polyline_unmodified(
                s.vertices().iter().map(|p| pv(*p)).collect(),
            )
            .expect("convex");
            Box::new(poly)
        }
    }
}

struct Spec {
    shape: Shape,
    half: Option<Vec2>,
}

fn spec_box(w: f32, h: f32, r: f32) -> Spec {
    Spec {
        shape: Shape::make_box(w, h, r).expect("box"),
        half: Some(Vec2::new(w, h) * 0.5),
    }
}

fn spec(shape: Shape) -> Spec {
    Spec { shape, half: None }
}

/// Builds `n` instances of a pair type: B placed around A at distance `reach` ± jitter.
fn set(
    name: &'static str,
    a: Spec,
    b: Spec,
    n: usize,
    place: impl Fn(&mut Rng) -> (Transform, Transform),
    distance: bool,
) -> PairSet {
    let mut rng = Rng::new(0x5eed ^ (name.len() as u64 * 7919));
    let mut ours = Vec::with_capacity(n);
    let mut parry = Vec::with_capacity(n);
    for _ in 0..n {
        let (xa, xb) = place(&mut rng);
        ours.push((a.shape, xa, b.shape, xb));
        parry.push((
            parry_shape(&a.shape, a.half),
            pose(xa),
            parry_shape(&b.shape, b.half),
            pose(xb),
        ));
    }
    PairSet {
        name,
        ours,
        parry,
        distance,
    }
}

/// Every pair type of the performance issue.
pub fn all(n: usize) -> Vec<PairSet> {
    let at = |x: f32, y: f32, a: f32| Transform::new(Vec2::new(x, y), a);
    let ngon = |k: u32, r: f32| spec(Shape::regular_polygon(k, r).expect("ngon"));
    vec![
        set(
            "box-box resting",
            spec_box(8.0, 1.0, 0.0),
            spec_box(1.0, 1.0, 0.0),
            n,
            |r| {
                (
                    at(0.0, -0.5, 0.0),
                    at(
                        r.range(-3.0, 3.0),
                        r.range(0.46, 0.5),
                        r.range(-0.002, 0.002),
                    ),
                )
            },
            false,
        ),
        set(
            "box-box rotated",
            spec_box(1.0, 1.0, 0.0),
            spec_box(1.0, 1.0, 0.0),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-0.9, 0.9), r.range(-0.9, 0.9), r.range(-3.0, 3.0)),
                )
            },
            false,
        ),
        set(
            "8-gon-8-gon overlap",
            ngon(8, 1.0),
            ngon(8, 1.0),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.5, 1.5), r.range(-1.5, 1.5), r.range(-3.0, 3.0)),
                )
            },
            false,
        ),
        set(
            "8-gon-8-gon distance",
            ngon(8, 1.0),
            ngon(8, 1.0),
            n,
            |r| {
                let t = r.range(0.0, std::f32::consts::TAU);
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(3.0 * t.cos(), 3.0 * t.sin(), r.range(-3.0, 3.0)),
                )
            },
            true,
        ),
        set(
            "circle-box",
            spec_box(2.0, 1.0, 0.0),
            spec(Shape::circle(0.5).expect("circle")),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.4, 1.4), r.range(-1.0, 1.0), 0.0),
                )
            },
            false,
        ),
        set(
            "capsule-capsule",
            spec(Shape::capsule(2.0, 0.3).expect("capsule")),
            spec(Shape::capsule(2.0, 0.3).expect("capsule")),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.0, 1.0), r.range(-1.0, 1.0), r.range(-3.0, 3.0)),
                )
            },
            false,
        ),
        set(
            "circle-circle",
            spec(Shape::circle(0.5).expect("circle")),
            spec(Shape::circle(0.4).expect("circle")),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.0, 1.0), r.range(-1.0, 1.0), r.range(-3.0, 3.0)),
                )
            },
            false,
        ),
        set(
            "capsule-circle",
            spec(Shape::capsule(2.0, 0.3).expect("capsule")),
            spec(Shape::circle(0.5).expect("circle")),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.6, 1.6), r.range(-1.0, 1.0), 0.0),
                )
            },
            false,
        ),
        set(
            "capsule-box",
            spec_box(2.0, 1.0, 0.0),
            spec(Shape::capsule(1.5, 0.25).expect("capsule")),
            n,
            |r| {
                (
                    at(0.0, 0.0, 0.0),
                    at(r.range(-1.0, 1.0), r.range(0.6, 0.74), r.range(-0.3, 0.3)),
                )
            },
            false,
        ),
        set(
            "rounded box-box",
            spec_box(1.0, 1.0, 0.1),
            spec_box(1.0, 1.0, 0.1),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.1, 1.1), r.range(-1.1, 1.1), r.range(-3.0, 3.0)),
                )
            },
            false,
        ),
        set(
            "star-floor parts",
            spec_box(10.0, 1.0, 0.0),
            spec(
                Shape::polygon(
                    &[
                        Vec2::new(0.0, -0.15),
                        Vec2::new(1.0, 0.0),
                        Vec2::new(0.0, 0.15),
                    ],
                    0.0,
                )
                .expect("spike")
                .0,
            ),
            n,
            // The five-spike star resting on the floor (`versus`' compound line), one of its
            // five spikes (triangle parts) against the floor per pose: the part pairs a compound
            // body hands the narrowphase.
            |r| {
                let t = r.range(0.0, 1.0);
                let spike = (r.range(0.0, 5.0) as usize).min(4);
                let body = at(0.3 * t - 0.15, 0.79 + 0.02 * t, 0.05 * (t - 0.5));
                let part = at(
                    0.0,
                    0.0,
                    [90.0f32, 162.0, 234.0, 306.0, 18.0][spike].to_radians(),
                );
                (at(0.0, -0.5, 0.0), body.compose(part))
            },
            false,
        ),
        set(
            "64-gon-64-gon",
            ngon(64, 1.0),
            ngon(64, 1.0),
            n,
            |r| {
                (
                    at(0.0, 0.0, r.range(-3.0, 3.0)),
                    at(r.range(-1.5, 1.5), r.range(-1.5, 1.5), r.range(-3.0, 3.0)),
                )
            },
            false,
        ),
    ]
}

/// Overlapping regular k-gon pairs, for how the cost grows with the vertex count. (Named apart
/// from the 64-gon row of [`all`], which criterion would otherwise take for the same benchmark.)
pub fn ngons(k: u32, n: usize) -> PairSet {
    let name: &'static str = Box::leak(format!("scaling {k}-gon").into_boxed_str());
    let at = |x: f32, y: f32, a: f32| Transform::new(Vec2::new(x, y), a);
    let shape = || spec(Shape::regular_polygon(k, 1.0).expect("ngon"));
    set(
        name,
        shape(),
        shape(),
        n,
        |r| {
            (
                at(0.0, 0.0, r.range(-3.0, 3.0)),
                at(r.range(-1.5, 1.5), r.range(-1.5, 1.5), r.range(-3.0, 3.0)),
            )
        },
        false,
    )
}
