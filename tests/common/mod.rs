//! Helpers shared by the integration tests: tolerant comparisons, conversion to parry2d (the
//! independent oracle), a deterministic RNG, and proptest strategies for random shapes and
//! poses; [`exact_oracle`], the one f64 oracle (exact geometry, and the brute-force signed
//! distance); [`exact_scenes`] and [`exact_check`], random scenes through `report` and the
//! checks against that oracle.
//!
//! Each test binary compiles this module separately and uses a different part of it.
#![allow(dead_code)]

pub mod exact_check;
pub mod exact_oracle;
pub mod exact_scenes;
pub mod screen_rects;

use glam::Vec2;
use narrowphase_lab::geom::{Rot, Shape, ShapeKind, Transform};
use parry2d::math::{Pose, Rotation as PRot, Vector as PVec};
use parry2d::shape as ps;
use proptest::prelude::*;
use std::f32::consts::PI;

// ------------------------------------------------------------------------------------------
// What a headless frame drew.

/// Every text a headless egui frame drew, with its centre (nested shapes walked too), in the
/// order drawn. (The app's tests only: the library's build without the app's crates too.)
#[cfg(feature = "app")]
pub fn drawn_texts(shapes: &[egui::epaint::ClippedShape]) -> Vec<(String, egui::Pos2)> {
    fn walk(s: &egui::Shape, out: &mut Vec<(String, egui::Pos2)>) {
        match s {
            egui::Shape::Text(t) => {
                let centre = t.pos + t.galley.rect.center().to_vec2();
                out.push((t.galley.text().to_string(), centre));
            }
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    shapes.iter().for_each(|c| walk(&c.shape, &mut out));
    out
}

/// Every text the app draws in a 1280×800 frame, the second of two (the first lays out).
#[cfg(feature = "app")]
pub fn app_texts(app: &mut narrowphase_lab::app::App) -> Vec<String> {
    use narrowphase_lab::app::{input::Input, new_context, screen_input};
    let ctx = new_context();
    let mut out = Vec::new();
    for _ in 0..2 {
        let shapes = ctx
            .run(screen_input(1280.0, 800.0), |ctx| {
                app.frame(ctx, 0.0, Input::default(), &[])
            })
            .shapes;
        out = drawn_texts(&shapes).into_iter().map(|(t, _)| t).collect();
    }
    out
}

// ------------------------------------------------------------------------------------------
// Comparisons.

/// Asserts `|a - b| <= tol` (and that neither is NaN).
#[track_caller]
pub fn assert_near(a: f32, b: f32, tol: f32) {
    assert!(a.is_finite() && b.is_finite(), "not finite: {a} vs {b}");
    assert!(
        (a - b).abs() <= tol,
        "expected {b}, got {a} (|diff| = {:e} > tol {tol:e})",
        (a - b).abs()
    );
}

/// Asserts `|a - b| <= tol` for vectors (Euclidean distance).
#[track_caller]
pub fn assert_vec_near(a: Vec2, b: Vec2, tol: f32) {
    assert!(a.is_finite() && b.is_finite(), "not finite: {a} vs {b}");
    assert!(
        a.distance(b) <= tol,
        "expected {b}, got {a} (distance {:e} > tol {tol:e})",
        a.distance(b)
    );
}

/// True when every `f32` printed in `value`'s `Debug` output is finite. Catches a NaN or an
/// infinity anywhere in a trace or an output without naming every field.
pub fn debug_all_finite(value: &impl std::fmt::Debug) -> bool {
    let text = format!("{value:?}");
    !text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_'))
        .any(|tok| tok == "NaN" || tok == "inf" || tok == "-inf")
}

// ------------------------------------------------------------------------------------------
// A description of a test shape (readable in a proptest failure), built into a `Shape`.

/// A shape as the tests describe it.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// `Shape::circle(r)`.
    Circle(f32),
    /// `Shape::make_box(w, h, r)`.
    Box(f32, f32, f32),
    /// `Shape::polygon(points, r)` (points convex, counter-clockwise).
    Polygon(Vec<Vec2>, f32),
    /// `Shape::capsule(length, r)`.
    Capsule(f32, f32),
}

impl Spec {
    /// Builds the library shape.
    pub fn shape(&self) -> Shape {
        match self {
            Spec::Circle(r) => Shape::circle(*r).unwrap(),
            Spec::Box(w, h, r) => Shape::make_box(*w, *h, *r).unwrap(),
            Spec::Polygon(p, r) => Shape::polygon(p, *r).unwrap().0,
            Spec::Capsule(l, r) => Shape::capsule(*l, *r).unwrap(),
        }
    }

    /// True for box, polygon, rounded polygon and capsule: flat contacts give two points.
    pub fn polygon_like(&self) -> bool {
        !matches!(self, Spec::Circle(_))
    }
}

// ------------------------------------------------------------------------------------------
// parry2d conversion. parry2d 0.31 uses glam 0.33 (our glam is 0.27): go through `[f32; 2]`.

/// Our vector as parry's.
pub fn pv(v: Vec2) -> PVec {
    let [x, y] = v.to_array();
    PVec::new(x, y)
}

/// Parry's vector as ours.
pub fn from_pv(v: PVec) -> Vec2 {
    let [x, y] = v.to_array();
    Vec2::new(x, y)
}

/// Our transform as parry's pose (same cosine and sine, no round trip through an angle).
pub fn to_pose(xf: Transform) -> Pose {
    Pose::from_parts(
        pv(xf.p),
        PRot {
            re: xf.q.c,
            im: xf.q.s,
        },
    )
}

/// Our shape as a parry shape: circle → `Ball`, capsule → `Capsule`, a centred axis-aligned
/// 4-vertex core → `Cuboid` (`RoundCuboid` when rounded), any other core → `ConvexPolygon`
/// (`RoundConvexPolygon` when rounded), vertices in the same order.
pub fn to_parry(shape: &Shape) -> Box<dyn ps::Shape> {
    let r = shape.radius();
    let v = shape.vertices();
    match shape.kind() {
        ShapeKind::Circle => Box::new(ps::Ball::new(r)),
        ShapeKind::Capsule => Box::new(ps::Capsule::new(pv(v[0]), pv(v[1]), r)),
        ShapeKind::Polygon => {
            if let Some(half) = centred_box_half_extents(v) {
                let cuboid = ps::Cuboid::new(pv(half));
                if r > 0.0 {
                    Box::new(ps::RoundShape {
                        inner_shape: cuboid,
                        border_radius: r,
                    })
                } else {
                    Box::new(cuboid)
                }
            } else {
                let poly = ps::ConvexPolygon::from_convex_polyline_unmodified(
                    v.iter().map(|p| pv(*p)).collect(),
                )
                .expect("a valid convex polygon");
                if r > 0.0 {
                    Box::new(ps::RoundShape {
                        inner_shape: poly,
                        border_radius: r,
                    })
                } else {
                    Box::new(poly)
                }
            }
        }
    }
}

/// `Some(half extents)` when the core is exactly a centred axis-aligned rectangle.
fn centred_box_half_extents(v: &[Vec2]) -> Option<Vec2> {
    if v.len() != 4 {
        return None;
    }
    let h = v[2];
    let expected = [
        Vec2::new(-h.x, -h.y),
        Vec2::new(h.x, -h.y),
        h,
        Vec2::new(-h.x, h.y),
    ];
    (v == expected && h.x > 0.0 && h.y > 0.0).then_some(h)
}

// ------------------------------------------------------------------------------------------
// Convex hulls (for random polygons).

/// Convex hull (Andrew's monotone chain), counter-clockwise, collinear points dropped.
pub fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut p: Vec<Vec2> = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let cross = |o: Vec2, a: Vec2, b: Vec2| {
        ((a.x - o.x) as f64) * ((b.y - o.y) as f64) - ((a.y - o.y) as f64) * ((b.x - o.x) as f64)
    };
    let mut lower: Vec<Vec2> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<Vec2> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// A convex polygon around the origin from `n` angles and radii: the hull of the points
/// `radius_i (cos t_i, sin t_i)` where `t_i` is the i-th of `n` even angles plus a jitter.
/// Falls back to an equilateral triangle if the hull is degenerate (never in practice).
pub fn polygon_points(n: usize, size: f32, jitter: &[(f32, f32)]) -> Vec<Vec2> {
    let pts: Vec<Vec2> = (0..n)
        .map(|i| {
            let (dt, dr) = jitter[i % jitter.len()];
            let t = std::f32::consts::TAU * (i as f32 + 0.45 * dt) / n as f32;
            let r = size * (0.6 + 0.4 * dr);
            Vec2::new(r * t.cos(), r * t.sin())
        })
        .collect();
    let hull = convex_hull(&pts);
    if hull.len() >= 3 && Shape::polygon(&hull, 0.0).is_ok() {
        hull
    } else {
        (0..3)
            .map(|i| {
                let t = std::f32::consts::TAU * i as f32 / 3.0;
                Vec2::new(size * t.cos(), size * t.sin())
            })
            .collect()
    }
}

// ------------------------------------------------------------------------------------------
// A small deterministic RNG (SplitMix64) for the oracle tests.

/// SplitMix64: tiny, fast, reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        let u = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * u
    }

    /// Uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// A random angle in `[-π, π)`.
    pub fn angle(&mut self) -> f32 {
        self.range(-PI, PI)
    }

    /// A random circle.
    pub fn circle(&mut self) -> Spec {
        Spec::Circle(self.range(0.05, 1.5))
    }

    /// A random sharp box.
    pub fn sharp_box(&mut self) -> Spec {
        Spec::Box(self.range(0.1, 3.0), self.range(0.1, 3.0), 0.0)
    }

    /// A random rounded box.
    pub fn rounded_box(&mut self) -> Spec {
        Spec::Box(
            self.range(0.1, 2.5),
            self.range(0.1, 2.5),
            self.range(0.02, 0.5),
        )
    }

    /// A random convex polygon with 3..=16 vertices.
    pub fn polygon(&mut self, radius: f32) -> Spec {
        let n = self.int(3, 16);
        let size = self.range(0.3, 2.0);
        let jitter: Vec<(f32, f32)> = (0..n)
            .map(|_| (self.range(-1.0, 1.0), self.range(0.0, 1.0)))
            .collect();
        Spec::Polygon(polygon_points(n, size, &jitter), radius)
    }

    /// A random capsule.
    pub fn capsule(&mut self) -> Spec {
        Spec::Capsule(self.range(0.1, 3.0), self.range(0.05, 1.0))
    }

    /// A pose for B near A at `xf_a`: B's centre within reach of touching, so that about half
    /// the pairs overlap.
    pub fn pose_near(&mut self, a: &Shape, xf_a: Transform, b: &Shape) -> Transform {
        let reach = bounding_radius(a) + bounding_radius(b);
        let t = self.angle();
        let d = self.range(0.0, 1.4 * reach);
        Transform::new(xf_a.p + d * Vec2::new(t.cos(), t.sin()), self.angle())
    }

    /// A random pose within `[-extent, extent]²`.
    pub fn pose(&mut self, extent: f32) -> Transform {
        Transform::new(
            Vec2::new(self.range(-extent, extent), self.range(-extent, extent)),
            self.angle(),
        )
    }
}

