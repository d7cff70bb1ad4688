//! Everything the user can ask for, as a [`Command`] value.
//!
//! Plain data, importing nothing of the app: keys, buttons and canvas gestures all produce
//! commands, and `App::apply` (in `execute.rs`) carries every one of them out, so each action
//! (stepping, undo, saving, changing scene) is written once and is tested by feeding commands,
//! without a window. Keys are read from egui's key events, each with the
//! modifiers it came with, so a chord pressed and released within one frame still counts.

use crate::scene::Mode as ModeKind;
use crate::scene::questions::Which;
use egui::{Key, Modifiers};
use glam::Vec2;
use std::path::PathBuf;

/// Where a step command goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepTo {
    /// The first step (Home).
    First,
    /// One back (Left arrow).
    Previous,
    /// One on (Space, Right arrow).
    Next,
    /// The last step (End).
    Last,
    /// Step `k` (a table row, the slider), clamped to the last.
    At(usize),
}

/// Where a tour command goes (DESIGN.md, "Interaction map", tours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourTo {
    /// The next stop (`N`; PageDown before the last stop).
    Next,
    /// The stop before (`P`; PageUp after the first stop).
    Previous,
    /// Stop `k` (a progress dot, `&stop=k`, a host page), clamped to the last.
    At(usize),
}

/// The answer to "this scene has changes that are not saved".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsavedChoice {
    /// Save, then go on with what was asked.
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Stay.
    Cancel,
}

/// One thing the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Show a mode (1 to 5).
    SetMode(ModeKind),
    /// Space: play or pause in a mode that plays (Simulate), else the next step.
    PlayPause,
    /// Open a body pair in the manifold mode (a click on a Simulate contact): the two bodies
    /// become the scene's A and B (one undoable edit), the hysteresis option is set, and the
    /// note says what was opened.
    OpenPair {
        /// The new A and B.
        bodies: Box<(crate::scene::Body, crate::scene::Body)>,
        /// The run's reference-face hysteresis.
        hysteresis: bool,
        /// What was opened, for the banner.
        note: String,
    },
    /// Move through the mode's steps.
    Step(StepTo),
    /// Undo (Ctrl+Z).
    Undo,
    /// Redo (Ctrl+Shift+Z, Ctrl+Y).
    Redo,
    /// Save to the scene's file, or ask for a name (Ctrl+S).
    Save,
    /// Ask for a file name to save to.
    SaveAs,
    /// Save to this file.
    SaveTo(PathBuf),
    /// Show the open dialog (Ctrl+O).
    ShowOpen,
    /// Show or hide the lecture overview (O): every scene's title, mode, questions and stops.
    ToggleOverview,
    /// Open a scene file or a folder as the lecture.
    Open(PathBuf),
    /// Open scene `index` of the built-in lecture.
    OpenBuiltin(usize),
    /// Open a scene from its text: a file dropped on the window or chosen in the browser's
    /// picker, or text pasted into the open dialog (`name` says where it came from).
    OpenText {
        /// The file's name, or what the text was.
        name: String,
        /// The scene's RON text.
        text: String,
    },
    /// Ask the browser for a file to open (its picker).
    PickFile,
    /// Put the current scene, mode and step into a link (Ctrl+L).
    CopyLink,
    /// Put an `<iframe>` of that link, as a figure for another page (`&embed=1`), on the
    /// clipboard.
    CopyEmbed,
    /// The locks the next embed code carries, as the fields of a figure's link
    /// (`&lock=b&text=1`, as `Locks::to_query` writes them).
    SetEmbedLocks(String),
    /// Back to the scene, mode and step as they were opened (an embedded figure's *Reset*;
    /// one undo step when the scene had changed).
    Reset,
    /// The light theme (for a projector) on, or the dark one.
    SetLightTheme(bool),
    /// The colour-vision-safe palette on, or the standard one.
    SetCvdPalette(bool),
    /// The next scene of the lecture (PageDown).
    NextScene,
    /// The previous scene of the lecture (PageUp).
    PreviousScene,
    /// Show or hide the help (F1).
    ToggleHelp,
    /// Close the help and the open dialog, and put off the recovery offer (Escape).
    CloseDialogs,
    /// Turn vertex editing on or off (V).
    ToggleVertexEdit,
    /// Frame everything the mode draws, in every view (F).
    FrameBodies,
    /// Full screen on or off (F11).
    ToggleFullScreen,
    /// Show or hide the shapes panel (a narrow window folds it).
    ToggleShapesPanel,
    /// Write a screenshot next to the scene (F12).
    Screenshot,
    /// Change the presenter scale by this much (Ctrl + / Ctrl −), within its range.
    ScaleBy(f32),
    /// Set the presenter scale (the slider).
    SetScale(f32),
    /// Change the session's options (a checkbox).
    SetOptions(PairOptions),
    /// Turn the manifold's reference-face hysteresis on or off (H).
    ToggleHysteresis,
    /// Turn the jitter on or off (J): B turned by ±0.001 rad every frame.
    ToggleJitter,
    /// Show numbers exactly (full `f32` precision) or to four decimals (X).
    ToggleExactNumbers,
    /// Show the exact numbers as hex floats or as decimals (the panel's choice beside X).
    ToggleHexNumbers,
    /// Set the scene's speculative margin (the slider: one undoable change per drag).
    SetMargin(f32),
    /// Replace the scene's bodies (the body editors: one undoable change per drag).
    SetBodies(Box<(crate::scene::Body, crate::scene::Body)>),
    /// Move B by this world vector (SAT's "resolve"; undoable).
    TranslateB(Vec2),
    /// Show this part pair of compound bodies (A's part, B's part) in every mode, or the
    /// deepest pair (None). A view choice, not a change to the scene.
    PickParts(Option<[usize; 2]>),
    /// Close the window (asks first when the scene is modified).
    Quit,
    /// Answer the unsaved-changes question.
    Confirm(UnsavedChoice),
    /// Answer "the file changed on disk": reload it (true; undoable) or keep mine (false).
    ReloadFromDisk(bool),
    /// Answer "edits were recovered": restore them (true; undoable) or discard them (false).
    Recover(bool),
    /// Answer "a recovery file cannot be read as a scene": delete it (true) or keep it (false).
    BrokenRecovery(bool),
    /// Quiz mode on or off (Q).
    ToggleQuiz,
    /// Answer the quiz's question (a button, or a click on the canvas).
    QuizAnswer(Pick),
    /// Mark a clipped point as surviving or not, before answering.
    QuizToggle(usize),
    /// Give the marked points as the answer; after an answer, the next question (Enter).
    QuizNext,
    /// A canvas gesture that edits the scene starts: remember the state for undo.
    BeginGesture,
    /// Set a body's pose (a drag or a turn on the canvas).
    SetPose(Which, Pose),
    /// Set B's end pose, the scene's `motion` (a drag or a turn of the Continuous mode's
    /// ghost).
    SetMotion(crate::scene::EndPose),
    /// Move a polygon vertex to a point in its shape's own frame (a compound's shown part's).
    MoveVertex(Which, usize, Vec2),
    /// Show this part of a compound body in every mode (a click on it, or a vertex drag on it,
    /// which keeps it shown while its vertices move): [`Command::PickParts`] for one body.
    PickPart(Which, usize),
    /// The canvas gesture ended: push the undo step if anything changed.
    EndGesture,
    /// Go to scene `i` of the lecture (the quiz's next scene that asks, a row of the overview),
    /// asking first when the scene is modified.
    GoTo(usize),
    /// Go to a stop of the scene's tour (`N`, `P`, a dot, a host page).
    Tour(TourTo),
    /// PageDown: the tour's next stop, or past the last stop the next scene.
    Onward,
    /// PageUp: the tour's stop before, or before the first stop the previous scene.
    Backward,
    /// A click on the canvas while a tour stop waits for one: on contact point `n`, or not on
    /// a point (None).
    TourClick(Option<usize>),
    /// Show or hide the presenter's notes.
    TogglePresenter,
    /// Put the world camera here (a tour stop's view).
    ShowView(crate::scene::View),
    /// Show or hide the Edit panel (E; never in an embed).
    ToggleEditPanel,
    /// An Edit panel change to the scene's words, questions or tour (one undoable step).
    Author(Authoring),
}

