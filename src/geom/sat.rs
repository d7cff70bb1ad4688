//! The separating axis test (SAT) for any pair of shapes.
//!
//! Two convex shapes are apart exactly when some line exists onto which their projections
//! ("shadows") do not overlap. In 2D the candidate lines are finite:
//!
//! 1. the edge normals of both polygon cores (a capsule's core has the two sides of its segment);
//! 2. when either shape is rounded (circle, capsule, rounded polygon), the line through the
//!    closest pair of core vertices — for a circle the centre-to-closest-vertex axis, for two
//!    circles the centre line. Where the rounded Minkowski difference is an arc, its normal
//!    is that line; without it a circle near a box corner would be reported as touching.
//!
//! Each axis gets both shapes' intervals and the gap `max(min_b − max_a, min_a − max_b)`
//! (positive: separated on that axis). The first positive gap is where an early-out would stop;
//! the largest gap is the least overlap: when every gap is negative, minus it is the penetration
//! depth and its axis, pointed from A to B, the contact normal. A gap of exactly zero is
//! touching, not overlap, and not separation either. Where axes tie (a box's bottom and top
//! faces lie on one line), the answer is the face that looks at the other body — the face a
//! student names, the one the normal leaves.
//!
//! The trace adds what a picture of each axis needs: the core vertices that cast each shadow
//! end, the ends the gap runs between, and whether the axis ties with the best one; the output
//! carries the minimum translation vector.
//!
//! Option: merge (anti)parallel axes — a line tested once is not tested again (a rectangle
//! contributes two axes, not four).
//!
//! # The trace, step by step
//!
//! A ball sunk 0.1 into a wide box: the box's two face lines (outline step 1, the other two
//! merged as parallel) and the line through its nearest corner (step 2); the top face's gap is
//! the largest, so it is the normal and `−0.1` the separation.
//!
//! ```
//! use glam::Vec2;
//! use narrowphase_lab::geom::{AxisSource, SatOptions, SatStep, Shape, Transform, sat};
//!
//! let ground = Shape::make_box(4.0, 1.0, 0.0).unwrap();
//! let ball = Shape::circle(0.5).unwrap();
//! let mut steps = Vec::new();
//! let out = sat(
//!     &ground,
//!     Transform::new(Vec2::ZERO, 0.0),
//!     &ball,
//!     Transform::new(Vec2::new(0.3, 0.9), 0.0),
//!     SatOptions { merge_parallel: true },
//!     &mut steps,
//! );
//! let mut printed = Vec::new();
//! for step in &steps {
//!     printed.push(match step {
//!         SatStep::Axis(axis) => match axis.source {
//!             AxisSource::FaceA(i) => format!("1. A's face {i}: gap {:+.2}", axis.gap),
//!             AxisSource::FaceB(j) => format!("1. B's face {j}: gap {:+.2}", axis.gap),
//!             AxisSource::Vertices { a, b } => {
//!                 format!("2. A's vertex {a} to B's vertex {b}: gap {:+.2}", axis.gap)
//!             }
//!         },
//!         SatStep::Merged { source, same_as } => {
//!             format!("1. {source:?}: on axis {same_as}'s line, skipped")
//!         }
//!         SatStep::Done(out) => format!(
//!             "least overlap: axis {}, separation {:+.2}",
//!             out.best, out.separation
//!         ),
//!     });
//! }
//! println!("{}", printed.join("\n"));
//! assert!(printed[0].starts_with("1. A's face"));
//! assert!(printed.iter().any(|p| p.starts_with("2. ")));
//! assert!(out.overlap());
//! assert!((out.separation + 0.1).abs() < 1e-5);
//! assert_eq!(out.normal, Vec2::Y);
//! ```

use super::frame::pair_frame;
use super::math::Transform;
use super::shape::{Placed, Shape};
use super::trace::Trace;
use glam::Vec2;

/// Where a candidate axis comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisSource {
    /// Normal of edge `i` of A's core.
    FaceA(usize),
    /// Normal of edge `j` of B's core.
    FaceB(usize),
    /// The line through A's core vertex `a` and B's core vertex `b`, the closest pair
    /// (a circle's centre, a capsule's cap centre, a rounded corner).
    Vertices {
        /// Index into A's core vertices.
        a: usize,
        /// Index into B's core vertices.
        b: usize,
    },
}

