//! The narrowphase: shapes, and what the algorithms compute for a pair of them.
//!
//! Conventions, stated once for every pair query here:
//!
//! - Queries take `(a, xf_a, b, xf_b)`: each shape in its own frame and its transform to world.
//! - World units, y up, angles counter-clockwise, `f32`.
//! - The normal points **from A to B**; `separation` is signed: negative = penetrating; touching
//!   (exactly 0) is not overlap.
//! - Rounded shapes (circle, capsule, rounded polygon) are a convex core plus a radius; the
//!   algorithms run on the cores and fold the radii back in.
//! - Results never contain NaN: degenerate normals fall back to the centre line, then (0, 1).
//! - Each algorithm is written once and takes a [`Trace`] sink (see [`trace`]); traced steps are
//!   in the pair frame, world minus the query's `origin` (A's position).
//!
//! ```
//! use narrowphase_lab::geom::{Shape, Transform, collide, ManifoldOptions, NoTrace};
//! use glam::Vec2;
//!
//! // A 1×1 box resting 0.01 deep on a wide floor: two points, normal up.
//! let floor = Shape::make_box(10.0, 1.0, 0.0).unwrap();
//! let crate_ = Shape::make_box(1.0, 1.0, 0.0).unwrap();
//! let m = collide(
//!     &floor, Transform::new(Vec2::new(0.0, -0.5), 0.0),
//!     &crate_, Transform::new(Vec2::new(0.0, 0.49), 0.0),
//!     &ManifoldOptions::default(), &mut NoTrace,
//! );
//! assert_eq!(m.len(), 2);
//! assert!((m.normal - Vec2::Y).length() < 1e-6);
//! assert!(m.points().all(|p| (p.separation + 0.01).abs() < 1e-5));
//! ```

pub mod cast;
pub mod chain;
pub mod compound;
pub mod contact;
pub mod epa;
pub mod frame;
pub mod gjk;
pub mod hull;
pub mod limits;
pub mod math;
pub mod query;
pub mod sat;
pub mod shape;
pub mod toi;
pub mod toi_parts;
pub mod trace;

pub use cast::{
    CastInput, CastOutput, CastStep, CastStop, MAX_CAST_ITERATIONS, PartsCast, SweepState, cast_in,
    cast_parts, default_slop, shape_cast,
};
pub use compound::{
    CompoundOutput, PartManifold, PlacedPart, SegmentVerdict, chain_joints, collide_bodies,
    collide_bodies_with, collide_compound, part_id, parts_frame, select_parts,
};
pub use contact::{
    Candidate, CircleRegion, ClipVertex, ContactId, Face, FeatureId, FeatureKind, IncidentFeature,
    Manifold, ManifoldOptions, ManifoldPoint, ManifoldStep, collide, collide_in,
};
pub use epa::{EpaGuard, EpaOutput, EpaStep, MAX_EPA_ITERATIONS, epa};
pub use frame::{PairFrame, ToWorld, pair_frame};
pub use gjk::{GjkOutput, GjkStep, GjkStop, MAX_GJK_ITERATIONS, SimplexVertex, VoronoiRegion, gjk};
pub use hull::{MinkowskiVertex, convex_hull, minkowski_hull};
pub use math::{LINEAR_SLOP, Rot, Transform};
pub use query::{QueryOutput, query, query_in};
pub use sat::{AxisSource, SatAxis, SatOptions, SatOutput, SatStep, sat, sat_cores};
pub use shape::{MAX_VERTICES, Placed, Shape, ShapeError, ShapeKind, ShapeParam, ShapeWarning};
pub use toi::{
    MAX_PUSH_BACKS, MAX_ROOT_STEPS, MAX_TOI_ITERATIONS, RootMethod, SeparationFunction,
    SeparationKind, Sweep, ToiOutput, ToiStep, time_of_impact, toi_in,
};
pub use toi_parts::toi_parts;
pub use trace::{NoTrace, Trace};
