//! Box2D v3 on our shapes, through boxdd-sys's raw `b2Collide*` functions: each shape converted
//! once (a polygon through `b2ComputeHull` and `b2MakePolygon`, as a Box2D user makes one), B
//! placed in A's frame on every call (that relative transform is part of the cost timed).

use boxdd_sys::ffi as b2;
use glam::Vec2;
use narrowphase_lab::geom::{Rot, Shape, Transform};

/// One of our shapes as Box2D holds it.
#[derive(Clone, Copy, Debug)]
pub enum B2Shape {
    /// A circle about its centre.
    Circle(b2::b2Circle),
    /// A capsule between two centres.
    Capsule(b2::b2Capsule),
    /// A (possibly rounded) polygon of at most 8 vertices.
    Polygon(b2::b2Polygon),
}

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

/// A Box2D point as ours.
pub fn from_b2(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// Our shape as Box2D's, or `None` where Box2D has none (a polygon of more than 8 vertices).
pub fn shape(s: &Shape) -> Option<B2Shape> {
    let verts = s.vertices();
    let r = s.radius();
    match s.count() {
        1 => Some(B2Shape::Circle(b2::b2Circle {
            center: v(verts[0]),
            radius: r,
        })),
        2 => Some(B2Shape::Capsule(b2::b2Capsule {
            center1: v(verts[0]),
            center2: v(verts[1]),
            radius: r,
        })),
        n if n <= 8 => {
            let points: Vec<b2::b2Vec2> = verts.iter().map(|p| v(*p)).collect();
            // SAFETY: `points` holds `n` initialised vertices; both calls only read them.
            let hull = unsafe { b2::b2ComputeHull(points.as_ptr(), n as i32) };
            (hull.count as usize == n)
                .then(|| B2Shape::Polygon(unsafe { b2::b2MakePolygon(&hull, r) }))
        }
        _ => None,
    }
}

/// Our shape's core and radius as Box2D's generic proxy (its vertices in our order, no hull):
/// what `b2ShapeCast` and `b2TimeOfImpact` take.
pub fn proxy(s: &Shape) -> b2::b2ShapeProxy {
    let points: Vec<b2::b2Vec2> = s.vertices().iter().map(|p| v(*p)).collect();
    // SAFETY: `points` holds `count` initialised vertices (at most 8); the call copies them.
    unsafe { b2::b2MakeProxy(points.as_ptr(), points.len() as i32, s.radius()) }
}

/// Our rotation as Box2D's.
pub fn rot(q: Rot) -> b2::b2Rot {
    b2::b2Rot { c: q.c, s: q.s }
}

/// Our vector as Box2D's.
pub fn to_b2(p: Vec2) -> b2::b2Vec2 {
    v(p)
}

/// B's transform in A's frame, as Box2D's `b2InvMulTransforms`.
#[inline]
pub fn relative(xa: Transform, xb: Transform) -> b2::b2Transform {
    let (qa, qb) = (xa.q, xb.q);
    let d = xb.p - xa.p;
    b2::b2Transform {
        q: b2::b2Rot {
            c: qa.c * qb.c + qa.s * qb.s,
            s: qa.c * qb.s - qa.s * qb.c,
        },
        p: b2::b2Vec2 {
            x: qa.c * d.x + qa.s * d.y,
            y: -qa.s * d.x + qa.c * d.y,
        },
    }
}

/// Whether Box2D collides `a` (as shape A) with `b`: its functions take the higher shape type
/// first (polygon, capsule, circle).
pub fn supported(a: &B2Shape, b: &B2Shape) -> bool {
    let rank = |s: &B2Shape| match s {
        B2Shape::Circle(_) => 0,
        B2Shape::Capsule(_) => 1,
        B2Shape::Polygon(_) => 2,
    };
    rank(a) >= rank(b)
}

/// Box2D's manifold of `a` and `b` with B at `xf` in A's frame: normal and points in A's frame,
/// points kept within Box2D's speculative distance (4 linear slops, 0.02). An empty manifold
/// where the pair is not [`supported`].
#[inline]
pub fn collide(a: &B2Shape, b: &B2Shape, xf: b2::b2Transform) -> b2::b2LocalManifold {
    // SAFETY: each function reads the two shapes behind the references and returns by value.
    unsafe {
        match (a, b) {
            (B2Shape::Polygon(p), B2Shape::Polygon(q)) => b2::b2CollidePolygons(p, q, xf),
            (B2Shape::Polygon(p), B2Shape::Capsule(c)) => b2::b2CollidePolygonAndCapsule(p, c, xf),
            (B2Shape::Polygon(p), B2Shape::Circle(c)) => b2::b2CollidePolygonAndCircle(p, c, xf),
            (B2Shape::Capsule(p), B2Shape::Capsule(q)) => b2::b2CollideCapsules(p, q, xf),
            (B2Shape::Capsule(p), B2Shape::Circle(c)) => b2::b2CollideCapsuleAndCircle(p, c, xf),
            (B2Shape::Circle(p), B2Shape::Circle(q)) => b2::b2CollideCircles(p, q, xf),
            _ => std::mem::zeroed(),
        }
    }
}

/// Box2D's speculative distance (`B2_SPECULATIVE_DISTANCE`, 4 × the 0.005 linear slop): the
/// margin within which its manifolds keep points. Ours is given it as its speculative margin
/// when it runs beside Box2D.
pub const SPECULATIVE_DISTANCE: f32 = 4.0 * 0.005;
