//! The egui panels: modes and shapes on the left, the mode's table and steps on the right, notes
//! and status at the bottom, the banner, help, and the open / save-as / discard dialogs.

use super::draw::colors;
use super::modes::{ModeAction, ModeKind};
use super::state::{App, Leave};
use crate::scene::{Body, ShapeSpec};
use egui::{Color32, RichText};
use glam::Vec2;

/// Every key and mouse action, for the help overlay and the README.
pub const KEYS: &[(&str, &str)] = &[
    ("Left-drag inside a shape", "move it"),
    (
        "Left-drag on the ring near its outline",
        "turn it about its centroid",
    ),
    ("Shift while dragging", "snap (0.1 units, 15°)"),
    ("V", "vertex edit: drag polygon vertices (stays convex)"),
    ("Wheel", "zoom about the cursor"),
    ("Right- or middle-drag", "pan"),
    ("F", "frame both shapes"),
    ("1 2 3", "SAT · GJK/EPA · manifold"),
    ("Space / Right arrow", "next step"),
    ("Left arrow", "previous step"),
    ("Home / End", "first / last step"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Ctrl+S", "save (atomic)"),
    ("Ctrl+O", "open a scene or lecture"),
    ("PageUp / PageDown", "previous / next scene"),
    ("Ctrl + / Ctrl −", "UI scale (presenter)"),
    ("F1", "this help"),
    ("F12", "screenshot next to the scene"),
];

const KINDS: [&str; 5] = ["Circle", "Box", "Polygon", "Regular polygon", "Capsule"];

fn kind_index(s: &ShapeSpec) -> usize {
    match s {
        ShapeSpec::Circle { .. } => 0,
        ShapeSpec::Box { .. } => 1,
        ShapeSpec::Polygon { .. } => 2,
        ShapeSpec::RegularPolygon { .. } => 3,
        ShapeSpec::Capsule { .. } => 4,
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
        _ => ShapeSpec::Capsule {
            length: 1.0,
            radius: 0.3,
        },
    }
}

fn size(ui: &mut egui::Ui, label: &str, v: &mut f32, min: f32) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(
            egui::DragValue::new(v)
                .speed(0.01)
                .range(min..=1000.0)
                .max_decimals(4),
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
    }
    ui.horizontal(|ui| {
        ui.label("x");
        changed |= ui
            .add(
                egui::DragValue::new(&mut body.position.x)
                    .speed(0.01)
                    .range(-1.0e5..=1.0e5),
            )
            .changed();
        ui.label("y");
        changed |= ui
            .add(
                egui::DragValue::new(&mut body.position.y)
                    .speed(0.01)
                    .range(-1.0e5..=1.0e5),
            )
            .changed();
    });
    ui.horizontal(|ui| {
        ui.label("angle°");
        changed |= ui
            .add(
                egui::DragValue::new(&mut body.angle_deg)
                    .speed(0.5)
                    .range(-360.0..=360.0),
            )
            .changed();
    });
    changed
}

