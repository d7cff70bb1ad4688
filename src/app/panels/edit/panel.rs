//! The Edit panel: a window over the canvas with the scene's title, notes, presenter notes,
//! questions and tour. It changes nothing itself: it returns [`Command::Author`]s (and
//! [`Command::ToggleEditPanel`] when closed), and keeps only its own typing ([`Drafts`], in
//! egui's memory).

use super::draft::{Drafts, Field, Typing, sets};
use crate::app::command::{Authoring, Command};
use crate::app::tour::wait_words;
use crate::app::words::count;
use crate::scene::questions::Which;
use crate::scene::tour::MAX_CAPTION_CHARS;
use crate::scene::{AskKind, Mode, Scene, Stop, Wait};
use egui::{Color32, RichText, TextEdit};

/// Every kind of question, in the order the panel offers them.
pub const ASK_KINDS: [AskKind; 7] = [
    AskKind::Overlap,
    AskKind::ContactCount,
    AskKind::ReferenceFace,
    AskKind::SeparatingAxis,
    AskKind::NormalAxis,
    AskKind::GjkClosestFeature,
    AskKind::ClipSurvivors,
];

/// The *Edit…* button of the left panel (its place is recorded for `--print-state`).
pub fn button(ui: &mut egui::Ui, out: &mut Vec<Command>) {
    let r = ui
        .button("Edit…")
        .on_hover_text("E: the title, notes, presenter notes, questions and tour");
    if r.clicked() {
        out.push(Command::ToggleEditPanel);
    }
    ui.ctx().data_mut(|d| d.insert_temp(button_id(), r.rect));
}

fn button_id() -> egui::Id {
    egui::Id::new("edit button")
}

fn field_id(field: Field) -> egui::Id {
    egui::Id::new(("edit field", field))
}

/// The scene's text of `field` (None: no such question or stop).
fn value(scene: &Scene, field: Field) -> Option<String> {
    Some(match field {
        Field::Title => scene.title.clone(),
        Field::Notes => scene.notes.clone(),
        Field::Presenter => scene.presenter.clone(),
        Field::Prompt(i) => scene.questions.get(i)?.prompt.clone().unwrap_or_default(),
        Field::Caption(i) => scene.tour.get(i)?.caption.clone(),
    })
}

/// The command that commits what was typed: none when nothing changed, or when the field's
/// text is no longer what it was when the typing began (its stop or question was deleted or
/// moved meanwhile).
fn commit(scene: &Scene, t: Typing) -> Option<Command> {
    if value(scene, t.field).as_deref() != Some(t.was.as_str()) || t.draft == t.was {
        return None;
    }
    Some(Command::Author(match t.field {
        Field::Title => Authoring::Title(t.draft),
        Field::Notes => Authoring::Notes(t.draft),
        Field::Presenter => Authoring::Presenter(t.draft),
        Field::Prompt(i) => Authoring::Prompt(i, t.draft),
        Field::Caption(i) => Authoring::Caption(i, t.draft),
    }))
}

/// What the panel shows: the scene, and the mode and step *Add stop here* records.
pub struct EditView<'a> {
    /// The scene.
    pub scene: &'a Scene,
    /// The mode shown.
    pub mode: Mode,
    /// The step shown.
    pub step: usize,
    /// The panel is shown.
    pub open: bool,
    /// Why the last change was refused.
    pub error: Option<&'a str>,
    /// Where its widgets are drawn this frame, by name (window pixels), for `--print-state`.
    pub widgets: &'a mut Vec<(String, [f32; 4])>,
}

/// The panel's own state, drawn in one frame: its drafts and where its widgets went.
struct St<'a> {
    drafts: Drafts,
    widgets: &'a mut Vec<(String, [f32; 4])>,
    error: Option<&'a str>,
}

fn drafts_id() -> egui::Id {
    egui::Id::new("edit drafts")
}

