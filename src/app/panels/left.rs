//! The left panel: the mode tabs, both bodies' editors, undo/redo, files and the UI scale.

use crate::app::command::Command;
use crate::app::draw::colors;
use crate::app::modes::Modes;
use crate::app::session::Session;

use crate::app::words::{count, part_pair};
use crate::geom::limits::{MAX_ANGLE_DEG, MAX_COORDINATE, MAX_SIZE};
use crate::scene::{Body, Scene, ShapeSpec};
use egui::{Color32, RichText};
use glam::Vec2;

const KINDS: [&str; 7] = [
    "Circle",
    "Box",
    "Polygon",
    "Regular polygon",
    "Capsule",
    "Compound",
    "Chain",
];

/// The kinds body B may be: a chain is static ground, body A only.
const CHAIN: usize = 6;

fn kind_index(s: &ShapeSpec) -> usize {
    match s {
        ShapeSpec::Circle { .. } => 0,
        ShapeSpec::Box { .. } => 1,
        ShapeSpec::Polygon { .. } => 2,
        ShapeSpec::RegularPolygon { .. } => 3,
        ShapeSpec::Capsule { .. } => 4,
        ShapeSpec::Compound { .. } => 5,
        ShapeSpec::Chain { .. } => 6,
    }
}

fn default_shape(kind: usize) -> ShapeSpec {
    match kind {
        0 => ShapeSpec::Circle { radius: 0.5 },
        1 => ShapeSpec::Box {
            width: 1.0,
            height: 1.0,
            radius: 0.0,
        },
        2 => ShapeSpec::Polygon {
            vertices: vec![
                Vec2::new(-0.6, -0.5),
                Vec2::new(0.7, -0.4),
                Vec2::new(0.2, 0.6),
            ],
            radius: 0.0,
        },
        3 => ShapeSpec::RegularPolygon {
            sides: 6,
            circumradius: 0.6,
        },
        4 => ShapeSpec::Capsule {
            length: 1.0,
            radius: 0.3,
        },
        // A floor of four tiles' width, walked from right to left so that it faces up.
        CHAIN => ShapeSpec::Chain {
            points: vec![
                Vec2::new(4.0, 0.0),
                Vec2::new(2.0, 0.0),
                Vec2::new(0.0, 0.0),
                Vec2::new(-2.0, 0.0),
                Vec2::new(-4.0, 0.0),
            ],
            r#loop: false,
        },
        // An L of two boxes.
        _ => ShapeSpec::Compound {
            parts: vec![
                crate::scene::Part {
                    shape: ShapeSpec::Box {
                        width: 1.2,
                        height: 0.3,
                        radius: 0.0,
                    },
                    position: Vec2::new(0.0, -0.45),
                    angle_deg: 0.0,
                },
                crate::scene::Part {
                    shape: ShapeSpec::Box {
                        width: 0.3,
                        height: 1.2,
                        radius: 0.0,
                    },
                    position: Vec2::new(-0.45, 0.0),
                    angle_deg: 0.0,
                },
            ],
        },
    }
}

/// A field's number in the app's one format ([`crate::app::words::num`]), as the panels and the
/// status bar print it (typing still takes any number).
fn field_number(v: f64, _: std::ops::RangeInclusive<usize>) -> String {
    crate::app::words::num(v as f32)
}

fn size(ui: &mut egui::Ui, label: &str, v: &mut f32, min: f32) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(
            egui::DragValue::new(v)
                .speed(0.01)
                .range(min..=MAX_SIZE)
                .custom_formatter(field_number),
        )
        .changed()
    })
    .inner
}

