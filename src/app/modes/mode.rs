//! The [`Mode`] trait every mode implements, and the [`Controls`] a mode's panel may change.

use super::arithmetic::Row;
use crate::app::camera::Camera;
use crate::app::command::{Command, PairOptions};
use crate::app::draw::Canvas;
use crate::app::input::Input;
use crate::app::legend::Entry;
use crate::app::pair::Traced;
use std::any::Any;

/// Which mode: the scene file's own `Mode` (`Sat`, `Gjk`, `Manifold`), so a scene opens in
/// its mode without a translation table.
pub use crate::scene::Mode as ModeKind;

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

/// Everything a mode draws and controls.
pub trait Mode: Any + Send {
    /// Which mode this is (its key, its name in scene files and links).
    fn kind(&self) -> ModeKind;

    /// The tab title ("Separating axes").
    fn title(&self) -> &'static str;

    /// What the mode shows, in one line (the mode buttons' tooltip).
    fn hover(&self) -> &'static str;

    /// What the colours of its picture mean.
    fn legend(&self) -> &'static [Entry];

    /// The arithmetic behind `step`: every number a trace field (see `modes::arithmetic`).
    fn arithmetic(&self, pair: &Traced, step: usize) -> Vec<Row>;

    /// A new scene: forget the mode's view and history.
    fn reset(&mut self) {}

    /// Whether the contact points drawn for every mode carry their separation in their label
    /// (false when the mode labels its points itself).
    fn contact_separations(&self) -> bool {
        true
    }

    /// The mode's fields in the `--print-state` line (besides every mode's).
    fn probe(&self, _out: &mut serde_json::Map<String, serde_json::Value>) {}

    /// The camera of the mode's second view, to read (quiz targets drawn in it).
    fn second_view(&self) -> Option<&Camera> {
        None
    }

    /// How many steps the mode's trace has (at least 1).
    fn step_count(&self, pair: &Traced) -> usize;

    /// The step counter text ("GJK 3/5").
    fn step_label(&self, pair: &Traced, step: usize) -> String;

    /// One plain sentence per step: what happened and why.
    fn step_text(&self, pair: &Traced, step: usize) -> String;

    /// The right panel: table, plot, toggles. Changes go into `controls`; anything else the
    /// mode asks for is returned as a command.
    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command>;

    /// Canvas input the mode owns (its second view, hover highlights). Returns true if it used
    /// the input so the shape gestures should not see it.
    fn handle_input(&mut self, input: &Input, world: &Camera, pair: &Traced) -> bool;

    /// Draws the mode's picture over the shapes.
    fn draw(&self, canvas: &Canvas, pair: &Traced, step: usize);

    /// Sees the pair as this frame shows it, once a frame after the canvas input and before the
    /// panels draw (the manifold mode records its ids, so its strip and count are this frame's).
    fn observe(&mut self, _pair: &Traced) {}

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

    /// Whether the mode draws the bodies itself (Simulate: the bodies where the run has them),
    /// so the world view leaves out the scene's shapes and the pair's contact points.
    fn owns_world(&self) -> bool {
        false
    }

    /// The scene as it is now (after an edit, an undo, a new scene), while the mode is shown:
    /// a hidden mode sees it when it is shown again.
    fn set_scene(&mut self, _scene: &crate::scene::Scene) {}

    /// One frame at the clock `now` (seconds): a mode that plays moves `step` on, and follows
    /// it.
    fn advance(&mut self, _step: &mut usize, _now: f64) {}

    /// Space: play or pause; false for a mode that does not play (Space is then the next step).
    fn toggle_play(&mut self, _step: &mut usize) -> bool {
        false
    }

    /// A command the mode's canvas input asked for (a click on a contact), once.
    fn take_command(&mut self) -> Option<Command> {
        None
    }
}
