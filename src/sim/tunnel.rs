//! Tunnelling, measured: the scene's bullet B thrown at the static body A at a range of speeds,
//! under each way of stepping (the full run and the scene's compare runs), and whether it ends
//! on A's far side.
//!
//! A trial keeps the scene as it is but B's speed: B's velocity is scaled to `speed` along its
//! own direction, the world is run for the scene's `sim.seconds`, and B *passed* when its centre
//! of mass ends beyond A's position along that direction having started before it. A discrete
//! step with no speculative margin catches B only when a step ends with B overlapping A and its
//! centre short of the wall's middle; the speculative margin widens that window by the margin;
//! the continuous step ([`super::ccd`]) cuts the step at the time of impact, at any speed.
//! Built-in scene 30 (`30_bullet_wall`) quotes the speeds this measures.
//!
//! ```
//! use narrowphase_lab::scene::{parse, Variant};
//! use narrowphase_lab::sim::tunnel::{log_speeds, passes};
//!
//! let text = "Scene(title: \"Bullet\", mode: Simulate, speculative_margin: 0.02, \
//!     a: Body(shape: Box(width: 0.1, height: 4.0), position: (0.0, 0.0)), \
//!     b: Body(shape: Circle(radius: 0.1), position: (-5.0, 0.0), velocity: (10.0, 0.0)), \
//!     sim: Sim(gravity: (0.0, 0.0), seconds: 2.0))";
//! let scene = parse(text, "bullet.ron").unwrap().scene;
//! let fast = Variant { continuous: true, ..Variant::FULL };
//! // At 300 m/s the discrete step jumps the wall; the continuous one stops at it.
//! assert!(passes(&scene, Variant::FULL, 300.0).unwrap());
//! assert!(!passes(&scene, fast, 300.0).unwrap());
//! assert_eq!(log_speeds(5.0, 500.0, 3), vec![5.0, 50.0, 500.0]);
//! ```

use super::world::World;
use crate::scene::{Scene, SceneError, Variant};
use glam::Vec2;

/// The lab's sweep of B's speed (the Simulate mode's plot and scene 30's notes): 5 to 500 m/s
/// in 41 speeds, each about 12 % faster than the last.
pub const LAB_SPEEDS: (f32, f32, usize) = (5.0, 500.0, 41);

/// `n` speeds from `from` to `to` (both included), evenly spaced on a log scale (`n` ≥ 2;
/// fewer gives `[from]`).
pub fn log_speeds(from: f32, to: f32, n: usize) -> Vec<f32> {
    if n < 2 {
        return vec![from];
    }
    let (lo, hi) = ((from as f64).ln(), (to as f64).ln());
    (0..n)
        .map(|k| {
            if k == n - 1 {
                to
            } else {
                (lo + (hi - lo) * k as f64 / (n - 1) as f64).exp() as f32
            }
        })
        .collect()
}

/// The unit direction B is thrown in (its velocity's), `None` when B is not moving.
pub fn throw_direction(scene: &Scene) -> Option<Vec2> {
    scene.b.velocity.try_normalize()
}

/// The speed B is thrown at (its velocity's length), m/s.
pub fn throw_speed(scene: &Scene) -> f32 {
    scene.b.velocity.length()
}

/// Whether B, thrown at `speed` along its velocity's direction, ends on A's far side after the
/// scene's `sim.seconds` under `variant` (false when B is not thrown, or starts beyond A).
pub fn passes(scene: &Scene, variant: Variant, speed: f32) -> Result<bool, SceneError> {
    let Some(dir) = throw_direction(scene) else {
        return Ok(false);
    };
    let mut thrown = scene.clone();
    thrown.b.velocity = dir * speed;
    Ok(bodies_passing(&thrown, variant)?
        .first()
        .copied()
        .unwrap_or(false))
}

