//! Time of impact: when does B, moving *and turning* from one pose to another, first touch A?
//!
//! With rotation the cores' distance is no longer convex in `t`, so a Newton step can pass the
//! contact. Box2D's answer is to follow one *separation function* at a time: a fixed axis
//! carried along with one of the shapes, along which the separation can be evaluated at any
//! `t` in closed form, and whose root is found by a safe 1-D root finder.
//!
//! 1. The target `max(slop, rA + rB − slop)` and tolerance `slop / 4`, as the cast's.
//! 2. At `t1` (from 0): GJK's distance between the cores. Not above zero: overlapped. Within
//!    the target: a hit at `t1`.
//! 3. The separation function from GJK's final simplex: one vertex on each shape → *points*
//!    (the axis between them); two on B and one on A → *face of B* (the edge's normal and
//!    midpoint, fixed in B's frame); otherwise → *face of A* (fixed in A's frame).
//! 4. At `t2` (from the end of the motion): the deepest pair of vertices along that axis and
//!    its separation `s2`. Above target + tolerance: B stays clear along this axis to the end,
//!    so it is separated. Within the tolerance of the target: `t1 = t2`, go to 2.
//! 5. The same pair's separation `s1` at `t1`. Under target − tolerance: the root finder failed
//!    before (failed). Within target + tolerance: a hit at `t1`.
//! 6. The root of `s(t) = target` in the bracket `[t1, t2]`: alternately bisection and false
//!    position (the secant through the bracket's ends), keeping the root bracketed, until
//!    within the tolerance (at most 50 steps). The root is the new `t2`; go to 4 (a *push
//!    back*: a new, deeper pair may now show up), at most [`MAX_PUSH_BACKS`] times, then to 2
//!    with `t1 = t2`.
//! 7. After [`MAX_TOI_ITERATIONS`] rounds of 2: failed, at `t1`.
//!
//! A separation function sees one axis. A bar that turns past a corner between two poses
//! where it is clear of it (s(t) > target at both ends along every axis GJK offers at `t1`)
//! is reported separated: the glancing hit in between is missed, as in Box2D.
//!
//! Follows Box2D v3's `b2TimeOfImpact` and `b2MakeSeparationFunction` (Erin Catto,
//! `src/distance.c`; "Continuous Collision", GDC 2013). Differences: A is static (the lab moves
//! B only); B's angle is interpolated linearly (as Box2D v2.4's sweep, so a motion may turn
//! more than half a turn), about its centroid; the slop and tolerance scale as the cast's
//! ([`crate::geom::cast`]). Steps are in the pair frame (world minus A's position).

use crate::geom::cast::{SweepState, normal_or_fallback, resolution, target_and_tolerance};
use crate::geom::gjk::gjk;
use crate::geom::math::{Rot, Transform, right_perp, try_normalize};
use crate::geom::shape::{Placed, Shape};
use crate::geom::trace::{NoTrace, Trace};
use glam::Vec2;

/// Rounds of outline step 2 before the query gives up (Box2D's 20).
pub const MAX_TOI_ITERATIONS: usize = 20;
/// Push backs per round (Box2D's: the most polygon vertices, 8).
pub const MAX_PUSH_BACKS: usize = 8;
/// Root finder steps per push back (Box2D's 50).
pub const MAX_ROOT_STEPS: usize = 50;

/// B's motion over the step: its centroid moves on a line and its angle changes linearly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep {
    /// B's centroid in B's own frame.
    pub local_center: Vec2,
    /// The centroid at `t = 0` and at `t = 1` (pair frame).
    pub c: [Vec2; 2],
    /// B's angle at `t = 0` and at `t = 1`, radians (any difference: several turns are fine).
    pub angle: [f32; 2],
}

impl Sweep {
    /// The sweep of `shape` from position `p1`, angle `a1` (radians) to `p2`, `a2`.
    pub fn between(shape: &Shape, p1: Vec2, a1: f32, p2: Vec2, a2: f32) -> Sweep {
        let lc = shape.centroid();
        let c = |p: Vec2, a: f32| p + Rot::from_angle(a).apply(lc);
        Sweep {
            local_center: lc,
            c: [c(p1, a1), c(p2, a2)],
            angle: [a1, a2],
        }
    }

    /// B's transform at fraction `t`.
    pub fn transform(&self, t: f32) -> Transform {
        let q = Rot::from_angle(self.angle[0] + t * (self.angle[1] - self.angle[0]));
        let c = self.c[0] + t * (self.c[1] - self.c[0]);
        Transform {
            p: c - q.apply(self.local_center),
            q,
        }
    }