/// One candidate axis with both shadows on it. Intervals are in the pair frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatAxis {
    /// Unit axis (for a face, its outward normal; for a vertex pair, pointing from A's to B's).
    pub axis: Vec2,
    /// Where it comes from.
    pub source: AxisSource,
    /// A's projection interval `[min, max]` (rounded shape, radius included).
    pub a: [f32; 2],
    /// B's projection interval `[min, max]`.
    pub b: [f32; 2],
    /// `max(min_b − max_a, min_a − max_b)`: positive = separated on this axis.
    pub gap: f32,
    /// The two interval ends the gap (or the overlap) runs between, pair frame, A's end
    /// first: `[max_a, min_b]` when B's shadow lies on the `+axis` side of A's, else
    /// `[max_b, min_a]`. `gap = ±(gap_ends[1] − gap_ends[0])`, positive along the normal.
    pub gap_ends: [f32; 2],
    /// The core vertices of A that cast A's shadow ends: `[at min, at max]`, indices into A's
    /// core (the rounded shape's extreme point is that vertex plus `radius · (∓axis)`).
    /// Filled in the trace only: the untraced call leaves `[0, 0]`.
    pub support_a: [usize; 2],
    /// The core vertices of B that cast B's shadow ends: `[at min, at max]`, as for A.
    pub support_b: [usize; 2],
    /// True when this is not the best axis but its gap equals the best one's within
    /// [`TIE_ROUNDINGS`] roundings of the projections: it would give the same depth. Filled
    /// in the trace only.
    pub tie: bool,
}

/// How close two gaps must be to count as a tie for the best axis, in roundings of the
/// projections: a gap is the difference of two projection ends, each rounded relative to its
/// own size, so the tolerance is this many `f32::EPSILON`s of the largest end (the pair's size
/// and its distance from the pair frame's origin), never a fixed length.
pub const TIE_ROUNDINGS: f32 = 100.0;

/// How close a gap must be to the best one for a face that looks at the other body to be the
/// answer instead, in roundings of the projections: the same line seen from its two faces (a
/// box's bottom and top) gives gaps equal to the last bit or two. Tighter than
/// [`TIE_ROUNDINGS`]: a hundred roundings apart are two different lines (a 38-gon's faces
/// inside a 46-gon), and answering the worse of them would cost the separation its exactness.
pub const FACING_TIE_ROUNDINGS: f32 = 4.0;

impl SatAxis {
    /// The contact normal this axis gives, pointing from A to B along the axis.
    pub fn normal_a_to_b(&self) -> Vec2 {
        if b_ahead(self.a, self.b) {
            self.axis
        } else {
            -self.axis
        }
    }
}

/// A line tested so far: its axis, whose face names it, and both shadows on it.
#[derive(Clone, Copy)]
struct Line {
    axis: Vec2,
    source: AxisSource,
    a: [f32; 2],
    b: [f32; 2],
    /// Where its `Axis` step waits in the traced steps.
    step: usize,
}

impl Line {
    /// B's shadow lies on the `+axis` side of A's (the axis points from A to B).
    fn b_ahead(&self) -> bool {
        b_ahead(self.a, self.b)
    }

    fn faces_other(&self) -> bool {
        faces_other(self.source, self.b_ahead())
    }

    /// The same line seen along the opposite axis: the shadows negated exactly.
    fn flip(&mut self) {
        self.axis = -self.axis;
        self.a = [-self.a[1], -self.a[0]];
        self.b = [-self.b[1], -self.b[0]];
    }
}

/// B's shadow lies on the `+axis` side of A's (the rule [`SatAxis::normal_a_to_b`] uses).
fn b_ahead(a: [f32; 2], b: [f32; 2]) -> bool {
    b[0] - a[1] >= a[0] - b[1]
}

/// Whether an axis from `source` looks at the other body, given whether B lies on the
/// `+axis` side of A: A's face looks along its normal at B, B's face against it at A; a vertex
/// pair's line has no face to look the wrong way.
fn faces_other(source: AxisSource, b_ahead: bool) -> bool {
    match source {
        AxisSource::FaceA(_) => b_ahead,
        AxisSource::FaceB(_) => !b_ahead,
        AxisSource::Vertices { .. } => true,
    }
}

impl SatAxis {
    /// The same line named by another face on it: `flipped` when that face's normal points
    /// the other way (the shadows negated exactly, so the gap is unchanged).
    fn renamed(self, source: AxisSource, flipped: bool) -> SatAxis {
        if !flipped {
            return SatAxis { source, ..self };
        }
        let (a, b) = ([-self.a[1], -self.a[0]], [-self.b[1], -self.b[0]]);
        SatAxis {
            axis: -self.axis,
            source,
            a,
            b,
            gap_ends: gap_ends(a, b),
            support_a: [self.support_a[1], self.support_a[0]],
            support_b: [self.support_b[1], self.support_b[0]],
            ..self
        }
    }
}

