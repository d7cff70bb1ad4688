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
/// For face `i` with outward normal `n`, the separation is `min over w of n · (w − v_i)`: the
/// deepest vertex of `other` is its support point along `−n`. The work is done in `other`'s own
/// frame, and as `i` goes round `poly` the direction `−n` turns counter-clockwise, so the
/// support point only walks forward round `other`: each face starts its search where the last
/// one ended (a hill climb), which makes the whole loop O(n + m) instead of O(n m).
pub fn max_separation(poly: &Placed, other: &Placed) -> (f32, usize) {
    let rel = other.xf.inv_mul(poly.xf);
    let ov = other.shape.vertices();
    let m = ov.len();
    let (pv, pn) = (poly.shape.vertices(), poly.shape.normals());
    let mut best = (f32::NEG_INFINITY, 0);
    // Keeps the first face on a tie, whatever order the faces are visited in.
    let mut consider = |sep: f32, i: usize| {
        if sep > best.0 || (sep == best.0 && i < best.1) {
            best = (sep, i);
        }
    };
    if poly.shape.symmetric() && other.shape.centred() && m <= 16 {
        // Both symmetric: on the axis of faces i and i + n/2, `other` (centred on its own origin)
        // spans [−r, r], r the largest |n · w| over half its vertices.
        let half = pn.len() / 2;
        for i in 0..half {
            let n = rel.q.apply(pn[i]);
            let r = ov[..m / 2]
                .iter()
                .fold(0.0f32, |r, w| r.max(n.dot(*w).abs()));
            consider(-r - n.dot(rel.apply(pv[i])), i);
            consider(n.dot(rel.apply(pv[i + half])) - r, i + half);
        }
        return best;
    }
    if m <= 8 && poly.shape.symmetric() {
        // Opposite faces share a line: one pass gives the min and max projection for both.
        let half = pn.len() / 2;
        for i in 0..half {
            let n = rel.q.apply(pn[i]);
            let mut lo = f32::INFINITY;
            let mut hi = f32::NEG_INFINITY;
            for w in ov {
                let d = n.x * w.x + n.y * w.y;
                lo = lo.min(d);
                hi = hi.max(d);
            }
            consider(lo - n.dot(rel.apply(pv[i])), i);
            consider(n.dot(rel.apply(pv[i + half])) - hi, i + half);
        }
        return best;
    }
    if m <= 8 {
        // Few vertices: test them all (a branch-free loop beats the walk).
        for (i, (n, v)) in pn.iter().zip(pv).enumerate() {
            let n = rel.q.apply(*n);
            let offset = n.dot(rel.apply(*v));
            let deepest = ov.iter().fold(f32::INFINITY, |d, w| d.min(n.dot(*w))) - offset;
            consider(deepest, i);
        }
        return best;
    }
    let mut j = other.shape.support(-rel.q.apply(pn[0]));
    for (i, (n, v)) in pn.iter().zip(pv).enumerate() {
        let n = rel.q.apply(*n);
        let v = rel.apply(*v);
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
        consider(n.dot(ov[j] - v), i);
    }
    best
}

/// Index of the face of `poly` whose normal is most anti-parallel to `normal`.
#[inline]
fn incident_edge(poly: &Placed, normal: Vec2) -> usize {
    let local = poly.xf.q.apply_inv(normal);
    let mut best = (f32::INFINITY, 0);
    for (i, n) in poly.shape.normals().iter().enumerate() {
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
#[derive(Clone, Copy, Debug, Default)]
struct Clipped {
    points: [Option<ClipVertex>; 2],
}

impl Clipped {
    #[inline]
    fn push(&mut self, v: ClipVertex) {
        if let Some(slot) = self.points.iter_mut().find(|p| p.is_none()) {
            *slot = Some(v);
        }
    }

    fn iter(&self) -> impl Iterator<Item = &ClipVertex> {
        self.points.iter().flatten()
    }

    fn to_vec(self) -> Vec<ClipVertex> {
        self.iter().copied().collect()
    }
}

/// Clips a segment against the plane `normal · p = offset`, keeping the side `normal · p <= offset`.
/// A segment clipped by one plane keeps at most two points.
#[inline]
fn clip_segment(input: &Clipped, normal: Vec2, offset: f32, side: u8) -> Clipped {
    let mut out = Clipped::default();
    let [Some(v0), Some(v1)] = input.points else {
        return out;
    };
    let d0 = normal.dot(v0.point) - offset;
    let d1 = normal.dot(v1.point) - offset;
    if d0 <= 0.0 {
        out.push(v0);
    }
    if d1 <= 0.0 {
        out.push(v1);
    }
    if d0 * d1 < 0.0 {
        let t = d0 / (d0 - d1);
        out.push(ClipVertex {
            point: v0.point + (v1.point - v0.point) * t,
            feature: IncidentFeature::SidePlane(side),
        });
    }
    out
}

/// The manifold of two polygon-like cores (each with at least two vertices), in one frame.
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
    let separation = sep_a.max(sep_b);
    if separation - radius > margin {
        trace.step(|| ManifoldStep::Apart {
            separation: separation - radius,
            margin,
        });
        return Manifold::empty(a_to_b(reference.normal));
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
                let mut m = Manifold::empty(a_to_b(normal));
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
            Some(ClipVertex {
                point: incident.v1,
                feature: IncidentFeature::Vertex(i21 as u8),
            }),
            Some(ClipVertex {
                point: incident.v2,
                feature: IncidentFeature::Vertex(i22 as u8),
            }),
        ],
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
    let mut m = Manifold::empty(a_to_b(normal));
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
    for c in side1.iter().map(|cv| candidate(cv.point, cv.feature)) {
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
            .iter()
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
}
