//! Small vector helpers and the rigid transform every query takes.
//!
//! World units, y up, angles counter-clockwise, `f32` throughout (`glam::Vec2`).

use glam::Vec2;

/// Box2D's linear slop: the length below which the engine treats two features as touching.
pub const LINEAR_SLOP: f32 = 0.005;

/// The index after `i` in a loop of `n` (no division: this sits in the inner loops).
#[inline]
pub fn next_index(i: usize, n: usize) -> usize {
    if i + 1 == n { 0 } else { i + 1 }
}

/// The index before `i` in a loop of `n`.
#[inline]
pub fn prev_index(i: usize, n: usize) -> usize {
    if i == 0 { n - 1 } else { i - 1 }
}

/// The direction of `v` as an angle from +x, in radians counter-clockwise, in (−π, π]
/// (`atan2(v.y, v.x)`; 0 for the zero vector).
pub fn heading(v: Vec2) -> f32 {
    v.y.atan2(v.x)
}

/// 2D cross product of two vectors (the z of their 3D cross product).
#[inline]
pub fn cross(a: Vec2, b: Vec2) -> f32 {
    a.x * b.y - a.y * b.x
}

/// The vector turned a quarter turn clockwise: `(v.y, -v.x)`. For a counter-clockwise
/// polygon's edge this is the outward normal direction.
#[inline]
pub fn right_perp(v: Vec2) -> Vec2 {
    Vec2::new(v.y, -v.x)
}

/// The vector turned a quarter turn counter-clockwise: `(-v.y, v.x)`.
#[inline]
pub fn left_perp(v: Vec2) -> Vec2 {
    Vec2::new(-v.y, v.x)
}

/// `v` scaled to unit length, or `None` when it is too short (or not finite) to have a direction.
#[inline]
pub fn try_normalize(v: Vec2) -> Option<Vec2> {
    let len = v.length();
    if len > f32::MIN_POSITIVE * 1.0e8 && len.is_finite() {
        Some(v / len)
    } else {
        None
    }
}

/// Breaks a tie between two normals (A to B) that are equally good up to rounding: true when
/// `candidate` beats `current`. The one nearer the centre line `towards` wins; on an exact tie,
/// the one pointing more upward, then more to the right. The manifold's closed forms and EPA
/// break their ties with this one rule, so they agree on the normal a tie gets (a circle
/// centred exactly on a box's corner touches two faces equally).
#[inline]
pub fn beats_on_tie(candidate: Vec2, current: Vec2, towards: Vec2) -> bool {
    let key = |n: Vec2| (n.dot(towards), n.y, n.x);
    key(candidate) > key(current)
}

/// A rotation stored as its cosine and sine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rot {
    /// Cosine of the angle.
    pub c: f32,
    /// Sine of the angle.
    pub s: f32,
}

impl Rot {
    /// No rotation.
    pub const IDENTITY: Rot = Rot { c: 1.0, s: 0.0 };

    /// The rotation by `angle` radians, counter-clockwise.
    pub fn from_angle(angle: f32) -> Rot {
        let (s, c) = angle.sin_cos();
        Rot { c, s }
    }

    /// The rotation by `deg` degrees counter-clockwise; exact at multiples of 90° (a box turned
    /// a quarter is still exactly axis-aligned). Every conversion from degrees goes through it,
    /// so the pair computed and the shape drawn or hit-tested turn by the same rotation.
    pub fn from_degrees(deg: f32) -> Rot {
        if !deg.is_finite() {
            return Rot::IDENTITY;
        }
        let r = (deg as f64).rem_euclid(360.0);
        let (s, c) = if r == 0.0 {
            (0.0, 1.0)
        } else if r == 90.0 {
            (1.0, 0.0)
        } else if r == 180.0 {
            (0.0, -1.0)
        } else if r == 270.0 {
            (-1.0, 0.0)
        } else {
            r.to_radians().sin_cos()
        };
        Rot {
            c: c as f32,
            s: s as f32,
        }
    }

    /// The angle in radians, in (-π, π].
    pub fn angle(self) -> f32 {
        self.s.atan2(self.c)
    }

    /// Rotates a vector.
    #[inline]
    pub fn apply(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x - self.s * v.y, self.s * v.x + self.c * v.y)
    }

    /// Rotates a vector by the inverse rotation.
    #[inline]
    pub fn apply_inv(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x + self.s * v.y, -self.s * v.x + self.c * v.y)
    }
}

