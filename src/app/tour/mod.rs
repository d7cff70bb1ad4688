//! Playing a scene's tour (DESIGN.md, "Scene file" `tour`; "Interaction map", tours): which stop
//! is shown, what the stops up to it set, and whether its `wait` is done.
//!
//! A stop sets exactly what it names; what it does not name is what the stops before it (or,
//! before the first, the scene as saved) left. So stop `k` looks the same whether it was
//! reached by `N` from the stop before, by `P` from the stop after, or by `&stop=k`: the
//! student may drag at any stop, and the next stop puts things back.

pub mod presenter;

use super::command::Command;
pub use super::command::TourTo;
use crate::scene::questions::Which;
use crate::scene::{Mode, Pose, Scene, Stop, View, Wait};

/// How long a camera and pose glide between stops takes, in seconds.
pub const GLIDE_SECONDS: f64 = 0.45;

/// What the tour shows at a stop: every stop up to it applied in order over the scene as saved.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The mode.
    pub mode: Mode,
    /// The step (the app clamps it to the mode's trace).
    pub step: usize,
    /// The camera, when a stop names one (or the scene's own, before the first stop that does).
    pub view: Option<View>,
    /// A's and B's poses.
    pub poses: [Pose; 2],
    /// Seconds the simulation plays at this stop before it pauses (this stop's own `play`).
    pub play: Option<f32>,
}

/// What the stops up to `k` of `tour` set, over `base` (the scene as saved).
pub fn shown_at(base: &Scene, tour: &[Stop], k: usize) -> Shown {
    let pose = crate::scene::Body::pose;
    // The camera: the last a stop names; before the first such stop, the scene's own view
    // (so `P` brings it back), and none at all when no stop names one (framing keeps every
    // picture in view, as it does without a tour).
    let names_a_view = tour.iter().any(|s| s.view.is_some());
    let mut shown = Shown {
        mode: base.mode,
        step: base.step,
        view: base.view.filter(|_| names_a_view),
        poses: [pose(&base.a), pose(&base.b)],
        play: None,
    };
    for stop in tour.iter().take(k.saturating_add(1)) {
        if let Some(m) = stop.mode {
            if m != shown.mode {
                shown.step = 0;
            }
            shown.mode = m;
        }
        if let Some(s) = stop.step {
            shown.step = s;
        }
        shown.view = stop.view.or(shown.view);
        if let Some(p) = stop.pose_a {
            shown.poses[0] = p;
        }
        if let Some(p) = stop.pose_b {
            shown.poses[1] = p;
        }
    }
    shown.play = tour.get(k).and_then(|s| s.play);
    shown
}

/// A camera and pose glide under way, from where things were to where the stop puts them.
#[derive(Clone, Debug, PartialEq)]
pub struct Glide {
    /// When it started (the app's clock, seconds).
    pub start: f64,
    /// The camera at the start and at the end (centre, zoom).
    pub camera: Option<((glam::Vec2, f32), (glam::Vec2, f32))>,
    /// The poses at the start and at the end.
    pub poses: Option<([Pose; 2], [Pose; 2])>,
}

impl Glide {
    /// How far along it is at `now`, 0 to 1, eased (slow at both ends).
    pub fn progress(&self, now: f64) -> f32 {
        let t = ((now - self.start) / GLIDE_SECONDS).clamp(0.0, 1.0) as f32;
        t * t * (3.0 - 2.0 * t)
    }

    /// The poses at progress `t`.
    pub fn poses_at(&self, t: f32) -> Option<[Pose; 2]> {
        let (from, to) = self.poses?;
        let mix = |i: usize| Pose {
            position: from[i].position.lerp(to[i].position, t),
            angle_deg: from[i].angle_deg + (to[i].angle_deg - from[i].angle_deg) * t,
        };
        Some([mix(0), mix(1)])
    }

    /// The camera at progress `t` (the zoom eased geometrically, as a zoom feels even).
    pub fn camera_at(&self, t: f32) -> Option<(glam::Vec2, f32)> {
        let ((c0, z0), (c1, z1)) = self.camera?;
        Some((c0.lerp(c1, t), z0 * (z1 / z0).powf(t)))
    }
}

