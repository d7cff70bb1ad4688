//! Simulate mode, the consequences lab: the solver of [`crate::sim`] runs on the manifolds the
//! other modes trace, the full run solid and the scene's compare runs as outlined ghosts beside
//! it, so the student sees what a manifold's details are for.
//!
//! The mode owns a [`Lab`](crate::sim::Lab) built from the scene (a scene without `sim` gets
//! `Sim()`'s defaults: A static, B falls). The session's step is the lab's step: `→` and `←`
//! move it, Space plays and pauses, Home resets. The lab follows the step within a budget of
//! work per frame, so a long run never holds a frame (End on two minutes at 480 Hz is computed
//! over many frames, its progress shown), and a step back replays from the run's nearest
//! snapshot (`player.rs`). Each step's readings (persisted fraction, the top body's height, its
//! angular speed) are kept per run for the plots, which draw what their pixels can show
//! (`probe.rs`); every number the words show is read off the runs as they are (`words.rs`). A
//! button per ghost jumps to where it parts from the full run, as `simulate --diff` finds it
//! (`parting.rs`). What the mode holds is in `state.rs`, a leaf the other files import; this
//! file is the [`Mode`] itself.

mod camera;
mod inset;
mod look;
mod parting;
mod phase_plot;
mod picture;
mod player;
mod probe;
mod scale_slider;
mod state;
mod tunnel_plot;
mod words;

use super::mode::{About, Controls, Explained, Mode, ModeKind, PlayedPair, Player};
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::draw::{Canvas, colors};
use crate::app::input::Input;
use crate::app::modes::arithmetic::Row;
use crate::app::pair::Traced;
use crate::app::words::num;
use crate::scene::Scene;
use egui::RichText;
pub use inset::{INSET_FACTOR, INSET_PX, Inset};
pub use phase_plot::PHASE_BUDGET_MS;
pub use player::STEP_BUDGET_MS;
pub use probe::{decimate, seam_crossings, tick_label, tick_step, y_range};
pub use scale_slider::SCALE_RANGE;
pub use state::{
    LEGEND, PICK_PX, Parted, Picked, Reading, ShownPair, SimulateMode, new_point, run_color,
};
pub use words::{body_name, variant_words};

/// What SimulateMode's steps say (its [`Mode::explain`]).
impl SimulateMode {
    /// The arithmetic behind `step`: every number a trace field.
    pub(crate) fn arithmetic(&self, _pair: &Traced, _step: usize) -> Vec<Row> {
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

    /// The step counter text.
    pub(crate) fn step_label(&self, _pair: &Traced, step: usize) -> String {
        let computing = match self.progress() {
            Some((at, _)) => format!(" (computing: at {at})"),
            None => String::new(),
        };
        format!(
            "Step {step}/{}{}{computing}",
            self.last_step(),
            if self.running { " ▶" } else { " ⏸" }
        )
    }

    /// One plain sentence per step: what happened and why.
    pub(crate) fn step_text(&self, _pair: &Traced, _step: usize) -> String {
        self.words()
    }
}

impl Mode for SimulateMode {
    fn about(&self) -> &'static About {
        const ABOUT: About = About {
            kind: ModeKind::Simulate,
            title: "Simulate",
            hover: "4: the consequences lab — a solver runs on the manifolds; compare runs break one rule",
            legend: LEGEND,
            contact_separations: false,
            owns_world: true,
            pair_marks: true,
            split: 0.0,
        };
        &ABOUT
    }

    fn explain(&self, pair: &Traced, step: usize) -> Explained {
        Explained {
            label: self.step_label(pair, step),
            text: self.step_text(pair, step),
            rows: self.arithmetic(pair, step),
        }
    }

    fn reset(&mut self) {
        *self = SimulateMode {
            speed: self.speed,
            ..SimulateMode::default()
        };
    }

    fn set_scene(&mut self, scene: &Scene) {
        SimulateMode::set_scene(self, scene);
    }

    fn player(&mut self) -> Option<&mut dyn Player> {
        Some(self)
    }

    fn probe(&self, out: &mut serde_json::Map<String, serde_json::Value>, shown: Option<&Camera>) {
        if self.lab.is_some() {
            let mut sim = self.state_json();
            // The pair the status bar and the left panel showed (the run's, at its step).
            if let (Some(shown), serde_json::Value::Object(s)) = (&self.shown, &mut sim) {
                s.insert("shown".into(), shown.json());
            }
            // The start phase sweep, the scale and each run's id counts (`phase_plot.rs`,
            // `scale_slider.rs`).
            if let serde_json::Value::Object(s) = &mut sim {
                s.insert("phase".into(), self.phase_json());
                s.insert("phase_button".into(), self.phase_button_json());
                s.insert("scale".into(), self.scale().into());
                s.insert("ids".into(), self.ids_json());
            }
            // The bodies and contact points on screen, while the mode is shown (through the
            // mode's own camera: following the body, `camera.rs`).
            if let (Some(app), serde_json::Value::Object(s)) = (shown, &mut sim) {
                let cam = &self.view_camera(app);
                s.insert("screen".into(), self.screen_json(cam));
                let (runs, exaggerate) = self.runs_json(cam);
                s.insert("runs".into(), runs);
                s.insert("exaggerate".into(), exaggerate.into());
                s.insert("camera".into(), self.camera_json(app));
                s.insert("inset".into(), self.inset_json(cam));
                s.insert("trails".into(), self.trails_json(cam));
            }
            out.insert("sim".into(), sim);
        }
    }

