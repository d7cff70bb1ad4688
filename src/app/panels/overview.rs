//! The lecture overview's window (O, or the *Overview* buttons): a row per scene of the
//! lecture with its title, mode, simulation, questions and tour stops, or its load error; the
//! current scene marked. A click on a row goes to that scene as PageDown would
//! ([`Command::GoTo`]). The rows are the overview's own, made when the lecture was loaded
//! ([`crate::app::state::overview`]); this only draws them.

use crate::app::command::Command;
use crate::app::draw::colors;
use crate::app::modes::Modes;
use crate::app::state::overview::{Overview, OverviewRow};
use egui::{RichText, Sense};

/// The columns' widths after the title's, in points: the marker, the number, the mode, sim,
/// questions, stops.
const WIDTHS: [f32; 6] = [16.0, 30.0, 130.0, 36.0, 76.0, 44.0];

/// The title column's width, in points, within the room a window of `screen_width` points
/// leaves beside the other columns.
fn title_width(screen_width: f32) -> f32 {
    let others: f32 = WIDTHS.iter().sum::<f32>() + 7.0 * 8.0 + 40.0;
    (screen_width - others).clamp(150.0, 340.0)
}

/// Draws the overview when it is open; a click on a row pushes [`Command::GoTo`] onto `out`
/// and closes it. `current` is the index of the scene shown; `modes` name the modes.
pub(crate) fn show(
    ctx: &egui::Context,
    overview: &mut Overview,
    modes: &Modes,
    current: usize,
    out: &mut Vec<Command>,
) {
    let Some(rows) = overview.rows.take() else {
        return;
    };
    let ppp = crate::app::web::window_pixels_per_point(ctx);
    let px = |r: egui::Rect| {
        [
            r.min.x * ppp,
            r.min.y * ppp,
            r.width() * ppp,
            r.height() * ppp,
        ]
    };
    let screen = ctx.screen_rect();
    let title_w = title_width(screen.width());
    let mut open = true;
    let mut chosen = None;
    let mut rects = Vec::with_capacity(rows.len());
    // The first frames place the window (egui measures a new window unseen) and scroll to
    // the current scene; the rows' places are reported once they hold still.
    let mut settled = overview.settled;
    let shown = egui::Window::new("Lecture overview (O)")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
        .show(ctx, |ui| {
            let sizing = ui.is_sizing_pass();
            ui.label(format!(
                "{} — click a scene to go to it (as PageDown would)",
                crate::app::words::count(rows.len(), "scene", "scenes")
            ));
            ui.separator();
            header(ui, title_w);
            let room = (screen.height() - 160.0).max(80.0);
            egui::ScrollArea::vertical()
                .max_height(room)
                .animated(false)
                .id_salt("overview rows")
                .show(ui, |ui| {
                    let visible = ui.clip_rect();
                    for (i, row) in rows.iter().enumerate() {
                        let r = row_ui(ui, modes, i, row, i == current, title_w);
                        if r.clicked() {
                            chosen = Some(i);
                        }
                        if !settled && i == current {
                            r.scroll_to_me(Some(egui::Align::Center));
                        }
                        // Not yet where it stays, or scrolled out of sight: no place on screen.
                        let rect = px(r.rect);
                        rects.push(if settled && visible.intersects(r.rect) {
                            rect
                        } else {
                            [rect[0], rect[1], 0.0, 0.0]
                        });
                    }
                });
            let was = settled;
            settled = settled || !sizing;
            was
        });
    let placed = shown.as_ref().and_then(|s| s.inner).unwrap_or(false);
    overview.window = shown.filter(|_| placed).map(|s| px(s.response.rect));
    overview.row_rects = rects;
    if !placed {
        ctx.request_repaint();
    }
    overview.settled = settled;
    overview.rows = Some(rows);
    if let Some(i) = chosen {
        out.push(Command::GoTo(i));
        overview.close();
    } else if !open {
        overview.close();
    }
}

/// The column headings.
fn header(ui: &mut egui::Ui, title_w: f32) {
    ui.horizontal(|ui| {
        let [mark, number, mode, sim, questions, stops] = WIDTHS;
        cell(ui, mark, RichText::new(""));
        cell(ui, number, RichText::new("#").strong());
        cell(ui, title_w, RichText::new("title").strong());
        cell(ui, mode, RichText::new("opens in").strong());
        cell(ui, sim, RichText::new("sim").strong());
        cell(ui, questions, RichText::new("questions").strong());
        cell(ui, stops, RichText::new("stops").strong());
    });
}

/// One row: the scene `i`'s summary or its error, marked when `current`; clickable as a whole.
fn row_ui(
    ui: &mut egui::Ui,
    modes: &Modes,
    i: usize,
    row: &OverviewRow,
    current: bool,
    title_w: f32,
) -> egui::Response {
    // The row's background goes under its text: its place is kept, and filled once the
    // row's size (and whether the pointer is over it) is known.
    let background = ui.painter().add(egui::Shape::Noop);
    let [mark, number, mode_w, sim_w, questions_w, stops_w] = WIDTHS;
    let content = ui.horizontal_top(|ui| {
        cell(
            ui,
            mark,
            RichText::new(if current { "▶" } else { "" }).strong(),
        );
        cell(ui, number, RichText::new(format!("{}", i + 1)));
        match &row.summary {
            Ok(s) => {
                let title = if s.title.trim().is_empty() {
                    RichText::new(&row.name).italics()
                } else {
                    RichText::new(&s.title)
                };
                cell(ui, title_w, if current { title.strong() } else { title });
                cell(ui, mode_w, RichText::new(modes.get(s.mode).title()));
                cell(ui, sim_w, RichText::new(if s.sim { "sim" } else { "–" }));
                cell(ui, questions_w, RichText::new(count_or_dash(s.questions)));
                cell(ui, stops_w, RichText::new(count_or_dash(s.stops)));
            }
            Err(e) => {
                ui.vertical(|ui| {
                    let wide = title_w + mode_w + sim_w + questions_w + stops_w + 4.0 * 8.0;
                    ui.set_width(wide);
                    ui.add(
                        egui::Label::new(RichText::new(&row.name).strong().color(colors::bad()))
                            .wrap(),
                    );
                    ui.add(egui::Label::new(RichText::new(e).color(colors::bad())).wrap());
                });
            }
        }
    });
    let rect = content.response.rect;
    let response = ui
        .interact(rect, ui.id().with(("overview row", i)), Sense::click())
        .on_hover_text(row.name.as_str());
    let visuals = ui.visuals();
    let fill = if current {
        Some(visuals.selection.bg_fill.gamma_multiply(0.5))
    } else if response.hovered() {
        Some(visuals.widgets.hovered.weak_bg_fill)
    } else {
        None
    };
    if let Some(fill) = fill {
        ui.painter().set(
            background,
            egui::Shape::rect_filled(rect.expand(2.0), 3.0, fill),
        );
    }
    response
}

/// A column of `width` points holding `text` on one line (wrapped if it must).
fn cell(ui: &mut egui::Ui, width: f32, text: RichText) {
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.add(egui::Label::new(text).wrap().selectable(false));
    });
}

/// A count, or a dash for none (the columns read at a glance).
fn count_or_dash(n: usize) -> String {
    if n == 0 { "–".into() } else { n.to_string() }
}
