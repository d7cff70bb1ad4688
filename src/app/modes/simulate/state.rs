//! The Simulate mode's state: what it holds (the lab, the play state, each run's readings), its
//! colours, and the small helpers every part of the mode shares. A leaf: the mode's other files
//! import it, it imports none of them.

use crate::app::command::Command;
use crate::app::draw::colors;
use crate::app::legend::{Entry, Marker, entry};
use crate::app::modes::mode::PlayedPair;
use crate::scene::{Body, Scene};
use crate::sim::Lab;
use egui::Color32;
use glam::Vec2;

/// One step's readings of one run, for the plots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Seconds simulated.
    pub time: f64,
    /// Percent of the step's points that persisted (None with no points: nothing to persist).
    pub persisted_pct: Option<f32>,
    /// The top body's height (its origin's y).
    pub height: f32,
    /// The top body's angular speed, |ω|, rad/s.
    pub omega: f32,
    /// B's centre of mass (x) and its velocity, for a body sliding over seams.
    pub b_x: f32,
    /// B's horizontal velocity.
    pub b_vx: f32,
    /// B's vertical velocity.
    pub b_vy: f32,
    /// The step's contact points, and how many of them persisted.
    pub points: usize,
    /// Of `points`, the persisted.
    pub persisted: usize,
    /// The step's wrong matches ([`crate::sim::contact::wrong_match`]).
    pub wrong_matches: usize,
    /// The top body's centre of mass (world) and angle (radians): where its trail was
    /// (`camera.rs`).
    pub top_pose: (Vec2, f32),
}

/// The colour of compare run `k` (1 or 2; 0 is the full run, drawn in the bodies' colours).
pub fn run_color(k: usize) -> Color32 {
    match k {
        1 => colors::accent(),
        _ => colors::minkowski(),
    }
}

/// The colour of a new contact point.
pub fn new_point() -> Color32 {
    colors::bad()
}

/// What the Simulate mode's colours mean.
pub const LEGEND: &[Entry] = &[
    entry(
        colors::b,
        Marker::Fill,
        "the full run (every rule on), solid",
    ),
    entry(
        colors::accent,
        Marker::Line,
        "compare run 1: an outlined ghost, started from the same state",
    ),
    entry(
        colors::minkowski,
        Marker::Line,
        "compare run 2: an outlined ghost",
    ),
    entry(
        colors::ink,
        Marker::Dot,
        "a persisted contact point: its id matched the last step's (warm-started)",
    ),
    entry(
        new_point,
        Marker::Dot,
        "a new contact point (larger): a new id, it starts from no impulse",
    ),
    entry(
        colors::ink,
        Marker::Ring,
        "a speculative point (hollow): apart, it only stops the gap closing",
    ),
];

/// How far (pixels) a click may be from a contact point to pick it.
pub const PICK_PX: f32 = 12.0;

/// A contact the user picked: the run, the body pair, the step.
#[derive(Clone, Debug, PartialEq)]
pub struct Picked {
    /// Which run (0 the full one).
    pub run: usize,
    /// The two bodies (world indices, the lower first).
    pub bodies: [usize; 2],
    /// The step it was picked at.
    pub step: usize,
    /// The two bodies' poses the step collided at: position and angle in degrees (they
    /// became the scene's A and B).
    pub poses: [(Vec2, f32); 2],
    /// How many points the solver received for the pair in that step.
    pub received: usize,
}

/// The pair the panels show in Simulate, and what it was computed for.
#[derive(Clone, Debug)]
pub struct ShownPair {
    /// Which pair it is and its traces, as the run collided it this step.
    pub shown: PlayedPair,
    /// The run, its bodies, the step and the part pair asked for.
    pub(super) key: (usize, [usize; 2], usize, Option<[usize; 2]>),
}

/// A parting asked for: which ghost, and where it parts from the full run (None: it never does
/// over the run's `steps`).
#[derive(Clone, Debug, PartialEq)]
pub struct Parted {
    /// The compare run (1 or 2).
    pub run: usize,
    /// Where it parts from the full run, from the library.
    pub parting: Option<crate::sim::Parting>,
    /// The run's steps (how far it was compared).
    pub steps: usize,
}

