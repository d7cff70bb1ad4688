//! Every drawing primitive of the canvas, on egui's painter (anti-aliased by feathering).
//!
//! Callers give world coordinates; [`Canvas`] maps them through the one [`Camera`] to window
//! pixels and then to egui points. Trace data is in the pair frame: give its `origin` to
//! [`Canvas::with_origin`] and draw it as is.

use super::camera::Camera;
use super::visible::{self, Visible};
use crate::geom::{Shape, Transform};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape as EShape, Stroke};
use glam::{DVec2, Vec2};
use std::cell::RefCell;
use std::rc::Rc;

/// How far (egui points) beyond the view lines and fills are kept: more than half the widest
/// stroke, so that the edges a clip makes are never seen.
const CLIP_MARGIN: f64 = 24.0;
/// Dash and gap of dashed lines, in pixels.
const DASH: (f32, f32) = (7.0, 5.0);

/// How much a label matters when labels compete for room: the placement pass places the more
/// important first and drops a lesser one that finds no free spot.
pub mod priority {
    /// The view's own words (title, hint, banner): fixed in place, never dropped.
    pub const CHROME: u8 = 250;
    /// The bodies' badges (A, B).
    pub const BODY: u8 = 200;
    /// What the current step is about (the new support point, the distance, the gap).
    pub const KEY: u8 = 150;
    /// Everything else the mode names.
    pub const NORMAL: u8 = 100;
    /// Secondary names (the vertices of a simplex, clipped points).
    pub const MINOR: u8 = 60;
    /// Grid numbers: fixed in place, the first to go.
    pub const TICK: u8 = 0;
}

/// One view of the canvas as drawn in a frame, in window pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnView {
    /// "world" or "minkowski".
    pub name: &'static str,
    /// The view's rectangle `[x, y, w, h]`.
    pub rect: [f32; 4],
    /// The screen bounds of everything the mode drew in it (labels included), if anything.
    pub content: Option<[f32; 4]>,
    /// The same without the labels: what framing fits to (labels move to find room).
    pub figure: Option<[f32; 4]>,
}

/// One canvas label as placed in a frame, in window pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnLabel {
    /// Its text.
    pub text: String,
    /// Its rectangle `[x, y, w, h]`.
    pub rect: [f32; 4],
    /// The view's own words (its title, the hint, a banner), fixed at its edge: kept clear of
    /// other labels but not of marks, which may run under them.
    pub chrome: bool,
}

/// What the canvas drew in one frame: for `--print-state`, the tests and framing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    /// Each view.
    pub views: Vec<DrawnView>,
    /// Every label that was placed (dropped ones are not drawn and not listed).
    pub labels: Vec<DrawnLabel>,
    /// The key marks no label may cover: points and lines, as drawn.
    pub marks: Vec<DrawnMark>,
}

/// A key mark as drawn in a frame, in window pixels: no label is placed over it.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnMark {
    /// What it is: "contact", "dropped", "origin", "simplex vertex", "reference face", …
    pub kind: &'static str,
    /// Its shape on screen.
    pub shape: MarkShape,
}

/// A mark's shape on screen, in window pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MarkShape {
    /// A dot or ring: its bounding rectangle `[x, y, w, h]`.
    Point([f32; 4]),
    /// A line as drawn in its view `[x0, y0, x1, y1]`, and its width.
    Line([f32; 4], f32),
}

impl MarkShape {
    /// Whether a label at `r` (`[x, y, w, h]`, the same pixels) covers this mark.
    pub fn covered_by(&self, r: [f32; 4]) -> bool {
        let rect = Rect::from_min_size(egui::pos2(r[0], r[1]), egui::vec2(r[2], r[3]));
        match *self {
            MarkShape::Point(p) => rect.intersects(Rect::from_min_size(
                egui::pos2(p[0], p[1]),
                egui::vec2(p[2], p[3]),
            )),
            MarkShape::Line(l, width) => segment_meets_rect(
                egui::pos2(l[0], l[1]),
                egui::pos2(l[2], l[3]),
                rect.expand(width * 0.5),
            ),
        }
    }
}

/// Whether the segment `a`–`b` passes through `r` (or touches it).
fn segment_meets_rect(a: Pos2, b: Pos2, r: Rect) -> bool {
    if r.contains(a) || r.contains(b) {
        return true;
    }
    let v = |p: Pos2| DVec2::new(p.x as f64, p.y as f64);
    visible::clip_param(v(a), v(b) - v(a), v(r.min), v(r.max), (0.0, 1.0))
        .is_some_and(|(t0, t1)| t0 <= t1)
}

/// How a label looks and behaves: its rank, its text size and whether it may move.
#[derive(Clone, Copy)]
struct Look {
    rank: u8,
    font: f32,
    fixed: bool,
}

/// A label waiting for the placement pass.
struct Pending {
    text: String,
    anchor: Pos2,
    offset: egui::Vec2,
    color: Color32,
    priority: u8,
    view: usize,
    font: f32,
    fixed: bool,
}

/// A view being recorded: its rectangle and the bounds of its figure, in egui points.
struct ViewRecord {
    name: &'static str,
    rect: Rect,
    figure: Rect,
    /// Drawn to the view's edges by design (lines across the view): content, not figure.
    across: Rect,
}

