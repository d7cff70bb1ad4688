//! The Simulate mode's measurements as data and pictures: the `sim` field of `--print-state`,
//! where the runs are on screen, the seams of A's ground, and the plots, decimated to what
//! their pixels can show.

use super::state::{PICK_PX, Reading, SimulateMode, run_color};
use crate::app::camera::Camera;
use crate::app::draw::colors;
use crate::scene::Points;
use crate::sim::PointState;
use egui::RichText;
use glam::Vec2;

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

/// `items` as at most about `2 * columns` plot points that draw the same line `columns`
/// pixels wide: the items are cut into `columns` runs in order, and each run gives its lowest
/// and highest point (in their own order), so every spike still shows; the first and last
/// items are always kept. Fewer than `2 * columns` items are given back whole.
pub fn decimate<T>(items: &[T], columns: usize, point: impl Fn(&T) -> [f64; 2]) -> Vec<[f64; 2]> {
    let columns = columns.max(1);
    if items.len() <= 2 * columns {
        return items.iter().map(point).collect();
    }
    let per = items.len().div_ceil(columns);
    let mut out = Vec::with_capacity(2 * columns + 2);
    out.push(point(&items[0]));
    for chunk in items.chunks(per) {
        let mut low = (usize::MAX, [0.0, f64::INFINITY]);
        let mut high = (usize::MAX, [0.0, f64::NEG_INFINITY]);
        for (i, item) in chunk.iter().enumerate() {
            let p = point(item);
            // A NaN is drawn as neither (the plot would not show it either).
            if p[1] < low.1[1] {
                low = (i, p);
            }
            if p[1] > high.1[1] {
                high = (i, p);
            }
        }
        let mut two = [low, high];
        two.sort_by_key(|(i, _)| *i);
        for (i, p) in two {
            if i != usize::MAX && out.last() != Some(&p) {
                out.push(p);
            }
        }
    }
    if let Some(last) = items.last().map(&point)
        && out.last() != Some(&last)
    {
        out.push(last);
    }
    out
}

/// `times` (increasing) with no two closer than `(last - first) / columns`: the marks a plot
/// `columns` pixels wide can tell apart.
fn thin(times: Vec<f64>, columns: usize) -> Vec<f64> {
    let (Some(first), Some(last)) = (times.first(), times.last()) else {
        return times;
    };
    let gap = (last - first) / columns.max(1) as f64;
    let mut out: Vec<f64> = Vec::new();
    for t in times {
        if out.last().is_none_or(|&l| t - l >= gap) {
            out.push(t);
        }
    }
    out
}

