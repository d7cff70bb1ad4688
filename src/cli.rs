//! The command line: what `narrowphase-lab` accepts, and the `report` and `check` commands.
//!
//! `main.rs` only parses ([`Cli`]) and dispatches. The app's flags are defined once,
//! [`AppFlags`], and handed to the app as they are: the mode is parsed here into
//! [`Mode`], `--seconds` is checked here. Exit codes: 0 success, 2 invalid input (an
//! invalid scene, a bad flag — clap uses 2 as well), 1 anything else.

use crate::scene::{self, Mode, PairTraces, Points};
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};

mod phase;
mod simulate;
mod toi;

pub use simulate::{MAX_PERTURB, SimulateArgs, Switch, simulate};
pub use toi::{ToiArgs, toi};

/// Exit code for invalid input.
pub const EXIT_INVALID: i32 = 2;

const ABOUT: &str =
    "Narrowphase Lab: see what 2D collision algorithms compute (SAT, GJK/EPA, contact manifolds).";

const LONG_ABOUT: &str = "\
Narrowphase Lab: see what 2D collision algorithms compute.

Two shapes on a canvas; drag and turn them, and watch the separating axes (SAT), GJK and EPA \
on the Minkowski difference, or the contact manifold (reference face, incident face, clipping), \
one step at a time.

With no arguments it opens the built-in lecture. Give it a scene file (*.ron) to open that \
scene (PageUp/PageDown walk the other scenes in its folder), or a folder to open the scenes in \
it as a lecture, in file-name order.";

