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
