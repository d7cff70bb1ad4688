//! Framing: each view shows everything the mode draws in it. A scene opens at its file's
//! `view` (or framed, when it has none) however it was reached; F frames every view; a step
//! change or a new layout keeps the picture in view.
//!
//! Framing measures instead of predicting: it draws the frame without painting
//! ([`Canvas::new`](super::draw::Canvas::new) with `dry`), reads each view's figure bounds, and
//! moves and zooms the view's camera until the figure fits. A few passes settle it, since
//! parts of a picture keep their size in points (labels' offsets, the SAT shadows' distance).

use super::camera::{Camera, ZOOM_RANGE};
use super::draw::Drawn;
use super::views::Views;
use crate::scene::{Mode, Scene, View};
use glam::Vec2;

pub use super::views::Fit;

/// How many times the view's size a figure must be to count as zoomed into (see
/// [`fit_camera`]).
const ZOOMED_IN: f32 = 4.0;

/// The view a scene file's `view` is written for: the world view of the default 1280×800
/// window. A figure in proportion to it is brought into a smaller view (a split mode, a
/// phone); one many times larger is a deliberate zoom, and stays.
const AUTHORED_VIEW: Vec2 = Vec2::new(1280.0, 800.0);

/// The view a scene's file gives for `mode`: its `view`, except that a view written for the
/// simulation (a scene that opens in Simulate: a track, a stack seen whole) leaves the pair the
/// other modes show a speck under its labels, so those modes frame the pair instead.
pub fn scene_view(scene: &Scene, mode: Mode) -> Option<View> {
    scene
        .view
        .filter(|_| scene.mode != Mode::Simulate || mode == Mode::Simulate)
}

/// The world box around `shapes`, each at its transform (its core's vertices grown by its
/// radius); infinite when there are none.
pub fn outline_bounds<'a>(
    shapes: impl IntoIterator<Item = (&'a crate::geom::Shape, crate::geom::Transform)>,
) -> (Vec2, Vec2) {
    let mut min = Vec2::splat(f32::INFINITY);
    let mut max = Vec2::splat(f32::NEG_INFINITY);
    for (s, xf) in shapes {
        for v in s.vertices() {
            let p = xf.apply(*v);
            min = min.min(p - Vec2::splat(s.radius()));
            max = max.max(p + Vec2::splat(s.radius()));
        }
    }
    (min, max)
}

/// Whether a body's outline (`whole`) spreads so far beyond the pair shown (`shown`) that
/// framing it whole would leave the pair a speck: more than four times the pair's size across.
pub fn spreads_beyond(whole: (Vec2, Vec2), shown: (Vec2, Vec2)) -> bool {
    let (w, s) = (whole.1 - whole.0, shown.1 - shown.0);
    w.is_finite() && s.is_finite() && w.max_element() > 4.0 * s.max_element()
}

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
    let zoomed_into = |view: Vec2| fsize.cmpgt(view * ZOOMED_IN).any();
    match fit {
        Fit::KeepInView if zoomed_into(usize) => return false,
        Fit::Resized(was) if zoomed_into(usize.max(was - 2.0 * margin(was))) => return false,
        _ => {}
    }
    let k = (usize.x / fsize.x).min(usize.y / fsize.y);
    let k = match fit {
        Fit::KeepInView | Fit::Resized(_) if fits => return false,
        Fit::KeepInView | Fit::Resized(_) => k.min(1.0),
        Fit::Frame if fits && k < 1.1 => return false,
        Fit::Frame => k,
    };
    let figure_centre = cam.to_world(fmin + fsize * 0.5);
    let view_centre = cam.to_world(umin + usize * 0.5);
    cam.center += figure_centre - view_centre;
    cam.zoom = (cam.zoom * k.clamp(0.02, 50.0)).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
    true
}

