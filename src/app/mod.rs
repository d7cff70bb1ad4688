//! The desktop app: a macroquad window with egui panels; the canvas is painted with egui's
//! painter from the library's traces.
//!
//! One owner per kind of state, nothing held twice: the fields of [`App`]. Every action is a
//! [`command::Command`], from a key, a button or a gesture alike; [`App::apply`] has the part
//! that owns it carry it out ([`execute`]). Each frame's stages, in order, are [`App::frame`]'s;
//! egui then draws, and a screenshot, if asked for, is taken after it ([`run`]).

pub mod camera;
pub mod canvas_input;
pub mod chain_view;
pub mod command;
mod context;
pub mod document;
pub mod draw;
pub mod execute;
pub mod files;
pub mod framing;
pub mod input;
pub mod legend;
pub mod link;
pub mod locks;
pub mod modes;
pub mod page;
pub mod pair;
pub mod panels;
pub mod print_state;
pub mod quiz;
pub mod recovery;
pub mod run;
pub mod session;
pub mod settings;
mod slides;
pub mod state;
pub mod tour;
pub mod views;
pub mod visible;
pub mod web;
pub mod words;
pub mod world;

use crate::cli::AppFlags;
use command::Command;
use document::{Document, EditSource};
use files::Files;
use glam::Vec2;
use input::{BodyView, Input};
use modes::{Mode, ModeKind, Modes};
use session::Session;
use state::{Dialogs, Probe, Shell};
use views::Views;

pub use context::{configure, new_context, screen_input};

/// The app, by owner (`let App { .. } = self;` names them all).
pub struct App {
    /// The scene being edited, its history and file.
    pub doc: Document,
    /// The lecture, the mode and step, the options and the pair's traces.
    pub session: Session,
    /// Each mode's own state.
    pub modes: Modes,
    /// The world camera, the canvas gesture and how the views are to be fitted.
    pub view: Views,
    /// What `--print-state` reports: commands carried out, what the last frame showed, times.
    pub probe: Probe,
    /// The dialogs, the banner, the scene's warnings and a slide's load error.
    pub dialogs: Dialogs,
    /// What the window loop does for the app: scale, full screen, screenshots, quitting.
    pub shell: Shell,
    /// Quiz mode (Q): the question asked, the answer given, the lecture's score.
    pub quiz: quiz::Quiz,
    /// The sweep plot (B turned through 360°) and its rows.
    pub sweep: panels::sweep_plot::SweepPlot,
}

impl App {
    /// Carries out commands in order (a gesture's, a test's).
    pub fn apply_all(&mut self, commands: &[Command], now: f64) {
        for c in commands {
            self.apply(c.clone(), now);
        }
    }

    /// Carries out one command: the part of the app that owns it ([`execute::owner`]) changes
    /// its state, then the app does what that part asks of it ([`command::After`], [`execute::Parts::run`]).
    pub fn apply(&mut self, command: Command, now: f64) {
        self.parts().run(command, now);
    }

    /// Runs `op` on the parts that opening, saving and recovering change ([`Files`]), then
    /// does what it asks of the app.
    pub fn files<R>(&mut self, now: f64, op: impl FnOnce(&mut Files<'_>) -> R) -> R {
        self.parts().with_files(now, op)
    }

    /// The parts a command may change, borrowed for one command.
    fn parts(&mut self) -> execute::Parts<'_> {
        execute::Parts {
            doc: &mut self.doc,
            session: &mut self.session,
            modes: &mut self.modes,
            view: &mut self.view,
            dialogs: &mut self.dialogs,
            shell: &mut self.shell,
            quiz: &mut self.quiz,
            commands: &mut self.probe.commands,
        }
    }

    /// Opens the lecture (or file) the flags name, in their mode and at their step.
    pub fn new(flags: &AppFlags) -> Result<App, String> {
        let (doc, session) = files::open_flags(flags)?;
        let mut app = App {
            doc,
            session,
            modes: Modes::default(),
            view: Views::default(),
            probe: Probe::default(),
            dialogs: Dialogs::default(),
            shell: Shell::from_flags(flags),
            quiz: quiz::Quiz::default(),
            sweep: panels::sweep_plot::SweepPlot::default(),
        };
        app.parts().enter_scene(0.0);
        // The tour's stop first; a mode or step named as well wins over it, as in a link.
        let tour = command::flag_commands(flags.quiz, flags.stop, flags.presenter);
        app.apply_all(&tour, 0.0);
        app.set_mode(flags.mode.unwrap_or(app.session.mode));
        app.session.step = flags.step.unwrap_or(app.session.step);
        app.clamp_step();
        Ok(app)
    }

    /// The current mode, read-only.
    pub fn mode(&self) -> &dyn Mode {
        self.modes.get(self.session.mode)
    }

    /// How many steps the current mode's trace has.
    pub fn step_count(&self) -> usize {
        self.mode().step_count(&self.session.pair)
    }

    /// Keeps the step inside the shown mode's trace ([`execute::Parts::clamp_step`]).
    pub fn clamp_step(&mut self) {
        self.parts().clamp_step();
    }

