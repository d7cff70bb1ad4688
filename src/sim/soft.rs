//! Box2D v3's *soft step*: sub-steps, soft contacts and relaxing, the solver the lab can compare
//! with box2d-lite's ([`super::solver`]; `Sim(solver: SoftStep, substeps: 4)`).
//!
//! Why box2d-lite's scheme cannot hold a tall stack at 10 iterations: Gauss–Seidel passes carry a
//! box's weight down one contact per pass, so ten boxes need more passes than ten to agree, and
//! what is left over each step is a velocity error that the next step's warm start carries on.
//! A stack of ten 1 × 1 boxes then sways as one column, ±0.3° at the top, 5–8 cm/s, for as long
//! as it runs (measured: `tests/library/soft.rs`); the push (split impulses) is not the cause —
//! without it the stack sways more and sinks. More passes help (30 settle it), and so do smaller
//! steps: the error a pass leaves grows with the step.
//!
//! Box2D v3 (Catto, "Solver2D", 2024) spends the same work on smaller steps. The step's manifolds
//! are computed once; then, for each of `n` sub-steps of `h = Δt / n`:
//!
//! 1. **Integrate velocities**: `v += h g`.
//! 2. **Warm start**: apply each point's accumulated impulse.
//! 3. **Solve** (one pass, with bias): each point's current separation is its separation at the
//!    step's start plus how far the bodies have moved since, along the normal, with the anchors
//!    carried by the bodies: `s = s₀ + (Δc_b + R(Δθ_b) r_b − Δc_a − R(Δθ_a) r_a − (r_b − r_a))·n`.
//!    A speculative point (`s > 0`) may close its gap within the sub-step: target `v_n = −s/h`.
//!    A penetrating one is a *soft* constraint, a damped spring of frequency `f` and damping ratio
//!    `ζ`: with `ω = 2πf`, implicit Euler on `m ẍ = −k x − c ẋ` over `h` gives the impulse
//!    `ΔP = −m_n · m_s · (v_n + b s) − i_s · P`, where `b = ω / (2ζ + hω)` (the bias rate),
//!    `m_s = hω(2ζ + hω) / (1 + hω(2ζ + hω))` (the mass scale) and `i_s = 1 / (1 + hω(2ζ + hω))`
//!    (the impulse scale); the push speed `b s` is capped at [`PUSH_SPEED`] times the pair's
//!    size. A stiff rigid contact is the limit `f → ∞` (`m_s → 1`, `i_s → 0`, `b → 1/h`:
//!    Baumgarte's full bias); a finite `f` never asks for more than the sub-step can give, so it
//!    does not ring. The accumulated impulse is clamped to ≥ 0 as in box2d-lite.
//! 4. **Integrate positions**: `Δc += h v`, `Δθ += h ω`.
//! 5. **Relax** (one pass, without bias): the same rows towards `v_n = 0` (speculative points
//!    still towards `−s/h`), and friction, clamped to `±μ P`. This removes the velocity the soft
//!    push added, so pushing out a penetration moves the body without launching it.
//!
//! Box2D's values: `f = min(30 Hz, ⅛ of the sub-step rate)`, twice that against a static body
//! (stiffer, so bodies are not pushed into the ground), `ζ = 10`. There is no slop: the spring
//! holds a resting contact at the depth where it carries the load (`m g / (m ω²)`: 0.07 mm at
//! 60 Hz, 4 sub-steps, against the ground). The accumulated impulses carry over to the next step
//! by feature id, as in box2d-lite.

use crate::geom::math::cross;
use glam::Vec2;

/// Box2D's contact stiffness, Hz (`b2WorldDef::contactHertz`).
pub const CONTACT_HERTZ: f32 = 30.0;
/// Box2D's contact damping ratio (`b2WorldDef::contactDampingRatio`): heavily over-damped.
pub const DAMPING_RATIO: f32 = 10.0;
/// The fastest a penetration is pushed out, in units of the pair's size per second (Box2D's
/// `contactSpeed`, 3 m/s at one length unit; ours scales with the pair, so a scene scaled by k
/// behaves the same).
pub const PUSH_SPEED: f32 = 3.0;

