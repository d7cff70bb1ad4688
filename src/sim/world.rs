//! The world: bodies, the body pairs' contacts, and one fixed step (a world with its start
//! kept, so that a step back is a replay, is a [`Run`](super::run::Run)).

use super::ccd::{StartPose, cut_at_impact};
use super::contact::{PairContacts, match_cache, received, wrong_match};
use super::mass::mass_props;
use super::soft::{self, SoftBody, SoftRow, Softness};
use super::solver::{BodyMotion, ContactRow, iterate, iterate_push, prepare};
use crate::geom::{LINEAR_SLOP, PlacedPart, Rot, Transform};
use crate::scene::validate::body_parts;
use crate::scene::{Body, Scene, SceneError, Sim, Solver, Variant};
use glam::Vec2;

/// One rigid body.
#[derive(Clone, Debug, PartialEq)]
pub struct SimBody {
    /// Its parts, in its own frame (a single shape is one part at the identity).
    pub parts: Vec<PlacedPart>,
    /// False for A, which never moves.
    pub dynamic: bool,
    /// Mass (density 1: the area); 0 for a static body.
    pub mass: f32,
    /// Moment of inertia about the centre of mass; 0 for a static body.
    pub inertia: f32,
    /// The centre of mass in the body's own frame.
    pub local_center: Vec2,
    /// The centre of mass, world.
    pub center: Vec2,
    /// The angle, radians CCW (not wrapped: two turns are 4π).
    pub angle: f32,
    /// Velocity of the centre of mass, world units per second.
    pub velocity: Vec2,
    /// Angular velocity, radians per second CCW.
    pub spin: f32,
    /// The largest distance of the body's surface from its origin: its size, for the slop.
    pub bounding_radius: f32,
}

impl SimBody {
    fn new(parts: Vec<PlacedPart>, body: &Body, dynamic: bool) -> SimBody {
        let props = mass_props(&parts);
        let angle = body.angle_deg.to_radians();
        let q = Rot::from_angle(angle);
        let bounding_radius = parts
            .iter()
            .map(|p| p.xf.p.length() + p.shape.bounding_radius())
            .fold(0.0, f32::max);
        let (mass, inertia) = if dynamic {
            (props.mass, props.inertia)
        } else {
            (0.0, 0.0)
        };
        SimBody {
            parts,
            dynamic,
            mass,
            inertia,
            local_center: props.center,
            center: body.position + q.apply(props.center),
            angle,
            velocity: if dynamic { body.velocity } else { Vec2::ZERO },
            spin: if dynamic { body.spin } else { 0.0 },
            bounding_radius,
        }
    }

    /// The body's transform to world (its origin, as the scene places it, and its rotation).
    pub fn transform(&self) -> Transform {
        let q = Rot::from_angle(self.angle);
        Transform {
            p: self.center - q.apply(self.local_center),
            q,
        }
    }

    /// The body's origin, world (the scene's `position`).
    pub fn position(&self) -> Vec2 {
        self.transform().p
    }

    /// The body's outline as drawn, world: each part's core corners, counter-clockwise (a
    /// rounded part's pushed out by its radius, away from the part's centroid), and a circle as
    /// 8 points on it. For `--print-state`'s `sim.runs`.
    pub fn outline(&self) -> Vec<Vec2> {
        let xf = self.transform();
        let mut out = Vec::new();
        for part in &self.parts {
            let placed = xf.compose(part.xf);
            let shape = &part.shape;
            let r = shape.radius();
            if shape.count() == 1 {
                let c = placed.apply(shape.vertices()[0]);
                out.extend((0..8).map(|k| {
                    let a = k as f32 * std::f32::consts::FRAC_PI_4;
                    c + r * Vec2::new(a.cos(), a.sin())
                }));
                continue;
            }
            let centroid = shape.centroid();
            out.extend(shape.vertices().iter().map(|&v| {
                let away = (v - centroid).normalize_or_zero();
                placed.apply(v + r * away)
            }));
        }
        out
    }

    fn motion(&self) -> BodyMotion {
        let inv = |v: f32| {
            if self.dynamic && v > 0.0 {
                1.0 / v
            } else {
                0.0
            }
        };
        BodyMotion {
            center: self.center,
            velocity: self.velocity,
            spin: self.spin,
            inv_mass: inv(self.mass),
            inv_inertia: inv(self.inertia),
        }
    }
}

