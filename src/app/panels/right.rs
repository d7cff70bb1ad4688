//! The right panel: the mode's title, step buttons and text, the arithmetic, the sweep, then
//! the mode's own controls and what its colours mean.

use crate::app::command::{Command, StepTo};
use crate::app::draw::colors;
use crate::app::legend;
use crate::app::modes::{Controls, Mode};
use crate::app::panels::PanelLayout;
use crate::app::panels::sweep_plot::SweepPlot;
use crate::app::quiz::{self, Quiz};
use crate::app::session::Session;
use crate::scene::{Ask, Scene};
use egui::RichText;

/// What the right panel shows, and the state it owns a part of: the mode shown (its controls
/// keep their own view state), the session (step, options, the pair), the scene (its margin,
/// the sweep's poses), the quiz, and the sweep plot. Everything else the user asks for comes
/// back as commands.
pub(crate) struct Right<'a> {
    /// The mode shown.
    pub mode: &'a mut dyn Mode,
    /// The step, the options and the pair.
    pub session: &'a Session,
    /// The scene.
    pub scene: &'a Scene,
    /// The quiz: on or off, the answer given, the score.
    pub quiz: &'a Quiz,
    /// The question asked, while the quiz is on and the scene asks one.
    pub ask: Option<&'a Ask>,
    /// How many questions the whole lecture asks.
    pub quiz_total: usize,
    /// The sweep plot (its rows are kept while `editing`).
    pub sweep: &'a mut SweepPlot,
    /// A drag or a field is changing the scene.
    pub editing: bool,
    /// The left panel is unfolded (a narrow window shows a toggle for it).
    pub show_left: bool,
    /// Numbers are shown exactly (the toggle's state).
    pub exact: bool,
    /// Exact numbers are shown as hex floats.
    pub hex: bool,
}

impl Right<'_> {
    /// The panel; what the user asks for is pushed onto `out`. Returns the step text shown
    /// (none while a quiz question hides it).
    pub(crate) fn show(
        self,
        ctx: &egui::Context,
        layout: &PanelLayout,
        out: &mut Vec<Command>,
    ) -> Option<String> {
        let Right {
            mode,
            session,
            scene,
            quiz,
            ask,
            quiz_total,
            sweep,
            editing,
            show_left,
            exact,
            hex,
        } = self;
        let pair = &session.pair;
        let mut shown = None;
        // As wide as the canvas can spare and no wider (it keeps half the window): what it
        // shows is laid out to fit (the SAT table's two-line rows, plots as wide as the panel).
        egui::SidePanel::right("right")
            .resizable(false)
            .exact_width(layout.right)
            .show(ctx, |ui| {
                // Both ways: a wide table (two 64-gons' 128 axes) scrolls rather than being cut.
                egui::ScrollArea::both().show(ui, |ui| {
                    ui.horizontal(|ui| {
                        if layout.narrow {
                            let text = if show_left {
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
                        ui.heading(mode.title());
                    });
                    if quiz.on || quiz.tour_ask.is_some() {
                        let questions = scene.questions.len();
                        quiz::panel(ui, quiz, ask, questions, quiz_total, pair, out);
                    }
                    if ask.is_some() && quiz.given.is_none() {
                        // The steps, their text and the mode's table would give the answer.
                        return;
                    }
                    let step = session.step;
                    let count = mode.step_count(pair);
                    let explained = mode.explain(pair, step);
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
                        ui.label(
                            RichText::new(&explained.label)
                                .strong()
                                .color(colors::accent()),
                        );
                    });
                    if count > 1 {
                        let mut s = step;
                        ui.add(egui::Slider::new(&mut s, 0..=count - 1).show_value(false));
                        if s != step {
                            out.push(Command::Step(StepTo::At(s)));
                        }
                    }
                    // The step text in a box of steady height, so the controls below do not jump
                    // as the text changes length: five lines, or as tall as the longest text of
                    // this mode shown so far, as long as the panel shows it whole with a few
                    // lines of room below. Only a text longer than that scrolls inside it.
                    let text = explained.text;
                    let top = ui.cursor().top();
                    let tall = {
                        let wrap = ui.available_width().min(ui.clip_rect().width()).max(60.0);
                        let galley = ui.painter().layout(
                            text.clone(),
                            egui::FontId::proportional(15.0),
                            egui::Color32::WHITE,
                            wrap,
                        );
                        galley.size().y + 4.0
                    };
                    let room = ui.clip_rect().bottom() - top - 15.0 * 1.35 * 3.0;
                    let id = ui.id().with(("step text height", mode.title()));
                    let kept = ui.data(|d| d.get_temp::<f32>(id)).unwrap_or(0.0);
                    let steady = (15.0 * 1.35 * 5.0_f32).max(kept.max(tall).min(room));
                    ui.data_mut(|d| d.insert_temp(id, steady));
                    egui::ScrollArea::vertical()
                        .id_salt("step text")
                        .max_height(steady)
                        .show(ui, |ui| ui.label(RichText::new(&text).size(15.0)));
                    shown = Some(text);
                    let used = ui.cursor().top() - top;
                    if used < steady {
                        ui.add_space(steady - used);
                    }
                    let mut exact_now = exact;
                    if ui
                        .checkbox(&mut exact_now, "Exact numbers (X)")
                        .on_hover_text(
                            "every number in full f32 precision (its shortest exact decimal), \
                             not to four decimals",
                        )
                        .changed()
                    {
                        out.push(Command::ToggleExactNumbers);
                    }
                    let mut hex_now = hex;
                    if exact
                        && ui
                            .checkbox(&mut hex_now, "as hex floats (0x1.8p-1)")
                            .on_hover_text(
                                "each f32 bit for bit, as C's %a and an engine's dump write it",
                            )
                            .changed()
                    {
                        out.push(Command::ToggleHexNumbers);
                    }
                    crate::app::modes::arithmetic::panel(ui, explained.rows);
                    if let Some(d) = &session.expected {
                        super::expected::panel(ui, d, pair, mode.kind(), out);
                    }
                    sweep.panel(ui, scene, editing, out);
                    ui.separator();
                    let before = Controls {
                        step,
                        options: session.options,
                        margin: scene.speculative_margin,
                    };
                    let mut controls = before;
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
                            legend::show(ui, mode.legend());
                            legend::show(ui, legend::COMMON);
                        });
                });
            });
        shown
    }
}
