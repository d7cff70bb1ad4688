//! `narrowphase-lab simulate`: the consequences lab on the command line, as CSV, one summary,
//! or (`--perturb N`) the summary's fields over the scene and N nudged copies of it.

use super::EXIT_INVALID;
use crate::scene::{self, Ids, Points, Reference, Variant};
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The most perturbed copies one command runs.
pub const MAX_PERTURB: usize = 10_000;

/// What `simulate` runs, and how it prints.
#[derive(Clone, Debug, Args, PartialEq)]
pub struct SimulateArgs {
    /// The scene file.
    #[arg(value_name = "SCENE.ron")]
    pub scene: PathBuf,
    /// How long to run, seconds (default: the scene's `sim.seconds`, else 10).
    #[arg(long, value_name = "S")]
    pub seconds: Option<String>,
    /// Which of the manifold's points the solver gets.
    #[arg(long, value_name = "all|deepest|middle", ignore_case = true)]
    pub points: Option<Points>,
    /// Reference-face hysteresis.
    #[arg(long, value_name = "on|off", ignore_case = true)]
    pub hysteresis: Option<Switch>,
    /// Which face is the reference: the better (plain), B's only when clearly better
    /// (biased, the default), or the last step's unless the other is clearly better (sticky).
    #[arg(long, value_name = "plain|biased|sticky", ignore_case = true)]
    pub reference: Option<Reference>,
    /// How a point is matched to the last step's: its feature id (reference, the default), its
    /// vertex pair (vertices), or the nearest old point within --match-distance (nearest).
    #[arg(long, value_name = "reference|vertices|nearest", ignore_case = true)]
    pub ids: Option<Ids>,
    /// `--ids nearest`'s match distance, absolute world units (default 0.01).
    #[arg(long, value_name = "D", value_parser = parse_match_distance)]
    pub match_distance: Option<f32>,
    /// Run the full manifold and the flagged variant side by side and print the first step at
    /// which their contacts differ, as JSON (`null` when they never do).
    #[arg(long)]
    pub diff: bool,
    /// A compound's part indices in the feature ids.
    #[arg(long, value_name = "on|off", ignore_case = true)]
    pub part_bits: Option<Switch>,
    /// Warm starting from the last step's impulses, for points whose ids match.
    #[arg(long, value_name = "on|off", ignore_case = true)]
    pub warm_start: Option<Switch>,
    /// Chains' ghost-vertex rule (accepted; chains are not built yet).
    #[arg(long, value_name = "on|off", ignore_case = true)]
    pub smooth: Option<Switch>,
    /// The scene's speculative margin (off: only points that touch reach the solver).
    #[arg(long, value_name = "on|off", ignore_case = true)]
    pub speculative: Option<Switch>,
    /// Cut a fast body's step at its time of impact against the static body A.
    #[arg(long, value_name = "on|off", ignore_case = true)]
    pub continuous: Option<Switch>,
    /// Print one JSON summary instead of the CSV.
    #[arg(long)]
    pub summary: bool,
    /// With `--summary`: run the scene and N nudged copies of it (sizes ±10 %, positions by up
    /// to 2 % of each body's size, angles by up to 1°, friction 0.4–0.8, 30/60/120 Hz, 4–20
    /// iterations, the start shifted by up to one step's travel) and print each summary
    /// field's min, median and max over the runs.
    #[arg(long, value_name = "N", value_parser = parse_perturb)]
    pub perturb: Option<usize>,
    /// With `--perturb`: the seed of the copies (default 0); the same seed, the same copies.
    #[arg(long, value_name = "S", value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Sweep the start phase: run the scene N times, the start shifted by k/N of one step's
    /// travel along each body's velocity (k = 0 … N−1), under the flagged variant and the
    /// scene's compare runs, and print each run's outcome as a table (how far B got along its
    /// start velocity; caught when that is less than half of the free slide, start speed ×
    /// time).
    #[arg(long, value_name = "N", value_parser = parse_phases)]
    pub phase: Option<usize>,
    /// With `--phase`: print the sweep as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Scale the scene by K first: every length (shapes, positions, velocities, gravity, the
    /// speculative margin) times K; `--match-distance` stays absolute.
    #[arg(long, value_name = "K", value_parser = parse_scale)]
    pub scale: Option<f32>,
}

