//! The JSON forms a scene may be pasted in besides RON (the README's "Pasting a pair"):
//!
//! 1. `report`'s own JSON: its `"scene"` is the scene it describes ([`crate::report`]).
//! 2. A scene as JSON (the `"scene"` object alone, as `--print-state` prints it too).
//! 3. A pair in an engine's terms, told apart by its `"engine"` field:
//!
//! ```json
//! {
//!   "engine": "box2d",
//!   "a": { "box": { "half_extents": [4.0, 0.5] }, "position": [0.0, -0.5] },
//!   "b": { "polygon": { "vertices": [[-0.5, -0.5], [0.5, -0.5], [0, 0.5]], "radius": 0.0 },
//!          "position": ["0x1.8p-1", 0.4], "angle": 0.1 },
//!   "expected": { "normal": [0, 1], "separation": -0.1, "points": [[0.5, -0.05, -0.1]], "ids": [0] }
//! }
//! ```
//!
//! Shapes: `box` or `cuboid` (`half_extents`, `radius`), `polygon` or `convex_polygon`
//! (`vertices` or `points`, `radius`), `circle` or `ball` (`radius`), `capsule` (`center1`,
//! `center2` symmetric about the body's origin on one local axis, `radius`). A body's rotation is
//! `angle` (radians) or `rotation` (`[cos, sin]`, kept exactly); every number is a JSON number or
//! a string holding a decimal or a hex float (`"0x1.8p-1"`), read straight to the nearest `f32`
//! (a hex float must be one exactly). Unknown fields are errors that name the field.

use super::checks::value_error;
use super::error::SceneError;
use super::expected::Expected;
use super::kinds::Mode;
use super::types::{Body, Scene, ShapeSpec, rotation_angle_deg};
use crate::geom::Rot;
use glam::Vec2;
use serde_json::{Map, Value};

/// A scene from JSON text: `report`'s JSON, a scene as JSON, or a pair in an engine's terms.
pub fn scene_from_json(text: &str) -> Result<Scene, SceneError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let mut err = value_error("", format!("not JSON: {e}"));
        err.field = None;
        err.at = Some(super::locate::TextPos {
            line: e.line().max(1),
            col: e.column().max(1),
        });
        err
    })?;
    let Value::Object(map) = value else {
        return Err(top_error("a scene in JSON is an object, `{…}`"));
    };
    if map.contains_key("engine") {
        return engine_pair(&map);
    }
    scene_json(&map)
}

/// `report`'s JSON or a scene as JSON. Not in the browser: reading the whole scene format from
/// JSON too doubles its reader in the wasm, which its size budget cannot carry.
#[cfg(target_arch = "wasm32")]
fn scene_json(_: &Map<String, Value>) -> Result<Scene, SceneError> {
    Err(top_error(
        "report JSON and scenes in JSON are read by the desktop app and the command line; \
         in the browser, paste the scene as RON, or a pair in an engine's terms \
         (with its \"engine\")",
    ))
}

/// `report`'s JSON or a scene as JSON.
#[cfg(not(target_arch = "wasm32"))]
fn scene_json(map: &Map<String, Value>) -> Result<Scene, SceneError> {
    let scene = map
        .get("scene")
        .unwrap_or(&Value::Object(map.clone()))
        .clone();
    serde_json::from_value(scene).map_err(|e| {
        let what = if map.contains_key("scene") {
            "the report's \"scene\""
        } else {
            "a scene in JSON (or a report with its \"scene\", or a pair with its \"engine\")"
        };
        top_error(&format!("{what}: {e}"))
    })
}

fn top_error(msg: &str) -> SceneError {
    let mut e = value_error("", msg.to_string());
    e.field = None;
    e
}

/// The fields an object at `field` may have; any other is an error naming it.
fn only(field: &str, map: &Map<String, Value>, allowed: &[&str]) -> Result<(), SceneError> {
    match map.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(value_error(
            &join(field, k),
            format!("unknown field; expected one of {}", allowed.join(", ")),
        )),
        None => Ok(()),
    }
}

