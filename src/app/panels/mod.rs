//! The egui panels, one file each: modes and shapes on the left, the mode's table and steps on
//! the right, status and notes at the bottom, the dialogs (help, open, save as, unsaved
//! changes) and the lecture overview. Each panel is given the parts of the app it shows (the
//! session and its pair, the scene, the mode shown…), never the whole `App`, and returns
//! [`Command`](super::command::Command)s; only the state a panel owns changes in it (a mode's
//! controls, the sweep plot's rows, the dialogs' typed text).

pub(crate) mod dialogs;
pub mod edit;
pub mod embed;
pub mod expected;
pub mod frame;
pub(crate) mod left;
pub(crate) mod overview;
pub(crate) mod right;
pub(crate) mod status;
pub mod sweep_plot;
pub mod tour_bar;

/// Every key and mouse action, for the help overlay and the README.
pub const KEYS: &[(&str, &str)] = &[
    ("Left-drag inside a shape", "move it"),
    (
        "Left-drag on the ring near its outline",
        "turn it about its centroid",
    ),
    ("Shift while dragging", "snap (0.1 units, 15°)"),
    (
        "Click (no drag) on a part of a compound body",
        "show that part: every mode traces its part pair",
    ),
    (
        "V",
        "vertex edit: drag polygon vertices (stays convex; of a compound, the shown part's)",
    ),
    ("H", "manifold: reference-face hysteresis on / off"),
    ("J", "manifold: jitter B by ±0.001 rad every frame"),
    ("X", "exact numbers: full f32 precision, not four decimals"),
    ("Wheel", "zoom about the cursor"),
    ("Right- or middle-drag", "pan"),
    ("F", "frame everything the mode draws"),
    (
        "1 2 3 4 5",
        "SAT · GJK/EPA · manifold · Simulate · Continuous",
    ),
    (
        "Space / Right arrow",
        "next step (Simulate: Space plays and pauses)",
    ),
    ("Left arrow", "previous step"),
    ("Home / End", "first / last step"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Ctrl+S", "save (atomic)"),
    ("Ctrl+O", "open a scene or lecture"),
    ("Ctrl+L", "copy a link to this scene, mode and step"),
    (
        "Ctrl+Shift+L",
        "copy embed code: an <iframe> of that link for a course page",
    ),
    ("Ctrl+Q", "quit (asks first when modified)"),
    (
        "PageUp / PageDown",
        "previous / next scene (in a tour: previous / next stop first)",
    ),
    ("N / P", "tour: next / previous stop"),
    (
        "O",
        "lecture overview: each scene's title, mode, questions and stops; click one to go",
    ),
    ("Ctrl + / Ctrl −", "UI scale (presenter)"),
    ("Q", "quiz: predict, then reveal (the scene's questions)"),
    ("E", "edit the title, notes, questions and tour"),
    ("Enter", "quiz: give the marked answer / next question"),
    ("F1", "this help"),
    ("F11", "full screen on / off"),
    ("F12", "screenshot next to the scene"),
];

/// How much of the window the panels may take, across and down: the canvas keeps the rest
/// (at least half the window at every presenter scale).
pub const PANEL_SHARE: f32 = 0.44;

/// What the side panels' margins and separators take across, in points.
const PANEL_CHROME: f32 = 60.0;

/// The panels' sizes for a window of `screen` points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanelLayout {
    /// The left panel's width, or None when it is folded away (a narrow window).
    pub left: Option<f32>,
    /// The right panel's width.
    pub right: f32,
    /// The notes panel's largest height.
    pub notes: f32,
    /// The window is too narrow for both side panels: the left one folds.
    pub narrow: bool,
}

impl PanelLayout {
    /// Sizes for a window of `screen` points; `show_left` unfolds the left panel when narrow.
    pub fn new(screen: egui::Vec2, show_left: bool) -> PanelLayout {
        // Across, half the window less the panels' own margins and separators (about 60
        // points), so the canvas keeps at least half the width.
        let budget = (screen.x * 0.5 - PANEL_CHROME).max(screen.x * PANEL_SHARE * 0.5);
        let narrow = budget < 460.0;
        let (left, right) = if !narrow {
            let left = (budget * 0.33).min(230.0);
            (Some(left), (budget - left).min(430.0))
        } else if show_left {
            (Some(budget * 0.45), budget * 0.55)
        } else {
            (None, budget)
        };
        // The status bar takes 30 to 60 points of the panels' share of the height (it wraps
        // onto a second line in a narrow window or at a large scale).
        let notes = (screen.y * PANEL_SHARE - 60.0).max(24.0);
        PanelLayout {
            left,
            right,
            notes,
            narrow,
        }
    }
}

/// A widget's rectangle in window pixels (`[x, y, w, h]`, as [`panel_rects`]).
pub fn window_rect(ctx: &egui::Context, r: egui::Rect) -> [f32; 4] {
    let ppp = crate::app::web::window_pixels_per_point(ctx);
    [
        r.min.x * ppp,
        r.min.y * ppp,
        r.width() * ppp,
        r.height() * ppp,
    ]
}

/// Where each named panel sits, in window pixels, for `--print-state`.
pub fn panel_rects(ctx: &egui::Context, names: &[&'static str]) -> Vec<(&'static str, [f32; 4])> {
    let ppp = crate::app::web::window_pixels_per_point(ctx);
    names
        .iter()
        .copied()
        .filter_map(|name| {
            let state = egui::containers::panel::PanelState::load(ctx, egui::Id::new(name))?;
            let r = state.rect;
            Some((
                name,
                [
                    r.min.x * ppp,
                    r.min.y * ppp,
                    r.width() * ppp,
                    r.height() * ppp,
                ],
            ))
        })
        .collect()
}
