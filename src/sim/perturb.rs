//! Nudged copies of a scene, for `narrowphase-lab simulate SCENE --perturb N [--seed S]
//! --summary`: is what the scene shows true of the scene, or only of its exact numbers?
//!
//! Copy `k` (1, 2, …; copy 0 is the scene itself) of a scene under a seed draws, from its own
//! stream of random numbers (so copy `k` is the same whatever `N`):
//!
//! 1. a **size** factor in [0.9, 1.1], applied to every dynamic body's shape *and* to the
//!    dynamic bodies' positions about the lowest point of their surfaces (its x the mean of
//!    their positions), so that a box that stood on the ground still does, and a stack's boxes
//!    still touch;
//! 2. the **step rate**, one of 30, 60 and 120 Hz;
//! 3. the solver's **iterations**, 4 to 20;
//! 4. the **friction** coefficient, the scene's times a factor in [2/3, 4/3]: 0.4 to 0.8 at the
//!    default 0.6, and a frictionless scene (a box that slides) stays frictionless;
//! 5. a **start phase** `u` in [0, 1): every body with a velocity starts `u` of one step's travel
//!    further along it (`position += u · velocity / hz`), so a run does not rest on the phase of
//!    its step against the scene's features (a tile floor's seams);
//! 6. for every dynamic body in order, its **position** shifted in x and in y by up to 2 % of its
//!    size (its bounding radius: the largest distance of its surface from its origin), and its
//!    **angle** turned by up to 1°.
//!
//! A, the static body, is the frame the others are nudged in: it stays as it is. Every draw is
//! uniform. The numbers come from SplitMix64 (Steele, Lea and Flood, 2014), seeded by the seed
//! and the copy's number: small, fast, and the same on every platform, so the same seed gives
//! the same copies bit for bit.

use super::summary::{self, BodySummary, Summary};
use super::world::World;
use crate::geom::Transform;
use crate::scene::validate::body_parts;
use crate::scene::{Body, Part, Scene, SceneError, ShapeSpec, Variant};
use glam::Vec2;
use serde::Serialize;

/// The largest size change: ±10 %.
pub const SIZE: f32 = 0.10;
/// The step rates a copy runs at, Hz.
pub const RATES: [f32; 3] = [30.0, 60.0, 120.0];
/// The fewest and most solver iterations a copy runs with.
pub const ITERATIONS: (u32, u32) = (4, 20);
/// The range of the friction coefficient at the default 0.6 ([`crate::scene::Sim::FRICTION`]);
/// a scene's own friction is scaled by the same factors.
pub const FRICTION: (f32, f32) = (0.4, 0.8);
/// The largest position shift, as a fraction of the body's size, in x and in y.
pub const POSITION: f32 = 0.02;
/// The largest turn, degrees.
pub const ANGLE_DEG: f32 = 1.0;

/// SplitMix64: one 64-bit state, one addition and a mix per number.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream of copy `copy` under `seed`.
    pub fn for_copy(seed: u64, copy: usize) -> SplitMix64 {
        let mut s = SplitMix64(seed);
        let base = s.next_u64();
        SplitMix64(base ^ (copy as u64).wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1) (24 random bits: every value an exact f32).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform in [−r, r).
    pub fn sym(&mut self, r: f32) -> f32 {
        self.range(-r, r)
    }

    /// An integer uniform in `lo..=hi`.
    pub fn int(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next_u64() % u64::from(hi - lo + 1)) as u32
    }
}

/// `shape` scaled by `k` about its own origin (a compound's parts and their places too).
pub fn scaled(shape: &ShapeSpec, k: f32) -> ShapeSpec {
    match shape {
        ShapeSpec::Circle { radius } => ShapeSpec::Circle { radius: radius * k },
        ShapeSpec::Box {
            width,
            height,
            radius,
        } => ShapeSpec::Box {
            width: width * k,
            height: height * k,
            radius: radius * k,
        },
        ShapeSpec::Polygon { vertices, radius } => ShapeSpec::Polygon {
            vertices: vertices.iter().map(|v| *v * k).collect(),
            radius: radius * k,
        },
        ShapeSpec::RegularPolygon {
            sides,
            circumradius,
        } => ShapeSpec::RegularPolygon {
            sides: *sides,
            circumradius: circumradius * k,
        },
        ShapeSpec::Capsule { length, radius } => ShapeSpec::Capsule {
            length: length * k,
            radius: radius * k,
        },
        ShapeSpec::Compound { parts } => ShapeSpec::Compound {
            parts: parts
                .iter()
                .map(|p| Part {
                    shape: scaled(&p.shape, k),
                    position: p.position * k,
                    angle_deg: p.angle_deg,
                })
                .collect(),
        },
        ShapeSpec::Chain { points, r#loop } => ShapeSpec::Chain {
            points: points.iter().map(|v| *v * k).collect(),
            r#loop: *r#loop,
        },
    }
}

