//! The dialogs: keys and mouse (F1), open (Ctrl+O), save as, and "unsaved changes".

use super::KEYS;
use crate::app::command::{Answer, Command};
use crate::app::{App, web};
use egui::RichText;
use std::path::PathBuf;

impl App {
    pub(super) fn dialogs(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        if self.dialogs.help {
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
        if self.dialogs.open {
            self.open_dialog(ctx, out);
        }
        if self.dialogs.save_as.is_some() {
            self.save_as_dialog(ctx, out);
        }
        if let Some((path, _)) = &self.dialogs.recover {
            let name = path.display().to_string();
            egui::Window::new("Recovered edits")
                .collapsible(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    ui.label(
                        "The last session ended (it was closed by the system, or it crashed) \
                         with changes to this scene that were not saved. They were kept in:",
                    );
                    ui.monospace(name);
                    two_ways(
                        ui,
                        out,
                        ("Restore them (R)", egui::Key::R, Command::Recover(true)),
                        ("Discard them (D)", egui::Key::D, Command::Recover(false)),
                    );
                });
        }
        if self.dialogs.on_disk.is_some() {
            let name = self
                .doc
                .path()
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            egui::Window::new("Changed on disk")
                .collapsible(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    ui.label(format!(
                        "{name} changed on disk, and this scene has changes that are not saved."
                    ));
                    ui.label("Either way, Ctrl+Z takes you back.");
                    two_ways(
                        ui,
                        out,
                        (
                            "Reload the file (R)",
                            egui::Key::R,
                            Command::ReloadFromDisk(true),
                        ),
                        (
                            "Keep mine (K)",
                            egui::Key::K,
                            Command::ReloadFromDisk(false),
                        ),
                    );
                });
        }
        if self.dialogs.confirm.is_some() {
            egui::Window::new("Unsaved changes")
                .collapsible(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    ui.label("This scene has changes that are not saved.");
                    ui.horizontal(|ui| {
                        for (text, answer) in [
                            ("Save", Answer::Save),
                            ("Discard", Answer::Discard),
                            ("Cancel", Answer::Cancel),
                        ] {
                            if ui.button(text).clicked() {
                                out.push(Command::Confirm(answer));
                            }
                        }
                    });
                });
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let mut open = true;
        let mut chose = false;
        let folder = self
            .session
            .lecture
            .folder
            .clone()
            .unwrap_or_else(|| PathBuf::from("."));
        egui::Window::new("Open a scene")
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                if !web::CAN_QUIT {
                    // The browser: the user's disk is reached through its picker.
                    if ui.button("Choose a .ron file…").clicked() {
                        out.push(Command::PickFile);
                        chose = true;
                    }
                    ui.label("or drop one on the page.");
                } else {
                    self.folder_files(ui, &folder, out, &mut chose);
                }
                ui.separator();
                ui.label(RichText::new("Paste a scene's text").strong());
                egui::ScrollArea::vertical()
                    .max_height(120.0)
                    .id_salt("pasted")
                    .show(ui, |ui| {
                        ui.add(
                            egui::TextEdit::multiline(&mut self.dialogs.pasted)
                                .code_editor()
                                .desired_rows(4)
                                .hint_text("Scene(title: …, a: Body(…), b: Body(…))"),
                        );
                    });
                let has_text = !self.dialogs.pasted.trim().is_empty();
                if ui
                    .add_enabled(has_text, egui::Button::new("Open the pasted text"))
                    .clicked()
                {
                    out.push(Command::OpenText {
                        name: "pasted.ron".into(),
                        text: std::mem::take(&mut self.dialogs.pasted),
                    });
                    chose = true;
                }
                ui.separator();
                ui.label(RichText::new("Built-in lecture").strong());
                egui::ScrollArea::vertical()
                    .max_height(260.0)
                    .id_salt("builtin")
                    .show(ui, |ui| {
                        for (i, (name, _)) in crate::scene::BUILTIN.iter().enumerate() {
                            if ui.button(*name).clicked() {
                                out.push(Command::OpenBuiltin(i));
                                chose = true;
                            }
                        }
                    });
            });
        // Choosing closes the dialog, as does its close button.
        self.dialogs.open = open && !chose;
    }

    /// The scene files of the lecture's folder, each a button that opens it.
    fn folder_files(
        &self,
        ui: &mut egui::Ui,
        folder: &std::path::Path,
        out: &mut Vec<Command>,
        chose: &mut bool,
    ) {
        ui.label(RichText::new(format!("In {}", folder.display())).strong());
        egui::ScrollArea::vertical()
            .max_height(260.0)
            .id_salt("files")
            .show(ui, |ui| match crate::scene::lecture::scene_files(folder) {
                Ok(files) if !files.is_empty() => {
                    for f in files {
                        let name = f
                            .file_name()
                            .map(|n| n.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        if ui.button(name).clicked() {
                            out.push(Command::Open(f));
                            *chose = true;
                        }
                    }
                }
                _ => {
                    ui.label("no .ron scenes here");
                }
            });
    }

    fn save_as_dialog(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(mut name) = self.dialogs.save_as.take() else {
            return;
        };
        let mut keep = true;
        let folder = self
            .session
            .lecture
            .folder
            .clone()
            .unwrap_or_else(|| PathBuf::from("."));
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
                        out.push(Command::SaveTo(folder.join(file)));
                        keep = false;
                    }
                    if ui.button("Cancel").clicked() {
                        // Nothing saved: what was waiting for the save stays put.
                        self.dialogs.after_save = None;
                        keep = false;
                    }
                });
            });
        if keep {
            self.dialogs.save_as = Some(name);
        }
    }
}

/// A question's two answers side by side, each a button and a key.
fn two_ways(
    ui: &mut egui::Ui,
    out: &mut Vec<Command>,
    first: (&str, egui::Key, Command),
    second: (&str, egui::Key, Command),
) {
    ui.horizontal(|ui| {
        let (k1, k2) = ui.input(|i| (i.key_pressed(first.1), i.key_pressed(second.1)));
        if ui.button(first.0).clicked() || k1 {
            out.push(first.2);
        } else if ui.button(second.0).clicked() || k2 {
            out.push(second.2);
        }
    });
}
