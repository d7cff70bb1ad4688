//! Simulate mode, the consequences lab: the solver of [`crate::sim`] runs on the manifolds the
//! other modes trace, the full run solid and the scene's compare runs as outlined ghosts beside
//! it, so the student sees what a manifold's details are for.
//!
//! The mode owns a [`Lab`] built from the scene (a scene without `sim` gets `Sim()`'s
//! defaults: A static, B falls). The session's step is the lab's step: `→` and `←` move it
//! (a step back is a replay from the start), Space plays and pauses, Home resets. Each step's
//! readings (persisted fraction, the top body's height, its angular speed) are kept per run
//! for the plots; every number the words show is read off the runs as they are.

use super::mode::{Controls, Mode, ModeKind};
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::draw::{Canvas, colors, priority};
use crate::app::input::Input;
use crate::app::legend::{Entry, Marker, entry};
use crate::app::modes::arithmetic::Row;
use crate::app::pair::Traced;
use crate::app::words::{count, num};
use crate::scene::{Body, Points, Scene, Variant};
use crate::sim::{Lab, PointState, Run, World};
use egui::{Color32, RichText};
use glam::Vec2;

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

/// One step's readings of one run, for the plots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Seconds simulated.
    pub time: f64,
    /// Percent of the step's points that persisted (0 with no points).
    pub persisted_pct: f32,
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
}

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

/// Simulate mode state: the lab, the play state and each run's readings.
#[derive(Default)]
pub struct SimulateMode {
    /// The scene the lab was built from.
    scene: Option<Scene>,
    /// The runs (None when the scene cannot be simulated; the reason in `error`).
    lab: Option<Lab>,
    /// Why the scene cannot be simulated.
    error: Option<String>,
    /// Playing.
    pub running: bool,
    /// Playback speed: simulated seconds per real second.
    pub speed: f32,
    /// Steps owed to the clock while playing (fractions carried over).
    owed: f64,
    /// The clock at the last frame, seconds.
    clock: Option<f64>,
    /// Per run, one reading per step from 0 to the lab's step.
    readings: Vec<Vec<Reading>>,
    /// The top body (world index) the plots and words follow.
    top: usize,
    /// A click on a contact, waiting for the app to carry it out.
    pending: Option<Command>,
    /// The last contact picked (for tests and the panel).
    pub picked: Option<Picked>,
    /// Milliseconds the last frame's stepping took.
    pub work_ms: f64,
    /// B starts sliding (a `velocity`) or A is a chain: the plot of B's speed is shown.
    sliding: bool,
    /// The x of A's seams (see [`crate::sim::seams`]), found once per scene.
    seams: Vec<f32>,
    /// Over the frames that stepped: how many, their stepping's total and largest time, ms.
    work: (u64, f64, f64),
}

/// A millisecond clock for the stepping's own cost (in the browser, where `Instant` panics,
/// the page's clock).
fn clock_ms() -> f64 {
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

/// The percent of `points` that persisted, for the plot: 0 when there are none (the plot's
/// line drops to the floor while nothing touches).
fn pct(persisted: usize, points: usize) -> f32 {
    crate::sim::persisted_fraction(persisted, points).map_or(0.0, |f| (100.0 * f) as f32)
}

fn reading(w: &World, top: usize) -> Reading {
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
    }
}

/// The times at which B's centre passes a seam's x between two readings.
pub fn seam_crossings(readings: &[Reading], seams: &[f32]) -> Vec<f64> {
    let mut out = Vec::new();
    for w in readings.windows(2) {
        let (x0, x1) = (w[0].b_x, w[1].b_x);
        for &s in seams {
            if (x0 - s) * (x1 - s) < 0.0 || (x1 == s && x0 != s) {
                out.push(w[1].time);
            }
        }
    }
    out
}

/// The variant in a few words ("one point in the middle", "hysteresis off").
pub fn variant_words(v: &Variant) -> String {
    let mut w = Vec::new();
    match v.points {
        Points::All => {}
        Points::Deepest => w.push("only the deepest point"),
        Points::Middle => w.push("one point in the middle"),
    }
    if !v.hysteresis {
        w.push("hysteresis off");
    }
    if !v.part_bits {
        w.push("part bits off");
    }
    if !v.warm_start {
        w.push("warm starting off");
    }
    if !v.smooth {
        w.push("smooth off");
    }
    if w.is_empty() {
        "the full manifold".to_string()
    } else {
        w.join(", ")
    }
}

