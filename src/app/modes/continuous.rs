//! Continuous mode (5): B moves from its pose to an end pose within one step, and the shape
//! cast or the time of impact finds when it first touches A, one iteration at a time. The end
//! pose is a ghost the student drags and turns (its own ring); B's pose at every iterate is
//! drawn as a ghost too, with the witness pair and the normal (the cast) or the separation
//! axis and its deepest pair (the time of impact); the panel plots d(t) or s(t). Everything
//! drawn is the library's query ([`crate::scene::continuous`]).

use super::arithmetic::Row;
use super::mode::{About, Controls, Explained, Mode, ModeKind};
use crate::app::camera::Camera;
use crate::app::command::Command;
use crate::app::draw::{Canvas, colors, priority};
use crate::app::input::{BodyView, Gesture, Hover, Input, Interaction};
use crate::app::legend::{Entry, Marker, entry};
use crate::app::pair::Traced;
use crate::app::words::num;
use crate::geom::toi::ToiStep;
use crate::geom::{PlacedPart, Shape, Transform};
use crate::scene::continuous::{Continuous, Method, Steps, continuous, engine_slop};
use crate::scene::{EndPose, Pose, Scene};
use egui::RichText;
use glam::Vec2;

mod plot;
mod words;

/// The mode's state: the query asked, the scene it was asked of, and the end pose's gesture.
#[derive(Default)]
pub struct ContinuousMode {
    method: Method,
    /// Stop at the first touch (no slop) instead of an engine's slop short of it.
    touch: bool,
    scene: Option<Scene>,
    query: Option<Result<Continuous, String>>,
    ghost: Interaction,
}

const LEGEND: &[Entry] = &[
    entry(
        colors::b,
        Marker::Dashed,
        "B's end pose (drag inside it to move, its ring to turn)",
    ),
    entry(
        colors::accent,
        Marker::Line,
        "B at this iterate, the closest pair and the normal (or the axis followed)",
    ),
    entry(
        colors::dim,
        Marker::Line,
        "B at the earlier iterates, and its path",
    ),
    entry(
        colors::good,
        Marker::Dot,
        "where B first touches A (the answer)",
    ),
];

impl ContinuousMode {
    /// The query as last asked (None before the mode saw a scene; an error says why the query
    /// cannot be asked of it).
    pub fn query(&self) -> Option<&Result<Continuous, String>> {
        self.query.as_ref()
    }

    fn ask(&mut self) {
        let Some(scene) = &self.scene else {
            return;
        };
        self.query = Some(scene.validate().map_err(|e| e.to_string()).and_then(|v| {
            let slop = if self.touch {
                0.0
            } else {
                engine_slop(&v.pair)
            };
            continuous(scene, &v.pair, self.method, slop)
        }));
    }

    fn answered(&self) -> Option<&Continuous> {
        self.query.as_ref().and_then(|q| q.as_ref().ok())
    }

    /// B's end pose (the scene's `motion`, or the default).
    fn end_pose(&self) -> Option<Pose> {
        self.scene.as_ref().map(end_pose_of)
    }
}

/// B's end pose in `scene`: its `motion`, or the default; B's own angle when the motion names
/// none.
pub fn end_pose_of(scene: &Scene) -> Pose {
    let m = scene.motion_or_default();
    Pose {
        position: m.to,
        angle_deg: m.angle_deg.unwrap_or(scene.b.angle_deg),
    }
}

/// B's parts (empty for one shape) and shown part, from the pair.
fn b_parts(pair: &Traced) -> (&[PlacedPart], usize) {
    let parts = pair
        .pair
        .bodies
        .as_ref()
        .map_or(&[][..], |b| &b.parts[1][..]);
    (parts, pair.shown_parts()[1])
}

/// Draws body B (its parts, or its one shape) at `xf`, outlined.
fn body_outline(canvas: &Canvas, pair: &Traced, xf: Transform, width: f32, color: egui::Color32) {
    each_part(pair, xf, |shape, xf| {
        canvas.shape_outline(shape, xf, width, color)
    });
}

