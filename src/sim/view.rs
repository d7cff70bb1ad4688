//! What the lab's picture reads off a body beyond its pose: its speed, and an exaggerated view
//! of a ghost run. Where a compare run differs from the full run by less
//! than the eye can see (scene 20's one-point box rocks ±0.36°, under a pixel), the picture may
//! draw the ghost's *deviation* from the full run `k` times larger, and say so ("×20"). The
//! physics is untouched: only where the ghost is drawn changes.
//!
//! 1. The deviation of a ghost body from the full run's: the largest distance between their
//!    outlines' matching vertices ([`SimBody::deviation`]).
//! 2. The body drawn: the full run's pose plus `k` times the ghost's offset from it, in position
//!    (centre of mass) and angle ([`SimBody::exaggerated`]); at `k = 1` the ghost as it is.
//! 3. The factor: a 1, 2 or 5 × 10ⁿ that brings the largest deviation seen to at least a given
//!    size, up to a cap ([`exaggeration`]); 1 when the difference is already that big, or none.

use super::world::SimBody;
use glam::Vec2;

impl SimBody {
    /// Its speed: the length of its centre of mass's velocity, world units per second.
    pub fn speed(&self) -> f32 {
        self.velocity.length()
    }

    /// The largest distance between this body's outline vertices and `full`'s (the same body
    /// in another run: the same parts, so the same vertices in the same order), world units.
    pub fn deviation(&self, full: &SimBody) -> f32 {
        self.outline()
            .into_iter()
            .zip(full.outline())
            .map(|(a, b)| a.distance(b))
            .fold(0.0, f32::max)
    }

    /// This body (a ghost run's) drawn with its offset from `full` (the full run's) times `k`:
    /// centre of mass `c_f + k (c − c_f)`, angle `θ_f + k (θ − θ_f)`. `k = 1` gives it back.
    pub fn exaggerated(&self, full: &SimBody, k: f32) -> SimBody {
        SimBody {
            center: full.center + (self.center - full.center) * k,
            angle: full.angle + (self.angle - full.angle) * k,
            ..self.clone()
        }
    }

    /// Point `p` (world) carried with this body to where `drawn` (this body moved, e.g.
    /// [`SimBody::exaggerated`]) has it: the same point of the body.
    pub fn carry(&self, drawn: &SimBody, p: Vec2) -> Vec2 {
        drawn.transform().apply(self.transform().apply_inv(p))
    }
}

/// The factor that draws a deviation of `seen` (the largest so far, in pixels) at least `want`
/// pixels: 1 when `seen` is already that big or is nothing (below `want / cap`: there is no
/// difference to show, and magnifying rounding would invent one); else the least 1, 2 or
/// 5 × 10ⁿ with `k · seen ≥ want`, at most `cap`.
pub fn exaggeration(seen: f32, want: f32, cap: f32) -> f32 {
    if !(seen.is_finite() && seen > 0.0) || seen >= want || seen * cap < want {
        return 1.0;
    }
    let need = want / seen;
    let mut p = 1.0_f32;
    loop {
        for m in [1.0, 2.0, 5.0] {
            let k = m * p;
            if k >= need {
                return k.min(cap);
            }
        }
        p *= 10.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exaggeration_is_the_least_round_factor_that_shows_the_difference() {
        assert_eq!(exaggeration(0.75, 8.0, 100.0), 20.0);
        assert_eq!(exaggeration(4.0, 8.0, 100.0), 2.0);
        assert_eq!(exaggeration(8.0, 8.0, 100.0), 1.0);
        assert_eq!(exaggeration(0.0, 8.0, 100.0), 1.0);
        // Below what the cap can show: no difference is invented.
        assert_eq!(exaggeration(0.01, 8.0, 100.0), 1.0);
        assert_eq!(exaggeration(0.08, 8.0, 100.0), 100.0);
        // Exaggerating by 1 gives the body back; a point rides with the body.
        let text = "Scene(title: \"T\", \
            a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
            b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.3, 0.6), angle_deg: 3.0))";
        let scene = crate::scene::parse(text, "t.ron").expect("valid").scene;
        let w = crate::sim::World::new(&scene, crate::scene::Variant::FULL).expect("a world");
        let ghost = w.bodies()[1].clone();
        let full = SimBody {
            center: ghost.center + Vec2::new(0.01, -0.02),
            angle: ghost.angle - 0.001,
            ..ghost.clone()
        };
        assert_eq!(ghost.exaggerated(&full, 1.0), ghost);
        let big = ghost.exaggerated(&full, 10.0);
        assert!(
            (big.center - (full.center + Vec2::new(-0.1, 0.2)))
                .abs()
                .max_element()
                < 1e-5
        );
        assert!((big.angle - (full.angle + 0.01)).abs() < 1e-6);
        // Every corner of the exaggerated body is its corner carried: deviation grows ~10×.
        for (c, d) in ghost.outline().into_iter().zip(big.outline()) {
            assert!((ghost.carry(&big, c) - d).abs().max_element() < 1e-5);
        }
        let (d1, d10) = (ghost.deviation(&full), big.deviation(&full));
        assert!((d10 / d1 - 10.0).abs() < 0.01, "{d1} {d10}");
        for seen in [0.09, 0.3, 1.1, 2.5, 7.9] {
            let k = exaggeration(seen, 8.0, 100.0);
            assert!(k * seen >= 8.0 && k * seen < 8.0 * 5.0, "{seen}: {k}");
        }
    }
}
