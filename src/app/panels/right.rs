//! The right panel: the mode's title, step buttons and text, then the mode's own controls.

use crate::app::App;
use crate::app::command::{Command, StepTo};
use crate::app::draw::colors;
use crate::app::legend;
use crate::app::modes::Controls;
use crate::app::panels::PanelLayout;
use egui::RichText;

impl App {
    pub(super) fn right_panel(
        &mut self,
        ctx: &egui::Context,
        layout: &PanelLayout,
        out: &mut Vec<Command>,
    ) {
        // As wide as the canvas can spare and no wider (it keeps half the window): what it
        // shows is laid out to fit (the SAT table's two-line rows, plots as wide as the panel).
        egui::SidePanel::right("right")
            .resizable(false)
            .exact_width(layout.right)
            .show(ctx, |ui| {
                // Both ways: a wide table (two 64-gons' 128 axes) scrolls rather than being cut.
                egui::ScrollArea::both().show(ui, |ui| {
                    let kind = self.session.mode;
                    ui.horizontal(|ui| {
                        if layout.narrow {
                            let text = if self.shell.show_left {
                                "◀ Shapes"
                            } else {
                                "☰ Shapes"
                            };
                            if ui
                                .button(text)
                                .on_hover_text("show or hide the shapes and files panel")
                                .clicked()
                            {
                                out.push(Command::ToggleShapesPanel);
                            }
                        }
                        ui.heading(self.mode().title());
                    });
                    if self.quiz.on {
                        self.quiz_panel(ui, out);
                    }
                    if self.quiz_hides() {
                        // The steps, their text and the mode's table would give the answer.
                        return;
                    }
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
                    // The step text in a box of steady height, so the controls below do not jump
                    // as the text changes length.
                    // A text longer than the box scrolls inside it.
                    let text = self.mode().step_text(&self.session.pair, step);
                    let top = ui.cursor().top();
                    let steady = 15.0 * 1.35 * 5.0;
                    egui::ScrollArea::vertical()
                        .id_salt("step text")
                        .max_height(steady)
                        .show(ui, |ui| ui.label(RichText::new(&text).size(15.0)));
                    self.probe.shown_step_text = text;
                    let used = ui.cursor().top() - top;
                    if used < steady {
                        ui.add_space(steady - used);
                    }
                    super::arithmetic::panel(ui, self.mode().arithmetic(&self.session.pair, step));
                    self.sweep_panel(ui, out);
                    ui.separator();
                    let before = Controls {
                        step,
                        options: self.session.options,
                        margin: self.doc.scene().speculative_margin,
                    };
                    let mut controls = before;
                    let mode = self.modes.get_mut(kind);
                    let pair = &self.session.pair;
                    let asked = mode.ui_controls(ui, pair, &mut controls);
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
                    ui.separator();
                    egui::CollapsingHeader::new("What the colours mean")
                        .default_open(true)
                        .show(ui, |ui| {
                            // Wrapped at the panel's visible width, even where a wide table
                            // above made the scrolled area wider.
                            let visible = ui.clip_rect().right() - ui.cursor().left() - 6.0;
                            ui.set_max_width(visible.max(120.0));
                            legend::show(ui, self.mode().legend());
                            legend::show(ui, legend::COMMON);
                        });
                });
            });
    }
}
