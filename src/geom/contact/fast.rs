//! Fast paths: the same answers as the readable algorithms in `polygon_polygon.rs`, with less
//! work. Each is tested against the readable version it replaces.

use crate::geom::math::{next_index, prev_index};
use crate::geom::shape::Placed;
use glam::Vec2;

/// Greatest separation of `other`'s core from a face of `poly`'s core: `(separation, edge)`,
/// as the readable [`super::polygon_polygon::max_separation`] computes it, with less work.
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
/// ([`max_separation_small`]). The fast path for each pair of small counts inlines it.
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

/// The incident face of a symmetric core of `N` faces (known at compile time) for the
/// reference normal `normal`: the face most anti-parallel to it, the first on a tie. The
/// readable `incident_edge`'s symmetric route (face `i + N/2` has the opposite dot product),
/// with a constant bound.
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
    use crate::geom::contact::polygon_polygon::max_separation as readable;
    use crate::geom::{Shape, Transform};

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
                    let (slow, _) = readable(&pa, &pb);
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
