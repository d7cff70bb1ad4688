//! Every panel of a frame, from the app's parts: the status bar, the shapes panel, the mode's
//! panel, the notes and the dialogs (in an embed: its bar and the dialogs).

use super::{PanelLayout, dialogs, embed, left, panel_rects, right, status, sweep_plot, tour_bar};
use crate::app::command::Command;
use crate::app::document::{Document, EditSource};
use crate::app::input::Gesture;
use crate::app::modes::Modes;
use crate::app::quiz::Quiz;
use crate::app::session::Session;
use crate::app::state::{Dialogs, Probe, Shell};
use crate::app::views::Views;

/// The parts the panels read, and the few they change (the modes' panel state, the sweep,
/// the dialogs' fields, what the probe records of them), borrowed for one frame.
pub struct Panels<'a> {
    /// The scene.
    pub doc: &'a Document,
    /// The lecture, mode, step, options and pair.
    pub session: &'a Session,
    /// Every mode (the shown one draws its panel).
    pub modes: &'a mut Modes,
    /// Vertex edit and the gesture (no sweep while a drag edits the scene).
    pub views: &'a Views,
    /// The dialogs and their fields.
    pub dialogs: &'a mut Dialogs,
    /// The scale, look, embed and shapes-panel switches.
    pub shell: &'a Shell,
    /// The quiz (its panel, and whether it hides the mode's numbers).
    pub quiz: &'a Quiz,
    /// The sweep plot.
    pub sweep: &'a mut sweep_plot::SweepPlot,
    /// What the panels showed (their rectangles, the step text), for `--print-state`.
    pub probe: &'a mut Probe,
}

impl Panels<'_> {
    /// Builds every panel for this frame; returns what the user asked for.
    pub fn show(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let mut out = Vec::new();
        self.probe.buttons.clear();
        if self.shell.embed {
            // A figure in another page: the canvas and a slim bar, nothing else but a question
            // that must be answered (a link changed while the scene had edits).
            let mut locks = self.shell.locks.clone().unwrap_or_default();
            // `&text=1`: the words under the canvas, the tour's caption bar when the scene has
            // a tour (its stops then walk by its buttons as by N and P), else the step text.
            let touring = locks.text && self.session.tour.stop.is_some();
            locks.text &= !touring;
            let mode = self.modes.get(self.session.mode);
            let buttons = &mut self.probe.buttons;
            if let Some(text) = embed::bar(
                ctx,
                self.modes,
                mode,
                self.session,
                &locks,
                &mut out,
                buttons,
            ) {
                self.probe.shown_step_text = text;
            }
            if touring {
                let _ = self.tour_ui(ctx, &mut out);
            }
            // A stop's question (a prediction gate): answered in a window over the figure.
            if let Some(ask) = self.quiz.tour_ask.clone().filter(|_| touring) {
                egui::Window::new("Predict")
                    .id(egui::Id::new("embed predict"))
                    .title_bar(false)
                    .resizable(false)
                    .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 40.0))
                    .default_width(260.0)
                    .show(ctx, |ui| {
                        let pair = &self.session.pair;
                        crate::app::quiz::panel(ui, self.quiz, Some(&ask), 1, 0, pair, &mut out);
                    });
            }
            self.dialogs_ui(ctx, &mut out);
            // Never the Edit panel: students in a lesson page do not edit the scene.
            self.probe.edit_widgets.clear();
            self.probe.panels = panel_rects(ctx, &["embed", "embed text", "tour"]);
            return out;
        }
        let mut layout = PanelLayout::new(ctx.screen_rect().size(), self.shell.show_left);
        let hides = self.quiz.hides(self.doc.scene());
        // A mode that plays (Simulate) shows its own pair at its step: the run's, not the
        // scene's start pose.
        let played = self
            .modes
            .get_mut(self.session.mode)
            .player()
            .and_then(|p| p.shown_pair(self.session.parts));
        let shown = status::Shown {
            pair: played
                .as_ref()
                .and_then(|p| p.pair.as_ref())
                .unwrap_or(&self.session.pair),
            caption: played.as_ref().map(|p| p.caption.as_str()),
        };
        status::status_bar(
            ctx,
            self.doc,
            self.session,
            &shown,
            hides,
            self.probe.stats.frame_ms,
        );
        // The caption bar's room comes out of the notes' share: the canvas keeps at least
        // half the window.
        layout.notes = (layout.notes - self.tour_ui(ctx, &mut out)).max(0.0);
        if let Some(w) = layout.left {
            let left = left::Left {
                modes: self.modes,
                session: self.session,
                shown: &shown,
                scene: self.doc.scene(),
                vertex_edit: self.views.vertex_edit,
                ui_scale: self.shell.ui_scale,
                quiz_hides: hides,
                look: self.shell.look,
                embed_locks: &self.shell.embed_locks,
                zoom: self.views.cam.zoom,
            };
            left.show(ctx, w, &mut out);
        }
        let ask = self.quiz.ask(self.doc.scene()).cloned();
        let quiz_total = crate::app::quiz::total_questions(&self.session.lecture);
        // Not while a drag or a field changes the scene: the sweep's plots keep their rows.
        let editing = self.doc.editing(EditSource::Canvas)
            || self.doc.editing(EditSource::Panel)
            || self.views.interaction.gesture != Gesture::Idle;
        let right = right::Right {
            mode: self.modes.get_mut(self.session.mode),
            session: self.session,
            scene: self.doc.scene(),
            quiz: self.quiz,
            ask: ask.as_ref(),
            quiz_total,
            sweep: self.sweep,
            editing,
            show_left: self.shell.show_left,
            exact: self.shell.exact_numbers,
            hex: self.shell.hex_numbers,
        };
        if let Some(text) = right.show(ctx, &layout, &mut out) {
            self.probe.shown_step_text = text;
        }
        status::notes_panel(
            ctx,
            layout.notes,
            self.doc.scene(),
            hides,
            &self.dialogs.warnings,
        );
        super::edit::panel::EditView {
            scene: self.doc.scene(),
            mode: self.session.mode,
            step: self.session.step,
            open: self.dialogs.edit_open,
            error: self.dialogs.edit_error.as_deref(),
            widgets: &mut self.probe.edit_widgets,
        }
        .show(ctx, &mut out);
        self.dialogs_ui(ctx, &mut out);
        self.probe.panels = panel_rects(ctx, &["left", "right", "notes", "status", "tour"]);
        out
    }

    /// The tour's caption bar and the presenter's notes; the bar's height in points (0 when
    /// the scene has no tour).
    fn tour_ui(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) -> f32 {
        let tour = &self.session.tour;
        let before = ctx.available_rect().height();
        tour_bar::tour_bar(ctx, self.doc.scene(), tour, out, &mut self.probe.buttons);
        tour_bar::presenter_notes(ctx, self.doc.scene(), tour, out);
        (before - ctx.available_rect().height()).max(0.0)
    }

    /// The dialogs (help, open, save as, the questions that wait for an answer), in the full
    /// app and in an embed alike.
    fn dialogs_ui(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        dialogs::DialogsView {
            dialogs: self.dialogs,
            modes: self.modes,
            path: self.doc.path(),
            lecture: &self.session.lecture,
            index: self.session.index,
        }
        .show(ctx, out);
    }
}
