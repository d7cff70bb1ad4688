//! Another engine's answer for a scene's pair (DESIGN.md, "Scene file", `expected`): its
//! normal, separation, contact points and ids, each optional. The app and `report` compare ours
//! with it ([`crate::report::diff`]); nothing here computes anything.
//!
//! ```ron
//! expected: Expected(
//!     normal: (0.0, 1.0),                 // unit, A to B, world
//!     separation: -0.02,                  // negative: penetrating
//!     points: [(0.5, 0.49, -0.02), (1.0, 0.49, -0.02)],   // (x, y, separation), world
//!     ids: [0x10000, 0x10001],
//! ),
//! ```

use super::checks::{check_point, check_range, value_error};
use super::error::{SceneError, num};
use super::kinds::{plain_de, plain_ser};
use crate::geom::limits::MAX_COORDINATE;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The most points an expected manifold may list (a manifold has at most 2 per part pair; a
/// compound has at most 16 × 16 part pairs, but an engine's answer is one manifold).
pub const MAX_EXPECTED_POINTS: usize = 64;

/// Another engine's answer for the pair. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Expected")]
pub struct Expected {
    /// The contact normal, A to B, world frame (need not be unit; its direction is compared).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub normal: Option<[f32; 2]>,
    /// The signed distance between the shapes: negative when penetrating.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub separation: Option<f32>,
    /// The contact points, `(x, y, separation)` each: world position and signed separation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<[f32; 3]>,
    /// The contact points' ids, in the engine's own numbering (compared as numbers, in order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ids: Vec<u64>,
}

impl Expected {
    /// The expected normal as a unit vector (`None` when absent).
    pub fn unit_normal(&self) -> Option<Vec2> {
        self.normal
            .and_then(|n| Vec2::from_array(n).try_normalize())
    }
}

/// Checks `expected` (field `expected`): a finite, non-zero normal; a finite separation; at
/// most [`MAX_EXPECTED_POINTS`] points, each within range. Errors name the field
/// (`expected.points[1].y`).
pub fn check_expected(e: &Expected) -> Result<(), SceneError> {
    if let Some(n) = e.normal {
        let n = Vec2::from_array(n);
        check_point("expected.normal", n, MAX_COORDINATE)?;
        if n.try_normalize().is_none() {
            let msg = "must be a direction, not (0, 0)".to_string();
            return Err(value_error("expected.normal", msg));
        }
    }
    if let Some(s) = e.separation {
        check_range("expected.separation", s, -MAX_COORDINATE, MAX_COORDINATE)?;
    }
    if e.points.len() > MAX_EXPECTED_POINTS {
        let msg = format!(
            "at most {MAX_EXPECTED_POINTS} points, got {}",
            e.points.len()
        );
        return Err(value_error("expected.points", msg));
    }
    for (i, [x, y, s]) in e.points.iter().copied().enumerate() {
        let field = format!("expected.points[{i}]");
        check_point(&field, Vec2::new(x, y), MAX_COORDINATE)?;
        if !s.is_finite() || s.abs() > MAX_COORDINATE {
            let msg = format!(
                "its separation (the third number) must be a finite number between -{0} and \
                 {0}, got {s}",
                num(MAX_COORDINATE)
            );
            return Err(value_error(&field, msg));
        }
    }
    Ok(())
}
