//! Reference face, incident face and clipping: the manifold of two polygon-like cores.
//!
//! A box resting on the ground touches along a whole edge; one point in the middle would let it
//! rock. This finds the two points (seed 000; Box2D's `b2CollidePolygons`):
//!
//! 1. For each core, the face of greatest separation from the other core (SAT restricted to
//!    outward face normals). If either exceeds the margin plus both radii, there is no contact.
//! 2. The reference face is A's, unless B's is clearly better:
//!    `sep_b > sep_a + 0.02 |sep_a| + 0.1 LINEAR_SLOP` (hysteresis, so near-ties keep their
//!    roles and the feature ids do not churn).
//! 3. The incident face: the other core's face most anti-parallel to the reference normal.
//! 4. If the cores are apart and their closest features are two corners (rounded shapes), the
//!    contact is one point on the line between the corners, with that diagonal normal. (The
//!    line must lie in both corners' normal cones, and not be both faces' normal: then the
//!    faces are flat against each other.)
//! 5. Otherwise clip the incident face against the reference face's two side planes
//!    (Sutherland–Hodgman on a segment, twice).
//! 6. Keep the clipped points whose separation from the reference face, less both radii, is at
//!    most the speculative margin; each sits midway between the two surfaces. If none is kept
//!    (deep penetration can clip the whole incident face away), keep the incident core's
//!    deepest vertex instead.
//!
//! A capsule is a 2-vertex core whose two "faces" are the sides of its segment.

use super::manifold::{
    Candidate, FeatureId, FeatureKind, IncidentFeature, Manifold, ManifoldOptions, ManifoldPoint,
    ManifoldStep,
};
use super::math::{
    LINEAR_SLOP, cross, left_perp, next_index, prev_index, segment_distance, try_normalize,
};
use super::{Placed, Trace};
use glam::Vec2;

/// An edge of a core (pair frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    /// True when the face belongs to B.
    pub on_b: bool,
    /// Edge index: from vertex `edge` to vertex `edge + 1`.
    pub edge: usize,
    /// First vertex.
    pub v1: Vec2,
    /// Second vertex.
    pub v2: Vec2,
    /// Outward unit normal.
    pub normal: Vec2,
}

impl Face {
    #[inline]
    fn of(shape: &Placed, edge: usize, on_b: bool) -> Face {
        let n = shape.count();
        Face {
            on_b,
            edge,
            v1: shape.vertex(edge),
            v2: shape.vertex(next_index(edge, n)),
            normal: shape.normal(edge),
        }
    }
}

/// A point of the incident face during clipping, with the feature that made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipVertex {
    /// The point (pair frame).
    pub point: Vec2,
    /// An incident vertex, or a point made by a side plane.
    pub feature: IncidentFeature,
}

