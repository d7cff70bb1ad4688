//! The three modes. Each is one type implementing [`Mode`]; [`ModeKind`] lists them by hand.

pub mod gjk_epa;
pub mod manifold;
pub mod sat;

use super::camera::Camera;
use super::command::Command;
use super::draw::Canvas;
use super::input::Input;
use super::pair::Pair;

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

/// What a mode shows, in one line (the mode buttons' tooltip).
pub fn hover(mode: ModeKind) -> &'static str {
    match mode {
        ModeKind::Sat => "1: every candidate axis and both shadows on it",
        ModeKind::Gjk => "2: GJK's simplex and EPA's polytope on the Minkowski difference",
        ModeKind::Manifold => "3: reference and incident faces, clipping, the contact points",
    }
}

pub use super::command::PairOptions;

/// What a mode's controls may change, as copies: the right panel turns every difference into
/// a [`Command`] (a scene value becomes an undoable edit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Controls {
    /// The step shown.
    pub step: usize,
    /// The session's options.
    pub options: PairOptions,
    /// The scene's speculative margin.
    pub margin: f32,
}

/// The three modes' own state (their views, hover, history), one value each.
#[derive(Default)]
pub struct Modes {
    /// SAT mode.
    pub sat: sat::SatMode,
    /// GJK/EPA mode.
    pub gjk: gjk_epa::GjkMode,
    /// Manifold mode.
    pub manifold: manifold::ManifoldMode,
}

impl Modes {
    /// The mode `kind`.
    pub fn get(&self, kind: ModeKind) -> &dyn Mode {
        match kind {
            ModeKind::Sat => &self.sat,
            ModeKind::Gjk => &self.gjk,
            ModeKind::Manifold => &self.manifold,
        }
    }

    /// The mode `kind`, mutable.
    pub fn get_mut(&mut self, kind: ModeKind) -> &mut dyn Mode {
        match kind {
            ModeKind::Sat => &mut self.sat,
            ModeKind::Gjk => &mut self.gjk,
            ModeKind::Manifold => &mut self.manifold,
        }
    }

    /// A new scene: forget every mode's view and history.
    pub fn reset(&mut self) {
        self.manifold.reset();
    }
}

/// Everything a mode draws and controls.
pub trait Mode {
    /// How many steps the mode's trace has (at least 1).
    fn step_count(&self, pair: &Pair) -> usize;

    /// The step counter text ("GJK 3/5").
    fn step_label(&self, pair: &Pair, step: usize) -> String;

    /// One plain sentence per step: what happened and why.
    fn step_text(&self, pair: &Pair, step: usize) -> String;

    /// The right panel: table, plot, toggles. Changes go into `controls`; anything else the
    /// mode asks for is returned as a command.
    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Pair,
        controls: &mut Controls,
    ) -> Option<Command>;

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

    /// Lays out the mode's second view beside the world view (after the panels took room).
    fn layout(&mut self, _world: &Camera) {}

    /// The camera of the mode's second view, if it has one (framing moves it).
    fn second_camera(&mut self) -> Option<&mut Camera> {
        None
    }
}