fn join(field: &str, key: &str) -> String {
    if field.is_empty() {
        key.to_string()
    } else {
        format!("{field}.{key}")
    }
}

/// A pair in an engine's terms (see the module doc).
fn engine_pair(map: &Map<String, Value>) -> Result<Scene, SceneError> {
    only(
        "",
        map,
        &[
            "engine",
            "title",
            "mode",
            "a",
            "b",
            "speculative_margin",
            "expected",
        ],
    )?;
    let engine = match map.get("engine") {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(value_error(
                "engine",
                "must be a name, e.g. \"box2d\"".into(),
            ));
        }
    };
    let title = match map.get("title") {
        Some(Value::String(s)) => s.clone(),
        None => format!("A pair from {engine}"),
        Some(_) => return Err(value_error("title", "must be a string".into())),
    };
    let mode = match map.get("mode") {
        None => Mode::default(),
        Some(Value::String(s)) => Mode::from_name(&s.to_ascii_lowercase())
            .ok_or_else(|| value_error("mode", format!("not a mode: {s}")))?,
        Some(_) => return Err(value_error("mode", "must be a mode's name".into())),
    };
    let body = |k: &str| match map.get(k) {
        Some(Value::Object(b)) => engine_body(k, b),
        _ => Err(value_error(k, "must be a body, `{\"box\": {…}, …}`".into())),
    };
    let (a, b) = (body("a")?, body("b")?);
    let speculative_margin = match map.get("speculative_margin") {
        Some(v) => number("speculative_margin", v)?,
        None => 0.0,
    };
    let expected = match map.get("expected") {
        Some(Value::Object(e)) => Some(engine_expected(e)?),
        Some(_) => return Err(value_error("expected", "must be an object".into())),
        None => None,
    };
    Ok(Scene {
        title,
        notes: String::new(),
        mode,
        a,
        b,
        speculative_margin,
        step: 0,
        view: None,
        questions: Vec::new(),
        sim: None,
        motion: None,
        expected,
        presenter: String::new(),
        tour: Vec::new(),
    })
}

const SHAPES: [&str; 7] = [
    "box",
    "cuboid",
    "polygon",
    "convex_polygon",
    "circle",
    "ball",
    "capsule",
];

