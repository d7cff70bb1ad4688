//! The host page's voice: a course page that embeds a figure (`&embed=1`, in an iframe) speaks
//! with it through `window.postMessage` (DESIGN.md, "Browser"; the README has the fields).
//!
//! Commands, from the page to the figure: `{"narrowphase": "mode", "mode": "gjk"}` (the names
//! links use), `"step"` (`"step": K`), `"stop"` (`"stop": K`, a tour's stop), `"pose"`
//! (`"body": "a" | "b"`, `"position": [x, y]`, `"angle_deg": a`, world units; either of the
//! last two may be left out), `"play"`, `"pause"` and `"reset"`. Each becomes the app's own
//! [`Command`]s, carried out as a key's, a button's or a drag's would be (a pose is one undo
//! step), under the figure's locks (a locked body's pose, a mode not offered, are refused).
//! A message that is not understood is refused with a reason for the page's console.
//!
//! Events, from the figure to its page: `"step"` (`"mode"`, `"step"`: the mode or step changed,
//! and once when the figure is ready), `"pose"` (`"body"`, `"position"`, `"angle_deg"`: a body
//! moved), `"answer"` (a quiz question answered) and `"stop"` (a tour's stop reached,
//! [`stop_event`]). A step or pose event is sent at most every [`EVENT_GAP`] seconds per
//! channel, the last value always ([`Voice`]).
//!
//! Who may speak with a figure is the link's `&host=` ([`HostOrigin`]): by default only pages
//! of its own origin. Plain functions and data, tested without a window; the page's side is
//! [`crate::app::web::host_messages`] and [`crate::app::web::post_to_host`].

use crate::app::command::{Command, Pick, Pose, StepTo};
use crate::app::locks::{HostOrigin, Locks};
use crate::app::quiz::Answered;
use crate::geom::limits::{MAX_ANGLE_DEG, MAX_COORDINATE};
use crate::scene::Mode as ModeKind;
use crate::scene::questions::Which;
use glam::Vec2;
use serde_json::{Value, json};

/// The longest message text read (the page drops longer ones before they reach the app): far
/// more than any command, and a hostile page's megabytes are not parsed.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The least time between two step events, or two pose events of one body (seconds): a drag
/// or a playing simulation changes them every frame, and a host page needs a few a second.
pub const EVENT_GAP: f64 = 0.2;

/// A host page's command, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub enum HostCommand {
    /// Show this mode.
    Mode(ModeKind),
    /// Go to this step (clamped to the last).
    Step(usize),
    /// Go to this stop of the scene's tour.
    Stop(usize),
    /// Put a body here (a missing field keeps the body's own).
    Pose {
        /// Which body.
        body: Which,
        /// Where its local origin goes (world units).
        position: Option<Vec2>,
        /// Its angle (degrees, counter-clockwise).
        angle_deg: Option<f32>,
    },
    /// Play (Simulate).
    Play,
    /// Pause.
    Pause,
    /// Back to the scene, mode and step as the figure opened.
    Reset,
}

/// What a figure is doing, for the commands that depend on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    /// A's and B's poses.
    pub poses: [Pose; 2],
    /// Whether the mode shown plays (None: it is not a mode that plays).
    pub playing: Option<bool>,
}

/// The command names, as a message says them.
const NAMES: &str = "mode, step, stop, pose, play, pause or reset";