    /// The same sweep moved by `-by` (from world coordinates into a pair frame at `by`).
    pub fn shifted(&self, by: Vec2) -> Sweep {
        Sweep {
            c: self.c.map(|c| c - by),
            ..*self
        }
    }
}

/// Which simplex a separation function was built from (outline step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeparationKind {
    /// One vertex on each: the axis from A's to B's, fixed in the pair frame.
    Points,
    /// An edge of A: its normal (in A's frame) and midpoint.
    FaceA,
    /// An edge of B: its normal (in B's frame) and midpoint.
    FaceB,
}

/// A separation function: an axis and, for a face, a point, in the frame named by `kind`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeparationFunction {
    /// How it was built.
    pub kind: SeparationKind,
    /// The unit axis: pair frame for points, the face's shape frame for a face; points from A
    /// to B (for a face of B, from B's face outwards towards A).
    pub axis: Vec2,
    /// The face's midpoint in its shape's frame (zero for points).
    pub local_point: Vec2,
    /// The vertex of A and of B it was built from (the first of a face's two).
    pub indices: [usize; 2],
}

/// The root finder's method at a step (outline step 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootMethod {
    /// The bracket's midpoint.
    Bisection,
    /// Where the secant through the bracket's ends meets the target.
    FalsePosition,
}

/// One step of the time of impact.
#[derive(Clone, Debug, PartialEq)]
pub enum ToiStep {
    /// Outline step 2: GJK at `t1`.
    Distance {
        /// The fraction B is at.
        t1: f32,
        /// B's pose at `t1` (pair frame).
        pose_b: Transform,
        /// Closest points of A's and B's cores (pair frame).
        points: [Vec2; 2],
        /// The cores' distance.
        distance: f32,
        /// The target distance.
        target: f32,
        /// How it ended the query, if it did (overlapped, or a hit).
        stop: Option<SweepState>,
    },
    /// Outline step 3: the separation function built at `t1`.
    Axis {
        /// The function.
        function: SeparationFunction,
        /// Its axis in the pair frame at `t1`.
        world_axis: Vec2,
    },
    /// Outline steps 4 and 5: the deepest pair at `t2`, and what it decided.
    Deepest {
        /// The end of the bracket.
        t2: f32,
        /// The pair of vertices (A's, B's; a face's own side is the face, listed as its first
        /// vertex).
        indices: [usize; 2],
        /// Their separation at `t2`.
        s2: f32,
        /// Their separation at `t1`, when evaluated (step 5).
        s1: Option<f32>,
        /// The push back this is (0 for the first look at `t2`).
        push_back: usize,
        /// How it ended the query, if it did.
        stop: Option<SweepState>,
    },
    /// Outline step 6: one root finder step.
    Root {
        /// Bisection or false position.
        method: RootMethod,
        /// The point tried.
        t: f32,
        /// The separation there.
        s: f32,
        /// The bracket after the step.
        bracket: [f32; 2],
        /// True when `s` is within the tolerance of the target: the new `t2`.
        found: bool,
    },
}

/// The time of impact's answer. `point` is in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToiOutput {
    /// How it ended.
    pub state: SweepState,
    /// The fraction of the motion (0 when overlapped; 1 when separated; how far it got when
    /// failed).
    pub t: f32,
    /// Unit normal from A to B at `t` (GJK's; the centre line, then +y, when it has none).
    pub normal: Vec2,
    /// The point on A's surface nearest B at `t` (world).
    pub point: Vec2,
    /// Rounds of outline step 2.
    pub iterations: usize,
    /// Push backs over all rounds.
    pub push_backs: usize,
    /// Root finder steps over all rounds.
    pub root_steps: usize,
    /// The target distance of the cores.
    pub target: f32,
    /// The tolerance.
    pub tolerance: f32,
}

/// Time of impact of B moving along `sweep` (world) against A, static at `xf_a`.
pub fn time_of_impact(
    a: &Shape,
    xf_a: Transform,
    b: &Shape,
    sweep: &Sweep,
    slop: f32,
    trace: &mut impl Trace<ToiStep>,
) -> ToiOutput {
    let origin = xf_a.p;
    let placed_a = Placed::new(
        a,
        Transform {
            p: Vec2::ZERO,
            q: xf_a.q,
        },
    );
    toi_in(placed_a, b, &sweep.shifted(origin), origin, slop, trace)
}

