//! Shapes: every shape is a convex *core* (a point, a segment or a convex polygon) inflated by a
//! radius, as in Box2D. A circle is a 1-point core, a capsule a 2-point core, a box or polygon a
//! 3..=64-point core; a rounded box is a box core with a radius.
//!
//! The algorithms need one thing from a shape: its support function over the core
//! ([`Shape::support`]) and the radius. Polygons also expose their outward edge normals.

use super::math::{Transform, cross, right_perp, try_normalize};
use glam::Vec2;

pub use crate::geom::limits::MAX_VERTICES;
use crate::geom::limits::{MAX_SIZE, MIN_SIZE};

/// What kind of core a [`Shape`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// One core point and a radius.
    Circle,
    /// A core segment and a radius.
    Capsule,
    /// A convex polygon core (3..=64 vertices), optionally rounded.
    Polygon,
}

/// The parameter of a shape constructor that a [`ShapeError`] is about: typed, so the scene
/// layer names it in its own words (and field paths) without reading a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeParam {
    /// A circle's, capsule's or rounded shape's radius.
    Radius,
    /// A capsule's length.
    Length,
    /// A box's width.
    Width,
    /// A box's height.
    Height,
    /// A regular polygon's circumradius.
    Circumradius,
    /// The x coordinate of polygon vertex `i` (as given).
    VertexX(usize),
    /// The y coordinate of polygon vertex `i` (as given).
    VertexY(usize),
}

impl std::fmt::Display for ShapeParam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShapeParam::Radius => write!(f, "radius"),
            ShapeParam::Length => write!(f, "length"),
            ShapeParam::Width => write!(f, "width"),
            ShapeParam::Height => write!(f, "height"),
            ShapeParam::Circumradius => write!(f, "circumradius"),
            ShapeParam::VertexX(i) => write!(f, "vertices[{i}].x"),
            ShapeParam::VertexY(i) => write!(f, "vertices[{i}].y"),
        }
    }
}

/// Why a shape could not be built. `field` names the offending parameter (`radius`,
/// `vertices[3]`, …) so the caller can point at it.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShapeError {
    /// A number is NaN or infinite.
    #[error("{field}: must be a finite number, got {value}")]
    NonFinite {
        /// The parameter.
        field: ShapeParam,
        /// The value found.
        value: f32,
    },
    /// A size is zero or negative (or a radius negative).
    #[error("{field}: must be > 0, got {value}")]
    NonPositive {
        /// The parameter.
        field: ShapeParam,
        /// The value found.
        value: f32,
    },
    /// A rounding radius is negative.
    #[error("{field}: must be >= 0, got {value}")]
    Negative {
        /// The parameter.
        field: ShapeParam,
        /// The value found.
        value: f32,
    },
    /// Fewer than three distinct, non-collinear vertices remain.
    #[error(
        "vertices: a polygon needs at least 3 distinct, non-collinear vertices, got {distinct}"
    )]
    TooFewVertices {
        /// How many were left after cleaning.
        distinct: usize,
    },
    /// More vertices than [`MAX_VERTICES`].
    #[error("vertices: at most {MAX_VERTICES} vertices are allowed, got {count}")]
    TooManyVertices {
        /// How many were given.
        count: usize,
    },
    /// The polygon is not convex at this vertex (index into the given list).
    #[error("vertices[{vertex}]: the polygon is not convex at this vertex")]
    NonConvex {
        /// Index of the vertex, as given.
        vertex: usize,
    },
    /// A regular polygon's side count is out of range.
    #[error("sides: must be between 3 and {MAX_VERTICES}, got {sides}")]
    BadSides {
        /// The side count given.
        sides: u32,
    },
    /// The numbers are finite but so large or small that the geometry is not (extent overflows
    /// or the shape collapses to nothing in `f32`).
    #[error("{field}: {value} is out of the supported range (sizes between 1e-6 and 1e6)")]
    OutOfRange {
        /// The parameter.
        field: ShapeParam,
        /// The value found.
        value: f32,
    },
}

