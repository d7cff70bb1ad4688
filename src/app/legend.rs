//! What the colours mean: one short list per mode, shown under the mode's controls and, for
//! every mode at once, in the help (F1). The words match what the canvas labels say.

use super::draw::colors;
use egui::{Color32, Stroke};

/// How an entry's sample is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A filled shape (a body, a region).
    Fill,
    /// A thick line (a face, an axis).
    Line,
    /// A dot (a point).
    Dot,
    /// A ring (a point that is about to be found, or a speculative one).
    Ring,
    /// A dashed line (the incident face: told from the reference face by more than colour).
    Dashed,
    /// A crossed ring (a dropped point: told from a kept one by more than colour).
    Crossed,
}

/// One colour and what it stands for.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The colour as drawn, in the look in force.
    pub color: fn() -> Color32,
    /// Its sample's shape.
    pub marker: Marker,
    /// What it means, in a student's words.
    pub text: &'static str,
}

/// One legend line (a mode's own file builds its entries with this).
pub const fn entry(color: fn() -> Color32, marker: Marker, text: &'static str) -> Entry {
    Entry {
        color,
        marker,
        text,
    }
}

/// What every mode draws the same way.
pub const COMMON: &[Entry] = &[
    entry(colors::a, Marker::Fill, "body A"),
    entry(colors::b, Marker::Fill, "body B"),
    entry(
        colors::ink,
        Marker::Dot,
        "the normal (from A to B) and the contact points",
    ),
];

/// The separating axes mode's entries.
pub const SAT: &[Entry] = &[
    entry(
        colors::accent,
        Marker::Line,
        "the axis of this step, and the closest pair of vertices for rounded shapes",
    ),
    entry(colors::good, Marker::Line, "a gap between the two shadows"),
    entry(colors::bad, Marker::Line, "the two shadows overlap"),
    entry(
        colors::dim,
        Marker::Line,
        "the axis line the shadows lie on",
    ),
];

/// The GJK / EPA mode's entries.
pub const GJK: &[Entry] = &[
    entry(
        colors::minkowski,
        Marker::Fill,
        "the Minkowski difference B − A (the origin inside: overlap)",
    ),
    entry(
        colors::accent,
        Marker::Line,
        "the simplex (faint: as received; bright: the part kept)",
    ),
    entry(
        colors::good,
        Marker::Fill,
        "the Voronoi region holding the origin, the search direction and the new support point",
    ),
    entry(
        colors::ink,
        Marker::Line,
        "the closest point and the distance estimate",
    ),
    entry(
        colors::accent,
        Marker::Dot,
        "EPA's polytope, grown from GJK's last simplex (its vertices dotted); its closest edge green",
    ),
    entry(
        colors::dim,
        Marker::Line,
        "the radii folded back in: a circle of the two radii about the cores' difference",
    ),
];

/// The contact manifold mode's entries.
pub const MANIFOLD: &[Entry] = &[
    entry(
        colors::reference,
        Marker::Line,
        "the reference face and its side planes",
    ),
    entry(
        colors::incident,
        Marker::Dashed,
        "the incident face (dashed)",
    ),
    entry(
        colors::incident,
        Marker::Dot,
        "an incident point after clipping (on the incident surface)",
    ),
    entry(
        colors::ink,
        Marker::Dot,
        "a contact point: midway between the two surfaces along the normal",
    ),
    entry(
        colors::bad,
        Marker::Crossed,
        "a dropped point (crossed out): beyond the speculative margin",
    ),
    entry(
        colors::accent,
        Marker::Line,
        "the side plane being clipped against",
    ),
    entry(
        colors::bad,
        Marker::Line,
        "id strip: a red tick marks a frame where the feature ids changed (one row per id)",
    ),
];

/// A plot's key, one row that wraps: a short line in each colour, then its name (painted, not a
/// glyph: the built-in fonts have no box-drawing characters).
pub fn plot_key(ui: &mut egui::Ui, entries: &[(&str, Color32)]) {
    ui.horizontal_wrapped(|ui| {
        for (name, color) in entries {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 12.0), egui::Sense::hover());
            ui.painter().line_segment(
                [rect.left_center(), rect.right_center()],
                Stroke::new(3.0, *color),
            );
            ui.label(egui::RichText::new(*name).size(13.0));
        }
    });
}

/// The entries as rows: a drawn sample, then the words.
pub fn show(ui: &mut egui::Ui, entries: &[Entry]) {
    for e in entries {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(22.0, 14.0), egui::Sense::hover());
            let p = ui.painter();
            let c = rect.center();
            let color = (e.color)();
            match e.marker {
                Marker::Fill => {
                    p.rect_filled(rect.shrink(1.0), 3.0, color.gamma_multiply(0.35));
                    p.rect_stroke(
                        rect.shrink(1.0),
                        3.0,
                        Stroke::new(1.5, color),
                        egui::StrokeKind::Inside,
                    );
                }
                Marker::Line => {
                    p.line_segment(
                        [rect.left_center(), rect.right_center()],
                        Stroke::new(3.0, color),
                    );
                }
                Marker::Dot => {
                    p.circle_filled(c, 4.5, color);
                }
                Marker::Ring => {
                    p.circle_stroke(c, 5.0, Stroke::new(2.0, color));
                }
                Marker::Dashed => {
                    for k in 0..3 {
                        let x = rect.left() + 1.0 + 7.5 * k as f32;
                        p.line_segment(
                            [egui::pos2(x, c.y), egui::pos2(x + 4.5, c.y)],
                            Stroke::new(3.0, color),
                        );
                    }
                }
                Marker::Crossed => {
                    p.circle_stroke(c, 5.0, Stroke::new(2.0, color));
                    let d = 3.5;
                    let stroke = Stroke::new(2.0, color);
                    p.line_segment([c + egui::vec2(-d, -d), c + egui::vec2(d, d)], stroke);
                    p.line_segment([c + egui::vec2(-d, d), c + egui::vec2(d, -d)], stroke);
                }
            }
            ui.add(egui::Label::new(e.text).wrap());
        });
    }
}
