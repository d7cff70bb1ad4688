//! The palettes: A blue, B violet in every mode; reference green, incident orange in the
//! standard palette (blue-green and orange in the colour-vision-safe one); the normal and contact
//! points white on the dark theme, near-black on the light one. Every colour is read through a
//! function of the active [`Look`] (a theme and a palette), set once per frame by the app.

use egui::Color32;
use std::cell::Cell;

/// The canvas and panels' brightness.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Light lines on a dark background (the default).
    #[default]
    Dark,
    /// Dark, strong lines on a light background: for a projector, which washes dark themes
    /// out.
    Light,
}

/// Which hues carry the meanings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    /// Blue, violet, green, orange (as in the lesson).
    #[default]
    Standard,
    /// Colours that stay apart under protanopia, deuteranopia and tritanopia (after the
    /// Okabe–Ito set, adjusted for contrast on each theme).
    Cvd,
}

impl Theme {
    /// Every theme, for the tests that go through them all.
    pub const ALL: [Theme; 2] = [Theme::Dark, Theme::Light];

    /// Its name on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
        }
    }

    /// The theme of a name (`dark`, `light`; any case).
    pub fn from_name(s: &str) -> Option<Theme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl Palette {
    /// Every palette.
    pub const ALL: [Palette; 2] = [Palette::Standard, Palette::Cvd];

    /// Its name on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Standard => "standard",
            Palette::Cvd => "cvd",
        }
    }

    /// The palette of a name (`standard`, `cvd`; any case).
    pub fn from_name(s: &str) -> Option<Palette> {
        Palette::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// A theme and a palette: what decides every colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Look {
    /// Dark or light.
    pub theme: Theme,
    /// Standard or colour-vision-safe.
    pub palette: Palette,
}

impl Look {
    /// Every theme with every palette.
    pub fn all() -> impl Iterator<Item = Look> {
        Theme::ALL.into_iter().flat_map(|theme| {
            Palette::ALL
                .into_iter()
                .map(move |palette| Look { theme, palette })
        })
    }

    /// Its colours.
    pub fn colors(self) -> &'static Colors {
        match (self.theme, self.palette) {
            (Theme::Dark, Palette::Standard) => &DARK,
            (Theme::Dark, Palette::Cvd) => &DARK_CVD,
            (Theme::Light, Palette::Standard) => &LIGHT,
            (Theme::Light, Palette::Cvd) => &LIGHT_CVD,
        }
    }
}

/// One look's colours, by meaning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colors {
    /// Body A.
    pub a: Color32,
    /// Body B.
    pub b: Color32,
    /// Reference face.
    pub reference: Color32,
    /// Incident face.
    pub incident: Color32,
    /// Normal, contact points, labels.
    pub ink: Color32,
    /// Separated / positive gap.
    pub good: Color32,
    /// Overlapping / negative gap.
    pub bad: Color32,
    /// Highlights (selected axis, current step).
    pub accent: Color32,
    /// Minkowski difference.
    pub minkowski: Color32,
    /// The canvas's background.
    pub background: Color32,
    /// Minor grid lines.
    pub grid: Color32,
    /// Major grid lines and axes.
    pub grid_major: Color32,
    /// Dim text.
    pub dim: Color32,
    /// What a canvas label is set on (over the background), so it reads over lines.
    pub label_backdrop: Color32,
    /// Line widths are multiplied by this (stronger lines on the light theme).
    pub line_weight: f32,
}