/// The tour's state: the stop shown, its wait, a glide, a play that pauses itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tour {
    /// The stop shown (None: the scene has no tour).
    pub stop: Option<usize>,
    /// How many stops the tour has.
    pub of: usize,
    /// The stop's `wait`, while it is not done.
    pub waiting: Option<Wait>,
    /// The body dragged since the stop was shown (a `Drag` wait is done when its drag ends).
    dragged: Option<Which>,
    /// The camera and poses on their way to the stop.
    pub glide: Option<Glide>,
    /// The step at which a stop's `play` pauses the simulation.
    pub pause_at: Option<usize>,
    /// The presenter's notes are shown (`--presenter`, `&presenter=1`, the panel's toggle).
    pub presenter: bool,
}

impl Tour {
    /// A scene was entered: at its first stop (shown by the app), or no tour.
    pub fn enter_scene(&mut self, scene: &Scene) {
        *self = Tour {
            presenter: self.presenter,
            of: scene.tour.len(),
            stop: (!scene.tour.is_empty()).then_some(0),
            ..Tour::default()
        };
    }

    /// The stop `to` goes to from the stop shown, among `of` stops; None past either end.
    pub fn target(&self, to: TourTo, of: usize) -> Option<usize> {
        if of == 0 {
            return None;
        }
        let here = self.stop.unwrap_or(0);
        match to {
            TourTo::Next => (here + 1 < of).then_some(here + 1),
            TourTo::Previous => here.checked_sub(1),
            TourTo::At(k) => Some(k.min(of - 1)),
        }
    }

    /// The tour's words for the stop shown: `(stop, of, caption)`.
    pub fn caption<'a>(&self, scene: &'a Scene) -> Option<(usize, usize, &'a str)> {
        let k = self.stop?;
        let stop = scene.tour.get(k)?;
        Some((k, scene.tour.len(), stop.caption.as_str()))
    }

    /// What the student still has to do at this stop, in words (None: nothing).
    pub fn waiting_words(&self) -> Option<String> {
        self.waiting.map(wait_words)
    }

    /// Watches a command for the stop's wait. True when the wait is now done (the tour goes
    /// on): a drag of the body named has ended, a key the app obeys was pressed.
    pub fn observe(&mut self, command: &Command) -> bool {
        // A drag during a glide stops the glide where it is: the student has the bodies.
        if matches!(
            command,
            Command::BeginGesture | Command::SetPose(..) | Command::MoveVertex(..)
        ) {
            self.glide = None;
        }
        let Some(wait) = self.waiting else {
            return false;
        };
        let done = match (wait, command) {
            (Wait::Drag(w), Command::SetPose(b, _)) => {
                if w == *b {
                    self.dragged = Some(*b);
                }
                false
            }
            (Wait::Drag(w), Command::EndGesture) => self.dragged == Some(w),
            (Wait::Key, c) => {
                matches!(c, Command::Step(_) | Command::PlayPause | Command::QuizNext)
            }
            _ => false,
        };
        if done {
            self.waiting = None;
        }
        done
    }

    /// A click on the canvas at `hit` (None: not on a contact point; Some(n): on point n) while
    /// the stop waits for one. True when the wait is done.
    pub fn clicked(&mut self, hit: Option<usize>) -> bool {
        let done = match self.waiting {
            Some(Wait::Click(None)) => true,
            Some(Wait::Click(Some(n))) => hit == Some(n),
            _ => false,
        };
        if done {
            self.waiting = None;
        }
        done
    }
}

