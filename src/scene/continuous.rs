//! B's motion against A, asked once for the Continuous mode, `toi` and the tests: the shape cast
//! (translation only) or the time of impact (with rotation), over every part pair (the earliest
//! hit wins), with the deciding part pair's steps traced again (the same arithmetic, the same
//! answer) and the curves the mode plots — the cores' distance d(t) along the cast, and each
//! separation function's s(t) along the time of impact's sweep.
//!
//! Bodies of several parts (compounds, chains) are queried part pair by part pair
//! ([`cast_parts`], [`toi_parts`]). A chain's segment is one-sided: B is not queried against a
//! segment its centroid starts behind, and a hit on a segment's back is dropped. The time of impact needs B to be a single shape (a
//! turning compound's parts would each need a sweep of their own); the cast takes any B.

use super::types::Scene;
use super::validate::Pair;
use crate::geom::cast::{
    CastInput, CastStep, PartsCast, SweepState, cast_in, cast_parts, parts_slop,
};
use crate::geom::compound::{PlacedPart, parts_centre, parts_frame};
use crate::geom::gjk::gjk;
use crate::geom::shape::{Placed, Shape};
use crate::geom::toi::{Sweep, ToiStep, time_of_impact};
use crate::geom::toi_parts::toi_parts;
use crate::geom::{NoTrace, Transform};
use glam::Vec2;

/// Which continuous query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The time of impact: B moves and turns (Box2D's `b2TimeOfImpact`).
    #[default]
    Toi,
    /// The shape cast: B slides, its turn ignored (Box2D's `b2ShapeCast`).
    Cast,
}

impl Method {
    /// `toi` or `cast` (`toi`'s JSON, `--print-state`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Toi => "toi",
            Method::Cast => "cast",
        }
    }
}

/// The deciding part pair's steps.
#[derive(Clone, Debug, PartialEq)]
pub enum Steps {
    /// The cast's iterations.
    Cast(Vec<CastStep>),
    /// The time of impact's steps.
    Toi(Vec<ToiStep>),
}

/// A feature of a shape's core that touches at the answer (GJK's final simplex there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// Vertex `i` (a circle's centre is its vertex 0).
    Vertex(usize),
    /// Edge `i`, from vertex `i` to the next.
    Edge(usize),
}

/// A sampled curve, `(t, value)` in order of `t`.
pub type Curve = Vec<[f32; 2]>;

/// How many pieces a plotted curve is cut into.
pub const CURVE_PIECES: usize = 96;

/// B's motion against A and what the query found.
#[derive(Clone, Debug, PartialEq)]
pub struct Continuous {
    /// The query asked.
    pub method: Method,
    /// How it ended.
    pub state: SweepState,
    /// The fraction of the motion at the answer (1 when separated).
    pub t: f32,
    /// Unit normal from A to B at `t`.
    pub normal: Vec2,
    /// The point on A nearest B at `t` (world).
    pub point: Vec2,
    /// Iterations: the cast's GJK measurements, the time of impact's rounds.
    pub iterations: usize,
    /// The time of impact's push backs (0 for the cast).
    pub push_backs: usize,
    /// The time of impact's root finder steps (0 for the cast).
    pub root_steps: usize,
    /// The target distance of the cores.
    pub target: f32,
    /// The tolerance.
    pub tolerance: f32,
    /// The slop asked with.
    pub slop: f32,
    /// The deciding part pair (A's, B's); None when no part pair was queried (every part of A a
    /// chain segment B starts behind).
    pub parts: Option<[usize; 2]>,
    /// The world position of the frame the steps are recorded in (A's part's position).
    pub origin: Vec2,
    /// The deciding part pair's steps.
    pub steps: Steps,
    /// The cast: the cores' distance d(t) over the motion (one curve). The time of impact:
    /// each separation function's s(t) (its deepest pair at each t), in the order of its `Axis`
    /// steps.
    pub curves: Vec<Curve>,
    /// The time of impact: the separation of each `Deepest` step's pair along its axis over
    /// the motion, the function the root finder solves, in the order of those steps.
    pub pair_curves: Vec<Curve>,
    /// The features of A's and B's cores that are nearest at the answer (none for a miss
    /// without a pair).
    pub touching: Option<[Feature; 2]>,
    /// B's body pose at the start and its translation over the motion (the cast's path).
    start: Transform,
    translation: Vec2,
    /// B's sweep (the time of impact's path, world).
    sweep: Option<Sweep>,
}

impl Continuous {
    /// B's body pose (world) at fraction `t` of the motion: moved on a line (the cast), or with
    /// its centroid on a line and its angle evenly (the time of impact).
    pub fn pose_b(&self, t: f32) -> Transform {
        match &self.sweep {
            Some(sweep) => sweep.transform(t),
            None => Transform {
                p: self.start.p + self.translation * t,
                q: self.start.q,
            },
        }
    }

    /// How many steps the trace has.
    pub fn step_count(&self) -> usize {
        match &self.steps {
            Steps::Cast(s) => s.len(),
            Steps::Toi(s) => s.len(),
        }
    }

