//! The continuous lab: the shape cast and the time of impact against the exact first contact
//! of two shapes under translation (f64, written here), parry2d's cast as a second oracle, and
//! the trace = untraced property.

mod cast;
mod chain;
mod curves;
mod exact;
mod scene;
mod toi;
