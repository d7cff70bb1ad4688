//! Convex hulls, and the Minkowski difference `B − A` of two cores as one (for drawing what GJK
//! never builds).

use super::math::cross;
use crate::geom::shape::Placed;
use glam::Vec2;

/// A vertex of the Minkowski difference: `b_j − a_i`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinkowskiVertex {
    /// The point `b_j − a_i`.
    pub w: Vec2,
    /// Index of A's core vertex.
    pub index_a: usize,
    /// Index of B's core vertex.
    pub index_b: usize,
}

/// Indices of the convex hull of `points`, counter-clockwise, without collinear points
/// (Andrew's monotone chain). One or two indices when the points are all equal or collinear.
pub fn convex_hull(points: &[Vec2]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].is_finite())
        .collect();
    idx.sort_by(|&i, &j| {
        points[i]
            .x
            .total_cmp(&points[j].x)
            .then(points[i].y.total_cmp(&points[j].y))
    });
    idx.dedup_by(|i, j| points[*i] == points[*j]);
    if idx.len() < 3 {
        return idx;
    }
    let mut hull: Vec<usize> = Vec::with_capacity(2 * idx.len());
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &usize>> = if pass == 0 {
            Box::new(idx.iter())
        } else {
            Box::new(idx.iter().rev())
        };
        for &i in iter {
            while hull.len() >= start + 2 {
                let (p, q) = (points[hull[hull.len() - 2]], points[hull[hull.len() - 1]]);
                if cross(q - p, points[i] - p) <= 0.0 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(i);
        }
        hull.pop();
    }
    if hull.len() < 2 {
        // All collinear: the two extremes.
        return vec![idx[0], idx[idx.len() - 1]];
    }
    hull
}

/// The core Minkowski difference `B − A` (pair frame), as its hull vertices counter-clockwise.
/// Round it by `a.radius() + b.radius()` for the shapes' difference.
pub fn minkowski_hull(a: &Placed, b: &Placed) -> Vec<MinkowskiVertex> {
    let mut all = Vec::with_capacity(a.count() * b.count());
    for (i, va) in a.vertices().enumerate() {
        for (j, vb) in b.vertices().enumerate() {
            all.push(MinkowskiVertex {
                w: vb - va,
                index_a: i,
                index_b: j,
            });
        }
    }
    let pts: Vec<Vec2> = all.iter().map(|m| m.w).collect();
    convex_hull(&pts).into_iter().map(|i| all[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_hull_drops_inner_and_collinear_points() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.5, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(0.5, 0.5),
        ];
        let h = convex_hull(&pts);
        assert_eq!(h.len(), 4);
        let area: f32 = (0..4).map(|k| cross(pts[h[k]], pts[h[(k + 1) % 4]])).sum();
        assert!(area > 0.0, "counter-clockwise");
    }

    #[test]
    fn collinear_points_give_the_two_ends() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(1.0, 1.0),
        ];
        let mut h = convex_hull(&pts);
        h.sort();
        assert_eq!(h, vec![0, 1]);
    }
}