const EXAMPLES: &str = "\
Examples:
  narrowphase-lab                             open the built-in lecture
  narrowphase-lab my_lecture/                 open a folder of scenes as a lecture
  narrowphase-lab scene.ron --mode gjk        open one scene in GJK/EPA mode
  narrowphase-lab scene.ron --seconds 2 --screenshot slide.png
                                              make a slide and exit
  narrowphase-lab report scene.ron            print the scene's collision report as JSON
  narrowphase-lab check my_lecture/*.ron      validate scene files (exit 2 if any is invalid)
  narrowphase-lab simulate scene.ron --points middle --summary
                                              run the scene's simulation on one-point manifolds
  narrowphase-lab toi scene.ron --cast        when B, sliding to its `motion` pose, first touches A

Scene files are RON; see README.md for the format.";

/// `narrowphase-lab [SCENE.ron | FOLDER] [flags]`, `report SCENE.ron`, or `check FILES...`.
#[derive(Debug, Parser)]
#[command(
    name = "narrowphase-lab",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A command; without one, the app opens.
    #[command(subcommand)]
    pub command: Option<CliCommand>,
    /// The app's arguments.
    #[command(flatten)]
    pub app: AppFlags,
}

/// The commands that print instead of opening a window.
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Print the scene's collision report as JSON.
    ///
    /// One JSON object on stdout: overlap, separation, normal, the contact points, and the
    /// SAT / GJK / EPA / clipping steps, all in world coordinates (see README.md). An invalid
    /// scene prints its error on stderr and exits 2.
    Report {
        /// The scene file.
        #[arg(value_name = "SCENE.ron")]
        scene: PathBuf,
    },
    /// Validate scene files (exit 2 if any is invalid).
    ///
    /// One line per file: `ok: path` on stdout, or the error with its line, column and field on
    /// stderr. Folders are checked file by file.
    Check {
        /// Scene files or folders of scenes.
        #[arg(value_name = "FILES", required = true)]
        files: Vec<PathBuf>,
    },
    /// Turn or move one body through many poses and print the pair at each as CSV.
    ///
    /// `--turn B --from 0 --to 360 --steps 721` turns B about its position; `--move B --to X,Y
    /// --steps N` moves it in a line from where the scene puts it. One CSV row per pose, both
    /// ends included: `t,overlap,separation,normal_x,normal_y,points,ids` (t is the angle in
    /// degrees or the distance moved; ids space-separated).
    Sweep(SweepArgs),
    /// Write one clean PNG per step of a mode (for slides), and with `--gif` an animation.
    ///
    /// Opens the app's window (it needs a display: under Xvfb on a server), shows each step of
    /// the mode in turn, and writes `DIR/step-01.png`, `step-02.png`, … — the window as the app
    /// shows it, without banners, hints or hover marks — and with `--gif`, `DIR/steps.gif`.
    Slides(SlidesArgs),
    /// The presenter's view that `--presenter-window` opens (a second process, spoken to in
    /// JSON lines on its standard input and output); not for typing.
    #[command(hide = true)]
    PresenterView {
        /// Its presenter scale (0.75 to 2.5).
        #[arg(long, value_name = "S", value_parser = parse_ui_scale)]
        ui_scale: Option<f32>,
    },
    /// Run the scene's simulation (the consequences lab) and print it as CSV or a summary.
    ///
    /// A is static; B and the scene's `sim.bodies` fall, collide and rest, on the manifolds the
    /// other modes trace, shaped by the flags (default: the full manifold). CSV on stdout, a row
    /// per step and dynamic body (body 0 is B):
    /// `step,time,body,x,y,angle_deg,vx,vy,omega,contacts,persisted,new`; with `--summary`, one
    /// JSON object instead (see README.md). A scene without `sim` runs `Sim()`'s defaults.
    Simulate(SimulateArgs),
    /// B's motion (the scene's `motion`) against A: when do they first touch? JSON on stdout.
    ///
    /// The time of impact (B moves and turns; Box2D's separation functions and root finder), or
    /// with `--cast` the shape cast (B's translation only; conservative advancement). One JSON
    /// object: `{"state": "hit" | "separated" | "overlapped" | "failed", "t", "normal",
    /// "point", "iterations", "steps": [...]}` with t the fraction of the motion (see
    /// README.md). An invalid scene prints its error on stderr and exits 2.
    Toi(ToiArgs),
}

/// `--points all|deepest|middle`: the scene's own names.
impl ValueEnum for Points {
    fn value_variants<'a>() -> &'a [Self] {
        &Points::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()))
    }
}

/// What `slides` shows and where it writes.
#[derive(Clone, Debug, Args, PartialEq)]
pub struct SlidesArgs {
    /// The scene file.
    #[arg(value_name = "SCENE.ron")]
    pub scene: PathBuf,
    /// The mode whose steps become slides (in simulate: the start and every simulated second).
    #[arg(long, value_name = "MODE", ignore_case = true)]
    pub mode: Mode,
    /// The folder to write into (made if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Also write `steps.gif`, every step a frame.
    #[arg(long)]
    pub gif: bool,
    /// The presenter scale of the slides (0.75 to 2.5).
    #[arg(long, value_name = "S", value_parser = parse_ui_scale)]
    pub ui_scale: Option<f32>,
    /// The window size in pixels (default 1280x800).
    #[arg(long, value_name = "WxH", value_parser = parse_window)]
    pub window: Option<(u32, u32)>,
    /// Draw the slides in this theme (`light` for a projector; default: the remembered one).
    #[arg(long, value_name = "dark|light", value_parser = parse_theme)]
    pub theme: Option<crate::app::draw::colors::Theme>,
    /// Draw the slides in this palette (`cvd`: safe for colour-vision deficiency).
    #[arg(long, value_name = "standard|cvd", value_parser = parse_palette)]
    pub palette: Option<crate::app::draw::colors::Palette>,
}

/// What `sweep` turns or moves, and how far.
#[derive(Clone, Debug, Args, PartialEq)]
pub struct SweepArgs {
    /// The scene file.
    #[arg(value_name = "SCENE.ron")]
    pub scene: PathBuf,
    /// Turn this body (`a` or `b`).
    #[arg(
        long,
        value_name = "A|B",
        conflicts_with = "move",
        required_unless_present = "move"
    )]
    pub turn: Option<String>,
    /// Move this body (`a` or `b`).
    #[arg(long = "move", value_name = "A|B")]
    pub r#move: Option<String>,
    /// First angle, degrees (with --turn).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub from: f32,
    /// Last angle in degrees (with --turn), or the last position `X,Y` (with --move). A value
    /// may start with a minus sign (`--to -1,0.5`): it is never taken for a flag.
    #[arg(long, allow_hyphen_values = true)]
    pub to: String,
    /// How many poses, both ends included: a whole number from 2 to 1000000.
    #[arg(long, default_value_t = 361, value_parser = parse_steps)]
    pub steps: usize,
}

/// The app's flags: what it opens, in which mode and step, and what it does at exit.
#[derive(Clone, Debug, Default, Args, PartialEq)]
pub struct AppFlags {
    /// A scene file or a folder of scenes (default: the built-in lecture).
    #[arg(value_name = "SCENE.ron | FOLDER")]
    pub path: Option<PathBuf>,
    /// Open in this mode instead of the scene's own.
    #[arg(long, value_name = "MODE", ignore_case = true)]
    pub mode: Option<Mode>,
    /// Open at this GJK/EPA or clipping step (clamped to the last step).
    #[arg(long, value_name = "K")]
    pub step: Option<usize>,
    /// Exit after this many frames.
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Exit after this many seconds.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub seconds: Option<f64>,
    /// Write a PNG screenshot of the window when exiting (the name must end in `.png`).
    #[arg(long, value_name = "OUT.png", value_parser = parse_png_path)]
    pub screenshot: Option<PathBuf>,
    /// When exiting, print the scene, mode, step, zoom and the bodies' screen positions as one
    /// JSON line on stdout.
    #[arg(long)]
    pub print_state: bool,
    /// Also print a state line (as `--print-state` does) a frame after every command (a key,
    /// a button) and once when the window has opened: tests drive the window with keys and
    /// read each picture's state.
    #[arg(long)]
    pub print_state_changes: bool,
    /// Also print a state line every N frames (1: every frame): tests follow a picture that
    /// changes by itself, such as the jitter of the hysteresis lab.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub print_state_every: Option<u64>,
    /// Open at this presenter scale (0.75 to 2.5; Ctrl + and Ctrl − change it).
    #[arg(long, value_name = "S", value_parser = parse_ui_scale)]
    pub ui_scale: Option<f32>,
    /// Open a window of this size in pixels (default 1280x800).
    #[arg(long, value_name = "WxH", value_parser = parse_window)]
    pub window: Option<(u32, u32)>,
    /// Open in quiz mode (as Q does): the scene's questions, asked before the answer shows.
    #[arg(long)]
    pub quiz: bool,
    /// Draw in this theme for this run: `light` for a projector (dark, strong lines on white).
    /// Wins over the remembered one and is not remembered (the panel's toggle is).
    #[arg(long, value_name = "dark|light", value_parser = parse_theme)]
    pub theme: Option<crate::app::draw::colors::Theme>,
    /// Draw in this palette for this run: `cvd` uses colours that stay apart under every common
    /// colour-vision deficiency. Wins over the remembered one and is not remembered (the
    /// panel's toggle is).
    #[arg(long, value_name = "standard|cvd", value_parser = parse_palette)]
    pub palette: Option<crate::app::draw::colors::Palette>,
    /// Open at this stop of the scene's tour (0 is the first; clamped to the last).
    #[arg(long, value_name = "K")]
    pub stop: Option<usize>,
    /// Show the presenter's notes (a scene's `presenter` field).
    #[arg(long)]
    pub presenter: bool,
    /// Open the presenter's view in a second window: the stop's caption, the next one, the
    /// presenter's notes and a clock, with Previous and Next (N, P) that drive this window.
    /// This window, the one the class sees, shows none of it.
    #[arg(long)]
    pub presenter_window: bool,
}

/// `--theme dark|light`.
fn parse_theme(s: &str) -> Result<crate::app::draw::colors::Theme, String> {
    crate::app::draw::colors::Theme::from_name(s)
        .ok_or_else(|| format!("expected a theme, dark or light, got `{s}`"))
}

/// `--palette standard|cvd`.
fn parse_palette(s: &str) -> Result<crate::app::draw::colors::Palette, String> {
    crate::app::draw::colors::Palette::from_name(s)
        .ok_or_else(|| format!("expected a palette, standard or cvd, got `{s}`"))
}

/// `--ui-scale S`: a presenter scale from 0.75 to 2.5.
fn parse_ui_scale(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.75..=2.5).contains(&v) => Ok(v),
        _ => Err(format!("expected a scale from 0.75 to 2.5, got `{s}`")),
    }
}

/// The most pixels a `--window` may have: 10 megapixels (3840x2160 is 8.3). What a frame
/// costs grows with it (the screen read back, its PNG, a GIF frame's palette: about 4 bytes a
/// pixel each, 40 MB at this size); at 8192x8192 one frame alone would be 270 MB.
pub const MAX_WINDOW_PIXELS: u64 = 10_000_000;

/// `--window WxH`: a window size in pixels, each side from 320 to 8192, at most
/// [`MAX_WINDOW_PIXELS`] in all.
pub fn parse_window(s: &str) -> Result<(u32, u32), String> {
    let parsed = s
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)));
    let shown: String = s.chars().take(40).collect();
    match parsed {
        Some((w, h)) if (320..=8192).contains(&w) && (320..=8192).contains(&h) => {
            let pixels = w as u64 * h as u64;
            if pixels > MAX_WINDOW_PIXELS {
                return Err(format!(
                    "a {w}x{h} window is {:.1} megapixels, more than the {} allowed (3840x2160 \
                     is 8.3): each frame would cost about {} MB",
                    pixels as f64 / 1e6,
                    MAX_WINDOW_PIXELS / 1_000_000,
                    (pixels * 4) >> 20
                ));
            }
            Ok((w, h))
        }
        _ => Err(format!(
            "expected a window size like 1280x800 (each side 320 to 8192), got `{shown}`"
        )),
    }
}

/// `--mode sat|gjk|manifold|simulate`: the scene's own mode names, parsed once, here.
impl ValueEnum for Mode {
    fn value_variants<'a>() -> &'a [Self] {
        &Mode::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()))
    }
}

/// `--seconds S`: a finite number of seconds, at least 0.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("expected a number of seconds >= 0, got `{s}`")),
    }
}

/// `--screenshot OUT.png`: refused unless it ends in `.png` (the only format written), so a
/// wrong name fails at once, before a window opens or a file is made.
fn parse_png_path(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    let png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if png && path.file_stem().is_some() {
        Ok(path)
    } else {
        Err(format!(
            "only PNG screenshots are supported: the file name must end in .png, got `{s}`"
        ))
    }
}

/// `report SCENE.ron`: the JSON on `out`, warnings and errors on `err`. Returns the exit code.
pub fn report(path: &Path, out: &mut impl Write, err: &mut impl Write) -> i32 {
    let loaded = match scene::load(path) {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_INVALID;
        }
    };
    for w in &loaded.warnings {
        let _ = writeln!(err, "{w}");
    }
    let traces = PairTraces::compute(&loaded.pair);
    let json = crate::report::report(&loaded.scene, &traces);
    print_json(&json, "the report", out, err)
}

/// Prints `json` (pretty) on `out`; an error saying what could not be formatted or written
/// (`what`) on `err`. Returns the exit code.
pub(crate) fn print_json(
    json: &serde_json::Value,
    what: &str,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    match serde_json::to_string_pretty(json) {
        Ok(text) => match writeln!(out, "{text}") {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(err, "error: cannot write {what}: {e}");
                1
            }
        },
        Err(e) => {
            let _ = writeln!(err, "error: cannot format {what}: {e}");
            1
        }
    }
}

/// `check FILES...`: `ok: path` on `out` for each valid scene, the error on `err` for each
/// invalid one (warnings on `err` too). Folders are expanded to their `*.ron` files, then their
/// `*.json` files (a `report`'s JSON, a scene or an engine's pair as JSON), each sorted by name.
/// Returns 0 when all are valid, [`EXIT_INVALID`] otherwise.
pub fn check(paths: &[PathBuf], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let mut files = Vec::new();
    let mut invalid = false;
    for p in paths {
        if p.is_dir() {
            match scene::lecture::scene_files(p).map(|mut list| {
                list.extend(json_files(p));
                list
            }) {
                Ok(list) if list.is_empty() => {
                    let _ = writeln!(
                        err,
                        "error: {}: no *.ron or *.json scene files in this folder",
                        crate::scene::error::shown_path(p)
                    );
                    invalid = true;
                }
                Ok(list) => files.extend(list),
                Err(e) => {
                    let _ = writeln!(err, "error: {e}");
                    invalid = true;
                }
            }
        } else {
            files.push(p.clone());
        }
    }
    for f in &files {
        match scene::load(f) {
            Ok(loaded) => {
                let _ = writeln!(out, "ok: {}", crate::scene::error::shown_path(f));
                for w in &loaded.warnings {
                    let _ = writeln!(err, "{w}");
                }
            }
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                invalid = true;
            }
        }
    }
    if invalid { EXIT_INVALID } else { 0 }
}

/// The `*.json` files of `folder`, sorted by name (unreadable entries left to `scene_files`,
/// which has already said why).
fn json_files(folder: &std::path::Path) -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    list.sort();
    list
}

/// `sweep`: the pair at every pose as CSV on `out`; a bad argument or scene on `err`, exit 2.
pub fn sweep(args: &SweepArgs, out: &mut impl Write, err: &mut impl Write) -> i32 {
    let SweepArgs {
        scene: path,
        turn,
        r#move: mover,
        from,
        to,
        steps,
    } = args;
    let (turn, mover, from, steps) = (turn.as_deref(), mover.as_deref(), *from, *steps);
    use crate::geom::limits::{MAX_ANGLE_DEG, MAX_COORDINATE};
    use crate::scene::sweep::{CSV_HEADER, Motion, Mover, csv_row, sweep_each};
    let fail = |err: &mut dyn Write, msg: String| {
        let _ = writeln!(err, "error: {msg}");
        EXIT_INVALID
    };
    let body = match turn.or(mover).map(str::to_ascii_lowercase).as_deref() {
        Some("a") => Mover::A,
        Some("b") => Mover::B,
        other => {
            let got = other.unwrap_or("nothing");
            return fail(err, format!("the body to sweep is A or B, got {got}"));
        }
    };
    let angle = |v: f32| v.is_finite() && v.abs() <= MAX_ANGLE_DEG;
    let coordinate = |v: f32| v.is_finite() && v.abs() <= MAX_COORDINATE;
    let motion = if turn.is_some() {
        if !angle(from) {
            return fail(
                err,
                format!("--from: an angle in degrees within ±{MAX_ANGLE_DEG:e}, got {from}"),
            );
        }
        match to.trim().parse::<f32>() {
            Ok(t) if angle(t) => Motion::Turn { from, to: t },
            _ => {
                return fail(
                    err,
                    format!("--to: an angle in degrees within ±{MAX_ANGLE_DEG:e}, got {to:?}"),
                );
            }
        }
    } else {
        let xy: Vec<Option<f32>> = to.split(',').map(|v| v.trim().parse().ok()).collect();
        match xy.as_slice() {
            [Some(x), Some(y)] if coordinate(*x) && coordinate(*y) => Motion::Move {
                to: glam::Vec2::new(*x, *y),
            },
            _ => {
                return fail(
                    err,
                    format!("--to: a position X,Y within ±{MAX_COORDINATE:e}, got {to:?}"),
                );
            }
        }
    };
    let loaded = match scene::load(path) {
        Ok(l) => l,
        Err(e) => return fail(err, e.to_string()),
    };
    // Each row is written as it is computed (buffered a few kB at a time), so a long sweep
    // starts at once and holds no rows.
    let mut out = std::io::BufWriter::new(out);
    let mut written = out.write_all(CSV_HEADER.as_bytes());
    // A bar on a terminal's stderr for a long sweep (nothing when stderr is piped).
    let progress =
        crate::progress::Progress::new(steps as u64, crate::progress::LONG_SWEEP, "poses");
    let swept = sweep_each(&loaded.scene, body, motion, steps, |row| {
        progress.inc();
        written = out.write_all(csv_row(&row).as_bytes());
        written.is_ok()
    });
    progress.finish();
    let written = written.and_then(|()| out.flush());
    match (swept, written) {
        (Err(e), _) => fail(
            err,
            format!("{}: {e}", crate::scene::error::shown_path(path)),
        ),
        // The reader went away (`| head`): nothing more is wanted.
        (Ok(()), Err(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        (Ok(()), Err(e)) => fail(err, e.to_string()),
        (Ok(()), Ok(())) => 0,
    }
}

/// `--steps`: a whole number of poses from 2 to [`MAX_STEPS`](crate::scene::sweep::MAX_STEPS).
fn parse_steps(s: &str) -> Result<usize, String> {
    use crate::scene::sweep::MAX_STEPS;
    match s.trim().parse::<u64>() {
        Ok(n) if (2..=MAX_STEPS as u64).contains(&n) => Ok(n as usize),
        Ok(n) => Err(format!("a sweep takes 2 to {MAX_STEPS} poses, got {n}")),
        Err(_) => Err(format!(
            "a whole number of poses from 2 to {MAX_STEPS}, got {s:?}"
        )),
    }
}
