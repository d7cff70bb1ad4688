//! From a parsed [`Scene`] to the library's shapes and transforms, checking every number.
//!
//! The shapes are built by the geometry library's constructors, so the scene accepts exactly
//! what the library accepts (sizes between 1e-6 and 1e6, convex polygons of 3..=64 vertices);
//! their errors and warnings come back with the scene field in front (`a.shape.radius`). The
//! rest — positions, angles, the margin, the view — is checked here: finite, and within ranges
//! that keep `f32` arithmetic meaningful.

pub use super::checks::check_seconds;
use super::checks::{check_angle, check_finite, check_point, check_range, check_view, value_error};
use super::error::{SceneError, SceneErrorKind, SceneWarning, num, shape_field};
use super::expected::check_expected;
use super::persist::Reference;
use super::tour::check_tour;
use super::types::{Body, Scene, ShapeSpec, Sim, Variant, rotation_angle_deg};
use crate::geom::chain::ChainLink;
use crate::geom::compound::parts_frame;
use crate::geom::frame::{PairFrame, pair_frame};
pub use crate::geom::limits::MAX_CHAIN_SEGMENTS;
use crate::geom::limits::{
    MAX_COMPARE, MAX_FRICTION, MAX_GRAVITY, MAX_HZ, MAX_ITERATIONS, MAX_PARTS, MAX_SIM_BODIES,
    MAX_SPEED, MAX_SPIN, MAX_SUBSTEPS, MIN_HZ, MIN_PARTS,
};
use crate::geom::{
    ManifoldOptions, PlacedPart, Rot, Shape, ShapeError, ShapeWarning, Transform, select_parts,
};
use glam::Vec2;

pub use crate::geom::limits::{MAX_ANGLE_DEG, MAX_COORDINATE, MAX_MARGIN, MAX_ZOOM, MIN_ZOOM};

/// A scene's pair, ready for the geometry library: `(a, xf_a, b, xf_b)` and the options.
///
/// For compound bodies, `a` and `b` are the *selected* part pair (the least separation over all
/// part pairs), placed in the world, and `bodies` holds every part: every trace describes the
/// selected pair, and the report adds the manifolds of all of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// A's shape (its selected part, for a compound), in its own frame.
    pub a: Shape,
    /// A's transform to world.
    pub xf_a: Transform,
    /// B's shape (its selected part, for a compound), in its own frame.
    pub b: Shape,
    /// B's transform to world.
    pub xf_b: Transform,
    /// Manifold options (the scene's speculative margin; hysteresis on).
    pub options: ManifoldOptions,
    /// When either body is a compound: both bodies' parts and transforms, and which part pair
    /// `a` and `b` are.
    pub bodies: Option<Bodies>,
}

/// The pair frame of two shapes at `xfs`, or, when `bodies` is given, of its shown part pair
/// placed relative to body A's position (see [`Pair::frame`]).
pub fn frame_of<'a>(
    shapes: [&'a Shape; 2],
    xfs: [Transform; 2],
    bodies: Option<&'a Bodies>,
) -> PairFrame<'a> {
    let shown = bodies.and_then(|b| {
        let part = |k: usize| b.parts[k].get(b.selected[k]);
        Some(parts_frame(part(0)?, b.xfs[0], part(1)?, b.xfs[1]))
    });
    shown.unwrap_or_else(|| pair_frame(shapes[0], xfs[0], shapes[1], xfs[1]))
}

/// Both bodies of a pair as parts (a single shape is one part at the identity).
#[derive(Clone, Debug, PartialEq)]
pub struct Bodies {
    /// A's parts, then B's, each in its body's frame.
    pub parts: [Vec<PlacedPart>; 2],
    /// The bodies' transforms to world.
    pub xfs: [Transform; 2],
    /// The selected part of A and of B.
    pub selected: [usize; 2],
}

