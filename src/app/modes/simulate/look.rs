//! The Simulate mode's ways of looking: the pair the status bar and the left panel show (the
//! run's, at its step, never the scene's start pose), a contact opened in the manifold mode as
//! a *look* at the run (the scene it makes is remembered, so coming back with 4, or Ctrl+Z
//! after, leaves the run where it was), and the step to come back to.

use super::state::{Picked, ShownPair, SimulateMode, scene_body};
use super::words::{body_name, variant_words};
use crate::app::command::Command;
use crate::app::modes::mode::PlayedPair;
use crate::app::pair::Traced;
use crate::geom::limits::MAX_COORDINATE;
use crate::scene::{Body, Scene};
use crate::sim::Lab;

/// How many looks (scenes a click on a contact made) the mode remembers: enough for a lecture's
/// worth of clicks, undone and redone.
const LOOKS: usize = 64;

impl ShownPair {
    /// `sim.shown` of `--print-state`: what the status bar and the left panel showed — which
    /// pair (run, bodies, step, caption), its separation and its contact points.
    pub fn json(&self) -> serde_json::Value {
        let (run, bodies, step, _) = self.key;
        let pair = self.shown.pair.as_ref();
        serde_json::json!({
            "run": run,
            "bodies": bodies,
            "step": step,
            "caption": self.shown.caption,
            "separation": pair.map(|p| p.whole.separation),
            "points": pair.map(|p| p.whole.points().count()),
        })
    }
}

impl SimulateMode {
    /// Bodies `bodies` of run `k` at the poses its last step collided them at (the scene's
    /// bodies, moved and turned), or why they cannot be: not in the run, or beyond the
    /// ±[`MAX_COORDINATE`] a scene may hold (they are not moved to fit and then called the
    /// solver's).
    pub(super) fn posed(&self, k: usize, bodies: [usize; 2]) -> Result<(Body, Body), String> {
        let missing = || "that pair is not in this run".to_string();
        let scene = self.scene.as_ref().ok_or_else(missing)?;
        let run = self
            .lab
            .as_ref()
            .and_then(|l| l.runs.get(k))
            .ok_or_else(missing)?;
        let w = run.world();
        let xfs = w.collided_transforms();
        for &i in &bodies {
            let p = xfs.get(i).ok_or_else(missing)?.p;
            if !p.is_finite() || p.abs().max_element() > MAX_COORDINATE {
                return Err(format!(
                    "{} is at ({:.0}, {:.0}) at step {}, beyond the ±{MAX_COORDINATE:e} a scene \
                     can hold: this pair cannot be opened in the manifold mode as the solver \
                     collided it",
                    body_name(i),
                    p.x,
                    p.y,
                    w.steps()
                ));
            }
        }
        let posed = |i: usize| -> Option<Body> {
            let mut b = scene_body(scene, i)?.clone();
            let xf = xfs.get(i)?;
            b.position = xf.p;
            b.angle_deg = xf.q.angle().to_degrees();
            Some(b)
        };
        Ok((
            posed(bodies[0]).ok_or_else(missing)?,
            posed(bodies[1]).ok_or_else(missing)?,
        ))
    }

    /// The scene a click on pair `bodies` of run `k` makes (the run's scene with that pair as A
    /// and B): remembered as a look, so that scene never rebuilds the run; and the step now is
    /// the one 4 comes back to.
    pub(super) fn remember_look(&mut self, k: usize, bodies: [usize; 2]) {
        let (Some(scene), Ok((a, b))) = (self.scene.as_ref(), self.posed(k, bodies)) else {
            return;
        };
        let look = Scene {
            a,
            b,
            ..scene.clone()
        };
        if !self.looks.contains(&look) {
            if self.looks.len() >= LOOKS {
                self.looks.remove(0);
            }
            self.looks.push(look);
        }
        self.resume = self.lab.as_ref().map(crate::sim::Lab::steps);
    }

    /// Opens body pair `bodies` of run `k` at this step (a click on its contact point, or a
    /// parting's button): the command waits in `pending`, the pick is remembered and the scene
    /// it makes is a look. False, with the reason in the words, when it cannot be opened.
    pub(super) fn open(&mut self, k: usize, bodies: [usize; 2]) -> bool {
        let command = match self.open_pair(k, bodies) {
            Ok(command) => command,
            Err(why) => {
                self.pending = None;
                self.notice = Some(why);
                return false;
            }
        };
        self.notice = None;
        let Command::OpenPair { bodies: posed, .. } = &command else {
            return false;
        };
        let received = self
            .lab
            .as_ref()
            .and_then(|l| l.runs.get(k))
            .and_then(|r| r.world().pair(bodies[0], bodies[1]))
            .map_or(0, |p| p.points().count());
        self.picked = Some(Picked {
            run: k,
            bodies,
            step: self.lab.as_ref().map_or(0, Lab::steps),
            poses: [
                (posed.0.position, posed.0.angle_deg),
                (posed.1.position, posed.1.angle_deg),
            ],
            received,
        });
        self.pending = Some(command);
        self.remember_look(k, bodies);
        true
    }

    /// Whether `scene` is the run's own scene or a look at it (a pair a click opened): no
    /// reason to build the run again.
    pub(super) fn is_this_run(&self, scene: &Scene) -> bool {
        self.scene.as_ref() == Some(scene) || self.looks.iter().any(|l| l == scene)
    }

    /// The step to come back to when the mode is shown again after a look (once).
    pub fn resume(&mut self) -> Option<usize> {
        self.resume.take()
    }

    /// The pair the status bar and the left panel show: the last pair picked (its run), else
    /// the full run's A and B, as the run collided them at its step, with part pair `parts`
    /// (None: the deepest). Computed once per step.
    pub fn shown_pair(&mut self, parts: Option<[usize; 2]>) -> Option<&ShownPair> {
        let lab = self.lab.as_ref()?;
        let (k, bodies) = match &self.picked {
            Some(p) if p.run < lab.runs.len() => (p.run, p.bodies),
            _ => (0, [0, 1]),
        };
        let key = (k, bodies, lab.steps(), parts);
        if self.shown.as_ref().map(|s| s.key) != Some(key) {
            let w = lab.runs[k].world();
            let run = if k == 0 {
                "full run".to_string()
            } else {
                format!("ghost {k} ({})", variant_words(w.variant()))
            };
            let caption = format!(
                "step {}, {run}: {} and {}",
                w.steps(),
                body_name(bodies[0]),
                body_name(bodies[1])
            );
            let hysteresis = w.variant().hysteresis;
            let pair = match (self.posed(k, bodies), self.scene.as_ref()) {
                (Ok((a, b)), Some(scene)) => {
                    let look = Scene {
                        a,
                        b,
                        ..scene.clone()
                    };
                    Traced::of_scene(&look, hysteresis, false, parts, None).ok()
                }
                _ => None,
            };
            self.shown = Some(ShownPair {
                shown: PlayedPair { caption, pair },
                key,
            });
        }
        self.shown.as_ref()
    }
}
