//! The consequences lab beside Box2D v3: each built-in simulation scene run by our lab and by
//! Box2D's world (boxdd-sys 0.6; how a scene is rebuilt there: `bench/src/lab.rs`), the fields
//! of `narrowphase-lab simulate --summary` side by side.
//!
//! ```sh
//! cargo run --release --manifest-path bench/Cargo.toml --bin lab [-- SCENE…]            # summaries
//! cargo run --release --manifest-path bench/Cargo.toml --bin lab -- --schemes           # id schemes
//! ```
//!
//! - Without `--schemes`: per scene, our full run and each of its ghosts (`sim.compare`), and
//!   Box2D's run beside each where Box2D has the same switch (`lab::Knobs`), one row each.
//! - `--schemes`: the stacks and the star (21, 22, 28, 29 unless scenes are named), our nine id
//!   schemes (`--ids reference|vertices|nearest` × `--reference plain|biased|sticky`) and
//!   Box2D's (vertex-pair ids, no bias): the persisted fraction over the run's second half on
//!   the scene as is, and its min / median / max over the scene and its `--perturb N` nudged
//!   copies (default 50, `--seed` default 1: `simulate --perturb 50 --seed 1`'s copies).
//!
//! Options: `--json` (one JSON document instead of the tables), `--substeps N` (Box2D's, default
//! 4), `--recycling` and `--sleep` (Box2D's defaults, off here). SCENE is a file or a built-in
//! scene's name (`21_stack`).

use narrowphase_bench::lab::{Knobs, Options, Outcome, run_box2d, run_ours};
use narrowphase_lab::scene::{BUILTIN, Ids, Reference, Scene, Variant, load, parse};
use narrowphase_lab::sim::perturb::{Spread, perturbed};
use serde::Serialize;
use std::process::ExitCode;

/// The scenes `--schemes` runs unless scenes are named.
const SCHEME_SCENES: [&str; 4] = [
    "21_stack",
    "22_star_drop",
    "28_ten_stack_ids",
    "29_ten_stack",
];

struct Args {
    json: bool,
    schemes: bool,
    perturb: usize,
    seed: u64,
    opts: Options,
    scenes: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        json: false,
        schemes: false,
        perturb: 50,
        seed: 1,
        opts: Options::default(),
        scenes: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    let num = |it: &mut dyn Iterator<Item = String>, flag: &str| -> Result<u64, String> {
        let s = it.next().ok_or(format!("{flag} takes a number"))?;
        s.parse()
            .map_err(|_| format!("{flag}: a whole number, got {s:?}"))
    };
    while let Some(s) = it.next() {
        match s.as_str() {
            "--json" => a.json = true,
            "--schemes" => a.schemes = true,
            "--recycling" => a.opts.recycling = true,
            "--sleep" => a.opts.sleep = true,
            "--perturb" => a.perturb = num(&mut it, "--perturb")? as usize,
            "--seed" => a.seed = num(&mut it, "--seed")?,
            "--substeps" => a.opts.substeps = num(&mut it, "--substeps")?.clamp(1, 64) as u32,
            f if f.starts_with("--") => return Err(format!("unknown flag {f}")),
            _ => a.scenes.push(s),
        }
    }
    Ok(a)
}

/// A scene by file or built-in name, as `(name, scene)`.
fn scene(name: &str) -> Result<(String, Scene), String> {
    let stem = name.trim_end_matches(".ron");
    if let Some((file, text)) = BUILTIN
        .iter()
        .find(|(f, _)| f.trim_end_matches(".ron") == stem)
    {
        let loaded = parse(text, file).map_err(|e| e.to_string())?;
        return Ok((stem.to_string(), loaded.scene));
    }
    let loaded = load(name).map_err(|e| e.to_string())?;
    let shown = std::path::Path::new(name)
        .file_stem()
        .map_or(name.to_string(), |s| s.to_string_lossy().into_owned());
    Ok((shown, loaded.scene))
}

/// Every built-in scene with a simulation.
fn sim_scenes() -> Vec<String> {
    BUILTIN
        .iter()
        .filter(|(f, text)| parse(text, f).is_ok_and(|l| l.scene.sim.is_some()))
        .map(|(f, _)| f.trim_end_matches(".ron").to_string())
        .collect()
}