/// Something the polygon cleaner changed, for the caller to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeWarning {
    /// Vertex `removed` coincided with vertex `kept` and was removed (indices as given).
    Duplicate {
        /// Index of the removed vertex.
        removed: usize,
        /// Index of the vertex it coincided with.
        kept: usize,
    },
    /// Vertex `removed` lay on the line between its neighbours and was removed.
    Collinear {
        /// Index of the removed vertex.
        removed: usize,
    },
    /// The vertices were clockwise; they are stored counter-clockwise.
    Reversed,
}

impl std::fmt::Display for ShapeWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShapeWarning::Duplicate { removed, kept } => {
                write!(
                    f,
                    "vertices {kept} and {removed} coincide; removed {removed}"
                )
            }
            ShapeWarning::Collinear { removed } => {
                write!(
                    f,
                    "vertex {removed} is collinear with its neighbours; removed"
                )
            }
            ShapeWarning::Reversed => {
                write!(f, "vertices were clockwise; stored counter-clockwise")
            }
        }
    }
}

/// A convex core with a radius. Vertices are counter-clockwise; `normals[i]` is the outward unit
/// normal of the edge from `vertices[i]` to `vertices[i + 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    count: usize,
    vertices: [Vec2; MAX_VERTICES],
    normals: [Vec2; MAX_VERTICES],
    /// `offsets[i] = normals[i] · vertices[i]`: face `i`'s plane offset in the shape's own frame
    /// (what every face-separation search needs first; worked out once, by the same product).
    offsets: [f32; MAX_VERTICES],
    radius: f32,
    centroid: Vec2,
    /// Every face has an exactly antiparallel partner `n/2` edges on (boxes, capsules, regular
    /// polygons with an even side count): one projection pass serves both faces.
    symmetric: bool,
    /// The core is point-symmetric about its local origin (`v[i + n/2] = −v[i]` exactly): its
    /// shadow on any axis through the origin is `[−r, r]`, found from half the vertices.
    centred: bool,
    /// The largest distance of the rounded shape from its local origin (the body's position):
    /// the size every scale-relative tolerance is measured against.
    bounding_radius: f32,
}

fn check_finite(field: ShapeParam, value: f32) -> Result<(), ShapeError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(ShapeError::NonFinite { field, value })
    }
}

fn check_size(field: ShapeParam, value: f32) -> Result<(), ShapeError> {
    check_finite(field, value)?;
    if value <= 0.0 {
        return Err(ShapeError::NonPositive { field, value });
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&value) {
        return Err(ShapeError::OutOfRange { field, value });
    }
    Ok(())
}

fn check_rounding(field: ShapeParam, value: f32) -> Result<(), ShapeError> {
    check_finite(field, value)?;
    if value < 0.0 {
        return Err(ShapeError::Negative { field, value });
    }
    if value > MAX_SIZE {
        return Err(ShapeError::OutOfRange { field, value });
    }
    Ok(())
}

impl Shape {
    fn from_core(points: &[Vec2], radius: f32) -> Shape {
        let mut shape = Shape {
            count: points.len(),
            vertices: [Vec2::ZERO; MAX_VERTICES],
            normals: [Vec2::ZERO; MAX_VERTICES],
            offsets: [0.0; MAX_VERTICES],
            radius,
            centroid: Vec2::ZERO,
            symmetric: false,
            centred: false,
            bounding_radius: 0.0,
        };
        shape.vertices[..points.len()].copy_from_slice(points);
        shape.bounding_radius = points.iter().map(|v| v.length()).fold(0.0, f32::max) + radius;
        shape.compute_normals();
        for i in 0..shape.count {
            shape.offsets[i] = shape.normals[i].dot(shape.vertices[i]);
        }
        let (n, half) = (shape.count, shape.count / 2);
        let even = n >= 2 && n.is_multiple_of(2);
        shape.symmetric = even && (0..half).all(|i| shape.normals[i + half] == -shape.normals[i]);
        shape.centred = even && (0..half).all(|i| shape.vertices[i + half] == -shape.vertices[i]);
        shape.centroid = polygon_centroid(shape.vertices());
        shape
    }

