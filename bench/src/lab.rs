//! The consequences lab's scenes in Box2D v3's world (issue 40 item 7, issue 41 item 6): each
//! built-in simulation scene rebuilt through boxdd-sys' world API and measured with the same
//! fields `narrowphase-lab simulate --summary` prints, beside our lab's run of the same scene.
//!
//! How a scene becomes a Box2D world:
//!
//! - **Bodies**: A static, B and `sim.bodies` dynamic, each at the scene's position and angle
//!   (the angle through our `Rot::from_angle`, as our world places it), with its velocity and
//!   spin. No damping, gravity scale 1.
//! - **Shapes**: each part of a body one Box2D shape on that body (a compound is several shapes
//!   on one body): a circle, a capsule, or a polygon through `b2ComputeHull` and `b2MakePolygon`
//!   with the shape's radius (a rounded polygon); density 1, the scene's friction on every shape
//!   (Box2D mixes two frictions as `sqrt(fa fb)`, so the pair's is the scene's), restitution 0,
//!   rolling resistance 0.
//! - **Chains**: a chain with the ghost-vertex rule (`smooth`) is a Box2D chain shape. Box2D's
//!   open chain does not collide on its first and last segment (they only give the ghost
//!   vertices), so the chain is given one more point at each end, straight on; without the
//!   rule (`smooth: false`) each segment is a two-sided `b2Segment`, as ours collides them.
//! - **World**: the scene's gravity, stepped at the scene's `hz` with Box2D's default 4
//!   sub-steps ([`Options::substeps`]), for the scene's seconds. Sleep is off (a body at rest is
//!   measured at rest, not put to sleep), and so is Box2D's contact recycling (on by default
//!   since 2026: a pair that barely moved skips the narrowphase and keeps its points as
//!   persisted), so every step's ids come from the narrowphase, as ours do.
//! - **Knobs** ([`Knobs`]): where one of our variants changes something Box2D has a switch for,
//!   Box2D runs with it too: warm starting (`b2World_EnableWarmStarting`), the continuous step
//!   (`b2World_EnableContinuous`: our full run steps discretely, so Box2D's beside it does too),
//!   and the chain rule (a chain, or separate segments). Box2D has no switch for the points
//!   kept, the reference-face rule, the ids (its own are the vertex pair, with no bias: our
//!   `ids: Vertices, reference: Plain`), part bits (each part is a shape of its own, and a
//!   contact is per shape pair), nor for the speculative margin (fixed at 4 × its linear slop,
//!   0.02).
//!
//! Measured per step as [`narrowphase_lab::sim::summary`] measures ours: every dynamic body's
//! origin, angle, velocity and spin; and each touching contact's manifold points (those of
//! `b2Body_GetContactData`, one contact per shape pair counted once), a point *persisted* when
//! Box2D's own matcher found its id in the last step's manifold (`b2ManifoldPoint::persisted`).
//! Box2D's polygon clipping keeps both clipped points whatever their separation (its solver
//! treats a far one as speculative), so it counts more points than ours where an incident face
//! stands steeply (the star's spikes: two a spike, ours one).
//! An id collision is two points of one manifold with one id (Box2D's matcher works per shape
//! pair, so that is where a shared id would cost a warm start).

use boxdd_sys::ffi as b2;
use glam::Vec2;
use narrowphase_lab::geom::Rot;
use narrowphase_lab::scene::validate::body_parts;
use narrowphase_lab::scene::{Body, Scene, SceneError, SceneErrorKind, ShapeSpec, Variant};
use narrowphase_lab::sim::contact::WRONG_MATCH;
use narrowphase_lab::sim::summary::{self, BodySummary, ContactSummary, Summary};
use narrowphase_lab::sim::{World, persisted_fraction};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// Box2D's switches that one of our variants also has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Knobs {
    /// Warm starting from the last step's impulses.
    pub warm_start: bool,
    /// The continuous step against static bodies.
    pub continuous: bool,
    /// Chains as chain shapes (the ghost-vertex rule), else separate two-sided segments.
    pub smooth: bool,
}

impl Knobs {
    /// The knobs of our full run: warm starting, no continuous step, chains smooth.
    pub const FULL: Knobs = Knobs {
        warm_start: true,
        continuous: false,
        smooth: true,
    };

