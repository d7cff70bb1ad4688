//! The value checks every part of a scene shares: finite numbers, ranges, points, angles, a
//! camera, a length of time. Each error names the field it is about.

use super::error::{SceneError, SceneErrorKind, num};
use super::types::View;
use crate::geom::limits::{MAX_ANGLE_DEG, MAX_COORDINATE, MAX_SIM_SECONDS, MAX_ZOOM, MIN_ZOOM};
use glam::Vec2;

/// A run's length in seconds: more than 0, at most [`MAX_SIM_SECONDS`].
pub fn check_seconds(field: &str, seconds: f32) -> Result<(), SceneError> {
    check_finite(field, seconds)?;
    if !(seconds > 0.0 && seconds <= MAX_SIM_SECONDS) {
        let msg = format!(
            "must be more than 0 and at most {} seconds, got {}",
            num(MAX_SIM_SECONDS),
            num(seconds)
        );
        return Err(value_error(field, msg));
    }
    Ok(())
}

/// `v` finite and within `min..=max`.
pub fn check_range(field: &str, v: f32, min: f32, max: f32) -> Result<(), SceneError> {
    check_finite(field, v)?;
    if !(min..=max).contains(&v) {
        let msg = format!(
            "must be between {} and {}, got {}",
            num(min),
            num(max),
            num(v)
        );
        return Err(value_error(field, msg));
    }
    Ok(())
}

/// An angle in degrees: finite, at most [`MAX_ANGLE_DEG`] either way.
pub fn check_angle(field: &str, angle_deg: f32) -> Result<(), SceneError> {
    check_finite(field, angle_deg)?;
    if angle_deg.abs() > MAX_ANGLE_DEG {
        let msg = format!(
            "must be between -{0} and {0}, got {1}",
            num(MAX_ANGLE_DEG),
            num(angle_deg)
        );
        return Err(value_error(field, msg));
    }
    Ok(())
}

/// A camera at field `field` (`view`, `tour[2].view`): centre in range, zoom in range.
pub fn check_view(field: &str, view: &View) -> Result<(), SceneError> {
    check_point(&format!("{field}.center"), view.center, MAX_COORDINATE)?;
    let zoom = format!("{field}.zoom");
    check_finite(&zoom, view.zoom)?;
    if !(MIN_ZOOM..=MAX_ZOOM).contains(&view.zoom) {
        let msg = format!(
            "must be between {} and {} pixels per unit, got {}",
            num(MIN_ZOOM),
            num(MAX_ZOOM),
            num(view.zoom)
        );
        return Err(value_error(&zoom, msg));
    }
    Ok(())
}

/// A point: both coordinates finite and at most `max` either way.
pub fn check_point(field: &str, p: Vec2, max: f32) -> Result<(), SceneError> {
    for (axis, v) in [("x", p.x), ("y", p.y)] {
        let field = format!("{field}.{axis}");
        check_finite(&field, v)?;
        if v.abs() > max {
            return Err(value_error(
                &field,
                format!("must be between -{0} and {0}, got {1}", num(max), num(v)),
            ));
        }
    }
    Ok(())
}

/// A finite number.
pub fn check_finite(field: &str, v: f32) -> Result<(), SceneError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(value_error(
            field,
            format!("must be a finite number, got {v}"),
        ))
    }
}

/// A value error at `field`.
pub fn value_error(field: &str, message: String) -> SceneError {
    SceneError::field(field, SceneErrorKind::Value(message))
}
