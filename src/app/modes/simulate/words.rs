//! The Simulate mode's prose: what a variant is in words, what the app calls a body, what the
//! student is looking at, and the note (or refusal) of a click that opens a pair.

use super::state::SimulateMode;
use crate::app::command::Command;
use crate::app::words::{count, num};
use crate::scene::{Ids, Points, Reference, Variant};
use crate::sim::World;

/// The variant in a few words ("one point in the middle", "hysteresis off").
pub fn variant_words(v: &Variant) -> String {
    let mut w = Vec::new();
    match v.points {
        Points::All => {}
        Points::Deepest => w.push("only the deepest point"),
        Points::Middle => w.push("one point in the middle"),
    }
    match (v.reference, v.hysteresis) {
        (Some(Reference::Plain), _) | (None, false) => w.push("hysteresis off"),
        (Some(Reference::Sticky), _) => w.push("sticky reference face"),
        _ => {}
    }
    match v.ids {
        Ids::Reference => {}
        Ids::Vertices => w.push("vertex-pair ids"),
        Ids::Nearest => w.push("nearest-point matching"),
    }
    if !v.part_bits {
        w.push("part bits off");
    }
    if !v.warm_start {
        w.push("warm starting off");
    }
    if !v.smooth {
        w.push("smooth off");
    }
    if !v.speculative {
        w.push("no speculative margin");
    }
    if v.continuous {
        w.push("continuous");
    }
    if w.is_empty() {
        "the full manifold".to_string()
    } else {
        w.join(", ")
    }
}

/// What the app calls the simulation's body `i` (world index: 0 A, 1 B, then `sim.bodies`):
/// "A", "B", then "body N" numbered as `simulate`'s CSV numbers them (B is its body 0, so the
/// first of `sim.bodies` is body 1).
pub fn body_name(i: usize) -> String {
    match i {
        0 => "A".to_string(),
        1 => "B".to_string(),
        n => format!("body {}", n - 1),
    }
}

impl SimulateMode {
    /// The command that opens body pair `bodies` of run `k` in the manifold mode at this
    /// step: the pair's poses the step collided at become the scene's A and B (one undoable
    /// edit), with the run's hysteresis. A pair that cannot be opened as the solver collided
    /// it (a pose beyond what a scene may hold, ±[`MAX_COORDINATE`](crate::geom::limits::MAX_COORDINATE)) is an error saying so:
    /// it is not moved to fit and then called the solver's.
    pub fn open_pair(&self, k: usize, bodies: [usize; 2]) -> Result<Command, String> {
        let (a, b) = self.posed(k, bodies)?;
        let Some(run) = self.lab.as_ref().and_then(|l| l.runs.get(k)) else {
            return Err("that pair is not in this run".to_string());
        };
        let w = run.world();
        let v = w.variant();
        let received = w
            .pair(bodies[0], bodies[1])
            .map_or(0, |p| p.points().count());
        let mut note = format!(
            "step {} of the {} run: {} and {} as the solver collided them ({}, {} received)",
            w.steps(),
            if k == 0 { "full" } else { "compare" },
            body_name(bodies[0]),
            body_name(bodies[1]),
            variant_words(v),
            count(received, "point", "points"),
        );
        match v.points {
            Points::Middle => note += "; the solver got one point at the middle of these",
            Points::Deepest => note += "; the solver got only the deepest of these",
            Points::All => {}
        }
        if bodies != [0, 1] {
            note += &format!(
                "; A is now {}, B {}",
                body_name(bodies[0]),
                body_name(bodies[1])
            );
        }
        note += " — 4 returns to the same run at this step (Ctrl+Z puts the scene's own pair back)";
        Ok(Command::OpenPair {
            bodies: Box::new((a, b)),
            hysteresis: v.reference_rule() != Reference::Plain,
            note,
        })
    }

