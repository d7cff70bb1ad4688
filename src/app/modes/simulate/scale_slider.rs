//! The "scale ×" slider and each run's id counts (issue 41): the lab runs again on the scene
//! with every length times the factor ([`crate::sim::scale::scaled_scene`]), so a rule that is
//! not relative to the bodies' size shows itself live — `ids: Nearest`'s absolute match
//! distance (1 cm). Beside it, per run, the share of contact points that kept their match so
//! far (the warm-start hit rate) and the wrong matches so far (an old impulse handed to a point
//! that is not the same contact, [`crate::sim::contact::wrong_match`]).

use super::state::{SimulateMode, run_color};
use crate::app::draw::colors;
use egui::RichText;

/// The slider's range ([`crate::sim::scale::RANGE`]).
pub const SCALE_RANGE: (f32, f32) = crate::sim::scale::RANGE;

impl SimulateMode {
    /// The factor the lab's scene is scaled by (1 unless the slider moved).
    pub fn scale(&self) -> f32 {
        if self.scale > 0.0 { self.scale } else { 1.0 }
    }

    /// Runs the lab again, from step 0, on the scene scaled by `k` (clamped to the slider's
    /// range); the scene itself stays the session's.
    pub fn set_scale(&mut self, k: f32) {
        let k = k.clamp(SCALE_RANGE.0, SCALE_RANGE.1);
        let Some(scene) = self.scene.take() else {
            return;
        };
        let scaled = crate::sim::scale::scaled_scene(&scene, k);
        self.set_scene(&scaled);
        // The run is of the scaled scene, but the session's scene is the one it belongs to.
        self.scene = Some(scene);
        self.scale = k;
    }

    /// Per run, over its steps so far: `(persisted, points, wrong matches)`.
    pub fn id_counts(&self) -> Vec<(usize, usize, usize)> {
        self.readings
            .iter()
            .map(|r| {
                r.iter().fold((0, 0, 0), |(p, n, w), x| {
                    (p + x.persisted, n + x.points, w + x.wrong_matches)
                })
            })
            .collect()
    }

    /// `sim.ids` of `--print-state`: per run, `{"persisted", "points", "kept", "wrong_matches"}`
    /// over its steps so far (`kept` null with no points).
    pub fn ids_json(&self) -> serde_json::Value {
        self.id_counts()
            .into_iter()
            .map(|(p, n, w)| {
                serde_json::json!({
                    "persisted": p,
                    "points": n,
                    "kept": crate::sim::persisted_fraction(p, n),
                    "wrong_matches": w,
                })
            })
            .collect()
    }

    /// The panel's part: the slider, and a line per run. Returns true when the lab was run
    /// again (the session's step goes back to 0).
    pub(super) fn ui_scale(&mut self, ui: &mut egui::Ui) -> bool {
        if self.lab.is_none() {
            return false;
        }
        let mut k = self.scale();
        let changed = ui
            .add(
                egui::Slider::new(&mut k, SCALE_RANGE.0..=SCALE_RANGE.1)
                    .logarithmic(true)
                    .text("scale ×"),
            )
            .on_hover_text(
                "run the scene again with every length (sizes, positions, speeds, gravity) \
                 times this: the same motion, smaller or larger, unless a rule has a fixed \
                 size — as a nearest-point match within an absolute 1 cm does",
            )
            .changed();
        if changed {
            self.set_scale(k);
        }
        for (run, (p, n, w)) in self.id_counts().into_iter().enumerate() {
            let kept = match crate::sim::persisted_fraction(p, n) {
                Some(f) => format!("{:.1} % of points kept their match", 100.0 * f),
                None => "no contact yet".to_string(),
            };
            let color = if run == 0 {
                colors::ink()
            } else {
                run_color(run)
            };
            let who = if run == 0 {
                "full run".to_string()
            } else {
                format!("ghost {run}")
            };
            ui.label(
                RichText::new(format!("{who} so far: {kept}, {w} wrong matches"))
                    .color(color)
                    .size(13.0),
            );
        }
        changed
    }
}
