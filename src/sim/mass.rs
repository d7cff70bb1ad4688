//! Mass properties of a body from its shape, at density 1: mass = area, the centre of mass, and
//! the moment of inertia about it.
//!
//! A rounded shape (circle, capsule, rounded polygon) is its convex core swept by a disc of
//! radius `r`, which splits exactly into three kinds of piece:
//!
//! 1. the core polygon (none for a circle's point or a capsule's segment);
//! 2. one rectangle `edge length × r` on the outside of each core edge;
//! 3. one circular sector of radius `r` at each core vertex, its angle the turn between the two
//!    edge normals there (the sectors add up to one whole disc).
//!
//! Each piece gives its area `A`, first moment `S = ∫p` and polar second moment `J = ∫|p|²`
//! about the part's origin; they add, move into the body's frame with the part's transform, and
//! give `mass = A`, `centre = S / A` and `inertia = J − A |centre|²` (the parallel-axis theorem).
//! Sums are in `f64`, so a box's inertia is `m (w² + h²) / 12` to `f32`'s last digit.

use crate::geom::{PlacedPart, Shape, Transform};
use glam::{DVec2, Vec2};

/// A body's mass properties (density 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassProps {
    /// Mass (= area).
    pub mass: f32,
    /// The centre of mass, in the body's own frame.
    pub center: Vec2,
    /// Moment of inertia about the centre of mass.
    pub inertia: f32,
}

/// Area, first moment and polar second moment of a region, about some origin.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Moments {
    area: f64,
    first: DVec2,
    second: f64,
}

impl Moments {
    fn add(self, o: Moments) -> Moments {
        Moments {
            area: self.area + o.area,
            first: self.first + o.first,
            second: self.second + o.second,
        }
    }

    /// The same region, moved by `xf` (rotated, then shifted by `xf.p`).
    fn moved(self, xf: Transform) -> Moments {
        let (c, s) = (xf.q.c as f64, xf.q.s as f64);
        let first = DVec2::new(
            c * self.first.x - s * self.first.y,
            s * self.first.x + c * self.first.y,
        );
        let t = xf.p.as_dvec2();
        Moments {
            area: self.area,
            first: first + self.area * t,
            second: self.second + 2.0 * t.dot(first) + self.area * t.length_squared(),
        }
    }
}

/// A simple counter-clockwise polygon, as a fan of triangles from the origin (signed, so the
/// origin may lie outside).
fn polygon(vs: &[DVec2]) -> Moments {
    let mut m = Moments::default();
    for (i, &a) in vs.iter().enumerate() {
        let b = vs[(i + 1) % vs.len()];
        let area = 0.5 * a.perp_dot(b);
        m.area += area;
        m.first += area * (a + b) / 3.0;
        m.second += area * (a.length_squared() + a.dot(b) + b.length_squared()) / 6.0;
    }
    m
}

/// A circular sector of radius `r` with its apex at `apex`, from direction angle `from` through
/// `turn` radians counter-clockwise.
fn sector(apex: DVec2, r: f64, from: f64, turn: f64) -> Moments {
    let area = 0.5 * turn * r * r;
    // The centroid lies on the bisector, 4 r sin(θ/2) / (3θ) from the apex.
    let bisector = from + 0.5 * turn;
    let reach = 4.0 * r * (0.5 * turn).sin() / (3.0 * turn);
    let own_first = area * reach * DVec2::new(bisector.cos(), bisector.sin());
    Moments {
        area,
        first: area * apex + own_first,
        second: 0.5 * area * r * r + 2.0 * apex.dot(own_first) + area * apex.length_squared(),
    }
}

