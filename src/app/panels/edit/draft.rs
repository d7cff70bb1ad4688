//! The Edit panel's own state: whether it is open, the text being typed (not yet the scene's),
//! the last refusal, and where its widgets were drawn (for `--print-state`).

use crate::scene::Scene;
use crate::scene::tour::Stop;

/// A text field of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The title.
    Title,
    /// The students' notes.
    Notes,
    /// The presenter's notes.
    Presenter,
    /// Question `i`'s words.
    Prompt(usize),
    /// Stop `i`'s caption.
    Caption(usize),
}

/// A field being typed in: its text as it was when the typing began, and as typed so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Typing {
    /// The field.
    pub field: Field,
    /// The scene's text when the field took the keys.
    pub was: String,
    /// The text typed so far.
    pub draft: String,
}

/// The Edit panel's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditPanel {
    /// The panel is shown (`E`, *Edit…*).
    pub open: bool,
    /// The field that has the keys, with its draft (committed when it loses them).
    pub typing: Option<Typing>,
    /// The caption typed for the next *Add stop here*.
    pub new_caption: String,
    /// The kind of question *Add question* adds (an index into
    /// [`ASK_KINDS`](super::ops::ASK_KINDS)).
    pub new_kind: usize,
    /// Why the last edit was refused (cleared by the next edit that is carried out).
    pub error: Option<String>,
    /// Where the panel's widgets were drawn in the last frame, by name, in window pixels.
    pub shown: Vec<(String, [f32; 4])>,
}

/// What a stop sets, in words: its mode and step, whether it sets the camera and the poses.
pub fn sets(stop: &Stop) -> String {
    let mut parts = Vec::new();
    if let Some(m) = stop.mode {
        parts.push(m.name().to_string());
    }
    if let Some(k) = stop.step {
        parts.push(format!("step {k}"));
    }
    if let Some(v) = stop.view {
        parts.push(format!("view ×{:.0}", v.zoom));
    }
    for (name, pose) in [("A", stop.pose_a), ("B", stop.pose_b)] {
        if let Some(p) = pose {
            parts.push(format!(
                "{name} ({:.2}, {:.2}) {:.0}°",
                p.position.x, p.position.y, p.angle_deg
            ));
        }
    }
    if let Some(s) = stop.play {
        parts.push(format!("plays {s} s"));
    }
    if stop.ask.is_some() {
        parts.push("asks".into());
    }
    if stop.wait.is_some() {
        parts.push("waits".into());
    }
    if parts.is_empty() {
        return "the caption only".into();
    }
    parts.join(" · ")
}

impl EditPanel {
    /// Where widget `name` was drawn in the last frame.
    pub fn rect(&self, name: &str) -> Option<[f32; 4]> {
        self.shown.iter().find(|(n, _)| n == name).map(|(_, r)| *r)
    }

    /// The panel's part of the `--print-state` line: `{"open", "error", "widgets": {name:
    /// rect}, "stops": [{"caption", "sets", "rect"}], "questions": [{"kind", "prompt",
    /// "rect"}]}`, rectangles in window pixels (null where not drawn).
    pub fn state_json(&self, scene: &Scene) -> serde_json::Value {
        let widgets: serde_json::Map<_, _> = self
            .shown
            .iter()
            .map(|(n, r)| (n.clone(), serde_json::json!(r)))
            .collect();
        serde_json::json!({
            "open": self.open,
            "error": self.error,
            "widgets": widgets,
            "stops": scene.tour.iter().enumerate().map(|(i, s)| serde_json::json!({
                "caption": s.caption,
                "sets": sets(s),
                "rect": self.rect(&format!("stop {i}")),
            })).collect::<Vec<_>>(),
            "questions": scene.questions.iter().enumerate().map(|(i, q)| serde_json::json!({
                "kind": format!("{:?}", q.kind),
                "prompt": q.prompt.as_deref().unwrap_or(q.kind.default_prompt()),
                "rect": self.rect(&format!("question {i}")),
            })).collect::<Vec<_>>(),
        })
    }
}