/// The frame's record, shared by every [`Canvas`] made from one [`Canvas::new`].
struct Recorder {
    painter: Painter,
    ppp: f32,
    views: Vec<ViewRecord>,
    pending: Vec<Pending>,
    /// Rectangles drawn over the views (the banner) that labels keep clear of.
    fixed: Vec<(String, Rect, usize)>,
    /// The key marks labels keep clear of (egui points), with their views.
    marks: Vec<(&'static str, MarkShape, usize)>,
}

fn px_rect(r: Rect, ppp: f32) -> [f32; 4] {
    [
        r.min.x * ppp,
        r.min.y * ppp,
        r.width() * ppp,
        r.height() * ppp,
    ]
}

/// The rectangles a label of `size` may take around `anchor`, best first: the one asked for,
/// then around the anchor at growing distances.
fn candidates(anchor: Pos2, wish: Rect, fixed: bool) -> Vec<Rect> {
    let mut out = vec![wish];
    if fixed {
        return out;
    }
    let s = wish.size();
    for d in 0..5 {
        let g = 6.0 + d as f32 * (s.y * 0.75 + 3.0);
        for off in [
            egui::vec2(g, -g - s.y),
            egui::vec2(g, g),
            egui::vec2(-g - s.x, -g - s.y),
            egui::vec2(-g - s.x, g),
            egui::vec2(-s.x * 0.5, -g - s.y),
            egui::vec2(-s.x * 0.5, g),
            egui::vec2(g, -s.y * 0.5),
            egui::vec2(-g - s.x, -s.y * 0.5),
        ] {
            out.push(Rect::from_min_size(anchor + off, s));
        }
    }
    out
}

/// `r` moved (not resized) to lie inside `view`; None when it is larger than the view.
fn inside(r: Rect, view: Rect) -> Option<Rect> {
    if r.width() > view.width() || r.height() > view.height() {
        return None;
    }
    let dx = (view.left() - r.left()).max(0.0) + (view.right() - r.right()).min(0.0);
    let dy = (view.top() - r.top()).max(0.0) + (view.bottom() - r.bottom()).min(0.0);
    Some(r.translate(egui::vec2(dx, dy)))
}

impl Recorder {
    /// Places the waiting labels (most important first; a label with no free spot is dropped),
    /// paints them, and returns the frame's record in window pixels.
    fn finish(&mut self) -> Drawn {
        let mut placed: Vec<(String, Rect, usize, bool)> = self
            .fixed
            .iter()
            .map(|(t, r, v)| (t.clone(), *r, *v, true))
            .collect();
        let mut order: Vec<Pending> = std::mem::take(&mut self.pending);
        order.sort_by_key(|p| std::cmp::Reverse(p.priority));
        for p in order {
            let Some(view) = self.views.get(p.view).map(|v| v.rect) else {
                continue;
            };
            // A label about something out of the view (zoomed in on a corner) is not drawn:
            // pinned to the view's edge it would name nothing there. The view's own words and
            // the grid numbers are placed at its edge on purpose.
            if p.priority != priority::CHROME
                && p.priority != priority::TICK
                && !view.expand(1.0).contains(p.anchor)
            {
                continue;
            }
            let galley =
                self.painter
                    .layout_no_wrap(p.text.clone(), FontId::proportional(p.font), p.color);
            let pad = 2.0;
            let size = galley.size() + egui::vec2(2.0 * pad, 2.0 * pad);
            let wish = Align2::LEFT_BOTTOM.anchor_size(p.anchor + p.offset, size);
            let marks = &self.marks;
            let free = |r: &Rect| {
                let probe = [r.min.x, r.min.y, r.width(), r.height()];
                placed
                    .iter()
                    .all(|(_, q, _, _)| !q.expand(1.0).intersects(*r))
                    && (p.priority == priority::CHROME
                        || marks
                            .iter()
                            .all(|(_, m, view)| *view != p.view || !m.covered_by(probe)))
            };
            let spot = candidates(p.anchor, wish, p.fixed)
                .into_iter()
                .filter_map(|r| inside(r, view))
                .find(|r| free(r));
            let Some(rect) = spot else {
                continue;
            };
            let mut painter = self.painter.clone();
            painter.set_clip_rect(view);
            if p.priority != priority::CHROME && p.priority != priority::TICK {
                // A label moved away from its point keeps a thin line back to it.
                let gap = rect.distance_to_pos(p.anchor);
                if gap > 14.0 {
                    let to = rect.clamp(p.anchor);
                    painter.line_segment(
                        [p.anchor, to],
                        Stroke::new(1.0, p.color.gamma_multiply(0.6)),
                    );
                }
                painter.rect_filled(rect, 3.0, colors::current().label_backdrop);
            }
            painter.galley(rect.min + egui::vec2(pad, pad), galley, p.color);
            placed.push((p.text, rect, p.view, p.priority == priority::CHROME));
        }
        let ppp = self.ppp;
        let views = self
            .views
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let f = v.figure;
                let figure = (f.min.x <= f.max.x && f.min.y <= f.max.y).then_some(f);
                let mut content = figure;
                let a = v.across;
                if a.min.x <= a.max.x && a.min.y <= a.max.y {
                    content = Some(content.map_or(a, |c| c.union(a)));
                }
                for (_, r, view, _) in &placed {
                    if *view == i {
                        content = Some(content.map_or(*r, |c| c.union(*r)));
                    }
                }
                DrawnView {
                    name: v.name,
                    rect: px_rect(v.rect, ppp),
                    content: content.map(|c| px_rect(c, ppp)),
                    figure: figure.map(|c| px_rect(c, ppp)),
                }
            })
            .collect();
        let labels = placed
            .into_iter()
            .map(|(text, r, _, chrome)| DrawnLabel {
                text,
                rect: px_rect(r, ppp),
                chrome,
            })
            .collect();
        let marks = self
            .marks
            .iter()
            .map(|(kind, m, _)| DrawnMark {
                kind,
                shape: match *m {
                    MarkShape::Point(r) => MarkShape::Point(r.map(|x| x * ppp)),
                    MarkShape::Line(l, w) => MarkShape::Line(l.map(|x| x * ppp), w * ppp),
                },
            })
            .collect();
        Drawn {
            views,
            labels,
            marks,
        }
    }
}

