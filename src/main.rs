//! `narrowphase-lab`: the command line. Parses the arguments and hands over to the app, or to
//! the `report`, `check`, `sweep`, `simulate`, `toi` and `slides` commands (see `narrowphase_lab::cli`).

use narrowphase_lab::{app, cli};

/// In the browser there is no command line: the app opens on the page's address (which it
/// reads itself), and none of the commands or their parser is built into the wasm.
#[cfg(target_arch = "wasm32")]
fn main() {
    // The app goes on in the page's frames after `main` returns; there is no process to end.
    let _ = app::run::run(cli::AppFlags::default());
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use clap::Parser;
    use cli::{Cli, CliCommand};
    let args = Cli::parse();
    let code = match args.command {
        Some(CliCommand::Report { scene }) => {
            cli::report(&scene, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(CliCommand::Check { files }) => {
            cli::check(&files, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(CliCommand::Sweep(args)) => {
            cli::sweep(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(CliCommand::Simulate(args)) => {
            cli::simulate(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(CliCommand::Toi(args)) => {
            cli::toi(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(CliCommand::Slides(args)) => app::run::slides(&args),
        Some(CliCommand::PresenterView { ui_scale }) => app::run::presenter::view_window(ui_scale),
        None => app::run::run(args.app),
    };
    std::process::exit(code);
}
