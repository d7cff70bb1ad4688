//! The scene file's types, exactly as `DESIGN.md` ("Scene file") spells them.
//!
//! A scene is two bodies (A and B), each a shape at a position and an angle, plus the options
//! the app opens with. Every type denies unknown fields, so a typo is an error, not a silently
//! ignored line. Points are `glam::Vec2` in memory and `(x, y)` tuples in RON (`[x, y]` in JSON).

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::expected::Expected;
pub use super::kinds::{Ask, AskKind, Mode, View};
use super::kinds::{plain_de, plain_ser, vec2_tuple};
use super::persist::{
    Ids, MATCH_DISTANCE, Points, Reference, is_default_match_distance, some_reference,
    write_reference,
};
use super::tour::{Pose, Stop};

/// One scene: what a lecturer saves and the app opens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// The title shown above the canvas.
    pub title: String,
    /// Teaching notes shown in the notes panel (optional; empty when absent). A blank line
    /// (`\n\n`) divides what a student reads first from the measured detail, which the panel
    /// folds away ([`Scene::notes_parts`]).
    #[serde(default)]
    pub notes: String,
    /// The mode the scene opens in (optional; default [`Mode::Sat`]).
    #[serde(default)]
    pub mode: Mode,
    /// Body A (the normal points from A to B).
    pub a: Body,
    /// Body B.
    pub b: Body,
    /// Contact points with `separation <= speculative_margin` are kept (optional; default 0).
    #[serde(default)]
    pub speculative_margin: f32,
    /// The GJK/EPA or clipping step to open at (optional; default 0; the app clamps it).
    #[serde(default)]
    pub step: usize,
    /// The camera (optional; `None` lets the app frame both bodies itself).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "view_ser",
        deserialize_with = "view_de"
    )]
    pub view: Option<View>,
    /// Questions the student answers before the app reveals (optional; the answers come from
    /// the algorithms, never from the file).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<Ask>,
    /// The simulation the Simulate mode and `simulate` run (optional; a scene without one
    /// runs [`Sim::default`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub sim: Option<Sim>,
    /// B's end pose for the Continuous mode and `toi` (optional; [`Scene::motion_or_default`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub motion: Option<EndPose>,
    /// Another engine's answer for the pair, compared with ours (optional; see
    /// [`crate::scene::expected`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub expected: Option<Expected>,
    /// Notes for the lecturer only, shown in the presenter's view (optional).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub presenter: String,
    /// The lecturer's walk through the scene, one stop at a time (optional; see
    /// [`crate::scene::tour`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tour: Vec<Stop>,
}

/// B's end pose (DESIGN.md, "Scene file", `motion`): B moves from its pose to this one within
/// one step, its position on a line and its angle evenly. Written `Motion(…)` in the file (the
/// name `Motion` in Rust is the `sweep` command's, [`crate::scene::sweep::Motion`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Motion")]
pub struct EndPose {
    /// B's position at the end of the motion (world).
    #[serde(with = "vec2_tuple")]
    pub to: Vec2,
    /// B's angle at the end, degrees counter-clockwise (optional; default: B's own angle, so
    /// B does not turn). The turn is the difference, so 360 more is a full turn.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub angle_deg: Option<f32>,
}

impl Scene {
    /// The scene's `motion`, or the default: 2 units along +x, unturned.
    pub fn motion_or_default(&self) -> EndPose {
        self.motion.unwrap_or(EndPose {
            to: self.b.position + Vec2::new(2.0, 0.0),
            angle_deg: None,
        })
    }
}

/// A shape placed in the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body {
    /// The shape, in its own frame.
    pub shape: ShapeSpec,
    /// World position of the shape's local origin.
    #[serde(with = "vec2_tuple")]
    pub position: Vec2,
    /// Rotation about the local origin, degrees counter-clockwise (optional; default 0).
    #[serde(default)]
    pub angle_deg: f32,
    /// The starting velocity of the body's centre of mass, world units per second (optional;
    /// default 0; used only by the simulation).
    #[serde(default, with = "vec2_tuple", skip_serializing_if = "is_zero_vec")]
    pub velocity: Vec2,
    /// The starting angular velocity, radians per second counter-clockwise (optional; default
    /// 0; used only by the simulation).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spin: f32,
    /// The exact rotation `(cos, sin)` another engine holds (optional; a pasted pair in an
    /// engine's terms sets it, since degrees in `f32` cannot hold every rotation exactly). It is
    /// the body's rotation while `angle_deg` is its angle ([`rotation_angle_deg`]); turn the
    /// body to another angle and `angle_deg` rules again.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub rotation: Option<[f32; 2]>,
}