/// A rigid transform: rotate by `q`, then translate by `p`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Translation (the body's position).
    pub p: Vec2,
    /// Rotation.
    pub q: Rot,
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The identity transform.
    pub const IDENTITY: Transform = Transform {
        p: Vec2::ZERO,
        q: Rot::IDENTITY,
    };

    /// A transform from a position and an angle in radians.
    pub fn new(p: Vec2, angle: f32) -> Transform {
        Transform {
            p,
            q: Rot::from_angle(angle),
        }
    }

    /// Maps a local point into this transform's parent frame.
    #[inline]
    pub fn apply(self, v: Vec2) -> Vec2 {
        self.q.apply(v) + self.p
    }

    /// Maps a parent-frame point into local coordinates.
    #[inline]
    pub fn apply_inv(self, v: Vec2) -> Vec2 {
        self.q.apply_inv(v - self.p)
    }

    /// The transform of a frame placed by `other` inside this one: `self ∘ other` (first
    /// `other`, then `self`). A part at `other` in a body at `self` is at `self.compose(other)`.
    #[inline]
    pub fn compose(self, other: Transform) -> Transform {
        let q = Rot {
            c: self.q.c * other.q.c - self.q.s * other.q.s,
            s: self.q.s * other.q.c + self.q.c * other.q.s,
        };
        Transform {
            p: self.apply(other.p),
            q,
        }
    }

    /// The transform from `other`'s frame into this one's: `self⁻¹ ∘ other`.
    #[inline]
    pub fn inv_mul(self, other: Transform) -> Transform {
        let q = Rot {
            c: self.q.c * other.q.c + self.q.s * other.q.s,
            s: self.q.c * other.q.s - self.q.s * other.q.c,
        };
        Transform {
            p: self.apply_inv(other.p),
            q,
        }
    }
}

/// Closest points between segments `p1 → q1` and `p2 → q2`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentDistance {
    /// Closest point on the first segment.
    pub closest1: Vec2,
    /// Closest point on the second segment.
    pub closest2: Vec2,
    /// Where `closest1` lies on the first segment: 0 at `p1`, 1 at `q1`.
    pub fraction1: f32,
    /// Where `closest2` lies on the second segment: 0 at `p2`, 1 at `q2`.
    pub fraction2: f32,
    /// Squared distance between the closest points.
    pub distance_squared: f32,
}

/// The larger of two finite numbers, by one comparison (`f32::max` also sorts out NaNs, which
/// costs several instructions on the hot paths).
#[inline(always)]
pub fn max_finite(a: f32, b: f32) -> f32 {
    if a < b { b } else { a }
}

/// The smaller of two finite numbers, by one comparison.
#[inline(always)]
pub fn min_finite(a: f32, b: f32) -> f32 {
    if b < a { b } else { a }
}

/// The larger absolute coordinate of a finite vector.
#[inline(always)]
pub fn max_abs(v: Vec2) -> f32 {
    max_finite(v.x.abs(), v.y.abs())
}

/// Closest points between two segments (Ericson, *Real-Time Collision Detection*, 5.1.9).
pub fn segment_distance(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentDistance {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let dd1 = d1.dot(d1);
    let dd2 = d2.dot(d2);
    let rd1 = r.dot(d1);
    let rd2 = r.dot(d2);
    // A segment shorter than a rounding of its own coordinates is a point: the threshold is
    // relative to the numbers, never a fixed length.
    let scale = max_finite(
        max_finite(max_abs(p1), max_abs(q1)),
        max_finite(max_abs(p2), max_abs(q2)),
    );
    let eps_sqr = (f32::EPSILON * scale) * (f32::EPSILON * scale);

    let (f1, f2) = if dd1 <= eps_sqr || dd2 <= eps_sqr {
        // At least one segment is a point.
        if dd1 > eps_sqr {
            ((-rd1 / dd1).clamp(0.0, 1.0), 0.0)
        } else if dd2 > eps_sqr {
            (0.0, (rd2 / dd2).clamp(0.0, 1.0))
        } else {
            (0.0, 0.0)
        }
    } else {
        // Non-degenerate segments: minimise over the first, clamp, then re-solve the second.
        let d12 = d1.dot(d2);
        let denom = dd1 * dd2 - d12 * d12;
        let mut f1 = if denom != 0.0 {
            ((d12 * rd2 - rd1 * dd2) / denom).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let mut f2 = (d12 * f1 + rd2) / dd2;
        if f2 < 0.0 {
            f2 = 0.0;
            f1 = (-rd1 / dd1).clamp(0.0, 1.0);
        } else if f2 > 1.0 {
            f2 = 1.0;
            f1 = ((d12 - rd1) / dd1).clamp(0.0, 1.0);
        }
        (f1, f2)
    };
    let closest1 = p1 + d1 * f1;
    let closest2 = p2 + d2 * f2;
    SegmentDistance {
        closest1,
        closest2,
        fraction1: f1,
        fraction2: f2,
        distance_squared: closest1.distance_squared(closest2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rot_round_trip() {
        let q = Rot::from_angle(0.7);
        let v = Vec2::new(1.5, -2.0);
        assert!((q.apply_inv(q.apply(v)) - v).length() < 1e-6);
        assert!((q.angle() - 0.7).abs() < 1e-6);
    }

    #[test]
    fn segment_distance_crossing_is_zero() {
        let r = segment_distance(
            Vec2::new(-1.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, -1.0),
            Vec2::new(0.0, 1.0),
        );
        assert!(r.distance_squared < 1e-12);
        assert!((r.fraction1 - 0.5).abs() < 1e-6 && (r.fraction2 - 0.5).abs() < 1e-6);
    }

    #[test]
    fn segment_distance_end_to_end() {
        let r = segment_distance(
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(3.0, 1.0),
        );
        assert_eq!((r.fraction1, r.fraction2), (1.0, 0.0));
        assert!((r.distance_squared - 2.0).abs() < 1e-6);
    }
}
