//! Draws the world view: grid, shapes (with hover, ring and vertex handles), the mode's
//! picture, then in every mode the normal and the contact points, the banner and the hint.

use super::App;
use super::draw::{self, Canvas, Drawn, colors, priority};
use super::input::{self, Hover};
use super::modes::ModeKind;
use glam::Vec2;

impl App {
    /// Draws the world on the background layer, through [`Canvas`] only, and returns what was
    /// drawn; a `dry` frame paints nothing (framing measures with it).
    pub(super) fn draw_world(&self, ctx: &egui::Context, dry: bool) -> Drawn {
        let canvas = Canvas::new(ctx, &self.cam, ctx.pixels_per_point(), dry);
        draw::grid(&canvas);
        if let Some(e) = &self.slide_error {
            canvas.banner(
                &format!(
                    "{} could not be loaded:\n{e}\n\nPageDown / PageUp go on to the other scenes.",
                    self.session.scene_name()
                ),
                colors::BAD,
            );
            canvas.hint("fix the file and open it again (Ctrl+O) · F1 help");
            return canvas.finish();
        }
        let pair = &self.session.pair;
        let views = self.body_views();

        // A compound body's other parts, fainter: the modes show the selected part pair.
        if let Some(bodies) = &pair.bodies {
            for i in 0..2 {
                for (k, part) in bodies.parts[i].iter().enumerate() {
                    if k != bodies.selected[i] {
                        let xf = bodies.xfs[i].compose(part.xf);
                        canvas.shape(&part.shape, xf, colors::body(i).gamma_multiply(0.55), 1.5);
                    }
                }
            }
        }

        // The shapes, B over A, with the hover highlight.
        for (i, view) in views.iter().enumerate() {
            let (s, xf) = (&pair.shapes[i], pair.xfs[i]);
            let hot = match self.interaction.hover {
                Some(Hover::Inside(b)) | Some(Hover::Ring(b)) | Some(Hover::Vertex(b, _)) => {
                    b.index() == i
                }
                None => false,
            };
            canvas.shape(s, xf, colors::body(i), if hot { 3.0 } else { 2.0 });
            let c = xf.apply(s.centroid());
            canvas.label_ranked(
                c,
                Vec2::new(-6.0, 8.0),
                if i == 0 { "A" } else { "B" },
                colors::body(i),
                priority::BODY,
            );
            if let Some(Hover::Ring(b)) = self.interaction.hover
                && b.index() == i
            {
                let ring = colors::body(i).gamma_multiply(0.25);
                canvas.shape_outline(s, xf, 2.0 * input::RING_PX, ring);
            }
            if self.vertex_edit && view.has_vertices {
                let body = if i == 0 {
                    input::Body::A
                } else {
                    input::Body::B
                };
                for (k, v) in s.vertices().iter().enumerate() {
                    let hot = self.interaction.hover == Some(Hover::Vertex(body, k));
                    canvas.ring(
                        xf.apply(*v),
                        if hot { 8.0 } else { 5.0 },
                        2.0,
                        colors::ACCENT,
                    );
                }
            }
        }

        // The mode's picture, unless a quiz question hides it; then the question's own.
        let hide = self.quiz_hides();
        if !hide {
            self.mode().draw(&canvas, pair, self.session.step);
        }
        self.quiz_draw(&canvas);

        // In every mode: the normal and the contact points (of every part pair, for compound
        // bodies: the selected pair's come first).
        let m = &pair.manifold;
        let len = canvas.span(60.0);
        let others = pair
            .bodies
            .as_ref()
            .map_or(&[][..], |_| &pair.whole.manifolds[..]);
        let points = m.points().map(|p| (p, m.normal)).chain(
            others
                .iter()
                .filter(|pm| Some(pm.parts) != pair.bodies.as_ref().map(|b| b.selected))
                .flat_map(|pm| pm.manifold.points().map(|p| (p, pm.manifold.normal))),
        );
        for (k, (p, normal)) in points.enumerate().filter(|_| !hide) {
            canvas.arrow(p.position, p.position + normal * len, 2.5, colors::INK);
            canvas.point(p.position, 5.0, colors::INK);
            // Manifold mode labels its candidates itself (kept and dropped, with separations).
            let text = if self.session.mode == ModeKind::Manifold {
                format!("p{k}")
            } else {
                format!("p{k} {}", super::words::signed(p.separation))
            };
            canvas.label_ranked(
                p.position,
                Vec2::new(8.0, 22.0),
                text,
                colors::INK,
                priority::KEY,
            );
        }
        if m.is_empty() && !hide {
            let q = &pair.query;
            canvas.dashed(q.point_a, q.point_b, 1.5, colors::DIM);
            canvas.arrow(q.point_a, q.point_a + q.normal * len, 2.0, colors::DIM);
            canvas.label(
                q.point_a,
                Vec2::new(8.0, -8.0),
                format!("n, gap {}", super::words::num(q.separation.max(0.0))),
                colors::DIM,
            );
        }

        // The banner and the hint.
        if let Some(b) = &self.banner {
            let color = if b.error { colors::BAD } else { colors::GOOD };
            canvas.banner(&b.text, color);
        }
        if self.slides.is_some() {
            return canvas.finish();
        }
        canvas.hint(if self.vertex_edit {
            "vertex edit · F1 help"
        } else {
            "drag inside: move · drag the ring: turn · F1 help"
        });
        canvas.finish()
    }
}