/// A variant's difference from the full run, as `simulate`'s flags say it.
fn label(v: &Variant) -> String {
    let f = Variant::FULL;
    let mut out = Vec::new();
    if v.points != f.points {
        out.push(format!("--points {}", v.points.name()));
    }
    if v.reference_rule() != f.reference_rule() {
        out.push(format!("--reference {}", v.reference_rule().name()));
    }
    if v.ids != f.ids {
        out.push(format!("--ids {}", v.ids.name()));
    }
    for (on, full, name) in [
        (v.part_bits, f.part_bits, "part-bits"),
        (v.warm_start, f.warm_start, "warm-start"),
        (v.smooth, f.smooth, "smooth"),
        (v.speculative, f.speculative, "speculative"),
        (v.continuous, f.continuous, "continuous"),
    ] {
        if on != full {
            out.push(format!("--{name} {}", if on { "on" } else { "off" }));
        }
    }
    if out.is_empty() {
        "full".into()
    } else {
        out.join(" ")
    }
}

/// One row of a scene's table.
#[derive(Serialize)]
struct Row {
    /// Our variant's flags (`full` for the full run).
    run: String,
    /// `ours` or `box2d`.
    engine: &'static str,
    /// Box2D's switches (Box2D's rows only).
    #[serde(skip_serializing_if = "Option::is_none")]
    knobs: Option<Knobs>,
    outcome: Outcome,
}

#[derive(Serialize)]
struct SceneRows {
    scene: String,
    hz: f32,
    seconds: f32,
    box2d: Options,
    rows: Vec<Row>,
}

fn summaries(args: &Args, names: &[String]) -> Result<Vec<SceneRows>, String> {
    let mut out = Vec::new();
    for name in names {
        let (name, scene) = scene(name)?;
        let sim = scene.sim.clone().unwrap_or_default();
        let variants = std::iter::once(Variant::FULL).chain(sim.compare.iter().copied());
        let mut rows = Vec::new();
        for v in variants {
            let run = label(&v);
            let ours = run_ours(&scene, v, None).map_err(|e| e.to_string())?;
            rows.push(Row {
                run: run.clone(),
                engine: "ours",
                knobs: None,
                outcome: ours,
            });
            if let Some(k) = Knobs::of(&v) {
                let theirs = run_box2d(&scene, k, args.opts, None).map_err(|e| e.to_string())?;
                rows.push(Row {
                    run,
                    engine: "box2d",
                    knobs: Some(k),
                    outcome: theirs,
                });
            }
        }
        out.push(SceneRows {
            scene: name,
            hz: sim.hz,
            seconds: sim.seconds,
            box2d: args.opts,
            rows,
        });
    }
    Ok(out)
}

fn frac(f: Option<f64>) -> String {
    f.map_or("—".into(), |f| format!("{f:.4}"))
}

fn print_summaries(all: &[SceneRows]) {
    for s in all {
        let o = s.box2d;
        println!(
            "\n{} ({} Hz, {} s; Box2D: {} sub-steps, sleep {}, recycling {}); the top body:",
            s.scene,
            s.hz,
            s.seconds,
            o.substeps,
            if o.sleep { "on" } else { "off" },
            if o.recycling { "on" } else { "off" }
        );
        println!(
            "{:<34} {:<6} {:>10} {:>9} {:>9} {:>10} {:>9} {:>9} {:>9} {:>9} {:>7} {:>6}",
            "run",
            "engine",
            "final_spd",
            "final_x",
            "final_y",
            "height_rng",
            "tilt_deg",
            "rms_omega",
            "max_up",
            "persisted",
            "points",
            "id_col"
        );
        for r in &s.rows {
            let t = r.outcome.top();
            let p = r.outcome.top_position();
            let c = r.outcome.summary.contacts;
            println!(
                "{:<34} {:<6} {:>10.3e} {:>9.4} {:>9.4} {:>10.2e} {:>9.2e} {:>9.2e} {:>9.3} {:>9} {:>7} {:>6}",
                r.run,
                r.engine,
                t.final_speed,
                p.x,
                p.y,
                t.height_range,
                t.max_tilt_deg,
                t.rms_omega_last_second,
                t.max_up_speed,
                frac(r.outcome.summary.persisted_fraction),
                c.points,
                c.id_collisions
            );
        }
    }
}