/// The angle of the rotation `(c, s)` in degrees, as the `f32` nearest to `atan2(s, c)` (in
/// `f64`): the `angle_deg` a body with that exact `rotation` carries.
pub fn rotation_angle_deg([c, s]: [f32; 2]) -> f32 {
    (s as f64).atan2(c as f64).to_degrees() as f32
}

impl Body {
    /// Where the body is and how it is turned.
    pub fn pose(&self) -> Pose {
        Pose {
            position: self.position,
            angle_deg: self.angle_deg,
        }
    }

    /// A body of `shape` at `position`, turned by `angle_deg`, at rest.
    pub fn at(shape: ShapeSpec, position: Vec2, angle_deg: f32) -> Body {
        Body {
            shape,
            position,
            angle_deg,
            velocity: Vec2::ZERO,
            spin: 0.0,
            rotation: None,
        }
    }
}

/// The simulation of a scene (DESIGN.md, "Scene file", `sim`): A is static, B and `bodies`
/// are dynamic. Every field is optional; the defaults are [`Sim::default`]'s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Sim {
    /// More dynamic bodies, after B (body 1, 2, … of the simulation's output).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bodies: Vec<Body>,
    /// Gravity, world units per second squared (default `(0, -10)`).
    #[serde(with = "vec2_tuple", skip_serializing_if = "is_default_gravity")]
    pub gravity: Vec2,
    /// Steps per second (default 60).
    #[serde(skip_serializing_if = "is_default_hz")]
    pub hz: f32,
    /// Velocity iterations of the solver per step (default 10).
    #[serde(skip_serializing_if = "is_default_iterations")]
    pub iterations: u32,
    /// The friction coefficient of every contact (default 0.6).
    #[serde(skip_serializing_if = "is_default_friction")]
    pub friction: f32,
    /// How long a run lasts, seconds (default 10).
    #[serde(skip_serializing_if = "is_default_seconds")]
    pub seconds: f32,
    /// Up to two ghost runs beside the full one, each with its own [`Variant`].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub compare: Vec<Variant>,
    /// The solver's kind (default [`Solver::Impulses`], box2d-lite's).
    #[serde(skip_serializing_if = "Solver::is_default")]
    pub solver: Solver,
    /// Sub-steps per step for [`Solver::SoftStep`] (default 1; Box2D v3 takes 4): the step's
    /// manifolds, solved and integrated `substeps` times at `h / substeps`.
    #[serde(skip_serializing_if = "is_default_substeps")]
    pub substeps: u32,
}

/// The solver's kind (`sim.solver`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Solver {
    /// box2d-lite's: sequential impulses, `iterations` passes per step, then the penetration
    /// beyond a slop pushed out by split impulses ([`crate::sim::solver`]).
    #[default]
    Impulses,
    /// Box2D v3's soft step: per sub-step one pass with soft contacts (a damped spring that
    /// pushes out the penetration), the positions moved, then one relaxing pass without it
    /// ([`crate::sim::soft`]).
    SoftStep,
}

impl Solver {
    fn is_default(&self) -> bool {
        *self == Solver::Impulses
    }
}

fn is_default_substeps(v: &u32) -> bool {
    *v == Sim::SUBSTEPS
}

impl Scene {
    /// The notes split at their first blank line: what a student reads first, and the detail
    /// under the fold (empty when there is no blank line). Both trimmed.
    pub fn notes_parts(&self) -> (&str, &str) {
        match self.notes.split_once("\n\n") {
            Some((first, rest)) => (first.trim(), rest.trim()),
            None => (self.notes.trim(), ""),
        }
    }
}