/// Simulate mode state: the lab, the play state and each run's readings.
#[derive(Default)]
pub struct SimulateMode {
    /// The scene the lab was built from.
    pub(super) scene: Option<Scene>,
    /// The runs (None when the scene cannot be simulated; the reason in `error`).
    pub(super) lab: Option<Lab>,
    /// Why the scene cannot be simulated.
    pub(super) error: Option<String>,
    /// Playing.
    pub running: bool,
    /// Playback speed: simulated seconds per real second.
    pub speed: f32,
    /// Steps owed to the clock while playing (fractions carried over).
    pub(super) owed: f64,
    /// The clock at the last frame, seconds.
    pub(super) clock: Option<f64>,
    /// Per run, one reading per step from 0 to the lab's step.
    pub(super) readings: Vec<Vec<Reading>>,
    /// The top body (world index) the plots and words follow.
    pub(super) top: usize,
    /// A click on a contact, waiting for the app to carry it out.
    pub(super) pending: Option<Command>,
    /// The last contact picked (for tests and the panel).
    pub picked: Option<Picked>,
    /// Milliseconds the last frame's stepping took.
    pub work_ms: f64,
    /// B starts sliding (a `velocity`) or A is a chain: the plot of B's speed is shown.
    pub(super) sliding: bool,
    /// The x of A's seams (see [`crate::sim::seams()`]), found once per scene.
    pub(super) seams: Vec<f32>,
    /// Over the frames that stepped: how many, their stepping's total and largest time, ms.
    pub(super) work: (u64, f64, f64),
    /// Why the last click on a contact could not open its pair (shown in the words).
    pub(super) notice: Option<String>,
    /// The session's step as last seen: where the lab is going (it may take frames).
    pub(super) target: usize,
    /// The scenes clicks on contacts made (a pair of the run as A and B): looks at this run,
    /// never a new one (`look.rs`).
    pub(super) looks: Vec<Scene>,
    /// The step a click opened a pair at: where the mode comes back to (once).
    pub(super) resume: Option<usize>,
    /// The pair the panels show, computed once per step (`look.rs`).
    pub(super) shown: Option<ShownPair>,
    /// Per run, the largest deviation of any of its bodies from the full run's so far (world
    /// units; 0 for the full run): what the exaggerated view is sized from.
    pub(super) seen: Vec<f32>,
    /// The ghosts drawn as they are, never exaggerated (the toggle off).
    pub plain: bool,
    /// For a scene about tunnelling ([`crate::sim::TunnelSweep::applies`]): which speeds B
    /// passed A at under each run, found once per scene.
    pub(super) tunnel: Option<crate::sim::TunnelSweep>,
    /// The parting last asked for ("Where ghost k parts from the full run", `parting.rs`).
    pub(super) parted: Option<Parted>,
    /// The rects of those buttons as last laid out, window pixels `[x, y, width, height]`
    /// (for `--print-state`).
    pub(super) part_buttons: Vec<[f32; 4]>,
    /// The rects of the buttons opening the parted pair (the full run's, then the ghost's),
    /// while they are shown; as `part_buttons`.
    pub(super) open_buttons: Vec<[f32; 4]>,
    /// The start phase sweep asked for ("Sweep the start phase", `phase_plot.rs`), computed a
    /// budget a frame, of the lab's scene as it runs (scaled).
    pub(super) phase: Option<crate::sim::PhaseJob>,
    /// The sweep button's rect as last laid out (as `part_buttons`).
    pub(super) phase_button: Vec<[f32; 4]>,
    /// Per run, the points the phase plot drew in the last frame.
    pub(super) phase_plotted: Vec<usize>,
    /// The factor the lab's scene is scaled by (the "scale ×" slider; 0 reads as 1).
    pub(super) scale: f32,
    /// The view follows the top body ("follow the body"): None until the student sets it, the
    /// scene's default then (`camera.rs`).
    pub follow: Option<bool>,
    /// The inset magnifier on the top body's deepest contact is off (`inset.rs`).
    pub no_inset: bool,
    /// The student's wheel zoom over the followed view's own (a factor; 0 reads as 1).
    pub(super) wheel_zoom: f32,
}