impl Pair {
    /// Both shapes in the pair frame every trace is recorded in: A's position is its origin;
    /// for a compound, the shown part pair placed relative to body A's position (see
    /// [`crate::geom::compound::parts_frame`]), never through world coordinates.
    pub fn frame(&self) -> PairFrame<'_> {
        frame_of(
            [&self.a, &self.b],
            [self.xf_a, self.xf_b],
            self.bodies.as_ref(),
        )
    }

    /// The pair of two bodies made of parts, showing part pair `selected` (clamped to the parts
    /// there are); a single part each gives a plain pair with no `bodies`.
    pub fn of_parts(
        parts: [Vec<PlacedPart>; 2],
        xfs: [Transform; 2],
        selected: [usize; 2],
        options: ManifoldOptions,
    ) -> Pair {
        let pick = |k: usize| {
            let list = &parts[k];
            let i = selected[k].min(list.len().saturating_sub(1));
            (i, list[i].shape, xfs[k].compose(list[i].xf))
        };
        let ((ia, a, xf_a), (ib, b, xf_b)) = (pick(0), pick(1));
        // A chain of one segment is still a chain: its rule needs the parts.
        let single =
            parts[0].len() == 1 && parts[1].len() == 1 && parts.iter().all(|p| p[0].link.is_none());
        Pair {
            a,
            xf_a: if single { xfs[0] } else { xf_a },
            b,
            xf_b: if single { xfs[1] } else { xf_b },
            options,
            bodies: (!single).then_some(Bodies {
                parts,
                xfs,
                selected: [ia, ib],
            }),
        }
    }
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
        let (parts_a, xf_a) = body_parts("a", &self.a, &mut warnings)?;
        let (parts_b, xf_b) = body_parts("b", &self.b, &mut warnings)?;
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
            check_view("view", view)?;
        }
        if let Some(sim) = &self.sim {
            check_sim(sim, &mut warnings)?;
        }
        if let Some(motion) = &self.motion {
            check_point("motion.to", motion.to, MAX_COORDINATE)?;
            if let Some(angle) = motion.angle_deg {
                check_angle("motion.angle_deg", angle)?;
            }
        }
        if let Some(expected) = &self.expected {
            check_expected(expected)?;
        }
        check_tour(&self.tour)?;
        let options = ManifoldOptions {
            speculative_margin: margin,
            ..ManifoldOptions::default()
        };
        let selected = if parts_a.len() == 1 && parts_b.len() == 1 {
            [0, 0]
        } else {
            select_parts(&parts_a, xf_a, &parts_b, xf_b).parts
        };
        Ok(Validated {
            pair: Pair::of_parts([parts_a, parts_b], [xf_a, xf_b], selected, options),
            warnings,
        })
    }
}

impl Body {
    /// The library shape, with the cleaner's warnings, or the library's error. A compound's is
    /// its first part's (a compound body's parts are in [`Bodies`]).
    pub fn shape(&self) -> Result<(Shape, Vec<ShapeWarning>), ShapeError> {
        single_shape(&self.shape)
    }

    /// The transform to world: the position, and the angle in degrees (multiples of 90° are
    /// exact, so a box turned a quarter is still exactly axis-aligned).
    pub fn transform(&self) -> Transform {
        Transform {
            p: self.position,
            q: self
                .exact_rotation()
                .unwrap_or_else(|| rot_from_degrees(self.angle_deg)),
        }
    }

    /// The body's `rotation`, while `angle_deg` is its angle ([`rotation_angle_deg`]).
    pub fn exact_rotation(&self) -> Option<Rot> {
        self.rotation
            .filter(|r| rotation_angle_deg(*r) == self.angle_deg)
            .map(|[c, s]| Rot { c, s })
    }
}

/// The library shape of one convex shape (a compound's first part), with the cleaner's
/// warnings, or the library's error.
pub fn single_shape(spec: &ShapeSpec) -> Result<(Shape, Vec<ShapeWarning>), ShapeError> {
    {
        match spec {
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
            ShapeSpec::Compound { parts } => match parts.first() {
                Some(p) if !matches!(p.shape, ShapeSpec::Compound { .. }) => single_shape(&p.shape),
                _ => Err(ShapeError::TooFewVertices { distinct: 0 }),
            },
            ShapeSpec::Chain { points, .. } => match points.as_slice() {
                [p1, p2, ..] => Shape::segment(*p1, *p2).map(|s| (s, Vec::new())),
                _ => Err(ShapeError::TooFewVertices {
                    distinct: points.len(),
                }),
            },
        }
    }
}

