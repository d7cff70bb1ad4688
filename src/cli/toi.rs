//! `narrowphase-lab toi SCENE.ron [--cast]`: B's motion (the scene's `motion`) against A, as the
//! time of impact (with rotation) or the shape cast (`--cast`, translation only), printed as
//! one JSON object: `{"state", "t", "normal", "point", "iterations", "steps": [...]}` plus
//! `"method"`, `"target"`, `"tolerance"`, `"parts"` and, for the time of impact, `"push_backs"`
//! and `"root_steps"`. Points are world coordinates; `t` is the fraction of the motion at which
//! the shapes first touch (the query run with no slop: its target is the sum of the radii, its
//! tolerance what f32 resolves for the pair). `"engine"` holds the same query as an engine runs
//! it (Box2D v3's target separation, a slop short of touching): its `slop`, `state`, `t`,
//! `target`, `tolerance` and `iterations`.
//!
//! The query is the library's ([`crate::scene::continuous`], as the Continuous mode asks it):
//! bodies of several parts are queried part pair by part pair and the earliest hit wins; its
//! part pair's steps are printed (a compound B's parts each swept about the body's centroid).

use super::EXIT_INVALID;
use crate::geom::SweepState;
use crate::geom::Transform;
use crate::geom::cast::{CastStep, CastStop};
use crate::geom::toi::{RootMethod, SeparationKind, ToiStep};
use crate::scene::continuous::{Continuous, Method, Steps, continuous, engine_slop};
use clap::Args;
use glam::Vec2;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;

/// What `toi` runs.
#[derive(Clone, Debug, Args, PartialEq)]
pub struct ToiArgs {
    /// The scene file.
    #[arg(value_name = "SCENE.ron")]
    pub scene: PathBuf,
    /// The shape cast (translation only) instead of the time of impact.
    #[arg(long)]
    pub cast: bool,
}

/// `toi SCENE.ron [--cast]`: the JSON on `out`, errors on `err`. Returns the exit code.
pub fn toi(args: &ToiArgs, out: &mut impl Write, err: &mut impl Write) -> i32 {
    let loaded = match crate::scene::load(&args.scene) {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_INVALID;
        }
    };
    for w in &loaded.warnings {
        let _ = writeln!(err, "{w}");
    }
    let method = if args.cast { Method::Cast } else { Method::Toi };
    // Two runs: to the moment the shapes touch (no slop: `t` is the first contact, to the
    // resolution f32 gives the pair), and as an engine stops, a slop short of it (Box2D's
    // target separation, under `engine`).
    let run =
        |slop: f32| continuous(&loaded.scene, &loaded.pair, method, slop).map(|c| to_json(&c));
    let engine_slop = engine_slop(&loaded.pair);
    let json = match (run(0.0), run(engine_slop)) {
        (Ok(mut touch), Ok(engine)) => {
            touch["engine"] = json!({
                "slop": engine_slop, "state": engine["state"], "t": engine["t"],
                "target": engine["target"], "tolerance": engine["tolerance"],
                "iterations": engine["iterations"],
            });
            touch
        }
        (Err(why), _) | (_, Err(why)) => {
            let _ = writeln!(err, "error: {}: {why}", args.scene.display());
            return EXIT_INVALID;
        }
    };
    super::print_json(&json, "the time of impact", out, err)
}

fn v2(v: Vec2) -> Value {
    json!([v.x, v.y])
}

fn pose(xf: Transform, origin: Vec2) -> Value {
    json!({"position": v2(xf.p + origin), "angle_deg": xf.q.angle().to_degrees()})
}

/// The query as `toi` prints it.
fn to_json(c: &Continuous) -> Value {
    let method = c.method.name();
    let Some(parts) = c.parts else {
        return json!({"state": "separated", "method": method, "t": 1.0, "steps": []});
    };
    let o = c.origin;
    let mut json = json!({
        "method": method, "state": c.state.name(), "t": c.t,
        "normal": v2(c.normal), "point": v2(c.point),
        "iterations": c.iterations,
    });
    if c.method == Method::Toi {
        json["push_backs"] = json!(c.push_backs);
        json["root_steps"] = json!(c.root_steps);
    }
    json["target"] = json!(c.target);
    json["tolerance"] = json!(c.tolerance);
    json["parts"] = json!(parts);
    json["steps"] = match &c.steps {
        Steps::Cast(steps) => steps.iter().map(|s| cast_step(s, o)).collect(),
        Steps::Toi(steps) => steps.iter().map(|s| toi_step(s, o)).collect(),
    };
    json
}

fn cast_step(s: &CastStep, o: Vec2) -> Value {
    json!({
        "t": s.t, "pose_b": pose(s.pose_b, o),
        "point_a": v2(s.point_a + o), "point_b": v2(s.point_b + o),
        "normal": s.normal.map(v2), "distance": s.distance, "target": s.target,
        "closing": s.closing, "advance": s.advance,
        "gjk_iterations": s.gjk_iterations, "stop": s.stop.map(cast_stop),
    })
}

fn cast_stop(s: CastStop) -> &'static str {
    match s {
        CastStop::Overlapped => "overlapped",
        CastStop::Hit => "hit",
        CastStop::MovingApart => "moving_apart",
        CastStop::PastEnd => "past_end",
        CastStop::IterationCap => "iteration_cap",
    }
}

fn toi_step(s: &ToiStep, o: Vec2) -> Value {
    let state = |s: Option<SweepState>| s.map(SweepState::name);
    match s {
        ToiStep::Distance {
            t1,
            pose_b,
            points,
            distance,
            target,
            stop,
        } => json!({
            "kind": "distance", "t1": t1, "pose_b": pose(*pose_b, o),
            "point_a": v2(points[0] + o), "point_b": v2(points[1] + o),
            "distance": distance, "target": target, "stop": state(*stop),
        }),
        ToiStep::Axis {
            function,
            world_axis,
        } => json!({
            "kind": "axis",
            "function": match function.kind {
                SeparationKind::Points => "points",
                SeparationKind::FaceA => "face_a",
                SeparationKind::FaceB => "face_b",
            },
            "axis": v2(function.axis), "local_point": v2(function.local_point),
            "world_axis": v2(*world_axis), "indices": function.indices,
        }),
        ToiStep::Deepest {
            t2,
            indices,
            s2,
            s1,
            push_back,
            stop,
        } => json!({
            "kind": "deepest", "t2": t2, "indices": indices, "s2": s2, "s1": s1,
            "push_back": push_back, "stop": state(*stop),
        }),
        ToiStep::Root {
            method,
            t,
            s,
            bracket,
            found,
        } => json!({
            "kind": "root",
            "method": match method {
                RootMethod::Bisection => "bisection",
                RootMethod::FalsePosition => "false_position",
            },
            "t": t, "s": s, "bracket": bracket, "found": found,
        }),
    }
}
