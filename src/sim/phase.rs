//! The start phase sweep (`narrowphase-lab simulate SCENE --phase N`, and the Simulate panel's
//! "Sweep the start phase"): does what a sliding body does depend on where in its step it
//! meets the scene's features?
//!
//! A fixed step moves a body `v / hz` at a time, so it meets a seam between two tiles at some
//! point inside one step's travel: its *phase*. When the seams are a whole number of steps
//! apart, every seam meets the body at the same phase, and one start decides them all. The
//! sweep runs the scene `n` times, the start shifted by `k / n` of one step's travel along each
//! body's velocity (`position += (k / n) · velocity / hz`, k = 0 … n − 1; k = 0 is the scene
//! itself), under each variant, and reports each run's outcome, following B:
//!
//! - `distance`: how far B's origin ended from where it started;
//! - `progress`: how far it got along its start velocity (negative when it came back);
//! - `final_speed`: B's speed at the end (the summary's `final_speed` of body 0);
//! - `caught`: the rule is **`progress` < half of the free slide** ([`CAUGHT`] × B's start
//!   speed × the run's time): a body that slid on without friction covers the whole free
//!   slide, one that a seam caught stopped short, or was thrown back (and may then fall off the
//!   floor's far end, fast: its final speed alone would not tell);
//! - `stopped_step`: the first step at which B's velocity along its start direction fell below
//!   half its start speed (`None` when it never did).
//!
//! A scene whose B does not move at the start has no step's travel to shift by: the sweep
//! does not apply ([`applies`]).

use super::world::World;
use crate::scene::{Body, Scene, SceneError, Variant};
use glam::Vec2;
use serde::Serialize;

/// A run is caught when B got less than this fraction of its free slide along its start
/// velocity.
pub const CAUGHT: f32 = 0.5;
/// The phases a sweep takes unless told (the measure: 24).
pub const DEFAULT_PHASES: usize = 24;
/// The most phases one sweep takes.
pub const MAX_PHASES: usize = 1000;

/// `body` started `u` of one step's travel further along its velocity, at `hz` steps a second.
pub fn shift_start(body: &mut Body, u: f32, hz: f32) {
    body.position += u * body.velocity / hz;
}

/// `scene` with every moving body's start shifted by `u` of one step's travel (A never moves).
pub fn phase_shifted(scene: &Scene, u: f32) -> Scene {
    let mut out = scene.clone();
    let hz = out
        .sim
        .as_ref()
        .map_or(crate::scene::Sim::default().hz, |s| s.hz);
    shift_start(&mut out.b, u, hz);
    if let Some(sim) = &mut out.sim {
        for b in &mut sim.bodies {
            shift_start(b, u, hz);
        }
    }
    out
}

/// Whether the sweep applies: B moves at the start.
pub fn applies(scene: &Scene) -> bool {
    scene.b.velocity != Vec2::ZERO
}

/// One run's outcome at one phase (the module's list says what each field means).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PhaseOutcome {
    /// The start phase, `k / n`: a fraction of one step's travel.
    pub phase: f32,
    /// How far B's origin ended from its start.
    pub distance: f32,
    /// How far B's origin got along its start velocity's direction.
    pub progress: f32,
    /// B's speed at the end.
    pub final_speed: f32,
    /// `progress` < [`CAUGHT`] × B's start speed × the run's time.
    pub caught: bool,
    /// The first step at which B's velocity along its start direction fell below [`CAUGHT`]
    /// × its start speed; `None` when it never did.
    pub stopped_step: Option<usize>,
}

/// One variant's outcomes over the phases.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseRun {
    /// The variant (0 is the first the sweep was given: the full run in the app).
    pub run: usize,
    /// The variant.
    #[serde(skip)]
    pub variant: Variant,
    /// How many phases caught.
    pub caught: usize,
    /// One outcome per phase, in phase order (fewer while a [`PhaseJob`] is under way).
    pub outcomes: Vec<PhaseOutcome>,
}

/// The sweep's outcomes, per variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseSweep {
    /// How many phases: k / n for k = 0 … n − 1.
    pub n: usize,
    /// Steps each run takes.
    pub steps: usize,
    /// B's start speed.
    pub start_speed: f32,
    /// The rule for `caught`, in words.
    pub rule: &'static str,
    /// One entry per variant, in the order given.
    pub runs: Vec<PhaseRun>,
}

/// The rule, as the sweep prints it.
pub const RULE: &str =
    "caught: B got less than half of its free slide (start speed x time) along its start velocity";