/// A soft constraint's three numbers for a sub-step of `h` (Box2D's `b2MakeSoft`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Softness {
    /// `b = ω / (2ζ + hω)`, 1/s.
    pub bias_rate: f32,
    /// `m_s = hω(2ζ + hω) / (1 + hω(2ζ + hω))`.
    pub mass_scale: f32,
    /// `i_s = 1 / (1 + hω(2ζ + hω))`.
    pub impulse_scale: f32,
}

impl Softness {
    /// A spring of `hertz` and damping ratio `zeta`, stepped at `h` seconds (rigid when
    /// `hertz` is 0: no bias, full mass).
    pub fn new(hertz: f32, zeta: f32, h: f32) -> Softness {
        if hertz == 0.0 {
            return Softness {
                bias_rate: 0.0,
                mass_scale: 1.0,
                impulse_scale: 0.0,
            };
        }
        let omega = 2.0 * std::f32::consts::PI * hertz;
        let a1 = 2.0 * zeta + h * omega;
        let a2 = h * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Softness {
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}

/// A body as the soft step sees it: its motion and how far it has moved this step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SoftBody {
    /// Velocity of the centre of mass.
    pub velocity: Vec2,
    /// Angular velocity, rad/s CCW.
    pub spin: f32,
    /// 1 / mass (0: static).
    pub inv_mass: f32,
    /// 1 / inertia (0: static).
    pub inv_inertia: f32,
    /// How far the centre of mass has moved since the step began.
    pub moved: Vec2,
    /// How far the body has turned since the step began, radians.
    pub turned: f32,
}

/// One contact point's row in the soft step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftRow {
    /// The two bodies (indices), the normal pointing from the first to the second.
    pub bodies: [usize; 2],
    /// Unit normal.
    pub normal: Vec2,
    /// The friction coefficient.
    pub friction: f32,
    /// Accumulated normal impulse (in: the warm start; out: the last sub-step's).
    pub normal_impulse: f32,
    /// Accumulated tangent impulse.
    pub tangent_impulse: f32,
    /// The softness of this point's spring.
    pub softness: Softness,
    /// The largest push speed (the pair's size times [`PUSH_SPEED`]).
    pub push_speed: f32,
    r_a: Vec2,
    r_b: Vec2,
    base_separation: f32,
    mass_n: f32,
    mass_t: f32,
}

impl SoftRow {
    /// The row of a point at `point` with `separation`, between bodies whose centres of mass
    /// are `centers` at the step's start.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        bodies: [usize; 2],
        normal: Vec2,
        point: Vec2,
        separation: f32,
        centers: [Vec2; 2],
        masses: [(f32, f32); 2],
        friction: f32,
        impulses: (f32, f32),
        softness: Softness,
        push_speed: f32,
    ) -> SoftRow {
        let (r_a, r_b) = (point - centers[0], point - centers[1]);
        let k = |d: Vec2| {
            let (ra, rb) = (cross(r_a, d), cross(r_b, d));
            let k = masses[0].0 + masses[1].0 + masses[0].1 * ra * ra + masses[1].1 * rb * rb;
            if k > 0.0 { 1.0 / k } else { 0.0 }
        };
        SoftRow {
            bodies,
            normal,
            friction,
            normal_impulse: impulses.0,
            tangent_impulse: impulses.1,
            softness,
            push_speed,
            r_a,
            r_b,
            base_separation: separation - (r_b - r_a).dot(normal),
            mass_n: k(normal),
            mass_t: k(super::solver::tangent(normal)),
        }
    }
}

fn rotate(v: Vec2, angle: f32) -> Vec2 {
    let (s, c) = angle.sin_cos();
    Vec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
}

