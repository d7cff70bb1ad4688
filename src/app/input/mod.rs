//! Canvas input as plain data: an [`Input`] value in, camera changes and [`Command`]s (the same values keys and buttons give) out.
//!
//! Nothing here touches the window, so every gesture is tested without one: left-drag inside a
//! shape moves it, left-drag on the ring near its outline turns it about its centroid, `Shift`
//! snaps (0.1 units, 15°), a click (no drag) on a part of a compound body shows that part, in
//! vertex-edit mode a polygon's vertices can be dragged (a compound's: the shown part's), the
//! wheel zooms about the cursor, right- or middle-drag pans, and all of it is ignored while
//! the pointer is over a panel.

use super::camera::Camera;
use super::command::Command;
pub use super::command::Pose;
use crate::geom::{PlacedPart, Shape, Transform};
pub use crate::scene::questions::Which;
use glam::Vec2;

/// Half-width of the turning ring around a shape's outline, in pixels.
pub const RING_PX: f32 = 9.0;
/// How close (in pixels) the pointer must be to a vertex to grab it in vertex-edit mode.
pub const VERTEX_PX: f32 = 10.0;
/// Position snap step with `Shift`, world units.
pub const SNAP_STEP: f32 = 0.1;
/// Angle snap step with `Shift`, degrees.
pub const SNAP_DEG: f32 = 15.0;
/// How far (in pixels) the pointer may move between press and release for a click; further,
/// and it is a drag (the body moves only once the pointer has gone this far).
pub const CLICK_PX: f32 = 4.0;

/// One frame of pointer and modifier state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// Pointer position in window pixels (None when outside the window).
    pub pointer: Option<Vec2>,
    /// Buttons pressed this frame: left, right, middle.
    pub pressed: [bool; 3],
    /// Buttons held: left, right, middle.
    pub down: [bool; 3],
    /// Buttons released this frame.
    pub released: [bool; 3],
    /// Wheel steps this frame (positive: zoom in).
    pub wheel: f32,
    /// Shift held.
    pub shift: bool,
    /// True when the pointer is over a panel (the GUI owns it).
    pub over_ui: bool,
    /// Two fingers on a touch screen: they pan and zoom the view together.
    pub pinch: Option<Pinch>,
    /// Where the left button went down this frame, when known: on a slow frame (a phone, a
    /// large canvas in software WebGL) the pointer may have moved on before the frame reads
    /// it, and a drag starts where the press was, so the body keeps under the finger.
    pub press_at: Option<Vec2>,
}

/// Two fingers' move in one frame, in window pixels: their midpoint went from `from` to `to`
/// and the distance between them grew by the factor `scale`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pinch {
    /// The midpoint in the last frame.
    pub from: Vec2,
    /// The midpoint now.
    pub to: Vec2,
    /// This frame's distance between the fingers over the last frame's.
    pub scale: f32,
}

impl Pinch {
    /// The pinch between two frames' finger pairs (`[first, second]` each), if both are
    /// finite and apart.
    pub fn between(before: [Vec2; 2], now: [Vec2; 2]) -> Option<Pinch> {
        let (d0, d1) = (before[0].distance(before[1]), now[0].distance(now[1]));
        let p = Pinch {
            from: (before[0] + before[1]) * 0.5,
            to: (now[0] + now[1]) * 0.5,
            scale: d1 / d0,
        };
        (d0 > 1.0 && d1 > 1.0 && p.from.is_finite() && p.to.is_finite() && p.scale.is_finite())
            .then_some(p)
    }
}

/// What the input logic needs to know about a body.
#[derive(Clone, Copy, Debug)]
pub struct BodyView<'a> {
    /// The shape in its own frame.
    pub shape: &'a Shape,
    /// Its pose.
    pub pose: Pose,
    /// Whether its vertices can be dragged (polygon-like shapes).
    pub has_vertices: bool,
    /// A compound body's parts, in the body's frame (empty for one shape): hit-testing and
    /// turning then use all of them.
    pub parts: &'a [PlacedPart],
    /// The part the modes show (`shape` is its shape; vertex edit drags its vertices); 0 for
    /// one shape.
    pub shown: usize,
}