/// The palettes: A blue, B violet in every mode; reference green, incident orange in the
/// standard palette (blue-green and orange in the colour-vision-safe one); the normal and contact
/// points white on the dark theme, near-black on the light one. Every colour is read through a
/// function of the active [`colors::Look`] (a theme and a palette), set once per frame by the app.
pub mod colors {
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
}

/// The canvas painter with its camera: the only way anything is drawn on the canvas.
///
/// Sizes given to it (line widths, radii, label offsets) are in egui points, so they grow with
/// the presenter scale and the screen's density; world lengths go through [`Canvas::span`].
/// Everything drawn is recorded: each view's figure bounds, and the labels, which wait for the
/// placement pass in [`Canvas::finish`].
#[derive(Clone)]
pub struct Canvas<'a> {
    painter: Painter,
    cam: &'a Camera,
    ppp: f32,
    origin: Vec2,
    rec: Rc<RefCell<Recorder>>,
    view: usize,
    /// Drawn as background (the grid): not part of the view's figure.
    background: bool,
    /// Text size of canvas labels, in points.
    pub font: f32,
}

impl<'a> Canvas<'a> {
    /// A canvas on egui's background layer over `cam`'s viewport (clipped to it and cleared);
    /// `ppp` is egui's pixels per point. A `dry` canvas records but paints nothing (framing
    /// measures a frame with it).
    pub fn new(ctx: &egui::Context, cam: &'a Camera, ppp: f32, dry: bool) -> Canvas<'a> {
        let ppp = ppp.max(0.1);
        let mut painter = ctx.layer_painter(egui::LayerId::background());
        if dry {
            painter.set_invisible();
        }
        let rec = Rc::new(RefCell::new(Recorder {
            painter: painter.clone(),
            ppp,
            views: Vec::new(),
            pending: Vec::new(),
            fixed: Vec::new(),
            marks: Vec::new(),
        }));
        Canvas::over(painter, rec, cam, ppp, "world")
    }

    fn over(
        painter: Painter,
        rec: Rc<RefCell<Recorder>>,
        cam: &'a Camera,
        ppp: f32,
        name: &'static str,
    ) -> Canvas<'a> {
        let rect = egui::Rect::from_min_size(
            egui::pos2(cam.viewport_min.x, cam.viewport_min.y) / ppp,
            egui::vec2(cam.viewport_size.x, cam.viewport_size.y) / ppp,
        );
        // Replace the clip rectangle, not intersect it (`with_clip_rect` would): a second view
        // made from the world's painter lies beside the world's rectangle, and the intersection
        // of the two is empty.
        let mut painter = painter;
        painter.set_clip_rect(rect);
        painter.rect_filled(rect, 0.0, colors::background());
        let view = {
            let mut r = rec.borrow_mut();
            r.views.push(ViewRecord {
                name,
                rect,
                figure: Rect::NOTHING,
                across: Rect::NOTHING,
            });
            r.views.len() - 1
        };
        Canvas {
            painter,
            cam,
            ppp,
            origin: Vec2::ZERO,
            rec,
            view,
            background: false,
            font: 15.0,
        }
    }

    /// A second view on the same layer with its own camera (the Minkowski pane), cleared.
    pub fn view<'b>(&self, cam: &'b Camera, name: &'static str) -> Canvas<'b> {
        Canvas::over(
            self.painter.clone(),
            Rc::clone(&self.rec),
            cam,
            self.ppp,
            name,
        )
    }

    /// The view named `name` already drawn this frame (the GJK mode's Minkowski pane), to draw
    /// over it with `cam`: not cleared, its figure and labels kept. `None` when there is none.
    pub fn existing_view<'b>(&self, cam: &'b Camera, name: &'static str) -> Option<Canvas<'b>> {
        let (view, rect) = {
            let r = self.rec.borrow();
            let i = r.views.iter().position(|v| v.name == name)?;
            (i, r.views[i].rect)
        };
        let mut painter = self.painter.clone();
        painter.set_clip_rect(rect);
        Some(Canvas {
            painter,
            cam,
            ppp: self.ppp,
            origin: Vec2::ZERO,
            rec: Rc::clone(&self.rec),
            view,
            background: false,
            font: self.font,
        })
    }

    /// Places and paints the frame's labels, and returns what the frame drew (window pixels).
    pub fn finish(self) -> Drawn {
        self.rec.borrow_mut().finish()
    }