/// Each dynamic body (B, then `sim.bodies`): whether it ends on A's far side after the scene's
/// `sim.seconds` under `variant` — its centre of mass beyond A's along the direction it was
/// thrown in, having started before it (false for a body not thrown).
pub fn bodies_passing(scene: &Scene, variant: Variant) -> Result<Vec<bool>, SceneError> {
    let mut world = World::new(scene, variant)?;
    let dirs: Vec<Option<Vec2>> = world.bodies()[1..]
        .iter()
        .map(|b| b.velocity.try_normalize())
        .collect();
    let ahead = |w: &World, i: usize, dir: Vec2| {
        (w.bodies()[i + 1].center - w.bodies()[0].center).dot(dir) > 0.0
    };
    let started: Vec<bool> = dirs
        .iter()
        .enumerate()
        .map(|(i, d)| d.is_some_and(|d| ahead(&world, i, d)))
        .collect();
    let steps = world.settings().steps_for(world.settings().seconds);
    for _ in 0..steps {
        world.step();
    }
    Ok(dirs
        .iter()
        .enumerate()
        .map(|(i, d)| !started[i] && d.is_some_and(|d| ahead(&world, i, d)))
        .collect())
}

/// Which speeds B passed A at, under each way of stepping.
#[derive(Clone, Debug, PartialEq)]
pub struct TunnelSweep {
    /// The speeds tried, in order.
    pub speeds: Vec<f32>,
    /// The ways of stepping, in order.
    pub variants: Vec<Variant>,
    /// `passed[k][i]`: B passed A under way `k` at `speeds[i]`.
    pub passed: Vec<Vec<bool>>,
}

impl TunnelSweep {
    /// Every way in `variants` at every speed in `speeds`.
    pub fn run(
        scene: &Scene,
        variants: &[Variant],
        speeds: &[f32],
    ) -> Result<TunnelSweep, SceneError> {
        let passed = variants
            .iter()
            .map(|&v| speeds.iter().map(|&s| passes(scene, v, s)).collect())
            .collect::<Result<Vec<Vec<bool>>, SceneError>>()?;
        Ok(TunnelSweep {
            speeds: speeds.to_vec(),
            variants: variants.to_vec(),
            passed,
        })
    }

    /// The scene's own ways, as the Simulate mode runs them: the full run, then each compare.
    pub fn of_scene(scene: &Scene, speeds: &[f32]) -> Result<TunnelSweep, SceneError> {
        let compare = scene
            .sim
            .as_ref()
            .map(|s| s.compare.clone())
            .unwrap_or_default();
        let variants: Vec<Variant> = std::iter::once(Variant::FULL).chain(compare).collect();
        TunnelSweep::run(scene, &variants, speeds)
    }

    /// True when the scene is about tunnelling: B is thrown and a run steps continuously or
    /// without the speculative margin (what the Simulate mode plots [`LAB_SPEEDS`] for).
    pub fn applies(scene: &Scene) -> bool {
        let compare = scene
            .sim
            .as_ref()
            .map(|s| s.compare.as_slice())
            .unwrap_or(&[]);
        throw_direction(scene).is_some() && compare.iter().any(|v| v.continuous || !v.speculative)
    }

    /// [`TunnelSweep::of_scene`] over [`LAB_SPEEDS`].
    pub fn lab(scene: &Scene) -> Result<TunnelSweep, SceneError> {
        let (from, to, n) = LAB_SPEEDS;
        TunnelSweep::of_scene(scene, &log_speeds(from, to, n))
    }

    /// The lowest speed at which way `k` let B pass (`None`: caught at every speed tried).
    pub fn first_pass(&self, k: usize) -> Option<f32> {
        let row = self.passed.get(k)?;
        self.speeds
            .iter()
            .zip(row)
            .find(|(_, p)| **p)
            .map(|(s, _)| *s)
    }

    /// How many of the speeds way `k` let B pass at.
    pub fn pass_count(&self, k: usize) -> usize {
        self.passed
            .get(k)
            .map_or(0, |r| r.iter().filter(|p| **p).count())
    }
}