/// The two shadow ends the gap runs between ([`SatAxis::gap_ends`]).
fn gap_ends(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    if b_ahead(a, b) {
        [a[1], b[0]]
    } else {
        [b[1], a[0]]
    }
}

/// Options for [`sat`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SatOptions {
    /// Skip an axis parallel or antiparallel to one already tested.
    pub merge_parallel: bool,
}

/// One step of the SAT trace.
#[derive(Clone, Debug, PartialEq)]
pub enum SatStep {
    /// A candidate axis was tested (the n-th `Axis` step is axis n of the output).
    Axis(SatAxis),
    /// A candidate was skipped because it is (anti)parallel to axis `same_as`.
    Merged {
        /// Where the skipped axis came from.
        source: AxisSource,
        /// Index of the axis already tested on the same line.
        same_as: usize,
    },
    /// The verdict (equal to the output).
    Done(SatOutput),
}

/// The result of the separating axis test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatOutput {
    /// How many axes were tested.
    pub axis_count: usize,
    /// The first axis with a positive gap: where an early-out would have stopped.
    pub first_separating: Option<usize>,
    /// The axis with the largest gap (least overlap). Among axes tied within a few roundings
    /// ([`FACING_TIE_ROUNDINGS`]), the first whose face looks at the other body (A's face along
    /// the normal, B's against it).
    pub best: usize,
    /// The largest gap: > 0 apart (a lower bound on the distance), exactly 0 touching, < 0
    /// overlapping (minus the penetration depth).
    pub separation: f32,
    /// The best axis pointed from A to B: the contact normal when they overlap.
    pub normal: Vec2,
    /// Frame origin of the traced intervals (A's position): world = pair frame + origin.
    pub origin: Vec2,
    /// The minimum translation vector: moving B by it (a world-frame displacement) ends the
    /// overlap, leaving the shapes touching. `normal · −separation` when they overlap (it points
    /// from A to B, its length is the depth); zero when they do not.
    pub mtv: Vec2,
}

impl SatOutput {
    /// True when the shapes overlap (every gap is negative).
    pub fn overlap(&self) -> bool {
        self.separation < 0.0
    }
}

/// Runs SAT on `a` at `xf_a` and `b` at `xf_b`.
pub fn sat(
    a: &Shape,
    xf_a: Transform,
    b: &Shape,
    xf_b: Transform,
    options: SatOptions,
    trace: &mut impl Trace<SatStep>,
) -> SatOutput {
    let pair = pair_frame(a, xf_a, b, xf_b);
    sat_cores(&pair.a, &pair.b, pair.origin, options, trace)
}

/// The closest pair of core vertices `(i, j, b_j − a_i)`.
fn closest_vertex_pair(a: &Placed, b: &Placed) -> (usize, usize, Vec2) {
    let mut best = (0, 0, b.vertex(0) - a.vertex(0));
    for (i, va) in a.vertices().enumerate() {
        for (j, vb) in b.vertices().enumerate() {
            let d = vb - va;
            if d.length_squared() < best.2.length_squared() {
                best = (i, j, d);
            }
        }
    }
    best
}

