//! The right panel: the mode's title, step buttons and text, then the mode's own controls.

use crate::app::App;
use crate::app::command::{Command, StepTo};
use crate::app::draw::colors;
use crate::app::modes::{self, Controls};
use egui::RichText;

impl App {
    pub(super) fn right_panel(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        egui::SidePanel::right("right")
            .resizable(false)
            .exact_width(430.0)
            .show(ctx, |ui| {
                let kind = self.session.mode;
                ui.heading(modes::title(kind));
                let step = self.session.step;
                let count = self.step_count();
                ui.horizontal(|ui| {
                    for (text, hover, to) in [
                        ("⏮", "first (Home)", StepTo::First),
                        ("◀", "previous (Left arrow)", StepTo::Previous),
                        ("▶", "next (Space / Right arrow)", StepTo::Next),
                        ("⏭", "last (End)", StepTo::Last),
                    ] {
                        if ui.button(text).on_hover_text(hover).clicked() {
                            out.push(Command::Step(to));
                        }
                    }
                    let label = self.mode().step_label(&self.session.pair, step);
                    ui.label(RichText::new(label).strong().color(colors::ACCENT));
                });
                if count > 1 {
                    let mut s = step;
                    ui.add(egui::Slider::new(&mut s, 0..=count - 1).show_value(false));
                    if s != step {
                        out.push(Command::Step(StepTo::At(s)));
                    }
                }
                let text = self.mode().step_text(&self.session.pair, step);
                ui.label(RichText::new(text).size(15.0));
                ui.separator();
                let before = Controls {
                    step,
                    options: self.session.options,
                    margin: self.doc.scene().speculative_margin,
                };
                let mut controls = before;
                let mode = self.modes.get_mut(kind);
                let pair = &self.session.pair;
                let asked = egui::ScrollArea::vertical()
                    .show(ui, |ui| mode.ui_controls(ui, pair, &mut controls))
                    .inner;
                if controls.step != before.step {
                    out.push(Command::Step(StepTo::At(controls.step)));
                }
                if controls.options != before.options {
                    out.push(Command::SetOptions(controls.options));
                }
                if controls.margin != before.margin {
                    out.push(Command::SetMargin(controls.margin));
                }
                out.extend(asked);
            });
    }
}
