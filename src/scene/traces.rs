//! Every traced call for a scene's pair, computed once: what the app draws and `report` prints.
//!
//! [`PairTraces::compute`] runs the three algorithms on the pair with recording sinks:
//!
//! 1. `sat` — every candidate axis and both shadows on it;
//! 2. `query` — GJK on the cores, EPA when they meet, radii folded back in (overlap, signed
//!    separation and normal of the pair);
//! 3. `collide` — the contact manifold and how it was made (reference and incident faces,
//!    clipping, or a circle's closed form), with the scene's speculative margin.
//!
//! Recompute only when the pair changes. Steps are in the pair frame (world minus
//! [`PairTraces::origin`], A's position); outputs say in their docs which frame they use.

use super::validate::{Bodies, Pair};
use crate::geom::chain::{SmoothSegment, collide_segment};
use crate::geom::query::support_planes;
use crate::geom::{
    EpaStep, GjkStep, Manifold, ManifoldStep, PairFrame, PartManifold, QueryOutput, SatOptions,
    SatOutput, SatStep, SegmentVerdict, collide_compound, collide_in, parts_frame, query_in,
    sat_cores, select_parts,
};
use glam::Vec2;

/// Two bodies, every part pair considered: what `report` prints at its top level.
#[derive(Clone, Debug, PartialEq)]
pub struct Whole {
    /// One manifold per part pair with points (world coordinates; ids without part bits, see
    /// [`PartManifold::id`]).
    pub manifolds: Vec<PartManifold>,
    /// True when any part pair overlaps.
    pub overlap: bool,
    /// The least separation over the part pairs.
    pub separation: f32,
    /// The normal of the part pair with that separation (A to B).
    pub normal: Vec2,
    /// The part pair every trace describes.
    pub selected: [usize; 2],
    /// For a chain: every segment collided, with what its rule decided (see
    /// [`crate::geom::chain`]).
    pub segments: Vec<SegmentVerdict>,
    /// For a chain: each of `segments`' rule, traced (its candidates, winner and clip; the last
    /// step is `Done` with that segment's manifold).
    pub segment_steps: Vec<Vec<ManifoldStep>>,
}

impl Whole {
    /// Every point of every manifold, with its full id (part bits included).
    pub fn points(&self) -> impl Iterator<Item = (u64, &crate::geom::ManifoldPoint)> {
        self.manifolds
            .iter()
            .flat_map(|m| m.manifold.points().map(move |p| (m.id(p), p)))
    }
}

/// How many roundings of the pair's size two depths may differ by and still be the same depth.
const SAME_DEPTH_ROUNDINGS: f32 = 16.0;

/// Which path `collide` took for the pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManifoldPath {
    /// Circle against circle: closed form.
    CircleCircle,
    /// A circle against a polygon-like core: closed form.
    CirclePolygon,
    /// Reference face, incident face, clipping.
    SatClip,
    /// Rounded cores apart with two corners closest: one point on the corner line.
    SatCorner,
}

impl ManifoldPath {
    /// The name used in the report's `algorithm` field.
    pub fn name(self) -> &'static str {
        match self {
            ManifoldPath::CircleCircle => "circle",
            ManifoldPath::CirclePolygon => "circle-polygon",
            ManifoldPath::SatClip => "sat+clip",
            ManifoldPath::SatCorner => "sat+corner",
        }
    }
}

/// The outputs and traces of every algorithm for one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct PairTraces {
    /// The separating axis test (intervals in the pair frame; see `sat.origin`).
    pub sat: SatOutput,
    /// Its steps: one `Axis` per candidate, then `Done`.
    pub sat_steps: Vec<SatStep>,
    /// GJK, EPA and radii: overlap, separation and normal (points in world coordinates).
    pub query: QueryOutput,
    /// GJK's iterations.
    pub gjk_steps: Vec<GjkStep>,
    /// EPA's iterations (empty when the cores are apart).
    pub epa_steps: Vec<EpaStep>,
    /// The contact manifold (world coordinates).
    pub manifold: Manifold,
    /// How it was made; the last step is `Done` with the manifold.
    pub manifold_steps: Vec<ManifoldStep>,
    /// The pair's contact normal (unit, A to B), as `report` prints it; see [`pair_normal`].
    pub normal: Vec2,
    /// The whole pair: every part pair's manifold and the answer over all of them (for two
    /// single shapes, the one manifold and the query's answer).
    pub whole: Whole,
}

impl PairTraces {
    /// Runs SAT (every axis, none merged), the GJK/EPA query and the manifold on `pair`.
    pub fn compute(pair: &Pair) -> PairTraces {
        PairTraces::compute_with(pair, SatOptions::default())
    }