    /// The index among the curves of the separation function step `k` works on (the last
    /// `Axis` step at or before it); None for the cast or before the first axis.
    pub fn axis_of_step(&self, k: usize) -> Option<usize> {
        self.last_of(k, |s| matches!(s, ToiStep::Axis { .. }))
    }

    /// The index among the pair curves of the pair step `k` works on (the last `Deepest` step
    /// at or before it); None for the cast or before the first.
    pub fn pair_of_step(&self, k: usize) -> Option<usize> {
        self.last_of(k, |s| matches!(s, ToiStep::Deepest { .. }))
    }

    /// How many time-of-impact steps up to `k` are `kind`, less one: the index of the last.
    fn last_of(&self, k: usize, kind: impl Fn(&ToiStep) -> bool) -> Option<usize> {
        let Steps::Toi(steps) = &self.steps else {
            return None;
        };
        steps
            .iter()
            .take(k + 1)
            .filter(|s| kind(s))
            .count()
            .checked_sub(1)
    }
}

/// The scene's B body's parts and both bodies' transforms (a single shape is one part).
fn parts_of(pair: &Pair) -> ([Vec<PlacedPart>; 2], [Transform; 2]) {
    match &pair.bodies {
        Some(b) => (b.parts.clone(), b.xfs),
        None => (
            [
                vec![PlacedPart::whole(pair.a)],
                vec![PlacedPart::whole(pair.b)],
            ],
            [pair.xf_a, pair.xf_b],
        ),
    }
}

/// The slop an engine asks with for this pair (Box2D's, scaled down for small shapes).
pub fn engine_slop(pair: &Pair) -> f32 {
    let (parts, _) = parts_of(pair);
    parts_slop(&parts[0], &parts[1])
}

/// B's motion (`scene.motion`, or the default) against A in `pair` (the scene validated), by
/// `method`, with `slop` (0: to the moment the shapes touch; [`engine_slop`]: a slop short of
/// it, as an engine stops). An error says why the query cannot be asked (a compound B turned).
pub fn continuous(
    scene: &Scene,
    pair: &Pair,
    method: Method,
    slop: f32,
) -> Result<Continuous, String> {
    let (parts, xfs) = parts_of(pair);
    let motion = scene.motion_or_default();
    let a1 = scene.b.angle_deg.to_radians();
    let a2 = motion.angle_deg.map_or(a1, f32::to_radians);
    let mut out = Continuous {
        method,
        state: SweepState::Separated,
        t: 1.0,
        normal: Vec2::Y,
        point: Vec2::ZERO,
        iterations: 0,
        push_backs: 0,
        root_steps: 0,
        target: 0.0,
        tolerance: 0.0,
        slop,
        parts: None,
        origin: xfs[0].p,
        steps: match method {
            Method::Cast => Steps::Cast(Vec::new()),
            Method::Toi => Steps::Toi(Vec::new()),
        },
        curves: Vec::new(),
        pair_curves: Vec::new(),
        touching: None,
        start: xfs[1],
        translation: motion.to - xfs[1].p,
        sweep: None,
    };
    match method {
        Method::Cast => cast(&mut out, &parts, xfs),
        Method::Toi => toi(&mut out, &parts, xfs, motion.to, [a1, a2])?,
    }
    Ok(out)
}

/// The cast of B's translation against A's parts; the deciding pair traced and its d(t).
fn cast(out: &mut Continuous, parts: &[Vec<PlacedPart>; 2], xfs: [Transform; 2]) {
    let translation = out.translation;
    let Some(PartsCast {
        parts: [i, j],
        output,
    }) = cast_parts(
        &parts[0],
        xfs[0],
        &parts[1],
        xfs[1],
        translation,
        Some(out.slop),
    )
    else {
        return;
    };
    let frame = parts_frame(&parts[0][i], xfs[0], &parts[1][j], xfs[1]);
    let input = CastInput {
        translation,
        slop: out.slop,
    };
    let mut steps: Vec<CastStep> = Vec::new();
    cast_in(&frame, &input, &mut steps);
    let at = |t: f32| {
        Placed::new(
            frame.b.shape,
            Transform {
                p: frame.b.xf.p + translation * t,
                q: frame.b.xf.q,
            },
        )
    };
    let curve = (0..=CURVE_PIECES)
        .map(|k| {
            let t = k as f32 / CURVE_PIECES as f32;
            [t, gjk(&frame.a, &at(t), &mut NoTrace).distance]
        })
        .collect();
    *out = Continuous {
        state: output.state,
        t: output.t,
        normal: output.normal,
        point: output.point,
        iterations: output.iterations,
        target: output.target,
        tolerance: output.tolerance,
        parts: Some([i, j]),
        origin: frame.origin,
        steps: Steps::Cast(steps),
        curves: vec![curve],
        touching: Some(touching(&frame.a, &at(output.t))),
        ..out.clone()
    };
}

