//! How much a label matters when labels compete for room: the placement pass places the more
//! important first and drops a lesser one that finds no free spot.

/// The view's own words (title, hint, banner): fixed in place, never dropped.
pub const CHROME: u8 = 250;
/// The bodies' badges (A, B).
pub const BODY: u8 = 200;
/// What the current step is about (the new support point, the distance, the gap).
pub const KEY: u8 = 150;
/// Everything else the mode names.
pub const NORMAL: u8 = 100;
/// Secondary names (the vertices of a simplex, clipped points).
pub const MINOR: u8 = 60;
/// Grid numbers: fixed in place, the first to go.
pub const TICK: u8 = 0;
