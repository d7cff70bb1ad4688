//! GJK/EPA mode: the world and Minkowski space side by side, GJK one iteration at a time, then
//! EPA, then the radii folded back in — all from the library's GJK and EPA traces.

use super::mode::{About, Controls, Explained, Mode, ModeKind};
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::draw::{self, Canvas, colors, priority};
use crate::app::input::Input;
use crate::app::legend;
use crate::app::modes::arithmetic::{self, Row};
use crate::app::pair::Traced;
use crate::app::words::{count, num, signed};
use crate::geom::gjk::voronoi_planes;
use crate::geom::{EpaGuard, GjkStep, GjkStop, SimplexVertex, VoronoiRegion};
use egui::RichText;
use glam::Vec2;
use plot::convergence_plot;

mod plot;

/// GJK/EPA mode state: playback, the pan in progress and the hover on its Minkowski pane (the
/// pane's camera is the app's second view, `Views::second`).
pub struct GjkMode {
    pan_last: Option<Vec2>,
    playing: bool,
    speed: f32,
    last_advance: f64,
    hovered: Option<(usize, usize)>,
}

impl Default for GjkMode {
    fn default() -> Self {
        GjkMode {
            pan_last: None,
            playing: false,
            speed: 1.5,
            last_advance: 0.0,
            hovered: None,
        }
    }
}

/// Which phase a step index falls in.
enum Phase<'a> {
    Gjk(usize, &'a GjkStep),
    Epa(usize, &'a crate::geom::EpaStep),
    Fold,
}

fn phase(pair: &Traced, step: usize) -> Phase<'_> {
    let g = pair.gjk_steps.len();
    if let Some(s) = pair.gjk_steps.get(step) {
        return Phase::Gjk(step, s);
    }
    match pair.epa_steps.get(step - g) {
        Some(e) => Phase::Epa(step - g, e),
        None => Phase::Fold,
    }
}

fn vertex_name(v: &SimplexVertex) -> String {
    format!("b{} − a{}", v.index_b, v.index_a)
}

fn simplex_name(n: usize) -> &'static str {
    match n {
        1 => "a point",
        2 => "a segment",
        _ => "a triangle",
    }
}

/// Why GJK stopped, in words.
pub fn stop_words(stop: GjkStop) -> &'static str {
    match stop {
        GjkStop::OriginEnclosed => "the triangle encloses the origin",
        GjkStop::OriginOnSimplex => "the origin lies on the simplex",
        GjkStop::NoProgress => "no closer point found",
        GjkStop::RepeatedSupport => "the support point came again",
        GjkStop::IterationCap => "the iteration cap",
    }
}

/// An EPA guard that fired, in words.
pub fn guard_words(guard: EpaGuard) -> String {
    match guard {
        EpaGuard::FlatTriangle => {
            // The cores' difference is a segment or a single point through the origin (two
            // circles' centres coincide): the cores touch, and the depth before the radii is 0.
            "the start simplex has no area: the cores' difference is a segment or a point through the origin, so the cores touch and their depth is 0 (a rounded shape's radius adds to it)".to_string()
        }
        EpaGuard::InvertedWinding { edge } => {
            format!("rounding inverted the winding of edge {edge}; its normal was flipped")
        }
        EpaGuard::IterationCap => "the iteration cap".to_string(),
    }
}

/// What GjkMode's steps say (its [`Mode::explain`]).
impl GjkMode {
    /// The arithmetic behind `step`: every number a trace field.
    pub(crate) fn arithmetic(&self, pair: &Traced, step: usize) -> Vec<Row> {
        arithmetic::gjk_epa_rows(pair, step)
    }

    /// The step counter text.
    pub(crate) fn step_label(&self, pair: &Traced, step: usize) -> String {
        match phase(pair, step) {
            Phase::Gjk(i, _) => format!("GJK {}/{}", i + 1, pair.gjk_steps.len()),
            Phase::Epa(i, _) => format!("EPA {}/{}", i + 1, pair.epa_steps.len()),
            Phase::Fold => "Radii".to_string(),
        }
    }

