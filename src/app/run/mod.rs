//! The window: macroquad runs the frame loop, egui-macroquad runs egui inside it; the pointer
//! and the keys egui's backend does not report are read here, and `--frames`, `--seconds`,
//! `--screenshot` and `--print-state` are carried out at exit.

pub mod host;
mod host_page;
mod pointer;
pub mod presenter;

use super::App;
use super::command::Command;
use super::input;
use super::slides::{Next, SlidesJob};
use super::state::FrameTiming;
use crate::cli::{AppFlags, SlidesArgs};
use macroquad::input::{is_quit_requested, prevent_quit};
use macroquad::prelude::{
    KeyCode, get_time, is_key_down, is_key_pressed, next_frame, set_fullscreen,
};

/// Opens the window and runs the app; returns the process exit code.
pub fn run(flags: AppFlags) -> i32 {
    open(flags, None)
}

/// `slides`: the scene's steps in `args.mode`, one clean PNG each (and a GIF); returns the
/// process exit code (2 for a scene that does not load, 1 for a folder or file that cannot be
/// written).
pub fn slides(args: &SlidesArgs) -> i32 {
    if let Err(e) = crate::scene::load(&args.scene) {
        eprintln!("error: {e}");
        return 2;
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("error: {}: cannot make the folder: {e}", args.out.display());
        return 1;
    }
    // The folder is this run's until the process ends: another run there is refused.
    let job = match SlidesJob::new(args.out.clone(), args.gif) {
        Ok(job) => job,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let flags = AppFlags {
        path: Some(args.scene.clone()),
        mode: Some(args.mode),
        ui_scale: args.ui_scale,
        window: args.window,
        theme: args.theme,
        palette: args.palette,
        ..AppFlags::default()
    };
    open(flags, Some(job))
}

/// The X display named by `DISPLAY`, when it cannot be opened (the window library would
/// panic with a backtrace there): asked through Xlib, loaded as the window library loads it.
/// `None` when it opens, or when Xlib is not there to ask (the window library then says why).
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
fn x_display_refused() -> Option<String> {
    type OpenDisplay = unsafe extern "C" fn(*const libc::c_char) -> *mut libc::c_void;
    let name = std::env::var("DISPLAY").unwrap_or_default();
    // SAFETY: dlopen and dlsym take NUL-terminated names; the symbol is Xlib's documented
    // `Display *XOpenDisplay(const char *)`, called with a null name (use DISPLAY).
    unsafe {
        let lib = libc::dlopen(c"libX11.so.6".as_ptr(), libc::RTLD_LAZY | libc::RTLD_LOCAL);
        if lib.is_null() {
            return None;
        }
        let open = libc::dlsym(lib, c"XOpenDisplay".as_ptr());
        if open.is_null() {
            return None;
        }
        let open: OpenDisplay = std::mem::transmute(open);
        // The connection stays open until the process ends: closing the server's last client
        // would make an X server started without `-noreset` (Xvfb's default) reset, and refuse
        // the window library's connection a moment later. For the same reason a server whose
        // last client (the run before this one) just left may be resetting now: it is asked
        // again for up to two seconds before the display is called refused.
        for attempt in 0..20 {
            if !open(std::ptr::null()).is_null() {
                return None;
            }
            if attempt < 19 {
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
        }
    }
    Some(name)
}

fn open(flags: AppFlags, job: Option<SlidesJob>) -> i32 {
    super::web::install_panic_hook();
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!(
            "narrowphase-lab: no display to open a window on (DISPLAY is not set).\n\
             Run it on a desktop, or headless under Xvfb: xvfb-run -s '-screen 0 1280x800x24' narrowphase-lab …\n\
             `narrowphase-lab report SCENE.ron` needs no display."
        );
        return 1;
    }
    #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
    if std::env::var_os("WAYLAND_DISPLAY").is_none()
        && let Some(display) = x_display_refused()
    {
        eprintln!(
            "narrowphase-lab: cannot open the display {display:?} (XOpenDisplay() failed): no X \
             server answers there, or it refuses us.\n\
             Check DISPLAY, or run headless under Xvfb: xvfb-run -s '-screen 0 1280x800x24' \
             narrowphase-lab …"
        );
        return 1;
    }
    let mut app = match App::new(&flags) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("narrowphase-lab: {e}");
            return 2;
        }
    };
    // The look: an explicit flag wins over the one remembered from the last run's toggles.
    let remembered = super::settings::load().unwrap_or_default();
    app.shell.look = super::draw::colors::Look {
        theme: flags.theme.unwrap_or(remembered.theme),
        palette: flags.palette.unwrap_or(remembered.palette),
    };
    // In the browser: the scene the page's address names (a bad link: the built-in lecture
    // with a banner saying why), and how the page asks to be shown (a figure, a theme).
    if let Some((query, fragment)) = super::web::page_address() {
        app.files(0.0, |f| f.open_link(&query, &fragment, 0.0));
        match super::link::page_look(&query, &fragment) {
            Ok(page) => {
                app.shell.embed = page.embed;
                if page.embed {
                    match super::locks::parse(&query, &fragment) {
                        Ok(locks) => app.shell.locks = Some(locks),
                        Err(e) => app.dialogs.show_error(e, 0.0),
                    }
                }
                app.shell.look.theme = page.theme.unwrap_or(app.shell.look.theme);
                app.shell.look.palette = page.palette.unwrap_or(app.shell.look.palette);
            }
            Err(e) => app.dialogs.show_error(e, 0.0),
        }
    }
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "Narrowphase Lab".to_string(),
            window_width: flags.window.map_or(1280, |w| w.0 as i32),
            window_height: flags.window.map_or(800, |w| w.1 as i32),
            sample_count: 1,
            // Crisp on high-density screens: egui's pixels per point follow the screen's.
            high_dpi: true,
            ..Default::default()
        },
        ..Default::default()
    };
    macroquad::Window::from_config(conf, main_loop(app, flags, job));
    0
}

