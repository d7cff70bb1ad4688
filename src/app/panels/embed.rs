//! The slim bar of a figure embedded in another page (`&embed=1`): the mode, a step back and
//! forward (and play in Simulate) with the step's name, and *Reset*. The page itself adds the "open in the full app"
//! link at the bar's right end (`web/index.html`), a real link, so a browser opens it in a new
//! tab as a click on any link. Nothing else: no notes, no side panels, no status bar.

use crate::app::command::{Command, StepTo};
use crate::app::draw::colors;
use crate::app::locks::Locks;
use crate::app::modes::{Mode, ModeKind, Modes};
use crate::app::panels::window_rect;
use crate::app::session::Session;
use egui::RichText;

/// Room the page's own link takes at the bar's right end, in points.
pub const LINK_ROOM: f32 = 84.0;

/// The bar across the top of the figure (its mode list the modes `locks` offers); its buttons
/// push their commands to `out`. With `&text=1` the step's words are shown under the canvas:
/// those words are returned.
pub fn bar(
    ctx: &egui::Context,
    modes: &Modes,
    mode: &dyn Mode,
    session: &Session,
    locks: &Locks,
    out: &mut Vec<Command>,
    buttons: &mut Vec<(&'static str, [f32; 4])>,
) -> Option<String> {
    egui::TopBottomPanel::top("embed")
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                let shown = session.mode;
                egui::ComboBox::from_id_salt("embed mode")
                    .selected_text(short_title(modes.get(shown)))
                    .width(96.0)
                    .show_ui(ui, |ui| {
                        for kind in ModeKind::ALL.into_iter().filter(|k| locks.offers(*k)) {
                            if ui
                                .selectable_label(kind == shown, modes.get(kind).title())
                                .clicked()
                                && kind != shown
                            {
                                out.push(Command::SetMode(kind));
                            }
                        }
                    });
                for (text, hover, to, name) in [
                    (
                        "◀",
                        "previous step (Left arrow)",
                        StepTo::Previous,
                        "embed previous",
                    ),
                    ("▶", "next step (Right arrow)", StepTo::Next, "embed next"),
                ] {
                    let button = ui.button(text).on_hover_text(hover);
                    buttons.push((name, window_rect(ctx, button.rect)));
                    if button.clicked() {
                        out.push(Command::Step(to));
                    }
                }
                // A mode that plays (Simulate) gets its play button: Space needs the keyboard,
                // which the figure has only once clicked.
                if shown == ModeKind::Simulate {
                    let play = play_pause_button(ui).on_hover_text("play or pause (Space)");
                    buttons.push(("embed play", window_rect(ctx, play.rect)));
                    if play.clicked() {
                        out.push(Command::PlayPause);
                    }
                }
                let reset = ui
                    .button("⟲")
                    .on_hover_text("reset: the scene, mode and step as the figure opened");
                buttons.push(("embed reset", window_rect(ctx, reset.rect)));
                if reset.clicked() {
                    out.push(Command::Reset);
                }
                // The step's name, as far as the bar has room for it before the page's link.
                let room = ui.available_width() - LINK_ROOM;
                if room > 24.0 {
                    let label = mode.explain(&session.pair, session.step).label;
                    ui.add_sized(
                        [room, ui.available_height()],
                        egui::Label::new(RichText::new(label).color(colors::accent())).truncate(),
                    );
                }
            });
        });
    if !locks.text {
        return None;
    }
    // The step's words, sized to the figure: at most a third of its height, scrolled within.
    let text = mode.explain(&session.pair, session.step).text;
    let most = ctx.screen_rect().height() / 3.0;
    egui::TopBottomPanel::bottom("embed text")
        .resizable(false)
        .max_height(most)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(most)
                .show(ui, |ui| {
                    ui.label(text.as_str());
                });
        });
    Some(text)
}

/// A button with the play/pause sign drawn as shapes (a triangle and two bars): egui's fonts
/// have no U+23EF, which showed as a blank box.
fn play_pause_button(ui: &mut egui::Ui) -> egui::Response {
    let response = ui.add(egui::Button::new(" ").min_size(egui::vec2(30.0, 0.0)));
    let colour = ui.style().interact(&response).fg_stroke.color;
    let c = response.rect.center();
    let h = 5.0;
    let painter = ui.painter();
    painter.add(egui::Shape::convex_polygon(
        vec![
            egui::pos2(c.x - 8.0, c.y - h),
            egui::pos2(c.x - 8.0, c.y + h),
            egui::pos2(c.x + 1.0, c.y),
        ],
        colour,
        egui::Stroke::NONE,
    ));
    for x in [c.x + 3.0, c.x + 6.5] {
        painter.rect_filled(
            egui::Rect::from_min_size(egui::pos2(x, c.y - h), egui::vec2(2.0, 2.0 * h)),
            0.0,
            colour,
        );
    }
    response
}

/// A mode's title short enough for the bar.
pub(crate) fn short_title(mode: &dyn Mode) -> &'static str {
    match mode.kind() {
        ModeKind::Sat => "SAT",
        ModeKind::Gjk => "GJK / EPA",
        ModeKind::Manifold => "Manifold",
        ModeKind::Simulate => "Simulate",
        ModeKind::Continuous => "Continuous",
    }
}
