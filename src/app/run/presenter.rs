//! The presenter's view in a second window (`--presenter-window`; the view itself is
//! [`crate::app::tour::presenter`]): the app starts the view as a second process of this
//! program, sends it a cue whenever what it shows changes, and carries out the lecturer's
//! Next, Previous and dots as its own commands. The view ends when the app does (its input
//! closes); the app goes on when the view is closed.

use super::super::App;
use super::super::tour::presenter::Cue;
#[cfg(not(target_arch = "wasm32"))]
use super::super::tour::presenter::{Reply, ViewLink};

/// What the presenter's view shows of `app` now (its serial left at 0).
pub fn cue(app: &App) -> Cue {
    let scene = app.doc.scene();
    let lecture = &app.session.lecture;
    let index = app.session.index;
    let tour = &app.session.tour;
    let title_of = |i: usize| {
        lecture.scenes.get(i).map(|s| match &s.scene {
            Ok(l) if !l.scene.title.is_empty() => l.scene.title.clone(),
            _ => s.name.clone(),
        })
    };
    let next_scene = title_of(index + 1).map(|t| format!("the next scene: {t}"));
    let (stop, caption, next) = match tour.caption(scene) {
        Some((k, of, caption)) => {
            let next = match scene.tour.get(k + 1) {
                Some(s) => Some(s.caption.clone()),
                None => next_scene,
            };
            (Some((k, of)), caption.to_string(), next)
        }
        None => (None, scene.title.clone(), next_scene),
    };
    Cue {
        serial: 0,
        title: scene.title.clone(),
        scene: (index + 1, lecture.scenes.len().max(1)),
        stop,
        caption,
        next,
        notes: scene.presenter.clone(),
        waiting: tour.waiting_words(),
    }
}

/// The app's side of the pipes: the view's process, its input, and its replies as they come.
#[cfg(not(target_arch = "wasm32"))]
pub struct Pipe {
    child: std::process::Child,
    to: std::process::ChildStdin,
    from: std::sync::mpsc::Receiver<Reply>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Pipe {
    fn drop(&mut self) {
        // Its input closes with the pipe, and the view ends by itself; this makes sure.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the presenter's view at `ui_scale`; the app's link to it is marked open.
#[cfg(not(target_arch = "wasm32"))]
pub fn open(app: &mut App, ui_scale: f32) -> Result<Pipe, String> {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut child = Command::new(exe)
        .args(["presenter-view", "--ui-scale", &format!("{ui_scale}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the presenter's view: {e}"))?;
    let (Some(to), Some(out)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        return Err("the presenter's view has no pipes".to_string());
    };
    let (tx, from) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            // A line that is not a reply (never written by the view) is passed over.
            if let Ok(reply) = serde_json::from_str::<Reply>(&line)
                && tx.send(reply).is_err()
            {
                break;
            }
        }
    });
    app.shell.presenter_view = Some(ViewLink {
        open: true,
        ..ViewLink::default()
    });
    Ok(Pipe { child, to, from })
}

/// Stage 1: the lecturer's replies since the last frame, carried out as the app's commands; a
/// view that has ended (closed by the lecturer) is let go.
#[cfg(not(target_arch = "wasm32"))]
pub fn listen(app: &mut App, pipe: &mut Option<Pipe>, now: f64) {
    use std::sync::mpsc::TryRecvError;
    let Some(p) = pipe else {
        return;
    };
    loop {
        match p.from.try_recv() {
            Ok(Reply::Shown(serial)) => {
                if let Some(link) = &mut app.shell.presenter_view {
                    link.shown = Some(serial);
                }
            }
            Ok(reply) => {
                if let Some(command) = reply.command() {
                    app.apply(command, now);
                }
            }
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => {
                if let Some(link) = &mut app.shell.presenter_view {
                    link.open = false;
                }
                *pipe = None;
                break;
            }
        }
    }
}

/// Stage 4: a new cue sent when what the view shows has changed.
#[cfg(not(target_arch = "wasm32"))]
pub fn speak(app: &mut App, pipe: &mut Option<Pipe>) {
    use std::io::Write;
    let Some(p) = pipe else {
        return;
    };
    let Some(link) = &app.shell.presenter_view else {
        return;
    };
    let mut cue = cue(app);
    cue.serial = link.sent.serial;
    if cue == link.sent {
        return;
    }
    cue.serial += 1;
    let line = serde_json::to_string(&cue).unwrap_or_default();
    let sent = writeln!(p.to, "{line}").and_then(|()| p.to.flush());
    if let Some(link) = &mut app.shell.presenter_view {
        link.open = sent.is_ok();
        link.sent = cue;
    }
    if sent.is_err() {
        *pipe = None;
    }
}

/// `presenter-view`: the view's own window, drawing the cues read from standard input and
/// writing the lecturer's replies to standard output; it ends when its input closes (the app
/// has ended). Returns the process exit code.
#[cfg(not(target_arch = "wasm32"))]
pub fn view_window(ui_scale: Option<f32>) -> i32 {
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "Narrowphase Lab: presenter's view".to_string(),
            window_width: 900,
            window_height: 620,
            sample_count: 1,
            high_dpi: true,
            ..Default::default()
        },
        ..Default::default()
    };
    let scale = ui_scale.unwrap_or(1.0).clamp(0.75, 2.5);
    macroquad::Window::from_config(conf, view_loop(scale));
    0
}

/// The view's frames: the newest cue drawn, each reply written as a JSON line, and the cue
/// drawn acknowledged (the app's `--print-state` tells whether the view is up to date).
#[cfg(not(target_arch = "wasm32"))]
async fn view_loop(scale: f32) {
    use super::super::tour::presenter::view;
    use std::io::{BufRead, Write};
    use std::sync::mpsc::TryRecvError;
    egui_macroquad::cfg(super::super::configure);
    let (tx, cues) = std::sync::mpsc::channel::<Cue>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines().map_while(Result::ok) {
            if let Ok(cue) = serde_json::from_str::<Cue>(&line)
                && tx.send(cue).is_err()
            {
                break;
            }
        }
    });
    let start = macroquad::prelude::get_time();
    let mut cue = Cue {
        caption: "waiting for the app…".to_string(),
        ..Cue::default()
    };
    let mut acknowledged = 0;
    loop {
        loop {
            match cues.try_recv() {
                Ok(c) => cue = c,
                Err(TryRecvError::Empty) => break,
                // The app has ended: so does its presenter's view.
                Err(TryRecvError::Disconnected) => std::process::exit(0),
            }
        }
        let mut replies = Vec::new();
        macroquad::prelude::clear_background(macroquad::prelude::BLACK);
        egui_macroquad::ui(|ctx| {
            ctx.set_zoom_factor(scale);
            view(
                ctx,
                &cue,
                macroquad::prelude::get_time() - start,
                &mut replies,
            );
        });
        egui_macroquad::draw();
        if cue.serial != acknowledged {
            acknowledged = cue.serial;
            replies.push(Reply::Shown(cue.serial));
        }
        let mut out = std::io::stdout().lock();
        for reply in replies {
            let line = serde_json::to_string(&reply).unwrap_or_default();
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                std::process::exit(0);
            }
        }
        drop(out);
        macroquad::prelude::next_frame().await;
    }
}
