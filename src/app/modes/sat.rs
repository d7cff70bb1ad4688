//! SAT mode: every candidate axis, both shadows on it, the gap — from the library's SAT trace.

use super::mode::{About, Controls, Explained, Mode, ModeKind};
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::draw::{self, Canvas, colors, priority};
use crate::app::input::Input;
use crate::app::legend;
use crate::app::modes::arithmetic::{self, Row};
use crate::app::pair::Traced;
use crate::app::words::{count, num, signed};
use crate::geom::math::{left_perp, next_index};
use crate::geom::{AxisSource, Placed, SatStep};
use egui::{Color32, RichText};
use glam::Vec2;

/// SAT mode state: which axis row is selected or hovered, and the point the shadows are drawn
/// towards.
#[derive(Default)]
pub struct SatMode {
    hovered: Option<usize>,
    /// The scene's own view centre (world), if it has one: the axis line and its shadows go
    /// on the side of the shapes that faces it. Not the live camera's centre, which framing
    /// (F) moves — the shadows then jumped from one side of the shapes to the other.
    towards: Option<Vec2>,
    /// The gap plot in the last frame: its first bar's left, its last bar's right, and the
    /// panel's visible right edge (egui points).
    gap_plot: Option<[f32; 3]>,
}

pub use crate::app::words::source_text;

/// Why the vertex-pair axis is there, in one line.
fn why_vertex_axis(pair: &Traced) -> &'static str {
    use crate::geom::ShapeKind::*;
    match (pair.shapes()[0].kind(), pair.shapes()[1].kind()) {
        (Circle, Circle) => {
            "Two circles: the only axis that matters is the line through their centres."
        }
        (Circle, _) | (_, Circle) => {
            "A circle has no faces: its axis runs from its centre to the closest vertex of the other core."
        }
        (Capsule, _) | (_, Capsule) => {
            "A capsule's end caps are round: they add the axis through the closest pair of core vertices."
        }
        _ => {
            "Rounded corners are arcs: the axis through the closest pair of core corners covers them."
        }
    }
}

impl SatMode {
    fn selected(&self, pair: &Traced, step: usize) -> usize {
        self.hovered
            .unwrap_or(step)
            .min(pair.sat.axis_count.saturating_sub(1))
    }
}

/// The widest the SAT table's "axis from" column grows, in points: a longer name
/// ("A vertex 3 to B vertex 2") takes the row's second line.
const AXIS_NAME_WIDTH: f32 = 118.0;

/// What the shadows column says it holds.
const SHADOWS_TIP: &str = "each body's extent along the axis, A's above B's: the least and the \
    greatest dot product of its support points with the direction";

/// What SatMode's steps say (its [`Mode::explain`]).
impl SatMode {
    /// The arithmetic behind `step`: every number a trace field.
    pub(crate) fn arithmetic(&self, pair: &Traced, step: usize) -> Vec<Row> {
        arithmetic::sat_rows(pair, step)
    }

    /// The step counter text.
    pub(crate) fn step_label(&self, pair: &Traced, step: usize) -> String {
        format!("Axis {}/{}", step + 1, pair.sat.axis_count)
    }

    /// One plain sentence per step: what happened and why.
    pub(crate) fn step_text(&self, pair: &Traced, step: usize) -> String {
        let Some(row) = pair.sat_axes().nth(step) else {
            return String::new();
        };
        let verdict = if row.gap > 0.0 {
            format!(
                "The shadows are {} apart: this axis alone proves the shapes are separate.",
                num(row.gap)
            )
        } else if row.gap == 0.0 {
            "The shadows just touch (gap 0): touching is not overlapping.".to_string()
        } else {
            format!(
                "The shadows overlap by {}: this axis cannot separate them.",
                num(-row.gap)
            )
        };
        let best = if step == pair.sat.best && pair.sat.overlap() {
            " It is the least overlap: the contact normal and the minimum translation."
        } else {
            ""
        };
        format!(
            "Axis {} ({}): {verdict}{best}",
            step + 1,
            source_text(row.source, pair)
        )
    }
}