    /// The same canvas, drawing background (not counted in the view's figure).
    pub fn behind(&self) -> Canvas<'a> {
        Canvas {
            background: true,
            ..self.clone()
        }
    }

    /// Counts `r` (egui points) into the view's figure.
    fn mark(&self, r: Rect) {
        if self.background || !r.is_finite() {
            return;
        }
        if let Some(v) = self.rec.borrow_mut().views.get_mut(self.view) {
            v.figure = v.figure.union(r);
        }
    }

    /// Counts the points `pts`, widened by `half` points, into the view's figure.
    fn mark_points(&self, pts: &[Pos2], half: f32) {
        if pts.is_empty() {
            return;
        }
        self.mark(Rect::from_points(pts).expand(half));
    }

    /// Records a key mark that labels keep clear of (egui points).
    fn key_mark(&self, kind: &'static str, shape: MarkShape) {
        if self.background {
            return;
        }
        self.rec.borrow_mut().marks.push((kind, shape, self.view));
    }

    /// Records a dot or ring of `radius` points at `at` as a key mark.
    fn key_point(&self, kind: &'static str, at: Pos2, radius: f32) {
        if !self.rect().contains(at) {
            return;
        }
        let r = Rect::from_center_size(at, egui::vec2(2.0 * radius, 2.0 * radius));
        self.key_mark(
            kind,
            MarkShape::Point([r.min.x, r.min.y, r.width(), r.height()]),
        );
    }

    /// Records the visible part of the world segment `a`–`b`, `width` points wide, as a key
    /// mark (a face, the closest edge) that no label may be drawn across.
    pub fn mark_segment(&self, kind: &'static str, a: Vec2, b: Vec2, width: f32) {
        if let Some((ca, cb)) = self.visible().clip_segment(self.map(a), self.map(b)) {
            let (pa, pb) = (self.to_pos(ca), self.to_pos(cb));
            self.key_mark(kind, MarkShape::Line([pa.x, pa.y, pb.x, pb.y], width));
        }
    }

    /// A world length of `points` egui points at this zoom (a picture's fixed-size offsets).
    pub fn span(&self, points: f32) -> f32 {
        points * self.ppp / self.cam.zoom
    }

    /// Queues a label for the placement pass.
    fn queue(&self, at: (Pos2, egui::Vec2), text: String, color: Color32, look: Look) {
        self.rec.borrow_mut().pending.push(Pending {
            text,
            anchor: at.0,
            offset: at.1,
            color,
            priority: look.rank,
            view: self.view,
            font: look.font,
            fixed: look.fixed,
        });
    }

    /// The view's rectangle in egui points.
    fn rect(&self) -> egui::Rect {
        self.painter.clip_rect()
    }

    /// A title in the view's top-left corner.
    pub fn title(&self, text: &str, color: Color32) {
        let at = self.rect().left_top() + egui::vec2(8.0, 6.0);
        // Anchored by its bottom-left corner like every label: one line of 16-point text.
        let offset = egui::vec2(0.0, 16.0 * 1.3 + 4.0);
        self.queue(
            (at, offset),
            text.to_owned(),
            color,
            Look {
                rank: priority::CHROME,
                font: 16.0,
                fixed: true,
            },
        );
    }

    /// A line down the view's left edge (between two views).
    pub fn left_divider(&self, color: Color32) {
        let r = self.rect();
        self.painter
            .line_segment([r.left_top(), r.left_bottom()], Stroke::new(2.0, color));
    }

    /// A message box across the top of the view: `color` edges it (error red, info green).
    pub fn banner(&self, text: &str, color: Color32) {
        let rect = self.rect();
        let font = FontId::proportional(16.0);
        let galley = self
            .painter
            .layout(text.to_owned(), font, colors::ink(), rect.width() - 40.0);
        let area = egui::Rect::from_min_size(
            rect.min + egui::vec2(12.0, 12.0),
            galley.size() + egui::vec2(20.0, 14.0),
        );
        self.painter
            .rect_filled(area, 6.0, color.gamma_multiply(0.35));
        self.painter
            .rect_stroke(area, 6.0, Stroke::new(1.5, color), egui::StrokeKind::Inside);
        self.painter
            .galley(area.min + egui::vec2(10.0, 7.0), galley, colors::ink());
        self.rec
            .borrow_mut()
            .fixed
            .push((text.to_owned(), area, self.view));
    }

    /// A dim hint in the view's bottom-right corner.
    pub fn hint(&self, text: &str) {
        let galley =
            self.painter
                .layout_no_wrap(text.to_owned(), FontId::proportional(13.0), colors::dim());
        let at = self.rect().right_bottom() - egui::vec2(8.0, 6.0);
        let offset = egui::vec2(-galley.size().x - 4.0, 0.0);
        self.queue(
            (at, offset),
            text.to_owned(),
            colors::dim(),
            Look {
                rank: priority::CHROME,
                font: 13.0,
                fixed: true,
            },
        );
    }

    /// The same canvas drawing points given in a frame whose world position is `origin`.
    pub fn with_origin(&self, origin: Vec2) -> Canvas<'a> {
        Canvas {
            origin,
            ..self.clone()
        }
    }

    /// The camera.
    pub fn camera(&self) -> &Camera {
        self.cam
    }

    /// A world (or frame) point in egui points.
    pub fn pos(&self, w: Vec2) -> Pos2 {
        self.to_pos(self.map(w))
    }

    /// A world (or frame) point relative to the view's centre, in egui points, y up, in f64:
    /// exact enough at any zoom (at zoom 1e5 a world point can be 1e11 pixels away).
    fn map(&self, w: Vec2) -> DVec2 {
        let world = w.as_dvec2() + self.origin.as_dvec2();
        (world - self.cam.center.as_dvec2()) * (self.cam.zoom as f64 / self.ppp as f64)
    }

    /// A length in world units as egui points.
    fn map_len(&self, r: f32) -> f64 {
        r as f64 * self.cam.zoom as f64 / self.ppp as f64
    }

    /// A mapped point (see [`Canvas::map`]) as an egui position.
    fn to_pos(&self, q: DVec2) -> Pos2 {
        let c = (self.cam.viewport_min + self.cam.viewport_size * 0.5).as_dvec2() / self.ppp as f64;
        Pos2::new((c.x + q.x) as f32, (c.y - q.y) as f32)
    }

    /// The view and its margin, in mapped coordinates: what is drawn is clipped to it.
    fn visible(&self) -> Visible {
        Visible::new(
            self.cam.viewport_size.as_dvec2() / self.ppp as f64,
            CLIP_MARGIN,
        )
    }

    /// A size in egui points (line widths, radii): points are the canvas's unit of size.
    fn px(&self, points: f32) -> f32 {
        points
    }

    /// A straight line, `width` in pixels (only its visible part is drawn; all of it counts
    /// into the view's figure).
    pub fn line(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(a), self.map(b));
        self.mark_points(&[self.to_pos(ma), self.to_pos(mb)], width * 0.5);
        if let Some((a, b)) = self.visible().clip_segment(ma, mb) {
            let pts = [self.to_pos(a), self.to_pos(b)];
            self.painter
                .line_segment(pts, Stroke::new(self.stroke_px(width), color));
        }
    }

    /// A dashed line: only its visible part is dashed, in step with the whole line's dashes
    /// (so they do not crawl when the view moves).
    pub fn dashed(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(a), self.map(b));
        self.mark_points(&[self.to_pos(ma), self.to_pos(mb)], width * 0.5);
        let Some((ca, cb)) = self.visible().clip_segment(ma, mb) else {
            return;
        };
        let pts = [self.to_pos(ca), self.to_pos(cb)];
        let period = (self.px(DASH.0) + self.px(DASH.1)) as f64;
        let offset = ((ca - ma).length() % period) as f32;
        self.painter.extend(EShape::dashed_line_with_offset(
            &pts,
            Stroke::new(self.stroke_px(width), color),
            &[self.px(DASH.0)],
            &[self.px(DASH.1)],
            offset,
        ));
    }

    /// A line across the whole view through `p` along `dir`: only its part inside the view
    /// is drawn.
    pub fn infinite_line(&self, p: Vec2, dir: Vec2, width: f32, color: Color32, dashed: bool) {
        self.infinite_line_as(None, p, dir, width, color, dashed);
    }

    /// [`Canvas::infinite_line`] recorded as a key mark of `kind` (a side plane) when given.
    pub fn infinite_line_as(
        &self,
        kind: Option<&'static str>,
        p: Vec2,
        dir: Vec2,
        width: f32,
        color: Color32,
        dashed: bool,
    ) {
        let (a, d) = (self.pos(p), self.pos(p + dir) - self.pos(p));
        let r = self.rect().shrink(width);
        let v = |p: Pos2| DVec2::new(p.x as f64, p.y as f64);
        let Some((t0, t1)) = visible::clip_param(
            v(a),
            DVec2::new(d.x as f64, d.y as f64),
            v(r.min),
            v(r.max),
            (f64::NEG_INFINITY, f64::INFINITY),
        )
        .filter(|(t0, t1)| t0 < t1) else {
            return;
        };
        let (t0, t1) = (t0 as f32, t1 as f32);
        let (pa, pb) = (a + d * t0, a + d * t1);
        if let Some(v) = self.rec.borrow_mut().views.get_mut(self.view) {
            v.across = v
                .across
                .union(Rect::from_two_pos(pa, pb).expand(width * 0.5));
        }
        if let Some(kind) = kind {
            self.key_mark(kind, MarkShape::Line([pa.x, pa.y, pb.x, pb.y], width));
        }
        let stroke = Stroke::new(self.stroke_px(width), color);
        if dashed {
            self.painter
                .extend(EShape::dashed_line(&[pa, pb], stroke, 7.0, 5.0));
        } else {
            self.painter.line_segment([pa, pb], stroke);
        }
    }

    /// An arrow from `from` along the direction `dir` (any length), `points` long on screen;
    /// nothing for a zero direction.
    pub fn arrow_along(&self, from: Vec2, dir: Vec2, points: f32, width: f32, color: Color32) {
        let d = dir.normalize_or_zero();
        if d != Vec2::ZERO {
            self.arrow(from, from + d * self.span(points), width, color);
        }
    }

    /// A fan of directions at `apex`: from the unit direction `from`, turning by `angle`
    /// radians towards the side of `toward` (away from it when negative), `radius` long
    /// (world units); filled faintly, outlined.
    pub fn fan_toward(
        &self,
        apex: Vec2,
        from: Vec2,
        toward: Vec2,
        angle: f32,
        radius: f32,
        color: Color32,
    ) {
        let sweep = if from.perp_dot(toward) >= 0.0 {
            angle
        } else {
            -angle
        };
        let turned = |t: f32| {
            let (s, c) = t.sin_cos();
            Vec2::new(c * from.x - s * from.y, s * from.x + c * from.y)
        };
        let steps = ((sweep.abs() / 0.15).ceil() as usize).clamp(2, 24);
        let mut pts = vec![apex];
        pts.extend((0..=steps).map(|k| apex + turned(sweep * k as f32 / steps as f32) * radius));
        // The fan's points turn one way; the polygon fill wants them counter-clockwise.
        if sweep < 0.0 {
            pts[1..].reverse();
        }
        self.polygon(
            &pts,
            color.gamma_multiply(0.18),
            1.0,
            color.gamma_multiply(0.7),
        );
    }

    /// An arrow from `from` to `to` with a head of `head` pixels.
    pub fn arrow(&self, from: Vec2, to: Vec2, width: f32, color: Color32) {
        let (ma, mb) = (self.map(from), self.map(to));
        let len = (mb - ma).length() as f32;
        self.line(from, to, width, color);
        if len < 1.0 || !self.visible().contains(mb) {
            return;
        }
        // The tip and the direction in egui points (y down), from the exact mapped points.
        let b = self.to_pos(mb);
        self.mark_points(&[b], width * 0.5 + 3.0 + 1.25 * width);
        let d = (mb - ma) / (mb - ma).length();
        let dir = egui::vec2(d.x as f32, -d.y as f32);
        let head = self.px(6.0 + 2.5 * width).min(len * 0.5);
        let side = egui::vec2(-dir.y, dir.x) * head * 0.5;
        let base = b - dir * head;
        self.painter.add(EShape::convex_polygon(
            vec![b, base + side, base - side],
            color,
            Stroke::NONE,
        ));
    }

    /// A filled dot of `radius` pixels with a dark rim.
    pub fn point(&self, p: Vec2, radius: f32, color: Color32) {
        self.dot(None, p, radius, color);
    }

    /// [`Canvas::point`] as a key mark of `kind` ("contact", "origin", …): no label covers it.
    pub fn point_as(&self, kind: &'static str, p: Vec2, radius: f32, color: Color32) {
        self.dot(Some(kind), p, radius, color);
    }

    fn dot(&self, kind: Option<&'static str>, p: Vec2, radius: f32, color: Color32) {
        if let Some(kind) = kind {
            self.key_point(kind, self.pos(p), radius + 1.0);
        }
        self.mark_points(&[self.pos(p)], radius + 1.0);
        self.painter.circle(
            self.pos(p),
            self.px(radius),
            color,
            Stroke::new(self.px(1.5), colors::background()),
        );
    }

    /// A hollow ring of `radius` pixels.
    pub fn ring(&self, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.hoop(None, p, radius, width, color);
    }

    /// [`Canvas::ring`] as a key mark of `kind` ("dropped", …): no label covers it.
    pub fn ring_as(&self, kind: &'static str, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.hoop(Some(kind), p, radius, width, color);
    }

    fn hoop(&self, kind: Option<&'static str>, p: Vec2, radius: f32, width: f32, color: Color32) {
        if let Some(kind) = kind {
            self.key_point(kind, self.pos(p), radius + width * 0.5);
        }
        self.mark_points(&[self.pos(p)], radius + width * 0.5);
        self.painter.circle_stroke(
            self.pos(p),
            self.px(radius),
            Stroke::new(self.stroke_px(width), color),
        );
    }

    /// A ring of `radius` points crossed out by an ×, as a key mark of `kind`: a point that
    /// was dropped (told from a kept one by its shape, not only its colour).
    pub fn crossed_as(&self, kind: &'static str, p: Vec2, radius: f32, width: f32, color: Color32) {
        self.hoop(Some(kind), p, radius, width, color);
        let c = self.pos(p);
        let d = self.px(radius) * std::f32::consts::FRAC_1_SQRT_2;
        let stroke = Stroke::new(self.stroke_px(width), color);
        for (from, to) in [
            (egui::vec2(-d, -d), egui::vec2(d, d)),
            (egui::vec2(-d, d), egui::vec2(d, -d)),
        ] {
            self.painter.line_segment([c + from, c + to], stroke);
        }
    }

    /// A world-size circle outline (for radii), sampled for what is visible.
    pub fn world_circle(&self, c: Vec2, r: f32, width: f32, color: Color32, fill: Color32) {
        let pts = visible::rounded(&[self.map(c)], &[], self.map_len(r), &self.visible());
        self.fill_mapped(&pts, fill, width, color);
    }

    /// A text label at a world point: its bottom-left corner `offset` points from it (x right,
    /// y down), or, when that spot is taken or outside the view, the nearest free spot around
    /// the point (with a thin line back to it); dropped when there is none.
    pub fn label(&self, p: Vec2, offset: Vec2, text: impl ToString, color: Color32) {
        self.label_ranked(p, offset, text, color, priority::NORMAL);
    }

    /// [`Canvas::label`] with a rank from [`priority`].
    pub fn label_ranked(
        &self,
        p: Vec2,
        offset: Vec2,
        text: impl ToString,
        color: Color32,
        rank: u8,
    ) {
        let offset = egui::vec2(offset.x, offset.y);
        self.queue(
            (self.pos(p), offset),
            text.to_string(),
            color,
            Look {
                rank,
                font: self.font,
                fixed: false,
            },
        );
    }

    /// A closed convex polygon: fill and outline (`width` pixels).
    pub fn polygon(&self, pts: &[Vec2], fill: Color32, width: f32, color: Color32) {
        let pts: Vec<DVec2> = pts.iter().map(|p| self.map(*p)).collect();
        self.fill_mapped(&pts, fill, width, color);
    }

    /// A convex polygon of mapped points, clipped to the view, filled and outlined (all of it
    /// counts into the view's figure).
    fn fill_mapped(&self, pts: &[DVec2], fill: Color32, width: f32, color: Color32) {
        let whole: Vec<Pos2> = pts.iter().map(|p| self.to_pos(*p)).collect();
        self.mark_points(&whole, width * 0.5);
        let clipped = self.visible().clip_convex(pts);
        if clipped.len() < 2 {
            return;
        }
        let pts: Vec<Pos2> = clipped.iter().map(|p| self.to_pos(*p)).collect();
        self.painter.add(EShape::convex_polygon(
            pts,
            fill,
            Stroke::new(self.stroke_px(width), color),
        ));
    }

    /// A shaded region, the intersection of half-planes `(x - a) · n <= 0` (world points `a`,
    /// normals `n`), possibly unbounded: only its visible part is filled, and it is not part of
    /// the view's figure (it reaches the view's edges by nature, so framing ignores it).
    pub fn region(&self, planes: &[crate::geom::gjk::HalfPlane], fill: Color32) {
        let mapped: Vec<(DVec2, DVec2)> = planes
            .iter()
            .map(|h| (self.map(h.point), h.normal.as_dvec2()))
            .collect();
        let poly = self.visible().clip_half_planes(&mapped);
        if poly.len() < 3 {
            return;
        }
        let pts: Vec<Pos2> = poly.iter().map(|p| self.to_pos(*p)).collect();
        self.painter
            .add(EShape::convex_polygon(pts, fill, Stroke::NONE));
    }

    /// An open or closed polyline.
    pub fn polyline(&self, pts: &[Vec2], closed: bool, width: f32, color: Color32, dashed: bool) {
        let pts: Vec<DVec2> = pts.iter().map(|p| self.map(*p)).collect();
        self.polyline_mapped(&pts, closed, width, color, dashed);
    }

    /// A polyline of mapped points: each visible run drawn (dashed or not) and counted.
    fn polyline_mapped(
        &self,
        pts: &[DVec2],
        closed: bool,
        width: f32,
        color: Color32,
        dashed: bool,
    ) {
        let mut pts = pts.to_vec();
        if closed && pts.len() > 2 {
            pts.push(pts[0]);
        }
        let whole: Vec<Pos2> = pts.iter().map(|q| self.to_pos(*q)).collect();
        self.mark_points(&whole, width * 0.5);
        let stroke = Stroke::new(self.stroke_px(width), color);
        for run in self.visible().clip_polyline(&pts) {
            let p: Vec<Pos2> = run.iter().map(|q| self.to_pos(*q)).collect();
            if dashed {
                self.painter.extend(EShape::dashed_line(
                    &p,
                    stroke,
                    self.px(DASH.0),
                    self.px(DASH.1),
                ));
            } else {
                self.painter.add(EShape::line(p, stroke));
            }
        }
    }

    /// The outline of `shape` at `xf` in mapped points, its arcs sampled for what is visible.
    fn outline_mapped(&self, shape: &Shape, xf: Transform) -> Vec<DVec2> {
        let core: Vec<DVec2> = shape
            .vertices()
            .iter()
            .map(|v| self.map(xf.apply(*v)))
            .collect();
        let normals: Vec<DVec2> = shape
            .normals()
            .iter()
            .map(|n| xf.q.apply(*n).as_dvec2())
            .collect();
        visible::rounded(
            &core,
            &normals,
            self.map_len(shape.radius()),
            &self.visible(),
        )
    }

    /// The outline of `shape` at `xf` as a closed line (the hover ring).
    pub fn shape_outline(&self, shape: &Shape, xf: Transform, width: f32, color: Color32) {
        let outline = self.outline_mapped(shape, xf);
        self.polyline_mapped(&outline, true, width, color, false);
    }

    /// A convex counter-clockwise point set (1, 2 or more points; not a [`Shape`], such as the
    /// Minkowski difference) inflated by `r`: fill and outline.
    pub fn rounded_polygon(
        &self,
        core: &[Vec2],
        r: f32,
        fill: Color32,
        width: f32,
        color: Color32,
    ) {
        let n = core.len();
        let mapped: Vec<DVec2> = core.iter().map(|p| self.map(*p)).collect();
        let normals: Vec<DVec2> = (0..n)
            .map(|i| {
                let e = core[(i + 1) % n] - core[i];
                Vec2::new(e.y, -e.x)
                    .try_normalize()
                    .unwrap_or(Vec2::Y)
                    .as_dvec2()
            })
            .collect();
        let normals = if n == 1 { Vec::new() } else { normals };
        let outline = visible::rounded(&mapped, &normals, self.map_len(r), &self.visible());
        self.fill_mapped(&outline, fill, width, color);
    }

    /// A shape at `xf`: translucent fill, solid outline, the core dashed when rounded.
    pub fn shape(&self, shape: &Shape, xf: Transform, color: Color32, width: f32) {
        let outline = self.outline_mapped(shape, xf);
        self.fill_mapped(&outline, color.gamma_multiply(0.22), width, color);
        if shape.radius() > 0.0 {
            let core: Vec<Vec2> = shape.vertices().iter().map(|v| xf.apply(*v)).collect();
            match core.len() {
                1 => self.point(core[0], 2.5, color),
                _ => self.polyline(&core, core.len() > 2, 1.2, color.gamma_multiply(0.8), true),
            }
        }
    }

    /// One segment of a chain from `p1` to `p2` (world): a solid line, with short ticks on its
    /// back (the left of the walk), the side a one-sided segment does not collide on, as a
    /// drawing of the ground marks the solid side.
    pub fn chain_segment(&self, p1: Vec2, p2: Vec2, width: f32, color: Color32) {
        self.line(p1, p2, width, color);
        let (d, length) = ((p2 - p1).normalize_or_zero(), p1.distance(p2));
        let spacing = self.span(11.0);
        if spacing.is_nan() || spacing <= 0.0 || length / spacing > 4000.0 {
            return;
        }
        let back = Vec2::new(-d.y, d.x);
        let tick = (back * 0.8 - d * 0.6) * self.span(8.0);
        let faint = color.gamma_multiply(0.6);
        let mut t = 0.5 * (length % spacing);
        while t <= length {
            let q = p1 + d * t;
            self.line(q, q + tick, 1.2, faint);
            t += spacing;
        }
    }

    /// A body's part at `xf` (the body's transform composed with the part's): a chain's
    /// segment as [`Canvas::chain_segment`], any other part as [`Canvas::shape`].
    pub fn part(&self, part: &crate::geom::PlacedPart, xf: Transform, color: Color32, width: f32) {
        if part.link.is_some() {
            let v = part.shape.vertices();
            self.chain_segment(xf.apply(v[0]), xf.apply(v[1]), width + 1.0, color);
        } else {
            self.shape(&part.shape, xf, color, width);
        }
    }

    /// A thick bar from `a` to `b` (a shadow on an axis).
    pub fn bar(&self, a: Vec2, b: Vec2, width: f32, color: Color32) {
        self.line(a, b, width, color);
    }

    /// A line width of `points` in pixels, in the theme's weight (the light theme's lines are
    /// stronger, for a projector).
    fn stroke_px(&self, points: f32) -> f32 {
        self.px(points) * colors::current().line_weight
    }

    /// egui's pixels per point.
    pub fn ppp(&self) -> f32 {
        self.ppp
    }

    /// A grid number at a point in egui points: it stays where it is or is dropped.
    fn screen_text(&self, at: Pos2, text: String) {
        self.queue(
            (at, egui::Vec2::ZERO),
            text,
            colors::dim(),
            Look {
                rank: priority::TICK,
                font: 12.0,
                fixed: true,
            },
        );
    }
}