/// Largest distance of the rounded shape from its local origin.
pub fn bounding_radius(s: &Shape) -> f32 {
    s.vertices().iter().map(|v| v.length()).fold(0.0, f32::max) + s.radius()
}

/// The rotation by `angle`, applied to a vector.
pub fn rotate(v: Vec2, angle: f32) -> Vec2 {
    Rot::from_angle(angle).apply(v)
}

// ------------------------------------------------------------------------------------------
// Flat contacts.

/// `xf` moved by the rigid motion `m` (applied after it).
pub fn compose(m: Transform, xf: Transform) -> Transform {
    Transform::new(m.apply(xf.p), m.q.angle() + xf.q.angle())
}

/// A flat contact: B's core face `face_b` laid against A's core face `face_a`, `depth` deep,
/// the shorter face within the longer one at fraction `along` of the room left, A at `world`.
#[derive(Clone, Debug)]
pub struct FlatCase {
    /// A (polygon-like).
    pub a: Spec,
    /// B (polygon-like).
    pub b: Spec,
    /// A's face (an index into its core's edges, reduced modulo the count).
    pub face_a: usize,
    /// B's face.
    pub face_b: usize,
    /// Where the shorter face sits along the longer one, 0..1.
    pub along: f32,
    /// How deep the rounded shapes overlap.
    pub depth: f32,
    /// A's pose.
    pub world: Transform,
}