impl Mode for SatMode {
    fn about(&self) -> &'static About {
        const ABOUT: About = About {
            kind: ModeKind::Sat,
            title: "Separating axes",
            hover: "1: every candidate axis and both shadows on it",
            legend: legend::SAT,
            contact_separations: true,
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

    fn set_scene(&mut self, scene: &crate::scene::Scene) {
        self.towards = scene.view.as_ref().map(|v| v.center);
    }

    fn probe(&self, out: &mut serde_json::Map<String, serde_json::Value>, _shown: Option<&Camera>) {
        if let Some([first, last, visible]) = self.gap_plot {
            out.insert(
                "sat_plot".into(),
                serde_json::json!({ "first_bar": first, "last_bar": last, "visible_right": visible }),
            );
        }
    }

    fn step_count(&self, pair: &Traced) -> usize {
        pair.sat.axis_count.max(1)
    }

    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command> {
        let mut action = None;
        ui.checkbox(&mut controls.options.merge_parallel, "Merge parallel axes")
            .on_hover_text("A line is a line: an axis parallel or antiparallel to one already tested is skipped (a rectangle gives two axes, not four).");
        let merged = pair
            .sat_steps
            .iter()
            .filter(|s| matches!(s, SatStep::Merged { .. }))
            .count();
        ui.label(format!(
            "{} tested{}",
            count(pair.sat.axis_count, "axis", "axes"),
            if merged > 0 {
                format!(", {merged} merged")
            } else {
                String::new()
            }
        ));
        let verdict = if pair.sat.overlap() {
            RichText::new(format!("Overlapping: depth {}", num(-pair.sat.separation)))
                .color(colors::bad())
        } else if pair.sat.separation == 0.0 {
            RichText::new("Touching (gap 0): not overlapping").color(colors::accent())
        } else {
            let axis = pair
                .sat
                .first_separating
                .map(|i| format!(" (first separating axis: axis {})", i + 1))
                .unwrap_or_default();
            RichText::new(format!("Separated{axis}")).color(colors::good())
        };
        ui.label(verdict.strong());
        if pair
            .sat_axes()
            .any(|r| matches!(r.source, AxisSource::Vertices { .. }))
        {
            ui.label(
                RichText::new(why_vertex_axis(pair))
                    .size(13.0)
                    .color(colors::dim()),
            );
        }
        if pair.sat.overlap()
            && ui
                .button("Resolve: move B out by the minimum translation")
                .clicked()
        {
            action = Some(Command::TranslateB(pair.sat.mtv));
        }
        ui.separator();

        // The table: one row per axis.
        self.hovered = None;
        let origin = pair.sat.origin;
        // The marks column's text for axis `i`.
        let marks = |i: usize, row: &crate::geom::SatAxis| {
            let mut marks = Vec::new();
            if pair.sat.first_separating == Some(i) {
                marks.push("▶");
            }
            if i == pair.sat.best {
                marks.push("★");
            }
            if row.tie {
                marks.push("=");
            }
            marks.join(" ")
        };
        let shadows = |row: &crate::geom::SatAxis| {
            let shift = crate::geom::ToWorld { origin }.shift(row.axis);
            [(row.a, colors::a()), (row.b, colors::b())].map(|(range, color)| {
                let text = format!("[{}, {}]", num(range[0] + shift), num(range[1] + shift));
                (text, color)
            })
        };
        // A narrow panel (a small window at a presenter's scale) has no room for the shadows
        // column: the table drops it and the current axis's shadows come before it.
        let (compact, name_width) = {
            let mono = egui::TextStyle::Monospace.resolve(ui.style());
            let body = egui::TextStyle::Body.resolve(ui.style());
            let wide = |text: String, font: &egui::FontId| {
                ui.fonts(|f| {
                    f.layout_no_wrap(text, font.clone(), egui::Color32::WHITE)
                        .size()
                        .x
                })
            };
            let widest = |f: &dyn Fn(&crate::geom::SatAxis) -> f32| {
                pair.sat_axes().map(f).fold(0.0, f32::max)
            };
            let name = widest(&|r| {
                let n = pair.sat.axis_count;
                wide(format!("{n}. {}", source_text(r.source, pair)), &body)
            });
            let gap = widest(&|r| wide(signed(r.gap), &mono));
            let shadow = widest(&|r| {
                let [a, b] = shadows(r);
                wide(a.0, &mono).max(wide(b.0, &mono))
            });
            let marks = (pair.sat_axes().enumerate())
                .map(|(i, r)| wide(marks(i, r), &body))
                .fold(0.0, f32::max);
            let (room, spacing) = (ui.available_width(), 4.0 * ui.spacing().item_spacing.x);
            let compact = name.min(AXIS_NAME_WIDTH) + gap + marks + shadow + spacing > room;
            // The compact table's names take the room the shadows leave, on one row if they can
            // (a longer name wraps onto the row's second line).
            (
                compact,
                name.min((room - gap - marks - spacing).max(AXIS_NAME_WIDTH)),
            )
        };
        // Above the table, where a short panel shows it without scrolling.
        if let Some(row) = pair.sat_axes().nth(controls.step).filter(|_| compact) {
            ui.label(RichText::new(format!("axis {}'s shadows: A, B", controls.step + 1)).strong())
                .on_hover_text(SHADOWS_TIP);
            ui.scope(|ui| {
                ui.spacing_mut().item_spacing.y = 0.0;
                for (text, color) in shadows(row) {
                    ui.monospace(RichText::new(text).color(color));
                }
            });
        }

        // One line per row (a wrapped cell would spill over the next row): the table scrolls
        // sideways in a panel too narrow even for the compact table.
        ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        egui_extras::TableBuilder::new(ui)
            .striped(true)
            .sense(egui::Sense::click())
            // The axis's name wraps onto the row's second line rather than widen the table.
            .column(if compact {
                egui_extras::Column::exact(name_width)
            } else {
                egui_extras::Column::auto().at_most(AXIS_NAME_WIDTH)
            })
            .column(egui_extras::Column::auto())
            .columns(egui_extras::Column::auto(), 1 + usize::from(!compact))
            .max_scroll_height(320.0)
            .header(20.0, |mut h| {
                for (t, tip) in [
                    ("axis from", "the face (or vertex pair) whose normal is the axis; click a row to show it"),
                    ("gap", "between the shadows: positive, they are apart (the shapes are separated); negative, the length of their overlap"),
                    ("", "▶ first separating axis · ★ the answer · = tie"),
                    ("shadows: A, B", SHADOWS_TIP),
                ]
                .into_iter()
                .take(if compact { 3 } else { 4 })
                {
                    h.col(|ui| {
                        ui.strong(t).on_hover_text(tip);
                    });
                }
            })
            .body(|mut body| {
                for (i, row) in pair.sat_axes().enumerate() {
                    // Two lines a row: A's shadow above B's, so every column fits the panel.
                    body.row(36.0, |mut r| {
                        r.set_selected(i == controls.step);
                        r.col(|ui| {
                            ui.add(
                                egui::Label::new(format!(
                                    "{}. {}",
                                    i + 1,
                                    source_text(row.source, pair)
                                ))
                                .wrap(),
                            );
                        });
                        r.col(|ui| {
                            let c = gap_colour(row.gap);
                            ui.monospace(RichText::new(signed(row.gap)).color(c));
                        });
                        r.col(|ui| {
                            ui.label(marks(i, row));
                        });
                        if !compact {
                            r.col(|ui| {
                                ui.spacing_mut().item_spacing.y = 0.0;
                                for (text, color) in shadows(row) {
                                    ui.monospace(RichText::new(text).color(color));
                                }
                            });
                        }
                        let resp = r.response().on_hover_text(format!(
                            "axis direction ({}, {}); click to show this axis",
                            signed(row.axis.x),
                            signed(row.axis.y)
                        ));
                        if resp.hovered() {
                            self.hovered = Some(i);
                        }
                        if resp.clicked() {
                            controls.step = i;
                        }
                    });
                }
            });
        });

