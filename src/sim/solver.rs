//! Sequential impulses (box2d-lite's solver): each contact point is a row solved on its own,
//! again and again, with accumulated-impulse clamping.
//!
//! For a point at `p` between bodies `a` and `b`, with arms `r_a = p − c_a`, `r_b = p − c_b` and
//! the normal `n` from `a` to `b`, the normal relative velocity is
//! `v_n = (v_b + ω_b × r_b − v_a − ω_a × r_a) · n`, and an impulse `P n` changes it by
//! `P / m_n`, where the effective mass is
//! `1 / m_n = 1/m_a + 1/m_b + (r_a × n)² / I_a + (r_b × n)² / I_b`. So the impulse that brings
//! `v_n` to a target `β` is `ΔP = m_n (β − v_n)`.
//!
//! 4.1. Prepare each row: arms, effective masses along the normal and the tangent, and two
//!    targets. The velocity target `β` is 0, except for a speculative point (`s > 0`), which
//!    may close its gap within the step and no further (`β = −s / h`). The push target
//!    `β_p = −(0.2 / h) · min(0, s + slop)` removes a fifth of the penetration beyond the slop.
//! 4.2. Warm start: apply each row's starting impulses (the last step's, for a persisted id).
//! 4.3. Iterate ([`iterate`]): for each row, the normal impulse towards `β`, its *accumulated*
//!    value clamped to ≥ 0 (a contact pushes, never pulls); then friction towards zero
//!    tangential velocity, its accumulated value clamped to `±μ` times the accumulated normal
//!    impulse.
//! 4.4. Push ([`iterate_push`]): the same normal rows on pseudo-velocities that start at zero,
//!    towards `β_p` (split impulses). The bodies move by them this step only, so correcting
//!    position adds no kinetic energy, where Baumgarte's bias (`β_p` put in `β`) does.
//!
//! (Step 4 of the lab's outline in [`crate::sim`], *Solve*; its parts numbered under it.)
//!
//! Clamping the accumulated impulse rather than each increment is what lets an iteration take
//! back part of an earlier one: the sum converges to the right answer and stays physical.

use crate::geom::math::cross;
use glam::Vec2;

/// The fraction of the penetration beyond the slop removed per step (Baumgarte's factor, used
/// by the split-impulse push).
pub const BAUMGARTE: f32 = 0.2;

/// A body as the solver sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyMotion {
    /// Centre of mass, world.
    pub center: Vec2,
    /// Velocity of the centre of mass.
    pub velocity: Vec2,
    /// Angular velocity, radians per second CCW.
    pub spin: f32,
    /// 1 / mass (0: static).
    pub inv_mass: f32,
    /// 1 / inertia about the centre of mass (0: static).
    pub inv_inertia: f32,
}

/// One contact point's row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactRow {
    /// The two bodies (indices into the motions).
    pub bodies: [usize; 2],
    /// Unit normal from the first body to the second.
    pub normal: Vec2,
    /// The point, world.
    pub point: Vec2,
    /// Its separation (negative: penetrating).
    pub separation: f32,
    /// The slop: penetration up to this is left alone.
    pub slop: f32,
    /// The friction coefficient.
    pub friction: f32,
    /// Accumulated normal impulse (in: the warm start; out: the step's).
    pub normal_impulse: f32,
    /// Accumulated tangent impulse.
    pub tangent_impulse: f32,
    r_a: Vec2,
    r_b: Vec2,
    mass_n: f32,
    mass_t: f32,
    bias: f32,
    push: f32,
    push_impulse: f32,
}

impl ContactRow {
    /// A row for a point, its starting impulses given; [`prepare`] fills in the rest.
    pub fn new(
        bodies: [usize; 2],
        normal: Vec2,
        point: Vec2,
        separation: f32,
        slop: f32,
        friction: f32,
        impulses: (f32, f32),
    ) -> ContactRow {
        ContactRow {
            bodies,
            normal,
            point,
            separation,
            slop,
            friction,
            normal_impulse: impulses.0,
            tangent_impulse: impulses.1,
            r_a: Vec2::ZERO,
            r_b: Vec2::ZERO,
            mass_n: 0.0,
            mass_t: 0.0,
            bias: 0.0,
            push: 0.0,
            push_impulse: 0.0,
        }
    }
}

/// The tangent: the normal turned a quarter clockwise.
#[inline]
pub fn tangent(n: Vec2) -> Vec2 {
    Vec2::new(n.y, -n.x)
}

fn effective_mass(a: &BodyMotion, b: &BodyMotion, r_a: Vec2, r_b: Vec2, dir: Vec2) -> f32 {
    let (ra, rb) = (cross(r_a, dir), cross(r_b, dir));
    let k = a.inv_mass + b.inv_mass + a.inv_inertia * ra * ra + b.inv_inertia * rb * rb;
    if k > 0.0 { 1.0 / k } else { 0.0 }
}

