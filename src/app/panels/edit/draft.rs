//! The Edit panel's own state (the text being typed, not yet the scene's), what a stop sets in
//! words, and the panel's part of `--print-state`.

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

/// What the panel keeps between frames (in egui's memory: it is the panel's alone): the field
/// being typed in, the next stop's caption and the next question's kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drafts {
    /// The field that has the keys, with its draft (committed when it loses them).
    pub typing: Option<Typing>,
    /// The caption typed for the next *Add stop here*.
    pub new_caption: String,
    /// The kind of question *Add question* adds (an index into
    /// [`ASK_KINDS`](super::panel::ASK_KINDS)).
    pub new_kind: usize,
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

/// Where widget `name` was drawn in the last frame.
fn rect(widgets: &[(String, [f32; 4])], name: &str) -> Option<[f32; 4]> {
    widgets.iter().find(|(n, _)| n == name).map(|(_, r)| *r)
}

/// The panel's part of the `--print-state` line: `{"open", "error", "widgets": {name: rect},
/// "stops": [{"caption", "sets", "rect"}], "questions": [{"kind", "prompt", "rect"}]}`,
/// rectangles in window pixels (null where not drawn).
pub fn state_json(
    open: bool,
    error: Option<&str>,
    widgets: &[(String, [f32; 4])],
    scene: &Scene,
) -> serde_json::Value {
    let named: serde_json::Map<_, _> = widgets
        .iter()
        .map(|(n, r)| (n.clone(), serde_json::json!(r)))
        .collect();
    serde_json::json!({
        "open": open,
        "error": error,
        "widgets": named,
        "stops": scene.tour.iter().enumerate().map(|(i, s)| serde_json::json!({
            "caption": s.caption,
            "sets": sets(s),
            "rect": rect(widgets, &format!("stop {i}")),
        })).collect::<Vec<_>>(),
        "questions": scene.questions.iter().enumerate().map(|(i, q)| serde_json::json!({
            "kind": format!("{:?}", q.kind),
            "prompt": q.prompt.as_deref().unwrap_or(q.kind.default_prompt()),
            "rect": rect(widgets, &format!("question {i}")),
        })).collect::<Vec<_>>(),
    })
}
