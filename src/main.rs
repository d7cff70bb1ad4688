//! `narrowphase-lab`: the command line. Parses the arguments and hands over to the app, or to
//! the `report`, `check`, `sweep` and `slides` commands (see `narrowphase_lab::cli`).

use clap::Parser;
use narrowphase_lab::{
    app,
    cli::{self, Cli, Command},
};

fn main() {
    let args = Cli::parse();
    let code = match args.command {
        Some(Command::Report { scene }) => {
            cli::report(&scene, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::Check { files }) => {
            cli::check(&files, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::Sweep(args)) => {
            cli::sweep(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::Slides(slides)) => app::run(cli::AppFlags {
            path: Some(slides.scene.clone()),
            mode: Some(slides.mode),
            slides: Some(slides),
            ..cli::AppFlags::default()
        }),
        None => app::run(args.app),
    };
    std::process::exit(code);
}
