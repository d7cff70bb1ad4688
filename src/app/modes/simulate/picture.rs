//! The Simulate mode's picture of its runs: the ghosts outlined, the full run solid over them,
//! and every run's contact points by state. Drawn in the world view and again, magnified, in
//! the inset (`inset.rs`).

use super::state::{SimulateMode, new_point, run_color};
use crate::app::draw::{Canvas, colors, priority};
use crate::sim::PointState;
use glam::Vec2;

impl SimulateMode {
    /// Draws the runs on `canvas`: ghosts first (outlined, in their own colours), then the full
    /// run solid over them, then the contact points. A ghost whose difference from the full
    /// run is too small to see is drawn with that difference exaggerated, the factor written
    /// beside it when `labels` (the world view; the inset writes none). The factors are the
    /// ones for a view at `zoom` (the world view's: the inset magnifies the same picture).
    pub(super) fn draw_runs(&self, canvas: &Canvas, labels: bool, zoom: f32) {
        let Some(lab) = &self.lab else {
            return;
        };
        for (k, run) in lab.runs.iter().enumerate().skip(1) {
            let color = run_color(k);
            let factor = self.exaggerate(k, zoom);
            for i in 1..run.world().bodies().len() {
                let Some(body) = self.drawn_body(k, i, factor) else {
                    continue;
                };
                let xf = body.transform();
                for part in &body.parts {
                    canvas.shape_outline(&part.shape, xf.compose(part.xf), 2.0, color);
                }
                if labels && factor > 1.0 && i == self.top {
                    canvas.label_ranked(
                        body.center,
                        Vec2::new(12.0, -18.0 * k as f32),
                        format!("ghost {k}: its tilt and shift ×{factor}"),
                        color,
                        priority::BODY,
                    );
                }
            }
        }
        let full = lab.runs[0].world();
        for (i, body) in full.bodies().iter().enumerate() {
            let xf = body.transform();
            for part in &body.parts {
                canvas.part(part, xf.compose(part.xf), colors::body(i), 2.0);
            }
            if !labels {
                continue;
            }
            // Numbered as the CSV numbers them (B is body 0, so the next is 1).
            let label = match i {
                0 => "A".to_string(),
                1 => "B".to_string(),
                n => (n - 1).to_string(),
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
            let factor = self.exaggerate(k, zoom);
            for pair in run.world().contacts() {
                for p in pair.points() {
                    let at = self.drawn_point(k, pair.bodies[1], p.position, factor);
                    match p.state() {
                        PointState::Persisted => canvas.point_as("contact", at, 4.5, colors::ink()),
                        PointState::New => canvas.point_as("contact", at, 7.0, new_point()),
                        PointState::Speculative => {
                            canvas.ring_as("contact", at, 5.0, 1.8, colors::ink())
                        }
                    }
                    if k > 0 {
                        canvas.ring(at, 8.5, 1.5, run_color(k));
                    }
                }
            }
        }
    }
}