    fn compute_normals(&mut self) {
        let n = self.count;
        if n == 1 {
            self.normals[0] = Vec2::Y;
            return;
        }
        for i in 0..n {
            let e = self.vertices[(i + 1) % n] - self.vertices[i];
            self.normals[i] = try_normalize(right_perp(e)).unwrap_or(Vec2::Y);
        }
    }

    /// A circle of radius `radius` centred on the local origin.
    pub fn circle(radius: f32) -> Result<Shape, ShapeError> {
        check_size(ShapeParam::Radius, radius)?;
        Ok(Shape::from_core(&[Vec2::ZERO], radius))
    }

    /// A capsule: cap centres at `(±length/2, 0)`, radius `radius`.
    pub fn capsule(length: f32, radius: f32) -> Result<Shape, ShapeError> {
        check_size(ShapeParam::Length, length)?;
        check_size(ShapeParam::Radius, radius)?;
        let h = 0.5 * length;
        Ok(Shape::from_core(
            &[Vec2::new(-h, 0.0), Vec2::new(h, 0.0)],
            radius,
        ))
    }

    /// A segment from `p1` to `p2` in the shape's own frame, no radius: one link of a chain
    /// ([`crate::geom::chain`]). Its face 0 (`p1 → p2`) has the normal to the right of the walking
    /// direction, the chain's one side; face 1 is its back. The ends are kept exactly as given.
    pub fn segment(p1: Vec2, p2: Vec2) -> Result<Shape, ShapeError> {
        for (i, p) in [p1, p2].into_iter().enumerate() {
            for (field, value) in [(ShapeParam::VertexX(i), p.x), (ShapeParam::VertexY(i), p.y)] {
                check_finite(field, value)?;
                if value.abs() > MAX_SIZE {
                    return Err(ShapeError::OutOfRange { field, value });
                }
            }
        }
        let length = p1.distance(p2);
        if length < MIN_SIZE {
            return Err(ShapeError::TooFewVertices { distinct: 1 });
        }
        Ok(Shape::from_core(&[p1, p2], 0.0))
    }

    /// A box `width` × `height` core centred on the origin, inflated by `radius` (so it is
    /// `width + 2 radius` across).
    pub fn make_box(width: f32, height: f32, radius: f32) -> Result<Shape, ShapeError> {
        check_size(ShapeParam::Width, width)?;
        check_size(ShapeParam::Height, height)?;
        check_rounding(ShapeParam::Radius, radius)?;
        let (w, h) = (0.5 * width, 0.5 * height);
        let v = [
            Vec2::new(-w, -h),
            Vec2::new(w, -h),
            Vec2::new(w, h),
            Vec2::new(-w, h),
        ];
        Ok(Shape::from_core(&v, radius))
    }

    /// A regular polygon with `sides` vertices on a circle of radius `circumradius`, the first
    /// straight up at `(0, circumradius)`, then counter-clockwise.
    pub fn regular_polygon(sides: u32, circumradius: f32) -> Result<Shape, ShapeError> {
        if !(3..=MAX_VERTICES as u32).contains(&sides) {
            return Err(ShapeError::BadSides { sides });
        }
        check_size(ShapeParam::Circumradius, circumradius)?;
        let n = sides as usize;
        let mut v = [Vec2::ZERO; MAX_VERTICES];
        for (i, p) in v.iter_mut().take(n).enumerate() {
            let t = std::f64::consts::TAU * i as f64 / n as f64;
            let (s, c) = t.sin_cos();
            *p = Vec2::new(
                (-s * circumradius as f64) as f32,
                (c * circumradius as f64) as f32,
            );
        }
        // An even polygon is exactly centrally symmetric (its opposite faces exactly antiparallel).
        if n.is_multiple_of(2) {
            for i in 0..n / 2 {
                v[i + n / 2] = -v[i];
            }
        }
        Ok(Shape::from_core(&v[..n], 0.0))
    }