impl EditView<'_> {
    /// Draws the panel when it is open; what the user asks for is pushed onto `out`.
    pub fn show(self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let EditView {
            scene,
            mode,
            step,
            open: is_open,
            error,
            widgets,
        } = self;
        widgets.clear();
        let drafts = ctx.data_mut(|d| d.get_temp::<Drafts>(drafts_id()).unwrap_or_default());
        let st = &mut St {
            drafts,
            widgets,
            error,
        };
        let ppp = crate::app::web::window_pixels_per_point(ctx);
        if let Some(r) = ctx.data_mut(|d| {
            let r = d.get_temp::<egui::Rect>(button_id());
            d.remove::<egui::Rect>(button_id());
            r
        }) {
            record(st, "button", r, ppp);
        }
        // A field that lost the keys since the last frame (a click elsewhere, Enter, the panel
        // closed): what was typed becomes one edit.
        if let Some(t) = st.drafts.typing.take() {
            if ctx.memory(|m| m.has_focus(field_id(t.field))) && is_open {
                st.drafts.typing = Some(t);
            } else {
                out.extend(commit(scene, t));
            }
        }
        if is_open {
            window(ctx, scene, mode, step, st, ppp, out);
        }
        let drafts = std::mem::take(&mut st.drafts);
        ctx.data_mut(|d| d.insert_temp(drafts_id(), drafts));
    }
}

/// The panel's window, open.
fn window(
    ctx: &egui::Context,
    scene: &Scene,
    mode: Mode,
    step: usize,
    st: &mut St<'_>,
    ppp: f32,
    out: &mut Vec<Command>,
) {
    let mut open = true;
    let room = ctx.available_rect();
    // As tall as the window allows below its top (it may cover the notes panel).
    let tallest = (ctx.screen_rect().bottom() - room.top() - 24.0).max(120.0);
    let shown = egui::Window::new("Edit")
        .id(egui::Id::new("edit window"))
        .open(&mut open)
        .default_pos(room.left_top() + egui::vec2(12.0, 12.0))
        .default_width(360.0)
        .max_height(tallest)
        .vscroll(true)
        .show(ctx, |ui| contents(ui, scene, mode, step, st, ppp, out));
    if let Some(w) = shown {
        record(st, "window", w.response.rect, ppp);
    }
    if !open {
        out.push(Command::ToggleEditPanel);
    }
}

fn record(st: &mut St<'_>, name: impl Into<String>, r: egui::Rect, ppp: f32) {
    let r = [
        r.min.x * ppp,
        r.min.y * ppp,
        r.width() * ppp,
        r.height() * ppp,
    ];
    st.widgets.push((name.into(), r));
}

/// A text field of the scene: shows the scene's text, or the draft while it is typed in;
/// the typing is committed when the field lets the keys go.
fn text(
    ui: &mut egui::Ui,
    scene: &Scene,
    st: &mut St<'_>,
    field: Field,
    hint: &str,
    out: &mut Vec<Command>,
) -> egui::Response {
    let current = value(scene, field).unwrap_or_default();
    let typing = st.drafts.typing.as_ref().filter(|t| t.field == field);
    let was_typing = typing.is_some();
    let mut draft = typing.map_or_else(|| current.clone(), |t| t.draft.clone());
    let edit = match field {
        Field::Notes | Field::Presenter => TextEdit::multiline(&mut draft).desired_rows(3),
        Field::Caption(_) => TextEdit::singleline(&mut draft).char_limit(MAX_CAPTION_CHARS),
        _ => TextEdit::singleline(&mut draft),
    };
    let r = ui.add(
        edit.id(field_id(field))
            .hint_text(hint)
            .desired_width(f32::INFINITY),
    );
    if r.has_focus() {
        match &mut st.drafts.typing {
            Some(t) if t.field == field => t.draft = draft,
            other => {
                // Another field's typing ends as this one takes the keys.
                if let Some(t) = other.take() {
                    out.extend(commit(scene, t));
                }
                *other = Some(Typing {
                    field,
                    was: current,
                    draft,
                });
            }
        }
    } else if was_typing && let Some(t) = st.drafts.typing.take() {
        out.extend(commit(scene, Typing { draft, ..t }));
    }
    r
}

