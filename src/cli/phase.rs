//! `narrowphase-lab simulate SCENE --phase N [--json]`: the start phase sweep
//! ([`crate::sim::phase`]) as a table, or as JSON.

use super::EXIT_INVALID;
use super::simulate::SimulateArgs;
use crate::scene::Scene;
use crate::sim::phase::{PhaseSweep, applies};
use std::io::Write;

/// The name of run `k` in the table: the flagged variant is the full run unless flags change
/// it; the scene's compare runs are ghosts.
fn run_name(k: usize) -> String {
    if k == 0 {
        "run 0 (flags)".to_string()
    } else {
        format!("ghost {k}")
    }
}

/// The sweep as a table: a row per phase, a column per run (B's progress along its start
/// velocity, then `caught, step K` or `crossed`), and the count of caught phases per run.
pub fn table(sweep: &PhaseSweep, hz: f32) -> String {
    let mut out = format!(
        "start phase sweep: {} starts, each shifted k/{} of one step's travel ({} m/s at {} Hz: \
         {:.4} a step), {} steps each\n{}\n",
        sweep.n,
        sweep.n,
        sweep.start_speed,
        hz,
        sweep.start_speed / hz,
        sweep.steps,
        sweep.rule
    );
    out += &format!("{:>7}", "phase");
    for r in &sweep.runs {
        out += &format!("  {:<30}", run_name(r.run));
    }
    out += "\n";
    for k in 0..sweep.n {
        let phase = sweep
            .runs
            .first()
            .and_then(|r| r.outcomes.get(k))
            .map_or(k as f32 / sweep.n as f32, |o| o.phase);
        out += &format!("{phase:>7.4}");
        for r in &sweep.runs {
            let cell = match r.outcomes.get(k) {
                Some(o) => {
                    let verdict = match (o.caught, o.stopped_step) {
                        (true, Some(s)) => format!("caught, step {s}"),
                        (true, None) => "caught".to_string(),
                        (false, _) => "crossed".to_string(),
                    };
                    format!("{:>8.3} m  {verdict}", o.progress)
                }
                None => "-".to_string(),
            };
            out += &format!("  {cell:<30}");
        }
        out += "\n";
    }
    out += &format!("{:>7}", "caught");
    for r in &sweep.runs {
        out += &format!("  {:<30}", format!("{} of {}", r.caught, sweep.n));
    }
    out += "\n";
    out
}

/// `simulate --phase N`: the sweep under the flagged variant and the scene's compare runs.
pub fn phase(
    args: &SimulateArgs,
    scene: &Scene,
    n: usize,
    json: bool,
    seconds: Option<f32>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    let shown = crate::scene::error::shown_path(&args.scene);
    if !applies(scene) {
        let _ = writeln!(
            err,
            "error: {shown}: B does not move at the start (no velocity): there is no step's \
             travel to shift its start by"
        );
        return EXIT_INVALID;
    }
    let mut variants = vec![args.variant()];
    variants.extend(scene.sim.iter().flat_map(|s| s.compare.iter().copied()));
    let sweep = match PhaseSweep::run(scene, &variants, n, seconds) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(err, "error: {shown}: {e}");
            return EXIT_INVALID;
        }
    };
    let hz = scene.sim.clone().unwrap_or_default().hz;
    let text = if json {
        serde_json::to_string_pretty(&sweep).map_err(std::io::Error::other)
    } else {
        Ok(table(&sweep, hz))
    };
    let written = text
        .and_then(|t| writeln!(out, "{}", t.trim_end()))
        .and_then(|()| out.flush());
    super::simulate::finish(written, err)
}