/// The time of impact of B's whole motion against each part of A; the earliest hit, traced,
/// with each separation function's s(t).
fn toi(
    out: &mut Continuous,
    parts: &[Vec<PlacedPart>; 2],
    xfs: [Transform; 2],
    to: Vec2,
    angles: [f32; 2],
) -> Result<(), String> {
    // B's body sweeps about its centroid (a compound's: the mean of its parts' centroids, the
    // point the app turns it about); each part follows it, its own sweep about the same point.
    let (sweep, part_sweeps): (Sweep, Vec<Sweep>) = match parts[1].as_slice() {
        [one] if one.xf == Transform::IDENTITY => {
            let sweep = Sweep::between(&one.shape, xfs[1].p, angles[0], to, angles[1]);
            (sweep, vec![sweep])
        }
        many => {
            let centre = parts_centre(many);
            let body = Sweep {
                local_center: centre,
                c: [
                    Transform::new(xfs[1].p, angles[0]).apply(centre),
                    Transform::new(to, angles[1]).apply(centre),
                ],
                angle: angles,
            };
            let part = |p: &PlacedPart| {
                let turn = p.xf.q.angle();
                Sweep {
                    local_center: p.xf.q.apply_inv(centre - p.xf.p),
                    c: body.c,
                    angle: body.angle.map(|a| a + turn),
                }
            };
            (body, many.iter().map(part).collect())
        }
    };
    out.sweep = Some(sweep);
    let rank = |o: &crate::geom::toi::ToiOutput| match o.state {
        SweepState::Overlapped | SweepState::Hit => (0, o.t),
        SweepState::Failed => (1, o.t),
        SweepState::Separated => (2, 0.0),
    };
    let mut best: Option<(usize, usize, crate::geom::toi::ToiOutput)> = None;
    for (j, (pb, sweep_j)) in parts[1].iter().zip(&part_sweeps).enumerate() {
        if let Some((i, o)) = toi_parts(&parts[0], xfs[0], &pb.shape, sweep_j, out.slop)
            && best.is_none_or(|(_, _, b)| rank(&o) < rank(&b))
        {
            best = Some((i, j, o));
        }
    }
    let Some((i, j, output)) = best else {
        return Ok(());
    };
    let (b, sweep) = (&parts[1][j].shape, part_sweeps[j]);
    let a_shape = &parts[0][i].shape;
    let xf_a = xfs[0].compose(parts[0][i].xf);
    let mut steps: Vec<ToiStep> = Vec::new();
    time_of_impact(a_shape, xf_a, b, &sweep, out.slop, &mut steps);
    // The frame the steps are in: A at the origin (turned), the sweep moved by A's position.
    let a = Placed::new(
        a_shape,
        Transform {
            p: Vec2::ZERO,
            q: xf_a.q,
        },
    );
    let local = sweep.shifted(xf_a.p);
    let pose = |t: f32| Placed::new(b, local.transform(t));
    let sample = |f: &dyn Fn(f32) -> f32| -> Curve {
        (0..=CURVE_PIECES)
            .map(|k| {
                let t = k as f32 / CURVE_PIECES as f32;
                [t, f(t)]
            })
            .collect()
    };
    let (mut curves, mut pair_curves) = (Vec::new(), Vec::new());
    let mut function = None;
    for step in &steps {
        match step {
            ToiStep::Axis { function: f, .. } => {
                function = Some(*f);
                curves.push(sample(&|t| f.find_min_separation(&a, &pose(t)).1));
            }
            ToiStep::Deepest { indices, .. } => {
                if let Some(f) = function {
                    pair_curves.push(sample(&|t| f.evaluate(&a, &pose(t), *indices)));
                }
            }
            _ => {}
        }
    }
    *out = Continuous {
        state: output.state,
        t: output.t,
        normal: output.normal,
        point: output.point,
        iterations: output.iterations,
        push_backs: output.push_backs,
        root_steps: output.root_steps,
        target: output.target,
        tolerance: output.tolerance,
        parts: Some([i, j]),
        origin: xf_a.p,
        steps: Steps::Toi(steps),
        curves,
        pair_curves,
        touching: Some(touching(&a, &pose(output.t))),
        ..out.clone()
    };
    Ok(())
}

/// The features of A's and B's cores GJK's final simplex spans with B placed as given.
fn touching(a: &Placed, b: &Placed) -> [Feature; 2] {
    let g = gjk(a, b, &mut NoTrace);
    let simplex = g.simplex();
    let feature = |shape: &Shape, index: fn(&crate::geom::gjk::SimplexVertex) -> usize| {
        let mut ids: Vec<usize> = simplex.iter().map(index).collect();
        ids.sort_unstable();
        ids.dedup();
        let n = shape.vertices().len();
        match ids[..] {
            [i, j] if n > 1 && j == (i + 1) % n => Feature::Edge(i),
            [i, j] if n > 1 && i == (j + 1) % n => Feature::Edge(j),
            [i, ..] => Feature::Vertex(i),
            [] => Feature::Vertex(0),
        }
    };
    [
        feature(a.shape, |v| v.index_a),
        feature(b.shape, |v| v.index_b),
    ]
}
