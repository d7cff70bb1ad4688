//! The Simulate mode's plot for a scene about tunnelling (scene 30): B thrown at each speed of
//! the lab's sweep, caught by A or through it, a row per run. The library measured it
//! ([`crate::sim::TunnelSweep`]); this only draws it.

use super::state::{SimulateMode, run_color};
use crate::app::draw::colors;
use egui::RichText;

/// The speed ticks, m/s (drawn on a log scale).
const TICKS: [f64; 7] = [5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0];

/// A speed in m/s to three significant figures (`12.6`, `25.1`, `500`).
fn speed(v: f64) -> String {
    let digits = (2 - v.abs().max(1e-9).log10().floor() as i32).max(0) as usize;
    format!("{v:.digits$}")
}

impl SimulateMode {
    /// The plot of caught (a dot) and through (a cross) over B's speed, a row per run: the full run on
    /// top, then each ghost; B's own speed marked. Nothing when the scene is not about
    /// tunnelling.
    pub(super) fn tunnel_plot(&self, ui: &mut egui::Ui) {
        use egui_plot::{GridMark, MarkerShape, Plot, PlotBounds, PlotPoints, Points, VLine};
        let Some(sweep) = &self.tunnel else {
            return;
        };
        let name = |k: usize| {
            if k == 0 {
                "full".to_string()
            } else {
                format!("ghost {k}")
            }
        };
        let firsts: Vec<String> = (0..sweep.passed.len())
            .map(|k| match sweep.first_pass(k) {
                Some(v) => format!("{} from {} m/s", name(k), speed(v as f64)),
                None => format!("{} never", name(k)),
            })
            .collect();
        ui.label(
            RichText::new(format!(
                "B thrown at each speed (m/s, log scale): a dot caught, a cross through the wall. Through: {}",
                firsts.join("; ")
            ))
            .size(13.0),
        );
        let rows = sweep.passed.len();
        let thrown = self
            .scene
            .as_ref()
            .map(|s| crate::sim::tunnel::throw_speed(s) as f64);
        let (lo, hi) = match (sweep.speeds.first(), sweep.speeds.last()) {
            (Some(a), Some(b)) => ((*a as f64).log10(), (*b as f64).log10()),
            _ => return,
        };
        Plot::new("tunnel over speed")
            .height(24.0 * rows as f32 + 40.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show_axes([true, true])
            .x_axis_formatter(|mark, _| format!("{:.0}", 10f64.powf(mark.value)))
            .x_grid_spacer(|_| {
                TICKS
                    .iter()
                    .map(|v| GridMark {
                        value: v.log10(),
                        step_size: 1.0,
                    })
                    .collect()
            })
            .y_axis_formatter(move |mark, _| {
                let k = -mark.value.round();
                if k >= 0.0 && (k as usize) < rows && (mark.value + k).abs() < 1e-6 {
                    name(k as usize)
                } else {
                    String::new()
                }
            })
            .y_grid_spacer(move |_| {
                (0..rows)
                    .map(|k| GridMark {
                        value: -(k as f64),
                        step_size: 1.0,
                    })
                    .collect()
            })
            .show(ui, |plot| {
                let pad = 0.04 * (hi - lo);
                plot.set_plot_bounds(PlotBounds::from_min_max(
                    [lo - pad, -(rows as f64) + 0.5],
                    [hi + pad, 0.5],
                ));
                if let Some(v) = thrown.filter(|v| *v > 0.0) {
                    plot.vline(VLine::new(v.log10()).color(colors::ink().gamma_multiply(0.45)));
                }
                for (k, row) in sweep.passed.iter().enumerate() {
                    let color = if k == 0 { colors::b() } else { run_color(k) };
                    let at = |through: bool| -> Vec<[f64; 2]> {
                        sweep
                            .speeds
                            .iter()
                            .zip(row)
                            .filter(|(_, p)| **p == through)
                            .map(|(s, _)| [(*s as f64).log10(), -(k as f64)])
                            .collect()
                    };
                    plot.points(
                        Points::new(PlotPoints::from(at(false)))
                            .shape(MarkerShape::Circle)
                            .filled(true)
                            .radius(3.0)
                            .color(color)
                            .name(format!("{} caught", name(k))),
                    );
                    plot.points(
                        Points::new(PlotPoints::from(at(true)))
                            .shape(MarkerShape::Cross)
                            .radius(4.0)
                            .color(color)
                            .name(format!("{} through", name(k))),
                    );
                }
            });
    }
}