impl BodyView<'_> {
    /// The shown part's transform to world: the body's pose, then the part's placement.
    pub fn shown_transform(&self) -> Transform {
        let pose = self.pose.transform();
        match self.parts.get(self.shown) {
            Some(part) => pose.compose(part.xf),
            None => pose,
        }
    }

    /// The part of a compound under a point in the body's frame (the one the point is deepest
    /// in, where parts overlap); None outside every part, or for one shape.
    pub fn part_at(&self, local: Vec2) -> Option<usize> {
        let chain = self.is_chain();
        self.parts
            .iter()
            .map(|p| p.shape.distance_to_point(p.xf.apply_inv(local)))
            .enumerate()
            // A chain's segments have no inside: the nearest one (the click was on the line).
            .filter(|(_, d)| *d < 0.0 || chain)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }

    /// True for a chain: its segments are lines, grabbed within the ring of them, not turned
    /// by it.
    pub fn is_chain(&self) -> bool {
        self.parts.first().is_some_and(|p| p.link.is_some())
    }

    /// Signed distance from a point in the body's frame to its outline (negative inside): the
    /// nearest part's, for a compound.
    pub fn distance(&self, local: Vec2) -> f32 {
        if self.parts.is_empty() {
            return self.shape.distance_to_point(local);
        }
        self.parts
            .iter()
            .map(|p| p.shape.distance_to_point(p.xf.apply_inv(local)))
            .fold(f32::INFINITY, f32::min)
    }

    /// Whether a point in the body's frame is within `ring` of the body's outline. For a
    /// compound, the outline of the union of its parts: a part's edge that another part covers
    /// (a star's spikes meeting at its centre) is no outline, so the test looks round the point
    /// for a spot outside every part.
    pub fn near_outline(&self, local: Vec2, ring: f32) -> bool {
        let d = self.distance(local);
        if self.parts.is_empty() || d > 0.0 {
            return d.abs() <= ring;
        }
        (0..16).any(|k| {
            let t = std::f32::consts::TAU * k as f32 / 16.0;
            self.distance(local + Vec2::new(t.cos(), t.sin()) * ring) > 0.0
        })
    }

    /// The point it turns about, in the world: see [`BodyView::centroid`].
    pub fn centre(&self) -> Vec2 {
        self.pose.transform().apply(self.centroid())
    }

    /// The point it turns about, in the body's frame: the shape's centroid, or the mean of a
    /// compound's part centroids.
    pub fn centroid(&self) -> Vec2 {
        if self.parts.is_empty() {
            return self.shape.centroid();
        }
        crate::geom::compound::parts_centre(self.parts)
    }
}

/// What the pointer is over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hover {
    /// Inside a shape: a drag moves it.
    Inside(Which),
    /// On the ring near its outline: a drag turns it.
    Ring(Which),
    /// On a vertex (vertex-edit mode): a drag moves the vertex.
    Vertex(Which, usize),
}

/// The gesture in progress.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Gesture {
    /// Nothing.
    #[default]
    Idle,
    /// Moving a body; `grab` is the pointer's world offset from the body's position.
    Move {
        /// The body.
        body: Which,
        /// Pointer minus position at the start.
        grab: Vec2,
        /// Where the pointer was pressed (pixels).
        from: Vec2,
        /// The pointer has gone further than [`CLICK_PX`]: a drag, not a click.
        dragging: bool,
    },
    /// Turning a body about its centroid.
    Rotate {
        /// The body.
        body: Which,
        /// Pose at the start.
        start: Pose,
        /// Pointer angle about the centroid at the start (radians).
        start_angle: f32,
    },
    /// Dragging a vertex.
    Vertex {
        /// The body.
        body: Which,
        /// Vertex index.
        index: usize,
    },
    /// Panning the view; the last pointer position.
    Pan {
        /// Last pointer position (pixels).
        last: Vec2,
    },
}

/// The canvas interaction state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interaction {
    /// The gesture in progress.
    pub gesture: Gesture,
    /// What the pointer is over (for highlighting).
    pub hover: Option<Hover>,
}

fn snap(v: f32, step: f32) -> f32 {
    (v / step).round() * step
}

