//! The views: the world camera, the canvas gesture in progress, and how each view is to be
//! fitted to its picture at the next frame (the camera of a mode's second view is the mode's).

use super::camera::Camera;
use super::input::Interaction;
use glam::Vec2;

/// How a view is fitted to its figure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fit {
    /// Fill the view with the figure (F, a scene without a view, a new Minkowski pane).
    Frame,
    /// Move or zoom out only as far as needed to bring the figure inside the view.
    KeepInView,
    /// As `KeepInView`, after the view was resized from this size (window pixels): a figure
    /// that was in proportion to the old view is not one zoomed into on purpose, however much
    /// smaller the view became (a mode that splits the canvas in a phone-sized window).
    Resized(Vec2),
}

/// The world camera and the canvas state around it.
#[derive(Clone, Debug, Default)]
pub struct Views {
    /// The world camera.
    pub cam: Camera,
    /// The second view's camera, for a mode that has one (its `About::split` > 0: the GJK
    /// mode's Minkowski pane). The app lays it out right of the world view and framing fits
    /// it; the mode pans and zooms it.
    pub second: Camera,
    /// Canvas interaction.
    pub interaction: Interaction,
    /// Vertex-edit mode.
    pub vertex_edit: bool,
    /// Frame the world view at the next frame (the scene has no view, or F).
    pub frame_pending: bool,
    /// How each view (world, second) is to be fitted to its picture at the next frame.
    pub fit: [Option<Fit>; 2],
    /// The canvas (the room the panels left, in points) at the last layout: the next frame
    /// reads whether the pointer is over a panel from it, before its panels are drawn.
    pub canvas: Option<egui::Rect>,
    /// The world view's rectangle at the last layout (a change keeps the picture in view).
    pub last_viewport: Option<(Vec2, Vec2)>,
    /// The user panned, zoomed or framed since the scene opened: a save writes the camera as
    /// the scene's view. (Otherwise the file's view is kept: framing's own adjustments are not
    /// the lecturer's choice, and must not show up as changed numbers in the file.)
    pub view_moved: bool,
}
