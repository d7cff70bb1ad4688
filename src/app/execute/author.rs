//! Carrying out an [`Authoring`] command (the Edit panel's): the change is made to a copy of the scene, the copy
//! is checked as the loader checks a file, and only a valid copy becomes the scene (one undo
//! step); an invalid one is refused, the error shown in the banner and in the panel.

use super::super::camera::Camera;
use super::super::command::{After, Authoring};
use super::super::document::Document;
use super::super::session::Session;
use super::super::state::Dialogs;
use crate::scene::tour::Stop;
use crate::scene::{Ask, AskKind, Mode, Scene, View};

/// Carries out `op` on the document; `session` and `cam` are what is shown (the mode, step and
/// camera *Add stop here* records). Returns what the app is to do next.
pub fn author(
    op: Authoring,
    doc: &mut Document,
    session: &Session,
    cam: &Camera,
    dialogs: &mut Dialogs,
    now: f64,
) -> Vec<After> {
    let mut scene = doc.scene().clone();
    let shown = Shown {
        mode: session.mode,
        step: session.step,
        view: View {
            center: cam.center,
            zoom: cam.zoom,
        },
    };
    let checked = change(&mut scene, op, &shown).and_then(|()| {
        scene
            .validate()
            .map(|_| ())
            .map_err(|e| format!("not changed: {e}"))
    });
    match checked {
        Err(why) => {
            dialogs.edit_error = Some(why.clone());
            dialogs.show_error(why, now);
            Vec::new()
        }
        Ok(()) => {
            dialogs.edit_error = None;
            if scene == *doc.scene() {
                return Vec::new();
            }
            doc.edit(|s| *s = scene);
            vec![After::Changed]
        }
    }
}

/// What is on screen, for a stop recorded here.
struct Shown {
    mode: Mode,
    step: usize,
    view: View,
}

/// Makes the change on `scene`; an index past the end is an error.
fn change(scene: &mut Scene, op: Authoring, shown: &Shown) -> Result<(), String> {
    let (questions, stops) = (scene.questions.len(), scene.tour.len());
    let no_question = |i: usize| format!("there is no question {}", i + 1);
    let no_stop = |i: usize| format!("there is no stop {}", i + 1);
    match op {
        Authoring::Title(t) => scene.title = t,
        Authoring::Notes(t) => scene.notes = t,
        Authoring::Presenter(t) => scene.presenter = t,
        Authoring::AddQuestion(kind) => {
            let gjk = kind == AskKind::GjkClosestFeature && shown.mode == Mode::Gjk;
            scene.questions.push(Ask {
                kind,
                step: gjk.then_some(shown.step),
                prompt: None,
            });
        }
        Authoring::DeleteQuestion(i) if i < questions => {
            scene.questions.remove(i);
        }
        Authoring::Prompt(i, words) if i < questions => {
            let words = words.trim();
            scene.questions[i].prompt = (!words.is_empty()).then(|| words.to_string());
        }
        Authoring::DeleteQuestion(i) | Authoring::Prompt(i, _) => return Err(no_question(i)),
        Authoring::AddStopHere(caption) => scene.tour.push(Stop {
            mode: Some(shown.mode),
            step: Some(shown.step),
            view: Some(shown.view),
            pose_a: Some(scene.a.pose()),
            pose_b: Some(scene.b.pose()),
            ..Stop::caption(caption.trim())
        }),
        Authoring::Caption(i, caption) if i < stops => {
            scene.tour[i].caption = caption.trim().to_string();
        }
        Authoring::StopUp(i) if i < stops => scene.tour.swap(i, i.saturating_sub(1)),
        Authoring::StopDown(i) if i < stops => scene.tour.swap(i, (i + 1).min(stops - 1)),
        Authoring::DeleteStop(i) if i < stops => {
            scene.tour.remove(i);
        }
        Authoring::StopWait(i, wait) if i < stops => scene.tour[i].wait = wait,
        Authoring::StopAsk(i, kind) if i < stops => {
            let stop = &mut scene.tour[i];
            // The GJK question asks about the stop's own GJK step.
            let gjk = kind == Some(AskKind::GjkClosestFeature) && stop.mode == Some(Mode::Gjk);
            let step = stop.step.filter(|_| gjk);
            stop.ask = kind.map(|kind| Ask {
                kind,
                step,
                prompt: None,
            });
        }
        Authoring::StopPlay(i, play) if i < stops => scene.tour[i].play = play,
        Authoring::Caption(i, _)
        | Authoring::StopUp(i)
        | Authoring::StopDown(i)
        | Authoring::DeleteStop(i)
        | Authoring::StopWait(i, _)
        | Authoring::StopAsk(i, _)
        | Authoring::StopPlay(i, _) => return Err(no_stop(i)),
    }
    Ok(())
}