fn engine_body(name: &str, map: &Map<String, Value>) -> Result<Body, SceneError> {
    let mut allowed = SHAPES.to_vec();
    allowed.extend(["position", "angle", "rotation"]);
    only(name, map, &allowed)?;
    let shapes: Vec<&str> = SHAPES
        .iter()
        .copied()
        .filter(|s| map.contains_key(*s))
        .collect();
    let [kind] = shapes[..] else {
        let msg = format!("needs exactly one shape: one of {}", SHAPES.join(", "));
        return Err(value_error(name, msg));
    };
    let field = join(name, kind);
    let Some(Value::Object(s)) = map.get(kind) else {
        return Err(value_error(&field, "must be an object".into()));
    };
    let position = match map.get("position") {
        Some(v) => point(&join(name, "position"), v)?,
        None => Vec2::ZERO,
    };
    let mut rot = match (map.get("angle"), map.get("rotation")) {
        (Some(_), Some(_)) => {
            let msg = "give `angle` (radians) or `rotation` ([cos, sin]), not both".into();
            return Err(value_error(&join(name, "rotation"), msg));
        }
        (Some(a), None) => Rot::from_angle(number(&join(name, "angle"), a)?),
        (None, Some(r)) => {
            let [c, s] = point(&join(name, "rotation"), r)?.to_array();
            Rot { c, s }
        }
        (None, None) => Rot::IDENTITY,
    };
    let radius = |key: &str| match s.get(key) {
        Some(v) => number(&join(&field, key), v),
        None => Ok(0.0),
    };
    let shape = match kind {
        "box" | "cuboid" => {
            only(&field, s, &["half_extents", "radius"])?;
            let key = join(&field, "half_extents");
            let h = point(&key, need(&field, s, "half_extents")?)?;
            for (axis, v) in [("x", h.x), ("y", h.y)] {
                if v <= 0.0 {
                    let msg = format!("a half-extent must be > 0, got {v}");
                    return Err(value_error(&format!("{key}.{axis}"), msg));
                }
            }
            ShapeSpec::Box {
                width: 2.0 * h.x,
                height: 2.0 * h.y,
                radius: radius("radius")?,
            }
        }
        "polygon" | "convex_polygon" => {
            only(&field, s, &["vertices", "points", "radius"])?;
            let key = if s.contains_key("points") {
                "points"
            } else {
                "vertices"
            };
            let list = join(&field, key);
            let Value::Array(items) = need(&field, s, key)? else {
                return Err(value_error(&list, "must be a list of [x, y]".into()));
            };
            let vertices = items
                .iter()
                .enumerate()
                .map(|(i, v)| point(&format!("{list}[{i}]"), v))
                .collect::<Result<_, _>>()?;
            ShapeSpec::Polygon {
                vertices,
                radius: radius("radius")?,
            }
        }
        "circle" | "ball" => {
            only(&field, s, &["radius", "center"])?;
            if let Some(c) = s.get("center")
                && point(&join(&field, "center"), c)? != Vec2::ZERO
            {
                let msg = "a circle sits on its body's origin here: add the center to the \
                           body's position (turned by its rotation)"
                    .into();
                return Err(value_error(&join(&field, "center"), msg));
            }
            ShapeSpec::Circle {
                radius: number(&join(&field, "radius"), need(&field, s, "radius")?)?,
            }
        }
        _ => {
            only(&field, s, &["center1", "center2", "radius"])?;
            let c1 = point(&join(&field, "center1"), need(&field, s, "center1")?)?;
            let c2 = point(&join(&field, "center2"), need(&field, s, "center2")?)?;
            let length = if c1.y == 0.0 && c2.y == 0.0 && c1.x == -c2.x {
                (c2.x - c1.x).abs()
            } else if c1.x == 0.0 && c2.x == 0.0 && c1.y == -c2.y {
                // Along local y: our capsule lies along x, so the body turns a quarter more
                // (exactly: (c, s) · i = (−s, c)).
                rot = Rot {
                    c: -rot.s,
                    s: rot.c,
                };
                (c2.y - c1.y).abs()
            } else {
                let msg = "the two centres must be symmetric about the body's origin on its \
                           x or y axis: move the body's position to their midpoint and turn it"
                    .into();
                return Err(value_error(&join(&field, "center2"), msg));
            };
            ShapeSpec::Capsule {
                length,
                radius: number(&join(&field, "radius"), need(&field, s, "radius")?)?,
            }
        }
    };
    let rotation = [rot.c, rot.s];
    let mut body = Body::at(shape, position, rotation_angle_deg(rotation));
    if rot != Rot::IDENTITY {
        body.rotation = Some(rotation);
    }
    Ok(body)
}

fn need<'v>(field: &str, map: &'v Map<String, Value>, key: &str) -> Result<&'v Value, SceneError> {
    map.get(key)
        .ok_or_else(|| value_error(&join(field, key), "missing".into()))
}

