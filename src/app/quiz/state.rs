//! The quiz's state: which question, the answer given, the marks drafted, the lecture's score.

use super::answers::{candidates, gjk_step, is_right, mode_for, reveal_step};
use crate::app::command::{Command, Pick, StepTo};
use crate::app::pair::Traced;
use crate::scene::{Ask, AskKind, Lecture, Scene};
use std::collections::BTreeMap;

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
    /// The lecture the scores belong to (its scene names): another lecture starts afresh, a
    /// scene opened beside it does not.
    lecture: Vec<String>,
    /// Where the last frame drew each target (its label, window pixels), for `--print-state`:
    /// read from the cameras that frame drew with, not from the cameras framing has moved
    /// since (which put the printed targets a layout behind, ~10 px).
    pub drawn: std::cell::RefCell<Vec<(String, [f32; 2])>>,
    /// The question a tour stop asks (its `ask`), asked whether or not quiz mode is on; not
    /// scored.
    pub tour_ask: Option<Ask>,
    /// The last answer given, numbered (a host page hears of each).
    pub answered: Option<Answered>,
}

/// One answer the student gave, as a host page hears of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answered {
    /// Counts the answers given since the app started (1 for the first).
    pub serial: u64,
    /// The scene's name.
    pub scene: String,
    /// The question's index among the scene's questions.
    pub question: usize,
    /// What it asked.
    pub kind: AskKind,
    /// The answer.
    pub pick: Pick,
    /// Whether it was right.
    pub right: bool,
}

impl Quiz {
    /// How many questions were answered right, and how many were answered.
    pub fn score(&self) -> (usize, usize) {
        let right = self.scores.values().filter(|r| **r).count();
        (right, self.scores.len())
    }
}

impl Quiz {
    /// The question being asked or revealed, of `scene`'s questions, when the quiz is on.
    pub fn ask<'a>(&'a self, scene: &'a Scene) -> Option<&'a Ask> {
        if let Some(ask) = &self.tour_ask {
            return Some(ask);
        }
        if !self.on {
            return None;
        }
        scene.questions.get(self.question)
    }

    /// True while a question of `scene` waits for its answer: the answer's drawing is hidden.
    pub fn hides(&self, scene: &Scene) -> bool {
        self.ask(scene).is_some() && self.given.is_none()
    }

    /// A new scene of `lecture` opened: its first question (and a new lecture starts a new
    /// score). True when a question is to be shown.
    pub fn enter_scene(&mut self, lecture: &Lecture) -> bool {
        let names: Vec<String> = lecture.scenes.iter().map(|s| s.name.clone()).collect();
        // A scene opened beside the lecture (a paste) keeps its score; a lecture without one of
        // the scored scenes is another lecture.
        if !self.lecture.iter().all(|n| names.contains(n)) {
            self.scores.clear();
        }
        self.lecture = names;
        self.question = 0;
        self.tour_ask = None;
        if !self.on {
            self.given = None;
        }
        self.on
    }

    /// The survivors marked so far, one mark per clipped point of `pair` as it is now (an
    /// edit, an undo or a restore may change how many there are).
    pub fn fit_draft(&mut self, pair: &Traced) {
        let n = candidates(pair).len();
        if self.draft.len() != n {
            self.draft.resize(n, false);
        }
    }

    /// Opens the current question of `scene`: nothing given yet, no survivor marked. Returns
    /// what shows it: its mode, and for a GJK question the step it asks about.
    pub fn show_question(&mut self, scene: &Scene, pair: &Traced) -> Vec<Command> {
        self.given = None;
        let Some(ask) = self.ask(scene).cloned() else {
            return Vec::new();
        };
        self.draft = vec![false; candidates(pair).len()];
        let mut out = vec![Command::SetMode(mode_for(ask.kind))];
        if ask.kind == AskKind::GjkClosestFeature {
            out.push(Command::Step(StepTo::At(gjk_step(&ask, pair))));
        }
        out
    }

    /// The student's answer to the question of `scene` (named `scene_name`): judged, scored
    /// (the first answer to each question counts). Returns the step that reveals it.
    pub fn answer(
        &mut self,
        pick: Pick,
        scene: &Scene,
        scene_name: &str,
        pair: &Traced,
    ) -> Option<Command> {
        let ask = self.ask(scene)?.clone();
        if self.given.is_some() {
            return None;
        }
        let right = is_right(&pick, &ask, pair);
        if self.tour_ask.is_none() {
            let key = (scene_name.to_string(), self.question);
            self.scores.entry(key).or_insert(right);
        }
        self.answered = Some(Answered {
            serial: self.answered.as_ref().map_or(1, |a| a.serial + 1),
            scene: scene_name.to_string(),
            question: self.question,
            kind: ask.kind,
            pick: pick.clone(),
            right,
        });
        self.given = Some(pick);
        Some(Command::Step(reveal_step(&ask, pair)))
    }

    /// Marks clipped point `k` as surviving or not (before the answer is given).
    pub fn toggle(&mut self, k: usize) {
        if self.given.is_none()
            && let Some(v) = self.draft.get_mut(k)
        {
            *v = !*v;
        }
    }
}