/// Reads one message the page passed on (`{"origin": …, "own": …, "data": …}`, written by
/// `web/narrowphase.js`) into the app's commands, under `locks`. Empty for a message that is
/// not ours (its data has no `narrowphase` field); an error says why one of ours is refused
/// (its origin, its command, a field).
pub fn receive(text: &str, locks: &Locks, figure: &Figure) -> Result<Vec<Command>, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "a message of {} bytes was ignored (at most {MAX_MESSAGE_BYTES})",
            text.len()
        ));
    }
    let envelope: Value =
        serde_json::from_str(text).map_err(|e| format!("a message was not JSON: {e}"))?;
    let mut data = envelope["data"].clone();
    // A page may send the command as JSON text.
    if let Some(t) = data.as_str() {
        match serde_json::from_str::<Value>(t) {
            Ok(v) => data = v,
            Err(_) => return Ok(Vec::new()),
        }
    }
    if data.get("narrowphase").is_none() {
        return Ok(Vec::new());
    }
    let origin = envelope["origin"].as_str().unwrap_or("");
    let own = envelope["own"].as_bool().unwrap_or(false);
    if !locks.host.accepts(origin, own) {
        let rule = match &locks.host {
            HostOrigin::Own => "its own origin".to_string(),
            HostOrigin::Any => "any origin".to_string(),
            HostOrigin::Only(o) => o.clone(),
        };
        return Err(format!(
            "a message from {} was ignored: this figure takes messages from {rule} only \
             (the link's &host= sets who may speak with it)",
            crate::app::link::shown(origin)
        ));
    }
    match parse(&data)? {
        Some(c) => commands(c, locks, figure),
        None => Ok(Vec::new()),
    }
}

/// Reads a message's data: None when it is not ours (no `narrowphase` field), else the
/// command, or an error naming the field and the value that are not understood.
pub fn parse(data: &Value) -> Result<Option<HostCommand>, String> {
    let Some(name) = data.get("narrowphase") else {
        return Ok(None);
    };
    let Some(name) = name.as_str() else {
        return Err(format!(
            "\"narrowphase\": {} is not a command name ({NAMES})",
            value_shown(name)
        ));
    };
    let command = match name {
        "mode" => {
            let mode = data.get("mode").and_then(Value::as_str);
            HostCommand::Mode(mode.and_then(ModeKind::from_name).ok_or_else(|| {
                format!(
                    "mode: \"mode\": {} is not sat, gjk, manifold or simulate",
                    field_shown(data, "mode")
                )
            })?)
        }
        "step" => HostCommand::Step(count(data, "step")?),
        "stop" => HostCommand::Stop(count(data, "stop")?),
        "pose" => {
            let body = match data.get("body").and_then(Value::as_str) {
                Some("a" | "A") => Which::A,
                Some("b" | "B") => Which::B,
                _ => {
                    return Err(format!(
                        "pose: \"body\": {} is not \"a\" or \"b\"",
                        field_shown(data, "body")
                    ));
                }
            };
            let position = match data.get("position") {
                None => None,
                Some(p) => {
                    let xy = p.as_array().filter(|a| a.len() == 2).and_then(|a| {
                        Some(Vec2::new(
                            within(&a[0], MAX_COORDINATE)?,
                            within(&a[1], MAX_COORDINATE)?,
                        ))
                    });
                    Some(xy.ok_or_else(|| {
                        format!(
                            "pose: \"position\": {} is not [x, y], two numbers of at most \
                             {MAX_COORDINATE:e} in size",
                            value_shown(p)
                        )
                    })?)
                }
            };
            let angle_deg = match data.get("angle_deg") {
                None => None,
                Some(a) => Some(within(a, MAX_ANGLE_DEG).ok_or_else(|| {
                    format!(
                        "pose: \"angle_deg\": {} is not a number of degrees of at most \
                         {MAX_ANGLE_DEG:e} in size",
                        value_shown(a)
                    )
                })?),
            };
            if position.is_none() && angle_deg.is_none() {
                return Err("pose: neither \"position\" nor \"angle_deg\" is given".to_string());
            }
            HostCommand::Pose {
                body,
                position,
                angle_deg,
            }
        }
        "play" => HostCommand::Play,
        "pause" => HostCommand::Pause,
        "reset" => HostCommand::Reset,
        other => {
            return Err(format!(
                "\"narrowphase\": \"{}\" is not a command ({NAMES})",
                crate::app::link::shown(other)
            ));
        }
    };
    Ok(Some(command))
}

