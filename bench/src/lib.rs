//! The speed anchors beside our narrowphase: the benchmark pairs (shared with the root
//! package's criterion benchmarks) and Box2D v3's raw `b2Collide*` functions on the same poses.

#[path = "../../benches/support/pairs.rs"]
pub mod pairs;

pub mod b2;

pub mod lab;
