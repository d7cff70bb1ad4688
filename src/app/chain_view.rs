//! What the manifold mode adds for a chain (DESIGN.md, "Chain"): each nearby segment's normal
//! cones at its ends, the normal its rule chose (the winning candidate), coloured by its class,
//! and the same in words in the panel.
//!
//! Everything here is read from the pair's [`SegmentVerdict`]s, which the library computed
//! with the chain's manifolds ([`crate::geom::chain`]); nothing is judged again.

use crate::app::draw::{Canvas, colors, priority};
use crate::app::pair::Traced;
use crate::app::words::{
    class_name, count, joint_name, outcome_words, reason_short, reason_words, signed, source_words,
};
use crate::geom::SegmentVerdict;
use crate::geom::chain::{End, Joint, NormalClass, Reason};
use egui::{Color32, RichText};
use glam::Vec2;

/// The colour of a class: admitted green, skipped grey, snapped yellow, from behind red.
pub fn class_color(class: NormalClass) -> Color32 {
    match class {
        NormalClass::Admit => colors::good(),
        NormalClass::Skip => colors::dim(),
        NormalClass::Snap => colors::accent(),
        NormalClass::Behind => colors::bad(),
    }
}

/// Each nearby segment's normal cones and its two-sided normal by class.
pub fn draw(canvas: &Canvas, pair: &Traced) {
    let radius = canvas.span(44.0);
    for v in &pair.whole.segments {
        let s = &v.segment;
        for end in [End::Start, End::End] {
            let k = end as usize;
            let apex = s.ends[k];
            // The way the face normal turns to lean towards this end.
            let towards = match end {
                End::Start => -s.tangent,
                End::End => s.tangent,
            };
            match s.joints[k] {
                Joint::Convex => {
                    let lean = s.lean(s.neighbour_normals[k].unwrap_or(s.normal), end);
                    canvas.fan_toward(apex, s.normal, towards, lean, radius, colors::good());
                }
                Joint::Free => {
                    canvas.fan_toward(
                        apex,
                        s.normal,
                        towards,
                        std::f32::consts::PI,
                        radius * 0.6,
                        colors::good(),
                    );
                }
                Joint::Flat | Joint::Concave => {
                    canvas.line(
                        apex,
                        apex + s.normal * radius,
                        1.5,
                        colors::good().gamma_multiply(0.8),
                    );
                }
            }
        }
        let Some(winner) = v.rule.winner else {
            continue;
        };
        let class = winner.verdict.class;
        let color = class_color(class);
        let anchor = v
            .rule
            .manifold
            .points()
            .next()
            .map(|p| p.position)
            .unwrap_or((s.ends[0] + s.ends[1]) * 0.5);
        let tip = anchor + winner.verdict.normal * canvas.span(52.0);
        canvas.arrow(anchor, tip, 2.5, color);
        canvas.label_ranked(
            tip,
            Vec2::new(6.0, -6.0),
            format!(
                "segment {}: {} ({})",
                v.parts[0],
                class_name(class),
                reason_short(winner.verdict.reason)
            ),
            color,
            priority::KEY,
        );
    }
}

/// The panel's words: for each segment near B, its two-sided normal and why the rule kept,
/// skipped or snapped it.
pub fn panel(ui: &mut egui::Ui, pair: &Traced) {
    let segments = &pair.whole.segments;
    if segments.is_empty() {
        return;
    }
    ui.label(RichText::new("Ghost vertices: each segment near B").strong());
    ui.label(
        RichText::new(format!(
            "{} tested one at a time; each knows its neighbours, so it can tell a real corner from a seam.",
            count(segments.len(), "segment", "segments")
        ))
        .size(13.0),
    );
    for v in segments {
        segment_row(ui, v);
    }
    if let Some(v) = segments
        .iter()
        .find(|v| !v.two_sided.is_empty() && v.rule.manifold.len() < v.two_sided.len())
    {
        let n = v.two_sided.normal;
        let what = match v.rule.winner.map(|w| w.verdict.reason) {
            Some(Reason::FlatJoint | Reason::ConcaveJoint | Reason::BackFace) => {
                "a push the surface cannot give, against a body sliding over the joint: the ghost collision"
            }
            _ => "a copy of a contact its neighbour makes, or a seam's cut",
        };
        ui.label(
            RichText::new(format!(
                "Without the rule (smooth off), segment {} would add {} with normal ({}, {}): {what}.",
                v.parts[0],
                count(v.two_sided.len(), "point", "points"),
                signed(n.x),
                signed(n.y),
            ))
            .color(colors::accent()),
        );
    }
}

fn segment_row(ui: &mut egui::Ui, v: &SegmentVerdict) {
    let joints = v.segment.joints.map(joint_name);
    let Some(w) = v.rule.winner else {
        ui.label(
            RichText::new(format!(
                "segment {} (ends: {}, {}): {}",
                v.parts[0],
                joints[0],
                joints[1],
                outcome_words(v.rule.outcome)
            ))
            .color(class_color(NormalClass::Behind)),
        );
        return;
    };
    let class = w.verdict.class;
    ui.label(
        RichText::new(format!(
            "segment {} (ends: {}, {}): {} wins, normal ({}, {}), separation {}: {}, {}",
            v.parts[0],
            joints[0],
            joints[1],
            source_words(w.source),
            signed(w.verdict.normal.x),
            signed(w.verdict.normal.y),
            signed(w.separation),
            class_name(class),
            count(v.rule.manifold.len(), "point", "points"),
        ))
        .color(class_color(class)),
    );
    ui.label(RichText::new(reason_words(w.verdict.reason)).color(colors::dim()));
}
