//! The library's tests (`geom`, `scene`, `sim`, `report`), one module per area: none needs
//! the app, a window or the binary, so they build with `--no-default-features` too. The long
//! random ones (properties, exact geometry at every scale) are in `long_random`.

#[path = "../common/mod.rs"]
mod common;

mod analytic;
mod chain;
mod chain_overlap;
mod claims;
mod compound;
mod continuous;
mod continuous_sim;
mod expected;
mod fuzz_scene;
mod house;
mod id_claims;
mod mode_traces;
mod module_graph;
mod notes;
mod oracle;
mod paste;
mod persistence;
mod perturb;
mod phase_scale;
mod questions;
mod scene_files;
mod scenes;
mod sim;
mod soft;
mod tour;