impl FlatCase {
    /// The shapes and poses, or None when the faces are too short for a clearly flat contact
    /// (shorter than 0.1, or the depth more than 5% of the shorter) or a neighbouring face is
    /// almost parallel (a nearly collinear vertex: an equally good incident face with a
    /// slightly different depth).
    pub fn place(&self) -> Option<(Shape, Transform, Shape, Transform)> {
        let (a, b) = (self.a.shape(), self.b.shape());
        let (fa, fb) = (self.face_a % a.count(), self.face_b % b.count());
        let face = |s: &Shape, i: usize| {
            let v = s.vertices();
            (v[i], v[(i + 1) % v.len()], s.normals()[i])
        };
        let (a1, a2, na) = face(&a, fa);
        let (b1, b2, nb) = face(&b, fb);
        let (la, lb) = (a1.distance(a2), b1.distance(b2));
        if la.min(lb) < 0.1 || self.depth > 0.05 * la.min(lb) {
            return None;
        }
        let turns = |s: &Shape, i: usize| {
            let (n, k) = (s.normals(), s.count());
            n[(i + k - 1) % k].dot(n[i]) < 0.999 && n[(i + 1) % k].dot(n[i]) < 0.999
        };
        if !turns(&a, fa) || !turns(&b, fb) {
            return None;
        }
        // Turn B so its face normal is −na; put its face's midpoint on A's face (the shorter
        // face within the longer), the cores `ra + rb − depth` apart.
        let angle = (-na).to_angle() - nb.to_angle();
        let mid_b = Rot::from_angle(angle).apply(0.5 * (b1 + b2));
        let t = (a2 - a1) / la;
        let s = if lb <= la {
            0.5 * lb + self.along * (la - lb)
        } else {
            la - 0.5 * lb + self.along * (lb - la)
        };
        let target = a1 + t * s + na * (a.radius() + b.radius() - self.depth);
        let xb_local = Transform::new(target - mid_b, angle);
        Some((a, self.world, b, compose(self.world, xb_local)))
    }

