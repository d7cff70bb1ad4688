//! What `narrowphase-lab simulate` prints (DESIGN.md, "Command line"): a CSV row per step and
//! dynamic body, or one summary of the run.
//!
//! The summary's measures, per dynamic body (body 0 is B, then `sim.bodies`):
//!
//! - `sink`: the start y of the body's position minus its end y;
//! - `height_range`: max − min of its y over the run's second half (a stack that "sinks and
//!   recovers");
//! - `max_tilt_deg`: the largest |angle − start angle| over the second half, degrees;
//! - `rms_omega_last_second`: the root mean square of its angular velocity over the last
//!   second's steps (all steps, when the run is shorter), rad/s;
//! - `max_up_speed`: its largest upward velocity over the whole run (0 when it never rises): a
//!   box sliding over a floor is kicked up at a seam it catches on, often early in the run;
//! - `final_speed`: the speed of its centre of mass at the end;
//!
//! and the contacts of the second half's steps (after settling): `points`, `persisted` (the id
//! matched the last step's), `new`, `id_collisions` (shared an id with another point of the same
//! body pair in the same step), and `persisted_fraction` = persisted / points (null with no
//! points): with warm starting on, the warm-start hit rate (the share of points that started
//! from an old impulse).
//!
//! And over the whole run (a wrong match while settling is as wrong): `wrong_matches`, the
//! matched points that were not the same physical contact ([`super::contact::wrong_match`]:
//! the point moved more than [`super::contact::WRONG_MATCH`] of the pair's smaller body's size in
//! both bodies' frames between the two steps).

use super::world::{StepStats, World};
use serde::Serialize;

/// The CSV header of `simulate`.
pub const CSV_HEADER: &str = "step,time,body,x,y,angle_deg,vx,vy,omega,contacts,persisted,new\n";

/// The CSV rows of the world's current step, one per dynamic body.
pub fn csv_rows(world: &World) -> String {
    let mut out = String::new();
    for (k, (i, b)) in world
        .bodies()
        .iter()
        .enumerate()
        .filter(|(_, b)| b.dynamic)
        .enumerate()
    {
        let p = b.position();
        let (contacts, persisted, new) = world.body_contacts(i);
        out.push_str(&format!(
            "{},{},{k},{},{},{},{},{},{},{contacts},{persisted},{new}\n",
            world.steps(),
            world.time() as f32,
            p.x,
            p.y,
            b.angle.to_degrees(),
            b.velocity.x,
            b.velocity.y,
            b.spin,
        ));
    }
    out
}

/// One dynamic body's measures over a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BodySummary {
    /// 0 is B, then `sim.bodies` in order.
    pub body: usize,
    /// Start y minus end y of the body's position.
    pub sink: f32,
    /// Max − min of y over the second half.
    pub height_range: f32,
    /// Largest |angle − start angle| over the second half, degrees.
    pub max_tilt_deg: f32,
    /// RMS angular velocity over the last second, rad/s.
    pub rms_omega_last_second: f32,
    /// Largest upward velocity over the whole run (≥ 0; 0 when it never rises).
    pub max_up_speed: f32,
    /// Speed of the centre of mass at the end.
    pub final_speed: f32,
}

/// Contact counts over the second half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ContactSummary {
    /// Points the solver received.
    pub points: usize,
    /// Points whose id matched the last step's.
    pub persisted: usize,
    /// Points with a new id.
    pub new: usize,
    /// Points that shared an id with another point of the same body pair.
    pub id_collisions: usize,
}

/// The summary of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Steps run.
    pub steps: usize,
    /// Seconds simulated.
    pub seconds: f64,
    /// Each dynamic body's measures.
    pub bodies: Vec<BodySummary>,
    /// The contacts over the second half.
    pub contacts: ContactSummary,
    /// persisted / points over the second half (`None`, printed null, with no points).
    pub persisted_fraction: Option<f64>,
    /// Matched points that were not the same physical contact, over the whole run.
    pub wrong_matches: usize,
}

