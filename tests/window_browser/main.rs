//! The app in a real window under Xvfb, driven as a person would (`xdotool`, screenshots,
//! `--print-state`), and the browser build in headless Chromium. The kit is `window/mod.rs`;
//! without its tools these skip loudly, except under CI. Left out of the fast tier (README).

#[path = "../common/mod.rs"]
mod common;
#[path = "../window/mod.rs"]
mod window;

mod author_window;
mod compound_window;
mod continuous_window;
mod follow_window;
mod gui;
mod look_window;
mod pictures;
mod quiz_window;
mod random_input;
mod sim_window;
mod slides;
mod tour_window;
mod web;