fn parse_phases(s: &str) -> Result<usize, String> {
    use crate::sim::phase::MAX_PHASES;
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_PHASES).contains(&n) => Ok(n),
        _ => Err(format!(
            "a whole number of phases from 1 to {MAX_PHASES}, got {s:?}"
        )),
    }
}

fn parse_scale(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(k) if k.is_finite() && (1e-3..=1e3).contains(&k) => Ok(k),
        _ => Err(format!("a scale from 0.001 to 1000, got {s:?}")),
    }
}

fn parse_perturb(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n <= MAX_PERTURB => Ok(n),
        _ => Err(format!(
            "a whole number of perturbed copies from 0 to {MAX_PERTURB}, got {s:?}"
        )),
    }
}

fn parse_match_distance(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(d) if d.is_finite() && d > 0.0 && d <= crate::geom::limits::MAX_COORDINATE => Ok(d),
        _ => Err(format!(
            "a distance more than 0 and at most {}, got {s:?}",
            crate::geom::limits::MAX_COORDINATE
        )),
    }
}

/// `--reference plain|biased|sticky`: the scene's own names.
impl ValueEnum for Reference {
    fn value_variants<'a>() -> &'a [Self] {
        &Reference::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()))
    }
}

/// `--ids reference|vertices|nearest`: the scene's own names.
impl ValueEnum for Ids {
    fn value_variants<'a>() -> &'a [Self] {
        &Ids::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()))
    }
}

fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse::<u64>()
        .map_err(|_| format!("a whole number from 0 to {}, got {s:?}", u64::MAX))
}

/// `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    /// On.
    On,
    /// Off.
    Off,
}

impl SimulateArgs {
    /// The full manifold, changed where a flag says (`--reference` over `--hysteresis`, which
    /// reads as biased when on and plain when off).
    pub fn variant(&self) -> Variant {
        let on = |s: Option<Switch>, default: bool| s.map_or(default, |s| s == Switch::On);
        let full = Variant::FULL;
        let hysteresis = on(self.hysteresis, full.hysteresis);
        Variant {
            points: self.points.unwrap_or(full.points),
            hysteresis: hysteresis || self.reference.is_some(),
            reference: self.reference,
            ids: self.ids.unwrap_or(full.ids),
            match_distance: self.match_distance.unwrap_or(full.match_distance),
            part_bits: on(self.part_bits, full.part_bits),
            warm_start: on(self.warm_start, full.warm_start),
            smooth: on(self.smooth, full.smooth),
            speculative: on(self.speculative, full.speculative),
            continuous: on(self.continuous, full.continuous),
        }
    }
}

/// `simulate`: the run as CSV (or `--summary` JSON) on `out`; a bad argument or scene on `err`,
/// exit 2.
pub fn simulate(args: &SimulateArgs, out: &mut impl Write, err: &mut impl Write) -> i32 {
    use crate::sim::{World, summary};
    let fail = |err: &mut dyn Write, msg: String| {
        let _ = writeln!(err, "error: {msg}");
        EXIT_INVALID
    };
    let seconds = match args
        .seconds
        .as_deref()
        .map(|s| (s, s.trim().parse::<f32>()))
    {
        None => None,
        Some((_, Ok(v))) => match scene::validate::check_seconds("--seconds", v) {
            Ok(()) => Some(v),
            Err(e) => return fail(err, e.to_string()),
        },
        Some((s, Err(_))) => {
            return fail(err, format!("--seconds: a number of seconds, got {s:?}"));
        }
    };
    let loaded = match scene::load(&args.scene) {
        Ok(l) => l,
        Err(e) => return fail(err, e.to_string()),
    };
    for w in &loaded.warnings {
        let _ = writeln!(err, "{w}");
    }
    let mut loaded = loaded;
    if let Some(k) = args.scale {
        loaded.scene = crate::sim::scale::scaled_scene(&loaded.scene, k);
    }
    match (args.phase, args.json) {
        (Some(_), _) if args.summary || args.perturb.is_some() || args.diff => {
            return fail(
                err,
                "--phase prints its own table: drop --summary, --perturb and --diff".into(),
            );
        }
        (Some(n), json) => {
            return super::phase::phase(args, &loaded.scene, n, json, seconds, out, err);
        }
        (None, true) => return fail(err, "--json prints --phase's sweep: add --phase N".into()),
        (None, false) => {}
    }
    match (args.perturb, args.seed, args.summary) {
        (Some(n), seed, true) => return perturbed(args, &loaded.scene, n, seed, seconds, out, err),
        (Some(_), _, false) => {
            return fail(err, "--perturb prints a summary: add --summary".into());
        }
        (None, Some(_), _) => {
            return fail(
                err,
                "--seed chooses --perturb's copies: add --perturb N".into(),
            );
        }
        (None, None, _) => {}
    }
    if args.diff {
        return diff(args, &loaded.scene, seconds, out, err);
    }
    let mut world = match World::new(&loaded.scene, args.variant()) {
        Ok(w) => w,
        Err(e) => {
            let shown = crate::scene::error::shown_path(&args.scene);
            return fail(err, format!("{shown}: {e}"));
        }
    };
    let steps = world
        .settings()
        .steps_for(seconds.unwrap_or(world.settings().seconds));
    // Rows are written as they are computed (buffered), so a long run starts at once.
    let mut out = std::io::BufWriter::new(out);
    // A bar on a terminal's stderr for a long run (nothing when stderr is piped).
    let progress =
        crate::progress::Progress::new(steps as u64, crate::progress::LONG_SIMULATION, "steps");
    let written = if args.summary {
        let s = summary::run(&mut world, steps, |_| {
            progress.inc();
            true
        });
        serde_json::to_string_pretty(&s)
            .map_err(std::io::Error::other)
            .and_then(|text| writeln!(out, "{text}"))
    } else {
        let mut written = out.write_all(summary::CSV_HEADER.as_bytes());
        summary::run(&mut world, steps, |w| {
            progress.inc();
            written = out.write_all(summary::csv_rows(w).as_bytes());
            written.is_ok()
        });
        written
    };
    progress.finish();
    finish(written.and_then(|()| out.flush()), err)
}