    /// A convex polygon from local vertices in either winding, inflated by `radius`.
    ///
    /// Coinciding and collinear vertices are removed and reported as warnings; a clockwise list
    /// is reversed. Errors name the offending vertex by its index in `points`.
    pub fn polygon(points: &[Vec2], radius: f32) -> Result<(Shape, Vec<ShapeWarning>), ShapeError> {
        check_rounding(ShapeParam::Radius, radius)?;
        if points.len() > MAX_VERTICES {
            return Err(ShapeError::TooManyVertices {
                count: points.len(),
            });
        }
        for (i, p) in points.iter().enumerate() {
            check_finite(ShapeParam::VertexX(i), p.x)?;
            check_finite(ShapeParam::VertexY(i), p.y)?;
            for (field, value) in [(ShapeParam::VertexX(i), p.x), (ShapeParam::VertexY(i), p.y)] {
                if value.abs() > MAX_SIZE {
                    return Err(ShapeError::OutOfRange { field, value });
                }
            }
        }
        let (cleaned, warnings) = clean_polygon(points)?;
        let core: Vec<Vec2> = cleaned.iter().map(|&i| points[i]).collect();
        Ok((Shape::from_core(&core, radius), warnings))
    }

    /// The kind of core.
    pub fn kind(&self) -> ShapeKind {
        match self.count {
            1 => ShapeKind::Circle,
            2 => ShapeKind::Capsule,
            _ => ShapeKind::Polygon,
        }
    }

