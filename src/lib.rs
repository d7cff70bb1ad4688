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

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "app")]
pub mod cli;
pub mod geom;
pub mod report;
pub mod scene;
pub mod sim;