    /// Box2D's run beside our `variant`, or `None` when the variant changes something Box2D has
    /// no switch for (the points, the reference rule, the ids, the part bits, the margin).
    pub fn of(variant: &Variant) -> Option<Knobs> {
        let full = Variant::FULL;
        let same = variant.points == full.points
            && variant.reference_rule() == full.reference_rule()
            && variant.ids == full.ids
            && variant.part_bits == full.part_bits
            && variant.speculative == full.speculative;
        same.then_some(Knobs {
            warm_start: variant.warm_start,
            continuous: variant.continuous,
            smooth: variant.smooth,
        })
    }
}

/// How Box2D's world steps, beside the scene's own settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Options {
    /// Sub-steps per step (Box2D's default and recommendation: 4).
    pub substeps: u32,
    /// Box2D's contact recycling (its default; off here, so every step runs the narrowphase).
    pub recycling: bool,
    /// Sleeping bodies (Box2D's default; off here, so a body at rest is measured, not frozen).
    pub sleep: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            substeps: 4,
            recycling: false,
            sleep: false,
        }
    }
}

/// One run, ours or Box2D's: the summary's fields and where each dynamic body ends.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// What `simulate --summary` prints.
    pub summary: Summary,
    /// Each dynamic body's origin at the end, `[x, y]` (body 0 is B).
    pub final_positions: Vec<[f32; 2]>,
    /// Each dynamic body's angle at the end, degrees (not wrapped).
    pub final_angles_deg: Vec<f32>,
}

impl Outcome {
    /// The top body's measures: the last dynamic body (a stack's top box; B when alone).
    pub fn top(&self) -> &BodySummary {
        self.summary
            .bodies
            .last()
            .expect("a scene has a dynamic body")
    }

    /// The top body's final origin.
    pub fn top_position(&self) -> Vec2 {
        let [x, y] = *self.final_positions.last().expect("a dynamic body");
        Vec2::new(x, y)
    }
}

/// Our lab's run of `scene` under `variant` for `seconds` (default: the scene's).
pub fn run_ours(
    scene: &Scene,
    variant: Variant,
    seconds: Option<f32>,
) -> Result<Outcome, SceneError> {
    let mut world = World::new(scene, variant)?;
    let steps = world
        .settings()
        .steps_for(seconds.unwrap_or(world.settings().seconds));
    let summary = summary::run(&mut world, steps, |_| true);
    let dynamic = world.bodies().iter().filter(|b| b.dynamic);
    let (final_positions, final_angles_deg) = dynamic
        .map(|b| (b.position().to_array(), b.angle.to_degrees()))
        .unzip();
    Ok(Outcome {
        summary,
        final_positions,
        final_angles_deg,
    })
}

fn value_error(field: &str, message: String) -> SceneError {
    SceneError::field(field, SceneErrorKind::Value(message))
}

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

/// The material every shape gets: the scene's friction, nothing else.
fn material(friction: f32) -> b2::b2SurfaceMaterial {
    // SAFETY: returns a plain struct by value.
    let mut m = unsafe { b2::b2DefaultSurfaceMaterial() };
    m.friction = friction;
    m.restitution = 0.0;
    m.rollingResistance = 0.0;
    m
}

/// A Box2D world of one scene, destroyed when dropped.
struct B2World {
    id: b2::b2WorldId,
    /// Box2D's body of each of ours (0 is A).
    bodies: Vec<b2::b2BodyId>,
}

impl Drop for B2World {
    fn drop(&mut self) {
        // SAFETY: the world was created by `build` and is destroyed once.
        unsafe { b2::b2DestroyWorld(self.id) }
    }
}

/// The chain's points for Box2D: open, one more point straight on at each end (Box2D's first
/// and last points only give the end segments' ghost vertices).
fn chain_points(points: &[Vec2], closed: bool) -> Vec<Vec2> {
    let n = points.len();
    if closed {
        return points.to_vec();
    }
    let mut out = Vec::with_capacity(n + 2);
    out.push(2.0 * points[0] - points[1]);
    out.extend_from_slice(points);
    out.push(2.0 * points[n - 1] - points[n - 2]);
    out
}

