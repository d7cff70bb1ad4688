//! The three modes. Each is one type implementing [`Mode`]; [`ModeKind`] lists them by hand.

pub mod gjk_epa;
pub mod manifold;
pub mod sat;

use super::camera::Camera;
use super::draw::Canvas;
use super::input::Input;
use super::pair::Pair;
use glam::Vec2;

/// Which mode: the scene file's own `Mode` (`Sat`, `Gjk`, `Manifold`), so a scene opens in
/// its mode without a translation table.
pub use crate::scene::Mode as ModeKind;

/// The tab title of a mode.
pub fn title(mode: ModeKind) -> &'static str {
    match mode {
        ModeKind::Sat => "Separating axes",
        ModeKind::Gjk => "GJK / EPA",
        ModeKind::Manifold => "Contact manifold",
    }
}

/// Options of the pair that modes may change (they trigger a recompute).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairOptions {
    /// SAT: skip (anti)parallel repeats of an axis.
    pub merge_parallel: bool,
    /// Manifold: reference-face hysteresis.
    pub hysteresis: bool,
    /// Manifold: speculative margin.
    pub speculative_margin: f32,
    /// Manifold: turn B by ±0.001 rad every frame.
    pub jitter: bool,
}

impl Default for PairOptions {
    fn default() -> Self {
        PairOptions {
            merge_parallel: false,
            hysteresis: true,
            speculative_margin: 0.0,
            jitter: false,
        }
    }
}

/// What a mode asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ModeAction {
    /// Move B by this world vector (undoable), e.g. SAT's "resolve".
    TranslateB(Vec2),
}

/// Everything a mode draws and controls.
pub trait Mode {
    /// How many steps the mode's trace has (at least 1).
    fn step_count(&self, pair: &Pair) -> usize;

    /// The step counter text ("GJK 3/5").
    fn step_label(&self, pair: &Pair, step: usize) -> String;

    /// One plain sentence per step: what happened and why.
    fn step_text(&self, pair: &Pair, step: usize) -> String;

    /// The right panel: table, plot, toggles.
    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Pair,
        step: &mut usize,
        options: &mut PairOptions,
    ) -> Option<ModeAction>;

    /// Canvas input the mode owns (its second view, hover highlights). Returns true if it used
    /// the input so the shape gestures should not see it.
    fn handle_input(&mut self, input: &Input, world: &Camera, pair: &Pair) -> bool;

    /// Draws the mode's picture over the shapes.
    fn draw(&self, canvas: &Canvas, pair: &Pair, step: usize);

    /// Per-frame bookkeeping after the pair was (maybe) recomputed.
    fn after_frame(&mut self, _pair: &Pair) {}

    /// The width fraction of the canvas the mode takes for a second view (0 = none).
    fn split(&self) -> f32 {
        0.0
    }
}
