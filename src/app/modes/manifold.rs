//! Manifold mode: reference and incident faces, clipping step by step, and feature ids that
//! persist — all from the library's manifold trace.

use super::mode::{About, Controls, Explained, Mode, ModeKind};
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::draw::{Canvas, colors, priority};
use crate::app::legend;
use crate::app::modes::arithmetic::{self, Row};
use crate::app::pair::Traced;
use crate::app::words::{count, id_hex, num, part_pair, signed, vertex_words};
use crate::geom::Face;
use crate::geom::math::left_perp;
use crate::geom::{CircleRegion, FeatureId, FeatureKind, IncidentFeature, ManifoldStep};
use egui::RichText;
use glam::Vec2;
use std::collections::VecDeque;

/// How many frames the id history strip keeps.
pub const HISTORY_FRAMES: usize = 120;

/// Manifold mode state: the feature-id history.
#[derive(Default)]
pub struct ManifoldMode {
    /// Each frame's full ids (part bits included), sorted.
    history: VecDeque<Vec<u64>>,
    /// Frames on which the set of ids differed from the frame before.
    pub churn: u64,
}

/// A feature id in words.
pub fn describe_id(id: &FeatureId) -> String {
    let (r, i) = if id.flip { ("B", "A") } else { ("A", "B") };
    let inc = match id.incident {
        IncidentFeature::Vertex(v) => format!("{i} vertex {v}"),
        IncidentFeature::SidePlane(s) => format!("clipped by side plane {s}"),
    };
    match id.kind {
        FeatureKind::Clip => format!("reference: {r} edge {} · incident: {inc}", id.reference),
        FeatureKind::Corner => format!(
            "corner: {r} vertex {} · {i} vertex {}",
            id.reference,
            id.vertex_pair()[usize::from(!id.flip)]
        ),
        FeatureKind::CircleCircle => "circle · circle".to_string(),
        FeatureKind::CircleFace => format!("circle on {r} edge {}", id.reference),
        FeatureKind::CircleVertex => format!("circle on {r} vertex {}", id.reference),
    }
}

/// The contact points in the panel, numbered as on the canvas: for compound bodies every part
/// pair's, under its part pair in words, with a note where two points differ only in their
/// part bits (the star's two tips).
fn contact_list(ui: &mut egui::Ui, pair: &Traced) {
    let contacts = pair.contacts();
    let compound = pair.pair.bodies.is_some();
    let mut heading = count(contacts.len(), "point", "points");
    if compound {
        let pairs = pair.whole.manifolds.len();
        heading += &format!(" from {}", count(pairs, "part pair", "part pairs"));
    }
    ui.label(RichText::new(heading).strong());
    let mut last = None;
    for (k, c) in contacts.iter().enumerate() {
        if compound && last != Some(c.parts) {
            let shown = if c.parts == pair.shown_parts() {
                " (shown)"
            } else {
                ""
            };
            let words = part_pair(c.parts, pair.part_counts());
            ui.label(RichText::new(format!("{words}{shown}")).color(colors::ink()));
            last = Some(c.parts);
        }
        ui.label(
            RichText::new(format!(
                "p{k}: separation {}  (id {} for engine code)",
                signed(c.point.separation),
                id_hex(c.id)
            ))
            .monospace(),
        );
        let words = [describe_id(&c.point.id), vertex_words(c.point.vertices)].join(" · ");
        ui.label(RichText::new(words).color(colors::dim()));
    }
    // Two points with the same single-pair id: only the part bits keep them apart.
    for (i, a) in contacts.iter().enumerate() {
        for (j, b) in contacts.iter().enumerate().skip(i + 1) {
            if a.parts != b.parts && a.point.id.pack() == b.point.id.pack() {
                ui.label(
                    RichText::new(format!(
                        "p{i} and p{j} have the same feature id within their part pairs: only the part bits tell them apart, so each keeps its own id (and its own warm start)."
                    ))
                    .color(colors::good()),
                );
            }
        }
    }
}

