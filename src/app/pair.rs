//! The pair as the app sees it: both shapes, their transforms, and every trace the three modes
//! draw ([`PairTraces`], the same traced calls `report` prints) — computed once per change,
//! never re-derived here.

use crate::geom::{
    ManifoldOptions, ManifoldPoint, MinkowskiVertex, PairFrame, Rot, SatOptions, Shape, Transform,
    minkowski_hull,
};
use crate::scene::{self, Bodies, PairTraces, Scene};
use glam::Vec2;
use std::cell::OnceCell;

/// One contact point of the whole pair, with the part pair that made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// A's part and B's part ([0, 0] for two single shapes).
    pub parts: [usize; 2],
    /// The point (world coordinates; its id without the part bits).
    pub point: ManifoldPoint,
    /// The full id, part bits included (what an engine keys its contact cache on).
    pub id: u64,
    /// Its part pair's normal, A to B.
    pub normal: Vec2,
}

/// The scene's pair (both shapes, their transforms, the options, a compound's parts) and what
/// the algorithms computed for it: the library's [`scene::Pair`] as it is, beside its traces.
#[derive(Clone, Debug)]
pub struct Traced {
    /// The pair the traces were computed for.
    pub pair: scene::Pair,
    /// Every output and trace.
    pub traces: PairTraces,
    /// The Minkowski hull, built the first time a mode asks for it (once per pair).
    hull: OnceCell<Vec<MinkowskiVertex>>,
}

impl std::ops::Deref for Traced {
    type Target = PairTraces;

    fn deref(&self) -> &PairTraces {
        &self.traces
    }
}

impl Traced {
    /// Runs every traced algorithm on the pair.
    pub fn compute(pair: scene::Pair, sat_options: SatOptions) -> Traced {
        let traces = PairTraces::compute_with(&pair, sat_options);
        Traced {
            pair,
            traces,
            hull: OnceCell::new(),
        }
    }

    /// The traced pair of `scene`'s A and B, with reference-face `hysteresis` and SAT's
    /// `merge_parallel`, showing part pair `parts` (None: the deepest at the scene's own pose,
    /// validation's choice), B turned by `turn` radians about its origin when given (jitter).
    /// An invalid scene is an error.
    pub fn of_scene(
        scene: &Scene,
        hysteresis: bool,
        merge_parallel: bool,
        parts: Option<[usize; 2]>,
        turn: Option<f32>,
    ) -> Result<Traced, String> {
        let v = scene.validate().map_err(|e| e.to_string())?;
        let manifold = ManifoldOptions {
            speculative_margin: scene.speculative_margin,
            hysteresis,
            sticky: None,
        };
        let turned = |xf: Transform| match turn {
            Some(turn) => Transform {
                p: xf.p,
                q: Rot::from_angle(xf.q.angle() + turn),
            },
            None => xf,
        };
        let pair = match v.pair.bodies {
            // The part pair shown is the chosen one, or the deepest at the scene's own pose
            // (validation picked it): jitter wobbles the pair, it does not flip what is shown.
            Some(Bodies {
                parts: shapes,
                xfs,
                selected,
            }) => {
                let xfs = [xfs[0], turned(xfs[1])];
                scene::Pair::of_parts(shapes, xfs, parts.unwrap_or(selected), manifold)
            }
            None => scene::Pair {
                xf_b: turned(v.pair.xf_b),
                ..v.pair
            },
        };
        Ok(Traced::compute(
            scene::Pair {
                options: manifold,
                ..pair
            },
            SatOptions { merge_parallel },
        ))
    }

    /// Both shapes, each in its own frame (a compound body's shown part).
    pub fn shapes(&self) -> [&Shape; 2] {
        [&self.pair.a, &self.pair.b]
    }

    /// Both transforms to the world.
    pub fn xfs(&self) -> [Transform; 2] {
        [self.pair.xf_a, self.pair.xf_b]
    }

    /// Both shapes in the pair frame, the frame every trace is recorded in (nothing is
    /// computed: the placed shapes map their vertices on the fly).
    pub fn frame(&self) -> PairFrame<'_> {
        scene::frame_of(self.shapes(), self.xfs(), self.pair.bodies.as_ref())
    }

    /// The vertices of the Minkowski difference B − A of the cores, in the pair frame.
    pub fn minkowski_hull(&self) -> &[MinkowskiVertex] {
        self.hull.get_or_init(|| {
            let p = self.frame();
            minkowski_hull(&p.a, &p.b)
        })
    }

    /// The part pair every mode shows: A's part and B's part ([0, 0] for two single shapes).
    pub fn shown_parts(&self) -> [usize; 2] {
        self.pair.bodies.as_ref().map_or([0, 0], |b| b.selected)
    }

    /// How many parts each body has (1 for a single shape).
    pub fn part_counts(&self) -> [usize; 2] {
        self.pair
            .bodies
            .as_ref()
            .map_or([1, 1], |b| [b.parts[0].len(), b.parts[1].len()])
    }

    /// Every contact point of every part pair, numbered as the canvas labels them (`p0`, …):
    /// part pair by part pair in the body pair's order, the shown pair's from its traced
    /// manifold — so a point keeps its name when another part pair is shown — unless a chain's
    /// rule judged it (then the rule's points).
    pub fn contacts(&self) -> Vec<Contact> {
        let shown = self.shown_parts();
        // A chain's segment traces the plain two-sided manifold; its ghost-vertex rule may then
        // have dropped or replaced it: the points are the rule's.
        let judged = self
            .whole
            .segments
            .iter()
            .any(|v| v.parts == shown && v.applied);
        let m = &self.traces.manifold;
        let traced = || {
            m.points().map(move |p| Contact {
                parts: shown,
                point: *p,
                id: crate::geom::part_id(shown[0], shown[1], p.id.pack()),
                normal: m.normal,
            })
        };
        let mut out: Vec<Contact> = Vec::new();
        if !judged && !self.whole.manifolds.iter().any(|pm| pm.parts == shown) {
            out.extend(traced());
        }
        for pm in &self.whole.manifolds {
            if pm.parts == shown && !judged {
                out.extend(traced());
            } else {
                out.extend(pm.manifold.points().map(|p| Contact {
                    parts: pm.parts,
                    point: *p,
                    id: pm.id(p),
                    normal: pm.manifold.normal,
                }));
            }
        }
        out
    }

    /// The manifold's steps as the mode shows them (its closing record is not a step).
    pub fn manifold_shown_steps(&self) -> Vec<&crate::geom::ManifoldStep> {
        self.traces
            .manifold_steps
            .iter()
            .filter(|s| !matches!(s, crate::geom::ManifoldStep::Done(_)))
            .collect()
    }

    /// The SAT axis rows, in order.
    pub fn sat_axes(&self) -> impl Iterator<Item = &crate::geom::SatAxis> {
        self.traces.sat_steps.iter().filter_map(|s| match s {
            crate::geom::SatStep::Axis(a) => Some(a),
            _ => None,
        })
    }
}