/// One body's track: its y, angle, spin and upward speed after every step (another engine's
/// run is measured by filling one: bench/'s Box2D lab).
#[derive(Clone, Debug, Default)]
pub struct Track {
    /// Its centre's height at the start.
    pub start_y: f32,
    /// Its angle at the start, radians.
    pub start_angle: f32,
    /// Its height after each step.
    pub y: Vec<f32>,
    /// Its angle after each step, radians, unwrapped (no jump at ±π).
    pub angle: Vec<f32>,
    /// Its spin after each step, radians per second.
    pub spin: Vec<f32>,
    /// Its vertical velocity after each step.
    pub vy: Vec<f32>,
}

impl Track {
    /// Body `k`'s fields ([`BodySummary`]) from its track: `second_half` is the first step of
    /// the settled half, `last_second` the steps of a second, `final_speed` its speed at the end.
    pub fn summary(
        &self,
        k: usize,
        second_half: usize,
        last_second: usize,
        final_speed: f32,
    ) -> BodySummary {
        let t = self;
        let n = t.y.len();
        let half = second_half.min(n.saturating_sub(1));
        let late = |v: &[f32]| v[half.min(v.len())..].to_vec();
        let ys = late(&t.y);
        let fold = |v: &[f32], f: fn(f32, f32) -> f32, init: f32| v.iter().copied().fold(init, f);
        let spins = &t.spin[n.saturating_sub(last_second)..];
        let rms = if spins.is_empty() {
            0.0
        } else {
            let sum: f64 = spins.iter().map(|w| (*w as f64) * (*w as f64)).sum();
            (sum / spins.len() as f64).sqrt() as f32
        };
        let tilt = late(&t.angle)
            .iter()
            .map(|a| (a - t.start_angle).abs().to_degrees())
            .fold(0.0, f32::max);
        BodySummary {
            body: k,
            sink: t.start_y - t.y.last().copied().unwrap_or(t.start_y),
            height_range: if ys.is_empty() {
                0.0
            } else {
                fold(&ys, f32::max, f32::MIN) - fold(&ys, f32::min, f32::MAX)
            },
            max_tilt_deg: tilt,
            rms_omega_last_second: rms,
            max_up_speed: fold(&t.vy, f32::max, 0.0),
            final_speed,
        }
    }
}

/// Runs `world` for `steps` steps and measures it, calling `each` after every step (for the
/// CSV; return false to stop early, as when the reader has gone).
pub fn run(world: &mut World, steps: usize, mut each: impl FnMut(&World) -> bool) -> Summary {
    let dynamic: Vec<usize> = (0..world.bodies().len())
        .filter(|&i| world.bodies()[i].dynamic)
        .collect();
    let mut tracks: Vec<Track> = dynamic
        .iter()
        .map(|&i| {
            let b = &world.bodies()[i];
            Track {
                start_y: b.position().y,
                start_angle: b.angle,
                ..Track::default()
            }
        })
        .collect();
    let second_half = steps / 2;
    let mut contacts = ContactSummary::default();
    let mut wrong_matches = 0;
    for k in 0..steps {
        world.step();
        wrong_matches += world.stats().wrong_matches;
        for (t, &i) in tracks.iter_mut().zip(&dynamic) {
            let b = &world.bodies()[i];
            t.y.push(b.position().y);
            t.angle.push(b.angle);
            t.spin.push(b.spin);
            t.vy.push(b.velocity.y);
        }
        if k >= second_half {
            let StepStats {
                points,
                persisted,
                new,
                id_collisions,
                ..
            } = world.stats();
            contacts.points += points;
            contacts.persisted += persisted;
            contacts.new += new;
            contacts.id_collisions += id_collisions;
        }
        if !each(world) {
            break;
        }
    }
    let last_second = world.settings().steps_for(1.0);
    let bodies = tracks
        .iter()
        .zip(&dynamic)
        .enumerate()
        .map(|(k, (t, &i))| {
            let speed = world.bodies()[i].velocity.length();
            t.summary(k, second_half, last_second, speed)
        })
        .collect();
    let ran = tracks.first().map_or(world.steps(), |t| t.y.len());
    Summary {
        steps: ran,
        seconds: ran as f64 / world.settings().hz as f64,
        bodies,
        contacts,
        persisted_fraction: super::world::persisted_fraction(contacts.persisted, contacts.points),
        wrong_matches,
    }
}
