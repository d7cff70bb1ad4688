//! Quiz mode (Q): predict, then reveal.
//!
//! A scene's questions ([`Ask`]) are asked one at a time:
//! 1. While a question is open the answer's drawing is hidden — the mode's picture, the normal
//!    and contact points, the status bar's numbers, the notes and the step text — and the canvas
//!    shows only what the question is about, its choices drawn as targets (a face, a simplex
//!    vertex or edge, a clipped point); the panel offers the same choices as buttons.
//! 2. The student answers (a button, or a click on a target); the answer is judged against the
//!    library's ([`answer`](crate::scene::questions::answer), read from the same traces the modes draw).
//! 3. The answer is revealed with why, and the mode's picture comes back at the step that
//!    shows it. The first answer to each question counts towards the lecture's score.
//! 4. Next question (Enter): the scene's next one, or the next scene of the lecture that asks.

use super::command::Command;
use super::draw::colors;
use super::pair::Traced;
use crate::scene::{Ask, AskKind, Lecture};
use egui::RichText;

mod answers;
mod canvas;
mod state;

pub use answers::{
    Choice, choices, is_right, mode_for, pick_words, prompt, reveal_step, reveal_text,
};
pub use canvas::{Spot, Target, click, draw, hit, state_json, targets};
pub use state::{Answered, Quiz};

pub use super::command::Pick;

/// How many questions the whole `lecture` asks.
pub fn total_questions(lecture: &Lecture) -> usize {
    lecture
        .scenes
        .iter()
        .filter_map(|s| s.scene.as_ref().ok())
        .map(|l| l.scene.questions.len())
        .sum()
}

/// The scene after `index` in `lecture` that asks a question, if any.
pub fn next_asking_scene(lecture: &Lecture, index: usize) -> Option<usize> {
    lecture
        .scenes
        .iter()
        .enumerate()
        .skip(index + 1)
        .find(|(_, s)| {
            s.scene
                .as_ref()
                .is_ok_and(|l| !l.scene.questions.is_empty())
        })
        .map(|(i, _)| i)
}

/// The quiz's part of the right panel: the question `ask` (of the scene's `questions`), its
/// choices for `pair` or the answer given and why, and the score (over the lecture's
/// `total` questions). What the student picks comes back as commands on `out`.
pub(crate) fn panel(
    ui: &mut egui::Ui,
    quiz: &Quiz,
    ask: Option<&Ask>,
    questions: usize,
    total: usize,
    pair: &Traced,
    out: &mut Vec<Command>,
) {
    let (right, answered) = quiz.score();
    // A tour stop's question: a prediction on the way, not a quiz question (not scored).
    let touring = quiz.tour_ask.is_some();
    ui.horizontal(|ui| {
        if touring {
            ui.label(RichText::new("Predict").strong().color(colors::accent()));
            ui.label("then see the answer");
        } else {
            ui.label(RichText::new("Quiz").strong().color(colors::accent()));
            ui.label(format!(
                "score {right} of {answered} answered · {total} in the lecture"
            ));
        }
    });
    let Some(ask) = ask else {
        ui.label("This scene asks nothing. Enter: the next scene that asks. Q: quiz off.");
        if ui.button("Next question (Enter)").clicked() {
            out.push(Command::QuizNext);
        }
        ui.separator();
        return;
    };
    if !touring {
        ui.label(format!("Question {} of {questions}", quiz.question + 1));
    }
    ui.label(RichText::new(prompt(ask)).size(16.0).strong());
    match &quiz.given {
        None => {
            ui.horizontal_wrapped(|ui| {
                for c in choices(ask, pair) {
                    if ui.button(&c.text).clicked() {
                        out.push(Command::QuizAnswer(c.pick));
                    }
                }
            });
            if ask.kind == AskKind::ClipSurvivors {
                ui.horizontal_wrapped(|ui| {
                    for (k, on) in quiz.draft.iter().enumerate() {
                        let mut on = *on;
                        if ui.checkbox(&mut on, format!("p{k} survives")).changed() {
                            out.push(Command::QuizToggle(k));
                        }
                    }
                });
                if ui.button("Give this answer (Enter)").clicked() {
                    out.push(Command::QuizNext);
                }
            }
            if !targets(ask, pair).is_empty() {
                ui.label(
                    RichText::new("…or click your answer on the canvas.")
                        .small()
                        .color(colors::dim()),
                );
            }
        }
        Some(pick) => {
            let ok = is_right(pick, ask, pair);
            let (verdict, color) = if ok {
                ("Right.", colors::good())
            } else {
                ("Not this time.", colors::bad())
            };
            ui.label(RichText::new(verdict).strong().color(color));
            ui.label(format!("You said: {}.", pick_words(pick, pair)));
            let (answer, why) = reveal_text(ask, pair);
            ui.label(RichText::new(format!("Answer: {answer}")).strong());
            ui.label(why);
            let next = if touring {
                "Next stop (Enter)"
            } else {
                "Next question (Enter)"
            };
            if ui.button(next).clicked() {
                out.push(Command::QuizNext);
            }
        }
    }
    ui.separator();
}
