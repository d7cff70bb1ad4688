//! The JSON report of a scene's pair (`narrowphase-lab report SCENE.ron`), as `DESIGN.md`
//! ("Command line") specifies it.
//!
//! Every value comes from one [`PairTraces`] — the same traced calls the app draws — converted
//! to world coordinates: traced points are in the pair frame (world minus A's position), so
//! points get the origin added and SAT intervals get `axis · origin` added. Points of the
//! Minkowski difference `B − A` (GJK simplices, EPA polytopes) and directions are the same in
//! both frames and are printed as traced.
//!
//! Top-level fields describe the whole pair: `overlap` and `separation` come from the GJK/EPA
//! query (the general test for every pair), and so does `normal` unless the manifold's normal is
//! exactly as good (see [`PairTraces::normal`]); for compound bodies, over every part pair (the
//! least separation, and that pair's normal), with `manifolds` listing each part pair's points
//! and `selected_parts` naming the pair the rest describes. `points` (their union) and
//! `algorithm` come from `collide` (the manifold, with
//! the scene's speculative margin); then the detail each mode shows: `sat`, `gjk`, `epa`
//! (`null` when the cores are apart) and `clip` (the manifold's steps). Numbers are `f32`
//! printed in their shortest exact form; `normal` is never null, since the library always
//! falls back to a defined direction (the centre line, then straight up). Last, `expected_diff`
//! (where ours differs from the scene's `expected`, [`diff`]) and `scene`, the scene itself as
//! JSON, which the loader reads back.

use crate::geom::chain::{
    ChainCandidate, ChainStep, End, Joint, NormalClass, Outcome, Reason, Route, Source,
};
use crate::geom::{
    AxisSource, CircleRegion, ClipVertex, Face, FeatureId, FeatureKind, GjkStep, GjkStop,
    IncidentFeature, ManifoldPoint, ManifoldStep, SimplexVertex, VoronoiRegion,
};
use crate::geom::{EpaGuard, EpaStep, SatStep};
use crate::scene::questions::{AxisAnswer, Which};
use crate::scene::{Answer, PairTraces, Scene, answer};
use glam::Vec2;
use serde_json::{Value, json};

pub mod diff;