    /// The unit normal of A's face in the world (the contact normal, A to B).
    pub fn normal(&self) -> Vec2 {
        let a = self.a.shape();
        self.world.q.apply(a.normals()[self.face_a % a.count()])
    }
}

// ------------------------------------------------------------------------------------------
// Proptest strategies.

/// Uniform in `[lo, hi)`, from a 24-bit integer. (proptest 1.12's own `f32` range sampler
/// occasionally trips one of its debug assertions, which would fail a test run for nothing.)
pub fn float(lo: f32, hi: f32) -> impl Strategy<Value = f32> {
    (0u32..1 << 24).prop_map(move |u| lo + (hi - lo) * (u as f32 / (1u32 << 24) as f32))
}

/// A circle of radius 0.05..2.
pub fn circle_spec() -> impl Strategy<Value = Spec> {
    float(0.05, 2.0).prop_map(Spec::Circle)
}

/// A sharp box 0.1..3 on a side.
pub fn box_spec() -> impl Strategy<Value = Spec> {
    (float(0.1, 3.0), float(0.1, 3.0)).prop_map(|(w, h)| Spec::Box(w, h, 0.0))
}

/// A rounded box.
pub fn rounded_box_spec() -> impl Strategy<Value = Spec> {
    (float(0.1, 2.5), float(0.1, 2.5), float(0.01, 0.5)).prop_map(|(w, h, r)| Spec::Box(w, h, r))
}

