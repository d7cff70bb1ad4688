//! The fast path's face searches (steps 1 and 3 of the polygon manifold): the readable
//! [`max_separation`](crate::geom::contact::polygons::faces::max_separation) and
//! [`incident_edge`](crate::geom::contact::polygons::faces::incident_edge) with less work, the
//! same numbers bit for bit (the same products in the same frame, and the first face on a tie),
//! tested against them below.

use crate::geom::contact::polygons::faces;
use crate::geom::math::{next_index, prev_index};
use crate::geom::shape::Placed;
use glam::Vec2;

/// Greatest separation of `other`'s core from a face of `poly`'s core: `(separation, edge)`,
/// as the readable [`faces::max_separation`] computes it, with less work.
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
    let (po, pn) = (poly.shape.offsets(), poly.shape.normals());
    // Face i placed in `other`'s frame: the offset of its plane, given its placed normal `n`
    // (`po[i]` is `pn[i] · pv[i]`, stored with the shape); and its normal with that offset.
    let offset = |i: usize, n: Vec2| po[i] + n.dot(rel.p);
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
    // Triangles and quadrilaterals: the route below with the counts known at compile time
    // (unrolled, nothing looked up by a runtime count).
    match (pn.len(), m) {
        (3, 3) => return max_separation_small::<3, 3>(poly, other),
        (3, 4) => return max_separation_small::<3, 4>(poly, other),
        (4, 3) => return max_separation_small::<4, 3>(poly, other),
        (4, 4) => return max_separation_small::<4, 4>(poly, other),
        _ => {}
    }
    if m <= 8 {
        return few_vertices(poly, other, pn, ov);
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

/// [`max_separation`] for `poly` of `N` faces and `other` of `M` vertices known at compile
/// time (2 to 4 each: segments, triangles, quadrilaterals): its routes, unrolled, the same
/// arithmetic in the same order. A symmetric `poly` against a centred `other` takes the shadow
/// of half of `other` ([`max_separation_centred`]); otherwise every vertex against every face
/// (`max_separation_small`). The fast path for each pair of small counts inlines it.
#[inline(always)]
pub fn max_separation_counts<const N: usize, const M: usize>(
    poly: &Placed,
    other: &Placed,
) -> (f32, usize) {
    if poly.shape.symmetric() && other.shape.centred() {
        return max_separation_centred::<N, M>(poly, other);
    }
    max_separation_small::<N, M>(poly, other)
}

/// [`max_separation`]'s route for few vertices (every vertex of `other` against every face),
/// for `poly` of `N` faces and `other` of `M` vertices known at compile time: the same
/// arithmetic in the same order, unrolled. `other` is not centred (or `poly` not symmetric):
/// the centred route comes first.
#[inline(always)]
fn max_separation_small<const N: usize, const M: usize>(
    poly: &Placed,
    other: &Placed,
) -> (f32, usize) {
    debug_assert!(poly.count() == N && other.count() == M);
    few_vertices(
        poly,
        other,
        &poly.shape.normal_array()[..N],
        &other.shape.vertex_array()[..M],
    )
}

/// [`max_separation`]'s routes for few vertices of `other` (`ov`, at most 8): every vertex
/// against every face of `poly` (`pn`: its normals). A symmetric `poly` takes both faces of a
/// pair from one shadow; otherwise faces are visited in order and a strict comparison keeps the
/// first on a tie. Inlined with constant lengths, it unrolls.
#[inline(always)]
fn few_vertices(poly: &Placed, other: &Placed, pn: &[Vec2], ov: &[Vec2]) -> (f32, usize) {
    let rel = other.xf.inv_mul(poly.xf);
    let po = poly.shape.offset_array();
    let offset = |i: usize, n: Vec2| po[i] + n.dot(rel.p);
    let face = |i: usize| {
        let n = rel.q.apply(pn[i]);
        (n, offset(i, n))
    };
    let mut best = (f32::NEG_INFINITY, 0);
    if poly.shape.symmetric() {
        let half = pn.len() / 2;
        // Faces i and i + half alternate: the tie goes to the lower index.
        let mut consider = |sep: f32, i: usize| {
            if sep > best.0 || (sep == best.0 && i < best.1) {
                best = (sep, i);
            }
        };
        for i in 0..half {
            let (n, plane) = face(i);
            let opposite = offset(i + half, -n);
            let [lo, hi] = shadow(n, ov);
            consider(lo - plane, i);
            consider(-hi - opposite, i + half);
        }
        return best;
    }
    for i in 0..pn.len() {
        let (n, plane) = face(i);
        let sep = shadow(n, ov)[0] - plane;
        if sep > best.0 {
            best = (sep, i);
        }
    }
    best
}

/// [`max_separation`] for a symmetric `poly` of `N` faces against a centred `other` of `M`
/// vertices, both known at compile time (a capsule has 2, a box 4): the arithmetic of
/// `max_separation`'s first route (symmetric against centred), in the same order, with
/// constant bounds, so that it unrolls into straight-line code and inlines into its caller.
#[inline(always)]
pub fn max_separation_centred<const N: usize, const M: usize>(
    poly: &Placed,
    other: &Placed,
) -> (f32, usize) {
    debug_assert!(poly.count() == N && other.count() == M);
    debug_assert!(poly.shape.symmetric() && other.shape.centred());
    let rel = other.xf.inv_mul(poly.xf);
    let ov = other.shape.vertex_array();
    let (po, pn) = (poly.shape.offset_array(), poly.shape.normal_array());
    // `po[i]` is `pn[i] · pv[i]`, the readable route's first product, stored.
    let offset = |i: usize, n: Vec2| po[i] + n.dot(rel.p);
    let mut best = (f32::NEG_INFINITY, 0);
    let mut consider = |sep: f32, i: usize| {
        if sep > best.0 || (sep == best.0 && i < best.1) {
            best = (sep, i);
        }
    };
    let half = N / 2;
    for (i, face_normal) in pn[..half].iter().enumerate() {
        let n = rel.q.apply(*face_normal);
        let plane = offset(i, n);
        let opposite = offset(i + half, -n);
        let r = half_width(n, &ov[..M / 2]);
        consider(-r - plane, i);
        consider(-r - opposite, i + half);
    }
    best
}

/// The readable [`faces::incident_edge`] with half the work for a symmetric core: face
/// `i + n/2` has the opposite dot product, so half the faces decide (the first on a tie).
/// Inline: called out of line, the general steps kept their numbers on the stack across the
/// call (the 8-gons 1360 → 1336 instructions inline).
#[inline(always)]
pub fn incident_edge(poly: &Placed, normal: Vec2) -> usize {
    if !poly.shape.symmetric() {
        return faces::incident_edge(poly, normal);
    }
    let local = poly.xf.q.apply_inv(normal);
    let normals = poly.shape.normals();
    let half = normals.len() / 2;
    let mut best = (f32::INFINITY, 0);
    for (i, n) in normals[..half].iter().enumerate() {
        let d = n.dot(local);
        let (d, i) = if d <= 0.0 { (d, i) } else { (-d, i + half) };
        if d < best.0 || (d == best.0 && i < best.1) {
            best = (d, i);
        }
    }
    best.1
}

/// The incident face of a symmetric core of `N` faces (known at compile time) for the
/// reference normal `normal`: the face most anti-parallel to it, the first on a tie:
/// [`incident_edge`]'s symmetric route with a constant bound.
#[inline(always)]
pub fn incident_edge_symmetric<const N: usize>(poly: &Placed, normal: Vec2) -> usize {
    debug_assert!(poly.count() == N && poly.shape.symmetric());
    let local = poly.xf.q.apply_inv(normal);
    let normals = poly.shape.normal_array();
    let half = N / 2;
    let mut best = (f32::INFINITY, 0);
    for (i, n) in normals[..half].iter().enumerate() {
        let d = n.dot(local);
        let (d, i) = if d <= 0.0 { (d, i) } else { (-d, i + half) };
        if d < best.0 || (d == best.0 && i < best.1) {
            best = (d, i);
        }
    }
    best.1
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

/// `[min, max]` of `d · w` over `points` (at least one). Started from the first point, plain
/// comparisons (the inputs are finite).
#[inline]
fn shadow(d: Vec2, points: &[Vec2]) -> [f32; 2] {
    let first = d.dot(points[0]);
    let (mut lo, mut hi) = (first, first);
    for w in &points[1..] {
        let p = d.dot(*w);
        if p < lo {
            lo = p;
        }
        if p > hi {
            hi = p;
        }
    }
    [lo, hi]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Shape, Transform};

    /// A small deterministic generator (xorshift), uniform in [lo, hi).
    struct Rng(u64);

    impl Rng {
        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            lo + (hi - lo) * ((self.0 >> 40) as f32 / (1u64 << 24) as f32)
        }
    }

    /// Random convex polygons of 3 to 64 vertices (points on a circle at jittered angles, some
    /// rounded), with boxes, capsules, a triangle and regular polygons: every route of the fast
    /// search (symmetric with centred, symmetric only, few vertices, the walk).
    fn shapes(rng: &mut Rng) -> Vec<Shape> {
        let mut shapes = vec![
            Shape::make_box(2.0, 0.7, 0.0).unwrap(),
            Shape::make_box(8.0, 1.0, 0.1).unwrap(),
            Shape::capsule(1.5, 0.2).unwrap(),
            Shape::segment(Vec2::new(-0.3, 0.2), Vec2::new(1.1, 0.5)).unwrap(),
            Shape::regular_polygon(6, 1.0).unwrap(),
            Shape::regular_polygon(7, 1.0).unwrap(),
            Shape::regular_polygon(16, 1.0).unwrap(),
            Shape::regular_polygon(40, 1.2).unwrap(),
            Shape::regular_polygon(64, 0.9).unwrap(),
        ];
        for k in [3, 4, 5, 8, 9, 12, 20, 33, 64] {
            let points: Vec<Vec2> = (0..k)
                .map(|i| {
                    let t = std::f32::consts::TAU * (i as f32 + rng.range(0.0, 0.6)) / k as f32;
                    Vec2::new(t.cos(), t.sin()) * rng.range(0.8, 1.2)
                })
                .collect();
            // Jittered radii can make a point concave: the hull keeps what is convex.
            let hull: Vec<Vec2> = crate::geom::hull::convex_hull(&points)
                .into_iter()
                .map(|i| points[i])
                .collect();
            let radius = if k % 2 == 0 { 0.05 } else { 0.0 };
            if let Ok((shape, _)) = Shape::polygon(&hull, radius) {
                shapes.push(shape);
            }
        }
        shapes
    }

    #[test]
    fn max_separation_fast_routes_equal_the_plain_loop_bit_for_bit() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let shapes = shapes(&mut rng);
        assert!(shapes.iter().any(|s| s.count() > 16 && !s.centred()));
        for a in &shapes {
            for b in &shapes {
                for k in 0..60 {
                    // Random turns, quarter turns (exact ties), near and far from the origin.
                    let mut turn = || {
                        if k % 4 == 0 {
                            rng.range(0.0, 4.0).floor() * std::f32::consts::FRAC_PI_2
                        } else {
                            rng.range(-3.2, 3.2)
                        }
                    };
                    let (ta, tb) = (turn(), turn());
                    let far = Vec2::splat(if k % 8 == 3 { 1.0e3 } else { 0.0 });
                    let at = Vec2::new(rng.range(-2.5, 2.5), rng.range(-2.5, 2.5));
                    let pa = Placed::new(a, Transform::new(far, ta));
                    let pb = Placed::new(b, Transform::new(far + at, tb));
                    let (fast, edge) = max_separation(&pa, &pb);
                    let (plain, plain_edge) = faces::max_separation(&pa, &pb);
                    assert_eq!(
                        (fast.to_bits(), edge),
                        (plain.to_bits(), plain_edge),
                        "{pa:?} {pb:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn incident_edge_of_a_symmetric_core_is_the_plain_loops_face() {
        // Symmetric cores take the half-face route; the plain loop visits every face, the first
        // on a tie.
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
                let plain = faces::incident_edge(&placed, normal);
                assert_eq!(incident_edge(&placed, normal), plain, "k = {k}");
                if shape.count() == 4 {
                    assert_eq!(incident_edge_symmetric::<4>(&placed, normal), plain);
                }
            }
        }
    }
}