/// Draws the background grid with unit labels and the world origin.
///
/// Lines are counted by index, not by adding the step to a coordinate: far from the origin
/// at a large zoom the step can be below an `f32` coordinate's resolution, and `x += step`
/// would never reach the edge.
pub fn grid(canvas: &Canvas) {
    let canvas = &canvas.behind();
    let cam = canvas.camera();
    let min = cam.to_world(cam.viewport_min + Vec2::new(0.0, cam.viewport_size.y));
    let max = cam.to_world(cam.viewport_min + Vec2::new(cam.viewport_size.x, 0.0));
    // A step of 1, 2 or 5 times a power of ten, at least ~40 pixels.
    let raw = 40.0 / cam.zoom as f64;
    let pow = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * pow)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * pow);
    let major = step * 5.0;
    let (min, max) = (min.as_dvec2(), max.as_dvec2());
    if !(min.is_finite() && max.is_finite() && step.is_finite() && step > 0.0) {
        return;
    }
    // The lines' indices: from the first multiple of the step at or after `lo` to `hi`.
    let range = |lo: f64, hi: f64, step: f64| {
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        (last >= first && last - first < 2000).then_some((first, last))
    };
    let (Some(xs), Some(ys)) = (range(min.x, max.x, step), range(min.y, max.y, step)) else {
        return;
    };
    let colour = |k: i64| {
        if k % 5 == 0 {
            colors::grid_major()
        } else {
            colors::grid()
        }
    };
    let world = |x: f64, y: f64| Vec2::new(x as f32, y as f32);
    for k in xs.0..=xs.1 {
        let x = k as f64 * step;
        canvas.line(world(x, min.y), world(x, max.y), 1.0, colour(k));
    }
    for k in ys.0..=ys.1 {
        let y = k as f64 * step;
        canvas.line(world(min.x, y), world(max.x, y), 1.0, colour(k));
    }
    // Unit labels along the bottom and left edges, on major lines.
    let fmt = |v: f64| {
        let v = if v.abs() < step * 1e-3 { 0.0 } else { v };
        if major >= 1.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.*}", (-major.log10().floor()) as usize)
        }
    };
    if let Some((first, last)) = range(min.x, max.x, major) {
        for k in first..=last {
            let x = k as f64 * major;
            let p = canvas.pos(world(x, min.y));
            canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(x));
        }
    }
    if let Some((first, last)) = range(min.y, max.y, major) {
        for k in first..=last {
            let y = k as f64 * major;
            let p = canvas.pos(world(min.x, y));
            canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(y));
        }
    }
    // The origin.
    let (lo, hi) = (world(min.x, min.y), world(max.x, max.y));
    canvas.line(
        Vec2::new(lo.x, 0.0),
        Vec2::new(hi.x, 0.0),
        1.5,
        colors::grid_major(),
    );
    canvas.line(
        Vec2::new(0.0, lo.y),
        Vec2::new(0.0, hi.y),
        1.5,
        colors::grid_major(),
    );
}

