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

use super::App;
use super::command::{Command, StepTo};
use super::draw::colors;
use super::modes::ModeKind;
use super::pair::Traced;
use crate::scene::{Ask, AskKind};
use egui::RichText;
use std::collections::BTreeMap;

mod answers;
mod canvas;

pub use answers::{
    Choice, choices, is_right, mode_for, pick_words, prompt, reveal_step, reveal_text,
};
use answers::{candidates, gjk_step};
pub use canvas::{Spot, Target, hit, targets};

pub use super::command::Pick;

/// The quiz's state: which question, the answer given, and the lecture's score.
#[derive(Clone, Debug, Default)]
pub struct Quiz {
    /// Quiz mode is on (Q).
    pub on: bool,
    /// The current question, an index into the scene's questions.
    pub question: usize,
    /// The answer given to it (the answer is then revealed); `None` while asking.
    pub given: Option<Pick>,
    /// Clipped points marked as surviving, before the answer is given.
    pub draft: Vec<bool>,
    /// The first answer to each question of the lecture, right or not, by scene name and
    /// question index.
    scores: BTreeMap<(String, usize), bool>,
    /// The lecture the scores belong to (its scene names): another lecture starts afresh.
    lecture: Vec<String>,
    /// Where the last frame drew each target (its label, window pixels), for `--print-state`:
    /// read from the cameras that frame drew with, not from the cameras framing has moved
    /// since (which put the printed targets a layout behind, ~10 px).
    pub drawn: std::cell::RefCell<Vec<(String, [f32; 2])>>,
}

impl Quiz {
    /// How many questions were answered right, and how many were answered.
    pub fn score(&self) -> (usize, usize) {
        let right = self.scores.values().filter(|r| **r).count();
        (right, self.scores.len())
    }
}

impl App {
    /// The question being asked or revealed, when the quiz is on and the scene asks one.
    pub fn quiz_ask(&self) -> Option<&Ask> {
        if !self.quiz.on {
            return None;
        }
        self.doc.scene().questions.get(self.quiz.question)
    }

    /// True while a question waits for its answer: the answer's drawing is hidden.
    pub fn quiz_hides(&self) -> bool {
        self.quiz_ask().is_some() && self.quiz.given.is_none()
    }

    /// How many questions the whole lecture asks.
    pub fn quiz_total(&self) -> usize {
        self.session
            .lecture
            .scenes
            .iter()
            .filter_map(|s| s.scene.as_ref().ok())
            .map(|l| l.scene.questions.len())
            .sum()
    }

    /// Q: quiz mode on or off.
    pub(crate) fn toggle_quiz(&mut self, now: f64) {
        self.quiz.on = !self.quiz.on;
        if !self.quiz.on {
            return;
        }
        if self.doc.scene().questions.is_empty() {
            self.show_info(
                "quiz on — this scene asks nothing: Enter goes to the next scene that asks",
                now,
            );
        }
        self.quiz.question = 0;
        self.show_question();
    }

    /// A new scene opened: its first question (and a new lecture starts a new score).
    pub(crate) fn quiz_enter_scene(&mut self) {
        let names: Vec<String> = self
            .session
            .lecture
            .scenes
            .iter()
            .map(|s| s.name.clone())
            .collect();
        if names != self.quiz.lecture {
            self.quiz.lecture = names;
            self.quiz.scores.clear();
        }
        self.quiz.question = 0;
        if self.quiz.on {
            self.show_question();
        } else {
            self.quiz.given = None;
        }
    }

    /// The survivors marked so far, one mark per clipped point of the pair as it is now (an
    /// edit, an undo or a restore may change how many there are).
    pub(crate) fn quiz_fit_draft(&mut self) {
        let n = candidates(&self.session.pair).len();
        if self.quiz.draft.len() != n {
            self.quiz.draft.resize(n, false);
        }
    }

    /// Opens the current question: nothing given yet, its mode shown.
    fn show_question(&mut self) {
        self.quiz.given = None;
        let Some(ask) = self.quiz_ask().cloned() else {
            return;
        };
        self.quiz.draft = vec![false; candidates(&self.session.pair).len()];
        self.set_mode(mode_for(ask.kind));
        if ask.kind == AskKind::GjkClosestFeature {
            let k = gjk_step(&ask, &self.session.pair);
            self.apply(Command::Step(StepTo::At(k)), 0.0);
        }
    }

