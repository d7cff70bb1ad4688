//! The presenter's view in a window of its own (`--presenter-window`, issue 44): the lecturer's
//! screen shows the stop's caption, the next stop's, the presenter's notes and a clock, with
//! Previous and Next; the window the class sees shows none of it.
//!
//! The view is a second process of the same program (macroquad opens one window per process).
//! The two speak in JSON lines over the child's standard input and output: the app sends a
//! [`Cue`] whenever what the view shows changes; the view answers with [`Reply`]s (the
//! lecturer's Next, Previous or a stop's dot, and the cue it has drawn). Plain data and an egui
//! panel, tested without a window; the pipes are in `run/`.

use super::super::command::{Command, TourTo};
use super::super::draw::colors;
use serde::{Deserialize, Serialize};

/// What the presenter's view shows: where the lecture is, and what to say there.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cue {
    /// Counts the cues sent, so the view's [`Reply::Shown`] names the one it drew.
    pub serial: u64,
    /// The scene's title.
    pub title: String,
    /// The scene's place in the lecture (1-based) and the lecture's length.
    pub scene: (usize, usize),
    /// The stop shown and the tour's length (None: the scene has no tour).
    pub stop: Option<(usize, usize)>,
    /// The stop's caption (the scene's title when it has no tour).
    pub caption: String,
    /// What Next shows: the next stop's caption, or the next scene's title after the last stop.
    pub next: Option<String>,
    /// The scene's presenter notes.
    pub notes: String,
    /// What the student still has to do at the stop, in words.
    pub waiting: Option<String>,
}

/// The view's words to the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// Next (N, PageDown, →, Space, the button): the next stop, or the next scene after the
    /// last, as PageDown does in the app.
    Next,
    /// Previous (P, PageUp, ←, the button).
    Previous,
    /// A stop's dot: that stop.
    Stop(usize),
    /// The view has drawn the cue with this serial.
    Shown(u64),
}

impl Reply {
    /// The app's command for a lecturer's reply (None for [`Reply::Shown`]).
    pub fn command(self) -> Option<Command> {
        match self {
            Reply::Next => Some(Command::Onward),
            Reply::Previous => Some(Command::Backward),
            Reply::Stop(k) => Some(Command::Tour(TourTo::At(k))),
            Reply::Shown(_) => None,
        }
    }
}

/// What the app knows of its presenter's view (printed by `--print-state` as
/// `presenter_window`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewLink {
    /// The view's process is running and listening.
    pub open: bool,
    /// The last cue sent.
    pub sent: Cue,
    /// The serial of the last cue the view has drawn.
    pub shown: Option<u64>,
}

/// The size of the view's text in points: the caption, the notes, the rest.
const CAPTION_POINTS: f32 = 26.0;
const NOTES_POINTS: f32 = 20.0;
const SMALL_POINTS: f32 = 15.0;

/// Draws the presenter's view of `cue` over the whole window, `seconds` into the talk; the
/// lecturer's replies (the buttons, the dots and the keys) go to `out`.
pub fn view(ctx: &egui::Context, cue: &Cue, seconds: f64, out: &mut Vec<Reply>) {
    let keys = ctx.input(|i| {
        let pressed = |k: &[egui::Key]| k.iter().any(|k| i.key_pressed(*k));
        use egui::Key::*;
        (
            pressed(&[N, PageDown, ArrowRight, Space]),
            pressed(&[P, PageUp, ArrowLeft]),
        )
    });
    if keys.0 {
        out.push(Reply::Next);
    }
    if keys.1 {
        out.push(Reply::Previous);
    }
    egui::CentralPanel::default().show(ctx, |ui| {
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(format!(
                    "{} · scene {} of {}",
                    cue.title, cue.scene.0, cue.scene.1
                ))
                .size(SMALL_POINTS),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let s = seconds.max(0.0) as u64;
                ui.label(
                    egui::RichText::new(format!("{}:{:02}", s / 60, s % 60))
                        .size(CAPTION_POINTS)
                        .monospace(),
                )
                .on_hover_text("time since this view opened");
            });
        });
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("◀ Previous (P)").clicked() {
                out.push(Reply::Previous);
            }
            if let Some((stop, of)) = cue.stop {
                for k in 0..of {
                    if stop_dot(ui, k, stop, 18.0).clicked() {
                        out.push(Reply::Stop(k));
                    }
                }
                ui.label(format!("stop {} of {of}", stop + 1));
            } else {
                ui.label("no tour in this scene");
            }
            if ui.button("Next (N) ▶").clicked() {
                out.push(Reply::Next);
            }
        });
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Now").size(SMALL_POINTS).weak());
        ui.label(
            egui::RichText::new(&cue.caption)
                .size(CAPTION_POINTS)
                .strong(),
        );
        if let Some(w) = &cue.waiting {
            let words = format!("the class must {w}");
            ui.label(egui::RichText::new(words).color(colors::accent()));
        }
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Next").size(SMALL_POINTS).weak());
        let next = cue.next.as_deref().unwrap_or("the end of the lecture");
        ui.label(egui::RichText::new(next).size(NOTES_POINTS));
        ui.separator();
        ui.label(egui::RichText::new("Your notes").size(SMALL_POINTS).weak());
        egui::ScrollArea::vertical().show(ui, |ui| {
            let notes = if cue.notes.is_empty() {
                "(this scene has no presenter notes)"
            } else {
                &cue.notes
            };
            ui.label(egui::RichText::new(notes).size(NOTES_POINTS));
        });
    });
}

/// A stop's dot, `size` points across: filled for the stops up to the one shown, a ring for
/// those to come; clicked, it goes there.
pub fn stop_dot(ui: &mut egui::Ui, k: usize, stop: usize, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::click());
    let colour = if k == stop {
        colors::accent()
    } else {
        ui.visuals().text_color()
    };
    let r = size * 0.32;
    if k <= stop {
        ui.painter().circle_filled(rect.center(), r, colour);
    } else {
        let stroke = egui::Stroke::new(1.5, colour);
        ui.painter().circle_stroke(rect.center(), r, stroke);
    }
    response.on_hover_text(format!("stop {}", k + 1))
}