/// Vertices of a random convex polygon with 3..=16 vertices: a regular polygon with jittered
/// angles and radii, hulled.
pub fn polygon_points_strategy() -> impl Strategy<Value = Vec<Vec2>> {
    (3usize..=16, float(0.3, 2.0))
        .prop_flat_map(|(n, size)| {
            (
                Just(n),
                Just(size),
                proptest::collection::vec((float(-1.0, 1.0), float(0.0, 1.0)), n),
            )
        })
        .prop_map(|(n, size, jitter)| polygon_points(n, size, &jitter))
}

/// A sharp convex polygon.
pub fn polygon_spec() -> impl Strategy<Value = Spec> {
    polygon_points_strategy().prop_map(|p| Spec::Polygon(p, 0.0))
}

/// A rounded convex polygon.
pub fn rounded_polygon_spec() -> impl Strategy<Value = Spec> {
    (polygon_points_strategy(), float(0.01, 0.5)).prop_map(|(p, r)| Spec::Polygon(p, r))
}

/// A capsule.
pub fn capsule_spec() -> impl Strategy<Value = Spec> {
    (float(0.1, 3.0), float(0.05, 1.0)).prop_map(|(l, r)| Spec::Capsule(l, r))
}

/// Any shape, every type equally likely.
pub fn any_spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        circle_spec(),
        box_spec(),
        rounded_box_spec(),
        polygon_spec(),
        capsule_spec(),
        rounded_polygon_spec(),
    ]
}

/// Any shape but a circle.
pub fn polygon_like_spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        box_spec(),
        rounded_box_spec(),
        polygon_spec(),
        capsule_spec(),
        rounded_polygon_spec()
    ]
}

/// A pose with its position in `[-extent, extent]²` and any angle.
pub fn pose(extent: f32) -> impl Strategy<Value = Transform> {
    (
        float(-extent, extent),
        float(-extent, extent),
        float(-PI, PI),
    )
        .prop_map(|(x, y, t)| Transform::new(Vec2::new(x, y), t))
}

/// A pair of shapes placed so that they are near each other (about half overlap).
pub fn near_pair() -> impl Strategy<Value = (Spec, Transform, Spec, Transform)> {
    (
        any_spec(),
        any_spec(),
        pose(5.0),
        float(0.0, 1.4),
        float(-PI, PI),
        float(-PI, PI),
    )
        .prop_map(|(sa, sb, xf_a, f, dir, angle)| {
            let reach = bounding_radius(&sa.shape()) + bounding_radius(&sb.shape());
            let offset = f * reach * Vec2::new(dir.cos(), dir.sin());
            (sa, xf_a, sb, Transform::new(xf_a.p + offset, angle))
        })
}

// ------------------------------------------------------------------------------------------
// Boxes.

/// The edge of a box of `width` × `height` whose outward normal is `n`, from the shape's own
/// vertices (not from any trace).
pub fn box_edge(width: f32, height: f32, n: glam::Vec2) -> usize {
    let b = Shape::make_box(width, height, 0.0).expect("a box");
    let v = b.vertices();
    (0..v.len())
        .find(|&i| {
            let e = v[(i + 1) % v.len()] - v[i];
            glam::Vec2::new(e.y, -e.x).normalize().dot(n) > 0.999
        })
        .expect("an edge with that normal")
}
