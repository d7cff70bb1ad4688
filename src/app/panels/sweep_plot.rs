//! The sweep plot: B turned through 360° about its position (the same [`sweep`] as
//! `narrowphase-lab sweep --turn B`), and the pair's separation, normal angle, contact point
//! count and feature-id changes plotted against the angle. A click on a plot turns B to that
//! angle (one undoable change).

use crate::app::command::Command;
use crate::app::draw::colors;
use crate::app::draw::grid::nice_step;
use crate::scene::sweep::{Motion, Mover, SweepRow, sweep};
use crate::scene::{Body, Scene};
use egui::RichText;
use egui_plot::{Line, Plot, PlotPoints, Points, VLine, uniform_grid_spacer};

/// How many poses the sweep takes: every half degree, both ends included.
pub const POSES: usize = 721;

/// The sweep's state: shown or not, and the rows of the last sweep with the scene they are of.
#[derive(Clone, Debug, Default)]
pub struct SweepPlot {
    /// The plots are shown (and kept up to date).
    pub open: bool,
    /// The rows, one per pose.
    pub rows: Vec<SweepRow>,
    /// The scene swept, B's angle set to 0 (B's angle itself does not change the sweep).
    of: Option<Scene>,
    /// Why the last sweep failed, if it did.
    pub error: Option<String>,
    /// Each plot's mapping between its values and the screen in the last frame (egui
    /// points), for tests that click at an angle.
    pub transforms: Vec<egui_plot::PlotTransform>,
}

/// The scene as the sweep sees it: B's angle does not matter.
fn key(scene: &Scene) -> Scene {
    let mut s = scene.clone();
    s.b.angle_deg = 0.0;
    s
}

/// The id changes: the angles at which the ids differ from the pose before.
fn id_changes(rows: &[SweepRow]) -> Vec<f64> {
    rows.windows(2)
        .filter(|w| w[0].ids != w[1].ids)
        .map(|w| w[1].t as f64)
        .collect()
}

/// The y axis's width on every plot, in points: room for "-0.0005" or "-180".
const Y_AXIS_WIDTH: f32 = 44.0;

/// Each plot's height, in points.
const PLOT_HEIGHT: f32 = 100.0;

/// How a plot's y axis is marked and its value read.
#[derive(Clone, Copy)]
enum Scale {
    /// A length: about three marks at 1, 2 or 5 times a power of ten.
    Nice,
    /// An angle: every 90°.
    Degrees,
    /// A count: every whole number.
    Count,
}

impl Scale {
    fn words(self, y: f64) -> String {
        match self {
            Scale::Nice => crate::app::words::signed(y as f32),
            Scale::Degrees => format!("{y:.1}°"),
            Scale::Count => crate::app::words::count(y as usize, "point", "points"),
        }
    }
}

/// The curve's point nearest the angle `t` (the rows are in order of angle).
fn curve_at(curve: &[[f64; 2]], t: f64) -> Option<[f64; 2]> {
    let i = curve.partition_point(|p| p[0] < t);
    [i.checked_sub(1), Some(i)]
        .into_iter()
        .flatten()
        .filter_map(|k| curve.get(k))
        .min_by(|p, q| (p[0] - t).abs().total_cmp(&(q[0] - t).abs()))
        .copied()
}

impl SweepPlot {
    /// Sweeps `scene` again when it changed (other than B's angle).
    fn refresh(&mut self, scene: &Scene) {
        let k = key(scene);
        if self.of.as_ref() == Some(&k) {
            return;
        }
        match sweep(
            scene,
            Mover::B,
            Motion::Turn {
                from: 0.0,
                to: 360.0,
            },
            POSES,
        ) {
            Ok(rows) => {
                self.rows = rows;
                self.error = None;
            }
            Err(e) => {
                self.rows.clear();
                self.error = Some(e.to_string());
            }
        }
        self.of = Some(k);
    }
}