    /// What the student is looking at, measured from the runs now.
    pub fn words(&self) -> String {
        let Some(lab) = &self.lab else {
            return format!(
                "This scene cannot be simulated: {}",
                self.error.as_deref().unwrap_or("unknown")
            );
        };
        let full = lab.runs[0].world();
        let s = full.stats();
        let top = self.top;
        let body = |w: &World| w.bodies().get(top).cloned();
        let notice = self
            .notice
            .as_ref()
            .map(|n| format!("Not opened: {n}. "))
            .unwrap_or_default()
            + &self
                .progress()
                .map(|(at, to)| {
                    format!("Computing the run on the way to step {to} (now at {at}): what follows is step {at}. ")
                })
                .unwrap_or_default();
        let mut out = notice
            + &format!(
                "Step {}, t = {} s. The full run's solver received {} ({} persisted, {} new, {} speculative).",
                full.steps(),
                num(full.time() as f32),
                count(s.points, "contact point", "contact points"),
                s.persisted,
                s.new,
                s.speculative
            );
        let Some(fb) = body(full) else {
            return out;
        };
        if lab.runs.len() == 1 {
            // "Turns" only while something touches it: in the air it just falls.
            out += &if full.body_contacts(top).0 > 0 {
                format!(
                    " The top body is at height {}, moving at {} m/s and turning at {} rad/s.",
                    num(fb.position().y),
                    num(fb.speed()),
                    num(fb.spin.abs())
                )
            } else {
                format!(
                    " The top body is in the air at height {}, moving at {} m/s.",
                    num(fb.position().y),
                    num(fb.speed())
                )
            };
            out += " This scene has no compare run: add `compare: [Variant(points: Middle)]` to its `sim` to see what a poorer manifold does.";
            return out;
        }
        for (k, run) in lab.runs.iter().enumerate().skip(1) {
            let w = run.world();
            let v = w.variant();
            let Some(gb) = body(w) else { continue };
            let gs = w.stats();
            let ghost = format!("Ghost {k} ({})", variant_words(v));
            let sentence = if v.points != Points::All && gs.points == 0 {
                format!(" {ghost}: in the air, no contact yet: nothing to rock on.")
            } else if v.points != Points::All {
                format!(
                    " {ghost}: with one point the box can only pivot about it, nothing resists the turn, so it rocks: it turns at {} rad/s now, the full run's at {} rad/s (two points: a turn lifts one and the other pushes back).",
                    num(gb.spin.abs()),
                    num(fb.spin.abs())
                )
            } else if v.reference_rule() == Reference::Plain && v.ids == Ids::Reference {
                format!(
                    " {ghost}: without the bias a near-tie can flip the reference face, which renames the points and loses their warm start: {} of its {} contacts persisted this step, the full run's {} of {}; its top body is at height {}, the full run's at {}.",
                    gs.persisted,
                    gs.points,
                    s.persisted,
                    s.points,
                    num(gb.position().y),
                    num(fb.position().y)
                )
            } else if !v.warm_start && fb.position().y - gb.position().y > gb.bounding_radius {
                // Fallen more than its own size below the full run's: it fell, not sank.
                format!(
                    " {ghost}: every step starts from zero impulse, so the iterations cannot build the stack's weight up again in one step: the stack sways and falls; its top body is at height {}, the full run's at {}.",
                    num(gb.position().y),
                    num(fb.position().y)
                )
            } else if !v.warm_start {
                format!(
                    " {ghost}: every step starts from zero impulse, so the iterations must build the stack's weight up again each step and the boxes sink into each other: its top body is at height {}, the full run's at {}.",
                    num(gb.position().y),
                    num(fb.position().y)
                )
            } else if !v.part_bits {
                format!(
                    " {ghost}: two parts' points can share one id and fight over one warm-start slot: {} this step (the full run: {}){}.",
                    count(gs.id_collisions, "id collision", "id collisions"),
                    s.id_collisions,
                    if w.body_contacts(top).0 > 0 {
                        format!(
                            "; its top body turns at {} rad/s, the full run's at {} rad/s",
                            num(gb.spin.abs()),
                            num(fb.spin.abs())
                        )
                    } else {
                        "; its top body is in the air".to_string()
                    }
                )
            } else {
                format!(
                    " {ghost}: its top body is at height {}, the full run's at {}.",
                    num(gb.position().y),
                    num(fb.position().y)
                )
            };
            out += &sentence;
        }
        out
    }
}