    /// As [`PairTraces::compute`], with SAT options (e.g. merging parallel axes).
    pub fn compute_with(pair: &Pair, sat_options: SatOptions) -> PairTraces {
        let Pair {
            options, bodies, ..
        } = pair;
        let f = pair.frame();
        let mut sat_steps = Vec::new();
        let sat = sat_cores(&f.a, &f.b, f.origin, sat_options, &mut sat_steps);
        let (mut gjk_steps, mut epa_steps) = (Vec::new(), Vec::new());
        let query = query_in(&f, &mut gjk_steps, &mut epa_steps);
        let mut manifold_steps = Vec::new();
        // A chain's segment: its rule makes the manifold, so the trace is the rule's.
        let link = bodies
            .as_ref()
            .and_then(|b| b.parts[0].get(b.selected[0]))
            .and_then(|part| part.link);
        let manifold = match link {
            Some(link) => {
                let segment = SmoothSegment::of_pair(&f, &link);
                collide_segment(&f, &segment, options, &mut manifold_steps).manifold
            }
            None => collide_in(&f, options, &mut manifold_steps),
        };
        let normal = pair_normal(&f, &query, &manifold);
        let whole = match bodies {
            None => Whole {
                manifolds: (!manifold.is_empty())
                    .then_some(PartManifold {
                        parts: [0, 0],
                        manifold,
                    })
                    .into_iter()
                    .collect(),
                overlap: query.overlap,
                separation: query.separation,
                normal,
                selected: [0, 0],
                segments: Vec::new(),
                segment_steps: Vec::new(),
            },
            Some(Bodies {
                parts,
                xfs,
                selected,
            }) => {
                let all = collide_compound(&parts[0], xfs[0], &parts[1], xfs[1], options);
                let least = select_parts(&parts[0], xfs[0], &parts[1], xfs[1]);
                let segment_steps = all
                    .segments
                    .iter()
                    .map(|v| {
                        let [i, j] = v.parts;
                        let pf = parts_frame(&parts[0][i], xfs[0], &parts[1][j], xfs[1]);
                        let mut steps = Vec::new();
                        if let Some(link) = &parts[0][i].link {
                            let segment = SmoothSegment::of_pair(&pf, link);
                            collide_segment(&pf, &segment, options, &mut steps);
                        }
                        steps
                    })
                    .collect();
                Whole {
                    manifolds: all.manifolds,
                    overlap: least.overlap(),
                    separation: least.separation,
                    normal: least.normal,
                    selected: *selected,
                    segments: all.segments,
                    segment_steps,
                }
            }
        };
        PairTraces {
            normal,
            whole,
            sat,
            sat_steps,
            query,
            gjk_steps,
            epa_steps,
            manifold,
            manifold_steps,
        }
    }

    /// The pair frame's world position (A's position): world = traced point + origin.
    pub fn origin(&self) -> Vec2 {
        self.query.origin
    }

    /// Converts the traces' pair-frame values to the world (as `report` prints them).
    pub fn to_world(&self) -> crate::geom::ToWorld {
        crate::geom::ToWorld {
            origin: self.query.origin,
        }
    }

    /// Which path `collide` took, read from its trace.
    pub fn manifold_path(&self) -> ManifoldPath {
        let mut path = ManifoldPath::SatClip;
        for step in &self.manifold_steps {
            match step {
                ManifoldStep::Circles { .. } => return ManifoldPath::CircleCircle,
                ManifoldStep::CircleCore { .. } => return ManifoldPath::CirclePolygon,
                ManifoldStep::Corner { .. } => path = ManifoldPath::SatCorner,
                _ => {}
            }
        }
        path
    }
}

/// The pair's contact normal (unit, A to B): the manifold's normal when it has points and the
/// shapes' separation along it equals the query's (up to rounding) — it is then exactly as right,
/// and the points are the midpoints along the normal reported with them — otherwise (the
/// reference face kept by hysteresis, or no points) the GJK/EPA query's. The two differ only
/// where several normals are equally right: a circle centred on a box's corner touches two faces
/// equally, and each algorithm picks one.
pub fn pair_normal(f: &PairFrame, query: &QueryOutput, manifold: &Manifold) -> Vec2 {
    if manifold.is_empty() {
        return query.normal;
    }
    let n = manifold.normal;
    let (plane_a, plane_b) = support_planes(&f.a, &f.b, n);
    let along = plane_b - plane_a - f.a.radius() - f.b.radius();
    let scale = f.a.shape.bounding_radius()
        + f.b.shape.bounding_radius()
        + f.a.xf.p.length()
        + f.b.xf.p.length();
    let rounding = SAME_DEPTH_ROUNDINGS * f32::EPSILON * scale;
    if (along - query.separation).abs() <= rounding {
        n
    } else {
        query.normal
    }
}
