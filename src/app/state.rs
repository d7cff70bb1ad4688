//! Small pieces of the app's state that are neither document nor session: the banner, the
//! dialogs (the lecture overview's rows in [`overview`]), and the frame timings `--print-state`
//! reports.

pub mod overview;

use crate::scene::Scene;
use std::path::PathBuf;

/// A message across the top of the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    /// The text.
    pub text: String,
    /// An error (red) or information (green).
    pub error: bool,
    /// When it was shown (seconds), so information can fade.
    pub since: f64,
}

/// Something that would leave a modified scene, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Leave {
    /// Go to scene `index` of the lecture.
    Scene(usize),
    /// Open a file or folder.
    Open(PathBuf),
    /// Open a scene from its text (its name, its text).
    Text(String, String),
    /// Follow a link the page's address changed to (its query and fragment).
    Link(String, String),
    /// Close the window.
    Quit,
}

/// Which dialogs are open, and the messages over the canvas.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dialogs {
    /// The banner, if any.
    pub banner: Option<Banner>,
    /// Loader warnings for the current scene.
    pub warnings: Vec<String>,
    /// The lecture's current file could not be loaded: its error (with file, line and
    /// column), shown as the slide; the document still holds the last good scene, untouched.
    pub slide_error: Option<String>,
    /// The keys-and-mouse help (F1).
    pub help: bool,
    /// The open dialog (Ctrl+O).
    pub open: bool,
    /// The folder the open dialog lists.
    pub open_folder: PathBuf,
    /// The open dialog's path field.
    pub open_text: String,
    /// The save-as name being typed, when that dialog is open.
    pub save_as: Option<String>,
    /// A leave that waits for the answer to "unsaved changes".
    pub confirm: Option<Leave>,
    /// A leave that goes on once the scene is saved (the answer was *Save*).
    pub after_save: Option<Leave>,
    /// The scene's file changed on disk while it had unsaved edits: the file's new scene,
    /// waiting for "reload / keep mine".
    pub on_disk: Option<Box<Scene>>,
    /// Edits recovered from a session that ended without saving: the recovery file and its
    /// scene, waiting for "restore / discard".
    pub recover: Option<(std::path::PathBuf, Box<Scene>)>,
    /// A recovery file that does not read as a scene (empty, truncated, invalid): the file and
    /// why, waiting for "keep it / delete it" (it is never deleted unasked).
    pub broken_recovery: Option<(std::path::PathBuf, String)>,
    /// The text pasted into the open dialog, not yet opened.
    pub pasted: String,
    /// The lecture overview (O): its rows while it is open.
    pub overview: overview::Overview,
    /// The Edit panel (E) is shown.
    pub edit_open: bool,
    /// Why the Edit panel's last change was refused (cleared by the next one carried out).
    pub edit_error: Option<String>,
}

impl Dialogs {
    /// The question the app is waiting on, for `--print-state`: `"recover"` (edits recovered),
    /// `"broken-recovery"` (a recovery file that is not a scene), `"reload"` (the file changed
    /// on disk), `"unsaved"` (leaving a modified scene), or null.
    pub fn asking(&self) -> Option<&'static str> {
        if self.recover.is_some() {
            Some("recover")
        } else if self.broken_recovery.is_some() {
            Some("broken-recovery")
        } else if self.on_disk.is_some() {
            Some("reload")
        } else if self.confirm.is_some() {
            Some("unsaved")
        } else {
            None
        }
    }

    /// Whether the keys are the app's: no text field has them and no question waits for its
    /// answer (its dialog reads its own keys).
    pub fn keys_free(&self, ctx: &egui::Context) -> bool {
        !ctx.wants_keyboard_input() && self.asking().is_none() && self.save_as.is_none()
    }

    /// An information banner goes four seconds after it was shown (an error stays).
    pub fn expire_banner(&mut self, now: f64) {
        if self
            .banner
            .as_ref()
            .is_some_and(|b| !b.error && now - b.since > 4.0)
        {
            self.banner = None;
        }
    }

    /// A scene was just loaded: its loader warnings, and none of the questions about the scene
    /// left behind.
    pub fn enter_scene(&mut self, scene: &Scene) {
        self.warnings = scene
            .validate()
            .map(|v| v.warnings.iter().map(|w| w.to_string()).collect())
            .unwrap_or_default();
        self.recover = None;
        self.broken_recovery = None;
        self.edit_error = None;
        self.on_disk = None;
        self.after_save = None;
    }

    /// Shows an error banner (it stays until the next banner).
    pub fn show_error(&mut self, text: impl Into<String>, now: f64) {
        self.banner = Some(Banner {
            text: text.into(),
            error: true,
            since: now,
        });
    }

    /// Shows an information banner (it goes after a few seconds).
    pub fn show_info(&mut self, text: impl Into<String>, now: f64) {
        self.banner = Some(Banner {
            text: text.into(),
            error: false,
            since: now,
        });
    }
}

