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
    /// A ring (a point that was dropped or is about to be found).
    Ring,
}

/// One colour and what it stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The colour as drawn.
    pub color: Color32,
    /// Its sample's shape.
    pub marker: Marker,
    /// What it means, in a student's words.
    pub text: &'static str,
}

/// One legend line (a mode's own file builds its entries with this).
pub const fn entry(color: Color32, marker: Marker, text: &'static str) -> Entry {
    Entry {
        color,
        marker,
        text,
    }
}

/// What every mode draws the same way.
pub const COMMON: &[Entry] = &[
    entry(colors::A, Marker::Fill, "body A"),
    entry(colors::B, Marker::Fill, "body B"),
    entry(
        colors::INK,
        Marker::Dot,
        "the normal (from A to B) and the contact points",
    ),
];

/// The separating axes mode's entries.
pub const SAT: &[Entry] = &[
    entry(
        colors::ACCENT,
        Marker::Line,
        "the axis of this step, and the closest pair of vertices for rounded shapes",
    ),
    entry(colors::GOOD, Marker::Line, "a gap between the two shadows"),
    entry(colors::BAD, Marker::Line, "the two shadows overlap"),
    entry(
        colors::DIM,
        Marker::Line,
        "the axis line the shadows lie on",
    ),
];

/// The GJK / EPA mode's entries.
pub const GJK: &[Entry] = &[
    entry(
        colors::MINKOWSKI,
        Marker::Fill,
        "the Minkowski difference B − A (the origin inside: overlap)",
    ),
    entry(
        colors::ACCENT,
        Marker::Line,
        "the simplex (faint: as received; bright: the part kept)",
    ),
    entry(
        colors::GOOD,
        Marker::Fill,
        "the Voronoi region holding the origin, the search direction and the new support point",
    ),
    entry(
        colors::INK,
        Marker::Line,
        "the closest point and the distance estimate",
    ),
    entry(
        colors::ACCENT,
        Marker::Dot,
        "EPA's polytope, grown from GJK's last simplex (its vertices dotted); its closest edge green",
    ),
    entry(
        colors::DIM,
        Marker::Line,
        "the radii folded back in: a circle of the two radii about the cores' difference",
    ),
];

/// The contact manifold mode's entries.
pub const MANIFOLD: &[Entry] = &[
    entry(
        colors::REFERENCE,
        Marker::Line,
        "the reference face and its side planes",
    ),
    entry(colors::INCIDENT, Marker::Line, "the incident face"),
    entry(
        colors::INCIDENT,
        Marker::Dot,
        "an incident point after clipping (on the incident surface)",
    ),
    entry(
        colors::INK,
        Marker::Dot,
        "a contact point: midway between the two surfaces along the normal",
    ),
    entry(
        colors::BAD,
        Marker::Ring,
        "a dropped point: beyond the speculative margin",
    ),
    entry(
        colors::ACCENT,
        Marker::Line,
        "the side plane being clipped against",
    ),
    entry(
        colors::BAD,
        Marker::Line,
        "id strip: a red tick marks a frame where the feature ids changed (one row per id)",
    ),
];

/// The entries as rows: a drawn sample, then the words.
pub fn show(ui: &mut egui::Ui, entries: &[Entry]) {
    for e in entries {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(22.0, 14.0), egui::Sense::hover());
            let p = ui.painter();
            let c = rect.center();
            match e.marker {
                Marker::Fill => {
                    p.rect_filled(rect.shrink(1.0), 3.0, e.color.gamma_multiply(0.35));
                    p.rect_stroke(
                        rect.shrink(1.0),
                        3.0,
                        Stroke::new(1.5, e.color),
                        egui::StrokeKind::Inside,
                    );
                }
                Marker::Line => {
                    p.line_segment(
                        [rect.left_center(), rect.right_center()],
                        Stroke::new(3.0, e.color),
                    );
                }
                Marker::Dot => {
                    p.circle_filled(c, 4.5, e.color);
                }
                Marker::Ring => {
                    p.circle_stroke(c, 5.0, Stroke::new(2.0, e.color));
                }
            }
            ui.add(egui::Label::new(e.text).wrap());
        });
    }
}
