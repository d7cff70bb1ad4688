//! The sweep plot: B turned through 360° about its position (the same [`sweep`] as
//! `narrowphase-lab sweep --turn B`), and the pair's separation, normal angle, contact point
//! count and feature-id changes plotted against the angle. A click on a plot turns B to that
//! angle (one undoable change).

use crate::app::command::Command;
use crate::app::draw::colors;
use crate::scene::sweep::{Motion, Mover, SweepRow, sweep};
use crate::scene::{Body, Scene};
use egui::RichText;
use egui_plot::{Line, Plot, PlotPoints, Points, VLine};

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
            ui.label(RichText::new(e).color(colors::BAD));
            return;
        }
        let rows = &self.rows;
        let now = f64::from(scene.b.angle_deg).rem_euclid(360.0);
        let changes = id_changes(rows);
        let separation: PlotPoints = rows
            .iter()
            .map(|r| [r.t as f64, r.separation as f64])
            .collect();
        let normal: PlotPoints = rows
            .iter()
            .map(|r| [r.t as f64, r.normal.y.atan2(r.normal.x).to_degrees() as f64])
            .collect();
        let points: PlotPoints = rows
            .iter()
            .map(|r| [r.t as f64, r.ids.len() as f64])
            .collect();
        ui.label(
            RichText::new(format!(
                "{} id changes over the turn (yellow lines); B is at {:.1}°",
                changes.len(),
                now
            ))
            .small()
            .color(colors::DIM),
        );
        let mut clicked = None;
        self.transforms.clear();
        let plots: [(&str, &str, Option<Line>, Option<Points>); 3] = [
            (
                "sweep_separation",
                "separation",
                Some(Line::new(separation).color(colors::INK)),
                None,
            ),
            (
                "sweep_normal",
                "normal angle (°)",
                None,
                Some(Points::new(normal).radius(1.5).color(colors::MINKOWSKI)),
            ),
            (
                "sweep_points",
                "contact points",
                Some(Line::new(points).color(colors::GOOD)),
                None,
            ),
        ];
        for (id, name, line, dots) in plots {
            ui.label(RichText::new(name).small());
            let ids_marked = id == "sweep_points";
            // As wide as the panel shows (its scroll area would let a plot grow past it).
            let width = (ui.clip_rect().right() - ui.cursor().left() - 12.0).max(120.0);
            let r = Plot::new(id)
                .height(80.0)
                .width(width)
                .allow_drag(false)
                .allow_zoom(false)
                .allow_scroll(false)
                .allow_double_click_reset(false)
                .include_x(0.0)
                .include_x(360.0)
                .show(ui, |p| {
                    if let Some(l) = line {
                        p.line(l);
                    }
                    if let Some(d) = dots {
                        p.points(d);
                    }
                    if ids_marked {
                        for t in &changes {
                            p.vline(VLine::new(*t).color(colors::ACCENT.gamma_multiply(0.5)));
                        }
                    }
                    p.vline(VLine::new(now).color(colors::B).width(2.0));
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
