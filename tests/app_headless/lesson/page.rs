//! The lesson page as its reader meets it: its figures (each iframe's link and caption), each
//! opened as its iframe opens it, the tour's ▶ pressed as a student presses it, and the page's
//! own check that every figure opens at a stop of its scene's tour with the caption bar.

use narrowphase_lab::app::command::{Command, Pose, TourTo};
use narrowphase_lab::app::tour::GLIDE_SECONDS;
use narrowphase_lab::app::{App, new_context, screen_input};
use narrowphase_lab::cli::AppFlags;
use narrowphase_lab::scene::questions::Which;
use serde_json::Value;

const PAGE: &str = include_str!("../../../web/lesson.html");

/// The page's figures, in order: each iframe's link (its query) and its caption's words.
fn figures() -> Vec<(String, String)> {
    PAGE.split("<figure>")
        .skip(1)
        .map(|f| {
            let src = f.split("src=\"").nth(1).and_then(|s| s.split('"').next());
            let src = src.expect("a figure's iframe").replace("&amp;", "&");
            let query = src.trim_start_matches("index.html").to_string();
            let caption = f.split("<figcaption>").nth(1).expect("a caption");
            let caption = caption.split("</figcaption>").next().unwrap_or("");
            (query, words_of(caption))
        })
        .collect()
}

/// Text as read: tags dropped, white space folded.
fn words_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of `key` in the link `query` (`stop` in `?scene=x&stop=3` is `3`).
fn field<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    query
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
}

/// The figure's link opened as the page's start opens it in its iframe: the lecture, then the
/// link, then the embed and its locks.
fn open(query: &str) -> App {
    let mut app = App::new(&AppFlags::default()).expect("the lecture opens");
    app.files(0.0, |f| f.open_link(query, "", 0.0));
    app.shell.embed = true;
    app.shell.locks = Some(narrowphase_lab::app::locks::parse(query, "").expect("its locks"));
    app
}

/// A figure of the page, opened: the app and the clock the test's ▶ presses are made on.
pub(super) struct Figure {
    pub(super) app: App,
    pub(super) now: f64,
}

impl Figure {
    /// The captions of the scene's tour (as loaded) from the stop shown on: `(stop, caption)`.
    fn captions(&self) -> Vec<(usize, String)> {
        let from = self.app.session.tour.stop.unwrap_or(0);
        let tour = &self.app.doc.scene().tour;
        tour.iter()
            .enumerate()
            .skip(from)
            .map(|(k, s)| (k, s.caption.clone()))
            .collect()
    }

    /// The tour's ▶ pressed until the stop whose caption says `words` is shown, each glide
    /// let end (a stop's question is passed by, as ▶ passes it).
    pub(super) fn walk_to(&mut self, words: &str) {
        let (k, _) = self
            .captions()
            .into_iter()
            .find(|(_, c)| c.contains(words))
            .unwrap_or_else(|| panic!("no stop from here on says {words:?}"));
        while self.app.session.tour.stop != Some(k) {
            let before = self.app.session.tour.stop;
            self.app.apply(Command::Tour(TourTo::Next), self.now);
            self.now += GLIDE_SECONDS + 0.1;
            self.app.advance_mode(self.now);
            assert_ne!(self.app.session.tour.stop, before, "▶ went nowhere");
        }
        assert!(self.app.session.tour.glide.is_none(), "the glide is over");
    }

    /// The caption of the stop shown.
    pub(super) fn caption(&self) -> String {
        let k = self.app.session.tour.stop.expect("a stop");
        self.app.doc.scene().tour[k].caption.clone()
    }
}

/// The figure whose link names `scene` and opens in `mode`, opened as its iframe opens it; its
/// captions from the link's stop on must say every one of `promise`.
pub(super) fn figure(scene: &str, mode: &str, promise: &[&str]) -> Figure {
    let app = figures()
        .into_iter()
        .filter(|(q, _)| field(q, "scene") == Some(scene))
        .map(|(q, _)| open(&q))
        .find(|app| app.session.mode.name() == mode)
        .unwrap_or_else(|| panic!("the lesson has no {scene} figure in {mode}"));
    assert!(
        app.session.scene_name().starts_with(scene),
        "the {scene} figure opened {}",
        app.session.scene_name()
    );
    let figure = Figure { app, now: 0.0 };
    let said: Vec<String> = figure.captions().into_iter().map(|(_, c)| c).collect();
    for words in promise {
        assert!(
            said.iter().any(|c| c.contains(words)),
            "the {scene} figure's tour no longer says {words:?} (redo its check): {said:#?}"
        );
    }
    figure
}

/// The pair as `report` prints it.
pub(super) fn report(app: &App) -> Value {
    narrowphase_lab::report::report(app.doc.scene(), &app.session.pair.traces)
}

pub(super) fn pose(app: &App, which: Which) -> Pose {
    let s = app.doc.scene();
    let b = if which == Which::A { &s.a } else { &s.b };
    Pose {
        position: b.position,
        angle_deg: b.angle_deg,
    }
}

