//! The bottom panels: the status bar (file, scene, separation, normal, points, frame time) and
//! the scene's title, notes and loader warnings.

use crate::app::document::Document;
use crate::app::draw::colors;
use crate::app::pair::Traced;
use crate::app::session::Session;
use crate::scene::Scene;
use egui::RichText;

/// The notes panel's opening height, in points: the title and about six lines of notes.
pub const NOTES_HEIGHT: f32 = 160.0;
/// The notes panel's least height when dragged shorter: the title and a line.
const NOTES_MIN_HEIGHT: f32 = 56.0;

/// The pair the status bar and the shapes panel show: the session's, or a playing mode's at
/// its step (Simulate: the run's bodies as it collided them), with what it is.
pub(crate) struct Shown<'a> {
    /// The pair and its traces.
    pub pair: &'a Traced,
    /// What it is, when it is not the scene's own pair ("step 120, full run: A and B").
    pub caption: Option<&'a str>,
}

/// The status bar: the file (`*` when modified), the scene's place in the lecture, the shown
/// pair's separation, normal and points (`shown`; not while a quiz question waits: `quiz_hides`), and
/// the frame time (`frame_ms`).
pub(crate) fn status_bar(
    ctx: &egui::Context,
    doc: &Document,
    session: &Session,
    shown: &Shown<'_>,
    quiz_hides: bool,
    frame_ms: f32,
) {
    egui::TopBottomPanel::bottom("status").show(ctx, |ui| {
        // Wraps onto a second line in a narrow window or at a presenter scale, rather than
        // cutting the normal or the point count off.
        ui.horizontal_wrapped(|ui| {
            let file = doc
                .path()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|| match session.scene_name() {
                    // A scene carried whole in a `#s=` link is no built-in one.
                    name if name == crate::app::link::LINKED_SCENE => "linked scene".to_string(),
                    name if built_in(session) => format!("built-in: {name}"),
                    // Pasted (Ctrl+O), or a file dropped in the browser: held only here.
                    name => format!("{name} (not saved to a file)"),
                });
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
            let pair = shown.pair;
            if let Some(caption) = shown.caption {
                ui.label(caption);
            }
            let q = &pair.query;
            let c = if q.overlap {
                colors::bad()
            } else {
                colors::good()
            };
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
            if pair.pair.bodies.is_some() {
                // The bodies as a whole: a part pair apart does not mean the bodies are.
                let w = &pair.whole;
                let c = if w.overlap {
                    colors::bad()
                } else {
                    colors::good()
                };
                ui.label(
                    RichText::new(format!(
                        "bodies {}",
                        crate::app::words::signed(w.separation)
                    ))
                    .color(c),
                );
            }
            let n = pair.normal;
            ui.label(format!(
                "normal ({}, {})",
                crate::app::words::signed(n.x),
                crate::app::words::signed(n.y)
            ));
            ui.label(crate::app::words::count(
                pair.whole.points().count(),
                "point",
                "points",
            ));
            ui.separator();
            ui.label(format!("{:.1} ms", frame_ms));
        });
    });
}

/// The scene's title and notes (not while a quiz question waits: `quiz_hides`; a title can
/// hold the answer) and the loader's `warnings`. It opens tall enough for the title and about
/// six lines of notes; its top edge drags it taller (up to `max_height` points, the panels'
/// share of the window) or shorter, and it scrolls.
pub(crate) fn notes_panel(
    ctx: &egui::Context,
    max_height: f32,
    scene: &Scene,
    quiz_hides: bool,
    warnings: &[String],
) {
    let min = NOTES_MIN_HEIGHT.min(max_height);
    egui::TopBottomPanel::bottom("notes")
        .resizable(true)
        .default_height(NOTES_HEIGHT.min(max_height))
        .height_range(min..=max_height.max(min))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if quiz_hides {
                        // A title can hold the answer ("Touching is not overlap").
                        ui.label(RichText::new("A question waits").heading().strong());
                        ui.label(
                            RichText::new("The scene's title and notes show once you answer.")
                                .size(15.0),
                        );
                    } else {
                        ui.label(RichText::new(&scene.title).heading().strong());
                    }
                    let (first, detail) = scene.notes_parts();
                    if !quiz_hides && !first.is_empty() {
                        ui.label(RichText::new(first).size(15.0));
                    }
                    // The measured detail, folded: the notes a student reads first stay short.
                    if !quiz_hides && !detail.is_empty() {
                        egui::CollapsingHeader::new(
                            "More: the detail, the numbers and how to check them",
                        )
                        .id_salt("notes-detail")
                        .default_open(false)
                        .show(ui, |ui| ui.label(RichText::new(detail).size(14.0)));
                    }
                    for w in warnings {
                        ui.label(RichText::new(format!("warning: {w}")).color(colors::accent()));
                    }
                });
        });
}

/// Whether the scene shown is a scene of the built-in lecture (a pasted or dropped scene is not,
/// whatever its name).
fn built_in(session: &Session) -> bool {
    (session.lecture.scenes)
        .get(session.index)
        .is_some_and(|s| s.builtin)
}
