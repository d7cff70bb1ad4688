//! Every drawing primitive of the canvas, on egui's painter (anti-aliased by feathering).
//!
//! Callers give world coordinates; [`Canvas`] maps them through the one
//! [`Camera`](crate::app::camera::Camera) to window pixels and then to egui points. Trace data
//! is in the pair frame: give its `origin` to [`Canvas::with_origin`] and draw it as is.
//!
//! The files: [`canvas`] (the painter, its camera and views, labels queued), [`primitives`]
//! (lines, arrows, points, polygons, shapes), [`record`] (what a frame drew, and the label
//! placement pass), [`colors`] (themes and palettes), [`priority`] (how much a label matters),
//! [`grid`](mod@grid) (the background grid, and where a picture may go beside the shapes),
//! [`inset`] (a view through a mode's own camera, and an inset magnifying a spot).

pub mod canvas;
pub mod colors;
pub mod grid;
pub mod inset;
pub mod primitives;
pub mod priority;
pub mod record;

pub use canvas::Canvas;
pub use grid::{grid, reach, side_towards};
pub use record::{Drawn, DrawnLabel, DrawnMark, DrawnView, MarkShape};
