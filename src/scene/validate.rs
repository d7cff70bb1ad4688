//! From a parsed [`Scene`] to the library's shapes and transforms, checking every number.
//!
//! The shapes are built by the geometry library's constructors, so the scene accepts exactly
//! what the library accepts (sizes between 1e-6 and 1e6, convex polygons of 3..=64 vertices);
//! their errors and warnings come back with the scene field in front (`a.shape.radius`). The
//! rest — positions, angles, the margin, the view — is checked here: finite, and within ranges
//! that keep `f32` arithmetic meaningful.

use super::error::{SceneError, SceneErrorKind, SceneWarning, num, shape_field};
use super::types::{Body, Scene, ShapeSpec, View};
use crate::geom::{ManifoldOptions, Rot, Shape, ShapeError, ShapeWarning, Transform};
use glam::Vec2;

pub use crate::geom::limits::{MAX_ANGLE_DEG, MAX_COORDINATE, MAX_MARGIN, MAX_ZOOM, MIN_ZOOM};

/// A scene's pair, ready for the geometry library: `(a, xf_a, b, xf_b)` and the options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// A's shape, in its own frame.
    pub a: Shape,
    /// A's transform to world.
    pub xf_a: Transform,
    /// B's shape, in its own frame.
    pub b: Shape,
    /// B's transform to world.
    pub xf_b: Transform,
    /// Manifold options (the scene's speculative margin; hysteresis on).
    pub options: ManifoldOptions,
}

/// A scene that passed validation: its pair and what the loader changed on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Validated {
    /// The pair.
    pub pair: Pair,
    /// Warnings (duplicate or collinear vertices removed, clockwise polygons reversed).
    pub warnings: Vec<SceneWarning>,
}

impl Scene {
    /// Checks every value and builds the pair. Errors name the field but no file position;
    /// [`crate::scene::parse`] adds those.
    pub fn validate(&self) -> Result<Validated, SceneError> {
        let mut warnings = Vec::new();
        let (a, xf_a) = body("a", &self.a, &mut warnings)?;
        let (b, xf_b) = body("b", &self.b, &mut warnings)?;
        let margin = self.speculative_margin;
        check_finite("speculative_margin", margin)?;
        if !(0.0..=MAX_MARGIN).contains(&margin) {
            let msg = format!(
                "must be between 0 and {}, got {}",
                num(MAX_MARGIN),
                num(margin)
            );
            return Err(value_error("speculative_margin", msg));
        }
        if let Some(view) = &self.view {
            check_view(view)?;
        }
        let options = ManifoldOptions {
            speculative_margin: margin,
            ..ManifoldOptions::default()
        };
        Ok(Validated {
            pair: Pair {
                a,
                xf_a,
                b,
                xf_b,
                options,
            },
            warnings,
        })
    }
}

impl Body {
    /// The library shape, with the cleaner's warnings, or the library's error.
    pub fn shape(&self) -> Result<(Shape, Vec<ShapeWarning>), ShapeError> {
        match &self.shape {
            ShapeSpec::Circle { radius } => Shape::circle(*radius).map(|s| (s, Vec::new())),
            ShapeSpec::Box {
                width,
                height,
                radius,
            } => Shape::make_box(*width, *height, *radius).map(|s| (s, Vec::new())),
            ShapeSpec::Polygon { vertices, radius } => Shape::polygon(vertices, *radius),
            ShapeSpec::RegularPolygon {
                sides,
                circumradius,
            } => Shape::regular_polygon(*sides, *circumradius).map(|s| (s, Vec::new())),
            ShapeSpec::Capsule { length, radius } => {
                Shape::capsule(*length, *radius).map(|s| (s, Vec::new()))
            }
        }
    }

    /// The transform to world: the position, and the angle in degrees (multiples of 90° are
    /// exact, so a box turned a quarter is still exactly axis-aligned).
    pub fn transform(&self) -> Transform {
        Transform {
            p: self.position,
            q: rot_from_degrees(self.angle_deg),
        }
    }
}

/// The rotation by `deg` degrees counter-clockwise; exact at multiples of 90° (see
/// [`Rot::from_degrees`], which every conversion from degrees uses).
pub fn rot_from_degrees(deg: f32) -> Rot {
    Rot::from_degrees(deg)
}

fn body(
    name: &str,
    body: &Body,
    warnings: &mut Vec<SceneWarning>,
) -> Result<(Shape, Transform), SceneError> {
    let (shape, shape_warnings) = body.shape().map_err(|e| {
        SceneError::field(
            format!("{name}.shape.{}", shape_field(&e)),
            SceneErrorKind::Shape(e),
        )
    })?;
    for w in shape_warnings {
        let spot = match w {
            ShapeWarning::Duplicate { removed, .. } | ShapeWarning::Collinear { removed } => {
                format!("{name}.shape.vertices[{removed}]")
            }
            ShapeWarning::Reversed => format!("{name}.shape.vertices"),
        };
        warnings.push(SceneWarning::new(
            format!("{name}.shape"),
            spot,
            w.to_string(),
        ));
    }
    check_point(&format!("{name}.position"), body.position, MAX_COORDINATE)?;
    let angle = format!("{name}.angle_deg");
    check_finite(&angle, body.angle_deg)?;
    if body.angle_deg.abs() > MAX_ANGLE_DEG {
        let msg = format!(
            "must be between -{0} and {0}, got {1}",
            num(MAX_ANGLE_DEG),
            num(body.angle_deg)
        );
        return Err(value_error(&angle, msg));
    }
    Ok((shape, body.transform()))
}

fn check_view(view: &View) -> Result<(), SceneError> {
    check_point("view.center", view.center, MAX_COORDINATE)?;
    check_finite("view.zoom", view.zoom)?;
    if !(MIN_ZOOM..=MAX_ZOOM).contains(&view.zoom) {
        let msg = format!(
            "must be between {} and {} pixels per unit, got {}",
            num(MIN_ZOOM),
            num(MAX_ZOOM),
            num(view.zoom)
        );
        return Err(value_error("view.zoom", msg));
    }
    Ok(())
}

fn check_point(field: &str, p: Vec2, max: f32) -> Result<(), SceneError> {
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

fn check_finite(field: &str, v: f32) -> Result<(), SceneError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(value_error(
            field,
            format!("must be a finite number, got {v}"),
        ))
    }
}

fn value_error(field: &str, message: String) -> SceneError {
    SceneError::field(field, SceneErrorKind::Value(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turns_are_exact() {
        assert_eq!(rot_from_degrees(90.0), Rot { c: 0.0, s: 1.0 });
        assert_eq!(rot_from_degrees(-90.0), Rot { c: 0.0, s: -1.0 });
        assert_eq!(rot_from_degrees(540.0), Rot { c: -1.0, s: 0.0 });
    }
}