/// One change the Edit panel makes to the scene's words, questions or tour (one undo step each).
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
    AddQuestion(crate::scene::AskKind),
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
    /// Set what stop `i` waits for before it goes on by itself (None: only `N` goes on).
    StopWait(usize, Option<crate::scene::Wait>),
    /// Set the question stop `i` asks before the tour goes on (None: none).
    StopAsk(usize, Option<crate::scene::AskKind>),
    /// Set how many seconds stop `i` plays the simulation from its start (None: no play).
    StopPlay(usize, Option<f32>),
}

/// What a part of the app (files, edits, the quiz) asks of the app after changing its own
/// parts: the follow-ups that need every part (the modes, the views, the quiz), carried out
/// by the app in order. Never the user's: they are not counted as commands.
#[derive(Clone, Debug, PartialEq)]
pub enum After {
    /// The document holds a scene just loaded: set up its view, mode, step and questions.
    Entered,
    /// The scene (or an option of the pair) changed: recompute the pair, keep the step inside.
    Changed,
    /// The mode or step was set: keep the step inside the mode's trace.
    Clamp,
    /// Show this mode (from its first step, in the scene's view).
    Mode(ModeKind),
    /// Show this step of the mode shown.
    Step(usize),
    /// Put the world camera where the scene's own view says.
    SceneView,
    /// After a reload from disk: keep the mode and step shown, and the camera when the file
    /// has no view of its own.
    Keep {
        /// The mode shown before the reload.
        mode: ModeKind,
        /// The step shown before the reload.
        step: usize,
        /// The camera's centre and zoom before the reload.
        camera: (Vec2, f32),
    },
    /// Carry out a user's command (a question shown, a reveal).
    Do(Command),
}

