//! The Simulate mode's own view: a camera that follows the top body (the one the plots
//! follow) at a zoom where it can be read, its trail over the last second in every run, and a
//! pointer at the view's edge towards a ghost that was left behind.
//!
//! The camera is a function of the lab's step and the view's size only ([`crate::sim::follow`]):
//! a picture at `--step K` is the same however it was reached. While it follows, the app's own
//! camera (the scene's `view`, or the student's pan and zoom) is left as it was: unticking
//! "follow the body" goes back to it.

use super::state::{SimulateMode, run_color};
use crate::app::camera::{Camera, ZOOM_RANGE};
use crate::app::draw::{Canvas, colors, priority};
use crate::sim::{follow_zoom, is_speck};
use glam::Vec2;

/// How far (pixels) inside the view's edge a left-behind ghost's pointer is drawn.
const EDGE_PX: f32 = 34.0;

impl SimulateMode {
    /// Whether the scene follows its top body unless the student says otherwise: it moves off
    /// (B starts sliding, or A is a chain: a track) or is a speck at the scene's zoom; never in
    /// a scene about tunnelling, whose bullet is seen passing the wall.
    pub fn follows_by_default(&self) -> bool {
        let (Some(scene), Some(lab)) = (&self.scene, &self.lab) else {
            return false;
        };
        if self.tunnel.is_some() {
            return false;
        }
        let Some(body) = lab.runs[0].world().bodies().get(self.top) else {
            return false;
        };
        self.sliding
            || scene
                .view
                .is_some_and(|v| is_speck(body.diameter(), v.zoom))
    }

    /// Whether the view follows the top body now ("follow the body").
    pub fn following(&self) -> bool {
        self.lab.is_some() && self.follow.unwrap_or_else(|| self.follows_by_default())
    }