/// Files dropped on the window (or, in the browser, chosen in its picker), opened: natively
/// from their path (through the loader, its checks and the file watch, so Ctrl+S saves back
/// to it); in the browser from their bytes, refused above the loader's size limit.
fn open_dropped_files(app: &mut App, now: f64) {
    for f in macroquad::input::get_dropped_files() {
        let name = f
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "dropped.ron".into());
        let command = match (f.path, f.bytes) {
            (Some(path), _) if super::web::CAN_QUIT => Command::Open(path),
            (_, Some(bytes)) if bytes.len() as u64 > crate::scene::load::MAX_SCENE_BYTES => {
                app.dialogs.show_error(
                    format!(
                        "{name}: {} MB is too large for a scene (at most {} MB)",
                        bytes.len() >> 20,
                        crate::scene::load::MAX_SCENE_BYTES >> 20
                    ),
                    now,
                );
                continue;
            }
            (_, Some(bytes)) => Command::OpenText {
                name,
                text: String::from_utf8_lossy(&bytes).into_owned(),
            },
            (Some(path), None) => Command::Open(path),
            (None, None) => continue,
        };
        app.apply(command, now);
    }
}

/// In the browser the screen is not read: a page cannot write files, and the browser has its
/// own screenshots (leaving out the PNG encoder keeps the wasm within its budget).
#[cfg(target_arch = "wasm32")]
fn screen_image() -> Result<image::RgbaImage, String> {
    Err("screenshots and slides are written by the desktop app; in the browser, use the browser's own screenshot".into())
}

/// The window as it is now (after egui drew, before the frame is shown), top row first.
#[cfg(not(target_arch = "wasm32"))]
fn screen_image() -> Result<image::RgbaImage, String> {
    let img = macroquad::prelude::get_screen_data();
    let (w, h) = (img.width as usize, img.height as usize);
    let row = w * 4;
    if img.bytes.len() < row * h {
        return Err("the screen could not be read".to_string());
    }
    // OpenGL's rows run bottom-up; PNG's top-down.
    let mut flipped = Vec::with_capacity(row * h);
    for y in (0..h).rev() {
        flipped.extend_from_slice(&img.bytes[y * row..(y + 1) * row]);
    }
    image::RgbaImage::from_raw(w as u32, h as u32, flipped)
        .ok_or_else(|| "the screen could not be read".to_string())
}

/// Writes the window as it is now to a PNG file. An unwritable path is an error message, not
/// a panic.
/// Writes the screen as a PNG at `path` (new, then renamed; never through a link). With
/// `replace` false (F12's numbered names) a file or link already there is left alone.
fn save_screenshot(path: &std::path::Path, replace: bool) -> Result<(), String> {
    let img = screen_image().map_err(|e| format!("{}: {e}", path.display()))?;
    super::slides::write_png(path, &img, replace)
        .map_err(|e| format!("{}: could not write the screenshot: {e}", path.display()))
}

