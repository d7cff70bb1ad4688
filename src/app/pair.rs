//! The pair as the app sees it: both shapes, their transforms, and every trace the three modes
//! draw — computed once per change by the library's traced calls, never re-derived here.

use crate::geom::{
    EpaStep, GjkStep, Manifold, ManifoldOptions, ManifoldStep, QueryOutput, SatOptions, SatOutput,
    SatStep, Shape, Transform, collide, query, sat,
};

/// Both bodies and what the algorithms computed for them.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The shapes, each in its own frame.
    pub shapes: [Shape; 2],
    /// Their transforms.
    pub xfs: [Transform; 2],
    /// SAT options used.
    pub sat_options: SatOptions,
    /// Manifold options used.
    pub manifold_options: ManifoldOptions,
    /// SAT trace and result.
    pub sat_steps: Vec<SatStep>,
    /// SAT result.
    pub sat: SatOutput,
    /// GJK trace.
    pub gjk_steps: Vec<GjkStep>,
    /// EPA trace (empty when the cores are apart).
    pub epa_steps: Vec<EpaStep>,
    /// The GJK/EPA query result, radii folded in.
    pub query: QueryOutput,
    /// Manifold trace.
    pub manifold_steps: Vec<ManifoldStep>,
    /// The manifold.
    pub manifold: Manifold,
}

impl Pair {
    /// Runs every traced algorithm on the pair.
    pub fn compute(
        shapes: [Shape; 2],
        xfs: [Transform; 2],
        sat_options: SatOptions,
        manifold_options: ManifoldOptions,
    ) -> Pair {
        let [a, b] = &shapes;
        let mut sat_steps = Vec::new();
        let sat_out = sat(a, xfs[0], b, xfs[1], sat_options, &mut sat_steps);
        let mut gjk_steps = Vec::new();
        let mut epa_steps = Vec::new();
        let q = query(a, xfs[0], b, xfs[1], &mut gjk_steps, &mut epa_steps);
        let mut manifold_steps = Vec::new();
        let m = collide(a, xfs[0], b, xfs[1], &manifold_options, &mut manifold_steps);
        Pair {
            shapes,
            xfs,
            sat_options,
            manifold_options,
            sat_steps,
            sat: sat_out,
            gjk_steps,
            epa_steps,
            query: q,
            manifold_steps,
            manifold: m,
        }
    }

    /// The SAT axis rows, in order.
    pub fn sat_axes(&self) -> impl Iterator<Item = &crate::geom::SatAxis> {
        self.sat_steps.iter().filter_map(|s| match s {
            SatStep::Axis(a) => Some(a),
            _ => None,
        })
    }
}
