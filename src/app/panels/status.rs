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
        // The file's name alone, when its folder does not fit.
        let short = doc
            .path()
            .and_then(|p| p.file_name())
            .map(|n| format!("{}{star}", n.to_string_lossy()));
        let mut items = vec![
            Item::new(format!("{file}{star}")).shorter(short),
            Item::new(format!(
                "scene {}/{}",
                session.index.saturating_add(1),
                session.lecture.scenes.len()
            ))
            .separated()
            .dropped(2),
        ];
        if quiz_hides {
            items.push(Item::new("quiz: the numbers show once you answer".into()).separated());
        } else {
            pair_items(shown, &mut items);
            items.push(
                Item::new(format!("{frame_ms:.1} ms"))
                    .separated()
                    .dropped(1),
            );
        }
        // One row: what does not fit goes, least needed first (the frame time, the scene's
        // place, the file's folder); the pair's numbers always stay (they wrap if they must).
        let width = |items: &[Item], ui: &egui::Ui| -> f32 {
            let gap = ui.spacing().item_spacing.x;
            items
                .iter()
                .map(|i| {
                    let font = egui::TextStyle::Body.resolve(ui.style());
                    let w = ui.fonts(|f| {
                        f.layout_no_wrap(i.text.clone(), font, egui::Color32::WHITE)
                            .size()
                            .x
                    });
                    w + gap + if i.separated { 2.0 * gap + 1.0 } else { 0.0 }
                })
                .sum()
        };
        let room = ui.available_width();
        for rank in [1, 2] {
            if width(&items, ui) > room {
                items.retain(|i| i.dropped != Some(rank));
            }
        }
        if width(&items, ui) > room
            && let Some(short) = items[0].shorter.take()
        {
            items[0].text = short;
        }
        ui.horizontal_wrapped(|ui| {
            for i in items {
                if i.separated {
                    ui.separator();
                }
                match i.color {
                    Some(c) => ui.label(RichText::new(i.text).color(c)),
                    None => ui.label(i.text),
                };
            }
        });
    });
}

/// One piece of the status bar.
struct Item {
    text: String,
    color: Option<egui::Color32>,
    /// A separator before it.
    separated: bool,
    /// Left out, in this order (1 first), when the row is too narrow.
    dropped: Option<u8>,
    /// A shorter text for it when the row is too narrow.
    shorter: Option<String>,
}

impl Item {
    fn new(text: String) -> Item {
        Item {
            text,
            color: None,
            separated: false,
            dropped: None,
            shorter: None,
        }
    }
    fn separated(self) -> Item {
        Item {
            separated: true,
            ..self
        }
    }
    fn dropped(self, rank: u8) -> Item {
        Item {
            dropped: Some(rank),
            ..self
        }
    }
    fn shorter(self, text: Option<String>) -> Item {
        Item {
            shorter: text,
            ..self
        }
    }
    fn coloured(self, c: egui::Color32) -> Item {
        Item {
            color: Some(c),
            ..self
        }
    }
}

/// The shown pair's pieces: what it is, its separation (a compound's part pair, and the bodies
/// as a whole), its normal and its point count.
fn pair_items(shown: &Shown<'_>, items: &mut Vec<Item>) {
    let pair = shown.pair;
    let mut first = true;
    let mut push = |item: Item, items: &mut Vec<Item>| {
        items.push(if first { item.separated() } else { item });
        first = false;
    };
    if let Some(caption) = shown.caption {
        push(Item::new(caption.to_string()), items);
    }
    let q = &pair.query;
    let c = if q.overlap {
        colors::bad()
    } else {
        colors::good()
    };
    // For compound bodies, the part pair the modes show (its separation and normal).
    let part = match pair.pair.bodies {
        Some(_) => format!(
            " ({})",
            crate::app::words::part_pair(pair.shown_parts(), pair.part_counts())
        ),
        None => String::new(),
    };
    let separation = format!(
        "separation {}{part}",
        crate::app::words::signed(q.separation)
    );
    push(Item::new(separation).coloured(c), items);
    if pair.pair.bodies.is_some() {
        // The bodies as a whole: a part pair apart does not mean the bodies are.
        let w = &pair.whole;
        let c = if w.overlap {
            colors::bad()
        } else {
            colors::good()
        };
        let text = format!("bodies {}", crate::app::words::signed(w.separation));
        push(Item::new(text).coloured(c), items);
    }
    let n = pair.normal;
    let normal = format!(
        "normal ({}, {})",
        crate::app::words::signed(n.x),
        crate::app::words::signed(n.y)
    );
    push(Item::new(normal), items);
    let points = crate::app::words::count(pair.whole.points().count(), "point", "points");
    push(Item::new(points), items);
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