fn apply(bodies: &mut [SoftBody], [ia, ib]: [usize; 2], r_a: Vec2, r_b: Vec2, p: Vec2) {
    let a = &mut bodies[ia];
    a.velocity -= a.inv_mass * p;
    a.spin -= a.inv_inertia * cross(r_a, p);
    let b = &mut bodies[ib];
    b.velocity += b.inv_mass * p;
    b.spin += b.inv_inertia * cross(r_b, p);
}

fn point_velocity(b: &SoftBody, r: Vec2) -> Vec2 {
    b.velocity + b.spin * Vec2::new(-r.y, r.x)
}

/// Step 2: applies every row's accumulated impulses.
fn warm_start(rows: &[SoftRow], bodies: &mut [SoftBody]) {
    for row in rows {
        let p = row.normal_impulse * row.normal
            + row.tangent_impulse * super::solver::tangent(row.normal);
        apply(bodies, row.bodies, row.r_a, row.r_b, p);
    }
}

/// Steps 3 (`use_bias`) and 5 (without): one pass over the rows; friction on the relaxing pass.
fn solve(rows: &mut [SoftRow], bodies: &mut [SoftBody], inv_h: f32, use_bias: bool) {
    for row in rows.iter_mut() {
        let [ia, ib] = row.bodies;
        let n = row.normal;
        let (a, b) = (bodies[ia], bodies[ib]);
        let ds = b.moved - a.moved + rotate(row.r_b, b.turned) - rotate(row.r_a, a.turned);
        let s = row.base_separation + ds.dot(n);
        let (mut bias, mut mass_scale, mut impulse_scale) = (0.0, 1.0, 0.0);
        if s > 0.0 {
            bias = s * inv_h;
        } else if use_bias {
            let soft = row.softness;
            bias = (soft.mass_scale * soft.bias_rate * s).max(-row.push_speed);
            mass_scale = soft.mass_scale;
            impulse_scale = soft.impulse_scale;
        }
        let vn = (point_velocity(&b, row.r_b) - point_velocity(&a, row.r_a)).dot(n);
        let dp = -row.mass_n * (mass_scale * vn + bias) - impulse_scale * row.normal_impulse;
        let before = row.normal_impulse;
        row.normal_impulse = (before + dp).max(0.0);
        apply(
            bodies,
            row.bodies,
            row.r_a,
            row.r_b,
            (row.normal_impulse - before) * n,
        );
        if !use_bias {
            let t = super::solver::tangent(n);
            let (a, b) = (bodies[ia], bodies[ib]);
            let vt = (point_velocity(&b, row.r_b) - point_velocity(&a, row.r_a)).dot(t);
            let limit = row.friction * row.normal_impulse;
            let before = row.tangent_impulse;
            row.tangent_impulse = (before - row.mass_t * vt).clamp(-limit, limit);
            apply(
                bodies,
                row.bodies,
                row.r_a,
                row.r_b,
                (row.tangent_impulse - before) * t,
            );
        }
    }
}

/// One step of `dt` in `substeps` sub-steps (the module's outline), gravity `g` on the bodies
/// with mass; the rows end with the last sub-step's impulses, the bodies with their velocities
/// and how far they moved and turned.
pub fn step(rows: &mut [SoftRow], bodies: &mut [SoftBody], g: Vec2, dt: f32, substeps: u32) {
    let n = substeps.max(1);
    let h = dt / n as f32;
    let inv_h = 1.0 / h;
    for _ in 0..n {
        // 1. Integrate velocities.
        for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
            b.velocity += h * g;
        }
        // 2. Warm start; 3. solve with the soft push.
        warm_start(rows, bodies);
        solve(rows, bodies, inv_h, true);
        // 4. Integrate positions.
        for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
            b.moved += h * b.velocity;
            b.turned += h * b.spin;
        }
        // 5. Relax.
        solve(rows, bodies, inv_h, false);
    }
}
