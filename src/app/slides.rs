//! `slides`: every step of a mode shown in turn in the app's window and written as a PNG (and
//! with `--gif`, as the frames of one animation). The window loop ([`super::run`]) asks
//! [`SlidesJob`] what to do each frame; the pictures are the app's own, drawn clean.

use super::App;
use super::command::{Command, StepTo};
use super::modes::ModeKind;
use std::path::{Path, PathBuf};

/// Frames the window gets before the first slide (layout, framing, the font atlas).
const WARM_UP_FRAMES: u32 = 4;
/// Frames each step is shown before it is captured (a step may move the view).
const SETTLE_FRAMES: u32 = 2;
/// How long each step shows in the GIF.
const GIF_STEP_MS: u32 = 1500;

/// A run of `slides`: where it writes and how far it got.
pub struct SlidesJob {
    out: PathBuf,
    gif: bool,
    /// The step being shown, and how many frames it has been up.
    step: usize,
    shown_for: u32,
    warm: u32,
    /// The captured steps (RGBA, top row first), kept for the GIF.
    frames: Vec<image::RgbaImage>,
    /// How many PNGs were written.
    pub written: usize,
    /// The bar on a terminal's stderr (made at the first capture, when the count is known).
    progress: Option<crate::progress::Progress>,
}

/// What the window loop does after a frame.
pub enum Next {
    /// Draw another frame.
    Continue,
    /// Capture this frame as the slide of the current step.
    Capture,
}

/// Steps between slides: 1 in the narrowphase modes (a slide per step); in Simulate, where a
/// run has hundreds of steps, a second of the run (a slide per simulated second).
fn stride(app: &App) -> usize {
    if app.session.mode != ModeKind::Simulate {
        return 1;
    }
    let hz = app.doc.scene().sim.as_ref().map_or(60.0, |s| s.hz);
    (hz.round() as usize).max(1)
}

/// How many slides the app's mode makes: every step, or in Simulate the start and every
/// second of the run, its last step included.
pub fn slide_count(app: &App) -> usize {
    let steps = app.step_count();
    let stride = stride(app);
    if steps == 0 {
        return 0;
    }
    (steps - 1).div_ceil(stride) + 1
}

impl SlidesJob {
    /// A job writing into `out` (which must exist).
    pub fn new(out: PathBuf, gif: bool) -> SlidesJob {
        SlidesJob {
            out,
            gif,
            step: 0,
            shown_for: 0,
            warm: 0,
            frames: Vec::new(),
            written: 0,
            progress: None,
        }
    }

    /// Before a frame: the app shows the step due, drawn clean.
    pub fn before_frame(&mut self, app: &mut App, now: f64) {
        app.shell.clean = true;
        // Slides show the file as it is: a recovery offer stays for the next interactive start.
        app.dialogs.recover = None;
        app.dialogs.broken_recovery = None;
        let at = (self.step * stride(app)).min(app.step_count().saturating_sub(1));
        if app.session.step != at {
            app.apply(Command::Step(StepTo::At(at)), now);
        }
    }

    /// After a frame was drawn: whether to capture it.
    pub fn after_frame(&mut self) -> Next {
        if self.warm < WARM_UP_FRAMES {
            self.warm += 1;
            return Next::Continue;
        }
        self.shown_for += 1;
        if self.shown_for >= SETTLE_FRAMES {
            Next::Capture
        } else {
            Next::Continue
        }
    }

    /// Writes the captured frame as this step's PNG and goes on to the next step; returns
    /// true when every step of the mode is written (`count` steps).
    pub fn captured(&mut self, image: image::RgbaImage, count: usize) -> Result<bool, String> {
        let path = self.out.join(slide_name(self.step + 1));
        write_png(&path, &image, true)
            .map_err(|e| format!("{}: could not write the slide: {e}", path.display()))?;
        self.written += 1;
        // With `--gif` the bar counts the slides, then the GIF's frames as they are encoded.
        let steps = if self.gif { 2 * count } else { count };
        let progress = self.progress.get_or_insert_with(|| {
            crate::progress::Progress::new(steps as u64, 0, "slides and GIF frames")
        });
        progress.inc();
        if self.gif {
            self.frames.push(image);
        }
        self.step += 1;
        self.shown_for = 0;
        Ok(self.step >= count)
    }