/// Greatest separation of `other`'s core from a face of `poly`'s core: `(separation, edge)`.
///
/// For face `i` with outward normal `n` through vertex `v_i`, the separation is
/// `min over w of n · w − n · v_i`: the deepest vertex of `other` is its support point along
/// `−n`. The work is done in `other`'s own frame, where `poly` sits at `rel`. A rotation keeps
/// dot products, so the placed face's offset is `n_i · v_i` (the shape's own numbers) plus
/// `n · t`, `t` where `rel` puts `poly`'s origin: no vertex of `poly` is transformed.
///
/// The search over `other` takes the cheapest exact route:
/// - `poly` symmetric (a face `n/2` on is exactly antiparallel): one projection serves two
///   faces; when `other` is also centred, its shadow is `[−r, r]`, from half its vertices;
/// - few vertices: test them all (a branch-free loop beats a walk);
/// - otherwise walk: as `i` goes round `poly` the direction `−n` turns counter-clockwise, so
///   the support point only walks forward round `other`, each face starting where the last one
///   ended (a hill climb). That makes the whole loop O(n + m) instead of O(n m).
pub fn max_separation(poly: &Placed, other: &Placed) -> (f32, usize) {
    let rel = other.xf.inv_mul(poly.xf);
    let ov = other.shape.vertices();
    let m = ov.len();
    let (pv, pn) = (poly.shape.vertices(), poly.shape.normals());
    // Face i placed in `other`'s frame: the offset of its plane, given its placed normal `n`;
    // and its normal with that offset.
    let offset = |i: usize, n: Vec2| pn[i].dot(pv[i]) + n.dot(rel.p);
    let face = |i: usize| {
        let n = rel.q.apply(pn[i]);
        (n, offset(i, n))
    };
    let mut best = (f32::NEG_INFINITY, 0);
    // Keeps the first face on a tie, whatever order the faces are visited in.
    let mut consider = |sep: f32, i: usize| {
        if sep > best.0 || (sep == best.0 && i < best.1) {
            best = (sep, i);
        }
    };
    let half = pn.len() / 2;
    if poly.shape.symmetric() && other.shape.centred() && m <= 16 {
        for i in 0..half {
            // Face i + half has the normal −n (negation is exact) and its own offset.
            let (n, plane) = face(i);
            let opposite = offset(i + half, -n);
            let r = half_width(n, &ov[..m / 2]);
            consider(-r - plane, i);
            consider(-r - opposite, i + half);
        }
        return best;
    }
    if poly.shape.symmetric() && m <= 8 {
        for i in 0..half {
            let (n, plane) = face(i);
            let opposite = offset(i + half, -n);
            let [lo, hi] = shadow(n, ov);
            consider(lo - plane, i);
            consider(-hi - opposite, i + half);
        }
        return best;
    }
    if m <= 8 {
        for i in 0..pn.len() {
            let (n, plane) = face(i);
            consider(shadow(n, ov)[0] - plane, i);
        }
        return best;
    }
    let mut j = other.shape.support(-rel.q.apply(pn[0]));
    for i in 0..pn.len() {
        let (n, plane) = face(i);
        let d = -n;
        // Walk to the support point along d: forward while it improves, else backward.
        let mut here = ov[j].dot(d);
        let mut steps = 0;
        while steps < m {
            let next = next_index(j, m);
            let there = ov[next].dot(d);
            if there <= here {
                break;
            }
            (j, here) = (next, there);
            steps += 1;
        }
        while steps < m {
            let prev = prev_index(j, m);
            let there = ov[prev].dot(d);
            if there <= here {
                break;
            }
            (j, here) = (prev, there);
            steps += 1;
        }
        consider(n.dot(ov[j]) - plane, i);
    }
    best
}

/// The largest `|d · w|` over `points`: along `d`, the half-width of a centred core whose other
/// half is `−points`. (Plain comparisons: the inputs are finite.)
#[inline]
fn half_width(d: Vec2, points: &[Vec2]) -> f32 {
    points.iter().fold(0.0, |r, w| {
        let p = d.dot(*w).abs();
        if p > r { p } else { r }
    })
}

/// `[min, max]` of `d · w` over `points` (at least one).
#[inline]
fn shadow(d: Vec2, points: &[Vec2]) -> [f32; 2] {
    points
        .iter()
        .fold([f32::INFINITY, f32::NEG_INFINITY], |[lo, hi], w| {
            let p = d.dot(*w);
            [if p < lo { p } else { lo }, if p > hi { p } else { hi }]
        })
}

