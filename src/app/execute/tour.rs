//! Carrying a tour command out: the stop's poses and camera glide there (or jump, when a
//! scene opens at a stop), its mode and step are shown, its question is asked, its play runs
//! and pauses itself. And each frame's share of that: the glide, the pause.

use super::Parts;
use crate::app::command::{After, Command, StepTo, TourTo};
use crate::app::document::Document;
use crate::app::modes::{ModeKind, Modes};
use crate::app::quiz::Quiz;
use crate::app::session::Session;
use crate::app::tour::{Glide, Shown, shown_at};
use crate::app::views::Views;
use crate::scene::{Pose, Scene};

impl<'a> Parts<'a> {
    /// A scene was entered: its first question when the quiz is on, its tour's first stop.
    pub fn entered(self, now: f64) -> Vec<After> {
        let mut after = Vec::new();
        if self.quiz.enter_scene(&self.session.lecture) {
            let show = self
                .quiz
                .show_question(self.doc.scene(), &self.session.pair);
            after.extend(show.into_iter().map(After::Do));
        }
        if self.session.tour.stop.is_some() {
            after.extend(self.guide().go(TourTo::At(0), now, false));
        }
        after
    }

    /// The parts a tour command changes.
    pub fn guide(self) -> Guide<'a> {
        Guide {
            doc: self.doc,
            session: self.session,
            modes: self.modes,
            view: self.view,
            quiz: self.quiz,
        }
    }
}

/// The parts a tour command changes, borrowed for one command.
pub struct Guide<'a> {
    /// The scene (its poses are shown, not edited: no undo step, not "modified").
    pub doc: &'a mut Document,
    /// The tour's state, the mode and step.
    pub session: &'a mut Session,
    /// The playing mode's player (a stop's `play`).
    pub modes: &'a mut Modes,
    /// The world camera.
    pub view: &'a mut Views,
    /// The stop's question (`ask`).
    pub quiz: &'a mut Quiz,
}

