//! The quiz on the canvas: the targets a student clicks (faces, simplex features, clipped
//! points), the click that picks one, and the question's picture while it waits.

use super::answers::{candidates, features, gjk_step, is_right, prompt, row_of};
use super::state::Quiz;
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::command::Pick;
use crate::app::draw::{self, Canvas, colors, priority};
use crate::app::input::Input;
use crate::app::pair::Traced;
use crate::geom::AxisSource;
use crate::scene::questions::Which;
use crate::scene::{Ask, AskKind, Scene};
use glam::Vec2;

/// Where a canvas target lies, in its view's coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spot {
    /// A point (a simplex vertex, a clipped point).
    Point(Vec2),
    /// A segment (a face, a simplex edge).
    Segment(Vec2, Vec2),
    /// A triangle's inside.
    Inside([Vec2; 3]),
}

impl Spot {
    /// Where its label and its printed position go: the point, the segment's middle, the
    /// triangle's centroid (a picture's place, not a number the app shows).
    pub fn anchor(&self) -> Vec2 {
        match *self {
            Spot::Point(p) => p,
            Spot::Segment(a, b) => (a + b) * 0.5,
            Spot::Inside(tri) => (tri[0] + tri[1] + tri[2]) / 3.0,
        }
    }
}

/// A choice on the canvas: click it to answer (or, for clipped points, to toggle).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// What clicking it does.
    pub command: Command,
    /// Its label on the canvas.
    pub label: String,
    /// Where it is.
    pub spot: Spot,
    /// True in GJK's Minkowski view, false in the world view.
    pub minkowski: bool,
}

/// How far from a target a click still picks it, in window pixels.
const PICK_PX: f32 = 16.0;

/// The canvas targets for `ask` (faces, simplex features, clipped points), in their views'
/// coordinates; faces only for shapes of up to 16 edges (more would crowd the picture).
pub fn targets(ask: &Ask, pair: &Traced) -> Vec<Target> {
    let mut out = Vec::new();
    let faces = |out: &mut Vec<Target>, to: &dyn Fn(Which, usize) -> Option<Command>| {
        for (i, which) in [Which::A, Which::B].into_iter().enumerate() {
            let (s, xf) = (pair.shapes()[i], pair.xfs()[i]);
            let n = s.count();
            if !(2..=16).contains(&n) {
                continue;
            }
            for e in 0..n {
                let Some(command) = to(which, e) else {
                    continue;
                };
                let off = xf.q.apply(s.normals()[e]) * s.radius();
                let p = xf.apply(s.vertices()[e]) + off;
                let q = xf.apply(s.vertices()[(e + 1) % n]) + off;
                let name = if i == 0 { "A" } else { "B" };
                out.push(Target {
                    command,
                    label: format!("{name}{e}"),
                    spot: Spot::Segment(p, q),
                    minkowski: false,
                });
            }
        }
    };
    match ask.kind {
        AskKind::ReferenceFace => faces(&mut out, &|w, e| {
            Some(Command::QuizAnswer(Pick::Face(Some((w, e)))))
        }),
        AskKind::SeparatingAxis | AskKind::NormalAxis => faces(&mut out, &|w, e| {
            let source = match w {
                Which::A => AxisSource::FaceA(e),
                Which::B => AxisSource::FaceB(e),
            };
            row_of(pair, source).map(|r| Command::QuizAnswer(Pick::Axis(Some(r))))
        }),
        AskKind::GjkClosestFeature => {
            let Some(s) = pair.gjk_steps.get(gjk_step(ask, pair)) else {
                return out;
            };
            let w: Vec<Vec2> = s.simplex_in.iter().map(|v| v.w).collect();
            for f in features(ask, pair) {
                let spot = match f[..] {
                    [i] => Spot::Point(w[i]),
                    [i, j] => Spot::Segment(w[i], w[j]),
                    _ => Spot::Inside([w[0], w[1], w[2]]),
                };
                let label = match f[..] {
                    [i] => format!("w{i}"),
                    [i, j] => format!("w{i}–w{j}"),
                    _ => "inside".to_string(),
                };
                out.push(Target {
                    command: Command::QuizAnswer(Pick::Feature(f)),
                    label,
                    spot,
                    minkowski: true,
                });
            }
        }
        AskKind::ClipSurvivors => {
            for (k, (p, _, _)) in candidates(pair).into_iter().enumerate() {
                out.push(Target {
                    command: Command::QuizToggle(k),
                    label: format!("p{k}"),
                    spot: Spot::Point(p),
                    minkowski: false,
                });
            }
        }
        AskKind::Overlap | AskKind::ContactCount => {}
    }
    out
}