/// Adds `body`'s shapes to Box2D's body `id`.
fn add_shapes(
    id: b2::b2BodyId,
    name: &str,
    body: &Body,
    friction: f32,
    smooth: bool,
) -> Result<(), SceneError> {
    let m = material(friction);
    // SAFETY: plain structs by value; every pointer handed to Box2D outlives the call, which
    // copies what it points to.
    unsafe {
        let mut def = b2::b2DefaultShapeDef();
        def.density = 1.0;
        def.material = m;
        if let ShapeSpec::Chain { points, r#loop } = &body.shape {
            if smooth {
                let pts: Vec<b2::b2Vec2> =
                    chain_points(points, *r#loop).into_iter().map(v).collect();
                let mut chain = b2::b2DefaultChainDef();
                chain.points = pts.as_ptr();
                chain.count = pts.len() as i32;
                chain.materials = &m;
                chain.materialCount = 1;
                chain.isLoop = *r#loop;
                b2::b2CreateChain(id, &chain);
            } else {
                let n = points.len();
                let links = if *r#loop { n } else { n - 1 };
                for k in 0..links {
                    let seg = b2::b2Segment {
                        point1: v(points[k]),
                        point2: v(points[(k + 1) % n]),
                    };
                    b2::b2CreateSegmentShape(id, &def, &seg);
                }
            }
            return Ok(());
        }
        let (parts, _) = body_parts(name, body, &mut Vec::new())?;
        for part in &parts {
            let s = &part.shape;
            let verts: Vec<Vec2> = s.vertices().iter().map(|p| part.xf.apply(*p)).collect();
            let r = s.radius();
            match verts.len() {
                1 => {
                    let c = b2::b2Circle {
                        center: v(verts[0]),
                        radius: r,
                    };
                    b2::b2CreateCircleShape(id, &def, &c);
                }
                2 => {
                    let c = b2::b2Capsule {
                        center1: v(verts[0]),
                        center2: v(verts[1]),
                        radius: r,
                    };
                    b2::b2CreateCapsuleShape(id, &def, &c);
                }
                n if n <= 8 => {
                    let pts: Vec<b2::b2Vec2> = verts.iter().map(|p| v(*p)).collect();
                    let hull = b2::b2ComputeHull(pts.as_ptr(), n as i32);
                    if hull.count as usize != n {
                        let msg = format!("Box2D's hull keeps {} of {n} vertices", hull.count);
                        return Err(value_error(&format!("{name}.shape"), msg));
                    }
                    let poly = b2::b2MakePolygon(&hull, r);
                    b2::b2CreatePolygonShape(id, &def, &poly);
                }
                n => {
                    let msg = format!("Box2D has no polygon of {n} vertices (at most 8)");
                    return Err(value_error(&format!("{name}.shape"), msg));
                }
            }
        }
    }
    Ok(())
}

/// The scene as a Box2D world.
fn build(scene: &Scene, knobs: Knobs, opts: Options) -> Result<B2World, SceneError> {
    scene.validate()?;
    let sim = scene.sim.clone().unwrap_or_default();
    // SAFETY: plain structs by value; the world id is kept and destroyed by `B2World`.
    let id = unsafe {
        let mut def = b2::b2DefaultWorldDef();
        def.gravity = v(sim.gravity);
        def.enableSleep = opts.sleep;
        def.enableContinuous = knobs.continuous;
        let id = b2::b2CreateWorld(&def);
        b2::b2World_EnableWarmStarting(id, knobs.warm_start);
        if !opts.recycling {
            b2::b2World_SetContactRecycleDistance(id, 0.0);
        }
        id
    };
    let mut world = B2World {
        id,
        bodies: Vec::new(),
    };
    let named = [("a", &scene.a), ("b", &scene.b)];
    let extra: Vec<(String, &Body)> = sim
        .bodies
        .iter()
        .enumerate()
        .map(|(i, b)| (format!("sim.bodies[{i}]"), b))
        .collect();
    let all = named.iter().map(|(n, b)| (n.to_string(), *b)).chain(extra);
    for (i, (name, body)) in all.enumerate() {
        let q = Rot::from_angle(body.angle_deg.to_radians());
        // SAFETY: as above.
        let bid = unsafe {
            let mut def = b2::b2DefaultBodyDef();
            def.type_ = if i == 0 {
                b2::b2BodyType_b2_staticBody
            } else {
                b2::b2BodyType_b2_dynamicBody
            };
            def.position = v(body.position);
            def.rotation = b2::b2Rot { c: q.c, s: q.s };
            if i > 0 {
                def.linearVelocity = v(body.velocity);
                def.angularVelocity = body.spin;
            }
            def.enableSleep = opts.sleep;
            def.enableContactRecycling = opts.recycling;
            b2::b2CreateBody(world.id, &def)
        };
        add_shapes(bid, &name, body, sim.friction, knobs.smooth)?;
        world.bodies.push(bid);
    }
    Ok(world)
}

/// One dynamic body's track, as `summary::run` keeps ours.
#[derive(Default)]
struct Track {
    start_y: f32,
    start_angle: f32,
    angle: f32,
    y: Vec<f32>,
    angles: Vec<f32>,
    spin: Vec<f32>,
    vy: Vec<f32>,
}

/// Box2D's run of `scene` with `knobs` and `opts` for `seconds` (default: the scene's),
/// measured as [`summary::run`] measures ours.
pub fn run_box2d(
    scene: &Scene,
    knobs: Knobs,
    opts: Options,
    seconds: Option<f32>,
) -> Result<Outcome, SceneError> {
    let world = build(scene, knobs, opts)?;
    let sim = scene.sim.clone().unwrap_or_default();
    let seconds = seconds.unwrap_or(sim.seconds);
    let steps = ((seconds as f64 * sim.hz as f64).round() as usize).max(1);
    let dynamic = &world.bodies[1..];
    let body_list = std::iter::once(&scene.b).chain(&sim.bodies);
    let mut tracks: Vec<Track> = body_list
        .map(|b| {
            let a = b.angle_deg.to_radians();
            Track {
                start_y: b.position.y,
                start_angle: a,
                angle: a,
                ..Track::default()
            }
        })
        .collect();
    let second_half = steps / 2;
    let mut contacts = ContactSummary::default();
    let mut data: Vec<b2::b2ContactData> = Vec::new();
    let mut seen: HashSet<(i32, u32)> = HashSet::new();
    // Each body's size as our lab measures it (the largest distance of its surface from its
    // origin), the same bodies in the same order.
    let radii: Vec<f32> = World::new(scene, Variant::FULL)?
        .bodies()
        .iter()
        .map(|b| b.bounding_radius)
        .collect();
    let mut anchors: Anchors = HashMap::new();
    let mut wrong_matches = 0;
    for k in 0..steps {
        // SAFETY: the world and its bodies live until `world` drops; each buffer is sized by
        // the capacity Box2D reports and only the entries it wrote are read.
        unsafe {
            b2::b2World_Step(world.id, sim.hz.recip(), opts.substeps as i32);
            for (t, &id) in tracks.iter_mut().zip(dynamic) {
                let q = b2::b2Body_GetRotation(id);
                let a = q.s.atan2(q.c);
                let wrapped = t.angle.sin().atan2(t.angle.cos());
                let mut d = a - wrapped;
                if d > std::f32::consts::PI {
                    d -= std::f32::consts::TAU;
                } else if d < -std::f32::consts::PI {
                    d += std::f32::consts::TAU;
                }
                t.angle += d;
                t.y.push(b2::b2Body_GetPosition(id).y);
                t.angles.push(t.angle);
                t.spin.push(b2::b2Body_GetAngularVelocity(id));
                t.vy.push(b2::b2Body_GetLinearVelocity(id).y);
            }
            // Wrong matches, over the whole run as ours (`sim::contact::wrong_match`): a point
            // Box2D kept (same id as last step's) whose anchor moved more than WRONG_MATCH of
            // the smaller body's size in both bodies' frames.
            wrong_matches +=
                wrong_this_step(dynamic, &world.bodies, &radii, &mut anchors, &mut data);
            if k >= second_half {
                seen.clear();
                for &id in dynamic {
                    let cap = b2::b2Body_GetContactCapacity(id).max(0) as usize;
                    data.clear();
                    data.reserve(cap);
                    let n = b2::b2Body_GetContactData(id, data.as_mut_ptr(), cap as i32);
                    data.set_len(n.max(0) as usize);
                    for c in &data {
                        if !seen.insert((c.contactId.index1, c.contactId.generation)) {
                            continue;
                        }
                        let m = &c.manifold;
                        let pts = &m.points[..m.pointCount.clamp(0, 2) as usize];
                        for p in pts {
                            contacts.points += 1;
                            contacts.persisted += p.persisted as usize;
                            contacts.id_collisions += pts
                                .iter()
                                .filter(|o| o.id == p.id)
                                .count()
                                .saturating_sub(1);
                        }
                    }
                }
            }
        }
    }
    contacts.new = contacts.points - contacts.persisted;
    let last_second = ((sim.hz as f64).round() as usize).max(1);
    let mut bodies = Vec::new();
    let mut final_positions = Vec::new();
    let mut final_angles_deg = Vec::new();
    for (k, (t, &id)) in tracks.iter().zip(dynamic).enumerate() {
        // SAFETY: the body lives until `world` drops.
        let (p, vel) = unsafe { (b2::b2Body_GetPosition(id), b2::b2Body_GetLinearVelocity(id)) };
        // Measured as ours is: the library's own fields from the same track.
        let track = summary::Track {
            start_y: t.start_y,
            start_angle: t.start_angle,
            y: t.y.clone(),
            angle: t.angles.clone(),
            spin: t.spin.clone(),
            vy: t.vy.clone(),
        };
        let speed = Vec2::new(vel.x, vel.y).length();
        bodies.push(track.summary(k, second_half, last_second, speed));
        final_positions.push([p.x, p.y]);
        final_angles_deg.push(t.angle.to_degrees());
    }
    Ok(Outcome {
        summary: Summary {
            steps,
            seconds: steps as f64 / sim.hz as f64,
            bodies,
            contacts,
            persisted_fraction: persisted_fraction(contacts.persisted, contacts.points),
            wrong_matches,
        },
        final_positions,
        final_angles_deg,
    })
}

/// Last step's contact points by (contact, point id): their anchors in body A's and B's frames.
type Anchors = HashMap<(i32, u32, u16), [Vec2; 2]>;

/// The wrong matches of this step (see `run_box2d`), and each point's anchors kept for the
/// next step.
///
/// # Safety
/// `dynamic` and `bodies` are live bodies of one world.
unsafe fn wrong_this_step(
    dynamic: &[b2::b2BodyId],
    bodies: &[b2::b2BodyId],
    radii: &[f32],
    anchors: &mut Anchors,
    data: &mut Vec<b2::b2ContactData>,
) -> usize {
    let index = |id: b2::b2BodyId| {
        bodies
            .iter()
            .position(|b| b.index1 == id.index1 && b.generation == id.generation)
    };
    let mut now: Anchors = HashMap::new();
    let mut seen = HashSet::new();
    let mut wrong = 0;
    for &id in dynamic {
        // SAFETY: the caller's; the buffer is sized by the capacity Box2D reports and only
        // the entries it wrote are read.
        unsafe {
            let cap = b2::b2Body_GetContactCapacity(id).max(0) as usize;
            data.clear();
            data.reserve(cap);
            let n = b2::b2Body_GetContactData(id, data.as_mut_ptr(), cap as i32);
            data.set_len(n.max(0) as usize);
            for c in data.iter() {
                let key = (c.contactId.index1, c.contactId.generation);
                if !seen.insert(key) {
                    continue;
                }
                let (ba, bb) = (
                    b2::b2Shape_GetBody(c.shapeIdA),
                    b2::b2Shape_GetBody(c.shapeIdB),
                );
                let (Some(ia), Some(ib)) = (index(ba), index(bb)) else {
                    continue;
                };
                let size = radii[ia].min(radii[ib]);
                let local = |body: b2::b2BodyId, a: b2::b2Vec2| {
                    let q = b2::b2Body_GetRotation(body);
                    Vec2::new(q.c * a.x + q.s * a.y, -q.s * a.x + q.c * a.y)
                };
                let m = &c.manifold;
                for p in &m.points[..m.pointCount.clamp(0, 2) as usize] {
                    let here = [local(ba, p.anchorA), local(bb, p.anchorB)];
                    let k = (key.0, key.1, p.id);
                    if let (true, Some(was)) = (p.persisted, anchors.get(&k)) {
                        let moved = here[0].distance(was[0]).max(here[1].distance(was[1]));
                        wrong += (moved > WRONG_MATCH * size) as usize;
                    }
                    now.insert(k, here);
                }
            }
        }
    }
    *anchors = now;
    wrong
}