impl Command {
    /// True for the commands a canvas gesture sends every frame it moves (they do not count
    /// as asked-for actions: `--print-state` prints after those only).
    pub fn is_gesture(&self) -> bool {
        matches!(
            self,
            Command::BeginGesture
                | Command::SetPose(..)
                | Command::MoveVertex(..)
                | Command::PickPart(..)
                | Command::EndGesture
        )
    }
}

/// A body's position and angle (degrees, counter-clockwise): the scene's own pose (a tour
/// stop's), which the canvas's gestures set.
pub use crate::scene::Pose;

/// Smallest and largest presenter scale.
pub const UI_SCALE_RANGE: (f32, f32) = (0.75, 2.5);

/// The command for a key pressed with `modifiers`, if it has one.
pub fn key_command(key: Key, modifiers: Modifiers) -> Option<Command> {
    if modifiers.command || modifiers.ctrl {
        return match key {
            Key::Z if modifiers.shift => Some(Command::Redo),
            Key::Z => Some(Command::Undo),
            Key::Y => Some(Command::Redo),
            Key::S => Some(Command::Save),
            Key::O => Some(Command::ShowOpen),
            Key::L if modifiers.shift => Some(Command::CopyEmbed),
            Key::L => Some(Command::CopyLink),
            Key::Q => Some(Command::Quit),
            Key::Equals | Key::Plus => Some(Command::ScaleBy(0.25)),
            Key::Minus => Some(Command::ScaleBy(-0.25)),
            _ => None,
        };
    }
    // `1`, `2`, … : the modes in key order (the scene format's list, so a new mode has its key).
    let digits = [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
    ];
    if let Some(&mode) = digits
        .iter()
        .position(|k| *k == key)
        .and_then(|i| ModeKind::ALL.get(i))
    {
        return Some(Command::SetMode(mode));
    }
    Some(match key {
        Key::Space => Command::PlayPause,
        Key::ArrowRight => Command::Step(StepTo::Next),
        Key::ArrowLeft => Command::Step(StepTo::Previous),
        Key::Home => Command::Step(StepTo::First),
        Key::End => Command::Step(StepTo::Last),
        Key::PageDown => Command::Onward,
        Key::PageUp => Command::Backward,
        Key::N => Command::Tour(TourTo::Next),
        Key::P => Command::Tour(TourTo::Previous),
        Key::F1 => Command::ToggleHelp,
        Key::F11 => Command::ToggleFullScreen,
        Key::F12 => Command::Screenshot,
        Key::F => Command::FrameBodies,
        Key::V => Command::ToggleVertexEdit,
        Key::H => Command::ToggleHysteresis,
        Key::J => Command::ToggleJitter,
        Key::X => Command::ToggleExactNumbers,
        Key::Q => Command::ToggleQuiz,
        Key::O => Command::ToggleOverview,
        Key::E => Command::ToggleEditPanel,
        Key::Enter => Command::QuizNext,
        Key::Escape => Command::CloseDialogs,
        _ => return None,
    })
}

/// The commands a start asks for after the scene opens: quiz mode (`--quiz`), a tour's stop
/// (`--stop K`, `&stop=K`), the presenter's notes (`--presenter`, `&presenter=1`).
pub fn flag_commands(quiz: bool, stop: Option<usize>, presenter: bool) -> Vec<Command> {
    let mut out = Vec::new();
    if quiz {
        out.push(Command::ToggleQuiz);
    }
    if let Some(k) = stop {
        out.push(Command::Tour(TourTo::At(k)));
    }
    if presenter {
        out.push(Command::TogglePresenter);
    }
    out
}

/// The commands of this frame's key presses (not auto-repeats), in order.
pub fn key_commands(events: &[egui::Event]) -> Vec<Command> {
    events
        .iter()
        .filter_map(|e| match e {
            egui::Event::Key {
                key,
                pressed: true,
                repeat: false,
                modifiers,
                ..
            } => key_command(*key, *modifiers),
            _ => None,
        })
        .collect()
}

/// Options of the pair that modes may change and that are not part of the scene (they
/// trigger a recompute). The speculative margin is the scene's: see `Controls::margin` (in `modes`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairOptions {
    /// SAT: skip (anti)parallel repeats of an axis.
    pub merge_parallel: bool,
    /// Manifold: reference-face hysteresis.
    pub hysteresis: bool,
    /// Manifold: turn B by ±0.001 rad every frame.
    pub jitter: bool,
}

impl Default for PairOptions {
    fn default() -> Self {
        PairOptions {
            merge_parallel: false,
            hysteresis: true,
            jitter: false,
        }
    }
}

/// A student's answer to one question, in the shape of the library's [`Answer`](crate::scene::Answer).
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// Overlap: yes or no.
    Yes(bool),
    /// How many contact points.
    Count(usize),
    /// A face of a body (its own edge index), or none.
    Face(Option<(Which, usize)>),
    /// An axis of the separating axis test (its row, in the trace's order), or none.
    Axis(Option<usize>),
    /// A feature of GJK's simplex: its vertices (indices into the step's incoming simplex,
    /// ascending; all of a triangle's for its inside).
    Feature(Vec<usize>),
    /// For each clipped point, whether it survives.
    Survivors(Vec<bool>),
}
