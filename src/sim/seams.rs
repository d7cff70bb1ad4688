//! The seams of a static ground: where two of its parts meet (a chain's inner vertices, the
//! corners where two tiles touch). The lab marks them on its plots, so that a bump of a body
//! sliding over a seam can be seen to come at the seam.

use super::SimBody;
use glam::Vec2;

/// How close two parts' vertices must be to be one seam, relative to their distance from the
/// body's origin: a chain's shared vertices are the same number, but two tiles placed by hand
/// meet only up to the rounding of their positions (a few ulps of f32, far below 1e-4 of the
/// coordinate) — and no two distinct corners of a ground a student builds are that close.
pub const SEAM_TOLERANCE: f32 = 1e-4;

/// True when `p` and `q` are one seam's vertex ([`SEAM_TOLERANCE`] of their size, or of 1).
fn same_vertex(p: Vec2, q: Vec2) -> bool {
    (p - q).abs().max_element() <= SEAM_TOLERANCE * (1.0 + p.abs().max_element())
}

/// The x of every vertex that two of the body's parts share, in world coordinates, sorted, each
/// once.
pub fn seams(a: &SimBody) -> Vec<f32> {
    let xf = a.transform();
    let verts: Vec<Vec<Vec2>> = a
        .parts
        .iter()
        .map(|p| {
            let place = xf.compose(p.xf);
            p.shape.vertices().iter().map(|v| place.apply(*v)).collect()
        })
        .collect();
    let mut xs: Vec<f32> = Vec::new();
    for (i, vi) in verts.iter().enumerate() {
        for vj in verts.iter().skip(i + 1) {
            for &p in vi {
                if vj.iter().any(|&q| same_vertex(p, q)) {
                    xs.push(p.x);
                }
            }
        }
    }
    xs.sort_by(f32::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() <= SEAM_TOLERANCE * (1.0 + a.abs()));
    xs
}
