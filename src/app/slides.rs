//! `narrowphase-lab slides SCENE.ron --mode M --out DIR [--gif]`: the app's own window shows
//! each step of the mode in turn — no banner, no hint, no hover marks (the pointer is ignored)
//! — and each is written as it is drawn:
//! 1. open at step 0 and let a few frames pass (the views are fitted to the step's picture
//!    the frame after it changes, and egui settles its layout);
//! 2. write the window to `step-NN.png` (after egui drew, before the frame is shown);
//! 3. go to the next step and repeat; after the last, with `--gif`, encode the PNGs as
//!    `steps.gif` (one frame a step) and exit.

use super::App;
use super::command::{Command, StepTo};
use crate::cli::SlidesArgs;
use std::path::{Path, PathBuf};

/// Frames shown before a step is written.
const SETTLE_FRAMES: u32 = 4;

/// How long each GIF frame shows, in milliseconds.
const GIF_FRAME_MS: u32 = 1500;

/// The slides being written.
#[derive(Clone, Debug)]
pub struct Slides {
    /// The folder written into.
    out: PathBuf,
    /// Also write the GIF.
    gif: bool,
    /// Frames shown of the current step.
    frames: u32,
    /// The PNGs written so far, one a step.
    written: Vec<PathBuf>,
}

impl Slides {
    /// The plan for `args`; the folder is made here (an error says which and why).
    pub fn new(args: &SlidesArgs) -> Result<Slides, String> {
        std::fs::create_dir_all(&args.out)
            .map_err(|e| format!("{}: could not make the folder: {e}", args.out.display()))?;
        Ok(Slides {
            out: args.out.clone(),
            gif: args.gif,
            frames: 0,
            written: Vec::new(),
        })
    }
}

/// Encodes the PNGs as an animated GIF, one frame each, looping.
fn write_gif(pngs: &[PathBuf], to: &Path) -> Result<(), String> {
    use image::codecs::gif::{GifEncoder, Repeat};
    let fail =
        |e: &dyn std::fmt::Display| format!("{}: could not write the GIF: {e}", to.display());
    let file = std::fs::File::create(to).map_err(|e| fail(&e))?;
    let mut encoder = GifEncoder::new_with_speed(file, 10);
    encoder.set_repeat(Repeat::Infinite).map_err(|e| fail(&e))?;
    for p in pngs {
        let frame = image::open(p).map_err(|e| fail(&e))?.to_rgba8();
        let delay = image::Delay::from_numer_denom_ms(GIF_FRAME_MS, 1);
        encoder
            .encode_frame(image::Frame::from_parts(frame, 0, 0, delay))
            .map_err(|e| fail(&e))?;
    }
    Ok(())
}

impl App {
    /// Slides, after each frame is drawn: writes the step once it has settled (with `save`,
    /// which writes the window to a PNG), then moves on. Returns the exit code once every step
    /// is written (or writing failed); `None` while there is more to do or no slides are asked.
    pub fn slides_after_draw(&mut self, save: impl Fn(&Path) -> Result<(), String>) -> Option<i32> {
        let count = self.step_count();
        let step = self.session.step;
        let slides = self.slides.as_mut()?;
        slides.frames += 1;
        if slides.frames < SETTLE_FRAMES {
            return None;
        }
        let path = slides.out.join(format!("step-{:02}.png", step + 1));
        if let Err(e) = save(&path) {
            eprintln!("narrowphase-lab: {e}");
            return Some(1);
        }
        slides.written.push(path);
        slides.frames = 0;
        if step + 1 < count {
            self.apply(Command::Step(StepTo::At(step + 1)), 0.0);
            return None;
        }
        let done = format!(
            "wrote {} slides to {}",
            slides.written.len(),
            slides.out.display()
        );
        if slides.gif {
            let gif = slides.out.join("steps.gif");
            if let Err(e) = write_gif(&slides.written, &gif) {
                eprintln!("narrowphase-lab: {e}");
                return Some(1);
            }
            println!("{done} and {}", gif.display());
        } else {
            println!("{done}");
        }
        Some(0)
    }
}
