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
//! Bodies of several parts (compounds, chains) are queried part pair by part pair and the
//! earliest hit wins; its part pair's steps are printed. A chain's segment is one-sided: B is
//! not queried against a segment its centroid starts behind, and a hit on a segment's back is
//! dropped. The time of impact needs B to be a single shape (a turning compound's parts would
//! each need a sweep of their own); `--cast` takes any B.

use super::EXIT_INVALID;
use crate::geom::cast::parts_slop;
use crate::geom::cast::{CastInput, CastStep, CastStop, PartsCast, cast_in, cast_parts};
use crate::geom::compound::{PlacedPart, parts_frame};
use crate::geom::toi::{RootMethod, SeparationKind, Sweep, ToiStep, time_of_impact};
use crate::geom::toi_parts::toi_parts;
use crate::geom::{SweepState, Transform};
use crate::scene::{self, Scene};
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
    let loaded = match scene::load(&args.scene) {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_INVALID;
        }
    };
    for w in &loaded.warnings {
        let _ = writeln!(err, "{w}");
    }
    let pair = &loaded.pair;
    let (parts, xfs) = match &pair.bodies {
        Some(b) => (b.parts.clone(), b.xfs),
        None => (
            [
                vec![PlacedPart::whole(pair.a)],
                vec![PlacedPart::whole(pair.b)],
            ],
            [pair.xf_a, pair.xf_b],
        ),
    };
    // Two runs: to the moment the shapes touch (no slop: `t` is the first contact, to the
    // resolution f32 gives the pair), and as an engine stops, a slop short of it (Box2D's
    // target separation, under `engine`).
    let run = |slop: f32| {
        if args.cast {
            Ok(cast_json(&loaded.scene, &parts, xfs, slop))
        } else {
            toi_json(&loaded.scene, &parts, xfs, slop)
        }
    };
    let engine_slop = parts_slop(&parts[0], &parts[1]);
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

/// The cast of B's translation (the motion's turn ignored).
fn cast_json(scene: &Scene, parts: &[Vec<PlacedPart>; 2], xfs: [Transform; 2], slop: f32) -> Value {
    let translation = scene.motion_or_default().to - xfs[1].p;
    let Some(PartsCast {
        parts: [i, j],
        output,
    }) = cast_parts(
        &parts[0],
        xfs[0],
        &parts[1],
        xfs[1],
        translation,
        Some(slop),
    )
    else {
        return json!({"state": "separated", "method": "cast", "t": 1.0, "steps": []});
    };
    // The deciding part pair again, traced (the same arithmetic: the same answer).
    let frame = parts_frame(&parts[0][i], xfs[0], &parts[1][j], xfs[1]);
    let mut steps: Vec<CastStep> = Vec::new();
    cast_in(&frame, &CastInput { translation, slop }, &mut steps);
    let o = frame.origin;
    let steps: Vec<Value> = steps
        .iter()
        .map(|s| {
            json!({
                "t": s.t, "pose_b": pose(s.pose_b, o),
                "point_a": v2(s.point_a + o), "point_b": v2(s.point_b + o),
                "normal": s.normal.map(v2), "distance": s.distance, "target": s.target,
                "closing": s.closing, "advance": s.advance,
                "gjk_iterations": s.gjk_iterations, "stop": s.stop.map(cast_stop),
            })
        })
        .collect();
    json!({
        "method": "cast", "state": output.state.name(), "t": output.t,
        "normal": v2(output.normal), "point": v2(output.point),
        "iterations": output.iterations, "target": output.target,
        "tolerance": output.tolerance, "parts": [i, j], "steps": steps,
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

/// The time of impact of B's whole motion against each part of A; the earliest hit.
fn toi_json(
    scene: &Scene,
    parts: &[Vec<PlacedPart>; 2],
    xfs: [Transform; 2],
    slop: f32,
) -> Result<Value, String> {
    let [b_part] = parts[1].as_slice() else {
        return Err("the time of impact needs B to be a single shape; use --cast".into());
    };
    let motion = scene.motion_or_default();
    let a1 = scene.b.angle_deg;
    let a2 = motion.angle_deg.unwrap_or(a1);
    let sweep = Sweep::between(
        &b_part.shape,
        xfs[1].p,
        a1.to_radians(),
        motion.to,
        a2.to_radians(),
    );
    let best = toi_parts(&parts[0], xfs[0], &b_part.shape, &sweep, slop);
    let Some((i, output)) = best else {
        return Ok(json!({"state": "separated", "method": "toi", "t": 1.0, "steps": []}));
    };
    let xf_a = xfs[0].compose(parts[0][i].xf);
    let mut steps: Vec<ToiStep> = Vec::new();
    time_of_impact(
        &parts[0][i].shape,
        xf_a,
        &b_part.shape,
        &sweep,
        slop,
        &mut steps,
    );
    let o = xf_a.p;
    let state = |s: Option<SweepState>| s.map(SweepState::name);
    let steps: Vec<Value> = steps
        .iter()
        .map(|s| match s {
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
        })
        .collect();
    Ok(json!({
        "method": "toi", "state": output.state.name(), "t": output.t,
        "normal": v2(output.normal), "point": v2(output.point),
        "iterations": output.iterations, "push_backs": output.push_backs,
        "root_steps": output.root_steps, "target": output.target,
        "tolerance": output.tolerance, "parts": [i, 0], "steps": steps,
    }))
}