/// The keys egui-miniquad does not pass to egui (function keys, the keypad), as egui key
/// events, so that they become commands like every other key.
fn backend_keys() -> Vec<egui::Event> {
    let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    let modifiers = egui::Modifiers {
        ctrl,
        command: ctrl,
        ..egui::Modifiers::NONE
    };
    [
        (KeyCode::F1, egui::Key::F1),
        (KeyCode::F11, egui::Key::F11),
        (KeyCode::F12, egui::Key::F12),
        (KeyCode::KpAdd, egui::Key::Plus),
        (KeyCode::KpSubtract, egui::Key::Minus),
    ]
    .into_iter()
    .filter(|(k, _)| is_key_pressed(*k))
    .map(|(_, key)| egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    })
    .collect()
}

/// What the window loop keeps from one frame to the next (the app keeps the rest).
struct Frames {
    /// When the loop started (seconds, macroquad's clock).
    start: f64,
    /// Frames drawn so far.
    count: u64,
    /// When the last frame started.
    last: f64,
    /// Whether the window is full screen, as last asked of it.
    fullscreen: bool,
    /// `--print-state-changes`: the command count at the last state line, and the frame at
    /// which to print the next.
    seen_commands: u64,
    state_due: Option<u64>,
    /// Two fingers on a touch screen, as they were in the last frame.
    last_fingers: Option<[glam::Vec2; 2]>,
    /// Our subscription to macroquad's input events (where a press was).
    presses: usize,
    /// The look as it was last remembered: a change by the panel's toggles is remembered for
    /// the next start.
    remembered_look: super::draw::colors::Look,
    /// When the scene's file was last looked at on disk.
    #[cfg(not(target_arch = "wasm32"))]
    last_watch: f64,
    /// A figure's events to its host page, as last sent.
    voice: host::Voice,
    /// The presenter's view in its own window (`--presenter-window`).
    #[cfg(not(target_arch = "wasm32"))]
    presenter: Option<presenter::Pipe>,
}

/// The frame loop, in stages, each a function below: 1. the world outside the app (the file
/// on disk, a new link, dropped files), 2. input, 3. the app's frame inside egui (its own
/// stages: canvas input, panels and commands, the world drawn; see [`App::frame`]) and egui
/// painted, 4. after the frame (a slide captured, the window's requests, the probe, the look
/// remembered, recovery and signals, the end of the run).
async fn main_loop(mut app: App, options: AppFlags, mut job: Option<SlidesJob>) {
    egui_macroquad::cfg(super::configure);
    // Closing the window asks first when the scene has unsaved changes.
    prevent_quit();
    super::recovery::install();
    let start = get_time();
    // A figure's locks: the link's mode when offered (else the first offered one), and
    // Simulate playing from the start when asked.
    if let Some(locks) = app.shell.locks.clone() {
        let mode = locks.mode_for(app.session.mode);
        if mode != app.session.mode {
            app.apply(Command::SetMode(mode), start);
        }
        app.view.zoom_lock = locks.zoom;
        if locks.autoplay && app.session.mode == super::modes::ModeKind::Simulate {
            app.apply(Command::PlayPause, start);
        }
    }
    let mut frames = Frames {
        start,
        count: 0,
        last: start,
        fullscreen: app.shell.fullscreen,
        seen_commands: app.probe.commands,
        state_due: Some(3),
        last_fingers: None,
        presses: macroquad::input::utils::register_input_subscriber(),
        remembered_look: app.shell.look,
        #[cfg(not(target_arch = "wasm32"))]
        last_watch: start,
        voice: host::Voice::default(),
        #[cfg(not(target_arch = "wasm32"))]
        presenter: None,
    };
    #[cfg(not(target_arch = "wasm32"))]
    if options.presenter_window {
        let scale = app.shell.ui_scale;
        match presenter::open(&mut app, scale) {
            Ok(pipe) => frames.presenter = Some(pipe),
            Err(e) => app.dialogs.show_error(e, start),
        }
    }
    loop {
        let now = get_time();
        let dt = ((now - frames.last) * 1000.0) as f32;
        frames.last = now;
        app.probe.stats.tick(dt);
        // 1. The world outside the app.
        outside(&mut app, &mut frames, now);
        host_page::listen(&mut app, now);
        #[cfg(not(target_arch = "wasm32"))]
        presenter::listen(&mut app, &mut frames.presenter, now);
        // 2. Input: the pointer, two fingers, the keys egui's backend does not report.
        let fingers = pointer::two_fingers();
        let input = pointer::read_input(
            false,
            pointer::pinch(frames.last_fingers, fingers),
            pointer::press_at(frames.presses),
        );
        frames.last_fingers = fingers;
        let keys = backend_keys();
        // 3. The app's frame inside egui, on the theme's background; then egui painted.
        let [r, g, b, _] = app.shell.look.colors().background.to_array();
        macroquad::prelude::clear_background(macroquad::prelude::Color::from_rgba(r, g, b, 255));
        if let Some(j) = &mut job {
            j.before_frame(&mut app, now);
        }
        let keys: Vec<egui::Event> = match &app.shell.locks {
            Some(locks) => keys.into_iter().filter(|e| locks.keeps(e)).collect(),
            None => keys,
        };
        egui_macroquad::ui(|ctx| {
            // A figure's keys (`&keys=`): the others never reach the app.
            if let Some(locks) = &app.shell.locks {
                ctx.input_mut(|i| i.events.retain(|e| locks.keeps(e)));
            }
            app.frame(ctx, now, input, &keys);
            super::page::set_still(!ctx.has_requested_repaint() && still(&mut app));
        });
        egui_macroquad::draw();
        // 4. After the frame.
        frames.count += 1;
        capture_slide(&mut app, &mut job);
        window_requests(&mut app, &mut frames);
        share_with_page(&mut app);
        if host_page::speak(&app, &mut frames.voice, now) {
            super::page::set_still(false);
        }
        #[cfg(not(target_arch = "wasm32"))]
        presenter::speak(&mut app, &mut frames.presenter);
        probe(&mut app, &mut frames, &options, now, dt);
        remember_look(&mut app, &mut frames, now);
        if let Some(code) = end_of_run(&mut app, &frames, &options, now) {
            std::process::exit(code);
        }
        next_frame().await;
    }
}

