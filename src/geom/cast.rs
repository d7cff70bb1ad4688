//! Shape cast: when does B, sliding along a straight line, first touch A?
//!
//! The narrowphase answers "do these touch *now*?"; a body that moves further in one step than
//! it is thick can pass through a wall between two such answers (tunnelling). The cast asks
//! instead for the first fraction `t` of B's translation `v` at which the two shapes touch, by
//! *conservative advancement*: move B forward by no more than the gap allows, measure again.
//!
//! 1. The target: the cores' distance at which the shapes count as touching,
//!    `target = max(slop, rA + rB − slop)` (for rounded shapes a slop inside the surfaces, for
//!    sharp ones a slop outside), met within `tolerance = slop / 4` (or the [`resolution`] of
//!    the distances, when that is coarser; the target then at least twice it).
//! 2. At B's pose at `t` (from `t = 0`): GJK's distance `d` between the cores and its unit normal
//!    `n` (A to B).
//! 3. Within the target (`d < target + tolerance`): at `t = 0` the shapes overlap already,
//!    otherwise B hits A at `t`.
//! 4. Closing speed `v · n`: zero or positive, B is not approaching A along the normal and never
//!    will (the gap is convex in `t`): it misses.
//! 5. Advance by the Newton step of `d(t) = target` along the normal: `t += (target − d) / (v · n)`.
//!    Past the end of the motion (`t ≥ 1`): it misses. Otherwise go to 2; after
//!    [`MAX_CAST_ITERATIONS`] it has failed.
//!
//! Why it never passes the first contact: under translation the cores' distance `d(t)` is convex
//! and falls no faster than `−v · n` (the closing speed along the current normal), so the step
//! of 5 lands at or before the time `d` reaches the target.
//!
//! Follows Box2D v3's `b2ShapeCast` (Erin Catto, `src/distance.c`; its limits: 20 iterations, the
//! target and tolerance above). Two changes, both for scale: the tolerance is never finer than
//! the distances can be measured ([`resolution`]: Box2D's world is in metres), and Box2D's slop (0.005 m) is for shapes 0.1 m and up; a
//! smaller pair gets a slop scaled down with its smaller shape ([`default_slop`]), or the target
//! would be wider than the shapes.
//!
//! Queries take `(a, xf_a, b, xf_b)` with B's translation; steps are in the pair frame (world
//! minus A's position), as GJK's are.

use crate::geom::chain::SmoothSegment;
use crate::geom::compound::{PlacedPart, parts_frame};
use crate::geom::frame::{PairFrame, pair_frame, pair_scale};
use crate::geom::gjk::{GjkOutput, gjk};
use crate::geom::math::{LINEAR_SLOP, Transform, right_perp, try_normalize};
use crate::geom::shape::{Placed, Shape};
use crate::geom::trace::{NoTrace, Trace};
use glam::Vec2;

/// The cast gives up after this many advances (Box2D's 20).
pub const MAX_CAST_ITERATIONS: usize = 20;

/// The size from which Box2D's slop applies unscaled (its smallest recommended shape, 0.1 m).
pub const SLOP_SIZE: f32 = 0.1;

/// The slop for a pair: Box2D's [`LINEAR_SLOP`], scaled down for a pair whose smaller shape's
/// bounding radius is under [`SLOP_SIZE`] (a shape 1e-6 across would otherwise be 5000 slops
/// inside the target).
pub fn default_slop(a: &Shape, b: &Shape) -> f32 {
    let size = a.bounding_radius().min(b.bounding_radius());
    LINEAR_SLOP * (size / SLOP_SIZE).min(1.0)
}

/// How a continuous query ended: the four states of Box2D's `b2TOIOutput`, shared by the cast
/// and the time of impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepState {
    /// The shapes are within the target already at the start (`t = 0`).
    Overlapped,
    /// B reaches the target distance at `t`.
    Hit,
    /// B never comes within the target during the motion.
    Separated,
    /// The iteration cap was hit first; `t` is how far it got.
    Failed,
}

impl SweepState {
    /// The state's name as the command line prints it: `hit`, `separated`, `overlapped`,
    /// `failed`.
    pub fn name(self) -> &'static str {
        match self {
            SweepState::Overlapped => "overlapped",
            SweepState::Hit => "hit",
            SweepState::Separated => "separated",
            SweepState::Failed => "failed",
        }
    }
}

/// Why the cast stopped at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastStop {
    /// Within the target at `t = 0` (outline step 3).
    Overlapped,
    /// Within the target at `t > 0` (outline step 3).
    Hit,
    /// `v · n ≥ 0`: B does not approach A along the normal (outline step 4).
    MovingApart,
    /// The advance lands at or past the end of the motion (outline step 5).
    PastEnd,
    /// [`MAX_CAST_ITERATIONS`] advances without reaching the target.
    IterationCap,
}

/// What a cast is asked: B's translation over the motion and the slop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastInput {
    /// B's translation from `t = 0` to `t = 1`, relative to A (world units).
    pub translation: Vec2,
    /// The linear slop that sets the target and tolerance ([`default_slop`] for the pair).
    pub slop: f32,
}