/// The shape picker and pose fields of one body. Returns true when something changed.
fn body_editor(ui: &mut egui::Ui, name: &str, color: Color32, body: &mut Body) -> bool {
    let mut changed = false;
    ui.label(RichText::new(format!("Body {name}")).strong().color(color));
    let mut kind = kind_index(&body.shape);
    egui::ComboBox::from_id_salt(format!("kind{name}"))
        .selected_text(KINDS[kind])
        .show_ui(ui, |ui| {
            for (i, k) in KINDS.iter().enumerate() {
                if i == CHAIN && name != "A" {
                    continue;
                }
                if ui.selectable_value(&mut kind, i, *k).changed() {
                    body.shape = default_shape(i);
                    changed = true;
                }
            }
        });
    match &mut body.shape {
        ShapeSpec::Circle { radius } => changed |= size(ui, "radius", radius, 0.001),
        ShapeSpec::Box {
            width,
            height,
            radius,
        } => {
            changed |= size(ui, "width", width, 0.001);
            changed |= size(ui, "height", height, 0.001);
            changed |= size(ui, "rounding", radius, 0.0);
        }
        ShapeSpec::Polygon { vertices, radius } => {
            ui.label(format!("{} vertices (V: drag them)", vertices.len()));
            changed |= size(ui, "rounding", radius, 0.0);
        }
        ShapeSpec::RegularPolygon {
            sides,
            circumradius,
        } => {
            ui.horizontal(|ui| {
                ui.label("sides");
                changed |= ui.add(egui::DragValue::new(sides).range(3..=64)).changed();
            });
            changed |= size(ui, "circumradius", circumradius, 0.001);
        }
        ShapeSpec::Capsule { length, radius } => {
            changed |= size(ui, "length", length, 0.001);
            changed |= size(ui, "radius", radius, 0.001);
        }
        ShapeSpec::Compound { parts } => {
            ui.label(format!(
                "{} convex parts (V: drag the shown part's vertices)",
                parts.len()
            ));
        }
        ShapeSpec::Chain { points, r#loop } => {
            let segments = if *r#loop {
                points.len()
            } else {
                points.len().saturating_sub(1)
            };
            ui.label(format!(
                "{} one-sided segments{}, facing right of the walk",
                segments,
                if *r#loop { " in a loop" } else { "" }
            ));
        }
    }
    ui.horizontal(|ui| {
        ui.label("x");
        changed |= ui
            .add(
                egui::DragValue::new(&mut body.position.x)
                    .speed(0.01)
                    .custom_formatter(field_number)
                    .range(-MAX_COORDINATE..=MAX_COORDINATE),
            )
            .changed();
    });
    // x and y on lines of their own: far from the origin ("10000.0000") two do not fit one.
    ui.horizontal(|ui| {
        ui.label("y");
        changed |= ui
            .add(
                egui::DragValue::new(&mut body.position.y)
                    .speed(0.01)
                    .custom_formatter(field_number)
                    .range(-MAX_COORDINATE..=MAX_COORDINATE),
            )
            .changed();
    });
    ui.horizontal(|ui| {
        ui.label("angle°");
        changed |= ui
            .add(
                egui::DragValue::new(&mut body.angle_deg)
                    .speed(0.5)
                    .custom_formatter(field_number)
                    .range(-MAX_ANGLE_DEG..=MAX_ANGLE_DEG),
            )
            .changed();
    });
    changed
}

/// What the left panel shows: the modes (their tabs), the session (the mode shown, the pair
/// and its chosen part pair), the scene's bodies, vertex edit and the presenter scale.
/// It changes nothing: what the user asks for comes back as commands.
pub(crate) struct Left<'a> {
    /// The modes, for their tabs.
    pub modes: &'a Modes,
    /// The mode shown, the pair and the part pair chosen.
    pub session: &'a Session,
    /// The pair shown (the session's, or a playing mode's at its step) and what it is.
    pub shown: &'a super::status::Shown<'a>,
    /// The scene, for the bodies' editors.
    pub scene: &'a Scene,
    /// Vertex edit is on.
    pub vertex_edit: bool,
    /// The presenter scale.
    pub ui_scale: f32,
    /// A quiz question waits: which part pairs touch is part of its answer.
    pub quiz_hides: bool,
    /// The theme and palette in force.
    pub look: colors::Look,
    /// The locks *Copy embed code* writes.
    pub embed_locks: &'a crate::app::locks::Locks,
    /// The world view's zoom, for a figure that keeps it.
    pub zoom: f32,
}

