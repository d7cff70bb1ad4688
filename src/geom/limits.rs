//! Every numeric range the program accepts, stated once. The scene validator, the shape
//! constructors, the camera and the panels all read their limits from here, so a value one
//! accepts is never refused or clamped by another.
//!
//! The ranges keep `f32` arithmetic meaningful: products of two coordinates stay finite, and a
//! shape is never smaller than a rounding of its own position by more than the tolerances in
//! the algorithms can absorb.

/// Most core vertices of a polygon.
pub const MAX_VERTICES: usize = 64;
/// Smallest accepted size (width, height, length, radius, circumradius), in world units.
pub const MIN_SIZE: f32 = 1.0e-6;
/// Largest accepted size, and largest |coordinate| of a polygon vertex, in world units.
pub const MAX_SIZE: f32 = 1.0e6;
/// Largest accepted |coordinate| of a position or of the view centre, in world units.
pub const MAX_COORDINATE: f32 = 1.0e6;
/// Largest accepted |angle| in degrees.
pub const MAX_ANGLE_DEG: f32 = 1.0e6;
/// Largest accepted speculative margin, in world units.
pub const MAX_MARGIN: f32 = 1.0e6;
/// Smallest zoom, in pixels per world unit (a file's `view.zoom`, and the camera's).
pub const MIN_ZOOM: f32 = 0.01;
/// Largest zoom, in pixels per world unit.
pub const MAX_ZOOM: f32 = 1.0e5;
/// Fewest parts of a compound body.
pub const MIN_PARTS: usize = 2;
/// Most parts of a compound body (a part index fits the 8 bits a feature id gives it).
pub const MAX_PARTS: usize = 16;
/// The most segments a chain may have.
pub const MAX_CHAIN_SEGMENTS: usize = 64;

/// Most dynamic bodies a simulation adds after B (`sim.bodies`).
pub const MAX_SIM_BODIES: usize = 32;
/// Most compare runs beside a simulation's full run (`sim.compare`).
pub const MAX_COMPARE: usize = 2;
/// Fewest steps per second of a simulation (`sim.hz`).
pub const MIN_HZ: f32 = 1.0;
/// Most steps per second of a simulation.
pub const MAX_HZ: f32 = 480.0;
/// Most solver iterations per step (`sim.iterations`, at least 1).
pub const MAX_ITERATIONS: u32 = 100;
/// Most sub-steps per step (`sim.substeps`, at least 1).
pub const MAX_SUBSTEPS: u32 = 64;
/// Longest simulation run, seconds (`sim.seconds`, `simulate --seconds`): with [`MAX_HZ`], at
/// most 57 600 steps, so a run always ends within a few seconds of work.
pub const MAX_SIM_SECONDS: f32 = 120.0;
/// Largest friction coefficient (`sim.friction`, at least 0).
pub const MAX_FRICTION: f32 = 10.0;
/// Largest |component| of gravity, world units per second squared.
pub const MAX_GRAVITY: f32 = 1.0e4;
/// Largest |component| of a body's starting velocity, world units per second.
pub const MAX_SPEED: f32 = 1.0e4;
/// Largest |spin| of a body at the start, radians per second.
pub const MAX_SPIN: f32 = 1.0e4;

/// A pose a gesture may set: a finite position within [`MAX_COORDINATE`] and a finite angle
/// (when given).
pub fn placeable(p: glam::Vec2, angle_deg: Option<f32>) -> bool {
    p.is_finite() && angle_deg.is_none_or(f32::is_finite) && p.abs().max_element() <= MAX_COORDINATE
}
