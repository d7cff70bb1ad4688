//! Where two runs part: the first step at which one scene's contacts under two variants differ
//! (`narrowphase-lab simulate --diff`).
//!
//! 1. Step both worlds, one step at a time, from the same start.
//! 2. After each step, compare each body pair's points in order: how many there are, and each
//!    point's verdict (persisted or new). The first pair that differs names the step.
//! 3. Positions are not compared: the runs differ in their bodies' poses from the first
//!    different impulse on, and what the lab asks is when the *contacts* part.

use super::contact::PairContacts;
use super::world::World;
use serde::Serialize;

/// The first step at which two runs' contacts differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parting {
    /// The step (1 after the first step).
    pub step: usize,
    /// Its time, seconds.
    pub time: f64,
    /// The body pair whose contacts differ (world indices, the first lower: 0 is A, 1 is B).
    pub bodies: [usize; 2],
    /// What differs, in a few words: `"points 2 vs 1"`, `"point 1 persisted vs new"`, or
    /// `"touching vs apart"`.
    pub why: String,
}

/// Steps `full` and `other` side by side for up to `steps` steps and returns the first step at
/// which their contacts differ, `None` when they never do.
pub fn first_parting(full: &mut World, other: &mut World, steps: usize) -> Option<Parting> {
    for _ in 0..steps {
        full.step();
        other.step();
        if let Some((bodies, why)) = contacts_differ(full, other) {
            return Some(Parting {
                step: full.steps(),
                time: full.time(),
                bodies,
                why,
            });
        }
    }
    None
}

/// The first body pair (in pair order) whose points differ in number or verdict, and how.
pub fn contacts_differ(a: &World, b: &World) -> Option<([usize; 2], String)> {
    let n = a.bodies().len().min(b.bodies().len());
    for i in 0..n {
        for j in i + 1..n {
            let (pa, pb) = (a.pair(i, j), b.pair(i, j));
            let why = match (pa, pb) {
                (None, None) => None,
                (Some(_), None) => Some("touching vs apart".to_string()),
                (None, Some(_)) => Some("apart vs touching".to_string()),
                (Some(x), Some(y)) => points_differ(x, y),
            };
            if let Some(why) = why {
                return Some(([i, j], why));
            }
        }
    }
    None
}

/// How two runs' points of one body pair differ, if they do.
fn points_differ(x: &PairContacts, y: &PairContacts) -> Option<String> {
    let (px, py): (Vec<bool>, Vec<bool>) = (
        x.points().map(|p| p.persisted).collect(),
        y.points().map(|p| p.persisted).collect(),
    );
    if px.len() != py.len() {
        return Some(format!("points {} vs {}", px.len(), py.len()));
    }
    let verdict = |p: bool| if p { "persisted" } else { "new" };
    px.iter()
        .zip(&py)
        .position(|(u, v)| u != v)
        .map(|k| format!("point {k} {} vs {}", verdict(px[k]), verdict(py[k])))
}