/// Applies impulse `p` at arms `r_a`, `r_b`: `−p` on the first body, `+p` on the second.
fn apply(bodies: &mut [BodyMotion], [ia, ib]: [usize; 2], r_a: Vec2, r_b: Vec2, p: Vec2) {
    let a = &mut bodies[ia];
    a.velocity -= a.inv_mass * p;
    a.spin -= a.inv_inertia * cross(r_a, p);
    let b = &mut bodies[ib];
    b.velocity += b.inv_mass * p;
    b.spin += b.inv_inertia * cross(r_b, p);
}

/// The velocity of `b`'s point at arm `r_b` relative to `a`'s at `r_a`.
fn relative_velocity(a: &BodyMotion, b: &BodyMotion, r_a: Vec2, r_b: Vec2) -> Vec2 {
    let va = a.velocity + a.spin * Vec2::new(-r_a.y, r_a.x);
    let vb = b.velocity + b.spin * Vec2::new(-r_b.y, r_b.x);
    vb - va
}

/// Steps 4.1 and 4.2: prepares every row for a step of `h` seconds and applies its starting
/// impulses.
pub fn prepare(rows: &mut [ContactRow], bodies: &mut [BodyMotion], h: f32) {
    for row in rows.iter_mut() {
        let [ia, ib] = row.bodies;
        let (a, b) = (bodies[ia], bodies[ib]);
        row.r_a = row.point - a.center;
        row.r_b = row.point - b.center;
        row.mass_n = effective_mass(&a, &b, row.r_a, row.r_b, row.normal);
        row.mass_t = effective_mass(&a, &b, row.r_a, row.r_b, tangent(row.normal));
        row.bias = if row.separation > 0.0 {
            -row.separation / h
        } else {
            0.0
        };
        row.push = -(BAUMGARTE / h) * (row.separation + row.slop).min(0.0);
        row.push_impulse = 0.0;
        let p = row.normal_impulse * row.normal + row.tangent_impulse * tangent(row.normal);
        apply(bodies, row.bodies, row.r_a, row.r_b, p);
    }
}

/// Step 4.3: one pass over the rows.
pub fn iterate(rows: &mut [ContactRow], bodies: &mut [BodyMotion]) {
    for row in rows.iter_mut() {
        let [ia, ib] = row.bodies;
        let n = row.normal;
        // The normal impulse, accumulated and clamped to push only.
        let dv = relative_velocity(&bodies[ia], &bodies[ib], row.r_a, row.r_b);
        let dp = row.mass_n * (row.bias - dv.dot(n));
        let before = row.normal_impulse;
        row.normal_impulse = (before + dp).max(0.0);
        apply(
            bodies,
            row.bodies,
            row.r_a,
            row.r_b,
            (row.normal_impulse - before) * n,
        );
        // Friction, accumulated and clamped to the friction cone of the normal impulse.
        let t = tangent(n);
        let dv = relative_velocity(&bodies[ia], &bodies[ib], row.r_a, row.r_b);
        let dp = -row.mass_t * dv.dot(t);
        let limit = row.friction * row.normal_impulse;
        let before = row.tangent_impulse;
        row.tangent_impulse = (before + dp).clamp(-limit, limit);
        apply(
            bodies,
            row.bodies,
            row.r_a,
            row.r_b,
            (row.tangent_impulse - before) * t,
        );
    }
}

/// Step 4.4, one pass: the position error beyond the slop, solved as a pseudo-velocity that moves
/// the bodies this step and is then forgotten (split impulses). `push` holds each body's pseudo
/// velocity and spin, from zero at the step's first pass.
pub fn iterate_push(rows: &mut [ContactRow], bodies: &[BodyMotion], push: &mut [(Vec2, f32)]) {
    for row in rows.iter_mut() {
        let [ia, ib] = row.bodies;
        let n = row.normal;
        let (pa, pb) = (push[ia], push[ib]);
        let va = pa.0 + pa.1 * Vec2::new(-row.r_a.y, row.r_a.x);
        let vb = pb.0 + pb.1 * Vec2::new(-row.r_b.y, row.r_b.x);
        let dp = row.mass_n * (row.push - (vb - va).dot(n));
        let before = row.push_impulse;
        row.push_impulse = (before + dp).max(0.0);
        let p = (row.push_impulse - before) * n;
        let (a, b) = (&bodies[ia], &bodies[ib]);
        push[ia].0 -= a.inv_mass * p;
        push[ia].1 -= a.inv_inertia * cross(row.r_a, p);
        push[ib].0 += b.inv_mass * p;
        push[ib].1 += b.inv_inertia * cross(row.r_b, p);
    }
}