/// A chain's segments as parts (each at the identity, its ends exactly the points given) with
/// their ghost vertices; every point checked, errors naming it (`a.shape.points[3].x`).
fn chain_parts(field: &str, points: &[Vec2], closed: bool) -> Result<Vec<PlacedPart>, SceneError> {
    let n = points.len();
    let (least, most) = if closed {
        (3, MAX_CHAIN_SEGMENTS)
    } else {
        (2, MAX_CHAIN_SEGMENTS + 1)
    };
    if !(least..=most).contains(&n) {
        let kind = if closed { "a loop" } else { "an open chain" };
        let msg = format!(
            "{kind} needs {least} to {most} points (1 to {MAX_CHAIN_SEGMENTS} segments), got {n}"
        );
        return Err(value_error(field, msg));
    }
    for (i, p) in points.iter().enumerate() {
        check_point(&format!("{field}[{i}]"), *p, MAX_COORDINATE)?;
    }
    for i in 0..n {
        for j in i + 1..n {
            if points[i] == points[j] {
                let msg = format!(
                    "repeats point {i} ({}, {}); a chain's points must all differ{}",
                    num(points[i].x),
                    num(points[i].y),
                    if closed && i == 0 && j == n - 1 {
                        " (a loop closes itself: leave the first point out at the end)"
                    } else {
                        ""
                    }
                );
                return Err(value_error(&format!("{field}[{j}]"), msg));
            }
        }
    }
    let count = if closed { n } else { n - 1 };
    let at = |i: isize| -> Option<Vec2> {
        if closed {
            Some(points[i.rem_euclid(n as isize) as usize])
        } else {
            (0..n as isize).contains(&i).then(|| points[i as usize])
        }
    };
    let ends = |k: usize| (points[k], points[(k + 1) % n]);
    if closed && let Some((i, j)) = first_crossing(count, ends) {
        let msg = format!("the loop crosses itself: segment {i} crosses segment {j}");
        return Err(value_error(field, msg));
    }
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let (p1, p2) = ends(k);
        if p1.distance(p2) < crate::geom::limits::MIN_SIZE {
            let msg = format!(
                "segment {k} is {} long, shorter than the smallest size 1e-6",
                num(p1.distance(p2))
            );
            return Err(value_error(&format!("{field}[{}]", (k + 1) % n), msg));
        }
        let shape = Shape::segment(p1, p2)
            .map_err(|e| value_error(&format!("{field}[{k}]"), format!("segment {k}: {e}")))?;
        out.push(PlacedPart {
            shape,
            xf: Transform::IDENTITY,
            link: Some(ChainLink {
                prev: at(k as isize - 1),
                next: at(k as isize + 2),
            }),
        });
    }
    Ok(out)
}

/// The first pair of segments of a loop that cross or touch other than at their shared ends
/// (exact orientation tests in `f64`).
fn first_crossing(count: usize, ends: impl Fn(usize) -> (Vec2, Vec2)) -> Option<(usize, usize)> {
    let orient = |a: Vec2, b: Vec2, c: Vec2| {
        let (a, b, c) = (a.as_dvec2(), b.as_dvec2(), c.as_dvec2());
        ((b - a).perp_dot(c - a)).signum() as i32 * ((b - a).perp_dot(c - a) != 0.0) as i32
    };
    let on = |a: Vec2, b: Vec2, p: Vec2| {
        orient(a, b, p) == 0
            && p.x >= a.x.min(b.x)
            && p.x <= a.x.max(b.x)
            && p.y >= a.y.min(b.y)
            && p.y <= a.y.max(b.y)
    };
    for i in 0..count {
        for j in i + 1..count {
            let adjacent = j == i + 1 || (i == 0 && j == count - 1);
            let (a1, a2) = ends(i);
            let (b1, b2) = ends(j);
            let (o1, o2) = (orient(a1, a2, b1), orient(a1, a2, b2));
            let (o3, o4) = (orient(b1, b2, a1), orient(b1, b2, a2));
            let proper = o1 * o2 < 0 && o3 * o4 < 0;
            let touching = if adjacent {
                // Neighbours share one end; they cross only by folding back onto each other.
                let shared = if j == i + 1 { a2 } else { a1 };
                let (other_a, other_b) = if j == i + 1 { (a1, b2) } else { (a2, b1) };
                orient(other_a, shared, other_b) == 0
                    && (other_b - shared).dot(other_a - shared) > 0.0
            } else {
                on(a1, a2, b1) || on(a1, a2, b2) || on(b1, b2, a1) || on(b1, b2, a2)
            };
            if proper || touching {
                return Some((i, j));
            }
        }
    }
    None
}

