//! The modes. Each is one type in its own file implementing [`Mode`], which carries everything
//! the app needs of it (its name, title, hover text, legend, controls, input, drawing, its
//! arithmetic and its probe fields); [`Modes::default`] lists them once, in key order.
//!
//! Adding a mode: write `modes/NAME.rs` with a type implementing [`Mode`] (its `kind` a new
//! [`ModeKind`] variant, added to the scene format's `Mode` and its `ALL`), declare the file
//! below and add one line to the list in [`Modes::default`].

pub mod arithmetic;
pub mod continuous;
pub mod gjk_epa;
pub mod manifold;
pub mod sat;
pub mod simulate;

pub mod mode;

pub use super::command::PairOptions;
pub use mode::{Controls, Explained, Mode, ModeKind};
use std::any::Any;

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
                Box::new(continuous::ContinuousMode::default()),
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

    /// Moves mode `kind`, if it plays, on to the clock `now` (seconds). True when a long seek
    /// carried over frames reached its step this frame (its picture is to be kept in view, as a
    /// step reached at once is).
    pub fn advance(&mut self, kind: ModeKind, step: &mut usize, now: f64) -> bool {
        let Some(player) = self.get_mut(kind).player() else {
            return false;
        };
        let was = player.computing();
        player.advance(step, now);
        was && !player.computing()
    }

    /// A new scene: forget every mode's view and history.
    pub fn reset(&mut self) {
        for m in &mut self.list {
            m.reset();
        }
    }
}