/// The scene's body `i` of the simulation (0 A, 1 B, then `sim.bodies`).
fn scene_body(scene: &Scene, i: usize) -> Option<&Body> {
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

    /// How many steps a run lasts (its `seconds`).
    fn last_step(&self) -> usize {
        self.lab
            .as_ref()
            .and_then(|l| l.runs.first())
            .map_or(0, |r| {
                let s = r.world().settings();
                s.steps_for(s.seconds)
            })
    }

    /// Builds the lab for `scene` when it changed (the run starts again).
    pub fn set_scene(&mut self, scene: &Scene) {
        if self.scene.as_ref() == Some(scene) {
            return;
        }
        self.scene = Some(scene.clone());
        self.owed = 0.0;
        self.sliding = scene.b.velocity != Vec2::ZERO
            || matches!(scene.a.shape, crate::scene::ShapeSpec::Chain { .. });
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

    /// Moves the lab to `step` (a step back replays from the start), keeping the readings.
    pub fn seek(&mut self, step: usize) {
        let top = self.top;
        let Some(lab) = &mut self.lab else {
            return;
        };
        if step < lab.steps() {
            lab.seek(step);
            for r in &mut self.readings {
                r.truncate(step + 1);
            }
            return;
        }
        while lab.steps() < step {
            lab.step();
            for (run, r) in lab.runs.iter().zip(&mut self.readings) {
                r.push(reading(run.world(), top));
            }
        }
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
    /// so a slow frame does not snowball); then the lab follows the session's `step`.
    pub fn advance(&mut self, step: &mut usize, dt: f64) {
        let started = clock_ms();
        let last = self.last_step();
        if self.running {
            let hz = self
                .lab
                .as_ref()
                .map_or(60.0, |l| l.runs[0].world().settings().hz as f64);
            let speed = if self.speed > 0.0 { self.speed } else { 1.0 };
            self.owed += dt.clamp(0.0, 0.25) * hz * speed as f64;
            let n = (self.owed.floor() as usize).min(8);
            self.owed -= self.owed.floor();
            *step = (*step + n).min(last);
            if *step >= last {
                self.running = false;
            }
        }
        *step = (*step).min(last);
        let before = self.lab.as_ref().map_or(0, Lab::steps);
        self.seek(*step);
        self.work_ms = clock_ms() - started;
        if self.lab.as_ref().map_or(0, Lab::steps) != before {
            let (n, sum, max) = self.work;
            self.work = (n + 1, sum + self.work_ms, max.max(self.work_ms));
        }
    }

    /// The contact point nearest `screen` (within [`PICK_PX`]) of any run: its run and pair.
    fn pick(&self, screen: Vec2, cam: &Camera) -> Option<(usize, [usize; 2])> {
        let lab = self.lab.as_ref()?;
        let mut best: Option<(f32, usize, [usize; 2])> = None;
        for (k, run) in lab.runs.iter().enumerate() {
            for pair in run.world().contacts() {
                for p in pair.points() {
                    // A ghost's point where the full run has one too (at rest they coincide)
                    // yields to the full run's, the solid one the eye is on.
                    let d = cam.to_screen(p.position).distance(screen);
                    let rank = d + 3.0 * k as f32;
                    if d <= PICK_PX && best.is_none_or(|b| rank < b.0) {
                        best = Some((rank, k, pair.bodies));
                    }
                }
            }
        }
        best.map(|(_, k, b)| (k, b))
    }

    /// The command that opens body pair `bodies` of run `k` in the manifold mode at this
    /// step: the pair's poses the step collided at become the scene's A and B (one undoable
    /// edit), with the run's hysteresis.
    fn open_command(&self, k: usize, bodies: [usize; 2]) -> Option<Command> {
        let scene = self.scene.as_ref()?;
        let run: &Run = self.lab.as_ref()?.runs.get(k)?;
        let w = run.world();
        let xfs = w.collided_transforms();
        let posed = |i: usize| -> Option<Body> {
            let mut b = scene_body(scene, i)?.clone();
            let xf = xfs.get(i)?;
            b.position = xf.p;
            b.angle_deg = xf.q.angle().to_degrees();
            Some(b)
        };
        let (a, b) = (posed(bodies[0])?, posed(bodies[1])?);
        let name = |i: usize| match i {
            0 => "A".to_string(),
            1 => "B".to_string(),
            n => format!("body {n}"),
        };
        let v = w.variant();
        let received = w
            .pair(bodies[0], bodies[1])
            .map_or(0, |p| p.points().count());
        let mut note = format!(
            "step {} of the {} run: {} and {} as the solver collided them ({}, {} received)",
            w.steps(),
            if k == 0 { "full" } else { "compare" },
            name(bodies[0]),
            name(bodies[1]),
            variant_words(v),
            count(received, "point", "points"),
        );
        match v.points {
            Points::Middle => note += "; the solver got one point at the middle of these",
            Points::Deepest => note += "; the solver got only the deepest of these",
            Points::All => {}
        }
        if bodies != [0, 1] {
            note += &format!("; A is now {}, B {}", name(bodies[0]), name(bodies[1]));
        }
        note += " — Ctrl+Z puts the scene back, 4 returns to Simulate";
        Some(Command::OpenPair {
            bodies: Box::new((a, b)),
            hysteresis: v.hysteresis,
            note,
        })
    }

    /// The command a click asked for, once (the app carries it out).
    pub fn take_command(&mut self) -> Option<Command> {
        self.pending.take()
    }

    /// What the student is looking at, measured from the runs now.
    pub fn words(&self) -> String {
        let Some(lab) = &self.lab else {
            return format!(
                "This scene cannot be simulated: {}",
                self.error.as_deref().unwrap_or("unknown")
            );
        };
        let full = lab.runs[0].world();
        let s = full.stats();
        let top = self.top;
        let body = |w: &World| w.bodies().get(top).cloned();
        let mut out = format!(
            "Step {}, t = {} s. The full run's solver received {} ({} persisted, {} new, {} speculative).",
            full.steps(),
            num(full.time() as f32),
            count(s.points, "contact point", "contact points"),
            s.persisted,
            s.new,
            s.speculative
        );
        let Some(fb) = body(full) else {
            return out;
        };
        if lab.runs.len() == 1 {
            out += &format!(
                " The top body is at height {} and turns at {} rad/s. This scene has no compare run: add `compare: [Variant(points: Middle)]` to its `sim` to see what a poorer manifold does.",
                num(fb.position().y),
                num(fb.spin.abs())
            );
            return out;
        }
        for (k, run) in lab.runs.iter().enumerate().skip(1) {
            let w = run.world();
            let v = w.variant();
            let Some(gb) = body(w) else { continue };
            let gs = w.stats();
            let ghost = format!("Ghost {k} ({})", variant_words(v));
            let sentence = if v.points != Points::All {
                format!(
                    " {ghost}: with one point the box can only pivot about it, nothing resists the turn, so it rocks: it turns at {} rad/s now, the full run's at {} rad/s (two points: a turn lifts one and the other pushes back).",
                    num(gb.spin.abs()),
                    num(fb.spin.abs())
                )
            } else if !v.hysteresis {
                format!(
                    " {ghost}: without the bias a near-tie can flip the reference face, which renames the points and loses their warm start: {} of its {} contacts persisted this step, the full run's {} of {}; its top body is at height {}, the full run's at {}.",
                    gs.persisted,
                    gs.points,
                    s.persisted,
                    s.points,
                    num(gb.position().y),
                    num(fb.position().y)
                )
            } else if !v.warm_start {
                format!(
                    " {ghost}: every step starts from zero impulse, so the iterations must build the stack's weight up again each step and the boxes sink into each other: its top body is at height {}, the full run's at {}.",
                    num(gb.position().y),
                    num(fb.position().y)
                )
            } else if !v.part_bits {
                format!(
                    " {ghost}: two parts' points can share one id and fight over one warm-start slot: {} this step (the full run: {}); its top body turns at {} rad/s, the full run's at {} rad/s.",
                    count(gs.id_collisions, "id collision", "id collisions"),
                    s.id_collisions,
                    num(gb.spin.abs()),
                    num(fb.spin.abs())
                )
            } else {
                format!(
                    " {ghost}: its top body is at height {}, the full run's at {}.",
                    num(gb.position().y),
                    num(fb.position().y)
                )
            };
            out += &sentence;
        }
        out
    }

    /// The `sim` field of `--print-state`.
    pub fn state_json(&self) -> serde_json::Value {
        let Some(lab) = &self.lab else {
            return serde_json::Value::Null;
        };
        let full = lab.runs[0].world();
        let s = full.stats();
        let fraction = s.persisted_fraction();
        let picked = self
            .picked
            .as_ref()
            .map(|p| {
                serde_json::json!({
                    "run": p.run,
                    "bodies": p.bodies,
                    "step": p.step,
                    "poses": p.poses.iter().map(|(x, a)| serde_json::json!([x.x, x.y, a])).collect::<Vec<_>>(),
                    "received": p.received,
                })
            });
        serde_json::json!({
            "running": self.running,
            "step": lab.steps(),
            "time": full.time(),
            "persisted_fraction": fraction,
            "variants": lab.runs.iter().map(|r| {
                let v = r.world().variant();
                serde_json::json!({
                    "points": match v.points {
                        Points::All => "all",
                        Points::Deepest => "deepest",
                        Points::Middle => "middle",
                    },
                    "hysteresis": v.hysteresis,
                    "part_bits": v.part_bits,
                    "warm_start": v.warm_start,
                    "smooth": v.smooth,
                })
            }).collect::<Vec<_>>(),
            "bodies": lab.runs.iter().map(|r| r.world().bodies().iter().map(|b| {
                let p = b.position();
                serde_json::json!([p.x, p.y, b.angle])
            }).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "contacts": lab.runs.iter().map(|r| r.world().contacts().flat_map(|c| {
                c.points().map(|p| serde_json::json!({
                    "bodies": c.bodies,
                    "position": [p.position.x, p.position.y],
                    "state": match p.state() {
                        PointState::Persisted => "persisted",
                        PointState::New => "new",
                        PointState::Speculative => "speculative",
                    },
                })).collect::<Vec<_>>()
            }).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "picked": picked,
            "speed": self.speed(),
            "work_ms": self.work_ms,
            "step_work_ms": {
                "frames": self.work.0,
                "mean": if self.work.0 > 0 { self.work.1 / self.work.0 as f64 } else { 0.0 },
                "max": self.work.2,
            },
        })
    }

    /// Where the runs' bodies and contact points are on screen (window pixels), for
    /// `--print-state`: per run, every body's centre of mass and every contact point.
    pub fn screen_json(&self, cam: &Camera) -> serde_json::Value {
        let Some(lab) = &self.lab else {
            return serde_json::Value::Null;
        };
        let px = |p: Vec2| {
            let s = cam.to_screen(p);
            serde_json::json!([s.x, s.y])
        };
        serde_json::json!({
            "bodies": lab.runs.iter().map(|r| r.world().bodies().iter().map(|b| px(b.center)).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "contacts": lab.runs.iter().map(|r| r.world().contacts().flat_map(|c| c.points().map(|p| px(p.position)).collect::<Vec<_>>()).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "pixels_per_unit": cam.zoom,
        })
    }

    fn speed(&self) -> f32 {
        if self.speed > 0.0 { self.speed } else { 1.0 }
    }

    fn plots(&self, ui: &mut egui::Ui) {
        // A body sliding over seams: its speed first, the plot that shows the bump, each seam
        // crossing marked (a vertical line in the run's colour).
        if self.sliding {
            let seams = &self.seams;
            self.series(
                ui,
                "B's horizontal speed |vx| (m/s), seams crossed marked",
                |r| r.b_vx.abs() as f64,
                seams,
            );
            self.series(
                ui,
                "B's vertical velocity vy (m/s)",
                |r| r.b_vy as f64,
                seams,
            );
        }
        self.series(
            ui,
            "contacts persisted from the last step (%)",
            |r| r.persisted_pct as f64,
            &[],
        );
        self.series(ui, "the top body's height", |r| r.height as f64, &[]);
        self.series(
            ui,
            "the top body's angular speed (rad/s)",
            |r| r.omega as f64,
            &[],
        );
    }

    /// One plot of `f` over time, a line per run, with a vertical mark where each run's B
    /// crossed one of `seams` (x positions).
    fn series(&self, ui: &mut egui::Ui, name: &str, f: fn(&Reading) -> f64, seams: &[f32]) {
        use egui_plot::{Line, Plot, PlotPoints, VLine};
        ui.label(RichText::new(name).size(13.0));
        Plot::new(name.to_string())
            .height(90.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show_axes([true, true])
            .show(ui, |plot| {
                for (k, r) in self.readings.iter().enumerate() {
                    let color = if k == 0 { colors::ink() } else { run_color(k) };
                    for t in seam_crossings(r, seams) {
                        plot.vline(VLine::new(t).color(color.gamma_multiply(0.45)).width(1.0));
                    }
                    let pts: PlotPoints = r.iter().map(|x| [x.time, f(x)]).collect();
                    plot.line(Line::new(pts).color(color).name(format!("run {k}")));
                }
            });
    }
}

impl Mode for SimulateMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Simulate
    }

    fn title(&self) -> &'static str {
        "Simulate"
    }

    fn hover(&self) -> &'static str {
        "4: the consequences lab — a solver runs on the manifolds; compare runs break one rule"
    }

    fn legend(&self) -> &'static [Entry] {
        LEGEND
    }

    fn arithmetic(&self, _pair: &Traced, _step: usize) -> Vec<Row> {
        let Some(lab) = &self.lab else {
            return Vec::new();
        };
        let mut rows = Vec::new();
        for (k, run) in lab.runs.iter().enumerate() {
            let w = run.world();
            let name = if k == 0 {
                "full run".to_string()
            } else {
                format!("ghost {k}")
            };
            let s = w.stats();
            rows.push(Row {
                text: format!(
                    "{name} ({}): {} persisted of {}, {} new, {} id collisions",
                    variant_words(w.variant()),
                    s.persisted,
                    s.points,
                    s.new,
                    s.id_collisions
                ),
                value: None,
            });
            if let Some(b) = w.bodies().get(self.top) {
                let p = b.position();
                rows.push(Row {
                    text: format!(
                        "{name}: top body at ({}, {}), angle {} rad, ω {} rad/s",
                        num(p.x),
                        num(p.y),
                        num(b.angle),
                        num(b.spin)
                    ),
                    value: None,
                });
            }
        }
        rows
    }

    fn reset(&mut self) {
        *self = SimulateMode {
            speed: self.speed,
            ..SimulateMode::default()
        };
    }

    fn contact_separations(&self) -> bool {
        false
    }

    fn owns_world(&self) -> bool {
        true
    }

    fn set_scene(&mut self, scene: &Scene) {
        SimulateMode::set_scene(self, scene);
    }

    fn advance(&mut self, step: &mut usize, now: f64) {
        let dt = self.clock.map_or(0.0, |t| (now - t).max(0.0));
        self.clock = Some(now);
        SimulateMode::advance(self, step, dt);
    }

    fn toggle_play(&mut self, step: &mut usize) -> bool {
        self.toggle(step);
        true
    }

    fn take_command(&mut self) -> Option<Command> {
        SimulateMode::take_command(self)
    }

    fn probe(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        if self.lab.is_some() {
            out.insert("sim".into(), self.state_json());
        }
    }

    fn step_count(&self, _pair: &Traced) -> usize {
        self.last_step() + 1
    }

    fn step_label(&self, _pair: &Traced, step: usize) -> String {
        format!(
            "Step {step}/{}{}",
            self.last_step(),
            if self.running { " ▶" } else { " ⏸" }
        )
    }

    fn step_text(&self, _pair: &Traced, _step: usize) -> String {
        self.words()
    }

    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        _pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command> {
        let mut command = None;
        ui.horizontal(|ui| {
            let play = if self.running {
                "⏸ Pause"
            } else {
                "▶ Play"
            };
            if ui.button(play).on_hover_text("Space").clicked() {
                command = Some(Command::PlayPause);
            }
            if ui
                .button("◀ step")
                .on_hover_text("← one step back (a replay)")
                .clicked()
            {
                controls.step = controls.step.saturating_sub(1);
            }
            if ui.button("step ▶").on_hover_text("→ one step").clicked() {
                controls.step += 1;
            }
            if ui.button("⏮ Reset").on_hover_text("Home").clicked() {
                controls.step = 0;
            }
        });
        if self.speed <= 0.0 {
            self.speed = 1.0;
        }
        ui.add(
            egui::Slider::new(&mut self.speed, 0.1..=4.0)
                .logarithmic(true)
                .text("speed (× real time)"),
        );
        if let Some(lab) = &self.lab {
            let st = lab.runs[0].world().settings();
            ui.label(
                RichText::new(format!(
                    "{} Hz, {} iterations, friction {}, {} s",
                    st.hz, st.iterations, st.friction, st.seconds
                ))
                .color(colors::dim()),
            );
            for (k, run) in lab.runs.iter().enumerate() {
                let color = if k == 0 { colors::ink() } else { run_color(k) };
                ui.label(
                    RichText::new(format!(
                        "{}: {}",
                        if k == 0 {
                            "full run (solid)".to_string()
                        } else {
                            format!("ghost {k}")
                        },
                        variant_words(run.world().variant())
                    ))
                    .color(color),
                );
            }
        }
        ui.label(
            RichText::new("Pause and click a contact point to open that pair, at this step, in the manifold mode.")
                .color(colors::dim())
                .size(13.0),
        );
        ui.separator();
        self.plots(ui);
        command
    }

    fn handle_input(&mut self, input: &Input, world: &Camera, _pair: &Traced) -> bool {
        if input.over_ui || self.running || !input.pressed[0] {
            return false;
        }
        let Some(p) = input.pointer else {
            return false;
        };
        let Some((k, bodies)) = self.pick(p, world) else {
            return false;
        };
        self.pending = self.open_command(k, bodies);
        let Some(Command::OpenPair { bodies: posed, .. }) = &self.pending else {
            return false;
        };
        let received = self
            .lab
            .as_ref()
            .and_then(|l| l.runs.get(k))
            .and_then(|r| r.world().pair(bodies[0], bodies[1]))
            .map_or(0, |p| p.points().count());
        self.picked = Some(Picked {
            run: k,
            bodies,
            step: self.lab.as_ref().map_or(0, Lab::steps),
            poses: [
                (posed.0.position, posed.0.angle_deg),
                (posed.1.position, posed.1.angle_deg),
            ],
            received,
        });
        true
    }

    fn draw(&self, canvas: &Canvas, _pair: &Traced, _step: usize) {
        let Some(lab) = &self.lab else {
            canvas.banner(
                &format!(
                    "This scene cannot be simulated:\n{}",
                    self.error.as_deref().unwrap_or("")
                ),
                colors::bad(),
            );
            return;
        };
        // Ghosts first (outlined, in their own colours), then the full run solid over them.
        for (k, run) in lab.runs.iter().enumerate().skip(1) {
            let color = run_color(k);
            for body in run.world().bodies().iter().skip(1) {
                let xf = body.transform();
                for part in &body.parts {
                    canvas.shape_outline(&part.shape, xf.compose(part.xf), 2.0, color);
                }
            }
        }
        let full = lab.runs[0].world();
        for (i, body) in full.bodies().iter().enumerate() {
            let xf = body.transform();
            for part in &body.parts {
                canvas.part(part, xf.compose(part.xf), colors::body(i), 2.0);
            }
            let label = match i {
                0 => "A".to_string(),
                1 => "B".to_string(),
                n => n.to_string(),
            };
            canvas.label_ranked(
                body.center,
                Vec2::new(-6.0, 8.0),
                label,
                colors::body(i),
                priority::BODY,
            );
        }
        // Contact points by state: every run's, the ghosts' ringed in their colour.
        for (k, run) in lab.runs.iter().enumerate().rev() {
            for pair in run.world().contacts() {
                for p in pair.points() {
                    match p.state() {
                        PointState::Persisted => {
                            canvas.point_as("contact", p.position, 4.5, colors::ink())
                        }
                        PointState::New => canvas.point_as("contact", p.position, 7.0, new_point()),
                        PointState::Speculative => {
                            canvas.ring_as("contact", p.position, 5.0, 1.8, colors::ink())
                        }
                    }
                    if k > 0 {
                        canvas.ring(p.position, 8.5, 1.5, run_color(k));
                    }
                }
            }
        }
        canvas.hint(if self.running {
            "playing · Space pauses · F1 help"
        } else {
            "Space plays · Right: a step · Left: a step back · Home: reset · click a contact point: its manifold"
        });
    }
}