/// The exit code of a command whose output was `written`: 0 when it was, or when the reader
/// went away (`| head`: nothing more is wanted); else 1, saying why on `err`.
pub(super) fn finish(written: std::io::Result<()>, err: &mut impl Write) -> i32 {
    match written {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let _ = writeln!(err, "error: cannot write: {e}");
            1
        }
    }
}

/// `simulate --perturb N --summary`: the scene and its N copies, each field's spread as JSON.
fn perturbed(
    args: &SimulateArgs,
    scene: &scene::Scene,
    n: usize,
    seed: Option<u64>,
    seconds: Option<f32>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    use crate::sim::perturb::{PerturbSummary, run_perturbed};
    let seed = seed.unwrap_or(0);
    let total = crate::sim::perturb::total_steps(scene, n, seed, seconds);
    let progress = crate::progress::Progress::new(total, crate::progress::LONG_SIMULATION, "steps");
    let runs = match run_perturbed(scene, args.variant(), n, seed, seconds, || progress.inc()) {
        Ok(runs) => runs,
        Err(e) => {
            let shown = crate::scene::error::shown_path(&args.scene);
            let _ = writeln!(err, "error: {shown}: {e}");
            return EXIT_INVALID;
        }
    };
    progress.finish();
    let Some(spread) = PerturbSummary::of(&runs) else {
        return EXIT_INVALID;
    };
    let written = serde_json::to_string_pretty(&spread)
        .map_err(std::io::Error::other)
        .and_then(|text| writeln!(out, "{text}"))
        .and_then(|()| out.flush());
    finish(written, err)
}

/// `simulate --diff`: the full manifold and the flagged variant side by side; the first step at
/// which their contacts differ as JSON, `null` when they never do.
fn diff(
    args: &SimulateArgs,
    scene: &scene::Scene,
    seconds: Option<f32>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    use crate::sim::{World, first_parting};
    let worlds = World::new(scene, Variant::FULL)
        .and_then(|full| Ok((full, World::new(scene, args.variant())?)));
    let (mut full, mut other) = match worlds {
        Ok(w) => w,
        Err(e) => {
            let shown = crate::scene::error::shown_path(&args.scene);
            let _ = writeln!(err, "error: {shown}: {e}");
            return EXIT_INVALID;
        }
    };
    let steps = full
        .settings()
        .steps_for(seconds.unwrap_or(full.settings().seconds));
    let parting = first_parting(&mut full, &mut other, steps);
    let written = serde_json::to_string(&parting)
        .map_err(std::io::Error::other)
        .and_then(|text| writeln!(out, "{text}"))
        .and_then(|()| out.flush());
    finish(written, err)
}