/// One iteration of the cast: the measurement at `t` and what was done with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastStep {
    /// The fraction of the motion B is at.
    pub t: f32,
    /// B's pose at `t`, pair frame.
    pub pose_b: Transform,
    /// The closest point of A's core (pair frame).
    pub point_a: Vec2,
    /// The closest point of B's core (pair frame).
    pub point_b: Vec2,
    /// GJK's unit normal from A to B (None when the cores meet: then the step is a stop).
    pub normal: Option<Vec2>,
    /// The cores' distance `d` (0 when they meet).
    pub distance: f32,
    /// The target distance (outline step 1).
    pub target: f32,
    /// `v · n`: negative when B approaches A along the normal (0 when there is no normal).
    pub closing: f32,
    /// The advance `(target − d) / (v · n)` taken from here, when one was taken or tried.
    pub advance: Option<f32>,
    /// GJK's iterations for this measurement.
    pub gjk_iterations: usize,
    /// Why the cast stopped here, if it did.
    pub stop: Option<CastStop>,
}

/// The cast's answer. `point` is in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastOutput {
    /// How it ended.
    pub state: SweepState,
    /// The fraction of the motion at the hit (0 when overlapped; how far it got otherwise).
    pub t: f32,
    /// Unit normal from A to B at `t` (the centre line, then +y, when GJK has none).
    pub normal: Vec2,
    /// The contact point: on A's surface at a hit, midway between the surfaces when
    /// overlapped, A's closest point otherwise (world).
    pub point: Vec2,
    /// Iterations (GJK measurements) run.
    pub iterations: usize,
    /// The target distance of the cores.
    pub target: f32,
    /// How far above the target a distance still counts as reaching it.
    pub tolerance: f32,
    /// The cores' distance at `t`.
    pub distance: f32,
}

/// The target and tolerance of outline step 1 for cores of radii `ra`, `rb`, with the
/// distances measured to `resolution`: Box2D's `max(slop, rA + rB − slop)` and `slop / 4`,
/// except that the tolerance is never finer than the resolution and the target never under
/// twice the tolerance (so a separation within the tolerance of the target is still a gap: a
/// pair 1e5 across measures distances only to 1e-2, coarser than the slop).
#[inline]
pub fn target_and_tolerance(ra: f32, rb: f32, slop: f32, resolution: f32) -> (f32, f32) {
    let tolerance = (0.25 * slop).max(resolution);
    (slop.max(ra + rb - slop).max(2.0 * tolerance), tolerance)
}

/// How finely the cores' distance can be measured along the sweep: a few roundings of the
/// largest number in it (the pair frame's positions, the shapes' size, the translation). At
/// unit scale this is 1e-6, far under Box2D's tolerance; a pair 1e5 across measures distances
/// only to 1e-2, and a tolerance finer than that would never be met.
pub fn resolution(a: &Placed, b: &Placed, v: Vec2) -> f32 {
    RESOLUTION_ROUNDINGS * f32::EPSILON * (pair_scale(a, b) + v.abs().max_element())
}

/// How many roundings make [`resolution`].
const RESOLUTION_ROUNDINGS: f32 = 8.0;

/// The unit normal of a GJK answer, or the centre line, or +y: never zero.
pub(crate) fn normal_or_fallback(g: &GjkOutput, a: &Placed, b: &Placed) -> Vec2 {
    g.normal()
        .or_else(|| try_normalize(b.centroid() - a.centroid()))
        .unwrap_or(Vec2::Y)
}

/// Casts B along `input.translation` against A.
pub fn shape_cast(
    a: &Shape,
    xf_a: Transform,
    b: &Shape,
    xf_b: Transform,
    input: &CastInput,
    trace: &mut impl Trace<CastStep>,
) -> CastOutput {
    cast_in(&pair_frame(a, xf_a, b, xf_b), input, trace)
}

