//! Narrowphase Lab: 2D collision narrowphase (SAT, GJK/EPA, contact manifolds), traced so that
//! an app can draw every step of what the real algorithms compute.
//!
//! - [`geom`]: shapes and the traced algorithms (pure: no GUI, no strings for humans).
//! - [`scene`]: scene files (RON), validation, lectures, and the traces of a scene's pair.
//! - [`report`]: the JSON report of a scene's pair.
//! - [`cli`]: the command line (`report`, `check`, and the app's flags as [`cli::AppArgs`]).

pub mod app;
pub mod cli;
pub mod geom;
pub mod report;
pub mod scene;