impl SweepPlot {
    /// The sweep of `scene`: a toggle, then the plots; a click on one turns B to that angle
    /// (a command on `out`). While the scene is being `editing` (a drag, a field) the plots keep
    /// their rows: 721 poses a frame would stall the drag; they catch up when the edit ends.
    pub(super) fn panel(
        &mut self,
        ui: &mut egui::Ui,
        scene: &Scene,
        editing: bool,
        out: &mut Vec<Command>,
    ) {
        ui.checkbox(&mut self.open, "Sweep: turn B through 360°")
            .on_hover_text("B turned about its position, every half degree: the pair's answer at each angle. Click a plot to turn B there.");
        if !self.open {
            return;
        }
        if !editing || self.of.is_none() {
            self.refresh(scene);
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(colors::bad()));
            return;
        }
        let rows = &self.rows;
        let now = f64::from(scene.b.angle_deg).rem_euclid(360.0);
        let changes = id_changes(rows);
        let series = |y: &dyn Fn(&SweepRow) -> f64| -> Vec<[f64; 2]> {
            rows.iter().map(|r| [r.t as f64, y(r)]).collect()
        };
        let separation = series(&|r| r.separation as f64);
        let normal = series(&|r| r.normal_deg() as f64);
        let points = series(&|r| r.ids.len() as f64);
        ui.label(
            RichText::new(format!(
                "{} id changes over the turn (yellow lines); B is at {:.1}°",
                changes.len(),
                now
            ))
            .size(13.0)
            .color(colors::dim()),
        );
        let mut clicked = None;
        self.transforms.clear();
        // Each plot: its curve, how it is drawn, its unit in the hover text, and its y scale.
        let plots: [(&str, &str, &[[f64; 2]], Scale); 3] = [
            ("sweep_separation", "separation", &separation, Scale::Nice),
            ("sweep_normal", "normal angle (°)", &normal, Scale::Degrees),
            ("sweep_points", "contact points", &points, Scale::Count),
        ];
        for (id, name, curve, scale) in plots {
            ui.label(RichText::new(name).size(13.0));
            let ids_marked = id == "sweep_points";
            // As wide as the panel shows (its scroll area would let a plot grow past it).
            let width = (ui.clip_rect().right() - ui.cursor().left() - 12.0).max(120.0);
            let mut plot = Plot::new(id)
                // Tall enough that two or three y labels fit (egui_plot labels marks 40+
                // points apart).
                .height(PLOT_HEIGHT)
                .width(width)
                // The same y-axis width on every plot, so the three x axes line up.
                .y_axis_min_width(Y_AXIS_WIDTH)
                .allow_drag(false)
                .allow_zoom(false)
                .allow_scroll(false)
                .allow_double_click_reset(false)
                .include_x(0.0)
                .include_x(360.0)
                .x_grid_spacer(uniform_grid_spacer(|_| [45.0, 90.0, 180.0]))
                // Each mark with the decimals its step needs ("-0.4", not "-0").
                .y_axis_formatter(|mark, _| {
                    let decimals = (-mark.step_size.log10().floor()).max(0.0) as usize;
                    format!("{:.*}", decimals, mark.value)
                })
                // The hover reads the curve at the pointer's angle, not the pointer's height.
                .label_formatter(move |_, at| {
                    curve_at(curve, at.x)
                        .map(|[t, y]| format!("{t:.1}°: {}", scale.words(y)))
                        .unwrap_or_default()
                });
            plot = match scale {
                Scale::Nice => plot.include_y(0.0).y_grid_spacer(uniform_grid_spacer(|g| {
                    let s = nice_step(g.bounds.1 - g.bounds.0, 2.0);
                    [s, s * 2.0, s * 10.0]
                })),
                Scale::Degrees => plot
                    .include_y(-180.0)
                    .include_y(180.0)
                    .y_grid_spacer(uniform_grid_spacer(|_| [90.0, 180.0, 360.0])),
                Scale::Count => plot
                    .include_y(0.0)
                    .include_y(2.0)
                    .y_grid_spacer(uniform_grid_spacer(|_| [1.0, 2.0, 4.0])),
            };
            let r = plot.show(ui, |p| {
                let data = PlotPoints::from(curve.to_vec());
                match scale {
                    Scale::Degrees => {
                        p.points(Points::new(data).radius(1.5).color(colors::minkowski()))
                    }
                    Scale::Nice => p.line(Line::new(data).color(colors::ink())),
                    Scale::Count => p.line(Line::new(data).color(colors::good())),
                }
                if ids_marked {
                    for t in &changes {
                        p.vline(VLine::new(*t).color(colors::accent().gamma_multiply(0.5)));
                    }
                }
                p.vline(VLine::new(now).color(colors::b()).width(2.0));
            });
            self.transforms.push(r.transform);
            if r.response.clicked()
                && let Some(pos) = r.response.interact_pointer_pos()
            {
                clicked = Some(r.transform.value_from_position(pos).x);
            }
        }
        if let Some(x) = clicked.filter(|x| x.is_finite()) {
            // To the nearest tenth of a degree, within the sweep.
            let angle = ((x.clamp(0.0, 360.0) * 10.0).round() / 10.0) as f32;
            let b = Body {
                angle_deg: angle,
                ..scene.b.clone()
            };
            out.push(Command::SetBodies(Box::new((scene.a.clone(), b))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_step(3.0, 3.0), 1.0);
        assert_eq!(nice_step(0.6, 3.0), 0.2);
        assert!((nice_step(0.0015, 3.0) - 0.0005).abs() < 1e-12);
        assert_eq!(nice_step(0.0, 3.0), 1.0);
    }

    #[test]
    fn the_hover_reads_the_nearest_point_of_the_curve() {
        let curve = [[0.0, 1.0], [0.5, -0.59], [1.0, 3.0]];
        assert_eq!(curve_at(&curve, 0.6), Some([0.5, -0.59]));
        assert_eq!(curve_at(&curve, 0.9), Some([1.0, 3.0]));
        assert_eq!(curve_at(&curve, -5.0), Some([0.0, 1.0]));
        assert_eq!(curve_at(&curve, 400.0), Some([1.0, 3.0]));
        assert_eq!(curve_at(&[], 1.0), None);
    }
}