/// The app's commands that carry out `command` on `figure`, under `locks`; an error says why
/// the locks refuse it.
pub fn commands(
    command: HostCommand,
    locks: &Locks,
    figure: &Figure,
) -> Result<Vec<Command>, String> {
    Ok(match command {
        HostCommand::Mode(m) if !locks.offers(m) => {
            return Err(format!(
                "mode: {} is not among the modes this figure offers (the link's &modes=)",
                m.name()
            ));
        }
        HostCommand::Mode(m) => vec![Command::SetMode(m)],
        HostCommand::Step(k) => vec![Command::Step(StepTo::At(k))],
        HostCommand::Stop(k) => vec![Command::Tour(crate::app::command::TourTo::At(k))],
        HostCommand::Pose {
            body,
            position,
            angle_deg,
        } => {
            let now = figure.poses[body.index()];
            let pose = Command::SetPose(
                body,
                Pose {
                    position: position.unwrap_or(now.position),
                    angle_deg: angle_deg.unwrap_or(now.angle_deg),
                },
            );
            if !locks.allows_gesture(&pose) {
                return Err(format!(
                    "pose: body {} is locked (the link's &lock=)",
                    body_name(body)
                ));
            }
            // One undoable change, as a drag is.
            vec![Command::BeginGesture, pose, Command::EndGesture]
        }
        HostCommand::Play | HostCommand::Pause => {
            let want = command == HostCommand::Play;
            match figure.playing {
                None => {
                    return Err(format!(
                        "{}: the mode shown does not play (simulate does)",
                        if want { "play" } else { "pause" }
                    ));
                }
                Some(playing) if playing != want => vec![Command::PlayPause],
                Some(_) => Vec::new(),
            }
        }
        HostCommand::Reset => vec![Command::Reset],
    })
}

/// A whole number of 0 or more in `data[field]`.
fn count(data: &Value, field: &str) -> Result<usize, String> {
    data.get(field)
        .and_then(Value::as_u64)
        .and_then(|k| usize::try_from(k).ok())
        .ok_or_else(|| {
            format!(
                "{field}: \"{field}\": {} is not a whole number of 0 or more",
                field_shown(data, field)
            )
        })
}

/// A finite number of at most `limit` in size, as f32.
fn within(v: &Value, limit: f32) -> Option<f32> {
    v.as_f64()
        .filter(|x| x.is_finite() && x.abs() <= f64::from(limit))
        .map(|x| x as f32)
}

/// `data[field]` as a message shows it (cut short), or "missing".
fn field_shown(data: &Value, field: &str) -> String {
    data.get(field)
        .map_or_else(|| "missing".to_string(), value_shown)
}

fn value_shown(v: &Value) -> String {
    crate::app::link::shown(&v.to_string())
}

fn body_name(b: Which) -> &'static str {
    match b {
        Which::A => "a",
        Which::B => "b",
    }
}

/// What a figure shows, as its events tell it.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    /// The mode shown.
    pub mode: ModeKind,
    /// Its step.
    pub step: usize,
    /// A's and B's poses in the scene.
    pub poses: [Pose; 2],
    /// The last quiz answer given.
    pub answered: Option<&'a Answered>,
    /// The tour's stop shown and how many there are (None: no tour).
    pub stop: Option<(usize, usize)>,
}

/// A figure's events to its page, as they change ([`Voice::observe`]); the last of each is
/// remembered, so each change is told once and a burst at most every [`EVENT_GAP`] seconds.
#[derive(Clone, Debug, Default)]
pub struct Voice {
    /// The mode and step last told, and when.
    step: Option<(ModeKind, usize)>,
    step_at: f64,
    /// Each body's pose last told (or seen first), and when.
    poses: [Option<Pose>; 2],
    poses_at: [f64; 2],
    /// The serial number of the last answer told.
    answer: u64,
    /// The tour's stop last told.
    stop: Option<(usize, usize)>,
    /// Something changed that is not told yet (its gap has not passed).
    waiting: bool,
}