/// The settings a world steps with (the scene's `sim`, checked, and its speculative margin).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Gravity, world units per second squared.
    pub gravity: Vec2,
    /// Steps per second.
    pub hz: f32,
    /// Solver iterations per step.
    pub iterations: u32,
    /// Friction coefficient of every contact.
    pub friction: f32,
    /// Length of a run, seconds.
    pub seconds: f32,
    /// The scene's speculative margin: points with separation up to it are kept.
    pub margin: f32,
    /// The solver's kind.
    pub solver: Solver,
    /// Sub-steps per step ([`Solver::SoftStep`]).
    pub substeps: u32,
}

impl Settings {
    /// The step, seconds.
    pub fn dt(&self) -> f32 {
        1.0 / self.hz
    }

    /// How many steps a run of `seconds` takes (rounded to the nearest, at least 1).
    pub fn steps_for(&self, seconds: f32) -> usize {
        ((seconds as f64 * self.hz as f64).round() as usize).max(1)
    }
}

/// What one step's contacts did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepStats {
    /// Contact points the solver received.
    pub points: usize,
    /// Of those, points whose id matched a point of the same body pair in the last step.
    pub persisted: usize,
    /// Points with a new id (`points − persisted`).
    pub new: usize,
    /// Points that shared their id with another point of the same body pair.
    pub id_collisions: usize,
    /// Points with separation > 0.
    pub speculative: usize,
    /// Matched points that are not the same physical contact ([`super::contact::wrong_match`]):
    /// an old impulse handed to the wrong point (with warm starting).
    pub wrong_matches: usize,
}

impl StepStats {
    /// The share of this step's points that persisted ([`persisted_fraction`]).
    pub fn persisted_fraction(&self) -> Option<f64> {
        persisted_fraction(self.persisted, self.points)
    }
}

/// The share of `points` whose id matched a point of the last step: `persisted / points`, in
/// [0, 1]; `None` when there are no points (nothing to persist is neither 0 % nor 100 %). The one
/// definition that `simulate --summary`, `--print-state` and the app's plot use.
pub fn persisted_fraction(persisted: usize, points: usize) -> Option<f64> {
    (points > 0).then(|| persisted as f64 / points as f64)
}

/// Bodies and their contacts, stepped at a fixed rate under one [`Variant`]. Body 0 is A
/// (static), 1 is B, then the scene's `sim.bodies` in order.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    bodies: Vec<SimBody>,
    settings: Settings,
    variant: Variant,
    /// One entry per body pair that can touch (not both static), in order `(0,1), (0,2), …,
    /// (1,2), …`; a pair not touching has no manifolds.
    pairs: Vec<PairContacts>,
    /// The bodies' transforms the last step collided at (the poses before it moved them).
    collided: Vec<Transform>,
    steps: usize,
    stats: StepStats,
}

impl World {
    /// The world of `scene` (its `sim`, or [`Sim::default`]) under `variant`. Errors are the
    /// scene's own validation errors (field named; no file position).
    pub fn new(scene: &Scene, variant: Variant) -> Result<World, SceneError> {
        scene.validate()?;
        let sim = scene.sim.clone().unwrap_or_default();
        let mut ignored = Vec::new();
        let mut bodies = Vec::with_capacity(2 + sim.bodies.len());
        let (parts, _) = body_parts("a", &scene.a, &mut ignored)?;
        bodies.push(SimBody::new(parts, &scene.a, false));
        let (parts, _) = body_parts("b", &scene.b, &mut ignored)?;
        bodies.push(SimBody::new(parts, &scene.b, true));
        for (i, b) in sim.bodies.iter().enumerate() {
            let (parts, _) = body_parts(&format!("sim.bodies[{i}]"), b, &mut ignored)?;
            bodies.push(SimBody::new(parts, b, true));
        }
        let Sim {
            gravity,
            hz,
            iterations,
            friction,
            seconds,
            solver,
            substeps,
            ..
        } = sim;
        let settings = Settings {
            gravity,
            hz,
            iterations,
            friction,
            seconds,
            margin: scene.speculative_margin,
            solver,
            substeps,
        };
        let mut pairs = Vec::new();
        for i in 0..bodies.len() {
            for j in i + 1..bodies.len() {
                if bodies[i].dynamic || bodies[j].dynamic {
                    pairs.push(PairContacts {
                        bodies: [i, j],
                        manifolds: Vec::new(),
                    });
                }
            }
        }
        let collided = bodies.iter().map(SimBody::transform).collect();
        Ok(World {
            bodies,
            settings,
            variant,
            pairs,
            collided,
            steps: 0,
            stats: StepStats::default(),
        })
    }

