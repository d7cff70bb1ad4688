//! Narrowphase Lab: 2D collision narrowphase (SAT, GJK/EPA, contact manifolds), traced so that
//! an app can draw every step of what the real algorithms compute.
//!
//! - [`geom`]: shapes and the traced algorithms (pure: no GUI, no strings for humans).

pub mod geom;
