//! The consequences lab's solver: rigid bodies stepped on the manifolds the other modes trace,
//! so that a student sees what the manifold's details are for (seed 000: one point and the box
//! rocks, two and it sits; churning ids lose the warm start and a stack sinks; without part
//! bits a star's two spikes share one warm start).
//!
//! It is box2d-lite's kind, small and readable. One step of `h = 1 / hz` seconds
//! ([`World::step`]):
//!
//! 1. **Collide** every body pair (A is static; B and `sim.bodies` dynamic) with
//!    [`crate::geom::collide_compound`] — the same `collide` every mode traces, part pair by part
//!    pair — with the scene's speculative margin, and shape each manifold by the run's
//!    [`Variant`]: all points, the deepest, or one in the middle; reference-face hysteresis on or
//!    off; part bits in the ids or not ([`contact`]).
//! 2. **Match** each point's feature id against the same body pair's points of the last step
//!    (the contact cache): a match is *persisted* and, with warm starting, starts from that
//!    point's impulses.
//! 3. **Gravity** into the dynamic bodies' velocities.
//! 4. **Solve** with sequential impulses ([`solver`]): warm start, then `iterations` passes,
//!    each point's normal impulse accumulated and clamped to ≥ 0, its friction clamped to `±μ`
//!    times that; speculative points (separation > 0) only stop the gap from closing within the
//!    step. Then position correction by *split impulses*: penetration beyond a slop
//!    ([`crate::geom::LINEAR_SLOP`] times the pair's smaller body size), a fifth of it per step,
//!    solved as a pseudo-velocity that moves the bodies this step and is forgotten (Baumgarte's
//!    bias in the real velocity adds energy: tried first, it set a six-box stack swaying by 1.5°).
//! 5. **Move** the bodies with their new velocities (symplectic Euler: `v += h a`, then
//!    `x += h v`), plus the step's pseudo-velocity. With `Variant(continuous: true)` a fast
//!    body's move is then cut at its time of impact against the static body ([`ccd`]), and
//!    [`tunnel`] measures, over a bullet's speed, which ways of stepping let it pass a wall.
//!
//! Steps 3–5 are box2d-lite's by default; `Sim(solver: SoftStep, substeps: n)` runs them as
//! Box2D v3's soft step instead ([`soft`]: sub-steps, soft contacts, a relaxing pass), the
//! solver that holds a tall stack still where box2d-lite's sways.
//!
//! Mass and inertia come from the shape at density 1 ([`mass`]), exactly for rounded shapes and
//! by their parts for compounds. Everything is `f32` in a fixed order, so the same scene and
//! variant give the same run bit for bit: a [`Run`] steps back by replaying from the start.
//! [`summary`] measures a run for `narrowphase-lab simulate`.
//!
//! ```
//! use narrowphase_lab::scene::{parse, Variant};
//! use narrowphase_lab::sim::World;
//!
//! let text = "Scene(title: \"Drop\", \
//!     a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
//!     b: Body(shape: Box(width: 1.0, height: 1.0), position: (0.0, 1.0)))";
//! let scene = parse(text, "drop.ron").unwrap().scene;
//! let mut world = World::new(&scene, Variant::FULL).unwrap();
//! for _ in 0..120 {
//!     world.step();
//! }
//! // Two seconds later the box rests on the ground on two persisted points.
//! let y = world.bodies()[1].position().y;
//! assert!((y - 0.5).abs() < 0.01, "{y}");
//! assert_eq!((world.stats().points, world.stats().persisted), (2, 2));
//! ```

pub mod ccd;
pub mod contact;
pub mod diff;
pub mod follow;
pub mod mass;
pub mod perturb;
pub mod phase;
pub mod run;
pub mod scale;
pub mod seams;
pub mod soft;
pub mod solver;
pub mod summary;
pub mod tunnel;
pub mod view;
pub mod world;

pub use crate::scene::{Points, Variant};
pub use contact::{PairContacts, PointState, SimManifold, SimPoint};
pub use diff::{Difference, Parting, first_parting};
pub use follow::{deepest_point, follow_zoom, is_speck};
pub use mass::{MassProps, mass_props};
pub use phase::{PhaseJob, PhaseOutcome, PhaseSweep};
pub use run::{Lab, MAX_SNAPSHOTS, MIN_SNAPSHOT_INTERVAL, Run};
pub use seams::seams;
pub use summary::{BodySummary, ContactSummary, Summary};
pub use tunnel::TunnelSweep;
pub use view::exaggeration;
pub use world::{Settings, SimBody, StepStats, World, persisted_fraction};
