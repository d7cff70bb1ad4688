//! Where the lab's picture looks, so that a difference can be seen: a view that follows a
//! moving body at a zoom where it is big enough to read, the point of that body a trail traces,
//! and the deepest contact point an inset magnifies. The physics is untouched: these only say
//! where to look.
//!
//! 1. **The zoom** ([`follow_zoom`]): the followed body's diameter (twice its bounding radius)
//!    drawn a fifth of the view's smaller side, between [`FOLLOW_MIN_PX`] and
//!    [`FOLLOW_MAX_PX`] pixels, never below the scene's own zoom. A function of the body and the
//!    view's size only, so a picture at a given step is the same whatever the frames were.
//! 2. **Tiny** ([`is_speck`]): a body under [`SPECK_PX`] across at the scene's zoom is a speck;
//!    following is then on by default.
//! 3. **The trail's point** ([`SimBody::trail_local`]): a corner of the body (its outline's
//!    top-left in its own frame), or the centre of mass of a round body, where a corner would
//!    only show the spin;
//!    [`SimBody::point_at`] carries it to any pose the body had.
//! 4. **The deepest contact** ([`deepest_point`]): of the body's points this step, the one with
//!    the least separation (a speculative one when that is all there is), carried with the
//!    body to where it is drawn.

use super::contact::SimPoint;
use super::world::{SimBody, World};
use crate::geom::{Rot, Transform};
use glam::Vec2;

/// The least size (pixels) a followed body's diameter is drawn at: its box then spans at least
/// ~60 px for any proportions up to 1:1.
pub const FOLLOW_MIN_PX: f32 = 90.0;
/// The most a followed body's diameter is drawn at (in a large view, room is left for the
/// ground and the ghosts around it).
pub const FOLLOW_MAX_PX: f32 = 160.0;
/// Under this many pixels across (its diameter) a body is a speck.
pub const SPECK_PX: f32 = 40.0;

/// The zoom (pixels per unit) that draws a body of `diameter` units at a fifth of the smaller
/// side of a `view` (pixels), clamped to [`FOLLOW_MIN_PX`]..[`FOLLOW_MAX_PX`]; never less than
/// `least` (the scene's own zoom: following never zooms out).
pub fn follow_zoom(diameter: f32, view: Vec2, least: f32) -> f32 {
    let want = (view.min_element() / 5.0).clamp(FOLLOW_MIN_PX, FOLLOW_MAX_PX);
    let zoom = if diameter.is_finite() && diameter > 0.0 {
        want / diameter
    } else {
        least
    };
    zoom.max(least)
        .clamp(crate::geom::limits::MIN_ZOOM, crate::geom::limits::MAX_ZOOM)
}

/// Whether a body of `diameter` units is a speck at `zoom` pixels per unit (under
/// [`SPECK_PX`]).
pub fn is_speck(diameter: f32, zoom: f32) -> bool {
    diameter * zoom < SPECK_PX
}

impl SimBody {
    /// Its diameter: twice its bounding radius (units).
    pub fn diameter(&self) -> f32 {
        2.0 * self.bounding_radius
    }

    /// The point of the body a trail follows, in its own frame (the scene's body frame): a
    /// round body's (one circle) centre of mass, else its outline's top-left corner in that
    /// frame (a box sliding on its bottom face traces a line above the ground).
    pub fn trail_local(&self) -> Vec2 {
        let round = self.parts.len() == 1 && self.parts[0].shape.count() == 1;
        if round {
            return self.local_center;
        }
        // The top-left corner in the body's own frame (off the ground it slides on).
        let xf = self.transform();
        self.outline()
            .into_iter()
            .map(|c| xf.apply_inv(c))
            .max_by(|a, b| a.y.total_cmp(&b.y).then(b.x.total_cmp(&a.x)))
            .unwrap_or(self.local_center)
    }

    /// The body-frame point `local` where it is when the body's centre of mass is at `center`
    /// and its angle `angle` (radians).
    pub fn point_at(&self, center: Vec2, angle: f32, local: Vec2) -> Vec2 {
        let q = Rot::from_angle(angle);
        Transform {
            p: center - q.apply(self.local_center),
            q,
        }
        .apply(local)
    }
}

