//! Narrowphase Lab: 2D collision narrowphase (SAT, GJK/EPA, contact manifolds), traced so that
//! an app can draw every step of what the real algorithms compute.
//!
//! - [`geom`]: shapes and the traced algorithms (pure: no GUI, no strings for humans).
//! - [`scene`]: scene files (RON), validation, lectures, and the traces of a scene's pair.
//! - [`report`]: the JSON report of a scene's pair.
//! - [`sim`]: the consequences lab's solver, stepped on the same manifolds.
//! - `app` and `cli` (cargo feature `app`, on by default): the desktop app and the command line.
//!
//! Without the `app` feature (`default-features = false`) the library needs no windowing or GUI
//! crate: the traced narrowphase and the report can go into another engine or test suite.
//!
//! # Recording a trace
//!
//! Every algorithm takes a trace sink. `&mut Vec<Step>` records each step; [`geom::NoTrace`]
//! records nothing and the recording compiles away. A box resting on the ground, tilted by 10°,
//! touches at its lower corner; the manifold's steps say why:
//!
//! ```
//! use glam::Vec2;
//! use narrowphase_lab::geom::{ManifoldOptions, ManifoldStep, Shape, Transform, collide};
//!
//! let ground = Shape::make_box(8.0, 1.0, 0.0).unwrap();
//! let tilted = Shape::make_box(2.0, 1.0, 0.0).unwrap();
//! let mut steps: Vec<ManifoldStep> = Vec::new();
//! let m = collide(
//!     &ground,
//!     Transform::new(Vec2::new(0.0, -0.5), 0.0),
//!     &tilted,
//!     Transform::new(Vec2::new(0.0, 0.65), 10f32.to_radians()),
//!     &ManifoldOptions::default(),
//!     &mut steps,
//! );
//! for (k, step) in steps.iter().enumerate() {
//!     let what = match step {
//!         ManifoldStep::ReferenceFace { flip, .. } => format!("reference face on {}", if *flip { "B" } else { "A" }),
//!         ManifoldStep::IncidentFace(face) => format!("incident face: edge {}", face.edge),
//!         ManifoldStep::ClipSide { side, distances, .. } => format!("side plane {side}: distances {distances:?}"),
//!         ManifoldStep::Keep { candidates, .. } => format!(
//!             "kept {} of {}",
//!             candidates.iter().filter(|c| c.kept).count(),
//!             candidates.len()
//!         ),
//!         other => format!("{other:?}"),
//!     };
//!     println!("{}. {what}", k + 1);
//! }
//! // One corner dips into the ground; the other is lifted clear of it.
//! assert_eq!(m.len(), 1);
//! assert!(matches!(steps.last(), Some(ManifoldStep::Done(_))));
//! ```

#![warn(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "app")]
pub mod cli;
pub mod geom;
#[cfg(feature = "app")]
pub mod progress;
pub mod report;
pub mod scene;
pub mod sim;