/// [`time_of_impact`] with A placed in a pair frame at `origin` and the sweep in that frame.
pub fn toi_in(
    a: Placed,
    b: &Shape,
    sweep: &Sweep,
    origin: Vec2,
    slop: f32,
    trace: &mut impl Trace<ToiStep>,
) -> ToiOutput {
    // 1. Target and tolerance, no finer than the distances can be measured along the sweep.
    let b_start = Placed::new(b, sweep.transform(0.0));
    let reach = (sweep.c[1] - sweep.c[0]).abs().max_element();
    let res = resolution(&a, &b_start, Vec2::splat(reach));
    let (target, tolerance) = target_and_tolerance(a.radius(), b.radius(), slop, res);
    let pose = |t: f32| Placed::new(b, sweep.transform(t));
    let (mut t1, mut iterations, mut push_total, mut root_total) = (0.0f32, 0, 0, 0);
    let state = loop {
        iterations += 1;
        // 2. GJK at t1.
        let b1 = pose(t1);
        let g = gjk(&a, &b1, &mut NoTrace);
        let stop = if g.distance <= 0.0 {
            Some(SweepState::Overlapped)
        } else if g.distance < target + tolerance {
            Some(SweepState::Hit)
        } else {
            None
        };
        trace.step(|| ToiStep::Distance {
            t1,
            pose_b: b1.xf,
            points: [g.point_a, g.point_b],
            distance: g.distance,
            target,
            stop,
        });
        if let Some(state) = stop {
            if state == SweepState::Overlapped {
                t1 = 0.0;
            }
            break state;
        }

        // 3. The separation function from the simplex.
        let ids: Vec<[usize; 2]> = g.simplex().iter().map(|v| [v.index_a, v.index_b]).collect();
        let f = SeparationFunction::new(&a, &b1, &ids);
        trace.step(|| ToiStep::Axis {
            function: f,
            world_axis: f.world_axis(&a, &b1),
        });

        // 4–6. Push back along this axis.
        let mut t2 = 1.0f32;
        let mut done = None;
        for push_back in 0..MAX_PUSH_BACKS {
            push_total += 1;
            let (indices, s2) = f.find_min_separation(&a, &pose(t2));
            let mut deepest = |s1, stop| {
                trace.step(|| ToiStep::Deepest {
                    t2,
                    indices,
                    s2,
                    s1,
                    push_back,
                    stop,
                })
            };
            if s2 > target + tolerance {
                deepest(None, Some(SweepState::Separated));
                done = Some((SweepState::Separated, 1.0));
                break;
            }
            if s2 > target - tolerance {
                deepest(None, None);
                t1 = t2;
                break;
            }
            let mut s1 = f.evaluate(&a, &pose(t1), indices);
            if s1 < target - tolerance {
                deepest(Some(s1), Some(SweepState::Failed));
                done = Some((SweepState::Failed, t1));
                break;
            }
            if s1 <= target + tolerance {
                deepest(Some(s1), Some(SweepState::Hit));
                done = Some((SweepState::Hit, t1));
                break;
            }
            deepest(Some(s1), None);
            // 6. The root of s(t) = target in [t1, t2].
            let (mut lo, mut hi, mut s_hi) = (t1, t2, s2);
            for step in 0..MAX_ROOT_STEPS {
                root_total += 1;
                let method = if step % 2 == 1 {
                    RootMethod::FalsePosition
                } else {
                    RootMethod::Bisection
                };
                let t = match method {
                    RootMethod::FalsePosition => lo + (target - s1) * (hi - lo) / (s_hi - s1),
                    RootMethod::Bisection => 0.5 * (lo + hi),
                };
                let s = f.evaluate(&a, &pose(t), indices);
                let found = (s - target).abs() < tolerance;
                if !found {
                    if s > target {
                        (lo, s1) = (t, s);
                    } else {
                        (hi, s_hi) = (t, s);
                    }
                }
                trace.step(|| ToiStep::Root {
                    method,
                    t,
                    s,
                    bracket: [lo, hi],
                    found,
                });
                if found {
                    t2 = t;
                    break;
                }
            }
        }
        if let Some((state, t)) = done {
            t1 = t;
            break state;
        }
        // 7. Out of rounds.
        if iterations >= MAX_TOI_ITERATIONS {
            break SweepState::Failed;
        }
    };

    // The normal and point at the answer's pose.
    let bt = pose(t1);
    let g = gjk(&a, &bt, &mut NoTrace);
    let normal = normal_or_fallback(&g, &a, &bt);
    ToiOutput {
        state,
        t: t1,
        normal,
        point: g.point_a + normal * a.radius() + origin,
        iterations,
        push_backs: push_total,
        root_steps: root_total,
        target,
        tolerance,
    }
}

