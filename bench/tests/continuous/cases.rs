//! The sweeps `box2d_continuous.rs` asks both libraries about: random pairs of every shape kind
//! in each band, grazing slides and starts within reach, as the library's own continuous tests
//! make them.

use glam::Vec2;
use narrowphase_bench::pairs::Rng;
use narrowphase_lab::geom::{Rot, Shape, Sweep, Transform};
use std::f32::consts::PI;

/// Roundings of the sweep's largest number allowed in a measured distance (the library's cast
/// tests' `δ`).
const ROUNDINGS: f32 = 64.0;

/// One sweep: A at `xa`, B from `xb` moving by `v` and turning by `turn` (radians).
#[derive(Clone, Debug)]
pub struct Case {
    pub a: Shape,
    pub xa: Transform,
    pub b: Shape,
    pub xb: Transform,
    pub v: Vec2,
    pub turn: f32,
}

impl Case {
    /// The largest number the queries compute with.
    pub fn scale(&self) -> f32 {
        self.xa.p.abs().max_element()
            + self.xb.p.abs().max_element()
            + self.v.abs().max_element()
            + self.a.bounding_radius()
            + self.b.bounding_radius()
    }

    /// `δ`: what a few roundings of the sweep's numbers move a distance by.
    pub fn delta(&self) -> f32 {
        ROUNDINGS * f32::EPSILON * self.scale()
    }

    /// The same relative translation with the roles swapped: A moves by −v against B.
    pub fn swapped(&self) -> Case {
        Case {
            a: self.b,
            xa: self.xb,
            b: self.a,
            xb: self.xa,
            v: -self.v,
            turn: self.turn,
        }
    }

    pub fn describe(&self) -> String {
        let shape = |s: &Shape| format!("{:?} r {}", s.vertices(), s.radius());
        format!(
            "A {} at {:?}; B {} at {:?}; v {:?}; turn {}",
            shape(&self.a),
            self.xa,
            shape(&self.b),
            self.xb,
            self.v,
            self.turn
        )
    }

    /// B's sweep as ours (world).
    pub fn sweep(&self) -> Sweep {
        let a1 = self.xb.q.angle();
        Sweep::between(&self.b, self.xb.p, a1, self.xb.p + self.v, a1 + self.turn)
    }
}

/// A shape of kind `k` about `s` across: circle, box, rounded box, capsule, polygon.
fn shape(rng: &mut Rng, k: usize, s: f32) -> Shape {
    match k {
        0 => Shape::circle(rng.range(0.1, 1.0) * s).unwrap(),
        1 => Shape::make_box(rng.range(0.2, 2.0) * s, rng.range(0.2, 2.0) * s, 0.0).unwrap(),
        2 => Shape::make_box(
            rng.range(0.2, 1.5) * s,
            rng.range(0.2, 1.5) * s,
            rng.range(0.05, 0.3) * s,
        )
        .unwrap(),
        3 => Shape::capsule(rng.range(0.2, 2.0) * s, rng.range(0.05, 0.6) * s).unwrap(),
        _ => loop {
            let n = 3 + (rng.range(0.0, 6.0) as usize).min(5);
            let pts: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * s)
                .collect();
            if let Ok((p, _)) = Shape::polygon(&pts, 0.0)
                && p.count() >= 3
            {
                break p;
            }
        },
    }
}

/// A random sweep at scale `s` about `centre`, as the library's cast tests make them: B starts
/// clear of A (1.05–3 reaches away) and moves towards a point near A (within 1.3 reaches, so
/// some pass by), over 0.3–2.5 times the way; it turns by up to `max_turn`.
fn random_case(rng: &mut Rng, s: f32, centre: Vec2, max_turn: f32) -> Case {
    let mut kind = || (rng.range(0.0, 5.0) as usize).min(4);
    let (ka, kb) = (kind(), kind());
    let a = shape(rng, ka, s);
    let b = shape(rng, kb, s);
    let reach = a.bounding_radius() + b.bounding_radius();
    let xa = Transform::new(centre, rng.range(-PI, PI));
    let dir = Vec2::from_angle(rng.range(-PI, PI));
    let xb = Transform::new(
        centre + dir * reach * rng.range(1.05, 3.0),
        rng.range(-PI, PI),
    );
    let aim = centre + Vec2::from_angle(rng.range(-PI, PI)) * reach * rng.range(0.0, 1.3);
    let v = (aim - xb.p) * rng.range(0.3, 2.5);
    let turn = rng.range(-max_turn, max_turn);
    Case {
        a,
        xa,
        b,
        xb,
        v,
        turn,
    }
}

/// A sweep that slides B along A, parallel to a face pair, at a gap of `gap` (±): two boxes
/// turned by the same angle (the library's grazing sweeps), B turning by up to `max_turn`.
fn parallel_case(rng: &mut Rng, s: f32, centre: Vec2, gap: f32, max_turn: f32) -> Case {
    let (wa, ha) = (rng.range(0.5, 2.0) * s, rng.range(0.5, 2.0) * s);
    let (wb, hb) = (rng.range(0.5, 2.0) * s, rng.range(0.5, 2.0) * s);
    let angle = [0.0, 90.0, 30.0, -45.0][(rng.range(0.0, 4.0) as usize).min(3)];
    let q = Rot::from_degrees(angle);
    let (up, along) = (q.apply(Vec2::Y), q.apply(Vec2::X));
    let lift = 0.5 * (ha + hb) + gap;
    let start = centre + up * lift - along * (0.5 * (wa + wb) + s * rng.range(0.2, 1.0));
    Case {
        a: Shape::make_box(wa, ha, 0.0).unwrap(),
        xa: Transform { p: centre, q },
        b: Shape::make_box(wb, hb, 0.0).unwrap(),
        xb: Transform { p: start, q },
        v: along * (wa + wb) * rng.range(1.0, 2.0),
        turn: rng.range(-max_turn, max_turn),
    }
}

/// The `k`th case of a band: one in eight a grazing slide (gap within ±1% of the scale), one in
/// eight starting within reach (overlapping, touching or just apart), the rest random sweeps.
pub fn case(rng: &mut Rng, k: usize, s: f32, far: f32, max_turn: f32) -> Case {
    let centre = Vec2::from_angle(rng.range(-PI, PI)) * far;
    match k % 8 {
        0 => {
            let gap = s * rng.range(-0.01, 0.01);
            parallel_case(rng, s, centre, gap, max_turn)
        }
        1 => {
            let mut c = random_case(rng, s, centre, max_turn);
            let reach = c.a.bounding_radius() + c.b.bounding_radius();
            let dir = Vec2::from_angle(rng.range(-PI, PI));
            c.xb.p = centre + dir * reach * rng.range(0.2, 1.05);
            c
        }
        _ => random_case(rng, s, centre, max_turn),
    }
}

/// The bands: name, seed, scale, distance of A from the origin.
pub const BANDS: [(&str, u64, f32, f32); 5] = [
    ("normal", 1, 1.0, 0.0),
    ("tiny", 2, 1e-3, 0.0),
    ("tinier", 3, 2e-5, 0.0),
    ("huge", 4, 1e5, 0.0),
    ("far", 5, 1.0, 1e4),
];