impl Colors {
    /// The colours that carry a meaning, with their names: no two may look alike to
    /// anyone in the colour-vision-safe palette.
    pub fn meanings(&self) -> [(&'static str, Color32); 9] {
        [
            ("A", self.a),
            ("B", self.b),
            ("reference", self.reference),
            ("incident", self.incident),
            ("ink (normal, points)", self.ink),
            ("good", self.good),
            ("bad", self.bad),
            ("accent", self.accent),
            ("Minkowski", self.minkowski),
        ]
    }
}

const fn rgb(r: u8, g: u8, b: u8) -> Color32 {
    Color32::from_rgb(r, g, b)
}

/// The dark theme, standard palette: the app's look since its first version.
pub const DARK: Colors = Colors {
    a: rgb(77, 148, 255),
    b: rgb(178, 102, 255),
    reference: rgb(64, 214, 112),
    incident: rgb(255, 153, 51),
    ink: rgb(245, 245, 245),
    good: rgb(110, 220, 140),
    bad: rgb(255, 110, 110),
    accent: rgb(255, 214, 64),
    minkowski: rgb(120, 200, 210),
    background: rgb(24, 26, 31),
    grid: rgb(38, 41, 48),
    grid_major: rgb(58, 62, 72),
    dim: rgb(150, 155, 165),
    label_backdrop: Color32::from_black_alpha(150),
    line_weight: 1.0,
};

/// The dark theme, colour-vision-safe palette: Okabe–Ito's sky blue, reddish purple,
/// bluish green, orange, vermillion (lightened for 4.5:1 on the panels) and yellow; good and
/// the Minkowski difference moved until every pair stays apart under all three simulated
/// deficiencies (`tests/app_headless/look.rs`).
pub const DARK_CVD: Colors = Colors {
    a: rgb(86, 180, 233),
    b: rgb(204, 121, 167),
    reference: rgb(0, 158, 115),
    incident: rgb(230, 159, 0),
    good: rgb(170, 230, 120),
    bad: rgb(230, 112, 30),
    accent: rgb(240, 228, 66),
    minkowski: rgb(160, 140, 255),
    ..DARK
};

/// The light theme, standard palette: the same meanings, darker and stronger so that
/// every colour reads as text on the light background.
pub const LIGHT: Colors = Colors {
    a: rgb(20, 90, 210),
    b: rgb(120, 40, 190),
    reference: rgb(0, 125, 50),
    incident: rgb(190, 80, 0),
    ink: rgb(20, 20, 24),
    good: rgb(0, 120, 60),
    bad: rgb(200, 30, 30),
    accent: rgb(150, 100, 0),
    minkowski: rgb(0, 115, 130),
    background: rgb(250, 250, 247),
    grid: rgb(228, 230, 234),
    grid_major: rgb(196, 200, 208),
    dim: rgb(88, 92, 102),
    label_backdrop: Color32::from_rgba_premultiplied(250, 250, 247, 200),
    line_weight: 1.35,
};

/// The light theme, colour-vision-safe palette: Okabe–Ito's hues darkened for contrast on
/// white, then moved within their hue until every pair stays apart under all three
/// simulated deficiencies.
pub const LIGHT_CVD: Colors = Colors {
    a: rgb(8, 101, 215),
    b: rgb(160, 60, 150),
    reference: rgb(19, 122, 82),
    incident: rgb(170, 95, 0),
    good: rgb(0, 70, 34),
    bad: rgb(219, 14, 78),
    accent: rgb(118, 64, 0),
    minkowski: rgb(50, 60, 156),
    ..LIGHT
};

thread_local! {
    /// The look the canvas and panels are drawn in (one per thread: the app draws on one,
    /// and each test thread keeps its own).
    static LOOK: Cell<Look> = const { Cell::new(Look { theme: Theme::Dark, palette: Palette::Standard }) };
}

/// Makes `look` the one every colour below is read from.
pub fn set_look(look: Look) {
    LOOK.with(|l| l.set(look));
}

/// Makes `look` the one this frame's colours are read from, egui's own included.
pub fn apply_look(ctx: &egui::Context, look: Look) {
    set_look(look);
    let visuals = visuals(look);
    if ctx.style().visuals != visuals {
        ctx.set_visuals(visuals);
    }
}

/// The look in force.
pub fn look() -> Look {
    LOOK.with(Cell::get)
}

/// The colours in force.
pub fn current() -> &'static Colors {
    look().colors()
}

/// Body A.
pub fn a() -> Color32 {
    current().a
}
/// Body B.
pub fn b() -> Color32 {
    current().b
}
/// Reference face.
pub fn reference() -> Color32 {
    current().reference
}
/// Incident face.
pub fn incident() -> Color32 {
    current().incident
}
/// Normal, contact points, labels.
pub fn ink() -> Color32 {
    current().ink
}
/// Separated / positive gap.
pub fn good() -> Color32 {
    current().good
}
/// Overlapping / negative gap.
pub fn bad() -> Color32 {
    current().bad
}
/// Highlights (selected axis, current step).
pub fn accent() -> Color32 {
    current().accent
}
/// Minkowski difference.
pub fn minkowski() -> Color32 {
    current().minkowski
}
/// Background.
pub fn background() -> Color32 {
    current().background
}
/// Minor grid lines.
pub fn grid() -> Color32 {
    current().grid
}
/// Major grid lines and axes.
pub fn grid_major() -> Color32 {
    current().grid_major
}
/// Dim text.
pub fn dim() -> Color32 {
    current().dim
}

/// The colour of a body by index (0 = A, 1 = B).
pub fn body(i: usize) -> Color32 {
    if i == 0 { a() } else { b() }
}

/// egui's own look for the panels in `look`'s theme: its dark or light visuals, with the
/// panels' text made strong enough to read on a projector.
pub fn visuals(look: Look) -> egui::Visuals {
    match look.theme {
        Theme::Dark => egui::Visuals::dark(),
        Theme::Light => {
            let mut v = egui::Visuals::light();
            // egui's light text (grey 80 and 60) is fine on a screen; a projector wants
            // it near black.
            v.widgets.noninteractive.fg_stroke.color = rgb(20, 20, 24);
            v.widgets.inactive.fg_stroke.color = rgb(20, 20, 24);
            v
        }
    }
}
