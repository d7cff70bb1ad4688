//! `slides`: every step of a mode shown in turn in the app's window and written as a PNG (and
//! with `--gif`, as the frames of one animation). The window loop ([`super::run`]) asks
//! [`SlidesJob`] what to do each frame; the pictures are the app's own, drawn clean.
//!
//! - The out folder is locked for the whole run (an advisory lock on the folder itself, let go
//!   when the process ends, however it ends): a second `slides` into the same folder is refused
//!   at once, instead of its clean-up removing the first's slides while it writes them.
//! - The GIF is written frame by frame as the slides are captured (into a new file beside
//!   `steps.gif`, renamed into place at the end): the run holds one frame at a time, whatever
//!   the number of steps.

use super::App;
use super::command::{Command, StepTo};
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
    /// The Simulate mode's lab was not at the step due when this frame began (a long seek is
    /// carried over frames): the frame is not counted towards the capture.
    computing: bool,
    /// With `--gif`: the animation being written, a frame per captured step (made at the
    /// first capture).
    gif_file: Option<GifFile>,
    /// The lock on the out folder, held until the process ends.
    _lock: std::fs::File,
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

/// Steps between slides: 1 in a mode that shows steps (a slide per step); in a mode that plays
/// (Simulate), where a run has hundreds of steps, a second of what it plays.
fn stride(app: &mut App) -> usize {
    let mode = app.modes.get_mut(app.session.mode);
    mode.player().map_or(1, |p| {
        let per_second = p.steps_per_second();
        if per_second.is_finite() {
            (per_second.round() as usize).max(1)
        } else {
            1
        }
    })
}

/// How many slides the app's mode makes: every step, or in Simulate the start and every
/// second of the run, its last step included.
pub fn slide_count(app: &mut App) -> usize {
    let steps = app.step_count();
    let stride = stride(app);
    if steps == 0 {
        return 0;
    }
    (steps - 1).div_ceil(stride) + 1
}

/// `steps.gif` as it is being written: the encoder over a new file beside it.
struct GifFile {
    encoder: image::codecs::gif::GifEncoder<Shared>,
    /// The file the encoder writes through (shared with it: the encoder gives its writer back
    /// to no one, and its trailer is written when it is dropped).
    out: Shared,
    tmp: tempfile::NamedTempFile,
    path: PathBuf,
}

/// A buffered file that the GIF encoder and [`GifFile`] both hold.
#[derive(Clone)]
struct Shared(std::rc::Rc<std::cell::RefCell<std::io::BufWriter<std::fs::File>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

impl GifFile {
    /// Starts `path` (written beside it under a temporary name until [`GifFile::finish`]).
    fn new(path: PathBuf) -> Result<GifFile, String> {
        use image::codecs::gif::{GifEncoder, Repeat};
        let fail = |e: &dyn std::fmt::Display| gif_error(&path, e);
        let tmp = crate::scene::save::new_file_for(&path, crate::scene::save::Access::Kept)
            .map_err(|e| fail(&e))?;
        let file = tmp.as_file().try_clone().map_err(|e| fail(&e))?;
        let out = Shared(std::rc::Rc::new(std::cell::RefCell::new(
            std::io::BufWriter::new(file),
        )));
        // Speed 10 of 30: a good palette for flat diagrams at a few seconds per frame.
        let mut encoder = GifEncoder::new_with_speed(out.clone(), 10);
        encoder.set_repeat(Repeat::Infinite).map_err(|e| fail(&e))?;
        Ok(GifFile {
            encoder,
            out,
            tmp,
            path,
        })
    }

    /// Encodes `image` as the next frame, shown [`GIF_STEP_MS`].
    fn push(&mut self, image: image::RgbaImage) -> Result<(), String> {
        let delay = image::Delay::from_numer_denom_ms(GIF_STEP_MS, 1);
        self.encoder
            .encode_frame(image::Frame::from_parts(image, 0, 0, delay))
            .map_err(|e| gif_error(&self.path, &e))
    }

    /// Ends the animation and renames it to its name.
    fn finish(self) -> Result<(), String> {
        use std::io::Write;
        let GifFile {
            encoder,
            mut out,
            tmp,
            path,
        } = self;
        // Dropped, the encoder writes the GIF's trailer.
        drop(encoder);
        out.flush().map_err(|e| gif_error(&path, &e))?;
        crate::scene::save::put_in_place(tmp, &path, true).map_err(|e| gif_error(&path, &e))
    }
}

fn gif_error(path: &Path, e: &dyn std::fmt::Display) -> String {
    format!("{}: could not write the GIF: {e}", path.display())
}

/// Locks the folder `out` for this run: an advisory lock on the folder itself (nothing is
/// made in it), held while the returned file is open, so until the process ends. Another run
/// holding it is a clear error.
pub fn lock_folder(out: &Path) -> Result<std::fs::File, String> {
    let folder = std::fs::File::open(out)
        .map_err(|e| format!("{}: cannot open the folder: {e}", out.display()))?;
    match folder.try_lock() {
        Ok(()) => Ok(folder),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "{}: the folder is busy: another `slides` run is writing there; wait for it to \
             finish, or choose another --out",
            out.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(format!("{}: cannot lock the folder: {e}", out.display()))
        }
    }
}

impl SlidesJob {
    /// A job writing into `out` (which must exist), which it locks for the whole run: an
    /// error when another run holds it.
    pub fn new(out: PathBuf, gif: bool) -> Result<SlidesJob, String> {
        let lock = lock_folder(&out)?;
        Ok(SlidesJob {
            out,
            gif,
            step: 0,
            shown_for: 0,
            warm: 0,
            computing: false,
            gif_file: None,
            _lock: lock,
            written: 0,
            progress: None,
        })
    }

    /// Before a frame: the app shows the step due, drawn clean.
    pub fn before_frame(&mut self, app: &mut App, now: f64) {
        app.shell.clean = true;
        // Slides show the file as it is: a recovery offer stays for the next interactive start.
        app.dialogs.recover = None;
        app.dialogs.broken_recovery = None;
        let at = (self.step * stride(app)).min(app.step_count().saturating_sub(1));
        let moved = app.session.step != at;
        if moved {
            app.apply(Command::Step(StepTo::At(at)), now);
        }
        // A mode that plays follows a new step in its frame, maybe over several: not yet shown.
        self.computing = app
            .modes
            .get_mut(app.session.mode)
            .player()
            .is_some_and(|p| moved || p.computing());
    }

    /// After a frame was drawn: whether to capture it.
    pub fn after_frame(&mut self) -> Next {
        if self.warm < WARM_UP_FRAMES {
            self.warm += 1;
            return Next::Continue;
        }
        if self.computing {
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
        // With `--gif` each slide is also encoded as the GIF's next frame at once (one frame
        // held at a time), and the bar counts both.
        if self.gif {
            if self.gif_file.is_none() {
                self.gif_file = Some(GifFile::new(self.out.join("steps.gif"))?);
            }
            if let Some(g) = &mut self.gif_file {
                g.push(image)?;
            }
        }
        let what = if self.gif {
            "slides and GIF frames"
        } else {
            "slides"
        };
        let progress = self
            .progress
            .get_or_insert_with(|| crate::progress::Progress::new(count as u64, 0, what));
        progress.inc();
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

    /// Removes stale slides; with `--gif`, puts `steps.gif` (one frame a step) in place.
    pub fn finish(self) -> Result<(), String> {
        self.remove_stale()?;
        match self.gif_file {
            Some(g) => g.finish(),
            None => Ok(()),
        }
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
