//! A scene scaled by a factor, for `narrowphase-lab simulate --scale K` and the Simulate
//! panel's "scale ×" slider: is what a run does a property of its shapes, or of their size in
//! metres?
//!
//! [`scaled_scene`] multiplies every length of the scene by `k`: each body's shape (its parts
//! and their places too, [`super::perturb::scaled`]), its position and its velocity, gravity,
//! the speculative margin, the end pose of `motion`, and the view (its centre moved, its zoom
//! divided, so the scene fills the same pixels). Angles, spins, the step rate, the friction
//! coefficient and the run's length are left as they are: with every length and gravity times
//! `k`, every time stays the same, so the scaled run is the same motion, smaller, as long as
//! every rule the step applies is relative to the bodies' size (the slop is,
//! [`crate::geom::LINEAR_SLOP`] times the smaller body's size).
//!
//! One rule is not: `ids: Nearest`'s `match_distance` is absolute (1 cm by default, as Jolt's),
//! and stays as it is. At ×0.01 a 1 m box is 1 cm wide, and a point that moved a tenth of the
//! box is within the tolerance of a point it is not.

use super::perturb::scaled;
use crate::scene::{Body, Scene};

/// The smallest and largest factor the Simulate panel's slider offers: a hundredth to a
/// hundred times the scene's size (`--scale` takes 0.001 to 1000).
pub const RANGE: (f32, f32) = (0.01, 100.0);

/// `body` scaled by `k` about the world's origin: its shape, position and velocity.
fn scaled_body(body: &Body, k: f32) -> Body {
    Body {
        shape: scaled(&body.shape, k),
        position: body.position * k,
        velocity: body.velocity * k,
        ..body.clone()
    }
}

/// `scene` with every length times `k` (the module's list); `k = 1` gives the scene back as it
/// is.
pub fn scaled_scene(scene: &Scene, k: f32) -> Scene {
    if k == 1.0 {
        return scene.clone();
    }
    let mut out = scene.clone();
    out.a = scaled_body(&scene.a, k);
    out.b = scaled_body(&scene.b, k);
    out.speculative_margin = scene.speculative_margin * k;
    if let Some(sim) = &mut out.sim {
        sim.bodies = sim.bodies.iter().map(|b| scaled_body(b, k)).collect();
        sim.gravity *= k;
    } else {
        let mut sim = crate::scene::Sim::default();
        sim.gravity *= k;
        out.sim = Some(sim);
    }
    if let Some(view) = &mut out.view {
        view.center *= k;
        view.zoom /= k;
    }
    if let Some(motion) = &mut out.motion {
        motion.to *= k;
    }
    out
}
