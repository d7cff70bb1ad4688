//! The command line: the binary run on good and broken files (`report`, `check`, `sweep`,
//! `simulate` and seed 000's claims through it).

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod paste;
mod perturb;
mod progress;
mod sim_claims;
mod sweep;
mod toi;
