//! Where two runs part: the first step at which one scene's contacts under two variants differ
//! (`narrowphase-lab simulate --diff`).
//!
//! 1. Step both worlds, one step at a time, from the same start.
//! 2. After each step, compare each body pair's points in order: how many there are, and each
//!    point's verdict (persisted or new). The first pair that differs names the step.
//! 3. Positions are not compared: the runs differ in their bodies' poses from the first
//!    different impulse on, and what the lab asks is when the *contacts* part.

use super::contact::PairContacts;
use super::run::Lab;
use super::world::World;
use serde::Serialize;

/// What differs between two runs' contacts of one body pair, as data (the words are made
/// from it: [`Difference::why`] for `--diff`, [`Parting::between`] for the app).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The pair touches in one run only: true when it is the full run.
    Touching(bool),
    /// Different numbers of points: the full run's, then the other's.
    Points(usize, usize),
    /// Point `k` (in order) has a different verdict: true when the full run's persisted (the
    /// other's is then new), false when the full run's is new.
    Verdict(usize, bool),
}

/// A point's verdict in words.
fn verdict(persisted: bool) -> &'static str {
    if persisted { "persisted" } else { "new" }
}

impl Difference {
    /// `--diff`'s `why`: `"points 2 vs 1"`, `"point 1 persisted vs new"`, `"touching vs
    /// apart"` (the full run first).
    pub fn why(self) -> String {
        match self {
            Difference::Touching(true) => "touching vs apart".to_string(),
            Difference::Touching(false) => "apart vs touching".to_string(),
            Difference::Points(a, b) => format!("points {a} vs {b}"),
            Difference::Verdict(k, p) => format!("point {k} {} vs {}", verdict(p), verdict(!p)),
        }
    }
}

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
    /// The same, as data.
    #[serde(skip)]
    pub difference: Difference,
}

impl Parting {
    /// What differs, the two runs named: `"point 0 persisted in the full run, new in ghost
    /// 1"`, `"2 points in the full run, 1 in ghost 1"`, `"touching in the full run, apart in
    /// ghost 1"`.
    pub fn between(&self, full: &str, other: &str) -> String {
        match self.difference {
            Difference::Touching(t) => {
                let word = |t: bool| if t { "touching" } else { "apart" };
                format!("{} in {full}, {} in {other}", word(t), word(!t))
            }
            Difference::Points(a, b) => {
                let points = if a == 1 { "point" } else { "points" };
                format!("{a} {points} in {full}, {b} in {other}")
            }
            Difference::Verdict(k, p) => format!(
                "point {k} {} in {full}, {} in {other}",
                verdict(p),
                verdict(!p)
            ),
        }
    }
}

/// Steps `full` and `other` side by side for up to `steps` steps and returns the first step at
/// which their contacts differ, `None` when they never do.
pub fn first_parting(full: &mut World, other: &mut World, steps: usize) -> Option<Parting> {
    for _ in 0..steps {
        full.step();
        other.step();
        if let Some((bodies, difference)) = difference(full, other) {
            return Some(Parting {
                step: full.steps(),
                time: full.time(),
                bodies,
                why: difference.why(),
                difference,
            });
        }
    }
    None
}

impl Lab {
    /// Where compare run `k` parts from the full run: both replayed side by side from their
    /// start for the run's `seconds` (the lab itself is not moved). None when they never part
    /// or there is no run `k` (or `k` is the full run).
    pub fn parting(&self, k: usize) -> Option<Parting> {
        let other = self.runs.get(k).filter(|_| k > 0)?;
        let mut full = self.runs[0].start().clone();
        let mut other = other.start().clone();
        let s = full.settings();
        let steps = s.steps_for(s.seconds);
        first_parting(&mut full, &mut other, steps)
    }
}

/// The first body pair (in pair order) whose points differ in number or verdict, and how.
pub fn contacts_differ(a: &World, b: &World) -> Option<([usize; 2], String)> {
    difference(a, b).map(|(bodies, d)| (bodies, d.why()))
}

/// The first body pair (in pair order) whose points differ, and what differs.
fn difference(a: &World, b: &World) -> Option<([usize; 2], Difference)> {
    let n = a.bodies().len().min(b.bodies().len());
    for i in 0..n {
        for j in i + 1..n {
            let (pa, pb) = (a.pair(i, j), b.pair(i, j));
            let why = match (pa, pb) {
                (None, None) => None,
                (Some(_), None) => Some(Difference::Touching(true)),
                (None, Some(_)) => Some(Difference::Touching(false)),
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
fn points_differ(x: &PairContacts, y: &PairContacts) -> Option<Difference> {
    let (px, py): (Vec<bool>, Vec<bool>) = (
        x.points().map(|p| p.persisted).collect(),
        y.points().map(|p| p.persisted).collect(),
    );
    if px.len() != py.len() {
        return Some(Difference::Points(px.len(), py.len()));
    }
    px.iter()
        .zip(&py)
        .position(|(u, v)| u != v)
        .map(|k| Difference::Verdict(k, px[k]))
}