fn contents(
    ui: &mut egui::Ui,
    scene: &Scene,
    mode: Mode,
    step: usize,
    st: &mut St<'_>,
    ppp: f32,
    out: &mut Vec<Command>,
) {
    ui.label("Title");
    let r = text(ui, scene, st, Field::Title, "the scene's title", out);
    record(st, "title", r.rect, ppp);
    ui.label("Notes (what the students read; a blank line folds the rest away)");
    let r = text(ui, scene, st, Field::Notes, "notes for the students", out);
    record(st, "notes", r.rect, ppp);
    ui.label("Presenter notes (only in the presenter's view)");
    let r = text(ui, scene, st, Field::Presenter, "notes for you", out);
    record(st, "presenter", r.rect, ppp);
    ui.separator();
    questions(ui, scene, st, ppp, out);
    ui.separator();
    tour(ui, scene, mode, step, st, ppp, out);
    if let Some(e) = st.error {
        ui.label(RichText::new(e).color(Color32::from_rgb(230, 90, 80)));
    }
    ui.label(
        RichText::new("Each change is one undo step (Ctrl+Z); Ctrl+S saves into the file, keeping its comments.")
            .small(),
    );
}

fn questions(ui: &mut egui::Ui, scene: &Scene, st: &mut St<'_>, ppp: f32, out: &mut Vec<Command>) {
    ui.strong(format!("Questions ({})", scene.questions.len()));
    for (i, q) in scene.questions.iter().enumerate() {
        let row = ui.group(|ui| {
            ui.horizontal(|ui| {
                ui.label(format!("{}. {:?}", i + 1, q.kind));
                if let Some(k) = q.step {
                    ui.label(format!("at GJK step {k}"));
                }
                if ui.button("Delete").clicked() {
                    out.push(Command::Author(Authoring::DeleteQuestion(i)));
                }
            });
            text(
                ui,
                scene,
                st,
                Field::Prompt(i),
                q.kind.default_prompt(),
                out,
            );
        });
        record(st, format!("question {i}"), row.response.rect, ppp);
    }
    ui.horizontal(|ui| {
        let k = st.drafts.new_kind.min(ASK_KINDS.len() - 1);
        egui::ComboBox::from_id_salt("edit ask kind")
            .selected_text(format!("{:?}", ASK_KINDS[k]))
            .show_ui(ui, |ui| {
                for (i, kind) in ASK_KINDS.iter().enumerate() {
                    ui.selectable_value(&mut st.drafts.new_kind, i, format!("{kind:?}"))
                        .on_hover_text(kind.default_prompt());
                }
            });
        let r = ui.button("Add question");
        if r.clicked() {
            out.push(Command::Author(Authoring::AddQuestion(ASK_KINDS[k])));
        }
        record(st, "add question", r.rect, ppp);
    });
}

fn tour(
    ui: &mut egui::Ui,
    scene: &Scene,
    mode: Mode,
    step: usize,
    st: &mut St<'_>,
    ppp: f32,
    out: &mut Vec<Command>,
) {
    ui.strong(format!(
        "Tour ({})",
        count(scene.tour.len(), "stop", "stops")
    ));
    // The new stop first: it stays in view however long the tour grows.
    ui.label("The new stop's caption");
    let r = ui.add(
        TextEdit::singleline(&mut st.drafts.new_caption)
            .id(egui::Id::new("edit new caption"))
            .char_limit(MAX_CAPTION_CHARS)
            .hint_text("what the caption bar says at this stop")
            .desired_width(f32::INFINITY),
    );
    record(st, "caption", r.rect, ppp);
    let entered = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.horizontal_wrapped(|ui| {
        let add = ui
            .button("Add stop here")
            .on_hover_text("a stop at the end of the tour that shows what is shown now");
        record(st, "add stop", add.rect, ppp);
        if add.clicked() || entered {
            let caption = std::mem::take(&mut st.drafts.new_caption);
            out.push(Command::Author(Authoring::AddStopHere(caption)));
        }
        ui.label(
            RichText::new(format!(
                "records {}, step {step}, the camera and both poses",
                mode.name()
            ))
            .small(),
        );
    });
    let last = scene.tour.len().saturating_sub(1);
    for (i, stop) in scene.tour.iter().enumerate() {
        let row = ui.group(|ui| {
            ui.horizontal(|ui| {
                ui.label(format!("{}.", i + 1));
                if ui.add_enabled(i > 0, egui::Button::new("Up")).clicked() {
                    out.push(Command::Author(Authoring::StopUp(i)));
                }
                if ui
                    .add_enabled(i < last, egui::Button::new("Down"))
                    .clicked()
                {
                    out.push(Command::Author(Authoring::StopDown(i)));
                }
                if ui.button("Delete").clicked() {
                    out.push(Command::Author(Authoring::DeleteStop(i)));
                }
            });
            let r = text(ui, scene, st, Field::Caption(i), "a caption", out);
            record(st, format!("stop {i} caption"), r.rect, ppp);
            ui.label(RichText::new(sets(stop)).small());
            ui.horizontal_wrapped(|ui| does(ui, i, stop, st, ppp, out));
        });
        record(st, format!("stop {i}"), row.response.rect, ppp);
    }
}