impl SimulateMode {
    /// The contact point nearest `screen` (within [`PICK_PX`]) of any run: its run and pair.
    pub(super) fn pick(&self, screen: Vec2, cam: &Camera) -> Option<(usize, [usize; 2])> {
        let lab = self.lab.as_ref()?;
        let mut best: Option<(f32, usize, [usize; 2])> = None;
        for (k, run) in lab.runs.iter().enumerate() {
            let factor = self.exaggerate(k, cam.zoom);
            for pair in run.world().contacts() {
                for p in pair.points() {
                    // A ghost's point where the full run has one too (at rest they coincide)
                    // yields to the full run's, the solid one the eye is on.
                    let at = self.drawn_point(k, pair.bodies[1], p.position, factor);
                    let d = cam.to_screen(at).distance(screen);
                    let rank = d + 3.0 * k as f32;
                    if d <= PICK_PX && best.is_none_or(|b| rank < b.0) {
                        best = Some((rank, k, pair.bodies));
                    }
                }
            }
        }
        best.map(|(_, k, b)| (k, b))
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
            // Where the lab is going while a long seek is carried over frames (else `step`).
            "target": self.progress().map_or(lab.steps(), |(_, to)| to),
            "computing": self.progress().is_some(),
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
                    "speculative": v.speculative,
                    "continuous": v.continuous,
                    "reference": v.reference_rule().name(),
                    "ids": v.ids.name(),
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
            "parted": self.parted.as_ref().map(super::state::Parted::json),
            "part_buttons": self.part_buttons,
            "open_buttons": self.open_buttons,
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

    /// `sim.runs` of `--print-state` (DESIGN.md): per run, its dynamic bodies as drawn this
    /// frame, in window pixels (y down): the outline's corners, the centre of mass and the angle
    /// (body 0 is B, then `sim.bodies`); a ghost exaggerated as drawn, its factor in the run's
    /// `exaggerate`. The second value is the largest factor (1 when every run is drawn as it
    /// is).
    pub fn runs_json(&self, cam: &Camera) -> (serde_json::Value, f32) {
        let Some(lab) = &self.lab else {
            return (serde_json::Value::Null, 1.0);
        };
        let px = |p: Vec2| {
            let s = cam.to_screen(p);
            serde_json::json!([s.x, s.y])
        };
        let mut most = 1.0_f32;
        let runs = lab
            .runs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let factor = self.exaggerate(i, cam.zoom);
                most = most.max(factor);
                let bodies: Vec<serde_json::Value> = (0..r.world().bodies().len())
                    .filter_map(|j| self.drawn_body(i, j, factor))
                    .filter(|b| b.dynamic)
                    .enumerate()
                    .map(|(k, b)| {
                        serde_json::json!({
                            "body": k,
                            "corners": b.outline().into_iter().map(px).collect::<Vec<_>>(),
                            "center": px(b.center),
                            "angle_deg": b.angle.to_degrees(),
                        })
                    })
                    .collect();
                serde_json::json!({"variant": i, "bodies": bodies, "exaggerate": factor})
            })
            .collect::<Vec<_>>();
        (serde_json::Value::Array(runs), most)
    }

    pub(super) fn plots(&self, ui: &mut egui::Ui) {
        // A scene about tunnelling: caught or through, over B's speed, per run.
        self.tunnel_plot(ui);
        // A body sliding over seams: its speed first, the plot that shows the bump, each seam
        // crossing marked (a vertical line in the run's colour).
        if self.sliding {
            let seams = &self.seams;
            self.series(
                ui,
                "B's horizontal speed |vx| (m/s), seams crossed marked",
                |r| Some(r.b_vx.abs() as f64),
                seams,
            );
            self.series(
                ui,
                "B's vertical velocity vy (m/s)",
                |r| Some(r.b_vy as f64),
                seams,
            );
        }
        self.series(
            ui,
            "contacts persisted from the last step (%)",
            |r| r.persisted_pct.map(f64::from),
            &[],
        );
        self.series(ui, "the top body's height", |r| Some(r.height as f64), &[]);
        self.series(
            ui,
            "the top body's angular speed (rad/s)",
            |r| Some(r.omega as f64),
            &[],
        );
    }

    /// One plot of `f` over time (None: nothing to plot at that step), a line per run, with a
    /// vertical mark where each run's B crossed one of `seams` (x positions). Its y scale has
    /// at least three labelled ticks ([`tick_step`]) and fits the runs that stay near each
    /// other; a run far off that scale ([`y_range`]) is drawn clipped, and the title says so.
    fn series(&self, ui: &mut egui::Ui, name: &str, f: fn(&Reading) -> Option<f64>, seams: &[f32]) {
        use egui_plot::{AxisHints, Line, Plot, PlotBounds, PlotPoints, VLine};
        let values: Vec<Vec<[f64; 2]>> = self
            .readings
            .iter()
            .map(|r| r.iter().filter_map(|x| f(x).map(|y| [x.time, y])).collect())
            .collect();
        if values.iter().all(Vec::is_empty) {
            ui.label(RichText::new(format!("{name}: no contact yet")).size(13.0));
            return;
        }
        let ys: Vec<Vec<f64>> = values
            .iter()
            .map(|v| v.iter().map(|p| p[1]).collect())
            .collect();
        let (lo, hi, clipped) = y_range(&ys);
        let mut title = name.to_string();
        for k in &clipped {
            let (min, max) = ys[*k]
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &y| {
                    (a.min(y), b.max(y))
                });
            title += &format!(
                "; {} leaves this scale ({} to {})",
                if *k == 0 {
                    "the full run".to_string()
                } else {
                    format!("ghost {k}")
                },
                crate::app::words::num(min as f32),
                crate::app::words::num(max as f32)
            );
        }
        ui.label(RichText::new(title).size(13.0));
        let t_end = self
            .readings
            .iter()
            .filter_map(|r| r.last().map(|x| x.time))
            .fold(0.0, f64::max)
            .max(1e-6);
        Plot::new(name.to_string())
            .height(130.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show_axes([true, true])
            .custom_y_axes(vec![AxisHints::new_y().label_spacing(10.0..=11.0)])
            .y_axis_formatter(|mark, _| tick_label(mark.value, mark.step_size))
            .y_grid_spacer(y_grid)
            .show(ui, |plot| {
                plot.set_plot_bounds(PlotBounds::from_min_max([0.0, lo], [t_end, hi]));
                // What the plot's pixels can show: a long run (two minutes at 480 Hz is 57,600
                // readings a run) is drawn from a few hundred points, not all of them.
                let columns = plot.transform().frame().width().max(16.0) as usize;
                for (k, (r, pts)) in self.readings.iter().zip(&values).enumerate() {
                    let color = if k == 0 { colors::ink() } else { run_color(k) };
                    for t in thin(seam_crossings(r, seams), columns) {
                        plot.vline(VLine::new(t).color(color.gamma_multiply(0.45)).width(1.0));
                    }
                    let pts = PlotPoints::from(decimate(pts, columns, |p| *p));
                    plot.line(Line::new(pts).color(color).name(format!("run {k}")));
                }
            });
    }
}

