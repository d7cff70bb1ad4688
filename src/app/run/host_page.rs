//! A figure's side of its host page's voice ([`super::host`]), each frame: the page's
//! commands carried out (stage 1), and the events its changes call for sent (stage 4).

use super::super::App;
use super::host::{self, Figure, Seen, Voice};

/// Stage 1: the host page's messages since the last frame, each carried out through the app's
/// commands before the next is read (a `play` after a `pause` sees it paused); a refused one
/// is a warning on the page's console. Only a figure (`&embed=1`) listens.
pub fn listen(app: &mut App, now: f64) {
    if !app.shell.embed {
        return;
    }
    let Some(locks) = app.shell.locks.clone() else {
        return;
    };
    for text in super::super::web::host_messages() {
        let scene = app.doc.scene();
        let figure = Figure {
            poses: [&scene.a, &scene.b].map(crate::scene::Body::pose),
            playing: app
                .modes
                .get_mut(app.session.mode)
                .player()
                .map(|p| p.playing()),
        };
        match host::receive(&text, &locks, &figure) {
            Ok(commands) => app.apply_all(&commands, now),
            Err(e) => super::super::web::warn(&e),
        }
    }
}

/// Stage 4: the events this frame's changes call for, sent to the page; true while a change
/// waits for its gap to pass (the figure is then not still).
pub fn speak(app: &App, voice: &mut Voice, now: f64) -> bool {
    let Some(locks) = app.shell.locks.as_ref().filter(|_| app.shell.embed) else {
        return false;
    };
    let scene = app.doc.scene();
    let seen = Seen {
        mode: app.session.mode,
        step: app.session.step,
        poses: [&scene.a, &scene.b].map(crate::scene::Body::pose),
        answered: app.quiz.answered.as_ref(),
        stop: app.session.tour.stop.map(|k| (k, app.session.tour.of)),
    };
    for event in voice.observe(&seen, now) {
        host::post(&event, &locks.host);
    }
    voice.waiting()
}
