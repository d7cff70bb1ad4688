//! Authoring in the app: the *Edit* panel (`E`, or *Edit…* in the left panel) for the scene's
//! title, notes, presenter notes, questions and tour. The panel sends
//! [`Authoring`](crate::app::command::Authoring) commands; the executor
//! ([`author`](crate::app::execute::author::author)) carries each out as one undoable edit,
//! checked as the loader checks a file (`Scene::validate`), and an edit that would make the
//! scene invalid is refused with the error shown. Text is committed when its field loses focus
//! (Enter in a one-line field), so typing is one undo step, not one per key. Never shown in an
//! embed.

pub mod draft;
pub mod panel;
