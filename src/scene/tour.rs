//! A lecturer's tour through a scene (DESIGN.md, "Scene file", `tour`): a list of stops, each a
//! caption and whatever it names of the mode, step, camera and poses, plus an optional
//! prediction (`ask`) or a thing the student must do before going on (`wait`).
//!
//! ```ron
//! tour: [
//!     Stop(caption: "Two boxes, apart.", mode: Sat),
//!     Stop(caption: "Drag B onto A.", wait: Drag(B)),
//!     Stop(caption: "How many points?", mode: Manifold, ask: Ask(kind: ContactCount)),
//!     Stop(caption: "Click the left point.", wait: Click(Point(0))),
//! ]
//! ```
//!
//! Every field but `caption` is optional; a stop sets exactly what it names and leaves the rest.

use super::checks::{check_angle, check_point, check_seconds, check_view};
use super::error::{SceneError, SceneErrorKind};
use super::questions::Which;
use super::types::{Ask, Mode, View, plain_de, plain_ser, vec2_tuple};
use crate::geom::limits::MAX_COORDINATE;
use glam::Vec2;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most stops a tour may have (a lecture's scene has a handful).
pub const MAX_STOPS: usize = 200;

/// The longest caption, in characters (a caption is one or two lines; details go in `notes`).
pub const MAX_CAPTION_CHARS: usize = 600;

/// One stop of a tour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stop {
    /// What the canvas's caption bar says at this stop.
    pub caption: String,
    /// The mode to show (optional: the mode stays).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub mode: Option<Mode>,
    /// The step to show (optional: the step stays; the app clamps it).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub step: Option<usize>,
    /// The camera (optional: the camera stays).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub view: Option<View>,
    /// Body A's pose (optional: A stays where it is).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub pose_a: Option<Pose>,
    /// Body B's pose (optional: B stays where it is).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub pose_b: Option<Pose>,
    /// Seconds to play the simulation from its start, then pause (Simulate only; optional).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub play: Option<f32>,
    /// A prediction to make before the answer shows (the quiz's question; optional).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ser",
        deserialize_with = "plain_de"
    )]
    pub ask: Option<Ask>,
    /// What the student must do before the tour goes on (optional).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "wait_ser",
        deserialize_with = "wait_de"
    )]
    pub wait: Option<Wait>,
}

impl Stop {
    /// A stop with only a caption: it changes nothing but the words.
    pub fn caption(caption: impl Into<String>) -> Stop {
        Stop {
            caption: caption.into(),
            mode: None,
            step: None,
            view: None,
            pose_a: None,
            pose_b: None,
            play: None,
            ask: None,
            wait: None,
        }
    }
}

/// A body's pose at a stop.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pose {
    /// Where the body is (world).
    #[serde(with = "vec2_tuple")]
    pub position: Vec2,
    /// Its angle, degrees counter-clockwise (optional; default 0).
    #[serde(default)]
    pub angle_deg: f32,
}

/// What the student must do before a stop lets the tour go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Drag (or turn) this body.
    Drag(Which),
    /// Click in the canvas; with a point, on that contact point (as numbered in the manifold).
    Click(Option<usize>),
    /// Press any key but the tour's own.
    Key,
}

/// How `wait` is written: `Drag(A)`, `Drag(B)`, `Click`, `Click(Point(n))` or `Key`. ron hands
/// an untagged enum its values in serde's own form, so a bare `Click` and `Click(…)` can both
/// be read (a plain enum must choose one of the two).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum WaitText {
    Bare(BareWait),
    With(WaitWith),
}

#[derive(Serialize, Deserialize)]
enum BareWait {
    Click,
    Key,
}

#[derive(Serialize, Deserialize)]
enum WaitWith {
    Drag(WhichText),
    Click(ClickOn),
}

#[derive(Serialize, Deserialize)]
enum WhichText {
    A,
    B,
}

#[derive(Serialize, Deserialize)]
enum ClickOn {
    Point(usize),
}

const WAIT_FORMS: &str = "expected Drag(A), Drag(B), Click, Click(Point(n)) or Key";

fn wait_ser<S: Serializer>(wait: &Option<Wait>, s: S) -> Result<S::Ok, S::Error> {
    let Some(wait) = wait else {
        return s.serialize_none();
    };
    match *wait {
        Wait::Drag(which) => WaitWith::Drag(match which {
            Which::A => WhichText::A,
            Which::B => WhichText::B,
        })
        .serialize(s),
        Wait::Click(Some(n)) => WaitWith::Click(ClickOn::Point(n)).serialize(s),
        Wait::Click(None) => BareWait::Click.serialize(s),
        Wait::Key => BareWait::Key.serialize(s),
    }
}

fn wait_de<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Wait>, D::Error> {
    let text = WaitText::deserialize(d).map_err(|_| serde::de::Error::custom(WAIT_FORMS))?;
    Ok(Some(match text {
        WaitText::Bare(BareWait::Click) => Wait::Click(None),
        WaitText::Bare(BareWait::Key) => Wait::Key,
        WaitText::With(WaitWith::Drag(WhichText::A)) => Wait::Drag(Which::A),
        WaitText::With(WaitWith::Drag(WhichText::B)) => Wait::Drag(Which::B),
        WaitText::With(WaitWith::Click(ClickOn::Point(n))) => Wait::Click(Some(n)),
    }))
}

/// Checks a tour: at most [`MAX_STOPS`] stops, each caption non-empty and at most
/// [`MAX_CAPTION_CHARS`], every pose, view and play length in range. Errors name the field
/// (`tour[2].pose_b.position.x`).
pub fn check_tour(tour: &[Stop]) -> Result<(), SceneError> {
    if tour.len() > MAX_STOPS {
        let msg = format!("at most {MAX_STOPS} stops, got {}", tour.len());
        return Err(SceneError::field("tour", SceneErrorKind::Value(msg)));
    }
    for (i, stop) in tour.iter().enumerate() {
        let at = format!("tour[{i}]");
        let chars = stop.caption.chars().count();
        if stop.caption.trim().is_empty() || chars > MAX_CAPTION_CHARS {
            let msg = format!(
                "a caption is one or two lines (1 to {MAX_CAPTION_CHARS} characters), got {chars}; \
                 longer text belongs in the scene's notes"
            );
            return Err(SceneError::field(
                format!("{at}.caption"),
                SceneErrorKind::Value(msg),
            ));
        }
        if let Some(view) = &stop.view {
            check_view(&format!("{at}.view"), view)?;
        }
        for (name, pose) in [("pose_a", &stop.pose_a), ("pose_b", &stop.pose_b)] {
            if let Some(pose) = pose {
                check_point(
                    &format!("{at}.{name}.position"),
                    pose.position,
                    MAX_COORDINATE,
                )?;
                check_angle(&format!("{at}.{name}.angle_deg"), pose.angle_deg)?;
            }
        }
        if let Some(play) = stop.play {
            check_seconds(&format!("{at}.play"), play)?;
        }
    }
    Ok(())
}
