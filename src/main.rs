//! `narrowphase-lab`: the command line. Parses the arguments and hands over to the app, or to
//! the `report` and `check` commands (see `narrowphase_lab::cli`).

use clap::Parser;
use narrowphase_lab::cli::{self, AppArgs, Cli, Command};

fn main() {
    let args = Cli::parse();
    let code = match args.command {
        Some(Command::Report { scene }) => {
            cli::report(&scene, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::Check { files }) => {
            cli::check(&files, &mut std::io::stdout(), &mut std::io::stderr())
        }
        None => run_app(AppArgs::from(args.app)),
    };
    std::process::exit(code);
}

/// Opens the app window; returns the exit code.
fn run_app(args: AppArgs) -> i32 {
    use narrowphase_lab::app::{self, AppOptions, modes::ModeKind};
    let mode = match args.mode.as_deref().map(|m| (m, ModeKind::from_name(m))) {
        None => None,
        Some((_, Some(m))) => Some(m),
        Some((m, None)) => {
            eprintln!("narrowphase-lab: --mode {m}: expected sat, gjk or manifold");
            return 2;
        }
    };
    let seconds = args
        .seconds
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(f64::from);
    app::run(AppOptions {
        path: args.path,
        mode,
        step: args.step,
        frames: args.frames,
        seconds,
        screenshot: args.screenshot,
        print_state: args.print_state,
    })
}
