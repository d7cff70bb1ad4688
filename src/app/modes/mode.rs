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
    /// What the mode is: its kind, names, legend and how the world view treats it.
    fn about(&self) -> &'static About;

    /// What `step` says: its counter, its sentence and its arithmetic (every number a trace
    /// field, see `modes::arithmetic`).
    fn explain(&self, pair: &Traced, step: usize) -> Explained;

    /// A new scene: forget the mode's view and history.
    fn reset(&mut self) {}

    /// The mode's fields in the `--print-state` line (besides every mode's).
    /// `shown` is the world camera when the mode is the one shown (positions on screen).
    fn probe(
        &self,
        _out: &mut serde_json::Map<String, serde_json::Value>,
        _shown: Option<&Camera>,
    ) {
    }

    /// How many steps the mode's trace has (at least 1).
    fn step_count(&self, pair: &Traced) -> usize;

    /// The right panel: table, plot, toggles. Changes go into `controls`; anything else the
    /// mode asks for is returned as a command.
    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command>;

    /// Canvas input the mode owns (its second view, whose camera is `second`; hover
    /// highlights; its own handles, whose edits go into `out` as commands). Returns true if it
    /// used the input so the shape gestures should not see it.
    fn handle_input(
        &mut self,
        _input: &Input,
        _world: &Camera,
        _second: &mut Camera,
        _pair: &Traced,
        _out: &mut Vec<Command>,
    ) -> bool {
        false
    }

    /// Draws the mode's picture over the shapes (a mode with a second view draws it through
    /// [`Canvas::second_view`]).
    fn draw(&self, canvas: &Canvas, pair: &Traced, step: usize);

    /// Sees the pair as this frame shows it, once a frame after the canvas input and before the
    /// panels draw (the manifold mode records its ids, so its strip and count are this frame's).
    fn observe(&mut self, _pair: &Traced) {}

    /// The scene as it is now (after an edit, an undo, a new scene), while the mode is shown:
    /// a hidden mode sees it when it is shown again.
    fn set_scene(&mut self, _scene: &crate::scene::Scene) {}

    /// The mode's player, for a mode that plays (Simulate): the app, the embed and slides
    /// drive it through this, never by asking which mode it is.
    fn player(&mut self) -> Option<&mut dyn Player> {
        None
    }
}

/// What a step says, for the right panel, the embed's bar and `--print-state`.
#[derive(Clone, Debug, Default)]
pub struct Explained {
    /// The step counter text ("GJK 3/5").
    pub label: String,
    /// One plain sentence: what happened and why.
    pub text: String,
    /// The arithmetic behind it, row by row.
    pub rows: Vec<Row>,
}

/// What a mode is, fixed for the mode: its kind, its names, its legend, and how the world view
/// treats it.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// Which mode this is (its key, its name in scene files and links).
    pub kind: ModeKind,
    /// The tab title ("Separating axes").
    pub title: &'static str,
    /// What the mode shows, in one line (the mode buttons' tooltip).
    pub hover: &'static str,
    /// What the colours of its picture mean.
    pub legend: &'static [Entry],
    /// Whether the contact points drawn for every mode carry their separation in their label
    /// (false when the mode labels its points itself).
    pub contact_separations: bool,
    /// Whether the mode draws the bodies itself (Simulate: the bodies where the run has them),
    /// so the world view leaves out the scene's shapes and the pair's contact points.
    pub owns_world: bool,
    /// Whether the world view draws the pair's normal and contact points at the scene's pose
    /// (Continuous: no, it draws its own where B first touches A).
    pub pair_marks: bool,
    /// The width fraction of the canvas the mode takes for a second view (0 = none); the
    /// app lays that view out and owns its camera (`Views::second`).
    pub split: f32,
}

/// A mode that plays: Space plays and pauses, the clock moves it on, a click may ask for a
/// command, and a long seek may take several frames.
pub trait Player {
    /// One frame at the clock `now` (seconds): moves `step` on while playing, and follows it.
    fn advance(&mut self, step: &mut usize, now: f64);
    /// Space: play or pause.
    fn toggle(&mut self, step: &mut usize);
    /// A command the mode's canvas input asked for (a click on a contact), once.
    fn take_command(&mut self) -> Option<Command>;
    /// True while the player is still computing its way to the step asked for.
    fn computing(&self) -> bool;
    /// How many steps make a second of what it plays (`slides` takes a slide a second).
    fn steps_per_second(&self) -> f64;
    /// True while it plays (Space's play; a host page's `play` and `pause` ask for it).
    fn playing(&self) -> bool;
    /// True while it needs frames without any input: playing, or computing its way to a step
    /// (an idle figure in a page draws no frames; see `page::set_still`).
    fn busy(&self) -> bool;
    /// The step to come back to when the mode is shown again, once (Simulate: the step a click
    /// on a contact opened its pair at); None: a mode shown starts at its first step.
    fn resume(&mut self) -> Option<usize> {
        None
    }
    /// The pair the status bar and the left panel show at the player's step, with part pair
    /// `parts` (None: the deepest), instead of the scene's pose (Simulate: the run's bodies as
    /// it collided them).
    fn shown_pair(&mut self, _parts: Option<[usize; 2]>) -> Option<PlayedPair> {
        None
    }
}

/// The pair a player shows at its step (see [`Player::shown_pair`]).
#[derive(Clone, Debug)]
pub struct PlayedPair {
    /// What it is ("step 120, full run: body 1 and body 2").
    pub caption: String,
    /// Its traces (None when it cannot be traced, e.g. a pose beyond a scene's limits).
    pub pair: Option<Traced>,
}

/// The mode's [`About`], field by field.
impl dyn Mode {
    /// Which mode this is.
    pub fn kind(&self) -> ModeKind {
        self.about().kind
    }
    /// The tab title.
    pub fn title(&self) -> &'static str {
        self.about().title
    }
    /// The mode buttons' tooltip.
    pub fn hover(&self) -> &'static str {
        self.about().hover
    }
    /// What the colours of its picture mean.
    pub fn legend(&self) -> &'static [Entry] {
        self.about().legend
    }
    /// Whether the common contact points carry their separation in their label.
    pub fn contact_separations(&self) -> bool {
        self.about().contact_separations
    }
    /// Whether the mode draws the bodies itself.
    pub fn owns_world(&self) -> bool {
        self.about().owns_world
    }
    /// Whether the world view draws the pair's normal and contact points.
    pub fn pair_marks(&self) -> bool {
        self.about().pair_marks && !self.about().owns_world
    }
    /// The width fraction of the canvas its second view takes.
    pub fn split(&self) -> f32 {
        self.about().split
    }
}