/// One scheme's persisted fraction: the scene as is, and over the copies.
#[derive(Serialize)]
struct SchemeRow {
    /// `--ids I --reference R`, or `box2d`.
    scheme: String,
    /// The scene as is.
    as_is: Option<f64>,
    /// The top body's final speed, the scene as is.
    top_final_speed: f32,
    /// Over the scene and its copies (the runs that had points).
    spread: Option<Spread<f64>>,
    /// Runs whose persisted fraction is at least 0.99.
    at_least_99: usize,
    /// Runs in all.
    runs: usize,
}

#[derive(Serialize)]
struct SchemeScene {
    scene: String,
    perturb: usize,
    seed: u64,
    box2d: Options,
    rows: Vec<SchemeRow>,
}

fn scheme_row(scheme: String, outcomes: &[Outcome]) -> SchemeRow {
    let fr: Vec<f64> = outcomes
        .iter()
        .filter_map(|o| o.summary.persisted_fraction)
        .collect();
    SchemeRow {
        scheme,
        as_is: outcomes[0].summary.persisted_fraction,
        top_final_speed: outcomes[0].top().final_speed,
        spread: Spread::of(fr.iter().copied()),
        at_least_99: fr.iter().filter(|f| **f >= 0.99).count(),
        runs: outcomes.len(),
    }
}

fn schemes(args: &Args, names: &[String]) -> Result<Vec<SchemeScene>, String> {
    let mut out = Vec::new();
    for name in names {
        let (name, scene) = scene(name)?;
        let copies: Vec<Scene> = (0..=args.perturb)
            .map(|k| perturbed(&scene, args.seed, k).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let mut rows = Vec::new();
        for ids in [Ids::Reference, Ids::Vertices, Ids::Nearest] {
            for reference in [Reference::Plain, Reference::Biased, Reference::Sticky] {
                let v = Variant {
                    ids,
                    reference: Some(reference),
                    hysteresis: true,
                    ..Variant::FULL
                };
                let runs: Vec<Outcome> = copies
                    .iter()
                    .map(|c| run_ours(c, v, None).map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
                let scheme = format!("--ids {} --reference {}", ids.name(), reference.name());
                rows.push(scheme_row(scheme, &runs));
            }
        }
        let runs: Vec<Outcome> = copies
            .iter()
            .map(|c| run_box2d(c, Knobs::FULL, args.opts, None).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        rows.push(scheme_row("box2d (vertex pairs, no bias)".into(), &runs));
        out.push(SchemeScene {
            scene: name,
            perturb: args.perturb,
            seed: args.seed,
            box2d: args.opts,
            rows,
        });
    }
    Ok(out)
}

fn print_schemes(all: &[SchemeScene]) {
    for s in all {
        println!(
            "\n{}: persisted fraction over the run's second half; as is, and min / median / max \
             over the scene and {} nudged copies (--perturb {} --seed {}); Box2D {} sub-steps",
            s.scene, s.perturb, s.perturb, s.seed, s.box2d.substeps
        );
        println!(
            "{:<36} {:>7} {:>10} {:>24} {:>8}",
            "scheme", "as is", "top speed", "min / median / max", "≥ 0.99"
        );
        for r in &s.rows {
            let spread = r.spread.map_or("—".into(), |p| {
                format!("{:.3} / {:.3} / {:.3}", p.min, p.median, p.max)
            });
            println!(
                "{:<36} {:>7} {:>10.2e} {:>24} {:>8}",
                r.scheme,
                frac(r.as_is),
                r.top_final_speed,
                spread,
                format!("{} of {}", r.at_least_99, r.runs)
            );
        }
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let names = match (args.scenes.is_empty(), args.schemes) {
        (false, _) => args.scenes.clone(),
        (true, true) => SCHEME_SCENES.map(String::from).to_vec(),
        (true, false) => sim_scenes(),
    };
    let written = if args.schemes {
        schemes(&args, &names).map(|all| {
            if args.json {
                println!("{}", serde_json::to_string_pretty(&all).unwrap());
            } else {
                print_schemes(&all);
            }
        })
    } else {
        summaries(&args, &names).map(|all| {
            if args.json {
                println!("{}", serde_json::to_string_pretty(&all).unwrap());
            } else {
                print_summaries(&all);
            }
        })
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