/// Which of `n` strip colours an id gets: mixed from all its bits (part bits too), so it
/// stays the id's while ids come and go.
fn id_colour(id: u64, n: usize) -> usize {
    ((id ^ (id >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize % n
}

/// The manifold's steps as the mode shows them (its closing record is not a step).
pub(crate) fn steps(pair: &Traced) -> Vec<&ManifoldStep> {
    pair.manifold_shown_steps()
}

impl ManifoldMode {
    /// Clears the history (a new scene).
    pub fn reset(&mut self) {
        self.history.clear();
        self.churn = 0;
    }

    /// Records this frame's ids (full ids: part bits above the single-pair id).
    pub fn record(&mut self, ids: Vec<u64>) {
        if self.history.back().is_some_and(|prev| *prev != ids) {
            self.churn += 1;
        }
        self.history.push_back(ids);
        while self.history.len() > HISTORY_FRAMES {
            self.history.pop_front();
        }
    }
}

/// A face the result used, labelled with whose it is ("A's reference face"): the words the
/// panel uses, so the drawing and the step text name the same face.
fn face_line(c: &Canvas, f: &Face, color: egui::Color32, role: &str, over: bool) {
    // The incident face is drawn over the reference face, thinner, so both show where they meet.
    let width = if over { 3.5 } else { 6.0 };
    let label = format!("{}'s {role} face", if f.on_b { "B" } else { "A" });
    // The incident face is dashed too: told from the reference face by more than its colour.
    if over {
        c.dashed(f.v1, f.v2, width, color);
    } else {
        c.line(f.v1, f.v2, width, color);
    }
    c.mark_segment(
        if over {
            "incident face"
        } else {
            "reference face"
        },
        f.v1,
        f.v2,
        width,
    );
    let mid = (f.v1 + f.v2) * 0.5;
    c.arrow(mid, mid + f.normal * c.span(40.0), 2.0, color);
    // The label sits behind the face, inside its own shape, so the two faces' labels part.
    let inside = mid - f.normal * c.span(16.0);
    c.label_ranked(inside, Vec2::new(6.0, 8.0), label, color, priority::KEY);
}

/// What ManifoldMode's steps say (its [`Mode::explain`]).
impl ManifoldMode {
    /// The arithmetic behind `step`: every number a trace field.
    pub(crate) fn arithmetic(&self, pair: &Traced, step: usize) -> Vec<Row> {
        arithmetic::manifold_rows(pair, step)
    }

    /// The step counter text.
    pub(crate) fn step_label(&self, pair: &Traced, step: usize) -> String {
        format!("Step {}/{}", step + 1, self.step_count(pair))
    }

    /// One plain sentence per step: what happened and why.
    pub(crate) fn step_text(&self, pair: &Traced, step: usize) -> String {
        let shown = steps(pair);
        let Some(s) = shown.get(step).copied() else {
            return String::new();
        };
        // Two corners closest: before any clipping (the cores apart), or after the keep step
        // kept nothing.
        let after_keep = shown[..step]
            .iter()
            .any(|s| matches!(s, ManifoldStep::Keep { .. }));
        match s {
            ManifoldStep::ReferenceFace {
                sep_a,
                edge_a,
                sep_b,
                edge_b,
                threshold,
                hysteresis,
                flip,
                b_above_threshold,
                swapped,
                ..
            } => format!(
                "Reference face. A's best face (edge {edge_a}) has separation {}; B's (edge {edge_b}) {}. B wins only above {}{}: {}",
                signed(*sep_a),
                signed(*sep_b),
                signed(*threshold),
                if *hysteresis {
                    " (A's value plus the hysteresis bias)"
                } else {
                    " (no bias)"
                },
                match (*swapped, *flip) {
                    (false, true) => "B's face is the reference.".to_string(),
                    (false, false) => "A's face is the reference.".to_string(),
                    (true, _) => format!(
                        "{} face won, but clipping against it kept no point within the margin, so {} face is the reference.",
                        if *b_above_threshold { "B's" } else { "A's" },
                        if *flip { "B's" } else { "A's" }
                    ),
                }
            ),
            ManifoldStep::IncidentFace(f) => format!(
                "Incident face: {} edge {}, the face most anti-parallel to the reference normal.",
                if f.on_b { "B" } else { "A" },
                f.edge
            ),
            ManifoldStep::ClipSide {
                side,
                input,
                output,
                ..
            } => format!(
                "Clip against side plane {side} ({} of two): of the {} that go in, {} come out{}.",
                if *side == 0 { "first" } else { "second" },
                count(input.len(), "point", "points"),
                output.len(),
                if output
                    .iter()
                    .any(|v| v.feature == IncidentFeature::SidePlane(*side))
                {
                    " — one made where the face crosses the plane"
                } else {
                    ""
                }
            ),
            ManifoldStep::Keep { candidates, margin } => {
                let kept = candidates.iter().filter(|c| c.kept).count();
                format!(
                    "Keep the points with separation at most the margin {}: {kept} kept, {} dropped (in front of the reference face).",
                    num(*margin),
                    candidates.len() - kept
                )
            }
            ManifoldStep::Corner { separation, .. } => format!(
                "{}he rounded cores are apart and two corners are closest: one point on the line between them (the diagonal normal), separation {}.",
                ["T", "No point was kept, and t"][usize::from(after_keep)],
                signed(*separation)
            ),
            ManifoldStep::Circles { separation, .. } => format!(
                "Two circles: the normal is the centre line, one point midway between the surfaces, separation {}.",
                signed(*separation)
            ),
            ManifoldStep::CircleCore {
                region, separation, ..
            } => match region {
                CircleRegion::Face(i) => format!(
                    "A circle against face {i}: the centre projects onto the face, so the normal is the face normal; one point, separation {}.",
                    signed(*separation)
                ),
                CircleRegion::Vertex(i) => format!(
                    "A circle beyond vertex {i}: the normal runs from that vertex to the centre; one point, separation {}.",
                    signed(*separation)
                ),
            },
            ManifoldStep::Apart { separation, margin } => format!(
                "No contact{}: the surfaces are {} apart, more than the margin {}.{}",
                if pair.pair.bodies.is_some() {
                    " for this part pair"
                } else {
                    ""
                },
                num(*separation),
                num(*margin),
                crate::app::words::whole_words(pair).unwrap_or_default()
            ),
            ManifoldStep::Chain(c) => crate::app::words::chain_step_text(c),
            ManifoldStep::Done(_) => String::new(),
        }
    }
}

impl Mode for ManifoldMode {
    fn about(&self) -> &'static About {
        const ABOUT: About = About {
            kind: ModeKind::Manifold,
            title: "Contact manifold",
            hover: "3: reference and incident faces, clipping, the contact points",
            legend: legend::MANIFOLD,
            contact_separations: false,
            owns_world: false,
            pair_marks: true,
            split: 0.0,
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

    fn reset(&mut self) {
        ManifoldMode::reset(self);
    }

    fn probe(&self, out: &mut serde_json::Map<String, serde_json::Value>, _shown: Option<&Camera>) {
        out.insert("id_changes".into(), self.churn.into());
    }

    fn step_count(&self, pair: &Traced) -> usize {
        steps(pair).len().max(1)
    }

    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command> {
        ui.checkbox(
            &mut controls.options.hysteresis,
            "Reference-face hysteresis (H)",
        )
        .on_hover_text(
            "B's face becomes the reference only when sep_b > sep_a + 0.02|sep_a| + 0.1·slop.",
        );
        ui.checkbox(
            &mut controls.options.jitter,
            "Jitter: turn B by ±0.001 rad every frame (J)",
        )
        .on_hover_text("J: the hysteresis lab — with hysteresis off, watch the ids churn");
        // Its name on a line of its own, so a narrow panel at a presenter scale does not cut it.
        ui.label("speculative margin");
        ui.add(egui::Slider::new(&mut controls.margin, 0.0..=0.5))
            .on_hover_text("points are kept while their separation is at most this: a small margin keeps contacts that are about to touch");
        ui.separator();
        contact_list(ui, pair);
        if !pair.whole.segments.is_empty() {
            ui.separator();
            crate::app::chain_view::panel(ui, pair);
        }
        ui.separator();
        ui.label(
            RichText::new(format!("Id changes: {}", self.churn))
                .strong()
                .color(if self.churn > 0 {
                    colors::bad()
                } else {
                    colors::good()
                }),
        );
        ui.label(
            RichText::new(format!(
                "Feature ids over the last {HISTORY_FRAMES} frames: one row per id, a red line where they changed"
            ))
            .size(13.0),
        );
        // The id history strip: one column per frame, a row per distinct id (named by its part
        // pair, for compound bodies); red ticks on changes.
        let (rect, _) = ui.allocate_exact_size(
            egui::vec2(ui.available_width().min(360.0), 70.0),
            egui::Sense::hover(),
        );
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 3.0, colors::background());
        let mut distinct: Vec<u64> = self.history.iter().flatten().copied().collect();
        distinct.sort_unstable();
        distinct.dedup();
        let w = rect.width() / HISTORY_FRAMES as f32;
        let rows = distinct.len().max(1) as f32;
        let h = (rect.height() - 8.0) / rows;
        let palette = [
            colors::good(),
            colors::accent(),
            colors::minkowski(),
            colors::b(),
            colors::a(),
            colors::incident(),
        ];
        for (f, ids) in self.history.iter().enumerate() {
            let x = rect.left() + f as f32 * w;
            if f > 0 && self.history.get(f - 1) != Some(ids) {
                painter.line_segment(
                    [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
                    egui::Stroke::new(1.0, colors::bad()),
                );
            }
            for id in ids {
                let row = distinct.iter().position(|d| d == id).unwrap_or(0);
                let y = rect.top() + 4.0 + row as f32 * h;
                let r = egui::Rect::from_min_size(
                    egui::pos2(x, y),
                    egui::vec2(w.max(1.0), (h - 1.0).max(1.0)),
                );
                // The colour follows the id, not its row: a new id appearing above does not
                // repaint the others.
                painter.rect_filled(r, 0.0, palette[id_colour(*id, palette.len())]);
            }
        }
        if h >= 11.0 {
            // Each row named: its id first (it tells two rows of a part pair apart), then the pair.
            for (row, id) in distinct.iter().enumerate() {
                let text = if pair.pair.bodies.is_some() {
                    let parts = crate::geom::ContactId(*id).parts();
                    format!("{}  {}", id_hex(*id), part_pair(parts, pair.part_counts()))
                } else {
                    id_hex(*id)
                };
                painter.text(
                    egui::pos2(rect.left() + 3.0, rect.top() + 4.0 + (row as f32 + 0.5) * h),
                    egui::Align2::LEFT_CENTER,
                    text,
                    egui::FontId::monospace((h - 2.0).min(12.0)),
                    colors::background(),
                );
            }
        }
        None
    }

    fn observe(&mut self, pair: &Traced) {
        let mut ids: Vec<u64> = pair.contacts().iter().map(|c| c.id).collect();
        ids.sort_unstable();
        self.record(ids);
    }

    fn draw(&self, canvas: &Canvas, pair: &Traced, step: usize) {
        crate::app::chain_view::draw(canvas, pair);
        let c = canvas.with_origin(pair.query.origin);
        let all = steps(pair);
        let upto = &all[..(step + 1).min(all.len())];
        // A result that used no faces (a corner, circles, no contact) draws none.
        let used_faces = !upto.last().is_some_and(|s| {
            matches!(
                s,
                ManifoldStep::Corner { .. }
                    | ManifoldStep::Circles { .. }
                    | ManifoldStep::CircleCore { .. }
                    | ManifoldStep::Apart { .. }
            )
        });
        let mut reference: Option<(Face, f32)> = None;
        let mut incident: Option<Face> = None;
        for s in upto {
            match s {
                ManifoldStep::ReferenceFace {
                    reference: f, band, ..
                } => reference = Some((*f, *band)),
                ManifoldStep::IncidentFace(f) if used_faces => incident = Some(*f),
                _ => {}
            }
        }
        if let Some((f, band)) = reference.filter(|_| used_faces) {
            face_line(&c, &f, colors::reference(), "reference", false);
            // The side planes and the front plane.
            let t = left_perp(f.normal);
            for end in [f.v1, f.v2] {
                c.infinite_line_as(
                    Some("side plane"),
                    end,
                    f.normal,
                    1.2,
                    colors::reference().gamma_multiply(0.6),
                    true,
                );
            }
            c.infinite_line(f.v1, t, 1.0, colors::reference().gamma_multiply(0.35), true);
            if band > 0.0 {
                // The band in which a point still counts: radii plus margin in front of the core face.
                let off = f.normal * band;
                c.polygon(
                    &[f.v1, f.v2, f.v2 + off, f.v1 + off],
                    colors::reference().gamma_multiply(0.12),
                    0.0,
                    egui::Color32::TRANSPARENT,
                );
            }
        }
        if let Some(f) = incident {
            face_line(&c, &f, colors::incident(), "incident", true);
        }
        let Some(current) = upto.last() else {
            return;
        };
        match current {
            ManifoldStep::ClipSide {
                plane_point,
                plane_normal,
                input,
                output,
                side,
                ..
            } => {
                c.infinite_line_as(
                    Some("side plane"),
                    *plane_point,
                    left_perp(*plane_normal),
                    2.5,
                    colors::accent(),
                    false,
                );
                c.arrow(
                    *plane_point,
                    *plane_point + *plane_normal * c.span(35.0),
                    2.0,
                    colors::accent(),
                );
                c.label_ranked(
                    *plane_point,
                    Vec2::new(8.0, -8.0),
                    format!("side plane {side}"),
                    colors::accent(),
                    priority::MINOR,
                );
                for v in input {
                    c.ring(v.point, 7.0, 2.0, colors::dim());
                }
                for v in output {
                    c.point(v.point, 5.5, colors::incident());
                    if matches!(v.feature, IncidentFeature::SidePlane(_)) {
                        c.label_ranked(
                            v.point,
                            Vec2::new(8.0, 16.0),
                            "clipped",
                            colors::incident(),
                            priority::MINOR,
                        );
                    }
                }
            }
            ManifoldStep::Keep { candidates, margin } => {
                // Each clipped incident point (orange, on the incident surface: the clipped
                // points lie on its core, the incident radius further from the reference face)
                // and, when kept, the contact point it gives (white, midway between the
                // surfaces along the normal); a dropped one is ringed where it is.
                let to_surface = reference.map_or(Vec2::ZERO, |(f, _)| {
                    -f.normal * pair.shapes()[usize::from(!f.on_b)].radius()
                });
                for cand in candidates {
                    let on_surface = cand.point + to_surface;
                    c.point(on_surface, 4.0, colors::incident());
                    if cand.kept {
                        c.dashed(on_surface, cand.position, 1.2, colors::dim());
                        c.point_as("contact", cand.position, 6.0, colors::ink());
                        c.label_ranked(
                            cand.position,
                            Vec2::new(9.0, -6.0),
                            signed(cand.separation),
                            colors::ink(),
                            priority::KEY,
                        );
                    } else {
                        c.crossed_as("dropped", on_surface, 7.0, 2.0, colors::bad());
                        // Within the margin and still dropped: a chain's rule (a seam, or
                        // deeper than the gap of cores that are apart).
                        let why = if cand.separation <= *margin {
                            "dropped by the chain's rule".to_string()
                        } else {
                            format!("dropped: {} > margin", signed(cand.separation))
                        };
                        c.label(on_surface, Vec2::new(10.0, -6.0), why, colors::bad());
                    }
                }
            }
            ManifoldStep::Corner {
                reference,
                incident,
                normal,
                ..
            } => {
                c.point(*reference, 5.0, colors::reference());
                c.point(*incident, 5.0, colors::incident());
                c.dashed(*reference, *incident, 1.5, colors::accent());
                c.arrow(
                    *reference,
                    *reference + *normal * c.span(50.0),
                    2.0,
                    colors::accent(),
                );
            }
            ManifoldStep::Circles {
                centre_a, centre_b, ..
            } => {
                c.dashed(*centre_a, *centre_b, 1.5, colors::accent());
                c.point(*centre_a, 4.0, colors::a());
                c.point(*centre_b, 4.0, colors::b());
            }
            ManifoldStep::CircleCore {
                centre,
                face,
                region,
                core_point,
                ..
            } => {
                let color = if face.on_b { colors::b() } else { colors::a() };
                match region {
                    CircleRegion::Face(_) => {
                        face_line(&c, face, colors::reference(), "nearest", false)
                    }
                    CircleRegion::Vertex(_) => {
                        c.point(*core_point, 6.0, colors::reference());
                        c.dashed(*core_point, *centre, 1.5, colors::accent());
                    }
                }
                c.point(*centre, 4.0, color);
            }
            _ => {}
        }
    }
}
