//! What the Continuous mode's steps say: the counter, one sentence per step and its arithmetic,
//! every number a trace field of the library's query ([`crate::scene::continuous`]).

use crate::app::modes::arithmetic::Row;
use crate::app::words::{num, signed};
use crate::geom::SweepState;
use crate::geom::cast::{CastStep, CastStop};
use crate::geom::toi::{RootMethod, SeparationKind, ToiStep};
use crate::scene::continuous::{Continuous, Feature, Method, Steps};

/// The step counter: "Cast 2/4", "TOI 3/12", then "Answer".
pub fn label(c: &Continuous, step: usize) -> String {
    let n = c.step_count();
    if step >= n {
        return "Answer".into();
    }
    let name = match c.method {
        Method::Cast => "Cast",
        Method::Toi => "TOI",
    };
    format!("{name} {}/{n}", step + 1)
}

/// One sentence for `step` (the last step, past the trace, is the answer).
pub fn text(c: &Continuous, step: usize, names: &Names) -> String {
    match &c.steps {
        Steps::Cast(steps) => match steps.get(step) {
            Some(s) => cast_text(s, step, steps.get(step + 1).map(|n| n.t)),
            None => answer(c, names),
        },
        Steps::Toi(steps) => match steps.get(step) {
            Some(s) => toi_text(c, s),
            None => answer(c, names),
        },
    }
}

/// How the bodies' parts are named in the answer (a body of one shape is "A", not "A's part 0").
pub struct Names {
    /// How many parts A and B have.
    pub parts: [usize; 2],
    /// How many core vertices the deciding parts have (1: a circle).
    pub vertices: [usize; 2],
    /// Whether the deciding parts are rounded (a capsule's two vertices are its caps).
    pub round: [bool; 2],
    /// Whether the body is a chain (its parts are segments).
    pub chain: [bool; 2],
}

fn feature(f: Feature, vertices: usize, round: bool) -> String {
    match (f, vertices, round) {
        (_, 1, _) => "circle".into(),
        (Feature::Vertex(i), 2, true) => format!("cap {i}"),
        (Feature::Vertex(i), 2, false) => format!("end {i}"),
        (Feature::Edge(_), 2, _) => "side".into(),
        (Feature::Vertex(i), _, true) => format!("rounded corner {i}"),
        (Feature::Vertex(i), _, false) => format!("vertex {i}"),
        (Feature::Edge(i), _, _) => format!("edge {i}"),
    }
}

/// The answer in words: "Hit at t = 0.4172: B's vertex 2 reaches A's edge 0."
pub fn answer(c: &Continuous, names: &Names) -> String {
    let name = |k: usize, f: Feature| {
        let who = ["A", "B"][k];
        let what = feature(f, names.vertices[k], names.round[k]);
        match c.parts {
            Some(p) if names.chain[k] => match f {
                Feature::Edge(_) => format!("{who}'s segment {}", p[k]),
                Feature::Vertex(i) => format!("{who}'s segment {} at its end {i}", p[k]),
            },
            Some(p) if names.parts[k] > 1 => format!("{who}'s part {} {what}", p[k]),
            _ => format!("{who}'s {what}"),
        }
    };
    let touching = c.touching.map(|[fa, fb]| (name(1, fb), name(0, fa)));
    let stop = if c.slop > 0.0 {
        format!(
            " Like an engine, it stops a slop short of touching: the cores' target distance is {}.",
            num(c.target)
        )
    } else {
        String::new()
    };
    match c.state {
        SweepState::Hit => match touching {
            Some((b, a)) => format!("Hit at t = {}: {b} reaches {a}.{stop}", num(c.t)),
            None => format!("Hit at t = {}.{stop}", num(c.t)),
        },
        SweepState::Overlapped => {
            "Overlapped: the shapes already touch at the start of the motion (t = 0).".into()
        }
        SweepState::Separated if c.parts.is_none() => {
            "Separated: B starts behind every segment of the chain, which it cannot hit from behind."
                .into()
        }
        SweepState::Separated => match c.method {
            Method::Cast => "Separated: B slides past A without touching it.".into(),
            Method::Toi => "Separated: along every axis the time of impact followed, B stays clear to the end. A glancing hit between two clear poses can be missed: one axis at a time sees only its own side.".into(),
        },
        SweepState::Failed => format!(
            "Failed at t = {}: the query gave up (its iteration limits); an engine takes that t.",
            num(c.t)
        ),
    }
}

fn cast_text(s: &CastStep, k: usize, next: Option<f32>) -> String {
    let at = format!(
        "Iteration {}: at t = {} the cores are {} apart",
        k + 1,
        num(s.t),
        num(s.distance)
    );
    match (s.stop, s.advance) {
        (Some(CastStop::Overlapped), _) => format!(
            "{at}, within the target {}: the shapes touch or overlap at the start.",
            num(s.target)
        ),
        (Some(CastStop::Hit), _) => format!(
            "{at}, within the tolerance of the target {}: B hits A here.",
            num(s.target)
        ),
        (Some(CastStop::MovingApart), _) => format!(
            "{at}; B's motion along the normal is {} (not towards A): the distance never falls, so it misses.",
            signed(s.closing)
        ),
        (Some(CastStop::PastEnd), Some(adv)) => format!(
            "{at}; closing at {} along the normal, the safe advance {} would take t past the end of the motion: it misses.",
            num(-s.closing),
            num(adv)
        ),
        (Some(CastStop::IterationCap), _) => format!("{at}: the iteration cap is reached."),
        (_, Some(adv)) => format!(
            "{at}; B closes on A at {} along the normal, so it can advance by (d − target) / closing = {} without passing the target{}.",
            num(-s.closing),
            num(adv),
            next.map_or(String::new(), |t| format!(
                ": the next iterate is at t = {}",
                num(t)
            ))
        ),
        _ => format!("{at}."),
    }
}