/// The rotation by `deg` degrees counter-clockwise; exact at multiples of 90° (see
/// [`Rot::from_degrees`], which every conversion from degrees uses).
pub fn rot_from_degrees(deg: f32) -> Rot {
    Rot::from_degrees(deg)
}

/// A body's parts (one at the identity for a single shape) and its transform, every value
/// checked (its velocity and spin too); errors name the field (`a.shape.parts[2].shape.radius`),
/// `name` being the body's own path (`a`, `sim.bodies[3]`).
pub fn body_parts(
    name: &str,
    body: &Body,
    warnings: &mut Vec<SceneWarning>,
) -> Result<(Vec<PlacedPart>, Transform), SceneError> {
    let parts = match &body.shape {
        ShapeSpec::Compound { parts } => {
            let field = format!("{name}.shape.parts");
            if !(MIN_PARTS..=MAX_PARTS).contains(&parts.len()) {
                let msg = format!(
                    "a compound has {MIN_PARTS} to {MAX_PARTS} parts, got {}",
                    parts.len()
                );
                return Err(value_error(&field, msg));
            }
            let mut out = Vec::with_capacity(parts.len());
            for (i, p) in parts.iter().enumerate() {
                let at = format!("{field}[{i}]");
                if matches!(p.shape, ShapeSpec::Compound { .. }) {
                    let msg = "a part must be a convex shape, not a compound".to_string();
                    return Err(value_error(&format!("{at}.shape"), msg));
                }
                let shape = convex(&format!("{at}.shape"), &p.shape, warnings)?;
                check_point(&format!("{at}.position"), p.position, MAX_COORDINATE)?;
                check_angle(&format!("{at}.angle_deg"), p.angle_deg)?;
                if matches!(p.shape, ShapeSpec::Chain { .. }) {
                    let msg = "a part must be a convex shape, not a chain".to_string();
                    return Err(value_error(&format!("{at}.shape"), msg));
                }
                out.push(PlacedPart {
                    shape,
                    xf: Transform {
                        p: p.position,
                        q: rot_from_degrees(p.angle_deg),
                    },
                    link: None,
                });
            }
            out
        }
        ShapeSpec::Chain { points, r#loop } => {
            if name != "a" {
                let msg = "a chain is static ground: only body A may be a chain".to_string();
                return Err(value_error(&format!("{name}.shape"), msg));
            }
            chain_parts(&format!("{name}.shape.points"), points, *r#loop)?
        }
        spec => vec![PlacedPart::whole(convex(
            &format!("{name}.shape"),
            spec,
            warnings,
        )?)],
    };
    check_point(&format!("{name}.position"), body.position, MAX_COORDINATE)?;
    check_angle(&format!("{name}.angle_deg"), body.angle_deg)?;
    check_point(&format!("{name}.velocity"), body.velocity, MAX_SPEED)?;
    check_range(&format!("{name}.spin"), body.spin, -MAX_SPIN, MAX_SPIN)?;
    if let Some(r) = body.rotation {
        check_rotation(&format!("{name}.rotation"), r)?;
        if body.exact_rotation().is_none() {
            let field = format!("{name}.rotation");
            let msg = format!(
                "ignored: angle_deg {} is not its angle {}; write angle_deg: {:?} to turn the body \
                 by exactly this rotation",
                num(body.angle_deg),
                num(rotation_angle_deg(r)),
                rotation_angle_deg(r)
            );
            warnings.push(SceneWarning::new(field.clone(), field, msg));
        }
    }
    Ok((parts, body.transform()))
}

/// Checks a scene's `sim`: every body (as A and B are checked), and each setting within the
/// ranges of [`crate::geom::limits`].
fn check_sim(sim: &Sim, warnings: &mut Vec<SceneWarning>) -> Result<(), SceneError> {
    let Sim {
        bodies,
        gravity,
        hz,
        iterations,
        friction,
        seconds,
        compare,
        solver: _,
        substeps,
    } = sim;
    if bodies.len() > MAX_SIM_BODIES {
        let msg = format!("at most {MAX_SIM_BODIES} more bodies, got {}", bodies.len());
        return Err(value_error("sim.bodies", msg));
    }
    for (i, b) in bodies.iter().enumerate() {
        body_parts(&format!("sim.bodies[{i}]"), b, warnings)?;
    }
    check_point("sim.gravity", *gravity, MAX_GRAVITY)?;
    check_range("sim.hz", *hz, MIN_HZ, MAX_HZ)?;
    if !(1..=MAX_ITERATIONS).contains(iterations) {
        let msg = format!("must be between 1 and {MAX_ITERATIONS}, got {iterations}");
        return Err(value_error("sim.iterations", msg));
    }
    if !(1..=MAX_SUBSTEPS).contains(substeps) {
        let msg = format!("must be between 1 and {MAX_SUBSTEPS}, got {substeps}");
        return Err(value_error("sim.substeps", msg));
    }
    check_range("sim.friction", *friction, 0.0, MAX_FRICTION)?;
    check_seconds("sim.seconds", *seconds)?;
    if compare.len() > MAX_COMPARE {
        let msg = format!("at most {MAX_COMPARE} compare runs, got {}", compare.len());
        return Err(value_error("sim.compare", msg));
    }
    for (i, v) in compare.iter().enumerate() {
        check_variant(&format!("sim.compare[{i}]"), v)?;
    }
    Ok(())
}

/// Checks a variant's persistence fields: a match distance finite and > 0 (at most
/// [`MAX_COORDINATE`]), and no `reference` that contradicts `hysteresis: false` (which reads as
/// `reference: Plain`).
pub fn check_variant(field: &str, v: &Variant) -> Result<(), SceneError> {
    let d = v.match_distance;
    let name = format!("{field}.match_distance");
    check_finite(&name, d)?;
    if !(d > 0.0 && d <= MAX_COORDINATE) {
        let msg = format!(
            "must be more than 0 and at most {}, got {}",
            num(MAX_COORDINATE),
            num(d)
        );
        return Err(value_error(&name, msg));
    }
    if let (false, Some(r @ (Reference::Biased | Reference::Sticky))) = (v.hysteresis, v.reference)
    {
        let msg = format!(
            "hysteresis: false reads as reference: Plain, which contradicts reference: {r:?}; \
             keep one of the two"
        );
        return Err(value_error(&format!("{field}.reference"), msg));
    }
    Ok(())
}

/// A rotation `(cos, sin)`: finite, and of length 1 within [`ROTATION_UNIT_TOLERANCE`].
pub fn check_rotation(field: &str, [c, s]: [f32; 2]) -> Result<(), SceneError> {
    check_finite(&format!("{field}.x"), c)?;
    check_finite(&format!("{field}.y"), s)?;
    let len = (c as f64).hypot(s as f64);
    if (len - 1.0).abs() > ROTATION_UNIT_TOLERANCE {
        let msg = format!("must be (cos, sin) of an angle, of length 1; its length is {len}");
        return Err(value_error(field, msg));
    }
    Ok(())
}

/// How far from 1 a rotation's length may be: an engine keeps its rotations normalized to
/// about an `f32` rounding (Box2D's `b2NormalizeRot`, nalgebra's `UnitComplex`), far inside
/// this; further off, the pair's shapes would be scaled.
pub const ROTATION_UNIT_TOLERANCE: f64 = 1e-4;

/// One convex shape at field `field`, with the cleaner's warnings positioned there.
fn convex(
    field: &str,
    spec: &ShapeSpec,
    warnings: &mut Vec<SceneWarning>,
) -> Result<Shape, SceneError> {
    let (shape, shape_warnings) = single_shape(spec).map_err(|e| {
        SceneError::field(
            format!("{field}.{}", shape_field(&e)),
            SceneErrorKind::Shape(e),
        )
    })?;
    for w in shape_warnings {
        let spot = match w {
            ShapeWarning::Duplicate { removed, .. } | ShapeWarning::Collinear { removed } => {
                format!("{field}.vertices[{removed}]")
            }
            ShapeWarning::Reversed => format!("{field}.vertices"),
        };
        warnings.push(SceneWarning::new(field.to_string(), spot, w.to_string()));
    }
    Ok(shape)
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