impl Views {
    /// Carries out the fits asked for: a few passes, each measuring what `measure` draws (a
    /// dry frame of the world) and moving the cameras to fit it.
    pub fn fit_views(&mut self, mut measure: impl FnMut(&Views) -> Drawn) {
        if self.frame_pending {
            self.fit[0] = Some(Fit::Frame);
            self.frame_pending = false;
        }
        for _ in 0..6 {
            if self.fit.iter().all(Option::is_none) {
                break;
            }
            let drawn = measure(self);
            let mut moved = false;
            for (i, v) in drawn.views.iter().enumerate().take(2) {
                let (Some(fit), Some(figure)) = (self.fit[i], v.figure) else {
                    continue;
                };
                let cam = if i == 0 {
                    &mut self.cam
                } else {
                    &mut self.second
                };
                moved |= fit_camera(cam, figure, fit);
            }
            if !moved {
                break;
            }
        }
        let framed = match self.fit[0] {
            Some(Fit::Frame) => true,
            Some(Fit::Resized(v)) => v == AUTHORED_VIEW,
            _ => false,
        };
        if let Some(z) = self.zoom_lock.filter(|_| framed) {
            self.cam.zoom = z;
        }
        self.fit = [None, None];
    }

    /// Frames everything the mode draws, in every view (F): at the next frame.
    pub fn frame_all(&mut self) {
        self.view_moved = true;
        self.frame_pending = true;
        self.fit[1] = Some(Fit::Frame);
    }

    /// Frames both bodies of `pair` in the world camera (their outlines only: a first guess
    /// that framing corrects from what the mode draws).
    pub fn frame_outlines(&mut self, pair: &crate::app::pair::Traced) {
        let (min, max) = outline_bounds(pair.shapes().into_iter().zip(pair.xfs()));
        if min.is_finite() && max.is_finite() {
            self.cam.frame(min, max, 0.15);
        }
    }

    /// Puts the world view where the scene's file says (`authored`) (or asks for it to be framed) and
    /// asks for the second view to be framed: on opening a scene and on a mode switch.
    pub fn apply_scene_view(&mut self, authored: Option<View>) {
        match authored {
            Some(v) => {
                self.cam.center = v.center;
                self.cam.zoom = v.zoom;
                self.frame_pending = false;
                self.fit[0] = Some(Fit::Resized(AUTHORED_VIEW));
            }
            None => self.frame_pending = true,
        }
        self.fit[1] = Some(Fit::Frame);
    }

    /// Shows `scene` in `mode` as its file says ([`scene_view`]) and frames the second view.
    pub fn show_scene(&mut self, scene: &Scene, mode: Mode) {
        self.apply_scene_view(scene_view(scene, mode));
    }

    /// Asks every view to keep its picture in view (a new step, a new layout).
    pub fn keep_in_view(&mut self) {
        for f in &mut self.fit {
            f.get_or_insert(Fit::KeepInView);
        }
    }

    /// Asks every view to keep its picture in view after the world view was `was` pixels
    /// across (a new layout).
    pub fn keep_in_view_resized(&mut self, was: Vec2) {
        for f in &mut self.fit {
            // Replaces a plain keep-in-view asked for earlier in the frame (a new scene).
            if f.is_none() || *f == Some(Fit::KeepInView) {
                *f = Some(Fit::Resized(was));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_made_smaller_brings_in_a_figure_that_fitted_the_old_one() {
        let mut cam = Camera {
            viewport_size: Vec2::new(241.0, 300.0),
            ..Camera::default()
        };
        // 892 px across: over four times this view, but it fitted the 482 px view before.
        let fig = [-326.0, 15.0, 892.0, 280.0];
        let before = cam;
        assert!(
            !fit_camera(&mut cam, fig, Fit::KeepInView),
            "a plain keep takes it for a zoom"
        );
        assert_eq!(cam, before);
        assert!(fit_camera(
            &mut cam,
            fig,
            Fit::Resized(Vec2::new(482.0, 300.0))
        ));
        assert!(
            cam.zoom < before.zoom * 0.3,
            "zoomed out to fit: {}",
            cam.zoom
        );
        // Ten times the old view too: a deliberate zoom, left alone.
        let mut cam = before;
        let huge = [-5000.0, -3000.0, 10_000.0, 6000.0];
        assert!(!fit_camera(
            &mut cam,
            huge,
            Fit::Resized(Vec2::new(482.0, 300.0))
        ));
        assert_eq!(cam, before);
    }

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