impl App {
    /// Builds every panel for this frame.
    pub fn ui(&mut self, ctx: &egui::Context, now: f64) {
        self.status_bar(ctx);
        self.left_panel(ctx, now);
        self.right_panel(ctx, now);
        self.notes_panel(ctx);
        self.dialogs(ctx, now);
        if self.show_help {
            egui::Window::new("Keys and mouse (F1)")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    egui::Grid::new("keys").striped(true).show(ui, |ui| {
                        for (k, what) in KEYS {
                            ui.label(RichText::new(*k).strong());
                            ui.label(*what);
                            ui.end_row();
                        }
                    });
                });
        }
    }

    fn left_panel(&mut self, ctx: &egui::Context, now: f64) {
        egui::SidePanel::left("left")
            .resizable(false)
            .exact_width(250.0)
            .show(ctx, |ui| {
                ui.heading("Narrowphase Lab");
                ui.horizontal_wrapped(|ui| {
                    for m in ModeKind::ALL {
                        if ui
                            .selectable_label(self.mode == m, super::modes::title(m))
                            .clicked()
                        {
                            self.set_mode(m);
                        }
                    }
                });
                ui.separator();
                let before = self.scene.clone();
                let mut changed = false;
                changed |= body_editor(ui, "A", colors::A, &mut self.scene.a);
                ui.separator();
                changed |= body_editor(ui, "B", colors::B, &mut self.scene.b);
                ui.separator();
                ui.checkbox(&mut self.vertex_edit, "Vertex edit (V)");
                if changed {
                    self.begin_panel_edit(&before);
                    if let Err(e) = self.recompute() {
                        self.show_error(e, now);
                    }
                }
                if !ctx.is_using_pointer() && !changed {
                    self.end_panel_edit();
                }
                ui.separator();
                ui.horizontal(|ui| {
                    if ui.button("⟲ Undo").clicked() {
                        self.undo();
                    }
                    if ui.button("⟳ Redo").clicked() {
                        self.redo();
                    }
                    if ui.button("Frame (F)").clicked() {
                        self.frame_bodies();
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button("Open…").on_hover_text("Ctrl+O").clicked() {
                        self.show_open = true;
                    }
                    if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                        self.save(now);
                    }
                    if ui.button("Save as…").clicked() {
                        self.save_as = Some(
                            self.path
                                .as_ref()
                                .and_then(|p| p.file_name())
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_else(|| "scene.ron".into()),
                        );
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("UI scale");
                    if ui
                        .add(egui::Slider::new(&mut self.ui_scale, 0.75..=2.5))
                        .changed()
                    {
                        ctx.set_zoom_factor(self.ui_scale);
                    }
                });
            });
    }

    fn right_panel(&mut self, ctx: &egui::Context, now: f64) {
        egui::SidePanel::right("right")
            .resizable(false)
            .exact_width(430.0)
            .show(ctx, |ui| {
                ui.heading(super::modes::title(self.mode));
                let count = self.mode_ref().step_count(&self.pair);
                ui.horizontal(|ui| {
                    if ui.button("⏮").on_hover_text("first (Home)").clicked() {
                        self.step = 0;
                    }
                    if ui
                        .button("◀")
                        .on_hover_text("previous (Left arrow)")
                        .clicked()
                    {
                        self.step = self.step.saturating_sub(1);
                    }
                    if ui
                        .button("▶")
                        .on_hover_text("next (Space / Right arrow)")
                        .clicked()
                    {
                        self.step = (self.step + 1).min(count - 1);
                    }
                    if ui.button("⏭").on_hover_text("last (End)").clicked() {
                        self.step = count - 1;
                    }
                    let label = self.mode_ref().step_label(&self.pair, self.step);
                    ui.label(RichText::new(label).strong().color(colors::ACCENT));
                });
                if count > 1 {
                    let mut s = self.step;
                    ui.add(egui::Slider::new(&mut s, 0..=count - 1).show_value(false));
                    self.step = s;
                }
                let text = self.mode_ref().step_text(&self.pair, self.step);
                ui.label(RichText::new(text).size(15.0));
                ui.separator();
                let before = self.options;
                let mut step = self.step;
                let mut options = self.options;
                let (mode, pair) = self.mode_and_pair();
                let action = egui::ScrollArea::vertical()
                    .show(ui, |ui| mode.ui_controls(ui, pair, &mut step, &mut options))
                    .inner;
                self.step = step;
                self.options = options;
                if self.options != before {
                    let _ = self.recompute();
                }
                if let Some(ModeAction::TranslateB(d)) = action {
                    self.translate_b(d);
                    self.show_info(
                        format!("moved B by ({:.3}, {:.3}) — Ctrl+Z undoes it", d.x, d.y),
                        now,
                    );
                }
            });
    }

    fn status_bar(&mut self, ctx: &egui::Context) {
        egui::TopBottomPanel::bottom("status").show(ctx, |ui| {
            ui.horizontal(|ui| {
                let file = self
                    .path
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| {
                        format!(
                            "built-in: {}",
                            self.lecture
                                .scenes
                                .get(self.index)
                                .map(|s| s.name.as_str())
                                .unwrap_or("")
                        )
                    });
                ui.label(format!("{file}{}", if self.modified() { " *" } else { "" }));
                ui.separator();
                ui.label(format!(
                    "scene {}/{}",
                    self.index.saturating_add(1),
                    self.lecture.scenes.len()
                ));
                ui.separator();
                let q = &self.pair.query;
                let c = if q.overlap { colors::BAD } else { colors::GOOD };
                ui.label(RichText::new(format!("separation {:+.5}", q.separation)).color(c));
                ui.label(format!("normal ({:+.3}, {:+.3})", q.normal.x, q.normal.y));
                ui.label(format!("{} point(s)", self.pair.manifold.len()));
                ui.separator();
                ui.label(format!("{:.1} ms", self.frame_ms));
            });
        });
    }

    fn notes_panel(&mut self, ctx: &egui::Context) {
        egui::TopBottomPanel::bottom("notes")
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(RichText::new(&self.scene.title).heading().strong());
                if !self.scene.notes.is_empty() {
                    ui.label(RichText::new(&self.scene.notes).size(15.0));
                }
                for w in &self.warnings {
                    ui.label(RichText::new(format!("warning: {w}")).color(colors::ACCENT));
                }
            });
    }

    fn dialogs(&mut self, ctx: &egui::Context, now: f64) {
        if self.show_open {
            let mut open = true;
            let mut choice: Option<Result<std::path::PathBuf, usize>> = None;
            egui::Window::new("Open a scene")
                .open(&mut open)
                .collapsible(false)
                .show(ctx, |ui| {
                    let folder = self
                        .lecture
                        .folder
                        .clone()
                        .unwrap_or_else(|| std::path::PathBuf::from("."));
                    ui.label(RichText::new(format!("In {}", folder.display())).strong());
                    egui::ScrollArea::vertical()
                        .max_height(260.0)
                        .id_salt("files")
                        .show(ui, |ui| match crate::scene::lecture::scene_files(&folder) {
                            Ok(files) if !files.is_empty() => {
                                for f in files {
                                    let name = f
                                        .file_name()
                                        .map(|n| n.to_string_lossy().into_owned())
                                        .unwrap_or_default();
                                    if ui.button(name).clicked() {
                                        choice = Some(Ok(f));
                                    }
                                }
                            }
                            _ => {
                                ui.label("no .ron scenes here");
                            }
                        });
                    ui.separator();
                    ui.label(RichText::new("Built-in lecture").strong());
                    egui::ScrollArea::vertical()
                        .max_height(260.0)
                        .id_salt("builtin")
                        .show(ui, |ui| {
                            for (i, (name, _)) in crate::scene::BUILTIN.iter().enumerate() {
                                if ui.button(*name).clicked() {
                                    choice = Some(Err(i));
                                }
                            }
                        });
                });
            match choice {
                Some(Ok(path)) => {
                    self.show_open = false;
                    self.open(path, now, false);
                }
                Some(Err(i)) => {
                    self.show_open = false;
                    self.open_builtin(i, now);
                }
                None => self.show_open = open,
            }
        }
        if let Some(mut name) = self.save_as.take() {
            let mut keep = true;
            egui::Window::new("Save as")
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.label("File name (in the lecture's folder):");
                    let r = ui.text_edit_singleline(&mut name);
                    ui.horizontal(|ui| {
                        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        if ui.button("Save").clicked() || enter {
                            let mut file = name.trim().to_string();
                            if !file.ends_with(".ron") {
                                file.push_str(".ron");
                            }
                            let folder = self
                                .lecture
                                .folder
                                .clone()
                                .unwrap_or_else(|| std::path::PathBuf::from("."));
                            self.save_to(folder.join(file), now);
                            keep = false;
                        }
                        if ui.button("Cancel").clicked() {
                            keep = false;
                        }
                    });
                });
            if keep {
                self.save_as = Some(name);
            }
        }
        if let Some(leave) = self.confirm.clone() {
            egui::Window::new("Unsaved changes")
                .collapsible(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    ui.label("This scene has changes that are not saved.");
                    ui.horizontal(|ui| {
                        if ui.button("Save").clicked() {
                            self.save(now);
                            self.confirm = None;
                        }
                        if ui.button("Discard").clicked() {
                            self.confirm = None;
                            match leave.clone() {
                                Leave::Scene(i) => self.go_to(i, now, true),
                                Leave::Open(p) => self.open(p, now, true),
                                Leave::Quit => self.quit = true,
                            }
                        }
                        if ui.button("Cancel").clicked() {
                            self.confirm = None;
                        }
                    });
                });
        }
    }

    /// Switches mode, keeping the step inside the new trace.
    pub fn set_mode(&mut self, m: ModeKind) {
        if self.mode != m {
            self.mode = m;
            self.step = 0;
            self.clamp_step();
        }
    }
}