    /// The camera the mode draws with over the app's world camera `app` (its viewport): the
    /// app's own when not following; else centred on the full run's top body at this step, at
    /// [`follow_zoom`] for the view's size (never below the scene's own zoom).
    pub fn view_camera(&self, app: &Camera) -> Camera {
        let body = self
            .lab
            .as_ref()
            .and_then(|l| l.runs[0].world().bodies().get(self.top));
        match body.filter(|_| self.following()) {
            Some(body) => {
                let least = self
                    .scene
                    .as_ref()
                    .and_then(|s| s.view)
                    .map_or(0.0, |v| v.zoom);
                let zoom = follow_zoom(body.diameter(), app.viewport_size, least) * self.wheel();
                Camera {
                    center: body.center,
                    zoom: zoom.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1),
                    ..*app
                }
            }
            None => *app,
        }
    }

    /// The student's wheel zoom over the followed view's ([`SimulateMode::zoom_followed`]).
    fn wheel(&self) -> f32 {
        if self.wheel_zoom > 0.0 {
            self.wheel_zoom
        } else {
            1.0
        }
    }

    /// The wheel turned `notches` over the followed view: it zooms in or out by the app's step
    /// a notch (×1.15), about the body it follows, which stays followed.
    pub fn zoom_followed(&mut self, notches: f32) {
        let k = 1.15f32.powf(notches.clamp(-10.0, 10.0));
        self.wheel_zoom = (self.wheel() * k).clamp(1.0 / 64.0, 64.0);
    }

    /// The "follow the body" and "magnify the contact" checkboxes.
    pub(super) fn ui_follow(&mut self, ui: &mut egui::Ui) {
        if self.lab.is_none() {
            return;
        }
        let mut follow = self.following();
        if ui
            .checkbox(&mut follow, "follow the body")
            .on_hover_text(
                "the view moves with the top body (the one the plots follow), zoomed in so it is \
                 big enough to read; off: the scene's own view",
            )
            .changed()
        {
            self.follow = Some(follow);
        }
        let mut inset = !self.no_inset;
        if ui
            .checkbox(&mut inset, "magnify the contact")
            .on_hover_text(
                "a small inset in a corner shows the top body's deepest contact point k times \
                 larger (k written in it), the full run and the ghosts there",
            )
            .changed()
        {
            self.no_inset = !inset;
        }
    }

    /// Run `k`'s trail: where its top body's trail point (a corner, a ball's centre) was over
    /// the last second up to this step, as drawn at `zoom` (a ghost exaggerated as its body).
    pub fn trail(&self, k: usize, zoom: f32) -> Vec<Vec2> {
        let (Some(lab), Some(readings), Some(full)) = (
            self.lab.as_ref(),
            self.readings.get(k),
            self.readings.first(),
        ) else {
            return Vec::new();
        };
        let Some(body) = lab.runs[k].world().bodies().get(self.top) else {
            return Vec::new();
        };
        let local = body.trail_local();
        let factor = self.exaggerate(k, zoom);
        let now = (lab.steps() + 1).min(readings.len());
        let from = now.saturating_sub(self.hz().round() as usize + 1);
        (from..now)
            .map(|i| {
                let (mut c, mut a) = readings[i].top_pose;
                if factor != 1.0
                    && let Some(f) = full.get(i)
                {
                    let (fc, fa) = f.top_pose;
                    c = fc + (c - fc) * factor;
                    a = fa + (a - fa) * factor;
                }
                body.point_at(c, a, local)
            })
            .collect()
    }

    /// Every run's trail, fading from a second ago to now, the full run's in its body's colour
    /// and each ghost's in its own (over the bodies: it ends at the corner it traces).
    pub(super) fn draw_trails(&self, canvas: &Canvas) {
        let Some(lab) = &self.lab else {
            return;
        };
        let zoom = canvas.camera().zoom;
        for k in (0..lab.runs.len()).rev() {
            let color = if k == 0 {
                colors::body(self.top)
            } else {
                run_color(k)
            };
            let pts = self.trail(k, zoom);
            let n = pts.len().max(2) as f32;
            for (i, w) in pts.windows(2).enumerate() {
                let fade = 0.1 + 0.8 * (i + 1) as f32 / (n - 1.0);
                canvas.line(w[0], w[1], 2.5, color.gamma_multiply(fade));
            }
        }
    }

    /// A ghost whose top body is out of the followed view: an arrow at the edge pointing to
    /// it, with how far it is from the full run's.
    pub(super) fn draw_away(&self, canvas: &Canvas) {
        let Some(lab) = self.lab.as_ref().filter(|_| self.following()) else {
            return;
        };
        let cam = canvas.camera();
        let zoom = cam.zoom;
        let (lo, hi) = (cam.viewport_min, cam.viewport_min + cam.viewport_size);
        for k in 1..lab.runs.len() {
            let (Some(ghost), Some(full)) = (
                self.drawn_body(k, self.top, self.exaggerate(k, zoom)),
                lab.runs[0].world().bodies().get(self.top),
            ) else {
                continue;
            };
            let at = cam.to_screen(ghost.center);
            if cam.contains(at) {
                continue;
            }
            let tip = at.clamp(lo + EDGE_PX * 0.4, hi - EDGE_PX * 0.4);
            let tail = at.clamp(lo + EDGE_PX * 1.6, hi - EDGE_PX * 1.6);
            let color = run_color(k);
            canvas.arrow(cam.to_world(tail), cam.to_world(tip), 3.0, color);
            canvas.label_ranked(
                cam.to_world(tail),
                Vec2::new(-40.0, -10.0),
                format!("ghost {k}: {:.1} m away", ghost.deviation(full)),
                color,
                priority::KEY,
            );
        }
    }

    /// `sim.camera` of `--print-state`: whether the view follows (and whether it does by
    /// default), the camera's centre (world) and zoom, and the top body's diameter in pixels.
    pub fn camera_json(&self, app: &Camera) -> serde_json::Value {
        let cam = self.view_camera(app);
        let diameter = self
            .lab
            .as_ref()
            .and_then(|l| l.runs[0].world().bodies().get(self.top))
            .map_or(0.0, |b| b.diameter());
        serde_json::json!({
            "follow": self.following(),
            "default": self.follows_by_default(),
            "centre": [cam.center.x, cam.center.y],
            "zoom": cam.zoom,
            "wheel": self.wheel(),
            "body_px": diameter * cam.zoom,
        })
    }

    /// `sim.trails` of `--print-state`: per run, its trail's point count and its oldest and
    /// newest points in window pixels (null when it has none).
    pub fn trails_json(&self, cam: &Camera) -> serde_json::Value {
        let runs = self.lab.as_ref().map_or(0, |l| l.runs.len());
        let px = |p: &Vec2| {
            let s = cam.to_screen(*p);
            serde_json::json!([s.x, s.y])
        };
        (0..runs)
            .map(|k| {
                let t = self.trail(k, cam.zoom);
                serde_json::json!({
                    "run": k,
                    "points": t.len(),
                    "first": t.first().map(px),
                    "last": t.last().map(px),
                })
            })
            .collect()
    }
}
