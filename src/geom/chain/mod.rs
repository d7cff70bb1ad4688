//! Chains: a static polyline of one-sided segments that know their neighbours.
//!
//! A floor made of tiles, or of a triangle mesh's edges, is collided one piece at a time. A box
//! sliding over it sinks a little into the piece it rests on (the solver keeps a slop), and for
//! a moment the next piece's end is its closest feature: a corner barely below the box's
//! bottom, beside its side face. The two-sided answer for that piece is a normal along the
//! floor, against the slide, and the solver stops the box dead at a seam that is flat. That is
//! the *ghost collision*. A chain's segment knows the vertex before its start and the one after
//! its end (its *ghost vertices*), so it can ask of every normal: could the surface really have
//! this normal here?
//!
//! - `types.rs`: what the rule reads and decides (joints, classes, reasons, candidates, steps);
//! - `segment.rs`: a segment with its neighbours, and the verdict on one normal;
//! - `rule.rs`: the contact of a segment with a body, every candidate normal weighed, traced;
//! - `nearest.rs`: the nearest features of a segment and a body, separations along a normal;
//! - `clip.rs`: the contact the winning normal makes, its clip traced.

pub mod clip;
pub mod nearest;
pub mod rule;
pub mod segment;
pub mod types;

pub use rule::{SegmentRule, collide_segment};
pub use segment::{ChainLink, SIN_TOLERANCE, SmoothSegment};
pub use types::*;