    /// The student's answer: judged, scored (the first answer to each question counts), and
    /// the answer revealed at the step that shows it.
    pub(crate) fn quiz_answer(&mut self, pick: Pick) {
        let Some(ask) = self.quiz_ask().cloned() else {
            return;
        };
        if self.quiz.given.is_some() {
            return;
        }
        let right = is_right(&pick, &ask, &self.session.pair);
        let key = (self.session.scene_name().to_string(), self.quiz.question);
        self.quiz.scores.entry(key).or_insert(right);
        self.quiz.given = Some(pick);
        let to = reveal_step(&ask, &self.session.pair);
        self.apply(Command::Step(to), 0.0);
    }

    /// Marks clipped point `k` as surviving or not (before the answer is given).
    pub(crate) fn quiz_toggle(&mut self, k: usize) {
        if self.quiz.given.is_none()
            && let Some(v) = self.quiz.draft.get_mut(k)
        {
            *v = !*v;
        }
    }

    /// Enter: gives the marked survivors as the answer; after an answer, the next question —
    /// the scene's next, or the first of the next scene that asks.
    pub(crate) fn quiz_next(&mut self, now: f64) {
        if !self.quiz.on {
            return;
        }
        if let Some(ask) = self.quiz_ask()
            && self.quiz.given.is_none()
        {
            if ask.kind == AskKind::ClipSurvivors {
                self.quiz_answer(Pick::Survivors(self.quiz.draft.clone()));
            }
            return;
        }
        if self.quiz.question + 1 < self.doc.scene().questions.len() {
            self.quiz.question += 1;
            self.show_question();
            return;
        }
        let next = self
            .session
            .lecture
            .scenes
            .iter()
            .enumerate()
            .skip(self.session.index + 1)
            .find(|(_, s)| {
                s.scene
                    .as_ref()
                    .is_ok_and(|l| !l.scene.questions.is_empty())
            })
            .map(|(i, _)| i);
        match next {
            Some(i) => self.go_to(i, now, false),
            None => {
                let (right, answered) = self.quiz.score();
                self.show_info(
                    format!("the end of the quiz: {right} of {answered} answered right"),
                    now,
                );
            }
        }
    }

    /// The quiz for `--print-state`.
    pub fn quiz_json(&self) -> serde_json::Value {
        let (right, answered) = self.quiz.score();
        let pair = &self.session.pair;
        let ask = self.quiz_ask();
        let targets: Vec<serde_json::Value> = ask
            .map(|a| targets(a, pair))
            .unwrap_or_default()
            .iter()
            .map(|t| {
                let minkowski = self.modes.get(ModeKind::Gjk).second_view();
                let cam = if let (true, Some(m)) = (t.minkowski, minkowski) {
                    m
                } else {
                    &self.view.cam
                };
                let at = t.spot.anchor();
                let drawn = self.quiz.drawn.borrow();
                let s = drawn
                    .iter()
                    .find(|(label, _)| *label == t.label)
                    .map_or_else(|| cam.to_screen(at), |(_, s)| glam::Vec2::new(s[0], s[1]));
                serde_json::json!({ "label": t.label, "at": [s.x, s.y] })
            })
            .collect();
        serde_json::json!({
            "on": self.quiz.on,
            "question": ask.map(|_| self.quiz.question),
            "kind": ask.map(|a| serde_json::to_value(a.kind).unwrap_or_default()),
            "revealed": self.quiz.given.is_some(),
            "right": self.quiz.given.as_ref().zip(ask).map(|(p, a)| is_right(p, a, pair)),
            "score": { "right": right, "answered": answered, "questions": self.quiz_total() },
            "targets": targets,
        })
    }
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
    ui.horizontal(|ui| {
        ui.label(RichText::new("Quiz").strong().color(colors::accent()));
        ui.label(format!(
            "score {right} of {answered} answered · {total} in the lecture"
        ));
    });
    let Some(ask) = ask else {
        ui.label("This scene asks nothing. Enter: the next scene that asks. Q: quiz off.");
        if ui.button("Next question (Enter)").clicked() {
            out.push(Command::QuizNext);
        }
        ui.separator();
        return;
    };
    ui.label(format!("Question {} of {questions}", quiz.question + 1));
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
            if ui.button("Next question (Enter)").clicked() {
                out.push(Command::QuizNext);
            }
        }
    }
    ui.separator();
}