    /// Advances the world by one step of `1 / hz` seconds, numbered as the step's outline in
    /// [`crate::sim`] (one numbering for the lab; [`super::contact`] details steps 1 and 2):
    ///
    /// 1. **Collide** every body pair (the manifolds as the solver receives them);
    /// 2. **Match** the points against the pair's last step;
    /// 3. **Gravity** into the dynamic bodies' velocities;
    /// 4. **Solve**: prepare the contact rows and warm start them, iterate, the split-impulse
    ///    push (position correction), and keep each point's impulses for the next step;
    /// 5. **Move** the bodies with their new velocities plus the push (symplectic Euler);
    ///    with the variant's `continuous`, a fast body's move is cut at its time of impact
    ///    against the static body ([`super::ccd`]).
    pub fn step(&mut self) {
        let h = self.settings.dt();
        let start: Vec<StartPose> = self
            .bodies
            .iter()
            .map(|b| StartPose {
                center: b.center,
                angle: b.angle,
            })
            .collect();
        // The speculative margin, unless the variant turns it off.
        let margin = if self.variant.speculative {
            self.settings.margin
        } else {
            0.0
        };
        // 1. Collide; 2. match against the last step.
        let xfs: Vec<Transform> = self.bodies.iter().map(SimBody::transform).collect();
        for pair in &mut self.pairs {
            let [i, j] = pair.bodies;
            let mut now = received(
                [i, j],
                [&self.bodies[i].parts, &self.bodies[j].parts],
                [xfs[i], xfs[j]],
                margin,
                &self.variant,
                Some(pair),
            );
            match_cache(&mut now, Some(pair), &self.variant);
            *pair = now;
        }
        // 3.–5. Gravity, solve, move: box2d-lite's scheme or Box2D v3's soft step.
        let impulses = match self.settings.solver {
            Solver::Impulses => self.solve_impulses(h),
            Solver::SoftStep => self.solve_soft(h),
        };
        // 5, continued: a fast body's move cut at its time of impact against A.
        if self.variant.continuous {
            cut_at_impact(&mut self.bodies, &start);
        }
        // 4, continued: the impulses kept for the next step's warm start.
        let mut solved = impulses.into_iter();
        for pair in &mut self.pairs {
            for m in &mut pair.manifolds {
                for p in &mut m.points {
                    if let Some((normal, tangent)) = solved.next() {
                        p.normal_impulse = normal;
                        p.tangent_impulse = tangent;
                    }
                }
            }
        }
        self.collided = xfs;
        self.steps += 1;
        self.stats = self.count();
    }

    /// The slop of bodies `i` and `j`: [`LINEAR_SLOP`] times the smaller one's size.
    fn slop(&self, i: usize, j: usize) -> f32 {
        LINEAR_SLOP
            * self.bodies[i]
                .bounding_radius
                .min(self.bodies[j].bounding_radius)
    }

    /// Steps 3–5 by box2d-lite's scheme ([`super::solver`]): gravity, the rows warm started
    /// and iterated, the split-impulse push, then the bodies moved. Returns each point's
    /// impulses, in the pairs' order.
    fn solve_impulses(&mut self, h: f32) -> Vec<(f32, f32)> {
        // 3. Gravity.
        let mut motions: Vec<BodyMotion> = self.bodies.iter().map(SimBody::motion).collect();
        for (m, b) in motions.iter_mut().zip(&self.bodies) {
            if b.dynamic {
                m.velocity += h * self.settings.gravity;
            }
        }
        // 4. Solve: the rows prepared, warm started, iterated; then the penetration pushed out.
        let mut rows = Vec::new();
        for pair in &self.pairs {
            let [i, j] = pair.bodies;
            let slop = self.slop(i, j);
            for m in &pair.manifolds {
                for p in &m.points {
                    rows.push(ContactRow::new(
                        [i, j],
                        m.normal,
                        p.position,
                        p.separation,
                        slop,
                        self.settings.friction,
                        (p.normal_impulse, p.tangent_impulse),
                    ));
                }
            }
        }
        prepare(&mut rows, &mut motions, h);
        for _ in 0..self.settings.iterations {
            iterate(&mut rows, &mut motions);
        }
        let mut push = vec![(Vec2::ZERO, 0.0f32); motions.len()];
        for _ in 0..self.settings.iterations {
            iterate_push(&mut rows, &motions, &mut push);
        }
        // 5. Move.
        for ((b, m), p) in self.bodies.iter_mut().zip(&motions).zip(&push) {
            if b.dynamic {
                b.velocity = m.velocity;
                b.spin = m.spin;
                b.center += h * (b.velocity + p.0);
                b.angle += h * (b.spin + p.1);
            }
        }
        rows.iter()
            .map(|r| (r.normal_impulse, r.tangent_impulse))
            .collect()
    }