fn engine_expected(map: &Map<String, Value>) -> Result<Expected, SceneError> {
    only("expected", map, &["normal", "separation", "points", "ids"])?;
    let normal = match map.get("normal") {
        Some(v) => Some(point("expected.normal", v)?.to_array()),
        None => None,
    };
    let separation = match map.get("separation") {
        Some(v) => Some(number("expected.separation", v)?),
        None => None,
    };
    let list = |key: &str| match map.get(key) {
        Some(Value::Array(items)) => Ok(items.clone()),
        Some(_) => Err(value_error(
            &format!("expected.{key}"),
            "must be a list".into(),
        )),
        None => Ok(Vec::new()),
    };
    let mut points = Vec::new();
    for (i, p) in list("points")?.iter().enumerate() {
        let field = format!("expected.points[{i}]");
        let nums = match p {
            Value::Array(xs) if xs.len() == 3 => xs
                .iter()
                .enumerate()
                .map(|(k, x)| number(&format!("{field}[{k}]"), x))
                .collect::<Result<Vec<f32>, _>>()?,
            _ => return Err(value_error(&field, "must be [x, y, separation]".into())),
        };
        points.push([nums[0], nums[1], nums[2]]);
    }
    let mut ids = Vec::new();
    for (i, v) in list("ids")?.iter().enumerate() {
        let id = match v {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => parse_id(s),
            _ => None,
        };
        ids.push(id.ok_or_else(|| {
            value_error(
                &format!("expected.ids[{i}]"),
                format!("must be a whole number ≥ 0 (or \"0x…\"), got {v}"),
            )
        })?);
    }
    Ok(Expected {
        normal,
        separation,
        points,
        ids,
    })
}

fn parse_id(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// `[x, y]` at `field`.
fn point(field: &str, v: &Value) -> Result<Vec2, SceneError> {
    match v {
        Value::Array(xy) if xy.len() == 2 => Ok(Vec2::new(
            number(&format!("{field}.x"), &xy[0])?,
            number(&format!("{field}.y"), &xy[1])?,
        )),
        _ => Err(value_error(field, format!("must be [x, y], got {v}"))),
    }
}

/// A number at `field`: a JSON number, or a string holding a decimal or a hex float, read to the
/// nearest `f32` from its decimal text (serde_json's own digits, which keep any decimal of up to
/// 15 significant digits, every `f32` printed in full among them).
pub fn number(field: &str, v: &Value) -> Result<f32, SceneError> {
    let parsed = match v {
        Value::Number(n) => n.to_string().parse::<f32>().map_err(|e| e.to_string()),
        Value::String(s) => parse_f32(s.trim()),
        _ => Err(format!("must be a number, got {v}")),
    };
    match parsed {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(x) => Err(value_error(field, format!("must be a finite f32, got {x}"))),
        Err(e) => Err(value_error(field, e)),
    }
}

/// A decimal (`"0.75"`, `"1e-3"`) or a hex float (`"0x1.8p-1"`, `"-0x1p+3"`) to `f32`: decimals
/// round to nearest; a hex float must be an `f32` exactly.
pub fn parse_f32(s: &str) -> Result<f32, String> {
    let (neg, rest) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let Some(hex) = rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) else {
        return s
            .parse::<f32>()
            .map_err(|_| format!("not a number: \"{s}\""));
    };
    let bad = || format!("not a hex float (0x1.8p-1): \"{s}\"");
    let (mantissa, exp) = match hex.split_once(['p', 'P']) {
        Some((m, e)) => (m, e.parse::<i32>().map_err(|_| bad())?),
        None => (hex, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return Err(bad());
    }
    // Exact in f64: up to 13 hex digits (52 bits) of mantissa.
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    if digits.len() > 13 {
        return Err(format!("more digits than an f32 holds: \"{s}\""));
    }
    let m = if digits.is_empty() {
        0
    } else {
        u64::from_str_radix(digits, 16).map_err(|_| bad())?
    };
    let value = m as f64 * 2f64.powi(exp - 4 * frac.len() as i32);
    let value = if neg { -value } else { value };
    let single = value as f32;
    if single as f64 != value || (m != 0 && value == 0.0) {
        return Err(format!("not an f32 exactly: \"{s}\" (nearest: {single:?})"));
    }
    Ok(single)
}

/// True when `text` is one of the JSON forms (an object), not RON (`Scene(…)`).
pub fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}