/// The body's size (its bounding radius) and the lowest y of its surface, as placed.
fn size_and_bottom(body: &Body) -> Result<(f32, f32), SceneError> {
    let (parts, _) = body_parts("body", body, &mut Vec::new())?;
    let xf = Transform::new(body.position, body.angle_deg.to_radians());
    let mut size: f32 = 0.0;
    let mut bottom = f32::INFINITY;
    for part in &parts {
        size = size.max(part.xf.p.length() + part.shape.bounding_radius());
        let placed = xf.compose(part.xf);
        let [lo, _] = part.shape.project(placed.q.apply_inv(Vec2::Y));
        bottom = bottom.min(placed.p.y + lo);
    }
    Ok((size, bottom))
}

/// Copy `copy` of `scene` under `seed` (the module's list says what is drawn); copy 0 is the
/// scene itself. Errors are the scene's own (a body that does not build).
pub fn perturbed(scene: &Scene, seed: u64, copy: usize) -> Result<Scene, SceneError> {
    let mut out = scene.clone();
    if copy == 0 {
        return Ok(out);
    }
    let mut rng = SplitMix64::for_copy(seed, copy);
    let size = rng.range(1.0 - SIZE, 1.0 + SIZE);
    let hz = RATES[rng.int(0, RATES.len() as u32 - 1) as usize];
    let iterations = rng.int(ITERATIONS.0, ITERATIONS.1);
    let friction_factor = rng.range(FRICTION.0, FRICTION.1) / crate::scene::Sim::FRICTION;
    let phase = rng.unit();
    let mut sim = out.sim.take().unwrap_or_default();
    sim.hz = hz;
    sim.iterations = iterations;
    sim.friction *= friction_factor;
    // 1. The pivot the dynamic bodies scale about: under them, in the middle.
    let mut dynamic: Vec<&mut Body> = std::iter::once(&mut out.b)
        .chain(sim.bodies.iter_mut())
        .collect();
    let mut bottom = f32::INFINITY;
    let mut mean_x = 0.0;
    for b in &dynamic {
        bottom = bottom.min(size_and_bottom(b)?.1);
        mean_x += b.position.x / dynamic.len() as f32;
    }
    let pivot = Vec2::new(mean_x, bottom);
    for b in dynamic.iter_mut() {
        b.shape = scaled(&b.shape, size);
        b.position = pivot + (b.position - pivot) * size;
        // 5. The start phase along the velocity; 6. the body's own nudge.
        super::phase::shift_start(b, phase, hz);
        let (radius, _) = size_and_bottom(b)?;
        b.position.x += rng.sym(POSITION * radius);
        b.position.y += rng.sym(POSITION * radius);
        b.angle_deg += rng.sym(ANGLE_DEG);
    }
    out.sim = Some(sim);
    Ok(out)
}

/// A field's least, median and greatest value over the runs (the median of an even count is
/// the mean of the two middle values), in the field's own type: a body's `f32` measures print
/// as the summary prints them, so the unperturbed value compares with its spread exactly.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread<T> {
    /// The least value.
    pub min: T,
    /// The middle value.
    pub median: T,
    /// The greatest value.
    pub max: T,
}

impl Spread<f64> {
    /// The spread of `values` (`None` when there are none; NaNs sort last).
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Spread<f64>> {
        let mut v: Vec<f64> = values.into_iter().collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            0.5 * (v[n / 2 - 1] + v[n / 2])
        };
        Some(Spread {
            min: v[0],
            median,
            max: v[n - 1],
        })
    }

    /// The same spread in `f32` (min and max exact when the values were `f32`).
    pub fn narrow(self) -> Spread<f32> {
        Spread {
            min: self.min as f32,
            median: self.median as f32,
            max: self.max as f32,
        }
    }
}