impl Sim {
    /// Default gravity.
    pub const GRAVITY: Vec2 = Vec2::new(0.0, -10.0);
    /// Default steps per second.
    pub const HZ: f32 = 60.0;
    /// Default solver iterations.
    pub const ITERATIONS: u32 = 10;
    /// Default friction coefficient.
    pub const FRICTION: f32 = 0.6;
    /// Default length of a run, seconds.
    pub const SECONDS: f32 = 10.0;
    /// Default sub-steps per step.
    pub const SUBSTEPS: u32 = 1;
}

impl Default for Sim {
    fn default() -> Self {
        Sim {
            bodies: Vec::new(),
            gravity: Sim::GRAVITY,
            hz: Sim::HZ,
            iterations: Sim::ITERATIONS,
            friction: Sim::FRICTION,
            seconds: Sim::SECONDS,
            compare: Vec::new(),
            solver: Solver::default(),
            substeps: Sim::SUBSTEPS,
        }
    }
}

/// What the manifold gives the solver. Every field is optional; the default is the full
/// manifold (all points, hysteresis, part bits, warm starting and the speculative margin on),
/// stepped discretely (`continuous` off).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Variant {
    /// Which of the manifold's points the solver gets.
    #[serde(skip_serializing_if = "Points::is_all")]
    pub points: Points,
    /// Reference-face hysteresis (off: near-ties flip the roles and churn the feature ids).
    #[serde(skip_serializing_if = "is_true")]
    pub hysteresis: bool,
    /// Which face is the reference; unset, `hysteresis` says (Biased when on, Plain when off):
    /// [`Variant::reference_rule`].
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "some_reference",
        serialize_with = "write_reference"
    )]
    pub reference: Option<Reference>,
    /// How a point is matched to the last step's.
    #[serde(skip_serializing_if = "Ids::is_reference")]
    pub ids: Ids,
    /// `Nearest`'s match distance, absolute world units (default [`MATCH_DISTANCE`]).
    #[serde(skip_serializing_if = "is_default_match_distance")]
    pub match_distance: f32,
    /// A compound's part indices in the feature ids (off: two parts' points can share an id).
    #[serde(skip_serializing_if = "is_true")]
    pub part_bits: bool,
    /// A point whose id matches the last step's starts from its impulse.
    #[serde(skip_serializing_if = "is_true")]
    pub warm_start: bool,
    /// Chains' ghost-vertex rule (off: every segment collides as a plain two-sided segment).
    #[serde(skip_serializing_if = "is_true")]
    pub smooth: bool,
    /// The scene's speculative margin (off: the margin is 0, and only points that already
    /// touch reach the solver: the discrete step's contacts).
    #[serde(skip_serializing_if = "is_true")]
    pub speculative: bool,
    /// A fast body's step is cut at its time of impact against static bodies (Box2D v3's rule
    /// for bodies that are not bullets; the simulation's `ccd` module).
    #[serde(skip_serializing_if = "is_false")]
    pub continuous: bool,
}

impl Default for Variant {
    fn default() -> Self {
        Variant::FULL
    }
}

impl Variant {
    /// The full manifold: all points, every rule on.
    pub const FULL: Variant = Variant {
        points: Points::All,
        hysteresis: true,
        reference: None,
        ids: Ids::Reference,
        match_distance: MATCH_DISTANCE,
        part_bits: true,
        warm_start: true,
        smooth: true,
        speculative: true,
        continuous: false,
    };
}

impl Variant {
    /// The reference-face rule in force: `reference`, or, unset, what `hysteresis` says (the
    /// old `hysteresis: false` reads as Plain).
    pub fn reference_rule(&self) -> Reference {
        match (self.reference, self.hysteresis) {
            (Some(r), _) => r,
            (None, true) => Reference::Biased,
            (None, false) => Reference::Plain,
        }
    }
}

fn is_true(v: &bool) -> bool {
    *v
}

fn is_zero_vec(v: &Vec2) -> bool {
    *v == Vec2::ZERO
}

fn is_default_gravity(v: &Vec2) -> bool {
    *v == Sim::GRAVITY
}

