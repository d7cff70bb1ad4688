//! The mode and step shown ([`Owner::Play`](super::Owner::Play)): a step, Space, a mode switch.

use crate::app::command::{After, Command, StepTo};
use crate::app::modes::Modes;
use crate::app::session::Session;
use crate::app::views::Views;

/// Where `to` goes in a trace of `count` steps from `step`.
pub fn step_to(to: StepTo, step: usize, count: usize) -> usize {
    let last = count.saturating_sub(1);
    match to {
        StepTo::First => 0,
        StepTo::Previous => step.saturating_sub(1),
        StepTo::Next => (step + 1).min(last),
        StepTo::Last => last,
        StepTo::At(k) => k.min(last),
    }
}

/// Carries out a command of the mode and step ([`Owner::Play`](super::Owner::Play)): a step, Space (a playing mode
/// plays or pauses, any other steps on); a mode switch is the app's ([`After::Mode`]).
pub fn play(
    command: Command,
    modes: &mut Modes,
    session: &mut Session,
    view: &mut Views,
) -> Vec<After> {
    let to = match command {
        Command::SetMode(m) => return vec![After::Mode(m)],
        Command::Step(to) => to,
        Command::PlayPause => match modes.get_mut(session.mode).player() {
            Some(player) => {
                player.toggle(&mut session.step);
                return Vec::new();
            }
            None => StepTo::Next,
        },
        _ => return Vec::new(),
    };
    let count = modes.get(session.mode).step_count(&session.pair);
    session.step = step_to(to, session.step, count);
    view.keep_in_view();
    Vec::new()
}