impl Guide<'_> {
    /// Goes to the stop `to` names. `glide`: the camera and poses move there over
    /// [`crate::app::tour::GLIDE_SECONDS`] and a `play` plays (a stop reached by a key, a button, a host
    /// page); otherwise they are there at once (a scene opened at a stop).
    pub fn go(self, to: TourTo, now: f64, glide: bool) -> Vec<After> {
        let scene = self.doc.scene();
        let of = scene.tour.len();
        let Some(k) = self.session.tour.target(to, of) else {
            return Vec::new();
        };
        let shown = shown_at(self.doc.saved(), &scene.tour, k);
        let stop = scene.tour[k].clone();
        let tour = &mut self.session.tour;
        tour.stop = Some(k);
        tour.of = of;
        tour.waiting = stop.wait;
        tour.pause_at = None;
        tour.glide = None;
        let mut after = Vec::new();
        let poses = [scene.a.pose(), scene.b.pose()];
        // The camera glides within a mode; a new mode's picture is another figure, whose
        // camera is put where the stop says at once (`show`'s view).
        let camera = shown
            .view
            .filter(|_| shown.mode == self.session.mode)
            .map(|v| {
                let from = (self.view.cam.center, self.view.cam.zoom);
                (from, (v.center, v.zoom))
            });
        if glide && (poses != shown.poses || camera.is_some_and(|(a, b)| a != b)) {
            self.session.tour.glide = Some(Glide {
                start: now,
                camera,
                poses: (poses != shown.poses).then_some((poses, shown.poses)),
            });
        } else if poses != shown.poses {
            show_poses(self.doc, shown.poses);
            after.push(After::Changed);
        }
        after.extend(self.show(&shown, &stop, glide));
        after
    }

    /// The mode, step, camera, question and play of `shown` (the stop `stop`).
    fn show(self, shown: &Shown, stop: &crate::scene::Stop, glide: bool) -> Vec<After> {
        // The new step's picture is kept in view, as a step by a key keeps it (a new mode
        // then fits its own view over this).
        self.view.keep_in_view();
        let mut after = vec![After::Mode(shown.mode), After::Step(shown.step)];
        // (A camera that glides there is put there by the glide's end.)
        let gliding = self
            .session
            .tour
            .glide
            .as_ref()
            .is_some_and(|g| g.camera.is_some());
        if let Some(v) = shown.view.filter(|_| !gliding) {
            after.push(After::Do(Command::ShowView(v)));
        }
        self.quiz.tour_ask = stop.ask.clone();
        if stop.ask.is_some() {
            let scene = self.doc.scene();
            after.extend(
                self.quiz
                    .show_question(scene, &self.session.pair)
                    .into_iter()
                    .map(After::Do),
            );
        }
        if let (Some(seconds), ModeKind::Simulate) = (shown.play, shown.mode) {
            let per_second = self
                .modes
                .get_mut(ModeKind::Simulate)
                .player()
                .map_or(60.0, |p| p.steps_per_second());
            let end = (f64::from(seconds) * per_second).round() as usize;
            if glide {
                // Played from the start, paused by `advance` at the end (a run the student
                // set playing before going on plays on from the start: play, not a toggle).
                self.session.tour.pause_at = Some(end);
                after.push(After::Step(0));
                let playing = self
                    .modes
                    .get_mut(ModeKind::Simulate)
                    .player()
                    .is_some_and(|p| p.playing());
                if !playing {
                    after.push(After::Do(Command::PlayPause));
                }
            } else {
                after.push(After::Step(end));
            }
        }
        after
    }

    /// One frame at the clock `now`: the glide moves on, a stop's play pauses at its end, a
    /// playing mode moves on (and the views keep its picture in view when it stops computing).
    pub fn advance(self, now: f64) -> Vec<After> {
        let mut after = Vec::new();
        if let Some(glide) = self.session.tour.glide.clone() {
            let t = glide.progress(now);
            if let Some(poses) = glide.poses_at(t) {
                show_poses(self.doc, poses);
                after.push(After::Changed);
            }
            if let Some((center, zoom)) = glide.camera_at(t) {
                self.view.cam.center = center;
                self.view.cam.zoom = zoom;
                self.view.frame_pending = false;
            }
            if t >= 1.0 {
                self.session.tour.glide = None;
                if let Some(((_, _), (center, zoom))) = glide.camera {
                    let v = crate::scene::View { center, zoom };
                    after.push(After::Do(Command::ShowView(v)));
                }
                // The stop's step was clamped to the trace of the poses the glide started
                // from (a pair apart has fewer steps than one touching): shown again now that
                // the poses are there, as a stop opened at once shows it.
                if glide.poses.is_some()
                    && let Some(k) = self.session.tour.stop
                {
                    let shown = shown_at(self.doc.saved(), &self.doc.scene().tour, k);
                    if shown.play.is_none() && shown.mode == self.session.mode {
                        after.push(After::Step(shown.step));
                    }
                }
            }
        }
        let mode = self.session.mode;
        if self.modes.advance(mode, &mut self.session.step, now) {
            self.view.keep_in_view();
        }
        if let Some(end) = self.session.tour.pause_at
            && self.session.step >= end
        {
            self.session.tour.pause_at = None;
            if let Some(player) = self.modes.get_mut(mode).player()
                && player.busy()
            {
                player.toggle(&mut self.session.step);
            }
            after.push(After::Do(Command::Step(StepTo::At(end))));
        }
        after
    }
}

/// Puts A and B at `poses`, as a tour shows them (not an edit of the scene).
fn show_poses(doc: &mut Document, poses: [Pose; 2]) {
    doc.show(|s: &mut Scene| {
        for (body, p) in [&mut s.a, &mut s.b].into_iter().zip(poses) {
            body.position = p.position;
            body.angle_deg = p.angle_deg;
        }
    });
}

impl Guide<'_> {
    /// Carries out a tour command ([`Owner::Tour`](crate::app::execute::Owner::Tour)).
    pub fn command(self, command: Command, now: f64) -> Vec<After> {
        let of = self.doc.scene().tour.len();
        match command {
            // A stop chosen by number (a dot, a link, a host page) is shown at once; the next
            // and the previous glide there.
            Command::Tour(to) => self.go(to, now, !matches!(to, TourTo::At(_))),
            Command::Onward => match self.session.tour.target(TourTo::Next, of) {
                Some(_) => self.go(TourTo::Next, now, true),
                None => vec![After::Do(Command::NextScene)],
            },
            Command::Backward => match self.session.tour.target(TourTo::Previous, of) {
                Some(_) => self.go(TourTo::Previous, now, true),
                None => vec![After::Do(Command::PreviousScene)],
            },
            Command::TourClick(hit) => {
                if self.session.tour.clicked(hit) {
                    self.go(TourTo::Next, now, true)
                } else {
                    Vec::new()
                }
            }
            Command::TogglePresenter => {
                self.session.tour.presenter = !self.session.tour.presenter;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }
}
