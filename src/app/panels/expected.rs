//! The right panel's "Expected vs ours": where the pair differs from the scene's `expected`
//! (another engine's answer), as the library's diff ([`ExpectedDiff`], the same `report` prints
//! as `"expected_diff"`) gives it — the normals' angle, the separations, each expected point's
//! nearest of ours, the points missing and extra, the ids that differ, and the step of our
//! manifold that decides it, with a button to that step. Nothing is computed here: every
//! number is a field of the diff, in the app's one number format (exact with `X`).

use crate::app::command::{Command, StepTo};
use crate::app::draw::colors;
use crate::app::modes::ModeKind;
use crate::app::pair::Traced;
use crate::app::words::{id_hex, num, signed};
use crate::geom::ManifoldStep;
use crate::report::diff::ExpectedDiff;
use egui::RichText;
use glam::Vec2;

/// What the block says when nothing differs.
pub const MATCHES: &str = "ours matches expected";

/// A point in words: `(0.5000, 0.4900)`.
fn at(p: Vec2) -> String {
    format!("({}, {})", num(p.x), num(p.y))
}

/// The block's lines, in order, below its "Deciding step" line: what differs, or
/// [`MATCHES`].
pub fn lines(d: &ExpectedDiff) -> Vec<String> {
    if d.same {
        return vec![MATCHES.to_string()];
    }
    let mut out = Vec::new();
    if let Some(n) = d.normal {
        out.push(format!(
            "normal: expected {}, ours {}: ours is {}° from expected",
            at(n.expected),
            at(n.ours),
            signed(n.angle_deg)
        ));
    }
    if let Some(s) = d.separation {
        out.push(format!(
            "separation: expected {}, ours {}: ours − expected = {}",
            num(s.expected),
            num(s.ours),
            signed(s.difference)
        ));
    }
    for (i, p) in d.points.iter().enumerate() {
        let head = format!(
            "e{i} {} (separation {})",
            at(p.expected),
            num(p.expected_separation)
        );
        out.push(match (p.ours, p.distance, p.separation_difference) {
            (Some(j), Some(dist), Some(ds)) => format!(
                "{head}: nearest of ours p{j}, {} away, separation ours − expected {}{}",
                num(dist),
                signed(ds),
                if p.matched {
                    String::new()
                } else {
                    format!(" (not paired: farther than {})", num(d.match_distance))
                }
            ),
            _ => format!("{head}: ours has no point"),
        });
    }
    let names = |prefix: &str, v: &[usize]| {
        v.iter()
            .map(|i| format!("{prefix}{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !d.missing.is_empty() {
        out.push(format!(
            "missing (expected, not ours): {}",
            names("e", &d.missing)
        ));
    }
    if !d.extra.is_empty() {
        out.push(format!(
            "extra (ours, not expected): {}",
            names("p", &d.extra)
        ));
    }
    if let Some(ids) = &d.ids {
        let id = |v: Option<u64>| v.map_or("none".to_string(), id_hex);
        for x in &ids.differ {
            out.push(format!(
                "id {}: expected {}, ours {}",
                x.index,
                id(x.expected),
                id(x.ours)
            ));
        }
    }
    out
}

/// The deciding step in words, numbers as the app shows them (the library's sentence).
pub fn deciding_words(d: &ExpectedDiff) -> String {
    d.deciding_step.words(&num)
}

/// The manifold mode's step (as it counts them) where the deciding step is, if it is one.
pub fn deciding_manifold_step(d: &ExpectedDiff, pair: &Traced) -> Option<usize> {
    let k = d.deciding_step.trace_step?;
    let before = pair.manifold_steps.get(..k)?;
    Some(
        before
            .iter()
            .filter(|s| !matches!(s, ManifoldStep::Done(_)))
            .count(),
    )
}

/// The block, folded under "Expected vs ours" (open at first). `mode` is the mode shown: the
/// deciding step's button shows it in the manifold mode.
pub(crate) fn panel(
    ui: &mut egui::Ui,
    d: &ExpectedDiff,
    pair: &Traced,
    mode: ModeKind,
    out: &mut Vec<Command>,
) {
    egui::CollapsingHeader::new("Expected vs ours")
        .id_salt("expected vs ours")
        .default_open(true)
        .show(ui, |ui| {
            if mode == ModeKind::Simulate {
                ui.label(
                    RichText::new("the scene's pose, as at step 0")
                        .small()
                        .color(colors::dim()),
                );
            }
            for line in lines(d) {
                let color = if d.same {
                    colors::good()
                } else {
                    colors::ink()
                };
                ui.label(RichText::new(line).color(color));
            }
            let words = format!("Deciding step: {}", deciding_words(d));
            ui.label(RichText::new(words).color(colors::accent()));
            if let Some(k) = deciding_manifold_step(d, pair) {
                let text = if mode == ModeKind::Manifold {
                    format!("Go to step {}", k + 1)
                } else {
                    format!("Show it: manifold step {}", k + 1)
                };
                if ui.button(text).clicked() {
                    if mode != ModeKind::Manifold {
                        out.push(Command::SetMode(ModeKind::Manifold));
                    }
                    out.push(Command::Step(StepTo::At(k)));
                }
            }
            ui.label(
                RichText::new(format!(
                    "expected: the dashed arrow and the hollow diamonds (e0, …); points pair \
                     up within {}, lengths differ beyond {}",
                    num(d.match_distance),
                    num(d.tolerance)
                ))
                .small()
                .color(colors::dim()),
            );
        });
}