/// The least a ghost's largest deviation from the full run is drawn at, in pixels, when it is
/// smaller on screen (the exaggerated view): twice the 8 px the eye needs, so it shows for most
/// of a swing, not only at its end.
pub const SHOWN_PX: f32 = 16.0;
/// The largest exaggeration: a deviation that needs more is left as it is (it is rounding,
/// not a consequence).
pub const MAX_EXAGGERATION: f32 = 100.0;

/// A millisecond clock for the stepping's own cost (in the browser, where `Instant` panics,
/// the page's clock).
pub(super) fn clock_ms() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }
    // The page's clock (whole milliseconds in most browsers: the mean over many frames is
    // what tells, as for the drag's work in `--print-state`).
    #[cfg(target_arch = "wasm32")]
    {
        macroquad::time::get_time() * 1000.0
    }
}

/// The scene's body `i` of the simulation (0 A, 1 B, then `sim.bodies`).
pub(super) fn scene_body(scene: &Scene, i: usize) -> Option<&Body> {
    match i {
        0 => Some(&scene.a),
        1 => Some(&scene.b),
        k => scene.sim.as_ref().and_then(|s| s.bodies.get(k - 2)),
    }
}

impl SimulateMode {
    /// The lab, when the scene can be simulated.
    pub fn lab(&self) -> Option<&Lab> {
        self.lab.as_ref()
    }

    /// Each run's readings, step 0 to now.
    pub fn readings(&self) -> &[Vec<Reading>] {
        &self.readings
    }

    /// The body the plots follow (the highest dynamic body at the start).
    pub fn top(&self) -> usize {
        self.top
    }

    /// The command a click asked for, once (the app carries it out).
    pub fn take_command(&mut self) -> Option<Command> {
        self.pending.take()
    }

    /// The factor ghost run `k`'s deviation from the full run is drawn at, at `zoom` pixels a
    /// unit: 1 for the full run, with the toggle off, or when the difference shows as it is.
    pub fn exaggerate(&self, k: usize, zoom: f32) -> f32 {
        if k == 0 || self.plain {
            return 1.0;
        }
        let seen = self.seen.get(k).copied().unwrap_or(0.0);
        crate::sim::exaggeration(seen * zoom, SHOWN_PX, MAX_EXAGGERATION)
    }

    /// Body `i` of run `k` as drawn: a ghost's exaggerated by `factor` from the full run's.
    pub(super) fn drawn_body(
        &self,
        k: usize,
        i: usize,
        factor: f32,
    ) -> Option<crate::sim::SimBody> {
        let lab = self.lab.as_ref()?;
        let body = lab.runs.get(k)?.world().bodies().get(i)?;
        if factor == 1.0 {
            return Some(body.clone());
        }
        let full = lab.runs[0].world().bodies().get(i)?;
        Some(body.exaggerated(full, factor))
    }

    /// Contact point `p` of run `k` (on its body `i`) where it is drawn: carried with the body
    /// when a ghost is exaggerated by `factor`.
    pub(super) fn drawn_point(&self, k: usize, i: usize, p: Vec2, factor: f32) -> Vec2 {
        if factor == 1.0 {
            return p;
        }
        let body = self
            .lab
            .as_ref()
            .and_then(|l| l.runs.get(k))
            .and_then(|r| r.world().bodies().get(i));
        match (body, self.drawn_body(k, i, factor)) {
            (Some(body), Some(drawn)) => body.carry(&drawn, p),
            _ => p,
        }
    }

    pub(super) fn speed(&self) -> f32 {
        if self.speed > 0.0 { self.speed } else { 1.0 }
    }
}
