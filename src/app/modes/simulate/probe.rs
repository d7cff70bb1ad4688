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
    /// (body 0 is B, then `sim.bodies`). `exaggerate` is the factor a ghost's deviation is
    /// drawn at: 1, as each run is drawn as it is.
    pub fn runs_json(&self, cam: &Camera) -> (serde_json::Value, f32) {
        let Some(lab) = &self.lab else {
            return (serde_json::Value::Null, 1.0);
        };
        let px = |p: Vec2| {
            let s = cam.to_screen(p);
            serde_json::json!([s.x, s.y])
        };
        let runs = lab
            .runs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let bodies: Vec<serde_json::Value> = r
                    .world()
                    .bodies()
                    .iter()
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
                serde_json::json!({"variant": i, "bodies": bodies})
            })
            .collect::<Vec<_>>();
        (serde_json::Value::Array(runs), 1.0)
    }

    pub(super) fn plots(&self, ui: &mut egui::Ui) {
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
                // What the plot's pixels can show: a long run (two minutes at 480 Hz is 57,600
                // readings a run) is drawn from a few hundred points, not all of them.
                let columns = plot.transform().frame().width().max(16.0) as usize;
                for (k, r) in self.readings.iter().enumerate() {
                    let color = if k == 0 { colors::ink() } else { run_color(k) };
                    for t in thin(seam_crossings(r, seams), columns) {
                        plot.vline(VLine::new(t).color(color.gamma_multiply(0.45)).width(1.0));
                    }
                    let pts = PlotPoints::from(decimate(r, columns, |x| [x.time, f(x)]));
                    plot.line(Line::new(pts).color(color).name(format!("run {k}")));
                }
            });
    }
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
}