/// SAT on two shapes already in one frame (the pair frame, whose world position is `origin`).
pub fn sat_cores<T: Trace<SatStep>>(
    a: &Placed,
    b: &Placed,
    origin: Vec2,
    options: SatOptions,
    trace: &mut T,
) -> SatOutput {
    // 1. The candidates, in a fixed order: A's faces, B's faces, the vertex-pair axis.
    let mut candidates: Vec<(Vec2, AxisSource)> = Vec::with_capacity(a.count() + b.count() + 1);
    if a.count() >= 2 {
        candidates.extend((0..a.count()).map(|i| (a.normal(i), AxisSource::FaceA(i))));
    }
    if b.count() >= 2 {
        candidates.extend((0..b.count()).map(|j| (b.normal(j), AxisSource::FaceB(j))));
    }
    if a.radius() > 0.0 || b.radius() > 0.0 || candidates.is_empty() {
        let (i, j, d) = closest_vertex_pair(a, b);
        // Coincident vertices define no line: fall back to the centre line, then straight up.
        let axis = super::math::try_normalize(d)
            .or_else(|| super::math::try_normalize(b.centroid() - a.centroid()))
            .unwrap_or(Vec2::Y);
        candidates.push((axis, AxisSource::Vertices { a: i, b: j }));
    }

    // 2. Project both shapes on each line that is not a repeat.
    let mut tested: Vec<Line> = Vec::with_capacity(candidates.len());
    let mut first_separating = None;
    let mut best = 0;
    let mut best_gap = f32::NEG_INFINITY;
    let mut best_normal = Vec2::Y;
    // Traced steps wait here until the best axis is known, so each row can say if it ties.
    let mut pending: Vec<SatStep> = Vec::new();
    for (axis, source) in candidates {
        if options.merge_parallel {
            // Same line up to rounding (1e-6 rad). A looser test would merge distinct lines:
            // at 1e-3 rad apart their gaps differ by a thousandth of the shapes' size.
            if let Some(k) = tested
                .iter()
                .position(|t| super::math::cross(t.axis, axis).abs() <= 1.0e-6)
            {
                // A line has two faces on it (a box's top and bottom); the row is named by
                // the one that looks at the other body, as a student names the contact's
                // face, so the ★ row, the normal and the quiz's answer agree.
                let line = &mut tested[k];
                let flipped = line.axis.dot(axis) < 0.0;
                let mut seen = Line { source, ..*line };
                if flipped {
                    seen.flip();
                }
                let skipped = if !line.faces_other() && seen.faces_other() {
                    let renamed = line.source;
                    if T::ENABLED
                        && let SatStep::Axis(row) = &mut pending[line.step]
                    {
                        *row = row.renamed(source, flipped);
                    }
                    *line = seen;
                    renamed
                } else {
                    source
                };
                if T::ENABLED {
                    pending.push(SatStep::Merged {
                        source: skipped,
                        same_as: k,
                    });
                }
                continue;
            }
        }
        let ia = a.project(axis);
        let ib = b.project(axis);
        let gap = (ib[0] - ia[1]).max(ia[0] - ib[1]);
        let row = SatAxis {
            axis,
            source,
            a: ia,
            b: ib,
            gap,
            gap_ends: gap_ends(ia, ib),
            support_a: [0, 0],
            support_b: [0, 0],
            tie: false,
        };
        let index = tested.len();
        tested.push(Line {
            axis,
            source,
            a: ia,
            b: ib,
            step: pending.len(),
        });
        if gap > 0.0 && first_separating.is_none() {
            first_separating = Some(index);
        }
        if gap > best_gap {
            best_gap = gap;
            best = index;
        }
        if T::ENABLED {
            pending.push(SatStep::Axis(SatAxis {
                support_a: [a.support(-axis), a.support(axis)],
                support_b: [b.support(-axis), b.support(axis)],
                ..row
            }));
        }
    }
    // 3. Among the lines tied for the best gap, the answer is one whose face looks at the
    //    other body (a box's bottom face ties with its top one): the face a student names,
    //    the one the contact normal leaves. Ties are within a few roundings of the
    //    projections ([`FACING_TIE_ROUNDINGS`]).
    let ends = tested
        .iter()
        .map(|l| {
            l.a[0]
                .abs()
                .max(l.a[1].abs())
                .max(l.b[0].abs())
                .max(l.b[1].abs())
        })
        .fold(0.0, f32::max);
    let tolerance = TIE_ROUNDINGS * f32::EPSILON * ends;
    let gap_of = |l: &Line| (l.b[0] - l.a[1]).max(l.a[0] - l.b[1]);
    let facing_tolerance = FACING_TIE_ROUNDINGS * f32::EPSILON * ends;
    if tested.get(best).is_some_and(|l| !l.faces_other())
        && let Some(k) = tested
            .iter()
            .position(|l| l.faces_other() && (gap_of(l) - best_gap).abs() <= facing_tolerance)
    {
        best = k;
        best_gap = gap_of(&tested[k]);
    }
    if let Some(line) = tested.get(best) {
        // Pointed from A to B along the best line (a renamed row's axis is the same line).
        best_normal = if line.b_ahead() {
            line.axis
        } else {
            -line.axis
        };
    }

    let out = SatOutput {
        axis_count: tested.len(),
        first_separating,
        best,
        separation: best_gap,
        normal: best_normal,
        origin,
        mtv: if best_gap < 0.0 {
            best_normal * -best_gap
        } else {
            Vec2::ZERO
        },
    };
    // 4. Mark the ties with the best axis, then hand the steps over in order.
    let mut index = 0;
    for mut step in pending {
        if let SatStep::Axis(row) = &mut step {
            row.tie = index != best && (row.gap - best_gap).abs() <= tolerance;
            index += 1;
        }
        trace.step(|| step);
    }
    trace.step(|| SatStep::Done(out));
    out
}