/// Whether nothing of the app animates after this frame: no mode plays or computes, no jitter,
/// no information banner counting down, no view waiting to be fitted.
fn still(app: &mut App) -> bool {
    let mode = app.modes.get_mut(app.session.mode);
    let playing = mode.player().is_some_and(|p| p.busy());
    let banner = app.dialogs.banner.as_ref().is_some_and(|b| !b.error);
    let fitting = app.view.frame_pending || app.view.fit.iter().any(Option::is_some);
    !(playing || app.session.options.jitter || banner || fitting)
}

/// Stage 1: the scene's file changed on disk (looked at every 0.4 s), a new link, dropped
/// files. A link or a dropped file waits while a question is open (it would be carried out
/// under it, and the answer would then apply to the wrong scene).
fn outside(app: &mut App, frames: &mut Frames, now: f64) {
    #[cfg(not(target_arch = "wasm32"))]
    if now - frames.last_watch > 0.4 {
        frames.last_watch = now;
        app.files(now, |f| f.check_reload(now));
    }
    #[cfg(target_arch = "wasm32")]
    let _ = frames;
    if app.dialogs.asking().is_none() && app.dialogs.save_as.is_none() {
        if let Some((query, fragment)) = super::web::address_changed() {
            app.files(now, |f| f.follow_link(query, fragment, now));
        }
        open_dropped_files(app, now);
    }
}