impl SeparationFunction {
    /// Outline step 3: the function from GJK's simplex (`[index_a, index_b]` per vertex) with
    /// A and B placed at `t1`.
    pub fn new(a: &Placed, b: &Placed, simplex: &[[usize; 2]]) -> SeparationFunction {
        let la = |i: usize| a.shape.vertices()[i];
        let lb = |i: usize| b.shape.vertices()[i];
        match *simplex {
            [[ia, ib]] => {
                let axis = try_normalize(b.vertex(ib) - a.vertex(ia)).unwrap_or(Vec2::Y);
                SeparationFunction {
                    kind: SeparationKind::Points,
                    axis,
                    local_point: Vec2::ZERO,
                    indices: [ia, ib],
                }
            }
            [[ia, ib1], [ia2, ib2], ..] if ia == ia2 => {
                // Two vertices on B, one on A: B's edge. Its normal points towards A.
                let mut axis = try_normalize(right_perp(lb(ib2) - lb(ib1))).unwrap_or(Vec2::Y);
                let local_point = 0.5 * (lb(ib1) + lb(ib2));
                let normal = b.xf.q.apply(axis);
                if (a.vertex(ia) - b.xf.apply(local_point)).dot(normal) < 0.0 {
                    axis = -axis;
                }
                SeparationFunction {
                    kind: SeparationKind::FaceB,
                    axis,
                    local_point,
                    indices: [ia, ib1],
                }
            }
            [[ia1, ib], [ia2, _], ..] => {
                // Two vertices on A: A's edge. Its normal points towards B.
                let mut axis = try_normalize(right_perp(la(ia2) - la(ia1))).unwrap_or(Vec2::Y);
                let local_point = 0.5 * (la(ia1) + la(ia2));
                let normal = a.xf.q.apply(axis);
                if (b.vertex(ib) - a.xf.apply(local_point)).dot(normal) < 0.0 {
                    axis = -axis;
                }
                SeparationFunction {
                    kind: SeparationKind::FaceA,
                    axis,
                    local_point,
                    indices: [ia1, ib],
                }
            }
            [] => SeparationFunction {
                kind: SeparationKind::Points,
                axis: Vec2::Y,
                local_point: Vec2::ZERO,
                indices: [0, 0],
            },
        }
    }

    /// The axis in the pair frame with A and B placed as given (from A towards B).
    pub fn world_axis(&self, a: &Placed, b: &Placed) -> Vec2 {
        match self.kind {
            SeparationKind::Points => self.axis,
            SeparationKind::FaceA => a.xf.q.apply(self.axis),
            SeparationKind::FaceB => -b.xf.q.apply(self.axis),
        }
    }

    /// Outline step 4: the deepest pair along the axis with B at `b` (A's and B's vertex
    /// indices; a face's own side is its first vertex) and its separation.
    pub fn find_min_separation(&self, a: &Placed, b: &Placed) -> ([usize; 2], f32) {
        let indices = match self.kind {
            SeparationKind::Points => [a.support(self.axis), b.support(-self.axis)],
            SeparationKind::FaceA => {
                let n = a.xf.q.apply(self.axis);
                [self.indices[0], b.support(-n)]
            }
            SeparationKind::FaceB => {
                let n = b.xf.q.apply(self.axis);
                [a.support(-n), self.indices[1]]
            }
        };
        (indices, self.evaluate(a, b, indices))
    }

    /// The separation of the pair `indices` along the axis with B at `b`.
    pub fn evaluate(&self, a: &Placed, b: &Placed, indices: [usize; 2]) -> f32 {
        let [ia, ib] = indices;
        match self.kind {
            SeparationKind::Points => (b.vertex(ib) - a.vertex(ia)).dot(self.axis),
            SeparationKind::FaceA => {
                let n = a.xf.q.apply(self.axis);
                (b.vertex(ib) - a.xf.apply(self.local_point)).dot(n)
            }
            SeparationKind::FaceB => {
                let n = b.xf.q.apply(self.axis);
                (a.vertex(ia) - b.xf.apply(self.local_point)).dot(n)
            }
        }
    }
}