/// The moments of one convex shape (core plus radius) about its own origin.
fn shape_moments(shape: &Shape) -> Moments {
    let vs: Vec<DVec2> = shape.vertices().iter().map(|v| v.as_dvec2()).collect();
    let ns: Vec<DVec2> = shape.normals().iter().map(|n| n.as_dvec2()).collect();
    let r = shape.radius() as f64;
    let n = vs.len();
    // 1. The core.
    let mut m = if n >= 3 {
        polygon(&vs)
    } else {
        Moments::default()
    };
    if r <= 0.0 {
        return m;
    }
    if n == 1 {
        return m.add(sector(vs[0], r, 0.0, std::f64::consts::TAU));
    }
    for i in 0..n {
        // 2. The rectangle outside edge i.
        let (a, b, normal) = (vs[i], vs[(i + 1) % n], ns[i]);
        m = m.add(polygon(&[a, a + r * normal, b + r * normal, b]));
        // 3. The sector at vertex i, from the previous edge's normal to this edge's.
        let prev = ns[(i + n - 1) % n];
        let mut turn = prev.perp_dot(normal).atan2(prev.dot(normal));
        if turn <= 0.0 {
            // Antiparallel normals (a capsule's two ends): half a turn.
            turn += std::f64::consts::TAU;
        }
        m = m.add(sector(a, r, prev.y.atan2(prev.x), turn));
    }
    m
}

/// The mass properties of a body made of `parts` (a single shape is one part at the identity).
pub fn mass_props(parts: &[PlacedPart]) -> MassProps {
    let m = parts
        .iter()
        .map(|p| shape_moments(&p.shape).moved(p.xf))
        .fold(Moments::default(), Moments::add);
    if m.area <= 0.0 {
        return MassProps {
            mass: 0.0,
            center: Vec2::ZERO,
            inertia: 0.0,
        };
    }
    let center = m.first / m.area;
    MassProps {
        mass: m.area as f32,
        center: center.as_vec2(),
        inertia: (m.second - m.area * center.length_squared()) as f32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::PI;

    fn whole(shape: Shape) -> MassProps {
        mass_props(&[PlacedPart::whole(shape)])
    }

    fn near(a: f32, b: f32) -> bool {
        (a - b).abs() <= 1e-5 * b.abs().max(1.0)
    }

    #[test]
    fn box_mass_and_inertia() {
        let m = whole(Shape::make_box(2.0, 1.0, 0.0).unwrap());
        assert!(near(m.mass, 2.0));
        assert!(near(m.inertia, 2.0 * (4.0 + 1.0) / 12.0));
        assert!(m.center.length() < 1e-6);
    }

    #[test]
    fn circle_mass_and_inertia() {
        let m = whole(Shape::circle(0.5).unwrap());
        assert!(near(m.mass, PI * 0.25));
        assert!(near(m.inertia, 0.5 * PI * 0.25 * 0.25));
    }

    #[test]
    fn capsule_is_a_rectangle_and_a_disc() {
        let (l, r) = (2.0_f32, 0.5_f32);
        let m = whole(Shape::capsule(l, r).unwrap());
        let (rect, disc) = (l * 2.0 * r, PI * r * r);
        assert!(near(m.mass, rect + disc));
        // The rectangle about its centre, the two half-discs about theirs moved out by l / 2
        // (a half-disc's centroid sits 4r / 3π from its flat side).
        let i_rect = rect * (l * l + 4.0 * r * r) / 12.0;
        let d = 4.0 * r / (3.0 * PI);
        let i_half_own = 0.5 * disc * r * r / 2.0 - 0.5 * disc * d * d;
        let i_halves = 2.0 * (i_half_own + 0.5 * disc * (l / 2.0 + d).powi(2));
        assert!(
            near(m.inertia, i_rect + i_halves),
            "{} {}",
            m.inertia,
            i_rect + i_halves
        );
    }

    #[test]
    fn rounded_box_area() {
        let m = whole(Shape::make_box(1.0, 1.0, 0.1).unwrap());
        assert!(near(m.mass, 1.0 + 4.0 * 0.1 + PI * 0.01));
    }

    #[test]
    fn two_parts_add_by_parallel_axes() {
        let part = |x: f32| PlacedPart {
            shape: Shape::make_box(1.0, 1.0, 0.0).unwrap(),
            xf: Transform::new(Vec2::new(x, 0.0), 0.0),
            link: None,
        };
        let m = mass_props(&[part(0.5), part(-0.5)]);
        let one = whole(Shape::make_box(2.0, 1.0, 0.0).unwrap());
        assert!(near(m.mass, one.mass) && near(m.inertia, one.inertia));
    }
}