impl PhaseSweep {
    /// The whole sweep of `scene` over `n` phases under each of `variants`, each run for
    /// `seconds` (default: the scene's `sim.seconds`).
    pub fn run(
        scene: &Scene,
        variants: &[Variant],
        n: usize,
        seconds: Option<f32>,
    ) -> Result<PhaseSweep, SceneError> {
        let mut job = PhaseJob::new(scene, variants, n, seconds)?;
        while !job.advance(usize::MAX)? {}
        Ok(job.sweep)
    }
}

/// The run under way: its world, B's start and the step it slowed.
#[derive(Clone, Debug)]
struct Tracker {
    world: World,
    start: Vec2,
    stopped: Option<usize>,
}

/// A sweep computed a few steps at a time (the app's budget per frame): [`PhaseJob::advance`]
/// takes at most so many steps and says when it is done; [`PhaseJob::sweep`] holds the
/// outcomes so far.
#[derive(Clone, Debug)]
pub struct PhaseJob {
    scene: Scene,
    /// The runs done, in order: variant `next / n`, phase `next % n`.
    next: usize,
    current: Option<Tracker>,
    sweep: PhaseSweep,
}

impl PhaseJob {
    /// The sweep of `scene` over `n` phases (at least 1, at most [`MAX_PHASES`]) under each of
    /// `variants`, nothing run yet. Errors: the scene's own (checked by building its world).
    pub fn new(
        scene: &Scene,
        variants: &[Variant],
        n: usize,
        seconds: Option<f32>,
    ) -> Result<PhaseJob, SceneError> {
        let n = n.clamp(1, MAX_PHASES);
        let world = World::new(scene, Variant::FULL)?;
        let s = world.settings();
        let steps = s.steps_for(seconds.unwrap_or(s.seconds));
        Ok(PhaseJob {
            scene: scene.clone(),
            next: 0,
            current: None,
            sweep: PhaseSweep {
                n,
                steps,
                start_speed: scene.b.velocity.length(),
                rule: RULE,
                runs: variants
                    .iter()
                    .enumerate()
                    .map(|(run, &variant)| PhaseRun {
                        run,
                        variant,
                        caught: 0,
                        outcomes: Vec::with_capacity(n),
                    })
                    .collect(),
            },
        })
    }

    /// Every run of the sweep is done.
    pub fn done(&self) -> bool {
        self.next >= self.total()
    }

    /// Runs in all (variants × phases).
    pub fn total(&self) -> usize {
        self.sweep.runs.len() * self.sweep.n
    }

    /// Runs done.
    pub fn finished(&self) -> usize {
        self.next.min(self.total())
    }

    /// The outcomes so far.
    pub fn sweep(&self) -> &PhaseSweep {
        &self.sweep
    }

    /// Takes at most `max_steps` steps (at least one while a run is left); true when the
    /// sweep is done.
    pub fn advance(&mut self, max_steps: usize) -> Result<bool, SceneError> {
        let (n, steps) = (self.sweep.n, self.sweep.steps);
        let speed = self.sweep.start_speed;
        let along = self.scene.b.velocity.normalize_or_zero();
        let threshold = CAUGHT * speed;
        let mut taken = 0;
        while !self.done() && (taken == 0 || taken < max_steps) {
            let (run, k) = (self.next / n, self.next % n);
            let phase = k as f32 / n as f32;
            let tracker = match &mut self.current {
                Some(t) => t,
                None => {
                    let scene = phase_shifted(&self.scene, phase);
                    let world = World::new(&scene, self.sweep.runs[run].variant)?;
                    let start = world.bodies()[1].position();
                    self.current.insert(Tracker {
                        world,
                        start,
                        stopped: None,
                    })
                }
            };
            tracker.world.step();
            taken += 1;
            let b = &tracker.world.bodies()[1];
            if tracker.stopped.is_none() && b.velocity.dot(along) < threshold {
                tracker.stopped = Some(tracker.world.steps());
            }
            if tracker.world.steps() >= steps {
                let progress = (b.position() - tracker.start).dot(along);
                let free = speed * tracker.world.time() as f32;
                let caught = progress < CAUGHT * free;
                let outcome = PhaseOutcome {
                    phase,
                    distance: b.position().distance(tracker.start),
                    progress,
                    final_speed: b.velocity.length(),
                    caught,
                    stopped_step: tracker.stopped,
                };
                let r = &mut self.sweep.runs[run];
                r.outcomes.push(outcome);
                r.caught += caught as usize;
                self.current = None;
                self.next += 1;
            }
        }
        Ok(self.done())
    }
}
