//! The `--print-state` line (DESIGN.md "Command line"): what the app shows, as JSON a test
//! reads — the scene, the mode and step, the views, labels and marks drawn, the panels, the
//! pair's numbers, the timings, the questions waiting, each mode's own fields.

use super::document::Document;
use super::input::BodyView;
use super::modes::Modes;
use super::quiz::{self, Quiz};
use super::session::Session;
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
            "views": self.probe.drawn.views.iter().map(|v| serde_json::json!({
                "name": v.name,
                "rect": v.rect,
                "content": v.content,
            })).collect::<Vec<_>>(),
            "marks": self.probe.drawn.marks.iter().map(|m| match m.shape {
                crate::app::draw::MarkShape::Point(r) => serde_json::json!({"kind": m.kind, "rect": r}),
                crate::app::draw::MarkShape::Line(l, w) => serde_json::json!({"kind": m.kind, "segment": l, "width": w}),
            }).collect::<Vec<_>>(),
            "panels": self.probe.panels.iter().map(|(name, rect)| (name.to_string(), serde_json::json!(rect))).collect::<serde_json::Map<_, _>>(),
            "labels": self.probe.drawn.labels.iter().map(|l| serde_json::json!({
                "text": l.text,
                "rect": l.rect,
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
        // Each mode's own fields (the manifold's `id_changes`), whichever mode is shown.
        if let serde_json::Value::Object(fields) = &mut state {
            for mode in self.modes.iter() {
                let shown = (mode.kind() == self.session.mode).then_some(&self.views.cam);
                mode.probe(fields, shown);
            }
        }
        state.to_string()
    }
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
