//! Where a ghost parts from the full run (issue 41, item 5): a button per compare run asks the
//! library ([`crate::sim::Lab::parting`], the same as `simulate --diff`) for the first step at
//! which that ghost's contacts differ from the full run's; the player jumps there, paused; both
//! runs' points of that body pair are ringed, each in its run's colour, with a line of words on
//! the canvas and in the panel; and two buttons open that pair as each run received it. The
//! app only asks, jumps and draws: the library decides where they part.

use super::state::{Parted, SimulateMode, run_color};
use super::words::body_name;
use crate::app::command::Command;
use crate::app::draw::{Canvas, colors, priority};
use egui::RichText;
use glam::Vec2;

/// The name of run `k` in the words: "the full run", "ghost k".
fn run_name(k: usize) -> String {
    if k == 0 {
        "the full run".to_string()
    } else {
        format!("ghost {k}")
    }
}

impl Parted {
    /// The line of words: "step 5: body 4 and body 5 — point 0 persisted in the full run, new
    /// in ghost 1", or "ghost 1 never parts from the full run over the run's 600 steps".
    pub fn words(&self) -> String {
        match &self.parting {
            Some(p) => format!(
                "step {}: {} and {} — {}",
                p.step,
                body_name(p.bodies[0]),
                body_name(p.bodies[1]),
                p.between(&run_name(0), &run_name(self.run))
            ),
            None => format!(
                "{} never parts from the full run over the run's {} steps",
                run_name(self.run),
                self.steps
            ),
        }
    }

    /// The canvas's two short lines beside the ringed points: "ghost 1 parts here (step 5):",
    /// then what differs (None when it never parts).
    pub fn canvas_words(&self) -> Option<String> {
        let p = self.parting.as_ref()?;
        Some(format!(
            "{} parts here (step {}):\n{}",
            run_name(self.run),
            p.step,
            p.between(&run_name(0), &run_name(self.run))
        ))
    }

    /// `sim.parted` of `--print-state`.
    pub fn json(&self) -> serde_json::Value {
        let p = self.parting.as_ref();
        serde_json::json!({
            "run": self.run,
            "step": p.map(|p| p.step),
            "bodies": p.map(|p| p.bodies),
            "why": p.map(|p| p.why.clone()),
            "words": self.words(),
        })
    }
}

impl SimulateMode {
    /// Asks the library where compare run `k` parts from the full run and remembers it
    /// (the words, the rings); pauses. Returns the step to jump to (None when they never part,
    /// or there is no run `k`).
    pub fn find_parting(&mut self, k: usize) -> Option<usize> {
        let lab = self.lab.as_ref()?;
        if k == 0 || k >= lab.runs.len() {
            return None;
        }
        let parted = Parted {
            run: k,
            parting: lab.parting(k),
            steps: self.last_step(),
        };
        let step = parted.parting.as_ref().map(|p| p.step);
        self.parted = Some(parted);
        self.running = false;
        self.owed = 0.0;
        step
    }

    /// The parting last asked for.
    pub fn parted(&self) -> Option<&Parted> {
        self.parted.as_ref()
    }

    /// The parting when the lab is at its step: the run and the body pair to ring.
    fn parted_here(&self) -> Option<(usize, [usize; 2])> {
        let parted = self.parted.as_ref()?;
        let p = parted.parting.as_ref()?;
        let at = self.lab.as_ref()?.steps();
        (at == p.step && self.progress().is_none()).then_some((parted.run, p.bodies))
    }

    /// The panel's part: a button per ghost, the words of the parting asked for, and at its
    /// step a button per run opening that pair as the run received it. Returns the step to
    /// jump to and a command (a pair to open).
    pub(super) fn ui_parting(&mut self, ui: &mut egui::Ui) -> (Option<usize>, Option<Command>) {
        let ghosts = self
            .lab
            .as_ref()
            .map_or(0, |l| l.runs.len().saturating_sub(1));
        let ppp = crate::app::web::window_pixels_per_point(ui.ctx());
        self.part_buttons.clear();
        self.open_buttons.clear();
        let (mut jump, mut command) = (None, None);
        for k in 1..=ghosts {
            let button = ui
                .button(
                    RichText::new(format!("Where ghost {k} parts from the full run"))
                        .color(run_color(k)),
                )
                .on_hover_text(
                    "the first step at which this ghost's contacts differ from the full run's \
                     (a point new in one run and persisted in the other, or a different count): \
                     the player jumps there, paused, and rings that pair's points in both runs",
                );
            let r = button.rect;
            self.part_buttons.push([
                r.min.x * ppp,
                r.min.y * ppp,
                r.width() * ppp,
                r.height() * ppp,
            ]);
            if button.clicked() {
                jump = self.find_parting(k);
            }
        }
        if let Some(parted) = &self.parted {
            let color = run_color(parted.run);
            ui.label(RichText::new(parted.words()).color(color));
        }
        if let Some((k, bodies)) = self.parted_here() {
            ui.horizontal(|ui| {
                for run in [0, k] {
                    let text = format!("open {}'s pair", run_name(run));
                    let button = ui.button(text).on_hover_text(
                        "that pair's manifold, at this step, as this run received it",
                    );
                    let r = button.rect;
                    self.open_buttons.push([
                        r.min.x * ppp,
                        r.min.y * ppp,
                        r.width() * ppp,
                        r.height() * ppp,
                    ]);
                    if button.clicked() && self.open(run, bodies) {
                        command = self.pending.take();
                    }
                }
            });
        }
        (jump, command)
    }

    /// At the parting's step: both runs' points of that pair ringed, each in its run's colour
    /// (the full run's in ink, the ghost's larger in its own), and the words beside them.
    pub(super) fn draw_parting(&self, canvas: &Canvas) {
        let (Some((k, bodies)), Some(lab), Some(parted)) =
            (self.parted_here(), self.lab.as_ref(), self.parted.as_ref())
        else {
            return;
        };
        let zoom = canvas.camera().zoom;
        let mut first = None;
        for (run, kind, radius, color) in [
            (0, "parted full run", 11.0, colors::ink()),
            (k, "parted ghost", 14.0, run_color(k)),
        ] {
            let factor = self.exaggerate(run, zoom);
            let Some(pair) = lab.runs[run].world().pair(bodies[0], bodies[1]) else {
                continue;
            };
            for p in pair.points() {
                let at = self.drawn_point(run, bodies[1], p.position, factor);
                canvas.ring_as(kind, at, radius, 2.5, color);
                first.get_or_insert(at);
            }
        }
        // A pair apart in one run (and touching in the other) has points in that one only;
        // apart in both cannot part.
        if let (Some(at), Some(words)) = (first, parted.canvas_words()) {
            canvas.label_ranked(
                at,
                Vec2::new(18.0, 24.0),
                words,
                run_color(k),
                priority::KEY,
            );
        }
    }
}
