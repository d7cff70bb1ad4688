//! The pair as the app sees it: both shapes, their transforms, and every trace the three modes
//! draw ([`PairTraces`], the same traced calls `report` prints) — computed once per change,
//! never re-derived here.

use crate::geom::{
    ManifoldOptions, MinkowskiVertex, PairFrame, SatOptions, Shape, Transform, minkowski_hull,
    pair_frame,
};
use crate::scene::{self, Bodies, PairTraces};
use std::cell::OnceCell;

/// Both bodies and what the algorithms computed for them.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The shapes, each in its own frame (a compound body's selected part).
    pub shapes: [Shape; 2],
    /// Compound bodies' parts and transforms, when either body is one.
    pub bodies: Option<Bodies>,
    /// Their transforms.
    pub xfs: [Transform; 2],
    /// Manifold options used.
    pub manifold_options: ManifoldOptions,
    /// Every output and trace.
    pub traces: PairTraces,
    /// The Minkowski hull, built the first time a mode asks for it (once per pair).
    hull: OnceCell<Vec<MinkowskiVertex>>,
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
        bodies: Option<Bodies>,
    ) -> Pair {
        let [a, b] = shapes;
        let pair = scene::Pair {
            a,
            xf_a: xfs[0],
            b,
            xf_b: xfs[1],
            options: manifold_options,
            bodies: bodies.clone(),
        };
        let traces = PairTraces::compute_with(&pair, sat_options);
        Pair {
            shapes,
            bodies,
            xfs,
            manifold_options,
            traces,
            hull: OnceCell::new(),
        }
    }

    /// Both shapes in the pair frame, the frame every trace is recorded in (nothing is
    /// computed: the placed shapes map their vertices on the fly).
    pub fn frame(&self) -> PairFrame<'_> {
        pair_frame(&self.shapes[0], self.xfs[0], &self.shapes[1], self.xfs[1])
    }

    /// The vertices of the Minkowski difference B − A of the cores, in the pair frame.
    pub fn minkowski_hull(&self) -> &[MinkowskiVertex] {
        self.hull.get_or_init(|| {
            let p = self.frame();
            minkowski_hull(&p.a, &p.b)
        })
    }

    /// The SAT axis rows, in order.
    pub fn sat_axes(&self) -> impl Iterator<Item = &crate::geom::SatAxis> {
        self.traces.sat_steps.iter().filter_map(|s| match s {
            crate::geom::SatStep::Axis(a) => Some(a),
            _ => None,
        })
    }
}