/// What is under the pixel `s`: vertices first (in vertex-edit mode), then B over A.
pub fn hit_test(cam: &Camera, s: Vec2, bodies: &[BodyView; 2], vertex_edit: bool) -> Option<Hover> {
    let w = cam.to_world(s);
    let order = [Which::B, Which::A];
    if vertex_edit {
        for body in order {
            let b = &bodies[body.index()];
            if !b.has_vertices {
                continue;
            }
            let xf = b.shown_transform();
            let near = b
                .shape
                .vertices()
                .iter()
                .enumerate()
                .map(|(i, v)| (i, cam.to_screen(xf.apply(*v)).distance(s)))
                .filter(|(_, d)| *d <= VERTEX_PX)
                .min_by(|x, y| x.1.total_cmp(&y.1));
            if let Some((i, _)) = near {
                return Some(Hover::Vertex(body, i));
            }
        }
    }
    let ring = RING_PX / cam.zoom;
    for body in order {
        let b = &bodies[body.index()];
        let local = b.pose.transform().apply_inv(w);
        if b.is_chain() {
            if b.distance(local) <= ring {
                return Some(Hover::Inside(body));
            }
            continue;
        }
        // Inside, the ring reaches at most half way to the shape's centre: a shape under two
        // rings across (a thin capsule, a small box on a phone) keeps a middle that moves it,
        // and is turned from just outside its outline.
        let inside = b.distance(local) < 0.0;
        let depth = (-b.distance(b.centroid())).max(0.0);
        if b.near_outline(local, if inside { ring.min(0.5 * depth) } else { ring }) {
            return Some(Hover::Ring(body));
        }
        if inside {
            return Some(Hover::Inside(body));
        }
    }
    None
}