        // The plot: every gap as a bar.
        ui.separator();
        let best = if pair.sat.overlap() {
            "least overlap (the contact normal)"
        } else {
            "largest gap"
        };
        // Wrapped at the panel's visible width (the table may be wider and scroll).
        ui.scope(|ui| {
            let visible = ui.clip_rect().right() - ui.cursor().left() - 6.0;
            ui.set_max_width(visible.max(120.0));
            ui.label(
                RichText::new(format!(
                    "▶ first separating axis (an early-out stops here) · ★ {best} · = tie"
                ))
                .size(13.0)
                .color(colors::dim()),
            );
        });
        ui.separator();
        ui.label("Gap per axis (positive = separated)");
        let bars: Vec<egui_plot::Bar> = pair
            .sat_axes()
            .enumerate()
            .map(|(i, r)| {
                let c = if i == pair.sat.best {
                    colors::accent()
                } else if r.gap > 0.0 {
                    colors::good()
                } else {
                    colors::bad()
                };
                egui_plot::Bar::new(i as f64 + 1.0, r.gap as f64)
                    .fill(c)
                    .width(0.7)
                    .name(source_text(r.source, pair))
            })
            .collect();
        // As wide as the panel shows, so every axis's bar is in view.
        let width = (ui.clip_rect().right() - ui.cursor().left() - 12.0).max(120.0);
        let visible_right = ui.clip_rect().right();
        let shown = egui_plot::Plot::new("sat_gaps")
            .height(150.0)
            .width(width)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show_x(false)
            .show(ui, |p| {
                p.bar_chart(egui_plot::BarChart::new(bars));
                p.hline(egui_plot::HLine::new(0.0).color(Color32::GRAY));
            });
        // Where the first bar starts and the last ends, and the panel's visible edge (egui
        // points): for --print-state, so a test can see every axis's bar is in view.
        let t = shown.transform;
        let x = |v: f64| t.position_from_point(&egui_plot::PlotPoint::new(v, 0.0)).x;
        let n = pair.sat.axis_count as f64;
        self.gap_plot = Some([x(0.65), x(n + 0.35), visible_right]);
        action
    }

    fn handle_input(
        &mut self,
        _input: &Input,
        _world: &Camera,
        _second: &mut Camera,
        _pair: &Traced,
        _out: &mut Vec<Command>,
    ) -> bool {
        false
    }

    fn draw(&self, canvas: &Canvas, pair: &Traced, step: usize) {
        let sel = self.selected(pair, step);
        let Some(row) = pair.sat_axes().nth(sel) else {
            return;
        };
        let c = canvas.with_origin(pair.sat.origin);
        let frame = pair.frame();
        let (a, b) = (frame.a, frame.b);
        let u = row.axis;
        // Put the axis line on the side of the shapes that faces the middle of the scene's
        // own view (above them when it has none), where it stays when the view is framed again.
        let centre = (a.centroid() + b.centroid()) * 0.5;
        let middle = self
            .towards
            .map_or(centre + Vec2::Y, |c| c - pair.sat.origin);
        let t = draw::side_towards(middle, centre, left_perp(u));

        // The face (or vertex pair) that produced the axis.
        match row.source {
            AxisSource::FaceA(i) => face(&c, &a, i, colors::a()),
            AxisSource::FaceB(j) => face(&c, &b, j, colors::b()),
            AxisSource::Vertices { a: i, b: j } => {
                c.dashed(a.vertex(i), b.vertex(j), 2.0, colors::accent());
            }
        }

        // The axis as a line beside both shapes.
        let px = |points: f32| canvas.span(points);
        let reach = draw::reach(&[&a, &b], t);
        let offset = reach + px(45.0);
        let on_line = |s: f32, extra: f32| u * s + t * (offset + extra);
        let lo = row.a[0].min(row.b[0]) - px(60.0);
        let hi = row.a[1].max(row.b[1]) + px(60.0);
        c.arrow(on_line(lo, 0.0), on_line(hi, 0.0), 1.5, colors::dim());
        c.label(
            on_line(hi, 0.0),
            Vec2::new(6.0, -4.0),
            format!("axis {}", sel + 1),
            colors::dim(),
        );

        // Both shadows as thick bars, with dashed projectors from the extreme points.
        let bar_gap = px(7.0);
        for (shape, interval, support, color, side) in [
            (&a, row.a, row.support_a, colors::a(), 1.0),
            (&b, row.b, row.support_b, colors::b(), -1.0),
        ] {
            let extra = side * bar_gap;
            c.bar(
                on_line(interval[0], extra),
                on_line(interval[1], extra),
                8.0,
                color,
            );
            for (dir, s, k) in [(-u, interval[0], support[0]), (u, interval[1], support[1])] {
                let p = shape.vertex(k) + dir * shape.radius();
                c.dashed(p, on_line(s, extra), 1.0, color.gamma_multiply(0.7));
            }
        }

        // The gap or the overlap, with its length.
        let [g0, g1] = row.gap_ends;
        // Touching (gap 0) in the table's colour, not the overlap's.
        let color = gap_colour(row.gap);
        let y = px(22.0);
        c.line(on_line(g0, y), on_line(g1, y), 3.0, color);
        c.line(
            on_line(g0, y - px(6.0)),
            on_line(g0, y + px(6.0)),
            2.0,
            color,
        );
        c.line(
            on_line(g1, y - px(6.0)),
            on_line(g1, y + px(6.0)),
            2.0,
            color,
        );
        let what = if row.gap > 0.0 {
            "gap"
        } else if row.gap == 0.0 {
            "touching"
        } else {
            "overlap"
        };
        c.label_ranked(
            on_line((g0 + g1) * 0.5, y + px(10.0)),
            Vec2::new(-30.0, 0.0),
            format!("{what} {}", num(row.gap.abs())),
            color,
            priority::KEY,
        );

        // The minimum translation vector on B.
        if pair.sat.overlap() {
            let mtv = pair.sat.mtv;
            let from = b.centroid();
            c.arrow(from, from + mtv, 3.0, colors::ink());
            c.label(
                from + mtv,
                Vec2::new(6.0, -6.0),
                format!("MTV {}", num(-pair.sat.separation)),
                colors::ink(),
            );
        }
    }
}

/// A gap's colour, in the table and on the canvas: apart, touching (gap 0) or overlapping.
fn gap_colour(gap: f32) -> Color32 {
    if gap > 0.0 {
        colors::good()
    } else if gap == 0.0 {
        colors::accent()
    } else {
        colors::bad()
    }
}

fn face(c: &Canvas, s: &Placed, i: usize, color: Color32) {
    let (p, q) = (s.vertex(i), s.vertex(next_index(i, s.count())));
    let n = s.normal(i) * s.radius();
    c.line(p + n, q + n, 5.0, color);
    c.line(p + n, q + n, 2.0, colors::accent());
}