/// What a stop may wait for, in the order the panel offers them (None: only `N` goes on).
const WAITS: [Option<Wait>; 7] = [
    None,
    Some(Wait::Drag(Which::A)),
    Some(Wait::Drag(Which::B)),
    Some(Wait::Click(None)),
    Some(Wait::Click(Some(0))),
    Some(Wait::Click(Some(1))),
    Some(Wait::Key),
];

/// How long a stop may play the simulation, in seconds (None: it does not play).
const PLAYS: [Option<f32>; 7] = [
    None,
    Some(0.5),
    Some(1.0),
    Some(2.0),
    Some(3.0),
    Some(5.0),
    Some(10.0),
];

/// A stop's wait, question and play, each a choice of a few (one undo step each).
fn does(
    ui: &mut egui::Ui,
    i: usize,
    stop: &Stop,
    st: &mut St<'_>,
    ppp: f32,
    out: &mut Vec<Command>,
) {
    let wait_name = |w: Option<Wait>| w.map_or("N goes on".to_string(), wait_words);
    let r = egui::ComboBox::from_id_salt(("stop wait", i))
        .selected_text(wait_name(stop.wait))
        .show_ui(ui, |ui| {
            for w in WAITS {
                if ui.selectable_label(stop.wait == w, wait_name(w)).clicked() && stop.wait != w {
                    out.push(Command::Author(Authoring::StopWait(i, w)));
                }
            }
        });
    record(st, format!("stop {i} wait"), r.response.rect, ppp);
    let kind = stop.ask.as_ref().map(|a| a.kind);
    let ask_name =
        |k: Option<AskKind>| k.map_or("asks nothing".to_string(), |k| format!("asks {k:?}"));
    let r = egui::ComboBox::from_id_salt(("stop ask", i))
        .selected_text(ask_name(kind))
        .show_ui(ui, |ui| {
            for k in std::iter::once(None).chain(ASK_KINDS.map(Some)) {
                if ui.selectable_label(kind == k, ask_name(k)).clicked() && kind != k {
                    out.push(Command::Author(Authoring::StopAsk(i, k)));
                }
            }
        });
    record(st, format!("stop {i} ask"), r.response.rect, ppp);
    // Play is Simulate's: offered where the stop shows it (or already plays).
    if stop.mode == Some(Mode::Simulate) || stop.play.is_some() {
        let play_name =
            |p: Option<f32>| p.map_or("no play".to_string(), |s| format!("plays {s} s"));
        let r = egui::ComboBox::from_id_salt(("stop play", i))
            .selected_text(play_name(stop.play))
            .show_ui(ui, |ui| {
                for p in PLAYS {
                    if ui.selectable_label(stop.play == p, play_name(p)).clicked() && stop.play != p
                    {
                        out.push(Command::Author(Authoring::StopPlay(i, p)));
                    }
                }
            });
        record(st, format!("stop {i} play"), r.response.rect, ppp);
    }
}