/// B moved (a drag) or turned (its ring) to `to`, as one gesture.
pub(super) fn set_b(app: &mut App, to: Pose) {
    app.apply(Command::BeginGesture, 0.0);
    app.apply(Command::SetPose(Which::B, to), 0.0);
    app.apply(Command::EndGesture, 0.0);
}

pub(super) fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn every_figure_opens_at_a_stop_of_its_tour_with_its_caption_bar() {
    // The figures the tests above do: a new figure needs a test here.
    let checked = [
        ("02_tilted_box", "sat"),
        ("13_gjk_distance", "gjk"),
        ("14_epa_deep", "gjk"),
        ("02_tilted_box", "manifold"),
        ("03_near_parallel", "manifold"),
        ("20_box_rocks", "simulate"),
    ];
    let figures = figures();
    assert_eq!(figures.len(), checked.len(), "{figures:#?}");
    // The figure's size, as the page's style sets it.
    let style = PAGE.split("iframe {").nth(1).expect("the iframe's style");
    let px = |name: &str| -> f32 {
        let v = style.split(&format!("{name}:")).nth(1).expect(name);
        let v = v.split("px").next().expect("px").trim();
        v.parse().unwrap_or_else(|_| panic!("{name}: {v}"))
    };
    let (w, h) = (px("max-width"), px("height"));
    for ((query, caption), (scene, mode)) in figures.iter().zip(checked) {
        assert_eq!(field(query, "scene"), Some(scene), "{query}");
        assert_eq!(field(query, "embed"), Some("1"), "{query}: a figure");
        assert_eq!(field(query, "text"), Some("1"), "{query}: the caption bar");
        let k: usize = field(query, "stop")
            .and_then(|k| k.parse().ok())
            .unwrap_or_else(|| panic!("{query}: no &stop="));
        let text = narrowphase_lab::scene::BUILTIN
            .iter()
            .find(|(f, _)| f.trim_end_matches(".ron") == scene)
            .map(|(_, t)| *t)
            .expect("a built-in scene");
        let loaded = narrowphase_lab::scene::parse(text, scene)
            .expect("reads")
            .scene;
        let stop = loaded
            .tour
            .get(k)
            .unwrap_or_else(|| panic!("{query}: stop {k} of {}", loaded.tour.len()));
        // The stop names its mode and step, so the figure opens in them whatever came
        // before; a `&mode=` or `&step=` in the link would win over them.
        let m = stop
            .mode
            .unwrap_or_else(|| panic!("{query}: stop {k} names no mode"));
        let step = stop
            .step
            .unwrap_or_else(|| panic!("{query}: stop {k} names no step"));
        assert_eq!(m.name(), mode, "{query}");
        assert!(
            field(query, "mode").is_none() && field(query, "step").is_none(),
            "{query}: the stop sets the mode and step"
        );
        // The caption points to the figure's own captions, and no longer says what to try.
        assert!(!caption.contains("Try:"), "{query}: {caption}");
        // Opened as its iframe opens it, and drawn at the page's size: at stop k, in its mode
        // and step, with the caption bar; the picture keeps at least half the figure.
        let mut app = open(query);
        let ctx = new_context();
        for _ in 0..3 {
            let _ = ctx.run(screen_input(w, h), |ctx| {
                app.frame(ctx, 0.0, narrowphase_lab::app::input::Input::default(), &[]);
            });
        }
        let s: Value = serde_json::from_str(&app.state_json()).expect("state");
        assert_eq!(s["tour"]["stop"], k, "{query}");
        assert_eq!(s["tour"]["caption"], stop.caption.as_str(), "{query}");
        assert_eq!(s["mode"], mode, "{query}");
        assert_eq!(s["step"], step.min(app.step_count() - 1), "{query}");
        assert_eq!(s["banner"], Value::Null, "{query}");
        // At this stop and every one after it: the caption bar leaves the picture at least
        // half the figure.
        let mut least = f64::from(h);
        for j in k..loaded.tour.len() {
            app.apply(Command::Tour(TourTo::At(j)), 0.0);
            for _ in 0..2 {
                let _ = ctx.run(screen_input(w, h), |ctx| {
                    app.frame(ctx, 0.0, narrowphase_lab::app::input::Input::default(), &[]);
                });
            }
            let s: Value = serde_json::from_str(&app.state_json()).expect("state");
            let bar = |name: &str| -> f64 {
                s["panels"][name]
                    .as_array()
                    .unwrap_or_else(|| panic!("{query} stop {j}: no {name} panel: {}", s["panels"]))
                    [3]
                .as_f64()
                .expect("a height")
            };
            let canvas = f64::from(h) - bar("embed") - bar("tour");
            assert!(
                canvas >= 0.5 * f64::from(h),
                "{query} stop {j}: the picture keeps {canvas} of {h} px"
            );
            least = least.min(canvas);
        }
        eprintln!("{query}: at {w}×{h} the picture keeps at least {least} px");
    }
}
