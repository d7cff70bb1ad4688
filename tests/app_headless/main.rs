//! The app without a window: commands and whole frames fed to `App` on a headless egui
//! context (panels, canvas, quiz, Simulate, the sweep plot, saving and recovery files).

#[path = "../common/mod.rs"]
mod common;

mod arithmetic;
mod authoring;
mod chain_framing;
mod compound_app;
mod continuous;
mod expected;
mod file_safety;
mod headless;
mod help;
mod hysteresis;
mod kit;
mod lesson;
mod look;
mod narrow;
mod overview;
mod parting;
mod paste_beside;
mod phase_sweep;
mod presenter;
mod quiz;
mod sim_follow;
mod simulate_mode;
mod status;
mod step_words;
mod sweep_plot;
mod tour;
