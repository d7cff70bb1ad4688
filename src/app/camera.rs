//! The one camera: maps world coordinates (units, y up) to window pixels (y down) and back.

use crate::geom::limits::{MAX_ZOOM, MIN_ZOOM};
use glam::Vec2;

/// Smallest and largest zoom, in pixels per world unit: the range a scene file accepts.
pub const ZOOM_RANGE: (f32, f32) = (MIN_ZOOM, MAX_ZOOM);

/// A view of the world onto a rectangle of the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World point shown at the centre of the viewport.
    pub center: Vec2,
    /// Pixels per world unit.
    pub zoom: f32,
    /// Viewport top-left corner, in window pixels.
    pub viewport_min: Vec2,
    /// Viewport size, in window pixels.
    pub viewport_size: Vec2,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            center: Vec2::ZERO,
            zoom: 80.0,
            viewport_min: Vec2::ZERO,
            viewport_size: Vec2::new(1280.0, 800.0),
        }
    }
}

impl Camera {
    fn viewport_center(&self) -> Vec2 {
        self.viewport_min + self.viewport_size * 0.5
    }

    /// World point → window pixel.
    pub fn to_screen(&self, w: Vec2) -> Vec2 {
        let d = (w - self.center) * self.zoom;
        self.viewport_center() + Vec2::new(d.x, -d.y)
    }

    /// Window pixel → world point.
    pub fn to_world(&self, s: Vec2) -> Vec2 {
        let d = s - self.viewport_center();
        self.center + Vec2::new(d.x, -d.y) / self.zoom
    }

    /// How many pixels a world vector `d` spans on screen.
    pub fn screen_length(&self, d: Vec2) -> f32 {
        d.length() * self.zoom
    }

    /// Zooms by `factor` keeping the world point under `cursor` (window pixels) fixed.
    pub fn zoom_about(&mut self, cursor: Vec2, factor: f32) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let anchor = self.to_world(cursor);
        self.zoom = (self.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        // Move the centre so that `anchor` maps back to `cursor`.
        let d = cursor - self.viewport_center();
        self.center = anchor - Vec2::new(d.x, -d.y) / self.zoom;
    }

    /// Pans by a drag of `delta` window pixels (the world follows the pointer).
    pub fn pan(&mut self, delta: Vec2) {
        self.center -= Vec2::new(delta.x, -delta.y) / self.zoom;
    }

    /// Frames the world box `[min, max]` with a margin of `margin` (a fraction of the viewport).
    pub fn frame(&mut self, min: Vec2, max: Vec2, margin: f32) {
        let size = (max - min).max(Vec2::splat(1.0e-3));
        let usable = self.viewport_size * (1.0 - 2.0 * margin).max(0.1);
        let zoom = (usable.x / size.x).min(usable.y / size.y);
        if zoom.is_finite() && zoom > 0.0 {
            self.zoom = zoom.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
            self.center = (min + max) * 0.5;
        }
    }

    /// True when the window pixel lies inside the viewport.
    pub fn contains(&self, s: Vec2) -> bool {
        let d = s - self.viewport_min;
        d.x >= 0.0 && d.y >= 0.0 && d.x <= self.viewport_size.x && d.y <= self.viewport_size.y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let c = Camera {
            center: Vec2::new(3.0, -2.0),
            zoom: 57.0,
            ..Camera::default()
        };
        let w = Vec2::new(1.25, 4.5);
        assert!((c.to_world(c.to_screen(w)) - w).length() < 1e-4);
    }

    #[test]
    fn zoom_keeps_point_under_cursor() {
        let mut c = Camera::default();
        let cursor = Vec2::new(900.0, 200.0);
        let before = c.to_world(cursor);
        c.zoom_about(cursor, 1.7);
        assert!((c.to_world(cursor) - before).length() < 1e-4);
        assert!((c.zoom - 80.0 * 1.7).abs() < 1e-3);
    }

    #[test]
    fn y_is_up() {
        let c = Camera::default();
        assert!(c.to_screen(Vec2::new(0.0, 1.0)).y < c.to_screen(Vec2::ZERO).y);
    }
}