/// Body `body`'s deepest contact point in `world` this step (least separation), if it has any,
/// with where that point of the body is now: the contact was found at the step's start, before
/// the bodies moved, so its `position` is a step's travel behind the body as it is drawn; the
/// point in the body's own frame, carried to its pose now, is on it.
pub fn deepest_point(world: &World, body: usize) -> Option<(&SimPoint, Vec2)> {
    let (pair, point) = world
        .contacts()
        .filter(|pair| pair.bodies.contains(&body))
        .flat_map(|pair| pair.points().map(move |p| (pair, p)))
        .min_by(|a, b| a.1.separation.total_cmp(&b.1.separation))?;
    let side = usize::from(pair.bodies[1] == body);
    let now = world
        .bodies()
        .get(body)
        .map_or(point.position, |b| b.transform().apply(point.local[side]));
    Some((point, now))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_body_is_followed_at_least_90_px_across_and_never_zoomed_out() {
        // Scene 25's 0.8 × 0.4 box (diameter 0.894) in a 690 × 536 view, at the scene's 30.
        let d = 2.0 * (0.4_f32.hypot(0.2));
        assert!(is_speck(d, 30.0));
        let z = follow_zoom(d, Vec2::new(690.0, 536.0), 30.0);
        assert!(d * z >= FOLLOW_MIN_PX - 1e-3 && d * z <= FOLLOW_MAX_PX + 1e-3);
        assert!(0.8 * z >= 60.0, "{}", 0.8 * z);
        // A small view: still 90 px; a large one: at most 160.
        assert!((d * follow_zoom(d, Vec2::new(300.0, 200.0), 30.0) - 90.0).abs() < 1e-3);
        assert!((d * follow_zoom(d, Vec2::new(3000.0, 2000.0), 30.0) - 160.0).abs() < 1e-3);
        // Never below the scene's own zoom.
        assert_eq!(follow_zoom(d, Vec2::new(690.0, 536.0), 500.0), 500.0);
        assert!(!is_speck(2.0 * 1.118, 110.0));
    }

    #[test]
    fn the_trail_point_is_a_corner_carried_with_the_body_or_a_ball_s_centre() {
        let text = "Scene(title: \"T\", \
            a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
            b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.3, 0.6), angle_deg: 3.0))";
        let scene = crate::scene::parse(text, "t.ron").expect("valid").scene;
        let w = World::new(&scene, crate::scene::Variant::FULL).expect("a world");
        let b = &w.bodies()[1];
        let local = b.trail_local();
        // At its own pose, the point is one of its outline's corners, the top-left one in the
        // body's frame: (-1, 0.5) from its origin.
        let at = b.point_at(b.center, b.angle, local);
        let corner = b
            .outline()
            .into_iter()
            .position(|c| (c - at).abs().max_element() < 1e-5)
            .expect("a corner");
        assert!(
            (local - Vec2::new(-1.0, 0.5)).abs().max_element() < 1e-5,
            "{local}"
        );
        // Moved and turned, the same corner of the moved body.
        let moved = SimBody {
            center: b.center + Vec2::new(1.0, 2.0),
            angle: b.angle + 0.5,
            ..b.clone()
        };
        let at = b.point_at(moved.center, moved.angle, local);
        assert!((at - moved.outline()[corner]).abs().max_element() < 1e-5);
        let ball = "Scene(title: \"T\", \
            a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
            b: Body(shape: Circle(radius: 0.3), position: (1.0, 0.3)))";
        let scene = crate::scene::parse(ball, "t.ron").expect("valid").scene;
        let w = World::new(&scene, crate::scene::Variant::FULL).expect("a world");
        let b = &w.bodies()[1];
        assert!((b.point_at(b.center, 1.0, b.trail_local()) - b.center).length() < 1e-6);
    }

    #[test]
    fn the_deepest_point_is_the_least_separated_one_of_the_body() {
        let text = "Scene(title: \"T\", \
            a: Body(shape: Box(width: 8.0, height: 1.0), position: (0.0, -0.5)), \
            b: Body(shape: Box(width: 2.0, height: 1.0), position: (0.0, 0.49), angle_deg: 2.0))";
        let scene = crate::scene::parse(text, "t.ron").expect("valid").scene;
        let mut w = World::new(&scene, crate::scene::Variant::FULL).expect("a world");
        w.step();
        let (deepest, now) = deepest_point(&w, 1).expect("in contact");
        // Carried with B: the point in B's frame, where B is now.
        let b = &w.bodies()[1];
        let local = b.transform().apply_inv(now);
        assert!((local - deepest.local[1]).abs().max_element() < 1e-5);
        let least = w
            .contacts()
            .flat_map(|p| p.points())
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min);
        assert_eq!(deepest.separation, least);
        assert!(deepest_point(&w, 5).is_none());
    }
}