/// The target a click at window pixel `at` picks: the nearest within `PICK_PX` (a point
/// before the edges through it; a triangle's inside only away from its edges).
pub fn hit(targets: &[Target], at: Vec2, world: &Camera, minkowski: &Camera) -> Option<Command> {
    targets
        .iter()
        .filter_map(|t| {
            let cam = if t.minkowski { minkowski } else { world };
            if !cam.contains(at) {
                return None;
            }
            let d = match t.spot {
                Spot::Point(p) => at.distance(cam.to_screen(p)) - 0.5 * PICK_PX,
                Spot::Segment(a, b) => {
                    crate::app::visible::to_segment(at, cam.to_screen(a), cam.to_screen(b))
                }
                Spot::Inside(tri) => {
                    if crate::app::visible::inside_triangle(at, tri.map(|p| cam.to_screen(p))) {
                        PICK_PX - 0.5
                    } else {
                        f32::INFINITY
                    }
                }
            };
            (d < PICK_PX).then_some((d, &t.command))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.clone())
}

/// A click on a canvas target while a question of `scene` waits: its command. `world` and
/// `minkowski` are the cameras the targets were drawn with.
pub fn click(
    quiz: &Quiz,
    scene: &Scene,
    pair: &Traced,
    input: &Input,
    world: &Camera,
    minkowski: Option<&Camera>,
) -> Option<Command> {
    let ask = quiz.ask(scene)?;
    if quiz.given.is_some() || !input.pressed[0] || input.over_ui {
        return None;
    }
    let at = input.pointer?;
    hit(&targets(ask, pair), at, world, minkowski?)
}

/// The question's picture while it waits (in place of the mode's), and after the answer the
/// student's pick marked on the mode's picture. `minkowski` is the GJK mode's pane's camera
/// when that mode is shown.
pub fn draw(
    quiz: &Quiz,
    scene: &Scene,
    pair: &Traced,
    minkowski: Option<&Camera>,
    canvas: &Canvas,
) {
    {
        let Some(ask) = quiz.ask(scene) else {
            return;
        };
        let asking = quiz.given.is_none();
        // The Minkowski pane is the question's own only while asking (after the answer the
        // GJK mode draws it, and a second view would clear its picture: the pick is then
        // marked over the mode's own pane).
        let second = minkowski;
        let minkowski = second
            .filter(|_| asking)
            .map(|cam| canvas.view(cam, "minkowski"));
        let revealed_pane = second
            .filter(|_| !asking)
            .and_then(|cam| canvas.existing_view(cam, "minkowski"));
        if let Some(minkowski) = &minkowski {
            draw::grid(minkowski);
            minkowski.left_divider(colors::grid_major());
        }
        if let Some(minkowski) = minkowski
            .as_ref()
            .filter(|_| ask.kind == AskKind::GjkClosestFeature)
        {
            // The Minkowski difference, the origin and the simplex GJK receives.
            let hull: Vec<Vec2> = pair.minkowski_hull().iter().map(|v| v.w).collect();
            minkowski.polyline(
                &hull,
                hull.len() > 2,
                1.5,
                colors::minkowski().gamma_multiply(0.7),
                false,
            );
            minkowski.point_as("origin", Vec2::ZERO, 4.0, colors::ink());
            minkowski.label_ranked(
                Vec2::ZERO,
                Vec2::new(6.0, -4.0),
                "origin",
                colors::ink(),
                priority::KEY,
            );
            minkowski.title("Minkowski difference B − A", colors::minkowski());
        } else if let Some(minkowski) = &minkowski {
            minkowski.title(
                "Minkowski difference: hidden until you answer",
                colors::dim(),
            );
        }
        if asking {
            canvas.title(&format!("Quiz: {}", prompt(ask)), colors::accent());
        }
        quiz.drawn.borrow_mut().clear();
        for t in targets(ask, pair) {
            let c = match (&minkowski, &revealed_pane, t.minkowski) {
                (Some(m), _, true) | (None, Some(m), true) => m,
                (None, None, true) => continue,
                _ => canvas,
            };
            let s = c.camera().to_screen(t.spot.anchor());
            quiz.drawn.borrow_mut().push((t.label.clone(), [s.x, s.y]));
            let picked = match (&quiz.given, &t.command) {
                (Some(p), Command::QuizAnswer(q)) => p == q,
                _ => false,
            };
            let marked = match t.command {
                Command::QuizToggle(k) => quiz.draft.get(k).copied().unwrap_or(false),
                _ => false,
            };
            if !asking && !picked {
                continue;
            }
            let color = if !asking {
                if is_right(&quiz.given.clone().unwrap_or(Pick::Yes(false)), ask, pair) {
                    colors::good()
                } else {
                    colors::bad()
                }
            } else if marked {
                colors::good()
            } else {
                colors::accent()
            };
            let text = if asking {
                t.label.clone()
            } else {
                format!("your answer: {}", t.label)
            };
            match t.spot {
                Spot::Point(p) => c.ring(p, if marked { 9.0 } else { 6.0 }, 2.0, color),
                Spot::Segment(a, b) => c.line(
                    a,
                    b,
                    if asking { 2.0 } else { 5.0 },
                    color.gamma_multiply(0.8),
                ),
                Spot::Inside(_) => {}
            }
            c.label_ranked(
                t.spot.anchor(),
                Vec2::new(6.0, -6.0),
                text,
                color,
                priority::KEY,
            );
        }
    }
}

/// The quiz for `--print-state`: the quiz's state, `pair`'s targets where the last frame drew them (or, not
/// drawn, through `world` or the `minkowski` pane's camera), over the lecture's `total`
/// questions.
pub fn state_json(
    quiz: &Quiz,
    scene: &Scene,
    pair: &Traced,
    total: usize,
    world: &Camera,
    minkowski: Option<&Camera>,
) -> serde_json::Value {
    let (right, answered) = quiz.score();
    let ask = quiz.ask(scene);
    let targets: Vec<serde_json::Value> = ask
        .map(|a| targets(a, pair))
        .unwrap_or_default()
        .iter()
        .map(|t| {
            let cam = match (t.minkowski, minkowski) {
                (true, Some(m)) => m,
                _ => world,
            };
            let at = t.spot.anchor();
            let drawn = quiz.drawn.borrow();
            let s = drawn
                .iter()
                .find(|(label, _)| *label == t.label)
                .map_or_else(|| cam.to_screen(at), |(_, s)| glam::Vec2::new(s[0], s[1]));
            serde_json::json!({ "label": t.label, "at": [s.x, s.y] })
        })
        .collect();
    serde_json::json!({
        "on": quiz.on,
        "question": ask.map(|_| quiz.question),
        "kind": ask.map(|a| serde_json::to_value(a.kind).unwrap_or_default()),
        "revealed": quiz.given.is_some(),
        "right": quiz.given.as_ref().zip(ask).map(|(p, a)| is_right(p, a, pair)),
        "score": { "right": right, "answered": answered, "questions": total },
        "targets": targets,
    })
}