    /// Removes the slides an earlier run left past this run's last (`step-NN.png` with NN
    /// beyond `count`), so the folder holds one run's slides only; says on stderr what went.
    /// A link with such a name is removed itself (its target is left alone).
    pub fn remove_stale(&self) -> Result<(), String> {
        let Ok(entries) = std::fs::read_dir(&self.out) else {
            return Ok(());
        };
        let mut stale: Vec<(usize, PathBuf)> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let n: usize = name
                    .strip_prefix("step-")?
                    .strip_suffix(".png")?
                    .parse()
                    .ok()?;
                (n > self.written && slide_name(n) == name).then(|| (n, e.path()))
            })
            .collect();
        if stale.is_empty() {
            return Ok(());
        }
        stale.sort();
        for (_, path) in &stale {
            std::fs::remove_file(path).map_err(|e| {
                format!(
                    "{}: a slide from an earlier run could not be removed: {e}",
                    path.display()
                )
            })?;
        }
        let name = |p: &PathBuf| p.file_name().map(|n| n.to_string_lossy().into_owned());
        let (first, last) = (name(&stale[0].1), name(&stale[stale.len() - 1].1));
        eprintln!(
            "narrowphase-lab: removed {} slide(s) left by an earlier run in {} ({} to {})",
            stale.len(),
            self.out.display(),
            first.unwrap_or_default(),
            last.unwrap_or_default()
        );
        Ok(())
    }

    /// With `--gif`: writes `steps.gif`, one frame a step; then removes stale slides.
    pub fn finish(self) -> Result<(), String> {
        self.remove_stale()?;
        if !self.gif {
            return Ok(());
        }
        let progress = self
            .progress
            .unwrap_or_else(|| crate::progress::Progress::new(0, 1, ""));
        progress.say("writing steps.gif");
        write_gif(&self.out.join("steps.gif"), self.frames, &progress)
    }
}

/// The file name of slide `n` (from 1): `step-01.png`.
fn slide_name(n: usize) -> String {
    format!("step-{n:02}.png")
}

/// Writes `image` as a PNG at `path` as every file we write is written
/// ([`crate::scene::save::write_file`]: new, then renamed; never through a link). With
/// `replace` false, an existing `path` (file or link) is an error and nothing is written.
pub fn write_png(path: &Path, image: &image::RgbaImage, replace: bool) -> Result<(), String> {
    use image::ImageEncoder;
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ColorType::Rgba8,
        )
        .map_err(|e| e.to_string())?;
    crate::scene::save::write_file(path, &bytes, crate::scene::save::Access::Kept, replace)
        .map_err(|e| e.to_string())
}

/// An animated GIF of `frames`, each shown [`GIF_STEP_MS`], looping.
fn write_gif(
    path: &Path,
    frames: Vec<image::RgbaImage>,
    progress: &crate::progress::Progress,
) -> Result<(), String> {
    use image::codecs::gif::{GifEncoder, Repeat};
    let fail =
        |e: &dyn std::fmt::Display| format!("{}: could not write the GIF: {e}", path.display());
    let mut bytes = Vec::new();
    {
        // Speed 10 of 30: a good palette for flat diagrams at a few seconds per frame.
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 10);
        encoder.set_repeat(Repeat::Infinite).map_err(|e| fail(&e))?;
        let delay = image::Delay::from_numer_denom_ms(GIF_STEP_MS, 1);
        encoder
            .encode_frames(frames.into_iter().map(|f| {
                progress.inc();
                image::Frame::from_parts(f, 0, 0, delay)
            }))
            .map_err(|e| fail(&e))?;
    }
    crate::scene::save::write_file(path, &bytes, crate::scene::save::Access::Kept, true)
        .map_err(|e| fail(&e))
}