/// Stage 4: a `slides` run captures the frame it asked for; the last one written ends the run.
fn capture_slide(app: &mut App, job: &mut Option<SlidesJob>) {
    let Some(j) = job else {
        return;
    };
    let Next::Capture = j.after_frame() else {
        return;
    };
    let count = super::slides::slide_count(app);
    match screen_image().and_then(|img| j.captured(img, count)) {
        Ok(false) => {}
        Ok(true) => {
            let written = j.written;
            let code = match job.take().map_or(Ok(()), SlidesJob::finish) {
                Ok(()) => {
                    eprintln!("narrowphase-lab: {written} slides written");
                    0
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    1
                }
            };
            std::process::exit(code);
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

/// Stage 4: a figure in another page leaves what its gestures would hit, for the page to ask
/// where a finger lands (`page::takes_touch`) before the next frame.
fn share_with_page(app: &mut App) {
    if app.shell.embed {
        let locked = app
            .shell
            .locks
            .as_ref()
            .map_or([false, false], |l| l.locked);
        let bodies = app.body_views();
        // The Continuous mode's end pose is dragged like a body (B's shape, B's lock).
        let ghost = (app.session.mode == super::modes::ModeKind::Continuous).then(|| {
            let pose = super::modes::continuous::end_pose_of(app.doc.scene());
            super::input::BodyView { pose, ..bodies[1] }
        });
        super::page::publish_hits(&app.view.cam, &bodies, ghost, locked);
        let scene = app.files(0.0, |f| f.scene_as_shown());
        super::page::publish_shown(scene, app.session.mode, app.session.step);
    }
}

/// Stage 4: what the app asked of the window this frame: the clipboard, full screen, a
/// screenshot (F12).
fn window_requests(app: &mut App, frames: &mut Frames) {
    if let Some(text) = app.shell.to_clipboard.take() {
        macroquad::miniquad::window::clipboard_set(&text);
    }
    if app.shell.fullscreen != frames.fullscreen {
        frames.fullscreen = app.shell.fullscreen;
        set_fullscreen(frames.fullscreen);
    }
    if app.shell.screenshot_pending {
        app.shell.screenshot_pending = false;
        let path = app.files(0.0, |f| f.screenshot_path());
        let now = frames.last;
        match save_screenshot(&path, false) {
            Ok(()) => app
                .dialogs
                .show_info(format!("screenshot written to {}", path.display()), now),
            Err(e) => app.dialogs.show_error(e, now),
        }
    }
}

/// Stage 4: the state lines `--print-state-every` and `--print-state-changes` ask for, the
/// browser's state, and the frame statistics for `--print-state`: the interval between frames,
/// the time our own work took (UI, input, traces, tessellation and draw calls), and whether a
/// drag was on. Kept only when they will be printed, so a lecture left open does not grow a
/// list.
fn probe(app: &mut App, frames: &mut Frames, options: &AppFlags, now: f64, dt: f32) {
    if options
        .print_state_every
        .is_some_and(|n| frames.count.is_multiple_of(n))
    {
        println!("{}", app.state_json());
    }
    if options.print_state_changes {
        if app.probe.commands != frames.seen_commands {
            frames.seen_commands = app.probe.commands;
            frames.state_due = Some(frames.count + 1);
        }
        if frames.state_due == Some(frames.count) {
            frames.state_due = None;
            println!("{}", app.state_json());
        }
    }
    if super::web::state_wanted() {
        super::web::publish_state(&app.state_json());
    }
    // In the browser the state is asked for at any time: the latest frames are kept.
    let keep_timings = options.print_state || !super::web::CAN_QUIT;
    if !super::web::CAN_QUIT && app.probe.stats.timings.len() >= 4000 {
        app.probe.stats.timings.drain(..2000);
    }
    if frames.count > 5 && keep_timings {
        app.probe.stats.timings.push(FrameTiming {
            interval_ms: dt,
            work_ms: ((get_time() - now) * 1000.0) as f32,
            dragging: app.view.interaction.gesture != input::Gesture::Idle,
        });
    }
}

/// Stage 4: a theme or palette toggled in the panel is remembered for the next start (the
/// field it changed).
fn remember_look(app: &mut App, frames: &mut Frames, now: f64) {
    if app.shell.look != frames.remembered_look {
        // Only the field a toggle changed is written (a flag's value never is).
        let before = std::mem::replace(&mut frames.remembered_look, app.shell.look);
        if let Err(e) = super::settings::remember(before, frames.remembered_look) {
            app.dialogs.show_error(
                format!("the theme and palette could not be remembered: {e}"),
                now,
            );
        }
    }
}

/// Stage 4: unsaved edits kept for the recovery file, and the run's end: a signal (the
/// recovery file written), the window closed (asking first when there are unsaved changes),
/// `--frames` or `--seconds` reached (the screenshot and the state line written). The exit
/// code when the run ends now.
fn end_of_run(app: &mut App, frames: &Frames, options: &AppFlags, now: f64) -> Option<i32> {
    app.files(0.0, |f| f.keep_for_recovery());
    if super::recovery::terminated() {
        super::recovery::report(super::recovery::write_now());
        return Some(143);
    }
    if is_quit_requested() {
        app.apply(Command::Quit, now);
    }
    let done = app.shell.quit
        || options.frames.is_some_and(|n| frames.count >= n)
        || options.seconds.is_some_and(|s| now - frames.start >= s);
    if !done {
        return None;
    }
    let mut code = 0;
    if let Some(p) = &options.screenshot
        && let Err(e) = save_screenshot(p, true)
    {
        eprintln!("narrowphase-lab: {e}");
        code = 1;
    }
    if options.print_state {
        println!("{}", app.state_json());
    }
    Some(code)
}