fn function_words(kind: SeparationKind, indices: [usize; 2]) -> String {
    match kind {
        SeparationKind::Points => format!(
            "two points (A's vertex {} and B's vertex {}): the axis between them",
            indices[0], indices[1]
        ),
        SeparationKind::FaceA => format!(
            "a face of A (an edge at its vertex {}): its normal, carried with A",
            indices[0]
        ),
        SeparationKind::FaceB => format!(
            "a face of B (an edge at its vertex {}): its normal, carried with B as it turns",
            indices[1]
        ),
    }
}

fn toi_text(c: &Continuous, s: &ToiStep) -> String {
    match s {
        ToiStep::Distance {
            t1,
            distance,
            target,
            stop,
            ..
        } => {
            let at = format!(
                "GJK at t₁ = {}: the cores are {} apart",
                num(*t1),
                num(*distance)
            );
            match stop {
                Some(SweepState::Overlapped) => format!("{at}: they overlap at the start."),
                Some(_) => format!(
                    "{at}, within the tolerance of the target {}: B hits A at t₁.",
                    num(*target)
                ),
                None => format!(
                    "{at} (target {}): a separation function is built from GJK's simplex.",
                    num(*target)
                ),
            }
        }
        ToiStep::Axis { function, .. } => format!(
            "The separation function follows {}.",
            function_words(function.kind, function.indices)
        ),
        ToiStep::Deepest {
            t2,
            indices,
            s2,
            s1,
            push_back,
            stop,
        } => {
            let head = if *push_back > 0 {
                format!("Push back {push_back}: at")
            } else {
                "At".into()
            };
            let at = format!(
                "{head} t₂ = {} the deepest pair along the axis is A's vertex {} and B's vertex {}, s₂ = {}",
                num(*t2),
                indices[0],
                indices[1],
                signed(*s2)
            );
            match (stop, s1) {
                (Some(SweepState::Separated), _) => format!(
                    "{at}, above the target {}: along this axis B stays clear to the end.",
                    num(c.target)
                ),
                (Some(SweepState::Failed), Some(s1)) => format!(
                    "{at}; at t₁ the same pair is {} apart, already under the target: the root finder failed.",
                    signed(*s1)
                ),
                (Some(_), Some(s1)) => format!(
                    "{at}; at t₁ the same pair is {} apart, at the target: B hits A at t₁.",
                    signed(*s1)
                ),
                (None, Some(s1)) => format!(
                    "{at}; at t₁ the same pair is {} apart: s(t) crosses the target {} in [t₁, t₂], where the root finder looks.",
                    signed(*s1),
                    num(c.target)
                ),
                _ => format!("{at}, at the target: t₁ moves to t₂ and GJK measures again."),
            }
        }
        ToiStep::Root {
            method,
            t,
            s,
            bracket,
            found,
        } => {
            let how = match method {
                RootMethod::Bisection => {
                    format!("Bisection: the bracket's middle, t = {}", num(*t))
                }
                RootMethod::FalsePosition => format!(
                    "False position: where the line through the bracket's ends meets the target, t = {}",
                    num(*t)
                ),
            };
            if *found {
                format!(
                    "{how}; s = {}, within the tolerance of the target: t₂ = {} and the deepest pair is looked for again.",
                    signed(*s),
                    num(*t)
                )
            } else {
                format!(
                    "{how}; s = {}, {} the target: the root lies in [{}, {}].",
                    signed(*s),
                    if *s > c.target { "above" } else { "below" },
                    num(bracket[0]),
                    num(bracket[1])
                )
            }
        }
    }
}

fn row(text: String, value: f32) -> Row {
    Row {
        text: format!("{text} = {}", num(value)),
        value: Some(value),
    }
}

/// The arithmetic behind `step`, every number a trace field.
pub fn rows(c: &Continuous, step: usize) -> Vec<Row> {
    let mut out = vec![
        row("target = max(slop, rA + rB − slop)".into(), c.target),
        row("tolerance".into(), c.tolerance),
    ];
    match &c.steps {
        Steps::Cast(steps) => {
            if let Some(s) = steps.get(step) {
                out.push(row("t".into(), s.t));
                out.push(row("d (GJK, the cores)".into(), s.distance));
                out.push(row("closing v · n".into(), s.closing));
                if let Some(adv) = s.advance {
                    out.push(row(
                        format!(
                            "advance (target − d) / (v · n) = ({} − {}) / {}",
                            num(s.target),
                            num(s.distance),
                            signed(s.closing)
                        ),
                        adv,
                    ));
                }
            }
        }
        Steps::Toi(steps) => match steps.get(step) {
            Some(ToiStep::Distance { t1, distance, .. }) => {
                out.push(row("t₁".into(), *t1));
                out.push(row("d (GJK, the cores)".into(), *distance));
            }
            Some(ToiStep::Deepest { t2, s2, s1, .. }) => {
                out.push(row("t₂".into(), *t2));
                out.push(row("s₂ = s(t₂)".into(), *s2));
                if let Some(s1) = s1 {
                    out.push(row("s₁ = s(t₁)".into(), *s1));
                }
            }
            Some(ToiStep::Root { t, s, bracket, .. }) => {
                out.push(row("t".into(), *t));
                out.push(row("s(t)".into(), *s));
                out.push(row("bracket's start".into(), bracket[0]));
                out.push(row("bracket's end".into(), bracket[1]));
            }
            _ => {}
        },
    }
    if step >= c.step_count() {
        out.push(row("t (the answer)".into(), c.t));
    }
    out
}