impl Voice {
    /// The events `seen` at the clock `now` (seconds) calls for: a step event when the mode or
    /// step differs from the last told (the first time too: the figure is ready), a pose event
    /// per body that moved, an answer event per new answer; a step or pose event waits until
    /// [`EVENT_GAP`] has passed since the last of its kind ([`Voice::waiting`]).
    pub fn observe(&mut self, seen: &Seen<'_>, now: f64) -> Vec<String> {
        let mut out = Vec::new();
        self.waiting = false;
        let due = |at: f64| now - at >= EVENT_GAP || now < at;
        let step = (seen.mode, seen.step);
        if self.step != Some(step) {
            if self.step.is_none() || due(self.step_at) {
                self.step = Some(step);
                self.step_at = now;
                out.push(step_event(seen.mode, seen.step));
            } else {
                self.waiting = true;
            }
        }
        for (i, body) in [Which::A, Which::B].into_iter().enumerate() {
            let pose = seen.poses[i];
            match self.poses[i] {
                // The pose the figure opened with is not news.
                None => self.poses[i] = Some(pose),
                Some(told) if told == pose => {}
                Some(_) if due(self.poses_at[i]) => {
                    self.poses[i] = Some(pose);
                    self.poses_at[i] = now;
                    out.push(pose_event(body, pose));
                }
                Some(_) => self.waiting = true,
            }
        }
        // Each stop reached is told at once (a stop is a step of the lecture, not a drag).
        if seen.stop != self.stop {
            self.stop = seen.stop;
            if let Some((k, of)) = seen.stop {
                out.push(stop_event(k, of));
            }
        }
        if let Some(a) = seen.answered
            && a.serial > self.answer
        {
            self.answer = a.serial;
            out.push(answer_event(a));
        }
        out
    }

    /// Whether a change waits to be told: the figure needs another frame after [`EVENT_GAP`]
    /// even if nothing else moves.
    pub fn waiting(&self) -> bool {
        self.waiting
    }
}

/// `x` with the digits an f32 has (0.3, not 0.30000001192092896).
fn short(x: f32) -> f64 {
    x.to_string().parse().unwrap_or(0.0)
}

/// `{"narrowphase": "step", "mode": …, "step": K}`.
pub fn step_event(mode: ModeKind, step: usize) -> String {
    json!({"narrowphase": "step", "mode": mode.name(), "step": step}).to_string()
}

/// `{"narrowphase": "pose", "body": "a" | "b", "position": [x, y], "angle_deg": a}`.
pub fn pose_event(body: Which, pose: Pose) -> String {
    json!({
        "narrowphase": "pose",
        "body": body_name(body),
        "position": [short(pose.position.x), short(pose.position.y)],
        "angle_deg": short(pose.angle_deg),
    })
    .to_string()
}

/// `{"narrowphase": "answer", "scene": …, "question": i, "kind": …, "answer": …, "right": …}`:
/// the question (the scene's name, its index among the scene's questions, its kind as the
/// scene file writes it), the answer (see [`pick_json`]) and whether it was right.
pub fn answer_event(a: &Answered) -> String {
    json!({
        "narrowphase": "answer",
        "scene": a.scene,
        "question": a.question,
        "kind": serde_json::to_value(a.kind).unwrap_or(Value::Null),
        "answer": pick_json(&a.pick),
        "right": a.right,
    })
    .to_string()
}

/// An answer as JSON: overlap `true`/`false`; a count; a face `{"body": "a", "edge": i}`; an
/// axis's row; a GJK feature's vertex indices; the surviving clipped points' marks; `null`
/// for "none".
pub fn pick_json(pick: &Pick) -> Value {
    match pick {
        Pick::Yes(y) => json!(y),
        Pick::Count(n) => json!(n),
        Pick::Face(Some((b, i))) => json!({"body": body_name(*b), "edge": i}),
        Pick::Face(None) | Pick::Axis(None) => Value::Null,
        Pick::Axis(Some(i)) => json!(i),
        Pick::Feature(v) => json!(v),
        Pick::Survivors(v) => json!(v),
    }
}

/// `{"narrowphase": "stop", "stop": K, "of": N}`: stop `stop` of a tour of `of` stops was
/// reached. For the tour player to send ([`post`]) when it arrives at a stop.
pub fn stop_event(stop: usize, of: usize) -> String {
    json!({"narrowphase": "stop", "stop": stop, "of": of}).to_string()
}

/// Sends `event` to the figure's page, to the origin `host` allows (in the browser, when the
/// figure is in a frame; elsewhere nothing).
pub fn post(event: &str, host: &HostOrigin) {
    crate::app::web::post_to_host(event, host.target());
}

#[cfg(test)]
mod tests;