/// Calls `draw` with each shape of body B (its parts, or its one shape) placed at `xf`.
fn each_part(pair: &Traced, xf: Transform, mut draw: impl FnMut(&Shape, Transform)) {
    let (parts, _) = b_parts(pair);
    if parts.is_empty() {
        draw(pair.shapes()[1], xf);
    }
    for p in parts {
        draw(&p.shape, xf.compose(p.xf));
    }
}

fn names(pair: &Traced, c: &Continuous) -> words::Names {
    let count = |k: usize| pair.pair.bodies.as_ref().map_or(1, |b| b.parts[k].len());
    let deciding = |k: usize| -> Option<&Shape> {
        match (&pair.pair.bodies, c.parts) {
            (Some(b), Some(p)) => b.parts[k].get(p[k]).map(|x| &x.shape),
            _ => Some(pair.shapes()[k]),
        }
    };
    let chain = |k: usize| {
        pair.pair
            .bodies
            .as_ref()
            .is_some_and(|b| b.parts[k].first().is_some_and(|p| p.link.is_some()))
    };
    words::Names {
        parts: [count(0), count(1)],
        vertices: [0, 1].map(|k| deciding(k).map_or(0, |s| s.vertices().len())),
        round: [0, 1].map(|k| deciding(k).is_some_and(|s| s.radius() > 0.0)),
        chain: [chain(0), chain(1)],
    }
}