    /// Switches mode ([`execute::Parts::set_mode`]).
    pub fn set_mode(&mut self, m: ModeKind) {
        self.parts().set_mode(m);
    }

    /// One frame's egui work: canvas input, recompute, panels and their commands, canvas
    /// drawing. `input` is the frame's pointer state; `keys` are key events egui's backend does
    /// not report (F1, F12, the keypad), handled like egui's own.
    pub fn frame(&mut self, ctx: &egui::Context, now: f64, mut input: Input, keys: &[egui::Event]) {
        // 0. Jitter turns B every frame: recomputed before anything shows the pair, so the
        // panels and the canvas describe the same pose.
        if self.session.options.jitter {
            self.parts().recompute(now);
        }
        // The scale, the theme and palette, and whether numbers are shown exactly.
        self.shell.apply(ctx);
        // Whether a text field or a question has the keys is read before anything this frame:
        // the Enter that ends a field's typing is the field's, not a command.
        let keys_free = self.dialogs.keys_free(ctx);

        // 1. Canvas input, before the panels are drawn: a gesture's commands are carried out
        // (and the pair recomputed) first, so the panels and the canvas show the same pair in
        // the same frame. Whether the pointer is over a panel is read from the last frame's
        // layout (the panels have not taken their room yet in this one).
        input.over_ui = input.over_ui || self.view.pointer_over_ui(ctx);
        self.canvas_input(input, now);
        // The mode records the pair as the panels are about to show it (the manifold mode's id
        // history): its strip and count show this frame's ids, not the last frame's.
        self.modes
            .get_mut(self.session.mode)
            .observe(&self.session.pair);

        // 2. The panels, from the pair as it is now; then the keys (unless a text field has
        // them or a question waits for its answer: its dialog reads its own keys); then every
        // command, in order.
        let mut commands = panels::frame::Panels {
            doc: &self.doc,
            session: &self.session,
            modes: &mut self.modes,
            views: &self.view,
            dialogs: &mut self.dialogs,
            shell: &self.shell,
            quiz: &self.quiz,
            sweep: &mut self.sweep,
            probe: &mut self.probe,
        }
        .show(ctx);
        if keys_free && self.dialogs.keys_free(ctx) {
            commands.extend(ctx.input(|i| command::key_commands(&i.events)));
            commands.extend(command::key_commands(keys));
        }
        for c in commands {
            self.apply(c, now);
        }
        // A panel edit (a drag value, a slider) ends when egui lets go of the pointer.
        if !ctx.is_using_pointer() {
            self.doc.end(EditSource::Panel);
        }
        // The canvas takes the room the panels left (for the mode the commands chose).
        let split = self.mode().split();
        self.view.layout(ctx, split, &self.session.pair);

        // 3. Per-frame bookkeeping: the banner's timeout.
        self.dialogs.expire_banner(now);

        // 4. The world: fitted to the views first where that was asked for, then drawn.
        let world = |views: &Views, dry: bool| {
            world::WorldView {
                doc: &self.doc,
                session: &self.session,
                modes: &self.modes,
                views,
                quiz: &self.quiz,
                dialogs: &self.dialogs,
                shell: &self.shell,
                bodies: views::body_views(self.doc.scene(), &self.session.pair),
            }
            .draw(ctx, dry)
        };
        self.view.fit_views(|views| world(views, true));
        self.probe.drawn = world(&self.view, false);
    }

    /// The canvas's input for this frame ([`canvas_input`]), carried out; then a playing mode
    /// moves on with the clock.
    fn canvas_input(&mut self, input: Input, now: f64) {
        let commands = canvas_input::CanvasInput {
            scene: self.doc.scene(),
            session: &self.session,
            quiz: &self.quiz,
            modes: &mut self.modes,
            views: &mut self.view,
            slide_error: self.dialogs.slide_error.is_some(),
            locks: self.shell.locks.as_ref(),
        }
        .commands(input);
        self.apply_all(&commands, now);
        self.advance_mode(now);
    }

    /// Moves a playing mode on to the clock `now` (seconds), and has it follow the step.
    pub fn advance_mode(&mut self, now: f64) {
        self.parts().advance(now);
    }

    /// The bodies as the gestures see them.
    pub fn body_views(&self) -> [BodyView<'_>; 2] {
        views::body_views(self.doc.scene(), &self.session.pair)
    }

    /// A world-space body centre: the point it turns about (see [`BodyView::centroid`]).
    pub fn body_centre(&self, i: usize) -> Vec2 {
        self.body_views()[i.min(1)].centre()
    }

    /// The `--print-state` JSON line ([`print_state`]).
    pub fn state_json(&self) -> String {
        print_state::PrintState {
            doc: &self.doc,
            session: &self.session,
            modes: &self.modes,
            views: &self.view,
            probe: &self.probe,
            dialogs: &self.dialogs,
            shell: &self.shell,
            quiz: &self.quiz,
            bodies: self.body_views(),
        }
        .line()
    }
}