    /// One plain sentence per step: what happened and why.
    pub(crate) fn step_text(&self, pair: &Traced, step: usize) -> String {
        match phase(pair, step) {
            Phase::Gjk(i, s) => {
                let region = match s.region {
                    VoronoiRegion::Vertex(k) => format!(
                        "the origin is in the Voronoi region of vertex w{k}, so only it is kept"
                    ),
                    VoronoiRegion::Edge(p, q) => format!(
                        "the origin is closest to the inside of edge w{p}–w{q}, so both its ends are kept"
                    ),
                    VoronoiRegion::Interior => "the origin is inside the triangle".to_string(),
                };
                let start = format!(
                    "Iteration {}: the simplex is {}; {region}.",
                    i + 1,
                    simplex_name(s.simplex_in.len())
                );
                let next = match (s.stop, s.support) {
                    (Some(GjkStop::OriginEnclosed), _) => " The triangle encloses the origin: the cores overlap, so GJK hands over to EPA.".to_string(),
                    (Some(GjkStop::OriginOnSimplex), _) => " The origin lies on the simplex: the cores touch or overlap; EPA measures how deep.".to_string(),
                    (Some(GjkStop::RepeatedSupport), Some(v)) => format!(" The support point towards the origin is {} again: nothing new, so the distance {} is final.", vertex_name(&v), num(s.distance)),
                    (Some(GjkStop::NoProgress), Some(v)) => format!(" The support point {} gets no closer to the origin: converged at distance {}.", vertex_name(&v), num(s.distance)),
                    (Some(GjkStop::IterationCap), _) => " The iteration cap is reached: GJK returns its best answer so far.".to_string(),
                    (None, Some(v)) => format!(" Closest point at distance {}; searching from it towards the origin finds w = {}.", num(s.distance), vertex_name(&v)),
                    _ => String::new(),
                };
                start + &next
            }
            Phase::Epa(i, e) => {
                let guard = match e.guard {
                    Some(EpaGuard::FlatTriangle) if e.flat_normal_from_edge() => {
                        " Guard: the simplex has no area — the cores only touch (their difference is a segment through the origin); the cores' depth is 0, along the longest edge's normal; a rounded shape's radius adds to it."
                    }
                    Some(EpaGuard::FlatTriangle) => {
                        " Guard: the simplex has no area — the cores meet at one point (their difference is the origin alone), so no edge gives a normal: it runs along the line between the centres (straight up where they coincide); the cores' depth is 0, and a rounded shape's radius adds to it."
                    }
                    Some(EpaGuard::InvertedWinding { .. }) => {
                        " Guard: rounding inverted this edge's winding; its normal was flipped instead of letting a negative distance win."
                    }
                    Some(EpaGuard::IterationCap) => {
                        " Guard: the iteration cap — the best edge so far is returned."
                    }
                    None => "",
                };
                let verdict = if e.converged {
                    format!(
                        "the support point is only {} further out, within the tolerance {}: this edge is on the boundary, depth {}.",
                        num(e.improvement),
                        num(e.tolerance),
                        num(e.lower_bound)
                    )
                } else {
                    format!(
                        "the support point along its normal is {} further out, so the polytope expands to it.",
                        num(e.improvement)
                    )
                };
                // A flat polytope has no closest edge to speak of: the guard says it all.
                if e.guard == Some(EpaGuard::FlatTriangle) {
                    return format!("EPA {}:{guard}", i + 1);
                }
                format!(
                    "EPA {}: the closest edge of the polytope is {} from the origin; {verdict}{guard}",
                    i + 1,
                    num(e.lower_bound)
                )
            }
            Phase::Fold => {
                let q = &pair.query;
                let (ra, rb) = (pair.shapes()[0].radius(), pair.shapes()[1].radius());
                let cores = if q.core_separation >= 0.0 {
                    format!("The cores are {} apart", num(q.core_separation))
                } else {
                    format!("The cores overlap by {}", num(-q.core_separation))
                };
                let whole = crate::app::words::whole_words(pair);
                format!(
                    "{cores}; folding the radii back in ({} + {}) gives separation {}: {} {}.{}",
                    num(ra),
                    num(rb),
                    signed(q.separation),
                    if whole.is_some() {
                        "this part pair's shapes"
                    } else {
                        "the shapes"
                    },
                    if q.overlap {
                        "overlap"
                    } else if q.separation == 0.0 {
                        "touch"
                    } else {
                        "are apart"
                    },
                    whole.unwrap_or_default()
                )
            }
        }
    }
}

