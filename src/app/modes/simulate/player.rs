//! The Simulate mode's player: the lab follows the session's step within a budget of work per
//! frame (as Play always has), never a whole run inside one frame; a step back rewinds to the
//! run's nearest snapshot and replays from there; and each step's readings are kept for the
//! plots.

use super::state::{Reading, SimulateMode, clock_ms};
use crate::scene::Scene;
use crate::sim::{Lab, World};
use glam::Vec2;

/// The most milliseconds one frame spends stepping the lab (a 60 Hz frame's worth): the rest of
/// a long seek (End on a two-minute run, a step back from far along) is carried on in the next
/// frames, its progress shown, so a frame stays well under 100 ms and a signal is acted on
/// within one.
pub const STEP_BUDGET_MS: f64 = 16.0;

/// The percent of `points` that persisted, for the plot: None when there are none (the plot
/// says "no contact yet" rather than 0 %).
fn pct(persisted: usize, points: usize) -> Option<f32> {
    crate::sim::persisted_fraction(persisted, points).map(|f| (100.0 * f) as f32)
}

/// The readings of world `w`, following body `top`.
pub(super) fn reading(w: &World, top: usize) -> Reading {
    let s = w.stats();
    let body = w.bodies().get(top);
    let b = w.bodies().get(1);
    Reading {
        time: w.time(),
        persisted_pct: pct(s.persisted, s.points),
        height: body.map_or(0.0, |b| b.position().y),
        omega: body.map_or(0.0, |b| b.spin.abs()),
        b_x: b.map_or(0.0, |b| b.center.x),
        b_vx: b.map_or(0.0, |b| b.velocity.x),
        b_vy: b.map_or(0.0, |b| b.velocity.y),
        points: s.points,
        persisted: s.persisted,
        wrong_matches: s.wrong_matches,
        top_pose: body.map_or((Vec2::ZERO, 0.0), |b| (b.center, b.angle)),
    }
}

impl SimulateMode {
    /// Builds the lab for `scene` when it changed (the run starts again).
    pub fn set_scene(&mut self, scene: &Scene) {
        // The run's own scene, or a look at it (a pair a click opened): the run goes on.
        if self.is_this_run(scene) {
            return;
        }
        self.scene = Some(scene.clone());
        self.looks.clear();
        self.resume = None;
        self.shown = None;
        self.picked = None;
        self.parted = None;
        self.phase = None;
        self.scale = 1.0;
        self.follow = None;
        self.wheel_zoom = 0.0;
        self.owed = 0.0;
        self.target = 0;
        self.sliding = scene.b.velocity != Vec2::ZERO
            || matches!(scene.a.shape, crate::scene::ShapeSpec::Chain { .. });
        self.tunnel = crate::sim::TunnelSweep::applies(scene)
            .then(|| crate::sim::TunnelSweep::lab(scene).ok())
            .flatten();
        match Lab::new(scene) {
            Ok(lab) => {
                let bodies = lab.runs[0].world().bodies();
                self.top = (1..bodies.len())
                    .max_by(|&i, &j| {
                        bodies[i]
                            .position()
                            .y
                            .total_cmp(&bodies[j].position().y)
                            .then(j.cmp(&i))
                    })
                    .unwrap_or(1);
                self.seams = lab.runs[0]
                    .world()
                    .bodies()
                    .first()
                    .map(crate::sim::seams)
                    .unwrap_or_default();
                self.readings = lab
                    .runs
                    .iter()
                    .map(|r| vec![reading(r.world(), self.top)])
                    .collect();
                self.seen = vec![0.0; lab.runs.len()];
                self.lab = Some(lab);
                self.error = None;
            }
            Err(e) => {
                self.lab = None;
                self.readings.clear();
                self.error = Some(e.to_string());
            }
        }
    }

    /// The run's steps per second (60 before there is a run).
    pub(super) fn hz(&self) -> f64 {
        self.lab
            .as_ref()
            .map_or(60.0, |l| l.runs[0].world().settings().hz as f64)
    }

