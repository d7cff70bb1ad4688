//! The bottom panels: the status bar (file, scene, separation, normal, points, frame time) and
//! the scene's title, notes and loader warnings.

use crate::app::document::Document;
use crate::app::draw::colors;
use crate::app::session::Session;
use crate::scene::Scene;
use egui::RichText;

/// The status bar: the file (`*` when modified), the scene's place in the lecture, the shown
/// pair's separation, normal and points (not while a quiz question waits: `quiz_hides`), and
/// the frame time (`frame_ms`).
pub(super) fn status_bar(
    ctx: &egui::Context,
    doc: &Document,
    session: &Session,
    quiz_hides: bool,
    frame_ms: f32,
) {
    egui::TopBottomPanel::bottom("status").show(ctx, |ui| {
        ui.horizontal(|ui| {
            let file = doc
                .path()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|| format!("built-in: {}", session.scene_name()));
            let star = if doc.modified() { " *" } else { "" };
            ui.label(format!("{file}{star}"));
            ui.separator();
            ui.label(format!(
                "scene {}/{}",
                session.index.saturating_add(1),
                session.lecture.scenes.len()
            ));
            ui.separator();
            if quiz_hides {
                ui.label("quiz: the numbers show once you answer");
                return;
            }
            let pair = &session.pair;
            let q = &pair.query;
            let c = if q.overlap { colors::BAD } else { colors::GOOD };
            // For compound bodies, the part pair the modes show (its separation and normal).
            let shown = match pair.pair.bodies {
                Some(_) => format!(
                    " ({})",
                    crate::app::words::part_pair(pair.shown_parts(), pair.part_counts())
                ),
                None => String::new(),
            };
            ui.label(
                RichText::new(format!(
                    "separation {}{shown}",
                    crate::app::words::signed(q.separation)
                ))
                .color(c),
            );
            let n = session.pair.normal;
            ui.label(format!(
                "normal ({}, {})",
                crate::app::words::signed(n.x),
                crate::app::words::signed(n.y)
            ));
            ui.label(crate::app::words::count(
                session.pair.whole.points().count(),
                "point",
                "points",
            ));
            ui.separator();
            ui.label(format!("{:.1} ms", frame_ms));
        });
    });
}

/// The scene's title and notes (not while a quiz question waits: `quiz_hides`) and the
/// loader's `warnings`, at most `max_height` points tall (it scrolls).
pub(super) fn notes_panel(
    ctx: &egui::Context,
    max_height: f32,
    scene: &Scene,
    quiz_hides: bool,
    warnings: &[String],
) {
    egui::TopBottomPanel::bottom("notes")
        .resizable(false)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(max_height)
                .show(ui, |ui| {
                    ui.label(RichText::new(&scene.title).heading().strong());
                    if quiz_hides {
                        ui.label(RichText::new("The notes show once you answer.").size(15.0));
                    } else if !scene.notes.is_empty() {
                        ui.label(RichText::new(&scene.notes).size(15.0));
                    }
                    for w in warnings {
                        ui.label(RichText::new(format!("warning: {w}")).color(colors::ACCENT));
                    }
                });
        });
}