    /// The core's vertices, counter-clockwise (1 for a circle, 2 for a capsule).
    #[inline]
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices[..self.count]
    }

    /// Outward unit normals: `normals()[i]` belongs to the edge `vertices()[i] → vertices()[i+1]`.
    /// A capsule's two "edges" are the two sides of its segment; a circle has none (one dummy).
    #[inline]
    pub fn normals(&self) -> &[Vec2] {
        &self.normals[..self.count]
    }

    /// How many core vertices.
    #[inline]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The whole vertex array, of which the first [`Shape::count`] are the core's: for the
    /// fast paths, which index it with constants and so need no bounds check.
    #[inline]
    pub(crate) fn vertex_array(&self) -> &[Vec2; MAX_VERTICES] {
        &self.vertices
    }

    /// Face `i`'s plane offset in the shape's own frame, `normals()[i] · vertices()[i]`, for
    /// every face (the first [`Shape::count`] are the core's; see [`Shape::vertex_array`]).
    #[inline]
    pub(crate) fn offsets(&self) -> &[f32] {
        &self.offsets[..self.count]
    }

    /// The stored offsets as a fixed-size array (see [`Shape::vertex_array`]).
    #[inline]
    pub(crate) fn offset_array(&self) -> &[f32; MAX_VERTICES] {
        &self.offsets
    }

    /// The whole normal array, of which the first [`Shape::count`] are the core's (see
    /// [`Shape::vertex_array`]).
    #[inline]
    pub(crate) fn normal_array(&self) -> &[Vec2; MAX_VERTICES] {
        &self.normals
    }

    /// The rounding radius (the circle's radius, the capsule's radius).
    #[inline]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The centroid of the core (the point a shape turns about), in the shape's frame.
    #[inline]
    pub fn centroid(&self) -> Vec2 {
        self.centroid
    }

    /// True when face `i + n/2` is exactly antiparallel to face `i` for every face.
    #[inline]
    pub fn symmetric(&self) -> bool {
        self.symmetric
    }

    /// True when the core is point-symmetric about its local origin.
    #[inline]
    pub fn centred(&self) -> bool {
        self.centred
    }

    /// The largest distance of the rounded shape from its local origin (the body's position):
    /// core plus radius. Scale-relative tolerances are measured against it.
    #[inline]
    pub fn bounding_radius(&self) -> f32 {
        self.bounding_radius
    }

    /// Index of the core vertex furthest along `d` (the first one on a tie).
    #[inline]
    pub fn support(&self, d: Vec2) -> usize {
        let mut best = 0;
        let mut best_dot = self.vertices[0].dot(d);
        for i in 1..self.count {
            let v = self.vertices[i].dot(d);
            if v > best_dot {
                best = i;
                best_dot = v;
            }
        }
        best
    }

    /// The furthest point of the whole (rounded) shape along the unit direction `d`.
    pub fn support_point(&self, d: Vec2) -> Vec2 {
        self.vertices[self.support(d)] + d * self.radius
    }

    /// The projection interval `[min, max]` of the whole rounded shape on the unit axis `d`.
    pub fn project(&self, d: Vec2) -> [f32; 2] {
        let mut lo = f32::INFINITY;
        let mut hi = f32::NEG_INFINITY;
        for v in self.vertices() {
            let p = v.dot(d);
            lo = lo.min(p);
            hi = hi.max(p);
        }
        [lo - self.radius, hi + self.radius]
    }

    /// Moves one core vertex of a polygon, keeping it convex. Returns the error (and leaves the
    /// shape unchanged) when the move would make it non-convex or degenerate.
    pub fn with_vertex(
        &self,
        index: usize,
        to: Vec2,
    ) -> Result<(Shape, Vec<ShapeWarning>), ShapeError> {
        let mut pts: Vec<Vec2> = self.vertices().to_vec();
        if let Some(p) = pts.get_mut(index) {
            *p = to;
        }
        Shape::polygon(&pts, self.radius)
    }

    /// Signed distance from the local point `p` to the rounded shape's outline: negative
    /// inside. For picking and drawing, not for contact.
    pub fn distance_to_point(&self, p: Vec2) -> f32 {
        let v = self.vertices();
        let core = match v.len() {
            1 => p.distance(v[0]),
            2 => {
                let sd = super::math::segment_distance(v[0], v[1], p, p);
                sd.distance_squared.sqrt()
            }
            n => {
                let mut inside_depth = f32::NEG_INFINITY;
                let mut outside = f32::INFINITY;
                for i in 0..n {
                    let (a, b) = (v[i], v[(i + 1) % n]);
                    inside_depth = inside_depth.max(self.normals[i].dot(p - a));
                    let sd = super::math::segment_distance(a, b, p, p);
                    outside = outside.min(sd.distance_squared.sqrt());
                }
                if inside_depth <= 0.0 {
                    inside_depth
                } else {
                    outside
                }
            }
        };
        core - self.radius
    }
}

/// A shape placed in a frame: its core mapped through `xf` on the fly, never copied. This is
/// what the algorithms take; a support query turns the direction into the shape's own frame and
/// maps back only the vertex it picks.
#[derive(Clone, Copy, Debug)]
pub struct Placed<'a> {
    /// The shape, in its own frame.
    pub shape: &'a Shape,
    /// Its transform into the frame the algorithm works in.
    pub xf: Transform,
}

