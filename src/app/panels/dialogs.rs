//! The dialogs: keys and mouse (F1), open (Ctrl+O), the lecture overview (O), save as, and
//! "unsaved changes".

use super::KEYS;
use crate::app::command::{Command, UnsavedChoice};
use crate::app::draw::colors;
use crate::app::legend;

use crate::app::modes::Modes;
use crate::app::state::{Dialogs, Leave};
use crate::app::web;
use crate::scene::Lecture;
use egui::RichText;
use std::path::{Path, PathBuf};

/// What the dialogs show, and their own state (which are open, the text typed in them): the
/// modes (the help's legends), the scene's file (its name when it changed on disk) and the
/// lecture (its scenes' names, its folder). What the user answers comes back as commands.
pub(crate) struct DialogsView<'a> {
    /// Which dialogs are open and what was typed in them.
    pub dialogs: &'a mut Dialogs,
    /// The modes, for the help's legends.
    pub modes: &'a Modes,
    /// The scene's file, if it has one.
    pub path: Option<&'a Path>,
    /// The lecture.
    pub lecture: &'a Lecture,
    /// The index of the scene shown in the lecture (the overview marks it).
    pub index: usize,
}

impl DialogsView<'_> {
    /// Every dialog that is open; answers are pushed onto `out`.
    pub(crate) fn show(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        if self.dialogs.help {
            egui::Window::new("Keys and mouse (F1)")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    // Tall at a large presenter scale: it scrolls rather than leave the window,
                    // and takes the window's height first (left to itself the scroll area stops
                    // at about half of it, cutting the keys after Ctrl+Q).
                    let room = ctx.screen_rect().height() - 80.0;
                    egui::ScrollArea::vertical()
                        .max_height(room)
                        .min_scrolled_height(room)
                        .show(ui, |ui| {
                            let keys = |ui: &mut egui::Ui| {
                                egui::Grid::new("keys").striped(true).show(ui, |ui| {
                                    for (k, what) in KEYS {
                                        ui.label(RichText::new(*k).strong());
                                        ui.label(*what);
                                        ui.end_row();
                                    }
                                });
                            };
                            let colours = |ui: &mut egui::Ui| {
                                ui.vertical(|ui| {
                                    ui.set_max_width(360.0);
                                    ui.label(RichText::new("What the colours mean").strong());
                                    legend::show(ui, legend::COMMON);
                                    for mode in self.modes.iter() {
                                        ui.label(RichText::new(mode.title()).strong());
                                        legend::show(ui, mode.legend());
                                    }
                                });
                            };
                            // The colours beside the keys where the window is wide enough for
                            // both (about 1,200 points), else under them.
                            if ctx.screen_rect().width() >= 1200.0 {
                                ui.horizontal_top(|ui| {
                                    keys(ui);
                                    ui.separator();
                                    colours(ui);
                                });
                            } else {
                                keys(ui);
                                ui.separator();
                                colours(ui);
                            }
                        });
                });
        }
        if self.dialogs.open {
            self.open_dialog(ctx, out);
        }
        super::overview::show(ctx, &mut self.dialogs.overview, self.modes, self.index, out);
        if self.dialogs.save_as.is_some() {
            self.save_as_dialog(ctx, out);
        }
        if let Some((path, _)) = &self.dialogs.recover {
            let name = path.display().to_string();
            let shown = egui::Modal::new(egui::Id::new("recover")).show(ctx, |ui| {
                ui.heading("Recovered edits");
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
                ui.label(RichText::new("Escape: decide later (the file stays)").size(13.0));
            });
            if shown.should_close() {
                out.push(Command::CloseDialogs);
            }
        }
        if let Some((path, why)) = &self.dialogs.broken_recovery {
            let (name, why) = (path.display().to_string(), why.clone());
            let shown = egui::Modal::new(egui::Id::new("broken recovery")).show(ctx, |ui| {
                ui.heading("A recovery file that cannot be read");
                ui.label(
                    "A recovery file from an earlier session is here, but it does not read as \
                     a scene, so it cannot be restored:",
                );
                ui.monospace(name);
                ui.label(RichText::new(why).size(13.0));
                two_ways(
                    ui,
                    out,
                    (
                        "Keep it (K, Escape)",
                        egui::Key::K,
                        Command::BrokenRecovery(false),
                    ),
                    ("Delete it (D)", egui::Key::D, Command::BrokenRecovery(true)),
                );
            });
            if shown.should_close() {
                out.push(Command::BrokenRecovery(false));
            }
        }
        if self.dialogs.on_disk.is_some() {
            let name = self
                .path
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let shown = egui::Modal::new(egui::Id::new("on disk")).show(ctx, |ui| {
                ui.heading("Changed on disk");
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
                        "Keep mine (K, Escape)",
                        egui::Key::K,
                        Command::ReloadFromDisk(false),
                    ),
                );
            });
            if shown.should_close() {
                out.push(Command::ReloadFromDisk(false));
            }
        }
        if let Some(leave) = &self.dialogs.confirm {
            let action = self.leave_words(leave);
            let shown = egui::Modal::new(egui::Id::new("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "This scene has changes that are not saved. You asked to {action}."
                ));
                ui.horizontal(|ui| {
                    let keys =
                        ui.input(|i| (i.key_pressed(egui::Key::S), i.key_pressed(egui::Key::D)));
                    for (text, answer, key) in [
                        (
                            format!("Save, then {action} (S)"),
                            UnsavedChoice::Save,
                            keys.0,
                        ),
                        (
                            format!("Discard them and {action} (D)"),
                            UnsavedChoice::Discard,
                            keys.1,
                        ),
                        ("Cancel (Escape)".to_string(), UnsavedChoice::Cancel, false),
                    ] {
                        if ui.button(text).clicked() || key {
                            out.push(Command::Confirm(answer));
                        }
                    }
                });
            });
            if shown.should_close() {
                out.push(Command::Confirm(UnsavedChoice::Cancel));
            }
        }
    }

    /// The pending action in words, for the unsaved-changes question.
    fn leave_words(&self, leave: &Leave) -> String {
        match leave {
            Leave::Scene(i) => {
                let title = self
                    .lecture
                    .scenes
                    .get(*i)
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                format!("go to scene {} ({title})", i + 1)
            }
            Leave::Open(p) => format!(
                "open {}",
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| p.display().to_string())
            ),
            Leave::Text(name, _) => format!("open {name}"),
            Leave::Link(..) => "open the link's scene".to_string(),
            Leave::Quit => "quit".to_string(),
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let mut open = true;
        let mut chose = false;
        let mut go_to: Option<PathBuf> = None;
        let folder = self.dialogs.open_folder.clone();
        let mut text = std::mem::take(&mut self.dialogs.open_text);
        egui::Window::new("Open a scene or a lecture")
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                if !web::CAN_QUIT {
                    // The browser: the user's disk is reached through its picker.
                    if ui.button("Choose a .ron file…").clicked() {
                        out.push(Command::PickFile);
                        chose = true;
                    }
                    ui.label("or drop one on the page.");
                } else {
                    browse(ui, &folder, &mut text, &mut go_to, out, &mut chose);
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
                if ui
                    .button("Overview of this lecture (O)")
                    .on_hover_text(
                        "every scene's title, mode, questions and tour stops, or why it does \
                         not load; click one to go to it",
                    )
                    .clicked()
                {
                    out.push(Command::ToggleOverview);
                    chose = true;
                }
                ui.separator();
                ui.label(RichText::new("Built-in lecture").strong());
                egui::ScrollArea::vertical()
                    .max_height(200.0)
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
        if let Some(dir) = go_to {
            text = dir.display().to_string();
            self.dialogs.open_folder = dir;
        }
        self.dialogs.open_text = text;
        // Choosing closes the dialog, as does its close button.
        self.dialogs.open = open && !chose;
    }

    fn save_as_dialog(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(mut name) = self.dialogs.save_as.take() else {
            return;
        };
        let mut keep = true;
        let folder = self
            .lecture
            .folder
            .clone()
            .unwrap_or_else(|| PathBuf::from("."));
        let shown = egui::Modal::new(egui::Id::new("save as")).show(ctx, |ui| {
            ui.heading("Save as");
            ui.label(format!("File name, in {}:", folder.display()));
            let r = ui.text_edit_singleline(&mut name);
            if !r.has_focus() && !r.lost_focus() {
                r.request_focus();
            }
            ui.horizontal(|ui| {
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Save (Enter)").clicked() || enter {
                    let mut file = name.trim().to_string();
                    if !file.ends_with(".ron") {
                        file.push_str(".ron");
                    }
                    out.push(Command::SaveTo(folder.join(file)));
                    keep = false;
                }
                if ui.button("Cancel (Escape)").clicked() {
                    keep = false;
                }
            });
        });
        if shown.should_close() {
            keep = false;
        }
        if !keep {
            // Nothing saved by a cancel: what was waiting for the save stays put.
            if !matches!(out.last(), Some(Command::SaveTo(_))) {
                self.dialogs.after_save = None;
            }
        }
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

/// The open dialog's file system part: a path field, the folder's subfolders and scenes, up,
/// and the folder as a lecture. A folder clicked or typed is browsed into (`go_to`).
fn browse(
    ui: &mut egui::Ui,
    folder: &std::path::Path,
    text: &mut String,
    go_to: &mut Option<PathBuf>,
    out: &mut Vec<Command>,
    chose: &mut bool,
) {
    ui.label("A scene file (.ron) or a folder of them (a lecture):");
    ui.horizontal(|ui| {
        let r = ui.add(egui::TextEdit::singleline(text).desired_width(330.0));
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Open").clicked() || enter {
            let path = PathBuf::from(text.trim());
            if path.is_dir() {
                *go_to = Some(path);
            } else {
                out.push(Command::Open(path));
                *chose = true;
            }
        }
    });
    ui.horizontal(|ui| {
        if let Some(up) = folder.parent().filter(|p| !p.as_os_str().is_empty())
            && ui
                .button("⬆ Up")
                .on_hover_text(up.display().to_string())
                .clicked()
        {
            *go_to = Some(up.to_path_buf());
        }
        if ui
            .button("Open this folder as the lecture")
            .on_hover_text("its scenes in file-name order; PageUp / PageDown page them")
            .clicked()
        {
            out.push(Command::Open(folder.to_path_buf()));
            *chose = true;
        }
    });
    ui.label(RichText::new(format!("In {}", folder.display())).strong());
    egui::ScrollArea::vertical()
        .max_height(240.0)
        .id_salt("files")
        .show(ui, |ui| match list_folder(folder) {
            Ok((dirs, files)) if !(dirs.is_empty() && files.is_empty()) => {
                for d in dirs {
                    if ui.button(format!("{}/", file_name(&d))).clicked() {
                        *go_to = Some(d);
                    }
                }
                for f in files {
                    if ui.button(file_name(&f)).clicked() {
                        out.push(Command::Open(f));
                        *chose = true;
                    }
                }
            }
            Ok(_) => {
                ui.label("no folders or .ron scenes here");
            }
            Err(e) => {
                ui.label(RichText::new(format!("cannot list it: {e}")).color(colors::bad()));
            }
        });
}

/// A path's last part, for a button.
fn file_name(p: &std::path::Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

/// The folders (not hidden) and the `.ron` files of `folder`, each in name order.
fn list_folder(folder: &std::path::Path) -> std::io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
    let mut dirs = Vec::new();
    for e in std::fs::read_dir(folder)? {
        let p = e?.path();
        if p.is_dir() && !file_name(&p).starts_with('.') {
            dirs.push(p);
        }
    }
    dirs.sort();
    let files = crate::scene::lecture::scene_files(folder).unwrap_or_default();
    Ok((dirs, files))
}
