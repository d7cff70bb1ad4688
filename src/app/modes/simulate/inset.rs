//! The inset magnifier: while the top body touches something, a small view in a corner of the
//! world view, clear of the body, shows its deepest contact point [`INSET_FACTOR`] times
//! larger — the full run and the ghosts there, as the world view draws them — with the factor
//! written in it ("×8"). The region it magnifies is framed on the world view.

use super::state::SimulateMode;
use crate::app::camera::{Camera, ZOOM_RANGE};
use crate::app::draw::{Canvas, colors};
use glam::Vec2;

/// The inset's side, window pixels (less in a small view: at most 40 % of its smaller side).
pub const INSET_PX: f32 = 180.0;
/// How many times the world view's zoom the inset shows.
pub const INSET_FACTOR: f32 = 8.0;
/// The gap between the inset and the view's edges, and kept around the body, pixels.
const MARGIN_PX: f32 = 12.0;

/// Where the inset is and what it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inset {
    /// Its rectangle, window pixels `[x, y, w, h]`.
    pub rect: [f32; 4],
    /// Its camera: centred on the contact point, the world view's zoom times the factor.
    pub cam: Camera,
    /// The contact point it magnifies (world), carried with the top body to where it is drawn
    /// ([`crate::sim::deepest_point`]).
    pub point: Vec2,
    /// The magnification over the world view.
    pub factor: f32,
}

impl SimulateMode {
    /// The inset over the world view seen through `cam`: None with the inset off, when the top
    /// body touches nothing this step, or when no corner of the view is clear of it.
    pub fn inset(&self, cam: &Camera) -> Option<Inset> {
        if self.no_inset {
            return None;
        }
        let lab = self.lab.as_ref()?;
        let (_, point) = crate::sim::deepest_point(lab.runs[0].world(), self.top)?;
        let side = INSET_PX.min(0.4 * cam.viewport_size.min_element()).floor();
        if side < 60.0 {
            return None;
        }
        // What it must not cover: the top body in every run as drawn, and the point itself.
        let (mut lo, mut hi) = (cam.to_screen(point), cam.to_screen(point));
        for k in 0..lab.runs.len() {
            if let Some(b) = self.drawn_body(k, self.top, self.exaggerate(k, cam.zoom)) {
                for v in b.outline() {
                    let s = cam.to_screen(v);
                    (lo, hi) = (lo.min(s), hi.max(s));
                }
            }
        }
        let (lo, hi) = (lo - MARGIN_PX, hi + MARGIN_PX);
        let (vmin, vmax) = (cam.viewport_min, cam.viewport_min + cam.viewport_size);
        let (left, right) = (vmin.x + MARGIN_PX, vmax.x - MARGIN_PX - side);
        let (top, bottom) = (vmin.y + MARGIN_PX, vmax.y - MARGIN_PX - side);
        let at = [(right, top), (left, top), (right, bottom), (left, bottom)]
            .into_iter()
            .map(|(x, y)| Vec2::new(x, y))
            .find(|a| {
                let b = *a + Vec2::splat(side);
                b.x < lo.x || a.x > hi.x || b.y < lo.y || a.y > hi.y
            })?;
        let zoom = (cam.zoom * INSET_FACTOR).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        Some(Inset {
            rect: [at.x, at.y, side, side],
            cam: Camera {
                center: point,
                zoom,
                viewport_min: at,
                viewport_size: Vec2::splat(side),
            },
            point,
            factor: zoom / cam.zoom,
        })
    }

    /// The inset's caption: its factor.
    pub fn inset_caption(factor: f32) -> String {
        format!("×{factor}")
    }

    /// Draws the inset over `canvas` (the world view), and frames the region it magnifies.
    pub(super) fn draw_inset(&self, canvas: &Canvas) {
        let cam = canvas.camera();
        let Some(inset) = self.inset(cam) else {
            return;
        };
        let caption = Self::inset_caption(inset.factor);
        let view = canvas.inset(&inset.cam, &caption);
        self.draw_runs(&view, false, cam.zoom);
        view.close_inset(&caption, colors::ink());
        let s = inset.rect[2] / inset.factor;
        let p = cam.to_screen(inset.point);
        canvas.frame_px(
            [p.x - s * 0.5, p.y - s * 0.5, s, s],
            1.5,
            colors::ink().gamma_multiply(0.7),
        );
    }

    /// `sim.inset` of `--print-state`: the inset's rectangle (window pixels), its zoom and
    /// factor, and the contact point it magnifies (world, and where it is in the world view);
    /// null while there is none.
    pub fn inset_json(&self, cam: &Camera) -> serde_json::Value {
        match self.inset(cam) {
            Some(i) => {
                let s = cam.to_screen(i.point);
                serde_json::json!({
                    "rect": i.rect,
                    "zoom": i.cam.zoom,
                    "factor": i.factor,
                    "point": [i.point.x, i.point.y],
                    "point_px": [s.x, s.y],
                    "caption": Self::inset_caption(i.factor),
                })
            }
            None => serde_json::Value::Null,
        }
    }
}
