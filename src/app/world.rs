//! Draws the world view: grid, shapes (with hover, ring and vertex handles), the mode's
//! picture, then in every mode the normal and the contact points, the banner and the hint.

use super::document::Document;
use super::draw::{self, Canvas, Drawn, colors, priority};
use super::input::{self, BodyView, Hover};
use super::modes::{Mode, ModeKind, Modes};
use super::pair::Contact;
use super::quiz::{self, Quiz};
use super::session::Session;
use super::state::{Dialogs, Shell};
use super::views::Views;
use crate::geom::Transform;
use glam::Vec2;

/// What the world view draws from: the app's parts it reads, borrowed for one drawing.
pub struct WorldView<'a> {
    /// The scene.
    pub doc: &'a Document,
    /// The mode shown, its step and the pair.
    pub session: &'a Session,
    /// Every mode's state.
    pub modes: &'a Modes,
    /// The world camera, the gesture's hover and vertex edit.
    pub views: &'a Views,
    /// The quiz's question, which may hide the mode's picture.
    pub quiz: &'a Quiz,
    /// The banner and a slide's load error.
    pub dialogs: &'a Dialogs,
    /// Whether this frame is a clean one (a screenshot for a slide).
    pub shell: &'a Shell,
    /// The bodies as the gestures see them (outlines, rings, handles).
    pub bodies: [BodyView<'a>; 2],
}

