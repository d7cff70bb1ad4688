//! [`Run`], a world with its start and snapshots kept, so that a step back is a replay; and
//! [`Lab`], the runs of a scene's variants stepped together.

use super::world::World;
use crate::scene::{Scene, SceneError, Variant};

/// At most this many snapshots a run keeps (beyond it, every other one is dropped and the
/// interval doubles), so a run's memory is bounded whatever its length.
pub const MAX_SNAPSHOTS: usize = 128;

/// The fewest steps between two snapshots: a replay that short costs less than a frame.
pub const MIN_SNAPSHOT_INTERVAL: usize = 32;

/// A world and its start: step it, reset it, or go to any step. The run keeps a snapshot of
/// its world every [`Run::snapshot_interval`] steps, so going back is a replay from the nearest
/// snapshot at or before the step, not from the start (the run is deterministic, so the replay
/// is the same run bit for bit).
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    start: World,
    world: World,
    /// Worlds at steps that are multiples of `interval`, in order (the start is `start`).
    snapshots: Vec<World>,
    interval: usize,
}

impl Run {
    /// The run of `scene` under `variant`, at step 0.
    pub fn new(scene: &Scene, variant: Variant) -> Result<Run, SceneError> {
        let start = World::new(scene, variant)?;
        let s = start.settings();
        let interval = s
            .steps_for(s.seconds)
            .div_ceil(MAX_SNAPSHOTS)
            .max(MIN_SNAPSHOT_INTERVAL);
        Ok(Run {
            world: start.clone(),
            start,
            snapshots: Vec::new(),
            interval,
        })
    }

    /// The world at step 0.
    pub fn start(&self) -> &World {
        &self.start
    }

    /// The world now.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Steps taken.
    pub fn steps(&self) -> usize {
        self.world.steps()
    }

    /// Steps between two snapshots (at least [`MIN_SNAPSHOT_INTERVAL`]; chosen so that a run
    /// of its `seconds` keeps at most [`MAX_SNAPSHOTS`]).
    pub fn snapshot_interval(&self) -> usize {
        self.interval
    }

    /// One step forward (a snapshot taken when the step is due one).
    pub fn step(&mut self) {
        self.world.step();
        let k = self.world.steps();
        let last = self.snapshots.last().map_or(0, World::steps);
        if k.is_multiple_of(self.interval) && k > last {
            if self.snapshots.len() >= MAX_SNAPSHOTS {
                // Keep the snapshots at multiples of twice the interval.
                self.interval *= 2;
                let every = self.interval;
                self.snapshots.retain(|w| w.steps().is_multiple_of(every));
                if !k.is_multiple_of(every) {
                    return;
                }
            }
            self.snapshots.push(self.world.clone());
        }
    }

    /// Back to step 0.
    pub fn reset(&mut self) {
        self.world = self.start.clone();
    }

    /// Back to the nearest snapshot at or before step `k` (the start when there is none),
    /// when `k` is behind the world; nothing otherwise. Cheap: no step is taken.
    pub fn rewind(&mut self, k: usize) {
        if k >= self.world.steps() {
            return;
        }
        let i = self.snapshots.partition_point(|w| w.steps() <= k);
        self.world = match i {
            0 => self.start.clone(),
            i => self.snapshots[i - 1].clone(),
        };
    }

    /// To step `k`: forward from here, or replayed from the nearest snapshot when `k` is
    /// behind.
    pub fn seek(&mut self, k: usize) {
        self.rewind(k);
        while self.world.steps() < k {
            self.step();
        }
    }

    /// One step back (a replay from the nearest snapshot); nothing at step 0.
    pub fn step_back(&mut self) {
        self.seek(self.world.steps().saturating_sub(1));
    }
}

/// The full run and the scene's compare runs, stepped together (the Simulate mode's state).
#[derive(Clone, Debug, PartialEq)]
pub struct Lab {
    /// The full run first ([`Variant::FULL`]), then one per `sim.compare` entry.
    pub runs: Vec<Run>,
}

impl Lab {
    /// The scene's runs, at step 0.
    pub fn new(scene: &Scene) -> Result<Lab, SceneError> {
        let compare = scene
            .sim
            .as_ref()
            .map(|s| s.compare.clone())
            .unwrap_or_default();
        let runs = std::iter::once(Variant::FULL)
            .chain(compare)
            .map(|v| Run::new(scene, v))
            .collect::<Result<_, _>>()?;
        Ok(Lab { runs })
    }

    /// Steps taken (every run is at the same step).
    pub fn steps(&self) -> usize {
        self.runs.first().map_or(0, Run::steps)
    }

    /// Every run one step forward.
    pub fn step(&mut self) {
        self.runs.iter_mut().for_each(Run::step);
    }

    /// Every run one step back (replayed).
    pub fn step_back(&mut self) {
        self.runs.iter_mut().for_each(Run::step_back);
    }

    /// Every run back to step 0.
    pub fn reset(&mut self) {
        self.runs.iter_mut().for_each(Run::reset);
    }

    /// Every run to step `k`.
    pub fn seek(&mut self, k: usize) {
        self.runs.iter_mut().for_each(|r| r.seek(k));
    }

    /// Every run back to its nearest snapshot at or before step `k`, when `k` is behind
    /// ([`Run::rewind`]).
    pub fn rewind(&mut self, k: usize) {
        self.runs.iter_mut().for_each(|r| r.rewind(k));
    }
}