    /// How many steps a run lasts (its `seconds`).
    pub(super) fn last_step(&self) -> usize {
        self.lab
            .as_ref()
            .and_then(|l| l.runs.first())
            .map_or(0, |r| {
                let s = r.world().settings();
                s.steps_for(s.seconds)
            })
    }

    /// Moves the lab all the way to `step` (however long that takes: for tests and tools; the
    /// window goes by [`SimulateMode::follow`], a budget a frame).
    pub fn seek(&mut self, step: usize) {
        self.follow(step, f64::INFINITY);
    }

    /// Moves the lab towards `step` for at most `budget_ms` of work (at least one step),
    /// keeping a reading for every step reached: a step back rewinds every run to its nearest
    /// snapshot at or before `step` and replays from there. Stops early when the process is
    /// asked to end (the window loop then writes the recovery file and exits). Returns true
    /// when the lab is at `step`.
    pub fn follow(&mut self, step: usize, budget_ms: f64) -> bool {
        let started = clock_ms();
        let top = self.top;
        let Some(lab) = &mut self.lab else {
            return true;
        };
        if step < lab.steps() {
            lab.rewind(step);
            for r in &mut self.readings {
                r.truncate(step + 1);
            }
        }
        while lab.steps() < step {
            lab.step();
            let n = lab.steps();
            // A replay passes steps whose readings are kept already.
            for (run, r) in lab.runs.iter().zip(&mut self.readings) {
                if r.len() == n {
                    r.push(reading(run.world(), top));
                }
            }
            // How far each ghost has strayed from the full run (the exaggerated view's size).
            let full = lab.runs[0].world().bodies();
            for (run, seen) in lab.runs.iter().zip(&mut self.seen).skip(1) {
                for (g, f) in run.world().bodies().iter().zip(full) {
                    if g.dynamic {
                        *seen = seen.max(g.deviation(f));
                    }
                }
            }
            if clock_ms() - started >= budget_ms || crate::app::recovery::terminated() {
                break;
            }
        }
        lab.steps() == step
    }

    /// While the lab is still on its way to the session's step (a long seek carried over
    /// frames): the step it is at and the step it goes to.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let at = self.lab.as_ref()?.steps();
        (at != self.target).then_some((at, self.target))
    }

    /// Play or pause (at the end, play starts again from the start).
    pub fn toggle(&mut self, step: &mut usize) {
        self.running = !self.running;
        self.owed = 0.0;
        if self.running && *step >= self.last_step() {
            *step = 0;
        }
    }

    /// One frame of `dt` seconds: while playing, the steps the clock owes (at most 8 a frame,
    /// so a slow frame does not snowball, and none while the lab is still behind: a scene too
    /// heavy for real time plays slower instead of piling up work); then the lab follows the
    /// session's `step` for at most [`STEP_BUDGET_MS`].
    pub fn advance(&mut self, step: &mut usize, dt: f64) {
        let started = clock_ms();
        let last = self.last_step();
        let before = self.lab.as_ref().map_or(0, Lab::steps);
        if self.running {
            let hz = self.hz();
            let speed = if self.speed > 0.0 { self.speed } else { 1.0 };
            self.owed += dt.clamp(0.0, 0.25) * hz * speed as f64;
            let n = (self.owed.floor() as usize).min(8);
            self.owed -= self.owed.floor();
            if before >= *step {
                *step = (*step + n).min(last);
            } else {
                self.owed = 0.0;
            }
            if *step >= last {
                self.running = false;
            }
        }
        *step = (*step).min(last);
        self.target = *step;
        if before != *step {
            self.notice = None;
        }
        self.follow(*step, STEP_BUDGET_MS);
        self.work_ms = clock_ms() - started;
        if self.lab.as_ref().map_or(0, Lab::steps) != before {
            let (n, sum, max) = self.work;
            self.work = (n + 1, sum + self.work_ms, max.max(self.work_ms));
        }
    }
}