impl Left<'_> {
    /// For compound bodies: which part pair every mode shows — the deepest (the library's
    /// choice), a part of each body, or a part pair in contact. A click on a part on the
    /// canvas does the same.
    fn part_picker(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let pair = self.shown.pair;
        if pair.pair.bodies.is_none() {
            return;
        }
        let (shown, counts) = (pair.shown_parts(), pair.part_counts());
        ui.separator();
        ui.label(RichText::new("Part pair shown").strong());
        ui.label(part_pair(shown, counts));
        let mut deepest = self.session.parts.is_none();
        if ui
            .checkbox(&mut deepest, "the deepest pair")
            .on_hover_text(
                "The part pair with the least separation: the deepest, or the closest when apart.",
            )
            .changed()
        {
            out.push(Command::PickParts((!deepest).then_some(shown)));
        }
        for (i, (name, color)) in [("A", colors::a()), ("B", colors::b())]
            .into_iter()
            .enumerate()
        {
            if counts[i] < 2 {
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{name} part")).color(color));
                for k in 0..counts[i] {
                    if ui.selectable_label(shown[i] == k, k.to_string()).clicked() {
                        let mut parts = shown;
                        parts[i] = k;
                        out.push(Command::PickParts(Some(parts)));
                    }
                }
            });
        }
        // While a quiz question waits, which part pairs touch (and with how many points) is
        // part of the answer.
        let manifolds = if self.quiz_hides {
            &[][..]
        } else {
            &pair.whole.manifolds[..]
        };
        ui.label(RichText::new("In contact:").small());
        for m in manifolds {
            let text = format!(
                "{}: {}",
                part_pair(m.parts, counts),
                count(m.manifold.len(), "point", "points")
            );
            if ui.selectable_label(m.parts == shown, text).clicked() {
                out.push(Command::PickParts(Some(m.parts)));
            }
        }
        if self.quiz_hides {
            ui.label(RichText::new("(shown once you answer)").small());
        } else if pair.whole.manifolds.is_empty() {
            ui.label(RichText::new("no part pair").small());
        }
        ui.label(
            RichText::new("or click a part on the canvas")
                .small()
                .color(colors::dim()),
        );
    }

    /// The pair a playing mode shows at its step: what it is, its separation and its points
    /// (the part picker below reads it too).
    fn played(&self, ui: &mut egui::Ui, caption: &str) {
        let pair = self.shown.pair;
        ui.label(RichText::new(caption).strong());
        if self.quiz_hides {
            return;
        }
        let w = &pair.whole;
        ui.label(format!(
            "separation {}, {}",
            crate::app::words::signed(w.separation),
            count(w.points().count(), "point", "points")
        ));
    }

    /// The panel, `width` points wide; what the user asks for is pushed onto `out`.
    pub(crate) fn show(&self, ctx: &egui::Context, width: f32, out: &mut Vec<Command>) {
        egui::SidePanel::left("left")
            .resizable(false)
            .exact_width(width)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.contents(ui, out));
            });
    }

    /// What *Copy embed code* locks in the figure it writes: bodies a student cannot move, the
    /// modes offered, the step text, playing on sight, the zoom.
    fn embed_options(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let mut l = self.embed_locks.clone();
        egui::CollapsingHeader::new("Embed options")
            .id_salt("embed options")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label("lock");
                    ui.checkbox(&mut l.locked[0], "A")
                        .on_hover_text("the figure's A cannot be moved or turned");
                    ui.checkbox(&mut l.locked[1], "B")
                        .on_hover_text("the figure's B cannot be moved or turned");
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label("modes");
                    for m in self.modes.iter() {
                        let kind = m.kind();
                        let mut on = l.offers(kind);
                        if ui.checkbox(&mut on, super::embed::short_title(m)).changed() {
                            let mut list: Vec<_> = self
                                .modes
                                .iter()
                                .map(|m| m.kind())
                                .filter(|k| if *k == kind { on } else { l.offers(*k) })
                                .collect();
                            // At least one mode; all of them is no lock at all.
                            if list.is_empty() {
                                list.push(kind);
                            }
                            let all = list.len() == self.modes.iter().count();
                            l.modes = (!all).then_some(list);
                        }
                    }
                });
                ui.checkbox(&mut l.text, "step text under the figure");
                ui.checkbox(&mut l.autoplay, "Simulate plays on sight");
                let mut keep = l.zoom.is_some();
                if ui
                    .checkbox(
                        &mut keep,
                        format!("keep this zoom ({:.0} px per unit)", self.zoom),
                    )
                    .changed()
                {
                    l.zoom = keep.then_some(self.zoom);
                }
            });
        if l != *self.embed_locks {
            out.push(Command::SetEmbedLocks(l.to_query()));
        }
    }

    fn contents(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        ui.heading("Narrowphase Lab");
        ui.horizontal_wrapped(|ui| {
            for m in self.modes.iter() {
                if ui
                    .selectable_label(self.session.mode == m.kind(), m.title())
                    .on_hover_text(m.hover())
                    .clicked()
                {
                    out.push(Command::SetMode(m.kind()));
                }
            }
        });
        ui.separator();
        // A playing mode's pair at its step (Simulate: the run's), before the scene's start.
        if let Some(caption) = self.shown.caption {
            self.played(ui, caption);
            ui.separator();
            ui.label(RichText::new("The scene's start (an edit starts the run again)").small());
        }
        let (mut a, mut b) = (self.scene.a.clone(), self.scene.b.clone());
        let mut changed = false;
        changed |= body_editor(ui, "A", colors::a(), &mut a);
        ui.separator();
        changed |= body_editor(ui, "B", colors::b(), &mut b);
        if changed {
            out.push(Command::SetBodies(Box::new((a, b))));
        }
        self.part_picker(ui, out);
        ui.separator();
        let mut vertex_edit = self.vertex_edit;
        if ui
            .checkbox(&mut vertex_edit, "Vertex edit (V)")
            .on_hover_text(
                "drag a polygon's vertices; a move that would make it concave is refused",
            )
            .changed()
        {
            out.push(Command::ToggleVertexEdit);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button("⟲ Undo").on_hover_text("Ctrl+Z").clicked() {
                out.push(Command::Undo);
            }
            if ui.button("⟳ Redo").on_hover_text("Ctrl+Shift+Z").clicked() {
                out.push(Command::Redo);
            }
            if ui
                .button("Frame (F)")
                .on_hover_text("zoom and pan so that everything the mode draws is in view")
                .clicked()
            {
                out.push(Command::FrameBodies);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button("Open…").on_hover_text("Ctrl+O").clicked() {
                out.push(Command::ShowOpen);
            }
            if ui
                .button("Overview")
                .on_hover_text("O: the lecture's scenes, their modes, questions and stops")
                .clicked()
            {
                out.push(Command::ToggleOverview);
            }
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                out.push(Command::Save);
            }
            if ui
                .button("Save as…")
                .on_hover_text("save under a new name")
                .clicked()
            {
                out.push(Command::SaveAs);
            }
            super::edit::panel::button(ui, out);
        });
        ui.horizontal(|ui| {
            if ui
                .button("Copy link")
                .on_hover_text("Ctrl+L: a link that opens this scene, mode and step")
                .clicked()
            {
                out.push(Command::CopyLink);
            }
            if ui
                .button("Copy embed code")
                .on_hover_text(
                    "Ctrl+Shift+L: an <iframe> of this scene, mode and step, for a course \
                     page: the canvas alone with a slim bar",
                )
                .clicked()
            {
                out.push(Command::CopyEmbed);
            }
        });
        self.embed_options(ui, out);
        ui.horizontal(|ui| {
            ui.label("UI scale");
            // The slider leaves room for its value in a narrow panel.
            ui.spacing_mut().slider_width = (ui.available_width() - 60.0).clamp(40.0, 160.0);
            let mut scale = self.ui_scale;
            let (lo, hi) = crate::app::command::UI_SCALE_RANGE;
            if ui
                .add(egui::Slider::new(&mut scale, lo..=hi))
                .on_hover_text("presenter scale: text, lines and panels (Ctrl + / Ctrl −)")
                .changed()
            {
                out.push(Command::SetScale(scale));
            }
        });
        let mut light = self.look.theme == colors::Theme::Light;
        if ui
            .checkbox(&mut light, "Light theme (projector)")
            .on_hover_text("dark, strong lines on white: projectors wash dark themes out")
            .changed()
        {
            out.push(Command::SetLightTheme(light));
        }
        let mut cvd = self.look.palette == colors::Palette::Cvd;
        if ui
            .checkbox(&mut cvd, "Colour-vision-safe colours")
            .on_hover_text(
                "colours that stay apart under protanopia, deuteranopia and tritanopia; \
                 shapes tell the meanings apart too (the incident face dashed, dropped points \
                 crossed)",
            )
            .changed()
        {
            out.push(Command::SetCvdPalette(cvd));
        }
    }
}
