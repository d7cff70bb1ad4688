//! "Sweep the start phase" (issue 40): one click runs the lab's scene again from starts shifted
//! by k/24 of one step's travel along B's velocity, under every run's variant
//! ([`crate::sim::PhaseJob`], the same sweep as `simulate --phase 24`), a budget of work a
//! frame, and plots each run's outcome against the phase: how far B got along its start
//! velocity, caught (filled) or not (hollow), one series per run in the run's colour, the
//! scene's own start (phase 0) marked. The library decides what is caught; this only asks and
//! draws.

use super::state::{SimulateMode, clock_ms, run_color};
use crate::app::draw::colors;
use crate::sim::PhaseJob;
use crate::sim::phase::DEFAULT_PHASES;
use egui::RichText;

/// The most milliseconds a frame spends on the sweep (the rest carried to the next frames).
/// Scene 25's whole sweep (24 starts of 240 steps) takes about 30 ms natively
/// (`simulate --phase 24`), so a few frames.
pub const PHASE_BUDGET_MS: f64 = 8.0;

/// Steps taken between two looks at the clock.
const CHUNK: usize = 32;

/// The name of run `k` in the plot's words.
fn name(k: usize) -> String {
    if k == 0 {
        "full run".to_string()
    } else {
        format!("ghost {k}")
    }
}

impl SimulateMode {
    /// Starts the sweep of the lab's scene as it runs (scaled), under every run's variant.
    pub fn sweep_phase(&mut self) {
        let (Some(scene), Some(lab)) = (self.scene.as_ref(), self.lab.as_ref()) else {
            return;
        };
        let scene = crate::sim::scale::scaled_scene(scene, self.scale());
        let variants: Vec<_> = lab.runs.iter().map(|r| *r.world().variant()).collect();
        self.phase = PhaseJob::new(&scene, &variants, DEFAULT_PHASES, None).ok();
    }

    /// Carries the sweep on for at most `budget_ms` (at least one chunk of steps); true when
    /// it is done (or there is none).
    pub fn phase_work(&mut self, budget_ms: f64) -> bool {
        let Some(job) = &mut self.phase else {
            return true;
        };
        let start = clock_ms();
        while !job.done() {
            if job.advance(CHUNK).is_err() {
                self.phase = None;
                return true;
            }
            if clock_ms() - start >= budget_ms {
                break;
            }
        }
        job.done()
    }

    /// The sweep so far.
    pub fn phase_sweep(&self) -> Option<&crate::sim::PhaseSweep> {
        self.phase.as_ref().map(PhaseJob::sweep)
    }

    /// `sim.phase` of `--print-state`: null before a sweep, else `{"n", "done", "finished",
    /// "total", "steps", "rule", "runs": [{"run", "caught", "outcomes": [{"phase", "distance",
    /// "progress", "final_speed", "caught", "stopped_step"}]}], "plotted": [points per run]}`.
    pub fn phase_json(&self) -> serde_json::Value {
        let Some(job) = &self.phase else {
            return serde_json::Value::Null;
        };
        let mut v = serde_json::to_value(job.sweep()).unwrap_or_default();
        if let serde_json::Value::Object(m) = &mut v {
            m.insert("done".into(), job.done().into());
            m.insert("finished".into(), job.finished().into());
            m.insert("total".into(), job.total().into());
            m.insert("plotted".into(), self.phase_plotted.clone().into());
        }
        v
    }

    /// The button's rect (`sim.phase_button`), empty when it is not shown.
    pub fn phase_button_json(&self) -> serde_json::Value {
        self.phase_button.clone().into()
    }

