//! The `--print-state` line (DESIGN.md "Command line"): what the app shows, as JSON a test
//! reads — the scene, the mode and step, the views, labels and marks drawn, the panels, the
//! pair's numbers, the timings, the questions waiting, each mode's own fields.

use super::document::Document;
use super::input::BodyView;
use super::modes::Modes;
use super::quiz::{self, Quiz};
use super::session::Session;
use super::state::overview::Overview;
use super::state::{Dialogs, Probe, Shell, stats};
use super::views::Views;

/// What the line is made from: the app's parts, borrowed for one line.
pub struct PrintState<'a> {
    /// The scene.
    pub doc: &'a Document,
    /// The lecture, mode, step and pair.
    pub session: &'a Session,
    /// Every mode (each adds its own fields).
    pub modes: &'a Modes,
    /// The cameras.
    pub views: &'a Views,
    /// What the last frame drew, the commands counted, the timings.
    pub probe: &'a Probe,
    /// The banner and the questions waiting.
    pub dialogs: &'a Dialogs,
    /// The scale and look.
    pub shell: &'a Shell,
    /// The quiz.
    pub quiz: &'a Quiz,
    /// The bodies as the gestures see them (their centres on screen).
    pub bodies: [BodyView<'a>; 2],
}

impl PrintState<'_> {
    /// The `--print-state` JSON line.
    pub fn line(&self) -> String {
        let screen = |i: usize| {
            let s = self.views.cam.to_screen(self.bodies[i.min(1)].centre());
            serde_json::json!([s.x, s.y])
        };
        let scene = serde_json::to_value(self.doc.scene()).unwrap_or(serde_json::Value::Null);
        let timings = &self.probe.stats.timings;
        let dragging = || timings.iter().filter(|t| t.dragging);
        let pair = &self.session.pair;
        let mut state = serde_json::json!({
            "scene": scene,
            "mode": self.session.mode.name(),
            "step": self.session.step,
            "zoom": self.views.cam.zoom,
            "screen": { "a": screen(0), "b": screen(1) },
            "ui_scale": self.shell.ui_scale,
            "device_pixel_ratio": super::web::device_pixel_ratio(),
            "theme": self.shell.look.theme.name(),
            "palette": self.shell.look.palette.name(),
            "embed": self.shell.embed,
            "exact_numbers": self.shell.exact_numbers,
            "hex_numbers": self.shell.hex_numbers,
            "views": self.probe.drawn.views.iter().map(|v| serde_json::json!({
                "name": v.name,
                "rect": v.rect,
                "content": v.content,
            })).collect::<Vec<_>>(),
            "marks": self.probe.drawn.marks.iter().map(|m| match m.shape {
                crate::app::draw::MarkShape::Point(r) => serde_json::json!({"kind": m.kind, "rect": r}),
                crate::app::draw::MarkShape::Line(l, w) => serde_json::json!({"kind": m.kind, "segment": l, "width": w}),
            }).collect::<Vec<_>>(),
            "buttons": self.probe.buttons.iter().map(|(name, rect)| (name.to_string(), serde_json::json!(rect))).collect::<serde_json::Map<_, _>>(),
            "panels": self.probe.panels.iter().map(|(name, rect)| (name.to_string(), serde_json::json!(rect))).collect::<serde_json::Map<_, _>>(),
            "labels": self.probe.drawn.labels.iter().map(|l| serde_json::json!({
                "text": l.text,
                "rect": l.rect,
                "leader": l.leader,
            })).collect::<Vec<_>>(),
            "modified": self.doc.modified(),
            "undo": self.doc.undo_len(),
            "overlap": pair.query.overlap,
            "separation": pair.query.separation,
            "points": pair.manifold.len(),
            "selected_parts": self.session.pair.shown_parts(),
            "parts_chosen": self.session.parts.is_some(),
            "manifolds": pair.whole.manifolds.iter().map(|m| serde_json::json!({
                "parts": m.parts,
                "ids": m.manifold.points().map(|p| m.id(p)).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "frame_ms": stats(timings.iter().map(|t| t.interval_ms)),
            "work_ms": stats(timings.iter().map(|t| t.work_ms)),
            "drag_frame_ms": stats(dragging().map(|t| t.interval_ms)),
            "drag_work_ms": stats(dragging().map(|t| t.work_ms)),
            "peak_memory_kb": peak_memory_kb(),
            "asking": self.dialogs.asking(),
            "scene_index": self.session.index,
            "step_text": self.probe.shown_step_text,
            "slide_error": self.dialogs.slide_error,
            "quiz": quiz::state_json(
                self.quiz,
                self.doc.scene(),
                &self.session.pair,
                quiz::total_questions(&self.session.lecture),
                &self.views.cam,
                Some(&self.views.second),
            ),
            "edit": super::panels::edit::draft::state_json(
                self.dialogs.edit_open,
                self.dialogs.edit_error.as_deref(),
                &self.probe.edit_widgets,
                self.doc.scene(),
            ),
            "banner": self.dialogs.banner.as_ref().map(|b| serde_json::json!({
                "text": b.text,
                "error": b.error,
            })),
        });
        // The lecture overview (O): its rows, and its window and rows among the views and
        // labels on screen.
        if let serde_json::Value::Object(fields) = &mut state {
            overview_fields(fields, &self.dialogs.overview, self.session.index);
        }
        // Each mode's own fields (the manifold's `id_changes`), whichever mode is shown.
        if let serde_json::Value::Object(fields) = &mut state {
            let tour = &self.session.tour;
            if let Some((stop, of, caption)) = tour.caption(self.doc.scene()) {
                let json = serde_json::json!({
                    "stop": stop,
                    "of": of,
                    "caption": caption,
                    "waiting": tour.waiting_words(),
                    "gliding": tour.glide.is_some(),
                    "presenter": tour.presenter,
                });
                fields.insert("tour".into(), json);
            }
            if let Some(view) = &self.shell.presenter_view {
                let json = serde_json::json!({
                    "open": view.open,
                    "stop": view.sent.stop.map(|s| s.0),
                    "caption": view.sent.caption,
                    "next": view.sent.next,
                    "shown": view.shown == Some(view.sent.serial),
                });
                fields.insert("presenter_window".into(), json);
            }
            for mode in self.modes.iter() {
                let shown = (mode.kind() == self.session.mode).then_some(&self.views.cam);
                mode.probe(fields, shown);
            }
        }
        state.to_string()
    }
}

/// `overview`: `{"open": false, "rect": null, "rows": []}` while closed; open, `{"open": true, "rect", "rows": [{"index", "file",
/// "title", "mode", "sim", "questions", "stops", "error", "current", "rect"}]}` (a row's
/// `rect` `[x, y, w, h]` in window pixels, of zero size when scrolled out of sight; `error`
/// null for a scene that loads, and its other fields null for one that does not). Open, the
/// window is also a `views` entry named `overview`, and each row a `labels` entry.
fn overview_fields(
    fields: &mut serde_json::Map<String, serde_json::Value>,
    overview: &Overview,
    current: usize,
) {
    use serde_json::{Value, json};
    let Some(rows) = &overview.rows else {
        fields.insert(
            "overview".into(),
            json!({ "open": false, "rect": null, "rows": [] }),
        );
        return;
    };
    let rect = |i: usize| overview.row_rects.get(i).copied().unwrap_or_default();
    let mut labels = Vec::new();
    let rows: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let s = row.summary.as_ref().ok();
            let text = match &row.summary {
                Ok(s) => format!(
                    "{}. {} · {}{} · {} questions · {} stops",
                    i + 1,
                    s.title,
                    s.mode.name(),
                    if s.sim { " · sim" } else { "" },
                    s.questions,
                    s.stops
                ),
                Err(e) => format!("{}. {}: {e}", i + 1, row.name),
            };
            labels.push(json!({ "text": text, "rect": rect(i) }));
            json!({
                "index": i,
                "file": row.name,
                "title": s.map(|s| s.title.clone()),
                "mode": s.map(|s| s.mode.name()),
                "sim": s.map(|s| s.sim),
                "questions": s.map(|s| s.questions),
                "stops": s.map(|s| s.stops),
                "error": row.summary.as_ref().err(),
                "current": i == current,
                "rect": rect(i),
            })
        })
        .collect();
    let window = overview.window.unwrap_or_default();
    if let Some(Value::Array(views)) = fields.get_mut("views") {
        views.push(json!({ "name": "overview", "rect": window, "content": window }));
    }
    if let Some(Value::Array(shown)) = fields.get_mut("labels") {
        shown.extend(labels);
    }
    fields.insert(
        "overview".into(),
        json!({ "open": true, "rect": window, "rows": rows }),
    );
}

/// The process's peak resident memory so far (kB, Linux's `VmHWM`), for `--print-state`;
/// `None` where it cannot be read.
fn peak_memory_kb() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
    #[cfg(not(target_os = "linux"))]
    None
}