impl Mode for GjkMode {
    fn about(&self) -> &'static About {
        const ABOUT: About = About {
            kind: ModeKind::Gjk,
            title: "GJK / EPA",
            hover: "2: GJK's simplex and EPA's polytope on the Minkowski difference",
            legend: legend::GJK,
            contact_separations: true,
            owns_world: false,
            pair_marks: true,
            split: 0.5,
        };
        &ABOUT
    }

    fn explain(&self, pair: &Traced, step: usize) -> Explained {
        Explained {
            label: self.step_label(pair, step),
            text: self.step_text(pair, step),
            rows: self.arithmetic(pair, step),
        }
    }

    fn step_count(&self, pair: &Traced) -> usize {
        pair.gjk_steps.len() + pair.epa_steps.len() + 1
    }

    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command> {
        let last = self.step_count(pair) - 1;
        ui.horizontal(|ui| {
            let label = if self.playing {
                "⏸ Pause"
            } else {
                "▶ Play"
            };
            if ui
                .button(label)
                .on_hover_text("step through GJK and EPA on their own")
                .clicked()
            {
                self.playing = !self.playing;
                if self.playing && controls.step >= last {
                    controls.step = 0;
                }
            }
            ui.add(egui::Slider::new(&mut self.speed, 0.25..=6.0).text("steps/s"));
        });
        let now = ui.input(|i| i.time);
        if self.playing {
            if now - self.last_advance >= 1.0 / self.speed as f64 {
                self.last_advance = now;
                if controls.step < last {
                    controls.step += 1;
                } else {
                    self.playing = false;
                }
            }
            ui.ctx().request_repaint();
        }
        let mut asked = None;
        if ui
            .button("Frame the views (F)")
            .on_hover_text("fit the shapes in the world view and the simplex in the Minkowski view")
            .clicked()
        {
            asked = Some(Command::FrameBodies);
        }
        ui.separator();
        let q = &pair.query;
        ui.label(
            RichText::new(format!(
                "GJK: {}, stopped because {}",
                count(pair.gjk_steps.len(), "iteration", "iterations"),
                stop_words(q.gjk.stop)
            ))
            .strong(),
        );
        ui.label(format!("core distance {}", num(q.gjk.distance)));
        if let Some(e) = &q.epa {
            ui.label(format!(
                "EPA: {}, core depth {}",
                count(e.iterations, "iteration", "iterations"),
                num(e.depth)
            ));
            if let Some(g) = e.guard {
                ui.label(
                    RichText::new(format!("guard fired: {}", guard_words(g)))
                        .color(colors::accent()),
                );
            }
        }
        ui.label(format!(
            "separation {}  normal ({}, {})",
            signed(q.separation),
            signed(q.normal.x),
            signed(q.normal.y)
        ));

        convergence_plot(ui, pair, controls.step);
        asked
    }

    fn handle_input(
        &mut self,
        input: &Input,
        _world: &Camera,
        second: &mut Camera,
        pair: &Traced,
        _out: &mut Vec<Command>,
    ) -> bool {
        let Some(s) = input.pointer else {
            return false;
        };
        if let Some(last) = self.pan_last {
            if input.down.iter().any(|d| *d) {
                second.pan(s - last);
                self.pan_last = Some(s);
                return true;
            }
            self.pan_last = None;
        }
        if input.over_ui || !second.contains(s) {
            self.hovered = None;
            return false;
        }
        if input.wheel != 0.0 {
            second.zoom_about(s, 1.15f32.powf(input.wheel.clamp(-10.0, 10.0)));
        }
        if input.pressed.iter().any(|p| *p) {
            self.pan_last = Some(s);
        }
        // Hovering a Minkowski vertex highlights its pair on the shapes.
        self.hovered = pair
            .minkowski_hull()
            .iter()
            .map(|v| (v, second.to_screen(v.w).distance(s)))
            .filter(|(_, d)| *d < 12.0)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(v, _)| (v.index_a, v.index_b));
        true
    }

    fn draw(&self, canvas: &Canvas, pair: &Traced, step: usize) {
        let origin = pair.query.origin;
        let world = canvas.with_origin(origin);
        let p = pair.frame();

        // The Minkowski view: its own camera, clipped to the right half.
        let Some(m) = canvas.second_view("minkowski") else {
            return;
        };
        draw::grid(&m);
        let r = p.a.radius() + p.b.radius();
        let hull = pair.minkowski_hull();
        let core: Vec<Vec2> = hull.iter().map(|v| v.w).collect();
        if r > 0.0 {
            m.rounded_polygon(
                &core,
                r,
                colors::minkowski().gamma_multiply(0.10),
                1.5,
                colors::minkowski().gamma_multiply(0.7),
            );
            m.polyline(
                &core,
                core.len() > 2,
                1.2,
                colors::minkowski().gamma_multiply(0.6),
                true,
            );
        } else if core.len() > 2 {
            m.polygon(
                &core,
                colors::minkowski().gamma_multiply(0.12),
                1.5,
                colors::minkowski().gamma_multiply(0.7),
            );
        } else {
            m.polyline(
                &core,
                false,
                2.0,
                colors::minkowski().gamma_multiply(0.7),
                false,
            );
        }
        for v in hull {
            let hot = self.hovered == Some((v.index_a, v.index_b));
            m.point(
                v.w,
                if hot { 5.0 } else { 2.5 },
                if hot {
                    colors::accent()
                } else {
                    colors::minkowski()
                },
            );
        }
        m.point_as("origin", Vec2::ZERO, 4.0, colors::ink());
        m.label_ranked(
            Vec2::ZERO,
            Vec2::new(6.0, -4.0),
            "origin",
            colors::ink(),
            priority::KEY,
        );
        m.title("Minkowski difference B − A", colors::minkowski());
        m.left_divider(colors::grid_major());

        // Hovered Minkowski vertex: its pair on the shapes.
        if let Some((i, j)) = self.hovered {
            let (a, b) = (p.a.vertex(i), p.b.vertex(j));
            world.point(a, 6.0, colors::a());
            world.point(b, 6.0, colors::b());
            world.dashed(a, b, 1.5, colors::accent());
            world.label(a, Vec2::new(6.0, -6.0), format!("a{i}"), colors::a());
            world.label(b, Vec2::new(6.0, -6.0), format!("b{j}"), colors::b());
        }

        match phase(pair, step) {
            Phase::Gjk(_, s) => {
                // The Voronoi region that holds the origin: its feature is what GJK keeps.
                let pts_w: Vec<Vec2> = s.simplex_in.iter().map(|v| v.w).collect();
                if let Some(planes) = voronoi_planes(&pts_w, s.region) {
                    m.region(&planes, colors::good().gamma_multiply(0.10));
                    m.label_ranked(
                        s.closest,
                        Vec2::new(10.0, 22.0),
                        region_name(s.region),
                        colors::good(),
                        priority::NORMAL,
                    );
                }
                // The simplex as received (faint) and as kept (bright).
                let pts_in: Vec<Vec2> = s.simplex_in.iter().map(|v| v.w).collect();
                m.polyline(
                    &pts_in,
                    pts_in.len() > 2,
                    1.5,
                    colors::accent().gamma_multiply(0.4),
                    true,
                );
                let kept: Vec<Vec2> = s.simplex.iter().map(|v| v.w).collect();
                if kept.len() > 2 {
                    m.polygon(
                        &kept,
                        colors::accent().gamma_multiply(0.15),
                        2.5,
                        colors::accent(),
                    );
                } else {
                    m.polyline(&kept, false, 3.0, colors::accent(), false);
                }
                for (k, v) in s.simplex_in.iter().enumerate() {
                    m.point_as("simplex vertex", v.w, 5.0, colors::accent());
                    m.label_ranked(
                        v.w,
                        Vec2::new(7.0, -7.0),
                        format!("w{k} = {}", vertex_name(v)),
                        colors::accent(),
                        priority::MINOR,
                    );
                }
                m.line(Vec2::ZERO, s.closest, 1.5, colors::ink());
                m.point(s.closest, 4.5, colors::ink());
                if let Some(d) = s.direction {
                    m.arrow_along(s.closest, d, 70.0, 2.5, colors::good());
                }
                if let Some(v) = s.support {
                    m.ring(v.w, 8.0, 2.5, colors::good());
                    m.label_ranked(
                        v.w,
                        Vec2::new(9.0, 18.0),
                        format!("new {}", vertex_name(&v)),
                        colors::good(),
                        priority::KEY,
                    );
                    // In the world: the support pair that makes it.
                    world.point(v.w_a, 6.0, colors::a());
                    world.point(v.w_b, 6.0, colors::b());
                    world.dashed(v.w_a, v.w_b, 1.5, colors::good());
                    world.label(
                        v.w_a,
                        Vec2::new(7.0, -6.0),
                        format!("a{}", v.index_a),
                        colors::a(),
                    );
                    world.label(
                        v.w_b,
                        Vec2::new(7.0, -6.0),
                        format!("b{}", v.index_b),
                        colors::b(),
                    );
                }
                // Witness points of the current estimate.
                world.line(s.point_a, s.point_b, 2.0, colors::ink());
                world.point(s.point_a, 4.0, colors::ink());
                world.point(s.point_b, 4.0, colors::ink());
            }
            Phase::Epa(_, e) => {
                let poly: Vec<Vec2> = e.polytope.iter().map(|v| v.w).collect();
                m.polygon(
                    &poly,
                    colors::accent().gamma_multiply(0.12),
                    2.0,
                    colors::accent().gamma_multiply(0.8),
                );
                for v in &poly {
                    m.point_as("polytope vertex", *v, 3.0, colors::accent());
                }
                let n = poly.len();
                if n >= 2 {
                    let (p0, p1) = (poly[e.closest_edge % n], poly[(e.closest_edge + 1) % n]);
                    m.line(p0, p1, 4.0, colors::good());
                    m.mark_segment("closest edge", p0, p1, 4.0);
                    let foot = e.edge_normal * e.lower_bound;
                    m.line(Vec2::ZERO, foot, 1.5, colors::ink());
                    m.label(
                        foot,
                        Vec2::new(6.0, -6.0),
                        format!("d = {}", num(e.lower_bound)),
                        colors::ink(),
                    );
                }
                m.ring(e.support.w, 8.0, 2.5, colors::good());
                m.label(
                    e.support.w,
                    Vec2::new(9.0, 18.0),
                    format!("support, {} further", num(e.improvement)),
                    colors::good(),
                );
                world.point(e.support.w_a, 6.0, colors::a());
                world.point(e.support.w_b, 6.0, colors::b());
                world.dashed(e.support.w_a, e.support.w_b, 1.5, colors::good());
            }
            Phase::Fold => {
                let q = &pair.query;
                let core_d = q.core_b - q.core_a;
                m.arrow(Vec2::ZERO, core_d, 2.5, colors::ink());
                if r > 0.0 {
                    // Grey, not the simplex's yellow: the radii are their own idea.
                    m.world_circle(core_d, r, 1.5, colors::dim(), egui::Color32::TRANSPARENT);
                }
                let w = canvas.with_origin(Vec2::ZERO);
                w.dashed(q.core_a, q.core_b, 1.5, colors::dim());
                w.point(q.core_a, 3.5, colors::a());
                w.point(q.core_b, 3.5, colors::b());
                if pair.shapes()[0].radius() > 0.0 {
                    w.arrow(q.core_a, q.point_a, 1.5, colors::a());
                }
                if pair.shapes()[1].radius() > 0.0 {
                    w.arrow(q.core_b, q.point_b, 1.5, colors::b());
                }
                w.point(q.point_a, 5.0, colors::a());
                w.point(q.point_b, 5.0, colors::b());
                w.label(
                    q.midpoint(),
                    Vec2::new(8.0, -8.0),
                    format!("separation {}", signed(q.separation)),
                    colors::ink(),
                );
            }
        }
    }
}

/// The region's name on the canvas.
fn region_name(region: VoronoiRegion) -> String {
    match region {
        VoronoiRegion::Vertex(k) => format!("Voronoi region of w{k}"),
        VoronoiRegion::Edge(i, j) => format!("Voronoi region of edge w{i}–w{j}"),
        VoronoiRegion::Interior => "inside the triangle".to_string(),
    }
}
