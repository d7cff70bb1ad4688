//! The session: the lecture and where we are in it, the mode and its step, the one copy of each
//! option that is not part of the scene, and the pair's traces computed from the document.
//!
//! What belongs to the scene (the bodies, the speculative margin) lives only in the
//! [`Document`](super::document::Document); the session reads it when it recomputes.

use super::modes::{ModeKind, PairOptions};
use super::pair::Traced;
use crate::geom::{ManifoldOptions, SatOptions};
use crate::report::diff::ExpectedDiff;
use crate::scene::{self, Lecture, Scene};

/// The lecture, the place in it, the options and the pair.
#[derive(Debug)]
pub struct Session {
    /// The lecture being walked.
    pub lecture: Lecture,
    /// Index of the current scene in the lecture.
    pub index: usize,
    /// The mode shown. A scene opens in its file's mode; saving writes this one back.
    pub mode: ModeKind,
    /// The step of the current mode (kept inside its trace by [`Session::clamp_step`]).
    pub step: usize,
    /// The options that are not part of the scene.
    pub options: PairOptions,
    /// The pair and its traces (the last valid scene's).
    pub pair: Traced,
    /// The part pair the user chose to look at (A's part, B's part), or None for the library's
    /// choice (the deepest pair, or the closest when apart). Not part of the scene: a new scene
    /// starts at None.
    pub parts: Option<[usize; 2]>,
    /// The scene's tour: the stop shown, its wait, a glide under way.
    pub tour: super::tour::Tour,
    /// Where the pair differs from the scene's `expected` (another engine's answer), computed by
    /// the library with the pair; None when the scene has none.
    pub expected: Option<ExpectedDiff>,
    jitter_sign: f32,
}

impl Session {
    /// A session on scene `index` of `lecture`, whose pair is computed from `scene`.
    pub fn new(lecture: Lecture, index: usize, scene: &Scene) -> Result<Session, String> {
        let v = scene.validate().map_err(|e| e.to_string())?;
        let options = PairOptions::default();
        let pair = Traced::compute(
            scene::Pair {
                options: ManifoldOptions::default(),
                ..v.pair
            },
            SatOptions::default(),
        );
        Ok(Session {
            lecture,
            index,
            mode: scene.mode,
            step: scene.step,
            options,
            pair,
            parts: None,
            tour: super::tour::Tour::default(),
            expected: None,
            jitter_sign: 1.0,
        })
    }

    /// A scene was just loaded: its mode and step, no jitter, the library's part pair, and its
    /// pair (an invalid scene keeps the last good pair; the loader said why).
    pub fn enter_scene(&mut self, scene: &Scene) {
        self.mode = scene.mode;
        self.step = scene.step;
        self.options.jitter = false;
        self.parts = None;
        self.tour.enter_scene(scene);
        let _ = self.recompute(scene);
    }

    /// The name of the current scene in its lecture (its file name).
    pub fn scene_name(&self) -> &str {
        self.lecture
            .scenes
            .get(self.index)
            .map(|s| s.name.as_str())
            .unwrap_or("")
    }

    /// Recomputes every trace from `scene` (with jitter when it is on), showing the part pair
    /// [`Session::parts`] names (clamped to the parts there are). On an invalid scene, keeps the
    /// last good pair and returns the error.
    pub fn recompute(&mut self, scene: &Scene) -> Result<(), String> {
        // Jitter turns all of B (a compound about its own origin).
        let jitter = self.options.jitter.then(|| {
            let turn = 0.001 * self.jitter_sign;
            self.jitter_sign = -self.jitter_sign;
            turn
        });
        self.pair = Traced::of_scene(
            scene,
            self.options.hysteresis,
            self.options.merge_parallel,
            self.parts,
            jitter,
        )?;
        let (pair, traces) = (&self.pair.pair, &self.pair.traces);
        self.expected = (scene.expected.as_ref()).map(|e| ExpectedDiff::compute(e, pair, traces));
        Ok(())
    }

    /// Keeps the step inside a trace of `count` steps.
    pub fn clamp_step(&mut self, count: usize) {
        self.step = self.step.min(count.saturating_sub(1));
    }
}
