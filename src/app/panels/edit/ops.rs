//! What the Edit panel asks of the scene: plain data, one value per undoable change.

use crate::scene::AskKind;

/// One change to the scene's words, questions or tour (each one undo step).
#[derive(Clone, Debug, PartialEq)]
pub enum Authoring {
    /// Set the title.
    Title(String),
    /// Set the notes the students read.
    Notes(String),
    /// Set the presenter's notes.
    Presenter(String),
    /// Add a question of this kind at the end (a GJK question asks about the GJK step shown,
    /// when the GJK mode is shown).
    AddQuestion(AskKind),
    /// Delete question `i`.
    DeleteQuestion(usize),
    /// Set question `i`'s words (empty: the kind's own words).
    Prompt(usize, String),
    /// Add a stop at the end of the tour with this caption, recording what is shown now: the
    /// mode, the step, the camera's centre and zoom, and both bodies' poses.
    AddStopHere(String),
    /// Set stop `i`'s caption.
    Caption(usize, String),
    /// Move stop `i` one place up (earlier).
    StopUp(usize),
    /// Move stop `i` one place down (later).
    StopDown(usize),
    /// Delete stop `i`.
    DeleteStop(usize),
}

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