/// Where to put a line beside shapes: `side` or `−side`, whichever faces `towards` from
/// `centre` (world, for placing a picture only).
pub fn side_towards(towards: Vec2, centre: Vec2, side: Vec2) -> Vec2 {
    if (towards - centre).dot(side) >= 0.0 {
        side
    } else {
        -side
    }
}

/// How far the shapes reach along `dir` (rounded outlines included): where a line beside them
/// may start (world, for placing a picture only).
pub fn reach(shapes: &[&crate::geom::Placed], dir: Vec2) -> f32 {
    shapes
        .iter()
        .flat_map(|s| s.vertices().map(move |v| v.dot(dir) + s.radius()))
        .fold(f32::NEG_INFINITY, f32::max)
}

#[cfg(test)]
mod tests {
    use super::MarkShape;

    #[test]
    fn a_label_covers_a_point_mark_only_where_their_rectangles_meet() {
        let dot = MarkShape::Point([100.0, 100.0, 12.0, 12.0]);
        assert!(dot.covered_by([105.0, 90.0, 40.0, 14.0]));
        assert!(!dot.covered_by([113.0, 90.0, 40.0, 14.0]));
        assert!(!dot.covered_by([60.0, 100.0, 39.0, 12.0]));
    }

    #[test]
    fn a_label_covers_a_line_mark_where_the_line_crosses_it_or_runs_within_half_its_width() {
        // A 6-wide horizontal face from x 0 to 200 at y 50.
        let face = MarkShape::Line([0.0, 50.0, 200.0, 50.0], 6.0);
        assert!(face.covered_by([90.0, 40.0, 30.0, 20.0]), "across it");
        assert!(
            face.covered_by([90.0, 30.0, 30.0, 18.0]),
            "within 3 of its middle"
        );
        assert!(!face.covered_by([90.0, 30.0, 30.0, 16.0]), "4 above it");
        assert!(
            !face.covered_by([210.0, 40.0, 30.0, 20.0]),
            "beyond its end"
        );
        // A diagonal through a rectangle's corner region but not through the rectangle.
        let diagonal = MarkShape::Line([0.0, 0.0, 100.0, 100.0], 1.0);
        assert!(!diagonal.covered_by([60.0, 10.0, 30.0, 20.0]));
        assert!(diagonal.covered_by([40.0, 30.0, 30.0, 20.0]));
    }
}