    /// Steps 3–5 by Box2D v3's soft step ([`soft`]): gravity, solve and move in `substeps`
    /// sub-steps. Returns each point's impulses (the last sub-step's), in the pairs' order.
    fn solve_soft(&mut self, h: f32) -> Vec<(f32, f32)> {
        let n = self.settings.substeps.max(1);
        let sub_rate = n as f32 / h;
        let hertz = soft::CONTACT_HERTZ.min(0.125 * sub_rate);
        let moving = Softness::new(hertz, soft::DAMPING_RATIO, 1.0 / sub_rate);
        let fixed = Softness::new(2.0 * hertz, soft::DAMPING_RATIO, 1.0 / sub_rate);
        let mut bodies: Vec<SoftBody> = self
            .bodies
            .iter()
            .map(|b| {
                let m = b.motion();
                SoftBody {
                    velocity: m.velocity,
                    spin: m.spin,
                    inv_mass: m.inv_mass,
                    inv_inertia: m.inv_inertia,
                    ..SoftBody::default()
                }
            })
            .collect();
        let mut rows = Vec::new();
        for pair in &self.pairs {
            let [i, j] = pair.bodies;
            let (a, b) = (&bodies[i], &bodies[j]);
            let both = self.bodies[i].dynamic && self.bodies[j].dynamic;
            let size = self.bodies[i]
                .bounding_radius
                .min(self.bodies[j].bounding_radius);
            for m in &pair.manifolds {
                for p in &m.points {
                    rows.push(SoftRow::new(
                        [i, j],
                        m.normal,
                        p.position,
                        p.separation,
                        [self.bodies[i].center, self.bodies[j].center],
                        [(a.inv_mass, a.inv_inertia), (b.inv_mass, b.inv_inertia)],
                        self.settings.friction,
                        (p.normal_impulse, p.tangent_impulse),
                        if both { moving } else { fixed },
                        soft::PUSH_SPEED * size,
                    ));
                }
            }
        }
        soft::step(&mut rows, &mut bodies, self.settings.gravity, h, n);
        for (b, s) in self.bodies.iter_mut().zip(&bodies) {
            if b.dynamic {
                b.velocity = s.velocity;
                b.spin = s.spin;
                b.center += s.moved;
                b.angle += s.turned;
            }
        }
        rows.iter()
            .map(|r| (r.normal_impulse, r.tangent_impulse))
            .collect()
    }

    fn count(&self) -> StepStats {
        let mut s = StepStats::default();
        for pair in &self.pairs {
            let [i, j] = pair.bodies;
            let size = self.bodies[i]
                .bounding_radius
                .min(self.bodies[j].bounding_radius);
            for p in pair.points() {
                s.points += 1;
                s.persisted += p.persisted as usize;
                s.id_collisions += p.id_collision as usize;
                s.speculative += (p.separation > 0.0) as usize;
                s.wrong_matches += wrong_match(p, size) as usize;
            }
        }
        s.new = s.points - s.persisted;
        s
    }

    /// Every body: 0 is A (static), 1 is B, then `sim.bodies`.
    pub fn bodies(&self) -> &[SimBody] {
        &self.bodies
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The variant: what the manifold gives the solver.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Steps taken since the start.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Seconds simulated since the start.
    pub fn time(&self) -> f64 {
        self.steps as f64 / self.settings.hz as f64
    }

    /// The last step's contact counts.
    pub fn stats(&self) -> StepStats {
        self.stats
    }

    /// The last step's contacts of every touching body pair, as the solver received them (with
    /// the impulses it ended the step with).
    pub fn contacts(&self) -> impl Iterator<Item = &PairContacts> {
        self.pairs.iter().filter(|p| !p.manifolds.is_empty())
    }

    /// The bodies' transforms the last step collided at: the poses its manifolds came from
    /// (the bodies have moved on since; at step 0, the start). With these and the variant's
    /// hysteresis, `collide_compound` gives back exactly the manifolds of [`World::contacts`],
    /// before the variant's point rule and cache.
    pub fn collided_transforms(&self) -> &[Transform] {
        &self.collided
    }

    /// The last step's contacts of bodies `i` and `j` (either order), if they touched.
    pub fn pair(&self, i: usize, j: usize) -> Option<&PairContacts> {
        let key = [i.min(j), i.max(j)];
        self.contacts().find(|p| p.bodies == key)
    }

    /// Body `i`'s last-step contact points: `(points, persisted, new)`.
    pub fn body_contacts(&self, i: usize) -> (usize, usize, usize) {
        let (mut n, mut kept) = (0, 0);
        for pair in self.contacts().filter(|p| p.bodies.contains(&i)) {
            for p in pair.points() {
                n += 1;
                kept += p.persisted as usize;
            }
        }
        (n, kept, n - kept)
    }
}