fn is_default_hz(v: &f32) -> bool {
    *v == Sim::HZ
}

fn is_default_iterations(v: &u32) -> bool {
    *v == Sim::ITERATIONS
}

fn is_default_friction(v: &f32) -> bool {
    *v == Sim::FRICTION
}

fn is_default_seconds(v: &f32) -> bool {
    *v == Sim::SECONDS
}

/// A shape as written in a scene file. Sizes are world units; a `radius` on a box or polygon
/// inflates its core, as in Box2D (`Box(width: 1.0, height: 1.0, radius: 0.1)` is 1.2 across).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ShapeSpec {
    /// A circle centred on the local origin.
    Circle {
        /// Radius (> 0).
        radius: f32,
    },
    /// A box centred on the local origin, optionally rounded.
    Box {
        /// Width of the core (> 0).
        width: f32,
        /// Height of the core (> 0).
        height: f32,
        /// Rounding radius (>= 0; optional, default 0).
        #[serde(default, skip_serializing_if = "is_zero")]
        radius: f32,
    },
    /// A convex polygon in local coordinates (3..=64 vertices, either winding), optionally rounded.
    Polygon {
        /// The vertices, `(x, y)` each.
        #[serde(with = "vec2_tuples")]
        vertices: Vec<Vec2>,
        /// Rounding radius (>= 0; optional, default 0).
        #[serde(default, skip_serializing_if = "is_zero")]
        radius: f32,
    },
    /// A regular polygon: first vertex straight up at local `(0, circumradius)`, then CCW.
    RegularPolygon {
        /// Number of sides (3..=64).
        sides: u32,
        /// Distance from the centre to each vertex (> 0).
        circumradius: f32,
    },
    /// A capsule along local x: cap centres at `(±length/2, 0)`.
    Capsule {
        /// Distance between the two cap centres (> 0).
        length: f32,
        /// Radius of the caps (> 0).
        radius: f32,
    },
    /// Several convex parts moving as one body (2 to 16; a part may not be a compound).
    Compound {
        /// The parts, each placed in the body's own frame.
        parts: Vec<Part>,
    },
    /// A static polyline of one-sided segments (body A only; 1 to 64 segments): each segment's
    /// normal points to the right of the walking direction, so a floor walked from right to
    /// left faces up and a counter-clockwise loop collides outside. Each segment knows its
    /// neighbours (ghost vertices; see [`crate::geom::chain`]).
    Chain {
        /// The points, `(x, y)` each, in the body's frame.
        #[serde(with = "vec2_tuples")]
        points: Vec<Vec2>,
        /// Closed: the last point joins the first (optional; default false).
        #[serde(default, skip_serializing_if = "is_false")]
        r#loop: bool,
    },
}

fn is_false(v: &bool) -> bool {
    !*v
}

/// One part of a compound body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// The part's shape, in its own frame (any shape but a compound).
    pub shape: ShapeSpec,
    /// Where the part's local origin sits in the body's frame.
    #[serde(with = "vec2_tuple")]
    pub position: Vec2,
    /// The part's rotation in the body's frame, degrees counter-clockwise (optional; default 0).
    #[serde(default)]
    pub angle_deg: f32,
}

fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

// `view` is optional, but written as `view: View(...)`, not `view: Some(View(...))`.
fn view_ser<S: serde::Serializer>(view: &Option<View>, s: S) -> Result<S::Ok, S::Error> {
    match view {
        Some(v) => v.serialize(s),
        None => s.serialize_none(),
    }
}

fn view_de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<View>, D::Error> {
    View::deserialize(d).map(Some)
}

/// A list of `Vec2` as a list of `(x, y)` tuples.
mod vec2_tuples {
    use glam::Vec2;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &[Vec2], s: S) -> Result<S::Ok, S::Error> {
        let arrays: Vec<[f32; 2]> = v.iter().map(|p| p.to_array()).collect();
        arrays.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec2>, D::Error> {
        Vec::<[f32; 2]>::deserialize(d).map(|v| v.into_iter().map(Vec2::from_array).collect())
    }
}