/// [`shape_cast`] on a pair already placed in one pair frame (B at its start pose).
pub fn cast_in(
    pair: &PairFrame,
    input: &CastInput,
    trace: &mut impl Trace<CastStep>,
) -> CastOutput {
    let (a, b0) = (&pair.a, &pair.b);
    let v = input.translation;
    // 1. The target and tolerance, no finer than the distances can be measured.
    let res = resolution(a, b0, v);
    let (target, tolerance) = target_and_tolerance(a.radius(), b0.radius(), input.slop, res);
    let mut t = 0.0f32;
    let mut iterations = 0;
    let end = |state, t, normal: Vec2, point: Vec2, distance, iterations| CastOutput {
        state,
        t,
        normal,
        point: point + pair.origin,
        iterations,
        target,
        tolerance,
        distance,
    };
    loop {
        iterations += 1;
        // 2. Measure at t: GJK on the cores, B moved by t·v.
        let pose_b = Transform {
            p: b0.xf.p + v * t,
            q: b0.xf.q,
        };
        let b = Placed::new(b0.shape, pose_b);
        let g = gjk(a, &b, &mut NoTrace);
        let n = g.normal();
        let d = g.distance;
        let closing = n.map_or(0.0, |n| v.dot(n));
        let record = |advance: Option<f32>, stop: Option<CastStop>| CastStep {
            t,
            pose_b,
            point_a: g.point_a,
            point_b: g.point_b,
            normal: n,
            distance: d,
            target,
            closing,
            advance,
            gjk_iterations: g.iterations,
            stop,
        };
        let normal = normal_or_fallback(&g, a, &b);

        // 3. Within the target: overlapped at the start, a hit later.
        if n.is_none() || d < target + tolerance {
            if iterations == 1 {
                trace.step(|| record(None, Some(CastStop::Overlapped)));
                let c1 = g.point_a + normal * a.radius();
                let c2 = g.point_b - normal * b.radius();
                return end(
                    SweepState::Overlapped,
                    0.0,
                    normal,
                    (c1 + c2) * 0.5,
                    d,
                    iterations,
                );
            }
            trace.step(|| record(None, Some(CastStop::Hit)));
            let point = g.point_a + normal * a.radius();
            return end(SweepState::Hit, t, normal, point, d, iterations);
        }
        let miss = |t| end(SweepState::Separated, t, normal, g.point_a, d, iterations);

        // 4. Not approaching along the normal: it never will.
        if closing >= 0.0 {
            trace.step(|| record(None, Some(CastStop::MovingApart)));
            return miss(t);
        }

        // 5. The Newton step of d(t) = target; past the end, a miss.
        let advance = (target - d) / closing;
        let next = t + advance;
        if next >= 1.0 {
            trace.step(|| record(Some(advance), Some(CastStop::PastEnd)));
            return miss(t);
        }
        if iterations >= MAX_CAST_ITERATIONS {
            trace.step(|| record(Some(advance), Some(CastStop::IterationCap)));
            return end(SweepState::Failed, t, normal, g.point_a, d, iterations);
        }
        trace.step(|| record(Some(advance), None));
        t = next;
    }
}

/// The first hit over all part pairs of two bodies (a single shape is one part): which pair,
/// and its cast. A chain's segment is one-sided: B is never cast against a segment its
/// centroid starts behind, and a hit on a segment whose normal faces its back is dropped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartsCast {
    /// The part of A and the part of B whose cast decided the answer.
    pub parts: [usize; 2],
    /// That part pair's cast.
    pub output: CastOutput,
}

/// Casts body B (its parts) along `translation` against body A's parts, with one slop for
/// every part pair ([`default_slop`] of the bodies' smallest parts when `slop` is None): the
/// earliest hit (an overlap at the start is the earliest of all), else a failure if any part
/// pair failed, else the closest miss; None when no part pair was cast (every one behind a
/// chain's segment, or a body without parts).
pub fn cast_parts(
    a: &[PlacedPart],
    xf_a: Transform,
    b: &[PlacedPart],
    xf_b: Transform,
    translation: Vec2,
    slop: Option<f32>,
) -> Option<PartsCast> {
    let slop = slop.unwrap_or_else(|| parts_slop(a, b));
    let input = CastInput { translation, slop };
    let rank = |o: &CastOutput| match o.state {
        SweepState::Overlapped | SweepState::Hit => (0, o.t, 0.0),
        SweepState::Failed => (1, o.t, 0.0),
        SweepState::Separated => (2, 0.0, o.distance),
    };
    let mut best: Option<PartsCast> = None;
    for (i, pa) in a.iter().enumerate() {
        for (j, pb) in b.iter().enumerate() {
            let pair = parts_frame(pa, xf_a, pb, xf_b);
            let segment = pa.link.map(|link| SmoothSegment::of_pair(&pair, &link));
            if segment
                .as_ref()
                .is_some_and(|s| behind(s, pair.b.centroid()))
            {
                continue;
            }
            let mut output = cast_in(&pair, &input, &mut NoTrace);
            if let Some(s) = &segment {
                let hit = matches!(output.state, SweepState::Hit | SweepState::Overlapped);
                if hit && output.normal.dot(s.normal) < 0.0 {
                    output.state = SweepState::Separated;
                }
            }
            let better = best.is_none_or(|b| rank(&output) < rank(&b.output));
            if better {
                best = Some(PartsCast {
                    parts: [i, j],
                    output,
                });
            }
        }
    }
    best
}

/// True when `point` lies behind a chain segment (on the side its normal points away from).
fn behind(s: &SmoothSegment, point: Vec2) -> bool {
    (point - s.ends[0]).dot(right_perp(s.tangent)) < 0.0
}

/// [`default_slop`] over every part of both bodies.
pub fn parts_slop(a: &[PlacedPart], b: &[PlacedPart]) -> f32 {
    let smallest = |parts: &[PlacedPart]| {
        parts
            .iter()
            .map(|p| p.shape.bounding_radius())
            .fold(f32::INFINITY, f32::min)
    };
    let size = smallest(a).min(smallest(b));
    if size.is_finite() {
        LINEAR_SLOP * (size / SLOP_SIZE).min(1.0)
    } else {
        LINEAR_SLOP
    }
}