/// The report of `scene`, whose pair's traces are `traces`.
pub fn report(scene: &Scene, traces: &PairTraces) -> Value {
    let o = traces.origin();
    let q = &traces.query;
    let w = &traces.whole;
    json!({
        "title": scene.title,
        "mode": scene.mode.name(),
        "overlap": w.overlap,
        "separation": num(w.separation),
        "normal": vec(w.normal),
        "points": w.points().map(|(id, p)| point(id, p)).collect::<Vec<_>>(),
        "manifolds": w.manifolds.iter().map(|m| json!({
            "parts": m.parts,
            "normal": vec(m.manifold.normal),
            "points": m.manifold.points().map(|p| point(m.id(p), p)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "selected_parts": w.selected,
        "chain": w.segments.iter().enumerate().map(|(k, v)| {
            let winner = v.rule.winner;
            json!({
                "parts": v.parts,
                "normal": vec(winner.map_or(v.rule.manifold.normal, |c| c.verdict.normal)),
                "points": v.rule.manifold.len(),
                "two_sided_normal": vec(v.two_sided.normal),
                "two_sided_points": v.two_sided.len(),
                "class": match winner {
                    Some(c) => class_id(c.verdict.class),
                    None if v.rule.behind => "behind",
                    None => "apart",
                },
                "reason": winner.map(|c| reason_id(c.verdict.reason)),
                "end": winner.and_then(|c| c.verdict.end).map(end_id),
                "winner": winner.map(chain_candidate),
                "outcome": outcome_id(v.rule.outcome),
                "candidates": w.segment_steps.get(k).map(|steps| steps.iter().filter_map(|s| match s {
                    ManifoldStep::Chain(ChainStep::Candidate(c)) => Some(chain_candidate(*c)),
                    _ => None,
                }).collect::<Vec<_>>()),
                "joints": v.segment.joints.map(joint_id),
                "applied": v.applied,
            })
        }).collect::<Vec<_>>(),
        "questions": scene.questions.iter().map(|q| json!({
            "kind": q.kind,
            "prompt": q.prompt.as_deref().unwrap_or(q.kind.default_prompt()),
            "answer": answer_json(&answer(q, traces)),
        })).collect::<Vec<_>>(),
        "algorithm": traces.manifold_path().name(),
        "speculative_margin": num(scene.speculative_margin),
        "query": {
            "point_a": vec(q.point_a),
            "point_b": vec(q.point_b),
            "core_a": vec(q.core_a),
            "core_b": vec(q.core_b),
            "core_separation": num(q.core_separation),
        },
        "sat": sat(traces),
        "gjk": {
            "steps": traces.gjk_steps.iter().map(|s| gjk_step(s, o)).collect::<Vec<_>>(),
            "distance": num(q.gjk.distance),
            "iterations": q.gjk.iterations,
            "stop": gjk_stop(q.gjk.stop),
            "point_a": vec(q.gjk.point_a + o),
            "point_b": vec(q.gjk.point_b + o),
        },
        "epa": q.epa.map(|e| json!({
            "steps": traces.epa_steps.iter().map(|s| epa_step(s, o)).collect::<Vec<_>>(),
            "depth": num(e.depth),
            "normal": vec(e.normal),
            "iterations": e.iterations,
            "guard": e.guard.map(epa_guard),
        })),
        "clip": clip(traces),
        "expected_diff": scene.expected.as_ref().map(|e| match scene.validate() {
            Ok(v) => diff::expected_diff(e, &v.pair, traces),
            Err(_) => Value::Null,
        }),
        "scene": scene_json(scene),
    })
}

/// The scene as JSON, in the form the loader reads back ([`crate::scene::parse`]): pasted,
/// a report opens the pair it describes.
pub fn scene_json(scene: &Scene) -> Value {
    serde_json::to_value(scene).unwrap_or(Value::Null)
}

/// An `f32` as JSON, in its shortest decimal form (`null` if not finite, which never happens
/// for validated scenes).
fn num(v: f32) -> Value {
    if !v.is_finite() {
        return Value::Null;
    }
    // The shortest decimal that reads back as the same f32, as an f64 (and -0 as 0).
    (v + 0.0)
        .to_string()
        .parse::<f64>()
        .map(Value::from)
        .unwrap_or(Value::Null)
}

/// An answer as DESIGN.md ("Scene file") gives its shape.
fn answer_json(a: &Answer) -> Value {
    let body = |w: Which| if w == Which::A { "a" } else { "b" };
    let axis = |x: &AxisAnswer| match x.source {
        AxisSource::FaceA(i) => json!({ "axis": vec(x.axis), "body": "a", "edge": i }),
        AxisSource::FaceB(j) => json!({ "axis": vec(x.axis), "body": "b", "edge": j }),
        AxisSource::Vertices { a, b } => {
            json!({ "axis": vec(x.axis), "vertices": { "a": a, "b": b } })
        }
    };
    match a {
        Answer::Overlap(o) => json!(o),
        Answer::ContactCount(n) => json!(n),
        Answer::ReferenceFace(f) => {
            f.map_or(Value::Null, |(w, e)| json!({ "body": body(w), "edge": e }))
        }
        Answer::SeparatingAxis(x) => x.as_ref().map_or(Value::Null, axis),
        Answer::NormalAxis(x) => axis(x),
        Answer::GjkClosestFeature {
            step,
            vertices,
            direction,
        } => json!({
            "step": step,
            "feature": match vertices.len() { 1 => "vertex", 2 => "edge", _ => "inside" },
            "vertices": vertices,
            "direction": direction.map(vec),
        }),
        Answer::ClipSurvivors(points) => json!(
            points
                .iter()
                .map(|(p, kept)| json!({ "position": vec(*p), "kept": kept }))
                .collect::<Vec<_>>()
        ),
    }
}

/// A contact point: world position, separation, full id (part bits included), the id in
/// words, and the vertex pair that made it (`[A's, B's]`, the same whichever face is the
/// reference).
fn point(id: u64, p: &ManifoldPoint) -> Value {
    json!({
        "position": vec(p.position),
        "separation": num(p.separation),
        "id": id,
        "feature": feature(&p.id),
        "vertices": p.vertices,
    })
}

fn vec(v: Vec2) -> Value {
    json!([num(v.x), num(v.y)])
}

fn interval(i: [f32; 2], shift: f32) -> Value {
    json!([num(i[0] + shift), num(i[1] + shift)])
}

fn sat(traces: &PairTraces) -> Value {
    let o = traces.sat.origin;
    let mut axes = Vec::new();
    let mut merged = Vec::new();
    for step in &traces.sat_steps {
        match step {
            SatStep::Axis(a) => {
                let shift = crate::geom::ToWorld { origin: o }.shift(a.axis);
                axes.push(json!({
                    "axis": vec(a.axis),
                    "a": interval(a.a, shift),
                    "b": interval(a.b, shift),
                    "gap": num(a.gap),
                    "source": axis_source(a.source),
                    "normal": vec(a.normal_a_to_b()),
                }));
            }
            SatStep::Merged { source, same_as } => {
                merged.push(json!({ "source": axis_source(*source), "same_as": same_as }));
            }
            SatStep::Done(_) => {}
        }
    }
    let out = &traces.sat;
    json!({
        "axes": axes,
        "merged": merged,
        "first_separating": out.first_separating,
        "least_overlap": out.best,
        "separation": num(out.separation),
        "normal": vec(out.normal),
        "overlap": out.overlap(),
    })
}

fn axis_source(s: AxisSource) -> Value {
    match s {
        AxisSource::FaceA(i) => json!({ "face_a": i }),
        AxisSource::FaceB(j) => json!({ "face_b": j }),
        AxisSource::Vertices { a, b } => json!({ "vertices": { "a": a, "b": b } }),
    }
}

fn simplex(vs: &[SimplexVertex], o: Vec2) -> Value {
    json!({
        "points": vs.iter().map(|v| vec(v.w)).collect::<Vec<_>>(),
        "support_a": vs.iter().map(|v| vec(v.w_a + o)).collect::<Vec<_>>(),
        "support_b": vs.iter().map(|v| vec(v.w_b + o)).collect::<Vec<_>>(),
        "weights": vs.iter().map(|v| num(v.weight)).collect::<Vec<_>>(),
    })
}

fn support(v: &SimplexVertex, o: Vec2) -> Value {
    json!({
        "point": vec(v.w),
        "a": vec(v.w_a + o),
        "b": vec(v.w_b + o),
        "index_a": v.index_a,
        "index_b": v.index_b,
    })
}

fn gjk_step(s: &GjkStep, o: Vec2) -> Value {
    let kept = simplex(&s.simplex, o);
    json!({
        "simplex": kept["points"],
        "simplex_detail": kept,
        "simplex_in": s.simplex_in.iter().map(|v| vec(v.w)).collect::<Vec<_>>(),
        "region": region(s.region),
        "closest": vec(s.closest),
        "distance": num(s.distance),
        "direction": s.direction.map(vec),
        "support": s.support.map(|v| support(&v, o)),
        "stop": s.stop.map(gjk_stop),
    })
}

fn region(r: VoronoiRegion) -> Value {
    match r {
        VoronoiRegion::Vertex(i) => json!(format!("vertex {i}")),
        VoronoiRegion::Edge(i, j) => json!(format!("edge {i}-{j}")),
        VoronoiRegion::Interior => json!("interior"),
    }
}

fn gjk_stop(s: GjkStop) -> &'static str {
    match s {
        GjkStop::OriginEnclosed => "origin_enclosed",
        GjkStop::OriginOnSimplex => "origin_on_simplex",
        GjkStop::NoProgress => "no_progress",
        GjkStop::RepeatedSupport => "repeated_support",
        GjkStop::IterationCap => "iteration_cap",
    }
}

fn epa_step(s: &EpaStep, o: Vec2) -> Value {
    json!({
        "polytope": s.polytope.iter().map(|v| vec(v.w)).collect::<Vec<_>>(),
        "closest_edge": s.closest_edge,
        "edge_normal": vec(s.edge_normal),
        "lower_bound": num(s.lower_bound),
        "upper_bound": num(s.upper_bound),
        "support": support(&s.support, o),
        "improvement": num(s.improvement),
        "tolerance": num(s.tolerance),
        "converged": s.converged,
        "guard": s.guard.map(epa_guard),
    })
}

fn epa_guard(g: EpaGuard) -> Value {
    match g {
        EpaGuard::FlatTriangle => json!("flat_triangle"),
        EpaGuard::InvertedWinding { edge } => json!({ "inverted_winding": edge }),
        EpaGuard::IterationCap => json!("iteration_cap"),
    }
}

fn feature(id: &FeatureId) -> Value {
    let kind = match id.kind {
        FeatureKind::Clip => "clip",
        FeatureKind::Corner => "corner",
        FeatureKind::CircleCircle => "circle_circle",
        FeatureKind::CircleFace => "circle_face",
        FeatureKind::CircleVertex => "circle_vertex",
    };
    json!({
        "kind": kind,
        "reference": id.reference,
        "incident": incident(id.incident),
        "flip": id.flip,
    })
}

fn incident(f: IncidentFeature) -> Value {
    match f {
        IncidentFeature::Vertex(v) => json!({ "vertex": v }),
        IncidentFeature::SidePlane(s) => json!({ "side_plane": s }),
    }
}

fn face(f: &Face, o: Vec2) -> Value {
    json!({
        "body": if f.on_b { "b" } else { "a" },
        "edge": f.edge,
        "v1": vec(f.v1 + o),
        "v2": vec(f.v2 + o),
        "normal": vec(f.normal),
    })
}

fn clip_vertices(vs: &[ClipVertex], o: Vec2) -> Value {
    vs.iter()
        .map(|v| json!({ "point": vec(v.point + o), "feature": incident(v.feature) }))
        .collect()
}

fn clip(traces: &PairTraces) -> Value {
    let o = traces.origin();
    let mut reference = Value::Null;
    let mut incident_face = Value::Null;
    let steps: Vec<Value> = traces
        .manifold_steps
        .iter()
        .map(|s| manifold_step(s, o))
        .collect();
    for s in &traces.manifold_steps {
        match s {
            ManifoldStep::ReferenceFace { reference: f, .. } => reference = face(f, o),
            ManifoldStep::IncidentFace(f) => incident_face = face(f, o),
            _ => {}
        }
    }
    json!({ "reference": reference, "incident": incident_face, "steps": steps })
}

fn manifold_step(s: &ManifoldStep, o: Vec2) -> Value {
    match s {
        ManifoldStep::ReferenceFace {
            sep_a,
            edge_a,
            sep_b,
            edge_b,
            threshold,
            hysteresis,
            b_above_threshold,
            flip,
            swapped,
            reference,
            band,
        } => json!({
            "step": "reference_face",
            "sep_a": num(*sep_a), "edge_a": edge_a, "sep_b": num(*sep_b), "edge_b": edge_b,
            "threshold": num(*threshold), "hysteresis": hysteresis,
            "b_above_threshold": b_above_threshold, "flip": flip,
            "swapped": swapped, "band": num(*band),
            "reference": face(reference, o),
        }),
        ManifoldStep::IncidentFace(f) => json!({ "step": "incident_face", "incident": face(f, o) }),
        ManifoldStep::ClipSide {
            side,
            plane_point,
            plane_normal,
            input,
            output,
            ..
        } => json!({
            "step": "clip_side", "side": side,
            "plane_point": vec(*plane_point + o), "plane_normal": vec(*plane_normal),
            "input": clip_vertices(input, o), "output": clip_vertices(output, o),
        }),
        ManifoldStep::Keep { candidates, margin } => json!({
            "step": "keep",
            "margin": num(*margin),
            "candidates": candidates.iter().map(|c| json!({
                "point": vec(c.point + o), "position": vec(c.position + o),
                "separation": num(c.separation), "kept": c.kept, "id": c.id.pack(), "feature": feature(&c.id),
                "vertices": c.vertices,
            })).collect::<Vec<_>>(),
        }),
        ManifoldStep::Corner {
            reference,
            incident,
            normal,
            separation,
        } => json!({
            "step": "corner", "reference": vec(*reference + o), "incident": vec(*incident + o),
            "normal": vec(*normal), "separation": num(*separation),
        }),
        ManifoldStep::Circles {
            centre_a,
            centre_b,
            separation,
        } => json!({
            "step": "circles", "centre_a": vec(*centre_a + o), "centre_b": vec(*centre_b + o),
            "separation": num(*separation),
        }),
        ManifoldStep::CircleCore {
            centre,
            face: f,
            face_separation,
            region,
            core_point,
            separation,
        } => json!({
            "step": "circle_core", "centre": vec(*centre + o), "face": face(f, o),
            "core_point": vec(*core_point + o),
            "face_separation": num(*face_separation),
            "region": match region {
                CircleRegion::Face(i) => json!({ "face": i }),
                CircleRegion::Vertex(i) => json!({ "vertex": i }),
            },
            "separation": num(*separation),
        }),
        ManifoldStep::Apart { separation, margin } => json!({
            "step": "apart", "separation": num(*separation), "margin": num(*margin),
        }),
        ManifoldStep::Chain(c) => chain_step(c, o),
        ManifoldStep::Done(m) => {
            json!({ "step": "done", "points": m.len(), "normal": vec(m.normal) })
        }
    }
}

/// A step of a chain segment's rule (points in world coordinates).
fn chain_step(step: &ChainStep, o: Vec2) -> Value {
    match step {
        ChainStep::Side {
            centre,
            own,
            neighbours,
            behind,
        } => json!({
            "step": "chain_side", "centre": vec(*centre + o), "own": num(*own),
            "neighbours": neighbours.map(|s| s.map(num)), "behind": behind,
        }),
        ChainStep::Distance {
            point_a,
            point_b,
            separation,
            margin,
            route,
        } => json!({
            "step": "chain_distance", "point_a": vec(*point_a + o), "point_b": vec(*point_b + o),
            "separation": num(*separation), "margin": num(*margin),
            "route": route.map(|r| match r {
                Route::Closest => "closest",
                Route::Axes => "axes",
            }),
        }),
        ChainStep::Candidate(c) => {
            let mut v = chain_candidate(*c);
            v["step"] = json!("chain_candidate");
            v
        }
        ChainStep::Winner { winner, outcome } => json!({
            "step": "chain_winner", "winner": winner.map(chain_candidate),
            "outcome": outcome_id(*outcome),
        }),
        ChainStep::Deeper {
            point,
            separation,
            gap,
        } => json!({
            "step": "chain_deeper", "point": vec(*point + o), "separation": num(*separation),
            "gap": num(*gap),
        }),
        ChainStep::Seam { point, end } => json!({
            "step": "chain_seam", "point": vec(*point + o), "end": end_id(*end),
        }),
    }
}

/// A chain segment's candidate normal: where from, its class and reason, its separation.
fn chain_candidate(c: ChainCandidate) -> Value {
    let source = match c.source {
        Source::Face => json!({ "face": "segment" }),
        Source::Neighbour(e) => json!({ "neighbour": end_id(e) }),
        Source::FaceOfB(j) => json!({ "face_of_b": j }),
        Source::Vertex(e) => json!({ "vertex": end_id(e) }),
    };
    json!({
        "source": source, "normal": vec(c.verdict.normal), "separation": num(c.separation),
        "class": class_id(c.verdict.class), "reason": reason_id(c.verdict.reason),
        "end": c.verdict.end.map(end_id),
    })
}

fn end_id(e: End) -> &'static str {
    match e {
        End::Start => "start",
        End::End => "end",
    }
}

fn joint_id(j: Joint) -> &'static str {
    match j {
        Joint::Free => "free end",
        Joint::Convex => "convex",
        Joint::Flat => "flat",
        Joint::Concave => "concave",
    }
}

fn class_id(c: NormalClass) -> &'static str {
    match c {
        NormalClass::Admit => "admit",
        NormalClass::Skip => "skip",
        NormalClass::Snap => "snap",
        NormalClass::Behind => "behind",
    }
}

fn reason_id(r: Reason) -> &'static str {
    match r {
        Reason::FromBehind => "from_behind",
        Reason::Face => "face",
        Reason::FreeEnd => "free_end",
        Reason::VertexCone => "vertex_cone",
        Reason::NextOwnsVertex => "next_owns_vertex",
        Reason::NeighbourFace => "neighbour_face",
        Reason::FlatJoint => "flat_joint",
        Reason::ConcaveJoint => "concave_joint",
        Reason::BackFace => "back_face",
        Reason::NeighbourIncident => "neighbour_incident",
    }
}

fn outcome_id(o: Outcome) -> Value {
    match o {
        Outcome::Nothing => json!("nothing"),
        Outcome::SegmentFace => json!("segment_face"),
        Outcome::FaceOfB(j) => json!({ "face_of_b": j }),
        Outcome::Vertex(e) => json!({ "vertex": end_id(e) }),
    }
}