/// One dynamic body's fields, spread over the runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BodySpread {
    /// 0 is B, then `sim.bodies` in order.
    pub body: usize,
    /// [`BodySummary::sink`].
    pub sink: Spread<f32>,
    /// [`BodySummary::height_range`].
    pub height_range: Spread<f32>,
    /// [`BodySummary::max_tilt_deg`].
    pub max_tilt_deg: Spread<f32>,
    /// [`BodySummary::rms_omega_last_second`].
    pub rms_omega_last_second: Spread<f32>,
    /// [`BodySummary::max_up_speed`].
    pub max_up_speed: Spread<f32>,
    /// [`BodySummary::final_speed`].
    pub final_speed: Spread<f32>,
}

/// The contact counts, spread over the runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContactSpread {
    /// Points the solver received.
    pub points: Spread<f64>,
    /// Points whose id matched the last step's.
    pub persisted: Spread<f64>,
    /// Points with a new id.
    pub new: Spread<f64>,
    /// Points that shared an id with another point of the same body pair.
    pub id_collisions: Spread<f64>,
}

/// What `simulate --perturb N --summary` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerturbSummary {
    /// N + 1: the scene and its N copies.
    pub runs: usize,
    /// The scene's own run.
    pub unperturbed: Summary,
    /// Each dynamic body's fields over every run.
    pub bodies: Vec<BodySpread>,
    /// The persisted fraction over the runs that had points (null when none had).
    pub persisted_fraction: Option<Spread<f64>>,
    /// The contact counts over every run.
    pub contacts: ContactSpread,
    /// [`Summary::wrong_matches`] over every run.
    pub wrong_matches: Spread<f64>,
}

impl PerturbSummary {
    /// The spread of `runs` (the first is the unperturbed run); `None` without runs.
    pub fn of(runs: &[Summary]) -> Option<PerturbSummary> {
        let first = runs.first()?;
        let spread = |f: &dyn Fn(&Summary) -> f64| {
            Spread::of(runs.iter().map(f)).unwrap_or(Spread {
                min: 0.0,
                median: 0.0,
                max: 0.0,
            })
        };
        let body = |i: usize, f: fn(&BodySummary) -> f32| {
            spread(&|s: &Summary| s.bodies.get(i).map_or(f64::NAN, |b| f(b) as f64)).narrow()
        };
        let bodies = (0..first.bodies.len())
            .map(|i| BodySpread {
                body: i,
                sink: body(i, |b| b.sink),
                height_range: body(i, |b| b.height_range),
                max_tilt_deg: body(i, |b| b.max_tilt_deg),
                rms_omega_last_second: body(i, |b| b.rms_omega_last_second),
                max_up_speed: body(i, |b| b.max_up_speed),
                final_speed: body(i, |b| b.final_speed),
            })
            .collect();
        Some(PerturbSummary {
            runs: runs.len(),
            unperturbed: first.clone(),
            bodies,
            persisted_fraction: Spread::of(runs.iter().filter_map(|s| s.persisted_fraction)),
            contacts: ContactSpread {
                points: spread(&|s| s.contacts.points as f64),
                persisted: spread(&|s| s.contacts.persisted as f64),
                new: spread(&|s| s.contacts.new as f64),
                id_collisions: spread(&|s| s.contacts.id_collisions as f64),
            },
            wrong_matches: spread(&|s| s.wrong_matches as f64),
        })
    }
}

/// The summaries of `scene` and its copies 1..=`n` under `seed`, each run under `variant` for
/// `seconds` (default: the scene's `sim.seconds`); `each` is called after every step of every
/// run (for a progress bar).
pub fn run_perturbed(
    scene: &Scene,
    variant: Variant,
    n: usize,
    seed: u64,
    seconds: Option<f32>,
    mut each: impl FnMut(),
) -> Result<Vec<Summary>, SceneError> {
    (0..=n)
        .map(|k| {
            let copy = perturbed(scene, seed, k)?;
            let mut world = World::new(&copy, variant)?;
            let s = world.settings();
            let steps = s.steps_for(seconds.unwrap_or(s.seconds));
            Ok(summary::run(&mut world, steps, |_| {
                each();
                true
            }))
        })
        .collect()
}

/// The steps [`run_perturbed`] takes in all (0 when a copy does not build): for a progress bar.
pub fn total_steps(scene: &Scene, n: usize, seed: u64, seconds: Option<f32>) -> u64 {
    (0..=n)
        .filter_map(|k| {
            let copy = perturbed(scene, seed, k).ok()?;
            let sim = copy.sim.unwrap_or_default();
            let s = seconds.unwrap_or(sim.seconds) as f64;
            Some(((s * sim.hz as f64).round() as u64).max(1))
        })
        .sum()
}