/// Index of the face of `poly` whose normal is most anti-parallel to `normal` (the first on a
/// tie). A symmetric core's face `i + n/2` has the opposite dot product, so half the faces do.
#[inline]
fn incident_edge(poly: &Placed, normal: Vec2) -> usize {
    let local = poly.xf.q.apply_inv(normal);
    let normals = poly.shape.normals();
    let mut best = (f32::INFINITY, 0);
    if poly.shape.symmetric() {
        let half = normals.len() / 2;
        for (i, n) in normals[..half].iter().enumerate() {
            let d = n.dot(local);
            let (d, i) = if d <= 0.0 { (d, i) } else { (-d, i + half) };
            if d < best.0 || (d == best.0 && i < best.1) {
                best = (d, i);
            }
        }
        return best.1;
    }
    for (i, n) in normals.iter().enumerate() {
        let d = n.dot(local);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// Whether the unit direction `d` lies in the normal cone of vertex `i` of `shape`'s core:
/// between the outward normals of the two edges that meet there (a capsule's end: the half-plane
/// beyond it). Only along such a direction can that vertex be the core's closest feature. A
/// direction just outside (by up to 1e-3 rad, where the answers differ by 5e-7 of the distance)
/// counts as inside, so rounding cannot reject a true corner.
fn in_vertex_cone(shape: &Placed, i: usize, d: Vec2) -> bool {
    let n = shape.count();
    let (before, after) = (shape.normal(prev_index(i, n)), shape.normal(i));
    cross(before, d) >= -1.0e-3 && cross(d, after) >= -1.0e-3
}

/// At most two points: what is left of a segment after clipping (no allocation).
#[derive(Clone, Copy, Debug)]
struct Clipped {
    points: [ClipVertex; 2],
    count: usize,
}

impl Clipped {
    /// The points `first` and then `second`, those that are there. Built whole, never by
    /// indexing with the count, so that it stays in registers.
    #[inline]
    fn of(first: Option<ClipVertex>, second: Option<ClipVertex>) -> Clipped {
        match (first, second) {
            (Some(p), Some(q)) => Clipped {
                points: [p, q],
                count: 2,
            },
            (Some(p), None) | (None, Some(p)) => Clipped {
                points: [p, p],
                count: 1,
            },
            (None, None) => Clipped {
                points: [ClipVertex {
                    point: Vec2::ZERO,
                    feature: IncidentFeature::Vertex(0),
                }; 2],
                count: 0,
            },
        }
    }

    /// The first point, if any.
    #[inline]
    fn first(&self) -> Option<ClipVertex> {
        (self.count > 0).then_some(self.points[0])
    }

    /// The second point, if any.
    #[inline]
    fn second(&self) -> Option<ClipVertex> {
        (self.count > 1).then_some(self.points[1])
    }

    fn to_vec(self) -> Vec<ClipVertex> {
        self.first().into_iter().chain(self.second()).collect()
    }
}

/// Clips a segment against the plane `normal · p = offset`, keeping the side `normal · p <= offset`.
/// A segment clipped by one plane keeps at most two points: the ends on the kept side, in
/// order, then the crossing point.
#[inline]
fn clip_segment(input: &Clipped, normal: Vec2, offset: f32, side: u8) -> Clipped {
    if input.count < 2 {
        return Clipped::of(None, None);
    }
    let [v0, v1] = input.points;
    let d0 = normal.dot(v0.point) - offset;
    let d1 = normal.dot(v1.point) - offset;
    let crossing = || ClipVertex {
        point: v0.point + (v1.point - v0.point) * (d0 / (d0 - d1)),
        feature: IncidentFeature::SidePlane(side),
    };
    let cut = d0 * d1 < 0.0;
    match (d0 <= 0.0, d1 <= 0.0) {
        (true, true) => Clipped::of(Some(v0), Some(v1)),
        (true, false) => Clipped::of(Some(v0), cut.then(crossing)),
        (false, true) => Clipped::of(Some(v1), cut.then(crossing)),
        (false, false) => Clipped::of(None, None),
    }
}

/// The manifold of two polygon-like cores (each with at least two vertices), in one frame.
// Always inlined into `collide`, its one caller, so that the manifold is built in place.
#[inline(always)]
pub fn polygons(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
    trace: &mut impl Trace<ManifoldStep>,
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();

    // 1. Each core's face of greatest separation.
    let (sep_a, edge_a) = max_separation(a, b);
    let (sep_b, edge_b) = max_separation(b, a);

    // 2. The reference face, with hysteresis.
    let threshold = if options.hysteresis {
        sep_a + 0.02 * sep_a.abs() + 0.1 * LINEAR_SLOP
    } else {
        sep_a
    };
    let flip = sep_b > threshold;
    let (ref_shape, inc_shape, ref_edge) = if flip { (b, a, edge_b) } else { (a, b, edge_a) };
    let reference = Face::of(ref_shape, ref_edge, flip);
    trace.step(|| ManifoldStep::ReferenceFace {
        sep_a,
        edge_a,
        sep_b,
        edge_b,
        threshold,
        hysteresis: options.hysteresis,
        flip,
        reference,
    });
    let a_to_b = |n: Vec2| if flip { -n } else { n };
    // The one manifold every path returns (so it is built in place, not copied).
    let mut m = Manifold::empty(a_to_b(reference.normal));
    let separation = sep_a.max(sep_b);
    if separation - radius > margin {
        trace.step(|| ManifoldStep::Apart {
            separation: separation - radius,
            margin,
        });
        return m;
    }

    // 3. The incident face.
    let inc_edge = incident_edge(inc_shape, reference.normal);
    let incident = Face::of(inc_shape, inc_edge, !flip);
    trace.step(|| ManifoldStep::IncidentFace(incident));
    let inc_count = inc_shape.count();
    let (i21, i22) = (inc_edge, next_index(inc_edge, inc_count));
    let (ref_radius, inc_radius) = (ref_shape.radius(), inc_shape.radius());

    // 4. Cores apart: two corners closest gives one point on the diagonal.
    if separation > 0.1 * LINEAR_SLOP {
        let sd = segment_distance(reference.v1, reference.v2, incident.v1, incident.v2);
        let at_end = |f: f32| f == 0.0 || f == 1.0;
        if at_end(sd.fraction1) && at_end(sd.fraction2) {
            let ref_vertex = if sd.fraction1 == 0.0 {
                ref_edge
            } else {
                next_index(ref_edge, ref_shape.count())
            };
            let inc_vertex = if sd.fraction2 == 0.0 { i21 } else { i22 };
            // The two corners are the closest features only if the line between them lies in
            // both corners' normal cones (the reference may not be the best face, within the
            // hysteresis, and then a neighbour of the incident face can be nearer). Corners in
            // line along both face normals are the ends of parallel faces flat against each
            // other (equal boxes stacked): clipping gives their two points.
            let flat = |n: Vec2| {
                n.dot(reference.normal) > 1.0 - 1.0e-6 && n.dot(incident.normal) < -(1.0 - 1.0e-6)
            };
            let corners = |n: &Vec2| {
                !flat(*n)
                    && in_vertex_cone(ref_shape, ref_vertex, *n)
                    && in_vertex_cone(inc_shape, inc_vertex, -*n)
            };
            if let Some(normal) = try_normalize(sd.closest2 - sd.closest1).filter(corners) {
                let distance = sd.distance_squared.sqrt();
                let sep = distance - radius;
                trace.step(|| ManifoldStep::Corner {
                    reference: sd.closest1,
                    incident: sd.closest2,
                    normal,
                    separation: sep,
                });
                m.normal = a_to_b(normal);
                if sep > margin {
                    trace.step(|| ManifoldStep::Apart {
                        separation: sep,
                        margin,
                    });
                    return m;
                }
                let c1 = sd.closest1 + normal * ref_radius;
                let c2 = sd.closest2 - normal * inc_radius;
                m.push(ManifoldPoint {
                    position: (c1 + c2) * 0.5,
                    separation: sep,
                    id: FeatureId {
                        kind: FeatureKind::Corner,
                        reference: ref_vertex as u8,
                        incident: IncidentFeature::Vertex(inc_vertex as u8),
                        flip,
                    },
                });
                return m;
            }
        }
    }

    // 5. Clip the incident face against the reference face's side planes.
    let normal = reference.normal;
    let tangent = left_perp(normal);
    let input = Clipped {
        points: [
            ClipVertex {
                point: incident.v1,
                feature: IncidentFeature::Vertex(i21 as u8),
            },
            ClipVertex {
                point: incident.v2,
                feature: IncidentFeature::Vertex(i22 as u8),
            },
        ],
        count: 2,
    };
    let side0 = clip_segment(&input, -tangent, -tangent.dot(reference.v1), 0);
    trace.step(|| ManifoldStep::ClipSide {
        side: 0,
        plane_point: reference.v1,
        plane_normal: -tangent,
        input: input.to_vec(),
        output: side0.to_vec(),
    });
    let side1 = clip_segment(&side0, tangent, tangent.dot(reference.v2), 1);
    trace.step(|| ManifoldStep::ClipSide {
        side: 1,
        plane_point: reference.v2,
        plane_normal: tangent,
        input: side0.to_vec(),
        output: side1.to_vec(),
    });

    // 6. Keep the points within the margin, each midway between the surfaces.
    let front = normal.dot(reference.v1);
    let candidate = |point: Vec2, feature: IncidentFeature| {
        let core_sep = normal.dot(point) - front;
        let separation = core_sep - radius;
        Candidate {
            point,
            position: point + normal * (0.5 * (ref_radius - inc_radius - core_sep)),
            separation,
            kept: separation <= margin,
            id: FeatureId {
                kind: FeatureKind::Clip,
                reference: ref_edge as u8,
                incident: feature,
                flip,
            },
        }
    };
    for c in [side1.first(), side1.second()]
        .into_iter()
        .flatten()
        .map(|cv| candidate(cv.point, cv.feature))
    {
        if c.kept {
            m.push(c.point());
        }
    }
    // Deep in, the incident face can lie wholly beyond a side plane (or its kept part above the
    // margin) although the shapes overlap: then keep the incident core's deepest vertex, whose
    // separation is the reference face's (step 1), so within the margin.
    let fallback = m.is_empty().then(|| {
        let deepest = inc_shape.support(-normal);
        candidate(
            inc_shape.vertex(deepest),
            IncidentFeature::Vertex(deepest as u8),
        )
    });
    if let Some(c) = fallback.filter(|c| c.kept) {
        m.push(c.point());
    }
    trace.step(|| ManifoldStep::Keep {
        candidates: side1
            .to_vec()
            .into_iter()
            .map(|cv| candidate(cv.point, cv.feature))
            .chain(fallback.filter(|c| c.kept))
            .collect(),
        margin,
    });
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Shape, Transform};

    /// The separation of `other` from every face of `poly`, vertex by vertex in world space.
    fn brute(poly: &Placed, other: &Placed) -> (f32, usize) {
        let mut best = (f32::NEG_INFINITY, 0);
        for i in 0..poly.count() {
            let (n, v) = (poly.normal(i), poly.vertex(i));
            let deepest = other
                .vertices()
                .map(|w| n.dot(w - v))
                .fold(f32::INFINITY, f32::min);
            if deepest > best.0 {
                best = (deepest, i);
            }
        }
        best
    }

    #[test]
    fn max_separation_fast_paths_agree_with_brute_force() {
        // Each path: symmetric with centred (box, capsule, even n-gon), symmetric only, general
        // small, and the walk over a large polygon.
        let tri = Shape::polygon(
            &[
                Vec2::new(-1.0, -0.4),
                Vec2::new(1.3, -0.6),
                Vec2::new(0.2, 1.1),
            ],
            0.0,
        )
        .unwrap()
        .0;
        let shapes = [
            Shape::make_box(2.0, 0.7, 0.0).unwrap(),
            Shape::capsule(1.5, 0.2).unwrap(),
            Shape::regular_polygon(6, 1.0).unwrap(),
            Shape::regular_polygon(7, 1.0).unwrap(),
            Shape::regular_polygon(40, 1.2).unwrap(),
            tri,
        ];
        assert!(
            shapes[0].centred()
                && shapes[1].centred()
                && shapes[2].centred()
                && shapes[4].centred()
        );
        assert!(!shapes[3].symmetric() && !shapes[5].centred());
        let mut k = 0.0f32;
        for a in &shapes {
            for b in &shapes {
                for _ in 0..50 {
                    k += 1.0;
                    let xa =
                        Transform::new(Vec2::new((k * 0.37).sin(), (k * 0.11).cos()), k * 0.71);
                    let xb = Transform::new(
                        Vec2::new((k * 0.53).cos() * 2.0, (k * 0.29).sin() * 2.0),
                        k * 1.13,
                    );
                    let (pa, pb) = (Placed::new(a, xa), Placed::new(b, xb));
                    let (fast, edge) = max_separation(&pa, &pb);
                    let (slow, _) = brute(&pa, &pb);
                    assert!((fast - slow).abs() <= 2e-6, "{fast} vs {slow}");
                    // The face it names has that separation.
                    let (n, v) = (pa.normal(edge), pa.vertex(edge));
                    let at_edge = pb
                        .vertices()
                        .map(|w| n.dot(w - v))
                        .fold(f32::INFINITY, f32::min);
                    assert!((at_edge - fast).abs() <= 2e-6);
                }
            }
        }
    }

    fn vertex(x: f32, y: f32, i: u8) -> ClipVertex {
        ClipVertex {
            point: Vec2::new(x, y),
            feature: IncidentFeature::Vertex(i),
        }
    }

    fn clip_x_below(x0: f32, x1: f32, plane: f32) -> Vec<ClipVertex> {
        let input = Clipped::of(Some(vertex(x0, 0.0, 0)), Some(vertex(x1, 0.0, 1)));
        clip_segment(&input, Vec2::X, plane, 1).to_vec()
    }

    #[test]
    fn clip_segment_keeps_the_ends_in_order_then_the_crossing() {
        // Both ends kept.
        assert_eq!(
            clip_x_below(-1.0, 0.5, 1.0),
            vec![vertex(-1.0, 0.0, 0), vertex(0.5, 0.0, 1)]
        );
        // The first end kept: it, then the crossing at x = 1.
        let crossing = ClipVertex {
            point: Vec2::new(1.0, 0.0),
            feature: IncidentFeature::SidePlane(1),
        };
        assert_eq!(
            clip_x_below(0.0, 2.0, 1.0),
            vec![vertex(0.0, 0.0, 0), crossing]
        );
        // The second end kept: it, then the crossing.
        assert_eq!(
            clip_x_below(2.0, 0.0, 1.0),
            vec![vertex(0.0, 0.0, 1), crossing]
        );
        // An end exactly on the plane is kept and makes no crossing point.
        assert_eq!(clip_x_below(1.0, 3.0, 1.0), vec![vertex(1.0, 0.0, 0)]);
        // Wholly beyond: nothing; and nothing clips to nothing.
        assert!(clip_x_below(2.0, 3.0, 1.0).is_empty());
        let empty = Clipped::of(None, None);
        assert!(clip_segment(&empty, Vec2::X, 1.0, 0).to_vec().is_empty());
    }

    #[test]
    fn incident_edge_of_a_symmetric_core_is_the_most_antiparallel_face() {
        // Symmetric cores take the half-face path; compare with every face, first on a tie.
        let shapes = [
            Shape::make_box(2.0, 0.7, 0.0).unwrap(),
            Shape::capsule(1.5, 0.2).unwrap(),
            Shape::regular_polygon(8, 1.0).unwrap(),
            Shape::regular_polygon(40, 1.0).unwrap(),
        ];
        for shape in &shapes {
            assert!(shape.symmetric());
            for k in 0..720 {
                // Unrotated half the time, so the axis directions meet faces exactly.
                let angle = if k % 2 == 0 { 0.0 } else { 0.37 * k as f32 };
                let placed = Placed::new(shape, Transform::new(Vec2::ZERO, angle));
                // Every half degree, so directions along the axes (ties) are included.
                let t = (k as f32 * 0.5).to_radians();
                let normal = Vec2::new(t.cos(), t.sin());
                let local = placed.xf.q.apply_inv(normal);
                let expected = (0..shape.count())
                    .map(|i| (shape.normals()[i].dot(local), i))
                    .fold((f32::INFINITY, 0), |b, c| if c.0 < b.0 { c } else { b });
                assert_eq!(incident_edge(&placed, normal), expected.1, "k = {k}");
            }
        }
    }
}