impl WorldView<'_> {
    /// The mode shown.
    fn mode(&self) -> &dyn Mode {
        self.modes.get(self.session.mode)
    }

    /// Draws the world on the background layer, through [`Canvas`] only, and returns what was
    /// drawn; a `dry` frame paints nothing (framing measures with it).
    pub fn draw(&self, ctx: &egui::Context, dry: bool) -> Drawn {
        // A mode with a second view (its `split`) draws it with the app's second camera.
        let second = (self.mode().split() > 0.0).then_some(&self.views.second);
        let ppp = super::web::window_pixels_per_point(ctx);
        let canvas = Canvas::new(ctx, &self.views.cam, ppp, dry).with_second(second);
        draw::grid(&canvas);
        if let Some(e) = &self.dialogs.slide_error {
            canvas.banner(
                &format!(
                    "{} could not be loaded:\n{e}\n\nPageDown / PageUp go on to the other scenes.",
                    self.session.scene_name()
                ),
                colors::bad(),
            );
            canvas.hint("fix the file and open it again (Ctrl+O) · F1 help");
            return canvas.finish();
        }
        let pair = &self.session.pair;
        // A screenshot (F12) is for a slide: no hover marks, handles, banner or hint.
        let clean = self.shell.screenshot_pending || self.shell.clean;
        let hover = if clean {
            None
        } else {
            self.views.interaction.hover
        };

        // A mode that draws the bodies itself (Simulate, where they are the run's) gets the
        // canvas to itself: no scene shapes, no pair contacts.
        let own = self.mode().owns_world();
        if !own {
            self.draw_scene_shapes(&canvas, hover, clean);
        }
        // The mode's picture, unless a quiz question hides it; then the question's own.
        let hide = self.quiz.hides(self.doc.scene());
        if !hide {
            self.mode().draw(&canvas, pair, self.session.step);
        }
        let minkowski = Some(&self.views.second).filter(|_| self.session.mode == ModeKind::Gjk);
        quiz::draw(self.quiz, self.doc.scene(), pair, minkowski, &canvas);

        // In every mode that asks for them: the normal and the contact points (of every part
        // pair, for compound bodies: the shown pair's come first).
        let marks = self.mode().pair_marks();
        let m = &pair.manifold;
        let len = canvas.span(60.0);
        for (
            k,
            Contact {
                point: p, normal, ..
            },
        ) in pair
            .contacts()
            .iter()
            .enumerate()
            .filter(|_| !hide && marks)
        {
            let (p, normal) = (p, *normal);
            canvas.arrow(p.position, p.position + normal * len, 2.5, colors::ink());
            canvas.point_as("contact", p.position, 5.0, colors::ink());
            // A mode may label its candidates itself (the manifold's: kept and dropped, with
            // separations).
            let text = if !self.mode().contact_separations() {
                format!("p{k}")
            } else {
                format!("p{k} {}", super::words::signed(p.separation))
            };
            canvas.label_ranked(
                p.position,
                Vec2::new(8.0, 22.0),
                text,
                colors::ink(),
                priority::KEY,
            );
        }
        if !hide && marks {
            self.draw_expected(&canvas);
        }
        if m.is_empty() && !hide && marks {
            let q = &pair.query;
            canvas.dashed(q.point_a, q.point_b, 1.5, colors::dim());
            canvas.arrow(q.point_a, q.point_a + q.normal * len, 2.0, colors::dim());
            canvas.label(
                q.point_a,
                Vec2::new(8.0, -8.0),
                format!("n, gap {}", super::words::num(q.separation.max(0.0))),
                colors::dim(),
            );
        }

        // The banner and the hint.
        if clean {
            return canvas.finish();
        }
        if let Some(b) = &self.dialogs.banner {
            let color = if b.error {
                colors::bad()
            } else {
                colors::good()
            };
            canvas.banner(&b.text, color);
        }
        // A mode that owns the canvas writes its own hint.
        if own {
            return canvas.finish();
        }
        canvas.hint(if self.views.vertex_edit {
            "vertex edit · F1 help"
        } else {
            "drag inside: move · drag the ring: turn · F1 help"
        });
        canvas.finish()
    }

    /// The scene's `expected` (another engine's answer) over ours, in its own style: its normal
    /// a dashed arrow, its points hollow diamonds, each labelled; the numbers are the right
    /// panel's ("Expected vs ours").
    fn draw_expected(&self, canvas: &Canvas) {
        let Some(d) = &self.session.expected else {
            return;
        };
        let pair = &self.session.pair;
        let color = colors::accent();
        for (i, p) in d.points.iter().enumerate() {
            canvas.diamond_as("expected", p.expected, 7.0, 2.0, color);
            let text = format!("expected e{i}");
            canvas.label_ranked(
                p.expected,
                Vec2::new(10.0, -10.0),
                text,
                color,
                priority::KEY,
            );
        }
        if let Some(n) = d.normal {
            // From the first expected point, else from our first contact point, else from A's
            // closest point.
            let from = (d.points.first().map(|p| p.expected))
                .or_else(|| pair.contacts().first().map(|c| c.point.position))
                .unwrap_or(pair.query.point_a);
            let to = from + n.expected * canvas.span(60.0);
            canvas.dashed_arrow(from, to, 2.0, color);
            canvas.label_ranked(to, Vec2::new(6.0, -6.0), "expected", color, priority::KEY);
        }
    }

    /// The scene's shapes, B over A, with the hover highlight, the turning ring and vertex
    /// handles; a compound body's other parts fainter.
    fn draw_scene_shapes(&self, canvas: &Canvas, hover: Option<Hover>, clean: bool) {
        let pair = &self.session.pair;
        let views = &self.bodies;
        // A compound body's other parts, fainter: the modes show the selected part pair.
        if let Some(bodies) = &pair.pair.bodies {
            let shown = super::framing::outline_bounds(pair.shapes().into_iter().zip(pair.xfs()));
            for i in 0..2 {
                // A chain's other segments, or a floor of many tiles, run far beyond the pair:
                // the view frames the part shown, with the others drawn behind. A small compound
                // (a bracket, a star) is framed whole.
                let whole = super::framing::outline_bounds(
                    bodies.parts[i]
                        .iter()
                        .map(|p| (&p.shape, bodies.xfs[i].compose(p.xf))),
                );
                let far = super::framing::spreads_beyond(whole, shown);
                for (k, part) in bodies.parts[i].iter().enumerate() {
                    if k != bodies.selected[i] {
                        let xf = bodies.xfs[i].compose(part.xf);
                        let on = if part.link.is_some() || far {
                            canvas.behind()
                        } else {
                            canvas.clone()
                        };
                        on.part(part, xf, colors::body(i).gamma_multiply(0.55), 1.5);
                    }
                }
            }
        }

        // The shapes, B over A, with the hover highlight.
        for (i, view) in views.iter().enumerate() {
            let (s, xf) = (pair.shapes()[i], pair.xfs()[i]);
            let hot = match hover {
                Some(Hover::Inside(b)) | Some(Hover::Ring(b)) | Some(Hover::Vertex(b, _)) => {
                    b.index() == i
                }
                None => false,
            };
            let width = if hot { 3.0 } else { 2.0 };
            match pair.pair.bodies.as_ref().and_then(|b| {
                let part = b.parts[i].get(b.selected[i])?;
                part.link.is_some().then_some(part)
            }) {
                Some(part) => canvas.part(part, xf, colors::body(i), width),
                None => canvas.shape(s, xf, colors::body(i), width),
            }
            let c = xf.apply(s.centroid());
            canvas.label_ranked(
                c,
                Vec2::new(-6.0, 8.0),
                if i == 0 { "A" } else { "B" },
                colors::body(i),
                priority::BODY,
            );
            // The ring that turns the shape: bright on it, faint inside, so it can be found.
            let ring = match hover {
                Some(Hover::Ring(b)) if b.index() == i => 0.25,
                Some(Hover::Inside(b)) if b.index() == i && !self.views.vertex_edit => 0.10,
                _ => 0.0,
            };
            if ring > 0.0 {
                let ring = colors::body(i).gamma_multiply(ring);
                match &pair.pair.bodies {
                    Some(bodies) if view.parts.len() > 1 => {
                        compound_ring(canvas, view, bodies.xfs[i], ring);
                    }
                    _ => canvas.shape_outline(s, xf, 2.0 * input::RING_PX, ring),
                }
            }
            if self.views.vertex_edit && view.has_vertices && !clean {
                let body = if i == 0 {
                    input::Which::A
                } else {
                    input::Which::B
                };
                for (k, v) in s.vertices().iter().enumerate() {
                    let hot = hover == Some(Hover::Vertex(body, k));
                    canvas.ring(
                        xf.apply(*v),
                        if hot { 8.0 } else { 5.0 },
                        2.0,
                        colors::accent(),
                    );
                }
            }
        }
    }
}

/// The turning ring of a compound body: along its parts' edges that are its outline (an edge
/// another part covers, such as a star's spokes, turns nothing); round a rounded part whole.
fn compound_ring(canvas: &Canvas, view: &input::BodyView, xf: Transform, color: egui::Color32) {
    let width = 2.0 * input::RING_PX;
    let step = canvas.span(2.0);
    for part in view.parts {
        let (verts, place) = (part.shape.vertices(), xf.compose(part.xf));
        if part.shape.radius() > 0.0 || verts.len() < 3 {
            canvas.shape_outline(&part.shape, place, width, color);
            continue;
        }
        for ((k, &a), &n) in verts.iter().enumerate().zip(part.shape.normals()) {
            let b = verts[(k + 1) % verts.len()];
            // Just outside the edge's middle, along its outward normal.
            let outside = part.xf.apply((a + b) * 0.5 + n * step);
            if view.distance(outside) > 0.0 {
                canvas.line(place.apply(a), place.apply(b), width, color);
            }
        }
    }
}
