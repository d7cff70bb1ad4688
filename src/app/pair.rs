//! The pair as the app sees it: both shapes, their transforms, and every trace the three modes
//! draw ([`PairTraces`], the same traced calls `report` prints) — computed once per change,
//! never re-derived here.

use crate::geom::{ManifoldOptions, SatOptions, Shape, Transform};
use crate::scene::{self, PairTraces};

/// Both bodies and what the algorithms computed for them.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The shapes, each in its own frame.
    pub shapes: [Shape; 2],
    /// Their transforms.
    pub xfs: [Transform; 2],
    /// Manifold options used.
    pub manifold_options: ManifoldOptions,
    /// Every output and trace.
    pub traces: PairTraces,
}

impl std::ops::Deref for Pair {
    type Target = PairTraces;

    fn deref(&self) -> &PairTraces {
        &self.traces
    }
}

impl Pair {
    /// Runs every traced algorithm on the pair.
    pub fn compute(
        shapes: [Shape; 2],
        xfs: [Transform; 2],
        sat_options: SatOptions,
        manifold_options: ManifoldOptions,
    ) -> Pair {
        let [a, b] = shapes;
        let pair = scene::Pair {
            a,
            xf_a: xfs[0],
            b,
            xf_b: xfs[1],
            options: manifold_options,
        };
        let traces = PairTraces::compute_with(&pair, sat_options);
        Pair {
            shapes,
            xfs,
            manifold_options,
            traces,
        }
    }

    /// The SAT axis rows, in order.
    pub fn sat_axes(&self) -> impl Iterator<Item = &crate::geom::SatAxis> {
        self.traces.sat_steps.iter().filter_map(|s| match s {
            crate::geom::SatStep::Axis(a) => Some(a),
            _ => None,
        })
    }
}
