//! The modes. Each is one type in its own file implementing [`Mode`], which carries everything
//! the app needs of it (its name, title, hover text, legend, controls, input, drawing, its
//! arithmetic and its probe fields); [`Modes::default`] lists them once, in key order.
//!
//! Adding a mode: write `modes/NAME.rs` with a type implementing [`Mode`] (its `kind` a new
//! [`ModeKind`] variant, added to the scene format's `Mode` and its `ALL`), declare the file
//! below and add one line to the list in [`Modes::default`].

pub mod arithmetic;
pub mod gjk_epa;
pub mod manifold;
pub mod sat;
pub mod simulate;

use super::camera::Camera;
use super::command::Command;
use super::draw::Canvas;
use super::input::Input;
use super::legend::Entry;
use super::pair::Traced;
use arithmetic::Row;
use std::any::Any;

/// Which mode: the scene file's own `Mode` (`Sat`, `Gjk`, `Manifold`), so a scene opens in
/// its mode without a translation table.
pub use crate::scene::Mode as ModeKind;

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

/// Every mode's own state (its views, hover, history), one value each, in key order.
pub struct Modes {
    list: Vec<Box<dyn Mode>>,
}

impl Default for Modes {
    /// The modes, listed once: a new mode is one line here.
    fn default() -> Self {
        Modes {
            list: vec![
                Box::new(sat::SatMode::default()),
                Box::new(gjk_epa::GjkMode::default()),
                Box::new(manifold::ManifoldMode::default()),
                Box::new(simulate::SimulateMode::default()),
            ],
        }
    }
}

impl Modes {
    /// Every mode, in key order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Mode> {
        self.list.iter().map(|m| m.as_ref())
    }

    /// The mode `kind` (the first mode if none is listed for it; a test checks every kind is).
    pub fn get(&self, kind: ModeKind) -> &dyn Mode {
        let i = self.index(kind);
        self.list[i].as_ref()
    }

    /// The mode `kind`, mutable.
    pub fn get_mut(&mut self, kind: ModeKind) -> &mut dyn Mode {
        let i = self.index(kind);
        self.list[i].as_mut()
    }

    fn index(&self, kind: ModeKind) -> usize {
        self.list.iter().position(|m| m.kind() == kind).unwrap_or(0)
    }

    /// The mode of type `M` (for tests and for the one place a mode's own data is read).
    pub fn find<M: Mode>(&self) -> Option<&M> {
        self.list
            .iter()
            .find_map(|m| (m.as_ref() as &dyn Any).downcast_ref::<M>())
    }

    /// The mode of type `M`, mutable.
    pub fn find_mut<M: Mode>(&mut self) -> Option<&mut M> {
        self.list
            .iter_mut()
            .find_map(|m| (m.as_mut() as &mut dyn Any).downcast_mut::<M>())
    }

    /// The scene now (after every edit, undo or new scene): modes that run on the whole scene
    /// (Simulate) rebuild from it.
    pub fn set_scene(&mut self, scene: &crate::scene::Scene) {
        for m in &mut self.list {
            m.set_scene(scene);
        }
    }

    /// A new scene: forget every mode's view and history.
    pub fn reset(&mut self) {
        for m in &mut self.list {
            m.reset();
        }
    }
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

    /// Per-frame bookkeeping after the pair was (maybe) recomputed.
    fn after_frame(&mut self, _pair: &Traced) {}

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

    /// The scene as it is now (after an edit, an undo, a new scene).
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