/// What the window loop does for the app, and what it asked of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shell {
    /// UI scale (egui zoom factor).
    pub ui_scale: f32,
    /// The window is full screen (F11).
    pub fullscreen: bool,
    /// The shapes panel is unfolded in a narrow window.
    pub show_left: bool,
    /// A screenshot was asked for (F12).
    pub screenshot_pending: bool,
    /// Draw the clean picture in every frame, as for a screenshot (`slides`).
    pub clean: bool,
    /// The user chose to close the window.
    pub quit: bool,
    /// Text for the window loop to put on the clipboard (a link made natively).
    pub to_clipboard: Option<String>,
    /// The unsaved scene last kept for recovery (see `recovery`); `None` when saved.
    pub kept: Option<Scene>,
    /// The theme and palette everything is drawn in.
    pub look: super::draw::colors::Look,
    /// Shown as a figure in another page (`&embed=1`): the canvas and a slim bar, no panels.
    pub embed: bool,
    /// A figure's locks (`&keys=`, `&modes=`, `&lock=`, …): set in an embed only.
    pub locks: Option<super::locks::Locks>,
    /// The locks *Copy embed code* writes into the figure's link (the left panel's *Embed
    /// options*); none by default.
    pub embed_locks: super::locks::Locks,
    /// The presenter's view in its own window (`--presenter-window`), as far as the app knows.
    pub presenter_view: Option<super::tour::presenter::ViewLink>,
    /// Numbers shown exactly, in full `f32` precision, instead of to four decimals (`X`).
    pub exact_numbers: bool,
    /// Exact numbers shown as hex floats (`0x1.8p-1`), bit for bit, as an engine's dump.
    pub hex_numbers: bool,
}

impl Shell {
    /// This frame's scale, look (every colour is read from it, egui's too) and number format.
    pub fn apply(&self, ctx: &egui::Context) {
        ctx.set_zoom_factor(super::web::egui_zoom(ctx, self.ui_scale));
        super::draw::colors::apply_look(ctx, self.look);
        super::words::set_exact(self.exact_numbers);
        super::words::set_hex(self.hex_numbers);
    }

    /// The shell a start with `flags` asks for: its presenter scale (clamped to the range the
    /// keys allow), theme and palette.
    pub fn from_flags(flags: &crate::cli::AppFlags) -> Shell {
        let (low, high) = super::command::UI_SCALE_RANGE;
        Shell {
            ui_scale: flags
                .ui_scale
                .filter(|s| s.is_finite())
                .unwrap_or(1.0)
                .clamp(low, high),
            look: super::draw::colors::Look {
                theme: flags.theme.unwrap_or_default(),
                palette: flags.palette.unwrap_or_default(),
            },
            ..Shell::default()
        }
    }
}

impl Default for Shell {
    fn default() -> Self {
        Shell {
            ui_scale: 1.0,
            fullscreen: false,
            show_left: false,
            screenshot_pending: false,
            clean: false,
            quit: false,
            to_clipboard: None,
            kept: None,
            look: super::draw::colors::Look::default(),
            embed: false,
            locks: None,
            embed_locks: super::locks::Locks::default(),
            presenter_view: None,
            exact_numbers: false,
            hex_numbers: false,
        }
    }
}

/// What `--print-state` reads: the commands carried out, what the last frame showed, and the
/// frame times.
#[derive(Default)]
pub struct Probe {
    /// How many commands were carried out (`--print-state-changes` prints after each).
    pub commands: u64,
    /// The step text the right panel showed in the last frame.
    pub shown_step_text: String,
    /// What the canvas drew in the last frame (views, labels).
    pub drawn: super::draw::Drawn,
    /// Frame times.
    pub stats: FrameStats,
    /// Each egui panel's rectangle in the last frame (`[x, y, w, h]`, window pixels).
    pub panels: Vec<(&'static str, [f32; 4])>,
    /// The embed bar's and the tour bar's buttons in the last frame, by name (`embed previous`,
    /// `embed next`, `embed play`, `embed reset`, `tour previous`, `tour next`; window pixels).
    pub buttons: Vec<(&'static str, [f32; 4])>,
    /// Where the Edit panel's widgets were drawn in the last frame, by name (window pixels).
    pub edit_widgets: Vec<(String, [f32; 4])>,
}

/// How long one frame took, for `--print-state`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameTiming {
    /// Milliseconds since the previous frame began.
    pub interval_ms: f32,
    /// Milliseconds of our own work in this frame (UI, input, traces, tessellation, draw calls).
    pub work_ms: f32,
    /// A shape was being dragged (moved, turned or vertex-edited) during the frame.
    pub dragging: bool,
}

/// Frame times: the smoothed one the status bar shows, and each frame's for `--print-state`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// Frame time in milliseconds (smoothed).
    pub frame_ms: f32,
    /// Per frame after warm-up: how long it took (kept only under `--print-state`).
    pub timings: Vec<FrameTiming>,
}

impl FrameStats {
    /// Folds one frame interval into the smoothed frame time.
    pub fn tick(&mut self, dt_ms: f32) {
        self.frame_ms = if self.frame_ms == 0.0 {
            dt_ms
        } else {
            self.frame_ms * 0.9 + dt_ms * 0.1
        };
    }
}

/// Mean, 95th percentile and maximum of some milliseconds (null when there are none).
pub fn stats(values: impl Iterator<Item = f32>) -> serde_json::Value {
    let mut v: Vec<f32> = values.filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return serde_json::Value::Null;
    }
    v.sort_by(f32::total_cmp);
    let mean = v.iter().sum::<f32>() / v.len() as f32;
    let p95 = v[(v.len() * 95 / 100).min(v.len() - 1)];
    serde_json::json!({ "frames": v.len(), "mean": mean, "p95": p95, "max": v[v.len() - 1] })
}