/// What a stop's `wait` asks of the student, in words.
pub fn wait_words(wait: Wait) -> String {
    match wait {
        Wait::Drag(Which::A) => "drag A to go on".to_string(),
        Wait::Drag(Which::B) => "drag B to go on".to_string(),
        Wait::Click(None) => "click the picture to go on".to_string(),
        Wait::Click(Some(n)) => format!("click contact point {n} to go on"),
        Wait::Key => "press a key (Space, an arrow) to go on".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{BUILTIN, parse};

    fn scene() -> Scene {
        let text = "Scene(title: \"t\", mode: Sat, step: 1,
            a: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)),
            b: Body(shape: Circle(radius: 1.0), position: (3.0, 0.0), angle_deg: 10.0),
            tour: [
                Stop(caption: \"one\"),
                Stop(caption: \"two\", mode: Gjk, pose_b: Pose(position: (1.0, 0.0))),
                Stop(caption: \"three\", step: 4, view: View(center: (0.0, 0.0), zoom: 50.0)),
                Stop(caption: \"four\", mode: Manifold, play: 1.0),
            ])";
        parse(text, "t.ron").expect("reads").scene
    }

    #[test]
    fn a_stop_is_every_stop_up_to_it_over_the_scene_as_saved() {
        let s = scene();
        let at = |k| shown_at(&s, &s.tour, k);
        assert_eq!((at(0).mode, at(0).step), (Mode::Sat, 1));
        assert_eq!(at(0).poses[1].position, glam::Vec2::new(3.0, 0.0));
        assert_eq!(
            (at(1).mode, at(1).step),
            (Mode::Gjk, 0),
            "a new mode starts at 0"
        );
        assert_eq!(at(1).poses[1].position, glam::Vec2::new(1.0, 0.0));
        assert_eq!(
            at(1).poses[1].angle_deg,
            0.0,
            "a pose names its angle (default 0)"
        );
        assert_eq!((at(2).mode, at(2).step), (Mode::Gjk, 4));
        assert_eq!(at(2).poses[1].position, glam::Vec2::new(1.0, 0.0), "kept");
        assert_eq!(at(2).view.map(|v| v.zoom), Some(50.0));
        assert_eq!(
            (at(3).mode, at(3).step, at(3).play),
            (Mode::Manifold, 0, Some(1.0))
        );
        assert_eq!(at(3).view.map(|v| v.zoom), Some(50.0), "kept");
        assert_eq!(at(2).play, None, "play is the stop's own");
    }

    #[test]
    fn next_and_previous_stop_at_the_ends() {
        let mut t = Tour::default();
        t.enter_scene(&scene());
        assert_eq!((t.stop, t.of), (Some(0), 4));
        assert_eq!(t.target(TourTo::Previous, 4), None);
        assert_eq!(t.target(TourTo::Next, 4), Some(1));
        t.stop = Some(3);
        assert_eq!(t.target(TourTo::Next, 4), None);
        assert_eq!(t.target(TourTo::At(99), 4), Some(3));
        let plain = BUILTIN
            .first()
            .map(|(_, text)| parse(text, "x").unwrap().scene);
        let mut p = plain.expect("a built-in scene");
        p.tour.clear();
        t.enter_scene(&p);
        assert_eq!((t.stop, t.target(TourTo::Next, 0)), (None, None));
    }

    #[test]
    fn a_drag_wait_is_done_when_the_drag_of_its_body_ends() {
        let mut t = Tour {
            waiting: Some(Wait::Drag(Which::B)),
            ..Tour::default()
        };
        let pose = crate::app::command::Pose {
            position: glam::Vec2::ZERO,
            angle_deg: 0.0,
        };
        assert!(!t.observe(&Command::SetPose(Which::A, pose)));
        assert!(!t.observe(&Command::EndGesture), "A was dragged, not B");
        assert!(!t.observe(&Command::SetPose(Which::B, pose)));
        assert!(t.observe(&Command::EndGesture));
        assert_eq!(t.waiting, None);
        let mut c = Tour {
            waiting: Some(Wait::Click(Some(1))),
            ..Tour::default()
        };
        assert!(!c.clicked(Some(0)) && !c.clicked(None));
        assert!(c.clicked(Some(1)));
    }

    #[test]
    fn a_drag_stops_a_glide() {
        let mut t = Tour {
            glide: Some(Glide {
                start: 0.0,
                camera: None,
                poses: None,
            }),
            ..Tour::default()
        };
        assert!(!t.observe(&Command::Step(crate::app::command::StepTo::Next)));
        assert!(t.glide.is_some(), "a step leaves it");
        t.observe(&Command::BeginGesture);
        assert_eq!(t.glide, None);
    }
}
