//! The library's long random tests: proptest properties against the brute force and parry2d,
//! and `report` against exact f64 geometry over thousands of random scenes at every scale.
//! Left out of the fast tier (README), run by `cargo test --release`.

#[path = "../common/mod.rs"]
mod common;

mod exact;
mod properties;
