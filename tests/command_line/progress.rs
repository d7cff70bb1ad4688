//! Progress on long work (issue 29): `sweep` and `simulate` draw a bar on stderr when it is a
//! terminal, and print nothing of it when stderr is a pipe, a file or a test.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_narrowphase-lab");

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A long sweep and a long simulation: long enough for a bar, were stderr a terminal.
const LONG: [&[&str]; 2] = [
    &[
        "sweep",
        "scenes/01_resting_box.ron",
        "--turn",
        "B",
        "--from",
        "0",
        "--to",
        "360",
        "--steps",
        "20000",
    ],
    &[
        "simulate",
        "scenes/21_stack.ron",
        "--seconds",
        "60",
        "--summary",
    ],
];

#[test]
fn long_runs_print_no_progress_when_stderr_is_not_a_terminal() {
    for args in LONG {
        let out = Command::new(BIN)
            .args(args)
            .current_dir(root())
            .output()
            .expect("runs");
        assert!(out.status.success(), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: stderr is a pipe, yet it got {:?}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.len() > 500, "{args:?}: the work was done");
    }
}

#[test]
fn long_runs_show_a_bar_on_a_terminal() {
    // `script` (util-linux) gives the command a terminal; without it this half is skipped.
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("\n*** SKIPPING: `script` (util-linux) is not installed ***\n");
        return;
    }
    for (args, unit) in LONG.iter().zip(["poses", "steps"]) {
        // stdout to /dev/null: what `script` records is what reached the terminal on stderr.
        let line = format!("{BIN} {} >/dev/null", args.join(" "));
        let out = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .current_dir(root())
            .env("TERM", "xterm")
            .output()
            .expect("script runs");
        let seen = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args:?}: {seen}");
        assert!(
            seen.contains(unit) && seen.contains('/'),
            "{args:?}: no progress bar on the terminal: {seen:?}"
        );
    }
}
