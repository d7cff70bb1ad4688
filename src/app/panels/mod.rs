//! The egui panels, one file each: modes and shapes on the left, the mode's table and steps on
//! the right, status and notes at the bottom, and the dialogs (help, open, save as, unsaved
//! changes). Panels read the app and return [`Command`]s; they change nothing themselves.

mod dialogs;
mod left;
mod right;
mod status;

use super::App;
use super::command::Command;

/// Every key and mouse action, for the help overlay and the README.
pub const KEYS: &[(&str, &str)] = &[
    ("Left-drag inside a shape", "move it"),
    (
        "Left-drag on the ring near its outline",
        "turn it about its centroid",
    ),
    ("Shift while dragging", "snap (0.1 units, 15°)"),
    ("V", "vertex edit: drag polygon vertices (stays convex)"),
    ("Wheel", "zoom about the cursor"),
    ("Right- or middle-drag", "pan"),
    ("F", "frame both shapes"),
    ("1 2 3", "SAT · GJK/EPA · manifold"),
    ("Space / Right arrow", "next step"),
    ("Left arrow", "previous step"),
    ("Home / End", "first / last step"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Ctrl+S", "save (atomic)"),
    ("Ctrl+O", "open a scene or lecture"),
    ("Ctrl+Q", "quit (asks first when modified)"),
    ("PageUp / PageDown", "previous / next scene"),
    ("Ctrl + / Ctrl −", "UI scale (presenter)"),
    ("F1", "this help"),
    ("F12", "screenshot next to the scene"),
];

impl App {
    /// Builds every panel for this frame; returns what the user asked for.
    pub fn ui(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let mut out = Vec::new();
        self.status_bar(ctx);
        self.left_panel(ctx, &mut out);
        self.right_panel(ctx, &mut out);
        self.notes_panel(ctx);
        self.dialogs(ctx, &mut out);
        out
    }
}
