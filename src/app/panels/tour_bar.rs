//! The tour's caption bar under the canvas (DESIGN.md, "Scene file" `tour`): the stop's
//! caption in large type, what the student still has to do, the previous and next buttons and
//! a dot per stop; and the presenter's notes, when they are shown.

use crate::app::command::{Command, TourTo};
use crate::app::draw::colors;
use crate::app::panels::window_rect;
use crate::app::tour::Tour;
use crate::app::tour::presenter::stop_dot;
use crate::scene::Scene;
use egui::RichText;

/// The caption's size in points (egui's presenter scale multiplies it).
pub const CAPTION_POINTS: f32 = 20.0;

/// Draws the bar when the scene has a tour; returns the caption shown.
pub fn tour_bar(
    ctx: &egui::Context,
    scene: &Scene,
    tour: &Tour,
    out: &mut Vec<Command>,
    buttons: &mut Vec<(&'static str, [f32; 4])>,
) -> Option<String> {
    let (stop, of, caption) = tour.caption(scene)?;
    egui::TopBottomPanel::bottom("tour")
        .resizable(false)
        .show(ctx, |ui| {
            ui.add_space(4.0);
            // Wrapped: on a phone's figure (340 points) the dots go on to a second row rather
            // than push the ▶ and the caption past the figure's edge. The buttons come first,
            // so they stay on the first row.
            ui.horizontal_wrapped(|ui| {
                let back = ui
                    .add_enabled(stop > 0, egui::Button::new("◀"))
                    .on_hover_text("previous stop (P)");
                buttons.push(("tour previous", window_rect(ctx, back.rect)));
                if back.clicked() {
                    out.push(Command::Tour(TourTo::Previous));
                }
                let next = ui
                    .add_enabled(stop + 1 < of, egui::Button::new("▶"))
                    .on_hover_text(
                        "next stop (N; PageDown goes on to the next scene after the last)",
                    );
                buttons.push(("tour next", window_rect(ctx, next.rect)));
                if next.clicked() {
                    out.push(Command::Tour(TourTo::Next));
                }
                for k in 0..of {
                    if stop_dot(ui, k, stop, 14.0).clicked() {
                        out.push(Command::Tour(TourTo::At(k)));
                    }
                }
                ui.label(format!("stop {} of {of}", stop + 1));
                if let Some(words) = tour.waiting_words() {
                    ui.label(RichText::new(words).color(colors::accent()).strong());
                }
                if !scene.presenter.is_empty() {
                    let label = if tour.presenter {
                        "hide presenter notes"
                    } else {
                        "presenter notes"
                    };
                    if ui.small_button(label).clicked() {
                        out.push(Command::TogglePresenter);
                    }
                }
            });
            ui.label(RichText::new(caption).size(CAPTION_POINTS).strong());
            ui.add_space(4.0);
        });
    Some(caption.to_string())
}

/// The presenter's notes, in a window of their own, when they are shown and the scene has any.
pub fn presenter_notes(ctx: &egui::Context, scene: &Scene, tour: &Tour, out: &mut Vec<Command>) {
    if !tour.presenter || scene.presenter.is_empty() {
        return;
    }
    let mut open = true;
    egui::Window::new("Presenter notes")
        .id(egui::Id::new("presenter notes"))
        .open(&mut open)
        .default_width(320.0)
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -96.0))
        .show(ctx, |ui| {
            ui.label(RichText::new(&scene.presenter).size(15.0));
        });
    if !open {
        out.push(Command::TogglePresenter);
    }
}