    fn step_count(&self, _pair: &Traced) -> usize {
        self.last_step() + 1
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
            let solver = match st.solver {
                crate::scene::Solver::Impulses => {
                    format!("sequential impulses, {} iterations", st.iterations)
                }
                crate::scene::Solver::SoftStep => {
                    format!("soft step, {} sub-steps", st.substeps)
                }
            };
            ui.label(
                RichText::new(format!(
                    "{} Hz, {solver}, friction {}, {} s",
                    st.hz, st.friction, st.seconds
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
        let mut exaggerated = !self.plain;
        let ghosts = self.lab.as_ref().is_some_and(|l| l.runs.len() > 1);
        if ghosts
            && ui
                .checkbox(
                    &mut exaggerated,
                    "exaggerate a ghost's difference too small to see",
                )
                .on_hover_text(
                    "draws a ghost's shift and tilt from the full run k times larger (k written \
                 beside it) when they are under a few pixels; the runs are not changed",
                )
                .changed()
        {
            self.plain = !exaggerated;
        }
        self.ui_follow(ui);
        let (jump, opened) = self.ui_parting(ui);
        if let Some(step) = jump {
            controls.step = step;
        }
        command = command.or(opened);
        ui.label(
            RichText::new("Pause and click a contact point to open that pair, at this step, in the manifold mode.")
                .color(colors::dim())
                .size(13.0),
        );
        ui.separator();
        self.ui_scale(ui);
        self.ui_phase(ui);
        self.plots(ui);
        command
    }

    fn handle_input(
        &mut self,
        input: &Input,
        world: &Camera,
        _second: &mut Camera,
        _pair: &Traced,
        _out: &mut Vec<Command>,
    ) -> bool {
        // The wheel over a followed view zooms it (the app's camera is not the one shown).
        let wheel = input.wheel;
        if self.following() && !input.over_ui && wheel != 0.0 && wheel.is_finite() {
            self.zoom_followed(wheel);
            return true;
        }
        if input.over_ui || self.running || !input.pressed[0] {
            return false;
        }
        let Some(p) = input.pointer else {
            return false;
        };
        let Some((k, bodies)) = self.pick(p, &self.view_camera(world)) else {
            return false;
        };
        self.open(k, bodies);
        true
    }

    fn draw(&self, canvas: &Canvas, _pair: &Traced, _step: usize) {
        if self.lab.is_none() {
            canvas.banner(
                &format!(
                    "This scene cannot be simulated:\n{}",
                    self.error.as_deref().unwrap_or("")
                ),
                colors::bad(),
            );
            return;
        }
        // Through the mode's own camera while it follows the body (`camera.rs`): the grid
        // drawn again for it, and its figure not fitted (the app's camera stays as it was).
        let cam = self.view_camera(canvas.camera());
        let followed = self.following().then(|| canvas.through(&cam));
        let canvas = match &followed {
            Some(c) => {
                crate::app::draw::grid(c);
                c
            }
            None => canvas,
        };
        self.draw_runs(canvas, true, canvas.camera().zoom);
        self.draw_trails(canvas);
        self.draw_parting(canvas);
        self.draw_away(canvas);
        self.draw_inset(canvas);
        if followed.is_some() {
            canvas.forget_figure();
        }
        if let Some((at, to)) = self.progress() {
            let done = (100 * at.min(to)).checked_div(to).unwrap_or(100);
            canvas.hint(&format!(
                "computing step {at} of the way to {to} ({done} %) · the keys still work · F1 help"
            ));
            return;
        }
        canvas.hint(if self.running {
            "playing · Space pauses · F1 help"
        } else {
            "Space plays · Right: a step · Left: a step back · Home: reset · click a contact point: its manifold"
        });
    }
}

impl Player for SimulateMode {
    fn advance(&mut self, step: &mut usize, now: f64) {
        let dt = self.clock.map_or(0.0, |t| (now - t).max(0.0));
        self.clock = Some(now);
        SimulateMode::advance(self, step, dt);
    }

    fn toggle(&mut self, step: &mut usize) {
        SimulateMode::toggle(self, step);
    }

    fn take_command(&mut self) -> Option<Command> {
        SimulateMode::take_command(self)
    }

    fn computing(&self) -> bool {
        self.progress().is_some()
    }

    fn steps_per_second(&self) -> f64 {
        self.hz()
    }

    fn playing(&self) -> bool {
        self.running
    }

    fn busy(&self) -> bool {
        self.running || self.progress().is_some()
    }

    fn resume(&mut self) -> Option<usize> {
        SimulateMode::resume(self)
    }

    fn shown_pair(&mut self, parts: Option<[usize; 2]>) -> Option<PlayedPair> {
        SimulateMode::shown_pair(self, parts).map(|s| s.shown.clone())
    }
}