impl<'a> Placed<'a> {
    /// `shape` placed by `xf`.
    pub fn new(shape: &'a Shape, xf: Transform) -> Placed<'a> {
        Placed { shape, xf }
    }

    /// How many core vertices.
    #[inline]
    pub fn count(&self) -> usize {
        self.shape.count
    }

    /// The rounding radius.
    #[inline]
    pub fn radius(&self) -> f32 {
        self.shape.radius
    }

    /// A circle's centre, placed: its transform's translation (a circle's one core vertex is
    /// the origin of its own frame, [`Shape::circle`], so no rotation is needed).
    #[inline]
    pub fn centre(&self) -> Vec2 {
        debug_assert!(self.shape.count == 1 && self.shape.vertices[0] == Vec2::ZERO);
        self.xf.p
    }

    /// Core vertex `i`, placed.
    #[inline]
    pub fn vertex(&self, i: usize) -> Vec2 {
        self.xf.apply(self.shape.vertices[i])
    }

    /// Outward normal of edge `i`, placed.
    #[inline]
    pub fn normal(&self, i: usize) -> Vec2 {
        self.xf.q.apply(self.shape.normals[i])
    }

    /// The placed core vertices, in order.
    pub fn vertices(&self) -> impl ExactSizeIterator<Item = Vec2> + '_ {
        self.shape.vertices().iter().map(|v| self.xf.apply(*v))
    }

    /// The placed centroid.
    #[inline]
    pub fn centroid(&self) -> Vec2 {
        self.xf.apply(self.shape.centroid)
    }

    /// Index of the core vertex furthest along `d` (the first one on a tie).
    #[inline]
    pub fn support(&self, d: Vec2) -> usize {
        self.shape.support(self.xf.q.apply_inv(d))
    }

    /// The furthest point of the rounded shape along the unit direction `d`.
    pub fn support_point(&self, d: Vec2) -> Vec2 {
        self.vertex(self.support(d)) + d * self.shape.radius
    }

    /// The projection interval `[min, max]` of the rounded shape on the unit axis `d`.
    pub fn project(&self, d: Vec2) -> [f32; 2] {
        let [lo, hi] = self.shape.project(self.xf.q.apply_inv(d));
        let shift = self.xf.p.dot(d);
        [lo + shift, hi + shift]
    }
}

/// Twice-signed area / 2 of a vertex loop (positive when counter-clockwise).
fn polygon_area(v: &[Vec2]) -> f32 {
    if v.len() < 3 {
        return 0.0;
    }
    let mut a = 0.0;
    for i in 0..v.len() {
        a += cross(v[i], v[(i + 1) % v.len()]);
    }
    0.5 * a
}

/// Area centroid of a polygon; the mean for a point or segment.
fn polygon_centroid(v: &[Vec2]) -> Vec2 {
    if v.len() < 3 {
        return v.iter().copied().sum::<Vec2>() / v.len().max(1) as f32;
    }
    // Relative to the first vertex, for precision.
    let origin = v[0];
    let mut c = Vec2::ZERO;
    let mut area = 0.0;
    for i in 1..v.len() - 1 {
        let e1 = v[i] - origin;
        let e2 = v[i + 1] - origin;
        let a = 0.5 * cross(e1, e2);
        c += (e1 + e2) * (a / 3.0);
        area += a;
    }
    if area.abs() > 0.0 {
        origin + c / area
    } else {
        origin
    }
}