/// A plot's y ticks: every multiple of [`tick_step`] of the shown span inside it, so the scale
/// has at least three, each labelled by [`tick_label`].
pub fn y_grid(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    let (lo, hi) = input.bounds;
    let step = tick_step(hi - lo);
    let mut marks = Vec::new();
    let v = (lo / step).ceil() * step;
    let mut i = 0.0;
    while v + i * step <= hi && i < 16.0 {
        // A tick at zero is 0, never a rounded -0.
        let value = v + i * step;
        let value = if value.abs() < 1e-9 * step {
            0.0
        } else {
            value
        };
        marks.push(egui_plot::GridMark {
            value,
            step_size: step,
        });
        i += 1.0;
    }
    marks
}

/// A tick step of 1, 2 or 5 × 10ᵏ that cuts `span` into between 3⅓ and 7½ parts, so a scale
/// of that span has at least three ticks ([`series`](SimulateMode) labels each).
pub fn tick_step(span: f64) -> f64 {
    // A span that is no span (a flat curve) is ticked as one unit.
    let span = if span.is_finite() && span > 0.0 {
        span
    } else {
        1.0
    };
    crate::app::draw::grid::nice_step(span, 5.0)
}

/// A tick's label: `value` with as many decimals as a step of `step` needs to tell two ticks
/// apart (0.005 → three), never a negative zero.
pub fn tick_label(value: f64, step: f64) -> String {
    let decimals = if step > 0.0 && step.is_finite() {
        // The step's leading digit's place, to the units (a 2.5 step would need one more).
        (-(step.log10() + 1e-9).floor()).max(0.0) as usize
    } else {
        0
    };
    let text = format!("{value:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
}

/// The y range a plot of `runs` (each run's values) shows, padded, and the runs it leaves
/// out: a run that goes more than 20 times as far from the others' middle as the others
/// reach (a stack that fell, 200 units down, beside boxes bobbing by millimetres at height 5)
/// is drawn clipped rather than flattening them. Runs that all sit at 0 are never "far".
pub fn y_range(runs: &[Vec<f64>]) -> (f64, f64, Vec<usize>) {
    let bounds = |ks: &[usize]| {
        ks.iter()
            .flat_map(|&k| runs[k].iter().copied())
            .filter(|y| y.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| {
                (a.min(y), b.max(y))
            })
    };
    let all: Vec<usize> = (0..runs.len()).filter(|&k| !runs[k].is_empty()).collect();
    let mut clipped = Vec::new();
    if all.len() >= 2 {
        for &k in &all {
            let others: Vec<usize> = all.iter().copied().filter(|&j| j != k).collect();
            let (lo, hi) = bounds(&others);
            let reach = (hi - lo).max(lo.abs()).max(hi.abs());
            let mid = 0.5 * (lo + hi);
            let (klo, khi) = bounds(&[k]);
            let far = (klo - mid).abs().max((khi - mid).abs());
            if reach > 0.0 && far > 20.0 * reach {
                clipped.push(k);
            }
        }
        // Never all of them: with every run far from every other, show them all.
        if clipped.len() == all.len() {
            clipped.clear();
        }
    }
    let kept: Vec<usize> = all
        .iter()
        .copied()
        .filter(|k| !clipped.contains(k))
        .collect();
    let (lo, hi) = bounds(&kept);
    if !lo.is_finite() || !hi.is_finite() {
        return (-1.0, 1.0, clipped);
    }
    let pad = if hi > lo {
        0.08 * (hi - lo)
    } else {
        0.05 * lo.abs().max(1e-3)
    };
    (lo - pad, hi + pad, clipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimation_keeps_the_ends_and_every_spike_within_two_points_a_column() {
        let n = 100_000;
        let items: Vec<f64> = (0..n).map(|i| (i as f64 * 0.001).sin()).collect();
        let mut spiky = items.clone();
        spiky[54_321] = 9.0;
        spiky[7] = -9.0;
        let out = decimate(&spiky, 300, |&y| [0.0, y]);
        assert!(out.len() <= 2 * 300 + 2, "{} points", out.len());
        assert!(out.iter().any(|p| p[1] == 9.0) && out.iter().any(|p| p[1] == -9.0));
        let pts = decimate(&items, 300, |&y| [y, y]);
        assert_eq!(pts.first(), Some(&[items[0], items[0]]));
        assert_eq!(pts.last(), Some(&[items[n - 1], items[n - 1]]));
        // Few items: all of them.
        assert_eq!(decimate(&items[..10], 300, |&y| [0.0, y]).len(), 10);
        assert_eq!(thin(vec![0.0, 0.001, 0.5, 1.0], 10), vec![0.0, 0.5, 1.0]);
    }

    #[test]
    fn a_plot_scale_has_three_ticks_at_least_and_a_fallen_run_does_not_flatten_the_rest() {
        // Every span from 1e-6 to 1e6: between 3 and 8 ticks of 1, 2 or 5 × 10^k inside it.
        for e in -60..=60 {
            for m in [1.0, 1.3, 2.2, 3.7, 4.9, 7.1, 9.9] {
                let span = m * 10f64.powf(e as f64 / 10.0);
                let step = tick_step(span);
                let lead = step / 10f64.powf(step.log10().floor());
                assert!(
                    [1.0, 2.0, 5.0, 10.0]
                        .iter()
                        .any(|n| (lead - n).abs() < 1e-6),
                    "{span}: {step}"
                );
                let ticks = (span / step).floor();
                assert!(
                    (3.0..=8.0).contains(&ticks),
                    "{span}: {ticks} ticks of {step}"
                );
            }
        }
        // Scene 21's height: two runs at about 5.5, bobbing by 0.005, and a third that fell to
        // -213: the scale fits the two; the third is named clipped.
        let bob: Vec<f64> = (0..100).map(|i| 5.5 - 0.005 * ((i % 2) as f64)).collect();
        let fell: Vec<f64> = (0..100).map(|i| 5.5 - 2.2 * i as f64).collect();
        let (lo, hi, clipped) = y_range(&[vec![5.5; 100], bob.clone(), fell]);
        assert_eq!(clipped, vec![2]);
        assert!(
            lo > 5.49 && hi < 5.51 && lo < 5.495 && hi > 5.5,
            "{lo} {hi}"
        );
        // Runs near each other, or a run at rest at 0 beside a rocking one: none clipped.
        let (lo, hi, clipped) = y_range(&[vec![0.0; 10], vec![0.14; 10], vec![0.04; 10]]);
        assert!(clipped.is_empty() && lo < 0.0 && hi > 0.14);
        let (_, _, clipped) = y_range(&[vec![5.5; 10], bob]);
        assert!(clipped.is_empty());
        // Labels tell neighbouring ticks apart and show no negative zero.
        assert_eq!(tick_label(5.495, 0.005), "5.495");
        assert_eq!(tick_label(5.5, 0.005), "5.500");
        assert_eq!(tick_label(40.0, 20.0), "40");
        assert_eq!(tick_label(-1e-12, 0.1), "0.0");
        assert_eq!(tick_label(-0.2, 0.1), "-0.2");
    }
}