impl Interaction {
    /// Feeds one frame of input. Pans and zooms `cam` directly; returns the scene edits.
    pub fn update(
        &mut self,
        input: &Input,
        cam: &mut Camera,
        bodies: &[BodyView; 2],
        vertex_edit: bool,
    ) -> Vec<Command> {
        let mut edits = Vec::new();
        let Some(s) = input.pointer.filter(|p| p.is_finite()) else {
            self.hover = None;
            return self.finish_if_released(input, edits, cam, bodies);
        };
        let free = !input.over_ui && cam.contains(s);

        // Two fingers: the view follows their midpoint and their spread. A one-finger gesture
        // that was going on ends there (what it did so far stays, as one undo step).
        if let Some(p) = input.pinch {
            if !input.over_ui && cam.contains(p.to) {
                cam.pan(p.to - p.from);
                cam.zoom_about(p.to, p.scale.clamp(0.5, 2.0));
            }
            if !matches!(self.gesture, Gesture::Idle | Gesture::Pan { .. }) {
                edits.push(Command::EndGesture);
            }
            self.gesture = Gesture::Idle;
            self.hover = None;
            return edits;
        }

        // Zoom about the cursor.
        if free && input.wheel != 0.0 && input.wheel.is_finite() {
            cam.zoom_about(s, 1.15f32.powf(input.wheel.clamp(-10.0, 10.0)));
        }

        // Start a gesture (a left press where it was, when the frame knows).
        let at = input
            .press_at
            .filter(|p| p.is_finite() && input.pressed[0] && cam.contains(*p))
            .unwrap_or(s);
        if self.gesture == Gesture::Idle && free {
            self.hover = hit_test(cam, at, bodies, vertex_edit);
            if input.pressed[1] || input.pressed[2] {
                self.gesture = Gesture::Pan { last: s };
            } else if input.pressed[0] {
                let w = cam.to_world(at);
                self.gesture = match self.hover {
                    Some(Hover::Inside(body)) => Gesture::Move {
                        body,
                        grab: w - bodies[body.index()].pose.position,
                        from: at,
                        dragging: false,
                    },
                    Some(Hover::Ring(body)) => {
                        let b = &bodies[body.index()];
                        let c = b.pose.transform().apply(b.centroid());
                        let d = w - c;
                        Gesture::Rotate {
                            body,
                            start: b.pose,
                            start_angle: crate::geom::math::heading(d),
                        }
                    }
                    Some(Hover::Vertex(body, index)) => Gesture::Vertex { body, index },
                    None => Gesture::Idle,
                };
                if !matches!(self.gesture, Gesture::Idle) {
                    edits.push(Command::BeginGesture);
                }
                // A compound's part keeps being shown while its vertices are dragged.
                if let Gesture::Vertex { body, .. } = self.gesture
                    && bodies[body.index()].parts.len() > 1
                {
                    edits.push(Command::PickPart(body, bodies[body.index()].shown));
                }
            }
        } else if self.gesture == Gesture::Idle {
            self.hover = None;
        }

        // Continue it.
        let w = cam.to_world(s);
        match self.gesture {
            Gesture::Idle => {}
            Gesture::Pan { last } => {
                cam.pan(s - last);
                self.gesture = Gesture::Pan { last: s };
            }
            Gesture::Move {
                body,
                grab,
                from,
                dragging,
            } => {
                // Within CLICK_PX of the press it may still be a click: the body stays put.
                if !dragging && s.distance(from) <= CLICK_PX {
                    return self.finish_if_released(input, edits, cam, bodies);
                }
                self.gesture = Gesture::Move {
                    body,
                    grab,
                    from,
                    dragging: true,
                };
                let mut p = w - grab;
                if input.shift {
                    p = Vec2::new(snap(p.x, SNAP_STEP), snap(p.y, SNAP_STEP));
                }
                let pose = Pose {
                    position: p,
                    ..bodies[body.index()].pose
                };
                edits.push(Command::SetPose(body, pose));
            }
            Gesture::Rotate {
                body,
                start,
                start_angle,
            } => {
                let b = &bodies[body.index()];
                let centroid_local = b.centroid();
                let c = start.transform().apply(centroid_local);
                let d = w - c;
                if cam.screen_length(d) > 2.0 {
                    let turn = (crate::geom::math::heading(d) - start_angle).to_degrees();
                    let mut angle = start.angle_deg + turn;
                    if input.shift {
                        angle = snap(angle, SNAP_DEG);
                    }
                    angle = wrap_degrees(angle);
                    // Keep the centroid where it was: turn about it, not about the origin.
                    let q = Pose {
                        position: start.position,
                        angle_deg: angle,
                    }
                    .transform();
                    let position = c - q.q.apply(centroid_local);
                    edits.push(Command::SetPose(
                        body,
                        Pose {
                            position,
                            angle_deg: angle,
                        },
                    ));
                }
            }
            Gesture::Vertex { body, index } => {
                let b = &bodies[body.index()];
                let mut target = w;
                if input.shift {
                    target = Vec2::new(snap(w.x, SNAP_STEP), snap(w.y, SNAP_STEP));
                }
                edits.push(Command::MoveVertex(
                    body,
                    index,
                    b.shown_transform().apply_inv(target),
                ));
            }
        }
        self.finish_if_released(input, edits, cam, bodies)
    }

    /// Ends the gesture when its button is up; a press and release without a drag on a
    /// compound body picks the part under the pointer.
    fn finish_if_released(
        &mut self,
        input: &Input,
        mut edits: Vec<Command>,
        cam: &Camera,
        bodies: &[BodyView; 2],
    ) -> Vec<Command> {
        let released = match self.gesture {
            Gesture::Idle => false,
            Gesture::Pan { .. } => !input.down[1] && !input.down[2],
            _ => !input.down[0],
        };
        if released {
            if let Gesture::Move {
                body,
                from,
                dragging: false,
                ..
            } = self.gesture
            {
                // A click shows a part of a compound body (a single shape beside one is its
                // only "part": a click on it changes nothing).
                let b = &bodies[body.index()];
                let local = b.pose.transform().apply_inv(cam.to_world(from));
                if let Some(part) = b.part_at(local).filter(|_| b.parts.len() > 1) {
                    edits.push(Command::PickPart(body, part));
                }
            }
            if !matches!(self.gesture, Gesture::Pan { .. }) {
                edits.push(Command::EndGesture);
            }
            self.gesture = Gesture::Idle;
        }
        edits
    }
}

/// An angle in degrees wrapped to (-180, 180].
pub fn wrap_degrees(a: f32) -> f32 {
    let r = a.rem_euclid(360.0);
    if r > 180.0 { r - 360.0 } else { r }
}

#[cfg(test)]
mod tests;
