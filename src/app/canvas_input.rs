//! A frame's canvas input, turned into commands: a click on a quiz target, the mode's own
//! input (its second view, its hover), then the shape gestures.

use super::command::Command;
use super::input::{Gesture, Input};
use super::locks::Locks;
use super::modes::Modes;
use super::quiz::{self, Quiz};
use super::session::Session;
use super::views::{self, Views};
use crate::scene::Scene;

/// How near (window pixels) a click must be to a contact point to count as a click on it,
/// for a tour stop's `wait: Click(Point(n))`.
pub const TOUR_CLICK_PX: f32 = 16.0;

/// What the canvas input reads (the scene, the pair, the quiz) and changes (the modes' own
/// input state, the cameras and the gesture), borrowed for one frame.
pub struct CanvasInput<'a> {
    /// The scene shown.
    pub scene: &'a Scene,
    /// The mode shown and the pair.
    pub session: &'a Session,
    /// The quiz (its targets take clicks first).
    pub quiz: &'a Quiz,
    /// Every mode (the shown one sees the input).
    pub modes: &'a mut Modes,
    /// The cameras and the gesture in progress.
    pub views: &'a mut Views,
    /// The slide is a file's load error: its shapes are not shown, so no gesture starts.
    pub slide_error: bool,
    /// A figure's locks (`&lock=`): a locked body's gestures are dropped.
    pub locks: Option<&'a Locks>,
}

impl CanvasInput<'_> {
    /// The commands this frame's `input` asks for, in order: a quiz target's answer, the
    /// gestures' edits, a command the mode's input asked for (a Simulate contact opened in the
    /// manifold mode).
    pub fn commands(self, mut input: Input) -> Vec<Command> {
        let mut out = Vec::new();
        if self.slide_error {
            input.over_ui = true;
        }
        // A click on a quiz target answers; no gesture starts from it.
        let pair = &self.session.pair;
        let minkowski = Some(&self.views.second);
        if let Some(c) = quiz::click(
            self.quiz,
            self.scene,
            pair,
            &input,
            &self.views.cam,
            minkowski,
        ) {
            out.push(c);
            input.over_ui = true;
        }
        // A tour stop that waits for a click takes the press (it may also start a drag).
        if let (Some(crate::scene::Wait::Click(_)), Some(at), true, false) = (
            self.session.tour.waiting,
            input.pointer,
            input.pressed[0],
            input.over_ui,
        ) {
            let cam = &self.views.cam;
            let hit = pair
                .traces
                .manifold
                .points()
                .position(|p| cam.to_screen(p.position).distance(at) <= TOUR_CLICK_PX);
            out.push(Command::TourClick(hit));
        }
        let mode = self.modes.get_mut(self.session.mode);
        let views = &mut *self.views;
        let mut asked = Vec::new();
        let mode_used = mode.handle_input(&input, &views.cam, &mut views.second, pair, &mut asked);
        // The mode's own handles (the Continuous mode's end pose) obey a figure's locks too.
        let locks = self.locks;
        out.extend(
            asked
                .into_iter()
                .filter(|c| locks.is_none_or(|l| l.allows_gesture(c))),
        );
        if !mode_used || views.interaction.gesture != Gesture::Idle {
            let bodies = views::body_views(self.scene, pair);
            let mut cam = views.cam;
            let gestures = views
                .interaction
                .update(&input, &mut cam, &bodies, views.vertex_edit);
            // A figure's locked body (`&lock=`) stays where it is.
            out.extend(
                gestures
                    .into_iter()
                    .filter(|c| locks.is_none_or(|l| l.allows_gesture(c))),
            );
            // A pan or a zoom by hand: a save then keeps this view.
            views.view_moved |= (cam.center, cam.zoom) != (views.cam.center, views.cam.zoom);
            views.cam = cam;
        }
        out.extend(mode.player().and_then(|p| p.take_command()));
        out
    }
}
