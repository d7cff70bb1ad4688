//! Framing: each view shows everything the mode draws in it. A scene opens at its file's
//! `view` (or framed, when it has none) however it was reached; F frames every view; a step
//! change or a new layout keeps the picture in view.
//!
//! Framing measures instead of predicting: it draws the frame without painting
//! ([`Canvas::new`](super::draw::Canvas::new) with `dry`), reads each view's figure bounds, and
//! moves and zooms the view's camera until the figure fits. A few passes settle it, since
//! parts of a picture keep their size in points (labels' offsets, the SAT shadows' distance).

use super::App;
use super::camera::{Camera, ZOOM_RANGE};
use glam::Vec2;

/// How a view is fitted to its figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Fill the view with the figure (F, a scene without a view, a new Minkowski pane).
    Frame,
    /// Move or zoom out only as far as needed to bring the figure inside the view.
    KeepInView,
}

/// How many times the view's size a figure must be to count as zoomed into (see
/// [`fit_camera`]).
const ZOOMED_IN: f32 = 4.0;

/// The margin kept free around a figure inside a view of `size` pixels.
fn margin(size: Vec2) -> Vec2 {
    (size * 0.05).max(Vec2::splat(12.0))
}

/// Moves and zooms `cam` towards showing `figure` (`[x, y, w, h]`, window pixels, as drawn
/// with `cam`) as `fit` asks. Returns false when the view already shows it so.
pub fn fit_camera(cam: &mut Camera, figure: [f32; 4], fit: Fit) -> bool {
    let m = margin(cam.viewport_size);
    let (umin, usize) = (
        cam.viewport_min + m,
        (cam.viewport_size - 2.0 * m).max(Vec2::ONE),
    );
    let (fmin, fsize) = (
        Vec2::new(figure[0], figure[1]),
        Vec2::new(figure[2], figure[3]).max(Vec2::ONE),
    );
    if !(fmin.is_finite() && fsize.is_finite()) {
        return false;
    }
    let fits = fmin.cmpge(umin - 0.5).all() && (fmin + fsize).cmple(umin + usize + 0.5).all();
    // A figure many times the view's size is one the view was zoomed into on purpose (a file
    // may ask for a shape a thousand units across at the largest zoom): there is no whole
    // picture to bring in, and keeping it in view leaves the camera alone.
    if fit == Fit::KeepInView && fsize.cmpgt(usize * ZOOMED_IN).any() {
        return false;
    }
    let k = (usize.x / fsize.x).min(usize.y / fsize.y);
    let k = match fit {
        Fit::KeepInView if fits => return false,
        Fit::KeepInView => k.min(1.0),
        Fit::Frame if fits && k < 1.1 => return false,
        Fit::Frame => k,
    };
    let figure_centre = cam.to_world(fmin + fsize * 0.5);
    let view_centre = cam.to_world(umin + usize * 0.5);
    cam.center += figure_centre - view_centre;
    cam.zoom = (cam.zoom * k.clamp(0.02, 50.0)).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
    true
}

impl App {
    /// Puts the world view where the scene's file says (or asks for it to be framed) and
    /// asks for the second view to be framed: on opening a scene and on a mode switch.
    pub(super) fn apply_scene_view(&mut self) {
        match self.doc.scene().view {
            Some(v) => {
                self.cam.center = v.center;
                self.cam.zoom = v.zoom;
                self.frame_pending = false;
                self.fit[0] = Some(Fit::KeepInView);
            }
            None => self.frame_pending = true,
        }
        self.fit[1] = Some(Fit::Frame);
    }

    /// Asks every view to keep its picture in view (a new step, a new layout).
    pub(super) fn keep_in_view(&mut self) {
        for f in &mut self.fit {
            f.get_or_insert(Fit::KeepInView);
        }
    }

    /// Carries out the fits asked for: a few measuring passes, each moving the cameras.
    pub(super) fn fit_views(&mut self, ctx: &egui::Context) {
        if self.frame_pending {
            self.fit[0] = Some(Fit::Frame);
            self.frame_pending = false;
        }
        for _ in 0..6 {
            if self.fit.iter().all(Option::is_none) {
                break;
            }
            let drawn = self.draw_world(ctx, true);
            let mut moved = false;
            for (i, v) in drawn.views.iter().enumerate().take(2) {
                let (Some(fit), Some(figure)) = (self.fit[i], v.figure) else {
                    continue;
                };
                let cam = if i == 0 {
                    Some(&mut self.cam)
                } else {
                    self.modes.get_mut(self.session.mode).second_camera()
                };
                if let Some(cam) = cam {
                    moved |= fit_camera(cam, figure, fit);
                }
            }
            if !moved {
                break;
            }
        }
        self.fit = [None, None];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_fills_and_keep_only_moves_when_needed() {
        let mut cam = Camera::default();
        // A small figure in the middle: keep leaves it, frame zooms in.
        let fig = [600.0, 380.0, 80.0, 40.0];
        assert!(!fit_camera(&mut cam, fig, Fit::KeepInView));
        assert!(fit_camera(&mut cam, fig, Fit::Frame));
        assert!(cam.zoom > 80.0 * 5.0);
        // A figure past the right edge: keep pans it back and does not zoom in.
        let mut cam = Camera::default();
        assert!(fit_camera(
            &mut cam,
            [1200.0, 300.0, 200.0, 100.0],
            Fit::KeepInView
        ));
        assert!(cam.zoom <= 80.0);
        assert!(cam.center.x > 0.0);
        // A figure ten times the view (a shape bigger than the view, zoomed into): keep leaves
        // the camera where the file put it; frame still fits it.
        let mut cam = Camera::default();
        let (min, size) = (cam.viewport_min, cam.viewport_size);
        let cut = [min.x - 5000.0, min.y - 4000.0, size.x * 10.0, size.y * 10.0];
        let before = (cam.center, cam.zoom);
        assert!(!fit_camera(&mut cam, cut, Fit::KeepInView));
        assert_eq!((cam.center, cam.zoom), before);
        assert!(fit_camera(&mut cam, cut, Fit::Frame));
    }
}
