//! What the app does after a command: the [`After`]s a part asked for, carried out in order
//! over the same parts (a scene entered, the pair recomputed, the mode or step changed). The
//! hub ([`App`](crate::app::App)) only lends its parts; everything a command sets off ends here.

use super::Parts;
use crate::app::command::{After, Command};
use crate::app::files::Files;
use crate::app::modes::ModeKind;

impl Parts<'_> {
    /// The same parts, borrowed again (a part's own method takes them by value).
    fn again(&mut self) -> Parts<'_> {
        Parts {
            doc: &mut *self.doc,
            session: &mut *self.session,
            modes: &mut *self.modes,
            view: &mut *self.view,
            dialogs: &mut *self.dialogs,
            shell: &mut *self.shell,
            quiz: &mut *self.quiz,
            commands: &mut *self.commands,
        }
    }

    /// Carries out one command ([`Parts::apply`]: its owner changes its state), then what that
    /// owner asked of the app; a command that is not a gesture's frame is counted.
    pub fn run(&mut self, command: Command, now: f64) {
        if !command.is_gesture() {
            *self.commands += 1;
        }
        let after = self.again().apply(command, now);
        self.follow(after, now);
    }

    /// Runs `op` on the parts that opening, saving and recovering change ([`Files`]), then
    /// does what it asks of the app.
    pub fn with_files<R>(&mut self, now: f64, op: impl FnOnce(&mut Files<'_>) -> R) -> R {
        let mut files = self.again().files();
        let out = op(&mut files);
        let after = files.after;
        self.follow(after, now);
        out
    }

    /// Moves a playing mode on to the clock `now` (seconds) ([`Guide::advance`]), then
    /// follows the step it reached.
    ///
    /// [`Guide::advance`]: super::tour::Guide::advance
    pub fn advance(&mut self, now: f64) {
        let after = self.again().guide().advance(now);
        self.follow(after, now);
    }

    /// Does, in order, what a part asked of the app after a command.
    fn follow(&mut self, after: Vec<After>, now: f64) {
        for a in after {
            match a {
                After::Entered => self.enter_scene(now),
                After::Changed => self.recompute(now),
                After::Clamp => self.clamp_step(),
                After::Mode(m) => self.set_mode(m),
                After::Step(k) => {
                    self.session.step = k;
                    self.clamp_step();
                }
                After::SceneView => self.view.show_scene(self.doc.scene(), self.session.mode),
                After::Keep { mode, step, camera } => {
                    self.view.keep_camera(self.doc.scene().view, camera);
                    self.session.mode = mode;
                    self.session.step = step;
                    self.clamp_step();
                }
                After::Do(c) => self.run(c, now),
            }
        }
    }

    /// Sets up the view, mode, step and options of the scene just loaded.
    pub fn enter_scene(&mut self, now: f64) {
        let scene = self.doc.scene();
        self.session.enter_scene(scene);
        self.view.enter_scene(scene, self.session.mode);
        // The questions about the scene left behind do not carry over to this one.
        self.dialogs.enter_scene(scene);
        self.modes.reset();
        self.clamp_step();
        let after = self.again().entered(now);
        self.follow(after, now);
        self.with_files(now, |f| f.offer_recovery());
    }

    /// The shown mode sees the scene as it is now (a mode that runs on the whole scene,
    /// Simulate, rebuilds its lab only when shown: a drag in another mode costs it nothing),
    /// then the step is kept inside that mode's trace. Every change of scene, mode or step
    /// ends here.
    pub fn clamp_step(&mut self) {
        let mode = self.modes.get_mut(self.session.mode);
        mode.set_scene(self.doc.scene());
        let count = mode.step_count(&self.session.pair);
        self.session.clamp_step(count);
    }

    /// Recomputes the pair from the document; an invalid scene keeps the last good pair and
    /// says why in the banner.
    pub fn recompute(&mut self, now: f64) {
        if let Err(e) = self.session.recompute(self.doc.scene()) {
            self.dialogs.show_error(e, now);
        }
        self.clamp_step();
        self.quiz.fit_draft(&self.session.pair);
    }

    /// Switches mode; a new mode starts at its first step (a player coming back from a look at
    /// its step, see [`Player::resume`](crate::app::modes::mode::Player::resume)), in the
    /// scene's own view.
    pub fn set_mode(&mut self, m: ModeKind) {
        if self.session.mode != m {
            self.session.mode = m;
            self.session.step = 0;
            self.clamp_step();
            // A player left to look at something (a contact opened) comes back to its step.
            if let Some(k) = self.modes.get_mut(m).player().and_then(|p| p.resume()) {
                self.session.step = k;
                self.clamp_step();
            }
            self.view.show_scene(self.doc.scene(), self.session.mode);
        }
    }
}