/// Cleans a polygon: returns the indices (into `points`) of the kept vertices, counter-clockwise,
/// and what was changed.
fn clean_polygon(points: &[Vec2]) -> Result<(Vec<usize>, Vec<ShapeWarning>), ShapeError> {
    let mut warnings = Vec::new();
    // The polygon's own size (the larger side of its bounding box), so that every threshold
    // below is relative to it: a 0.0003-unit square is judged exactly as a 3-unit one.
    let (lo, hi) = points.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let extent = (hi - lo).max_element().max(f32::MIN_POSITIVE);
    // Vertices closer than a millionth of the polygon's size are one vertex (duplicates).
    let weld = 1.0e-6 * extent;

    // 1. Duplicates (any pair, not just neighbours).
    let mut idx: Vec<usize> = Vec::new();
    for (i, p) in points.iter().enumerate() {
        if let Some(&k) = idx.iter().find(|&&k| points[k].distance(*p) <= weld) {
            warnings.push(ShapeWarning::Duplicate {
                removed: i,
                kept: k,
            });
        } else {
            idx.push(i);
        }
    }
    if idx.len() < 3 {
        return Err(ShapeError::TooFewVertices {
            distinct: idx.len(),
        });
    }

    // 2. Winding: store counter-clockwise.
    let loop_pts: Vec<Vec2> = idx.iter().map(|&i| points[i]).collect();
    if polygon_area(&loop_pts) < 0.0 {
        idx.reverse();
        warnings.push(ShapeWarning::Reversed);
    }

    // 3. Collinear vertices: drop a vertex whose turn is negligible compared with its edges.
    loop {
        let n = idx.len();
        if n < 3 {
            return Err(ShapeError::TooFewVertices { distinct: n });
        }
        let found = (0..n).find(|&i| {
            let prev = points[idx[(i + n - 1) % n]];
            let cur = points[idx[i]];
            let next = points[idx[(i + 1) % n]];
            let e1 = cur - prev;
            let e2 = next - cur;
            let turn = cross(e1, e2);
            turn.abs() <= 1.0e-6 * e1.length() * e2.length() && e1.dot(e2) > 0.0
        });
        match found {
            Some(i) => {
                warnings.push(ShapeWarning::Collinear { removed: idx[i] });
                idx.remove(i);
            }
            None => break,
        }
    }

    // 4. Convexity: every vertex strictly left of every edge it is not on. This also rejects
    //    self-intersecting loops that turn left everywhere (a pentagram).
    let n = idx.len();
    let area = polygon_area(&idx.iter().map(|&i| points[i]).collect::<Vec<_>>());
    if area.abs() <= f32::EPSILON * extent * extent {
        return Err(ShapeError::TooFewVertices { distinct: 2 });
    }
    for i in 0..n {
        let prev = points[idx[(i + n - 1) % n]];
        let cur = points[idx[i]];
        let next = points[idx[(i + 1) % n]];
        if cross(cur - prev, next - cur) <= 0.0 {
            return Err(ShapeError::NonConvex { vertex: idx[i] });
        }
    }
    for i in 0..n {
        let a = points[idx[i]];
        let b = points[idx[(i + 1) % n]];
        for (k, &j) in idx.iter().enumerate() {
            if k == i || k == (i + 1) % n {
                continue;
            }
            if cross(b - a, points[j] - a) <= 0.0 {
                return Err(ShapeError::NonConvex { vertex: j });
            }
        }
    }
    Ok((idx, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_normals_point_out() {
        let b = Shape::make_box(2.0, 1.0, 0.0).unwrap();
        for (v, n) in b.vertices().iter().zip(b.normals()) {
            assert!(n.dot(*v) > 0.0);
        }
    }

    #[test]
    fn regular_polygon_first_vertex_up() {
        let p = Shape::regular_polygon(5, 2.0).unwrap();
        assert!((p.vertices()[0] - Vec2::new(0.0, 2.0)).length() < 1e-6);
        assert!(
            p.vertices()[1].x < 0.0,
            "second vertex is counter-clockwise (to the left)"
        );
    }

    #[test]
    fn clockwise_polygon_is_reversed() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(1.0, 0.0),
        ];
        let (p, w) = Shape::polygon(&pts, 0.0).unwrap();
        assert_eq!(w, vec![ShapeWarning::Reversed]);
        assert!(polygon_area(p.vertices()) > 0.0);
    }

    #[test]
    fn pentagram_is_not_convex() {
        let pts: Vec<Vec2> = (0..5)
            .map(|i| {
                let t = std::f32::consts::TAU * (2 * i) as f32 / 5.0;
                Vec2::new(t.cos(), t.sin())
            })
            .collect();
        assert!(matches!(
            Shape::polygon(&pts, 0.0),
            Err(ShapeError::NonConvex { .. })
        ));
    }
}