impl Mode for ContinuousMode {
    fn about(&self) -> &'static About {
        const ABOUT: About = About {
            kind: ModeKind::Continuous,
            title: "Continuous",
            hover: "5: when does B, moving within one step, first touch A? The shape cast and the time of impact, one iteration at a time",
            legend: LEGEND,
            contact_separations: true,
            owns_world: false,
            pair_marks: false,
            split: 0.0,
        };
        &ABOUT
    }

    fn explain(&self, pair: &Traced, step: usize) -> Explained {
        match &self.query {
            Some(Ok(c)) => Explained {
                label: words::label(c, step),
                text: words::text(c, step, &names(pair, c)),
                rows: words::rows(c, step),
            },
            Some(Err(why)) => Explained {
                label: "Continuous".into(),
                text: format!("The query cannot be asked of this scene: {why}."),
                rows: vec![Row {
                    text: why.clone(),
                    value: None,
                }],
            },
            None => Explained {
                label: "Continuous".into(),
                text: "B's motion within one step, against A.".into(),
                rows: vec![Row {
                    text: "no scene seen yet".into(),
                    value: None,
                }],
            },
        }
    }

    fn reset(&mut self) {
        *self = ContinuousMode {
            method: self.method,
            touch: self.touch,
            ..ContinuousMode::default()
        };
    }

    fn probe(&self, out: &mut serde_json::Map<String, serde_json::Value>, shown: Option<&Camera>) {
        use serde_json::json;
        let end = self.end_pose();
        let mut v = json!({
            "method": self.method.name(),
            "touch": self.touch,
            "end": end.map(|p| json!({"position": [p.position.x, p.position.y], "angle_deg": p.angle_deg})),
        });
        match &self.query {
            Some(Ok(c)) => {
                v["state"] = json!(c.state.name());
                v["t"] = json!(c.t);
                v["iterations"] = json!(c.iterations);
                v["steps"] = json!(c.step_count());
                v["target"] = json!(c.target);
                v["parts"] = json!(c.parts);
            }
            Some(Err(why)) => v["error"] = json!(why),
            None => {}
        }
        if let (Some(cam), Some(end)) = (shown, end) {
            let s = cam.to_screen(end.position);
            v["end_screen"] = json!([s.x, s.y]);
        }
        out.insert("continuous".into(), v);
    }

    fn step_count(&self, _pair: &Traced) -> usize {
        self.answered().map_or(1, |c| c.step_count() + 1)
    }

    fn ui_controls(
        &mut self,
        ui: &mut egui::Ui,
        _pair: &Traced,
        controls: &mut Controls,
    ) -> Option<Command> {
        let before = (self.method, self.touch);
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.method, Method::Toi, "Time of impact")
                .on_hover_text("B moves and turns (Box2D's b2TimeOfImpact): separation functions and a root finder");
            ui.selectable_value(&mut self.method, Method::Cast, "Shape cast")
                .on_hover_text("B slides, its turn ignored (Box2D's b2ShapeCast): conservative advancement");
        });
        ui.checkbox(&mut self.touch, "Stop at the first touch (no slop)")
            .on_hover_text(
                "off: stop as an engine does, a linear slop short of touching (Box2D's target)",
            );
        if before != (self.method, self.touch) {
            self.ask();
            controls.step = 0;
        }
        ui.separator();
        let answer = match &self.query {
            Some(Ok(c)) => {
                let line = format!(
                    "{}: {} · t = {} · {} iterations",
                    self.method.name().to_uppercase(),
                    c.state.name(),
                    num(c.t),
                    c.iterations
                );
                ui.label(RichText::new(line).strong());
                if c.method == Method::Toi {
                    ui.label(format!(
                        "push backs {} · root finder steps {}",
                        c.push_backs, c.root_steps
                    ));
                }
                ui.label(format!(
                    "target {} · tolerance {}",
                    num(c.target),
                    num(c.tolerance)
                ));
                if c.method == Method::Cast {
                    ui.label("The cast slides B: the end pose's turn is not used.");
                }
                plot::plot(ui, c, controls.step);
                None
            }
            Some(Err(why)) => Some(why.clone()),
            None => None,
        };
        if let Some(why) = answer {
            ui.label(RichText::new(why).color(colors::bad()));
        }
        None
    }

    fn handle_input(
        &mut self,
        input: &Input,
        world: &Camera,
        _second: &mut Camera,
        pair: &Traced,
        out: &mut Vec<Command>,
    ) -> bool {
        let Some(end) = self.end_pose() else {
            return false;
        };
        let (parts, shown) = b_parts(pair);
        let ghost = BodyView {
            shape: pair.shapes()[1],
            pose: end,
            has_vertices: false,
            parts,
            shown,
        };
        // The ghost stands in for both bodies: a hit is always "B", turned into its motion.
        let mut cam = *world;
        let was = self.ghost.gesture;
        let edits = self.ghost.update(input, &mut cam, &[ghost, ghost], false);
        let held = matches!(
            self.ghost.gesture,
            Gesture::Move { .. } | Gesture::Rotate { .. }
        ) || matches!(was, Gesture::Move { .. } | Gesture::Rotate { .. });
        let angle_given = self
            .scene
            .as_ref()
            .and_then(|s| s.motion)
            .is_some_and(|m| m.angle_deg.is_some());
        for edit in edits {
            match edit {
                Command::SetPose(_, pose) => out.push(Command::SetMotion(EndPose {
                    to: pose.position,
                    angle_deg: (angle_given || pose.angle_deg != end.angle_deg)
                        .then_some(pose.angle_deg),
                })),
                Command::BeginGesture | Command::EndGesture => out.push(edit),
                _ => {}
            }
        }
        held
    }

    fn draw(&self, canvas: &Canvas, pair: &Traced, step: usize) {
        let Some(end) = self.end_pose() else {
            return;
        };
        // The end pose: dashed, in B's colour; its ring when hovered.
        let end_xf = end.transform();
        each_part(pair, end_xf, |shape, xf| {
            canvas.shape_dashed(shape, xf, 1.8, colors::b());
        });
        let hovered = matches!(self.ghost.hover, Some(Hover::Ring(_)));
        if hovered || matches!(self.ghost.gesture, Gesture::Rotate { .. }) {
            body_outline(
                canvas,
                pair,
                end_xf,
                4.0,
                colors::accent().gamma_multiply(0.6),
            );
        }
        canvas.label_ranked(
            end.position,
            Vec2::new(10.0, -22.0),
            "B's end pose",
            colors::b(),
            priority::KEY,
        );
        let Some(c) = self.answered() else {
            return;
        };
        // B's path: where its origin goes.
        let path: Vec<Vec2> = (0..=24).map(|k| c.pose_b(k as f32 / 24.0).p).collect();
        canvas.polyline(&path, false, 1.2, colors::dim(), true);
        let local = canvas.with_origin(c.origin);
        let ghost = |t: f32, width: f32, color: egui::Color32| {
            body_outline(canvas, pair, c.pose_b(t), width, color);
        };
        let faint = colors::dim().gamma_multiply(0.8);
        match &c.steps {
            Steps::Cast(steps) => {
                for s in steps.iter().take(step) {
                    ghost(s.t, 1.2, faint);
                }
                if let Some(s) = steps.get(step) {
                    ghost(s.t, 2.5, colors::accent());
                    local.line(s.point_a, s.point_b, 2.0, colors::accent());
                    local.point(s.point_a, 4.0, colors::a());
                    local.point(s.point_b, 4.0, colors::b());
                    if let Some(n) = s.normal {
                        local.arrow_along(s.point_a, n, 50.0, 2.5, colors::ink());
                    }
                    local.label_ranked(
                        s.point_b,
                        Vec2::new(10.0, 10.0),
                        format!("t = {} · d = {}", num(s.t), num(s.distance)),
                        colors::accent(),
                        priority::KEY,
                    );
                }
            }
            Steps::Toi(steps) => {
                // Earlier rounds' poses, faint; the step's own pose bright.
                for s in steps.iter().take(step) {
                    if let ToiStep::Distance { t1, .. } = s {
                        ghost(*t1, 1.2, faint);
                    }
                }
                match steps.get(step) {
                    Some(ToiStep::Distance { t1, points, .. }) => {
                        ghost(*t1, 2.5, colors::accent());
                        local.line(points[0], points[1], 2.0, colors::accent());
                        local.point(points[0], 4.0, colors::a());
                        local.point(points[1], 4.0, colors::b());
                        local.label_ranked(
                            points[1],
                            Vec2::new(10.0, 10.0),
                            format!("t₁ = {}", num(*t1)),
                            colors::accent(),
                            priority::KEY,
                        );
                    }
                    Some(ToiStep::Axis { world_axis, .. }) => {
                        let at = steps[..step].iter().rev().find_map(|s| match s {
                            ToiStep::Distance { points, t1, .. } => Some((points[0], *t1)),
                            _ => None,
                        });
                        if let Some((p, t1)) = at {
                            ghost(t1, 2.0, colors::accent().gamma_multiply(0.6));
                            local.arrow_along(p, *world_axis, 70.0, 3.0, colors::accent());
                            local.label_ranked(
                                p,
                                Vec2::new(12.0, -16.0),
                                "the axis followed",
                                colors::accent(),
                                priority::KEY,
                            );
                        }
                    }
                    Some(ToiStep::Deepest { t2, s2, .. }) => {
                        ghost(*t2, 2.5, colors::accent());
                        canvas.label_ranked(
                            c.pose_b(*t2).p,
                            Vec2::new(10.0, 10.0),
                            format!("t₂ = {} · s₂ = {}", num(*t2), num(*s2)),
                            colors::accent(),
                            priority::KEY,
                        );
                    }
                    Some(ToiStep::Root { t, s, .. }) => {
                        ghost(*t, 2.5, colors::accent());
                        canvas.label_ranked(
                            c.pose_b(*t).p,
                            Vec2::new(10.0, 10.0),
                            format!("t = {} · s = {}", num(*t), num(*s)),
                            colors::accent(),
                            priority::KEY,
                        );
                    }
                    None => {}
                }
            }
        }
        // The answer: B where it first touches, the point and the normal.
        if step >= c.step_count() {
            let hit = !matches!(c.state, crate::geom::SweepState::Separated);
            let color = if hit { colors::good() } else { colors::dim() };
            ghost(c.t, 3.0, color);
            if hit {
                canvas.point_as("contact point", c.point, 5.5, colors::good());
                canvas.arrow_along(c.point, c.normal, 50.0, 2.5, colors::ink());
            }
            canvas.label_ranked(
                c.pose_b(c.t).p,
                Vec2::new(10.0, 10.0),
                format!("{} at t = {}", c.state.name(), num(c.t)),
                color,
                priority::KEY,
            );
        }
    }

    fn set_scene(&mut self, scene: &Scene) {
        if self.scene.as_ref() != Some(scene) {
            self.scene = Some(scene.clone());
            self.ask();
        }
    }
}