    /// The panel's part: the button (for a scene whose B moves at the start), the sweep's
    /// progress, and its plot.
    pub(super) fn ui_phase(&mut self, ui: &mut egui::Ui) {
        self.phase_button.clear();
        let applies = self.scene.as_ref().is_some_and(crate::sim::phase::applies);
        if !applies || self.lab.is_none() {
            return;
        }
        let ppp = crate::app::web::window_pixels_per_point(ui.ctx());
        // No tooltip: a long one placed over the button took the press (measured in the
        // headless test); the plot's words say what the sweep does.
        let button = ui.button("Sweep the start phase");
        let r = button.rect;
        self.phase_button.push([
            r.min.x * ppp,
            r.min.y * ppp,
            r.width() * ppp,
            r.height() * ppp,
        ]);
        if button.clicked() {
            self.sweep_phase();
        }
        if !self.phase_work(PHASE_BUDGET_MS) {
            ui.ctx().request_repaint();
        }
        self.phase_plot(ui);
    }

    /// The plot: x the start phase (0 to 1 of a step's travel), y how far B got along its
    /// start velocity; a series per run, filled where caught.
    fn phase_plot(&mut self, ui: &mut egui::Ui) {
        use egui_plot::{GridMark, Line, MarkerShape, Plot, PlotPoints, Points, VLine};
        let Some(job) = &self.phase else {
            self.phase_plotted.clear();
            return;
        };
        let sweep = job.sweep();
        let counts: Vec<String> = sweep
            .runs
            .iter()
            .map(|r| format!("{} {} of {}", name(r.run), r.caught, sweep.n))
            .collect();
        let head = if job.done() {
            format!("caught: {}", counts.join("; "))
        } else {
            format!("computing: {} of {} runs", job.finished(), job.total())
        };
        ui.label(
            RichText::new(format!(
                "How far B gets (m, along its start velocity) against where its start falls \
                 within one step's travel (0 to 1); filled: caught (under half the free \
                 slide). The line at 0 is the scene's own start. {head}"
            ))
            .size(13.0),
        );
        let mut plotted = Vec::new();
        Plot::new("start phase sweep")
            .height(140.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show_axes([true, true])
            .include_x(0.0)
            .include_x(1.0)
            .include_y(0.0)
            .x_grid_spacer(|_| {
                (0..=4)
                    .map(|i| GridMark {
                        value: i as f64 / 4.0,
                        step_size: 0.25,
                    })
                    .collect()
            })
            // Quarters of a step, written exactly (0.25, not a rounded 0.2).
            .x_axis_formatter(|mark, _| format!("{}", mark.value))
            .custom_y_axes(vec![
                egui_plot::AxisHints::new_y().label_spacing(10.0..=11.0),
            ])
            .y_axis_formatter(|mark, _| super::probe::tick_label(mark.value, mark.step_size))
            .y_grid_spacer(super::probe::y_grid)
            .show(ui, |plot| {
                plot.vline(VLine::new(0.0).color(colors::ink().gamma_multiply(0.45)));
                for r in &sweep.runs {
                    let color = if r.run == 0 {
                        colors::b()
                    } else {
                        run_color(r.run)
                    };
                    let at = |caught: bool| -> Vec<[f64; 2]> {
                        r.outcomes
                            .iter()
                            .filter(|o| o.caught == caught)
                            .map(|o| [o.phase as f64, o.progress as f64])
                            .collect()
                    };
                    let all: Vec<[f64; 2]> = r
                        .outcomes
                        .iter()
                        .map(|o| [o.phase as f64, o.progress as f64])
                        .collect();
                    plot.line(
                        Line::new(PlotPoints::from(all))
                            .color(color.gamma_multiply(0.5))
                            .name(name(r.run)),
                    );
                    let (caught, crossed) = (at(true), at(false));
                    plotted.push(caught.len() + crossed.len());
                    plot.points(
                        Points::new(PlotPoints::from(caught))
                            .shape(MarkerShape::Circle)
                            .filled(true)
                            .radius(3.5)
                            .color(color)
                            .name(format!("{} caught", name(r.run))),
                    );
                    plot.points(
                        Points::new(PlotPoints::from(crossed))
                            .shape(MarkerShape::Circle)
                            .filled(false)
                            .radius(3.5)
                            .color(color)
                            .name(format!("{} crossed", name(r.run))),
                    );
                }
            });
        self.phase_plotted = plotted;
    }
}
