//! Scenes in and out: moving through the lecture, opening, saving, reloading a file that
//! changed on disk, and asking before a modified scene is left.

use super::document::{Document, content_hash, file_bytes};
use super::link::{self, LinkScene};
use super::state::Leave;
use super::{App, scene_of, web};
use crate::scene::{self, Lecture, LectureScene};
use std::path::PathBuf;

/// The name a scene opened from a link goes by (and is saved as).
pub const LINKED_SCENE: &str = link::LINKED_SCENE;

/// How much of a copied link the banner shows.
const LINK_SHOWN_CHARS: usize = 72;

/// The size of the figure *Copy embed code* makes, in CSS pixels: a column of a course page.
pub const EMBED_SIZE: (u32, u32) = (640, 400);

impl App {
    /// Goes to scene `index` of the lecture, or asks first when the scene is modified;
    /// `force` goes even then (the changes were saved or discarded).
    pub fn go_to(&mut self, index: usize, _now: f64, force: bool) {
        if index >= self.session.lecture.scenes.len() || (index == self.session.index && !force) {
            return;
        }
        if self.doc.modified() && !force {
            self.dialogs.confirm = Some(Leave::Scene(index));
            return;
        }
        self.enter(index);
    }

    /// Opens scene `index` of the lecture, changes or not.
    fn enter(&mut self, index: usize) {
        let Some(l) = self.session.lecture.scenes.get(index) else {
            return;
        };
        match scene_of(l) {
            Ok(s) => {
                self.session.index = index;
                self.dialogs.slide_error = None;
                self.doc = Document::new(s, l.path.clone());
                self.dialogs.banner = None;
                self.enter_scene();
            }
            // A broken file is a slide of its own: its error is shown, and PageDown and
            // PageUp go on from it to the scenes after and before it.
            Err(e) => {
                self.session.index = index;
                self.dialogs.slide_error = Some(e);
                self.dialogs.banner = None;
                self.view.interaction = super::input::Interaction::default();
            }
        }
    }

    /// Opens a file or folder as the lecture, or asks first when the scene is modified.
    pub fn open(&mut self, path: PathBuf, now: f64, force: bool) {
        if self.doc.modified() && !force {
            self.dialogs.confirm = Some(Leave::Open(path));
            return;
        }
        match Lecture::open(&path) {
            Ok((lecture, index)) => {
                self.session.lecture = lecture;
                self.enter(index);
            }
            Err(e) => self.show_error(e.to_string(), now),
        }
    }

    /// Opens a scene from its text (a dropped or chosen file, pasted text, a link), as a
    /// lecture of its own; asks first when the scene is modified, unless `force`. A text that
    /// is not a scene keeps the scene on screen and says why (with the line and column).
    pub fn open_text(&mut self, name: String, text: String, now: f64, force: bool) -> bool {
        if self.doc.modified() && !force {
            self.dialogs.confirm = Some(Leave::Text(name, text));
            return false;
        }
        match scene::parse(&text, &name) {
            Ok(loaded) => {
                self.session.lecture = Lecture {
                    folder: None,
                    scenes: vec![LectureScene {
                        name,
                        path: None,
                        scene: Ok(loaded),
                    }],
                };
                self.enter(0);
                true
            }
            Err(e) => {
                self.show_error(e.to_string(), now);
                false
            }
        }
    }

    /// A link the page's address changed to while the app runs: followed, or asked about
    /// first when the scene has changes (they are not lost to a pasted link).
    pub fn follow_link(&mut self, query: String, fragment: String, now: f64) {
        // Only a link that names a scene can replace this one: no scene in it (`#top`), or a
        // broken one (said in the banner), asks nothing.
        if self.doc.modified() && matches!(link::parse(&query, &fragment), Ok(Some(_))) {
            self.dialogs.confirm = Some(Leave::Link(query, fragment));
        } else {
            self.open_link(&query, &fragment, now);
        }
    }

    /// Opens what a page address's query and fragment name (DESIGN.md, "Browser"). A bad link
    /// leaves the scene on screen (at the start, the built-in lecture) and says why.
    pub fn open_link(&mut self, query: &str, fragment: &str, now: f64) {
        let request = match link::parse(query, fragment) {
            Ok(Some(r)) => r,
            Ok(None) => return,
            Err(e) => {
                self.show_error(format!("{e} — showing the built-in lecture instead"), now);
                return;
            }
        };
        let opened = match request.scene {
            LinkScene::Builtin(name) => {
                match scene::BUILTIN
                    .iter()
                    .position(|(file, _)| file.trim_end_matches(".ron") == name)
                {
                    Some(index) => {
                        self.session.lecture = Lecture::builtin();
                        self.enter(index);
                        true
                    }
                    None => {
                        self.show_error(
                            format!(
                                "the link names a scene '{}' that is not in the built-in \
                                 lecture — showing the lecture from its start",
                                link::shown(&name)
                            ),
                            now,
                        );
                        false
                    }
                }
            }
            LinkScene::Text(text) => {
                let opened = self.open_text(LINKED_SCENE.into(), text, now, true);
                if let Some(b) = self.dialogs.banner.as_mut().filter(|_| !opened) {
                    b.text = format!("the link's scene could not be read: {}", b.text);
                }
                opened
            }
        };
        if opened {
            if let Some(m) = request.mode {
                self.set_mode(m);
            }
            if let Some(k) = request.step {
                self.session.step = k;
                self.clamp_step();
            }
        }
    }

    /// Puts the scene as shown, its mode and step into a link (Ctrl+L): in the browser the
    /// page's address and the clipboard; natively the banner, the clipboard and stdout.
    pub fn copy_link(&mut self, now: f64) {
        match self.publish_link() {
            Ok(shown) => {
                if web::CAN_QUIT {
                    println!("{shown}");
                    self.shell.to_clipboard = Some(shown.clone());
                }
                // The whole link is in the clipboard (and the address bar, and on stdout); the
                // banner names it without filling the canvas with a kilobyte of base64.
                let n = shown.chars().count();
                let head: String = shown.chars().take(LINK_SHOWN_CHARS).collect();
                let more = if n > LINK_SHOWN_CHARS { "…" } else { "" };
                self.show_info(format!("link copied ({n} characters): {head}{more}"), now);
            }
            Err(e) => self.show_error(e, now),
        }
    }

    /// The link of the scene as shown, at its mode and step, published (in the browser the
    /// page's address shows it): what *Copy link* and *Copy embed code* both start from.
    fn publish_link(&self) -> Result<String, String> {
        let mut scene = self.scene_as_shown();
        scene.step = self.session.step;
        let text = scene::to_ron(&scene).map_err(|e| e.to_string())?;
        let fragment = link::make(&text, self.session.mode, self.session.step);
        Ok(web::publish_link(&fragment))
    }

    /// *Reset* (an embedded figure's bar): in the browser the page's own link opened again (its
    /// scene, mode and step); natively the scene as last opened or saved, in its own mode and
    /// at its own step, as one undo step.
    pub fn reset(&mut self, now: f64) {
        if let Some((query, fragment)) = web::page_address()
            && matches!(link::parse(&query, &fragment), Ok(Some(_)))
        {
            self.open_link(&query, &fragment, now);
            return;
        }
        let saved = self.doc.saved().clone();
        if *self.doc.scene() != saved {
            self.doc.edit(|s: &mut scene::Scene| *s = saved.clone());
            self.recompute(now);
        }
        self.session.mode = saved.mode;
        self.session.step = saved.step;
        self.clamp_step();
        self.view.apply_scene_view(self.doc.scene().view);
    }

    /// *Copy embed code*: an `<iframe>` of the link *Copy link* makes (the address bar shows
    /// that link, in the browser), with `&embed=1`, goes to the clipboard (natively also to
    /// stdout), for a lecturer to paste into a course page.
    pub fn copy_embed(&mut self, now: f64) {
        match self.publish_link() {
            Ok(shown) => {
                let code = link::embed_code(&shown, EMBED_SIZE.0, EMBED_SIZE.1);
                web::copy_text(&code);
                if web::CAN_QUIT {
                    println!("{code}");
                    self.shell.to_clipboard = Some(code.clone());
                }
                let n = code.chars().count();
                self.show_info(
                    format!(
                        "embed code copied ({n} characters): an <iframe> {}×{} of this scene — \
                         paste it into a course page's HTML",
                        EMBED_SIZE.0, EMBED_SIZE.1
                    ),
                    now,
                );
            }
            Err(e) => self.show_error(e.to_string(), now),
        }
    }

    /// The scene as it is to be saved or shared: with the mode on screen, and the view when the
    /// user moved it.
    fn scene_as_shown(&self) -> scene::Scene {
        let mut scene = self.doc.scene().clone();
        if self.view.view_moved {
            scene.view = Some(scene::View {
                center: self.view.cam.center,
                zoom: self.view.cam.zoom,
            });
        }
        scene.mode = self.session.mode;
        scene
    }

    /// Closes the window, or asks first when the scene is modified.
    pub fn request_quit(&mut self) {
        if !web::CAN_QUIT {
            // A page is closed with its tab; Ctrl+Q there is the browser's.
        } else if self.doc.modified() {
            self.dialogs.confirm = Some(Leave::Quit);
        } else {
            self.shell.quit = true;
        }
    }

    /// Opens the built-in lecture at `index`.
    pub fn open_builtin(&mut self, index: usize, now: f64) {
        if self.doc.modified() {
            self.show_error("save or undo your changes first (Ctrl+S)", now);
            return;
        }
        self.session.lecture = Lecture::builtin();
        self.enter(index);
    }

    /// Saves atomically to `path`, with the view (the camera, when the user moved it) and the
    /// mode the scene is to open in. Returns true when it was written.
    pub fn save_to(&mut self, path: PathBuf, now: f64) -> bool {
        let scene = self.scene_as_shown();
        // In the browser the file goes to the user's downloads.
        if !web::CAN_QUIT {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "scene.ron".into());
            return match scene::to_ron(&scene) {
                Ok(text) if web::download(&name, &text) => {
                    self.doc.saved_as(scene, path);
                    self.show_info(format!("downloaded {name}"), now);
                    true
                }
                Ok(_) => false,
                Err(e) => {
                    self.show_error(e.to_string(), now);
                    false
                }
            };
        }
        if self.changed_under_us(&path, now) {
            return false;
        }
        match scene::save(&path, &scene) {
            Ok(()) => {
                self.doc.saved_as(scene, path.clone());
                self.show_info(format!("saved {}", path.display()), now);
                true
            }
            Err(e) => {
                self.show_error(e.to_string(), now);
                false
            }
        }
    }

    /// Before a save over the scene's own file: true (and nothing is to be written) when the
    /// file's content changed since it was read or last written, to values other than the ones
    /// saved (a change to comments or layout only is kept by the save's merge, so it asks
    /// nothing). The file's scene then waits in the reload / keep-mine question, as the watcher's
    /// would; keeping mine and saving again overwrites it. A file that no longer reads as a scene
    /// is said, and the next save overwrites it.
    fn changed_under_us(&mut self, path: &std::path::Path, now: f64) -> bool {
        if self.doc.path() != Some(path) {
            return false;
        }
        let Some(bytes) = file_bytes(path) else {
            return false;
        };
        let hash = content_hash(&bytes);
        if Some(hash) == self.doc.disk() {
            return false;
        }
        self.doc.set_disk(Some(hash));
        // A leave waiting for this save (Save, then quit) waits no more: nothing was saved.
        self.dialogs.after_save = None;
        match scene::parse_bytes(&bytes, path) {
            Ok(l) if l.scene == *self.doc.saved() => false,
            Ok(l) => {
                self.dialogs.on_disk = Some(Box::new(l.scene));
                self.show_info(
                    format!(
                        "not saved: {} changed on disk since it was opened — reload it or keep \
                         yours (then Ctrl+S overwrites it)?",
                        path.display()
                    ),
                    now,
                );
                true
            }
            Err(e) => {
                self.show_error(
                    format!(
                        "not saved: {} changed on disk and no longer reads as a scene ({e}) — \
                         Ctrl+S again overwrites it",
                        path.display()
                    ),
                    now,
                );
                true
            }
        }
    }

    /// Reloads the scene when its file changed on disk; a broken edit keeps the last good scene.
    /// With unsaved edits it asks first (reload / keep mine): the file's scene waits in
    /// [`Dialogs::on_disk`](super::state::Dialogs::on_disk).
    pub fn check_reload(&mut self, now: f64) {
        let Some(path) = self.doc.path().map(|p| p.to_path_buf()) else {
            return;
        };
        // By content, not modification time: a change that keeps the time is seen too.
        let Some(bytes) = file_bytes(&path) else {
            return;
        };
        let hash = content_hash(&bytes);
        if Some(hash) == self.doc.disk() {
            return;
        }
        self.doc.set_disk(Some(hash));
        match scene::parse_bytes(&bytes, &path) {
            Ok(l) if *self.doc.scene() == l.scene => {
                self.dialogs.on_disk = None;
                self.doc.keep_mine(l.scene);
            }
            Ok(l) if self.doc.modified() || self.dialogs.on_disk.is_some() => {
                self.dialogs.on_disk = Some(Box::new(l.scene));
                self.show_info(
                    format!(
                        "{} changed on disk: reload it or keep yours?",
                        path.display()
                    ),
                    now,
                );
            }
            Ok(l) => self.take_from_disk(l.scene, now),
            Err(e) => self.show_error(format!("{e} (keeping the last good scene)"), now),
        }
    }

    /// Answers "the file changed on disk": take the file's scene (one undo step) or keep the
    /// edits on screen (they become unsaved changes against the new file).
    pub fn answer_on_disk(&mut self, reload: bool, now: f64) {
        let Some(scene) = self.dialogs.on_disk.take() else {
            return;
        };
        if reload {
            self.take_from_disk(*scene, now);
        } else {
            self.doc.keep_mine(*scene);
            self.show_info("kept your version: Ctrl+S overwrites the file", now);
        }
    }

    /// Shows `scene`, read again from the scene's file, keeping the mode, step and (when the
    /// file has none) the view; undoable.
    fn take_from_disk(&mut self, scene: scene::Scene, now: f64) {
        let keep_view = (self.view.cam.center, self.view.cam.zoom);
        self.doc.reloaded(scene.clone());
        if let Some(Ok(s)) = self
            .session
            .lecture
            .scenes
            .get_mut(self.session.index)
            .map(|slot| &mut slot.scene)
        {
            s.scene = scene;
        }
        let (mode, step) = (self.session.mode, self.session.step);
        self.enter_scene();
        if self.doc.scene().view.is_none() {
            (self.view.cam.center, self.view.cam.zoom) = keep_view;
            self.view.frame_pending = false;
        }
        self.session.mode = mode;
        self.session.step = step;
        self.clamp_step();
        let name = self
            .doc
            .path()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        self.show_info(format!("reloaded {name} — Ctrl+Z undoes it"), now);
    }

    /// Where F12 writes: next to the scene (or in the current folder for a built-in one).
    pub fn screenshot_path(&self) -> PathBuf {
        let (dir, stem) = match self.doc.path() {
            Some(p) => (
                p.parent().map(|d| d.to_path_buf()).unwrap_or_default(),
                p.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "scene".into()),
            ),
            None => (
                PathBuf::from("."),
                self.session
                    .scene_name()
                    .trim_end_matches(".ron")
                    .to_string(),
            ),
        };
        let mode = self.session.mode.name();
        (1..10_000)
            .map(|n| dir.join(format!("{stem}-{mode}-{n}.png")))
            // Nothing there, not even a dangling link (which `exists` does not see).
            .find(|p| std::fs::symlink_metadata(p).is_err())
            .unwrap_or_else(|| dir.join(format!("{stem}.png")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::Pose;
    use crate::app::command::{Command, StepTo};
    use crate::app::modes::ModeKind;
    use crate::cli::AppFlags;
    use crate::scene::questions::Which;
    use glam::Vec2;

    fn app() -> App {
        App::new(&AppFlags::default()).expect("the built-in lecture opens")
    }

    #[test]
    fn undo_and_redo_restore_exactly() {
        let mut app = app();
        let original = app.doc.scene().clone();
        let moved = Pose {
            position: Vec2::new(1.25, 3.5),
            angle_deg: 33.0,
        };
        app.apply_all(
            &[
                Command::BeginGesture,
                Command::SetPose(Which::B, moved),
                Command::EndGesture,
            ],
            0.0,
        );
        let edited = app.doc.scene().clone();
        assert_eq!(edited.b.position, moved.position);
        assert!(app.doc.modified());
        app.apply(Command::Undo, 0.0);
        assert_eq!(*app.doc.scene(), original);
        assert!(!app.doc.modified());
        app.apply(Command::Redo, 0.0);
        assert_eq!(*app.doc.scene(), edited);
        // The pair follows the scene.
        assert_eq!(app.session.pair.xfs()[1].p, moved.position);
    }

    #[test]
    fn a_gesture_is_one_undo_step() {
        let mut app = app();
        let mut edits = vec![Command::BeginGesture];
        for k in 0..20 {
            edits.push(Command::SetPose(
                Which::A,
                Pose {
                    position: Vec2::new(k as f32 * 0.1, 0.0),
                    angle_deg: 0.0,
                },
            ));
        }
        edits.push(Command::EndGesture);
        app.apply_all(&edits, 0.0);
        assert_eq!(app.doc.undo_len(), 1);
    }

    #[test]
    fn vertex_edit_refuses_a_concave_move_and_says_so() {
        let mut app = app();
        // Scene 1's B is a 2×1 box: dragging its top-right corner (vertex 2) to the centre would
        // make it concave.
        let before = app.doc.scene().clone();
        app.apply_all(
            &[
                Command::BeginGesture,
                Command::MoveVertex(Which::B, 2, Vec2::new(0.0, -0.2)),
                Command::EndGesture,
            ],
            0.0,
        );
        assert_eq!(*app.doc.scene(), before, "the shape must not change");
        let banner = app.dialogs.banner.clone().expect("an explanation");
        assert!(banner.error && banner.text.contains("convex"), "{banner:?}");
        // Onto the line between its neighbours: the vertex would vanish, so that is refused too.
        app.apply_all(
            &[
                Command::BeginGesture,
                Command::MoveVertex(Which::B, 2, Vec2::new(0.0, 0.0)),
                Command::EndGesture,
            ],
            0.0,
        );
        assert_eq!(*app.doc.scene(), before);
        assert_eq!(app.doc.undo_len(), 0);
        // A move that keeps it convex is taken, and the box becomes a polygon.
        app.apply_all(
            &[
                Command::BeginGesture,
                Command::MoveVertex(Which::B, 2, Vec2::new(1.5, 0.9)),
                Command::EndGesture,
            ],
            0.0,
        );
        match &app.doc.scene().b.shape {
            crate::scene::ShapeSpec::Polygon { vertices, .. } => {
                assert_eq!(vertices[2], Vec2::new(1.5, 0.9))
            }
            other => panic!("expected a polygon, got {other:?}"),
        }
        assert_eq!(app.doc.undo_len(), 1);
    }

    #[test]
    fn steps_are_clamped_when_the_trace_shrinks() {
        let mut app = app();
        app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
        app.session.step = 1000;
        app.clamp_step();
        assert_eq!(app.session.step, app.step_count() - 1);
        app.apply(Command::Step(StepTo::First), 0.0);
        assert_eq!(app.session.step, 0);
    }

    #[test]
    fn resolve_moves_b_out_by_the_sat_mtv() {
        let mut app = app();
        let sat = app.session.pair.sat;
        assert!(sat.overlap());
        app.apply(Command::TranslateB(sat.mtv), 0.0);
        let q = app.session.pair.query;
        assert!(!q.overlap, "after resolving, the shapes touch at most");
        assert!(q.separation.abs() < 1e-5);
        app.apply(Command::Undo, 0.0);
        assert!(app.session.pair.query.overlap);
    }

    #[test]
    fn closing_asks_first_only_when_modified() {
        let mut app = app();
        app.apply(Command::Quit, 0.0);
        assert!(app.shell.quit && app.dialogs.confirm.is_none());
        let mut app = self::app();
        app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
        app.apply(Command::Quit, 0.0);
        assert!(!app.shell.quit);
        assert_eq!(app.dialogs.confirm, Some(Leave::Quit));
    }

    #[test]
    fn a_query_link_opens_the_named_builtin_scene_mode_and_step() {
        let mut app = app();
        app.open_link("?scene=11_crossing_capsules&mode=gjk&step=2", "", 0.0);
        assert_eq!(app.session.index, 10);
        assert_eq!(app.session.scene_name(), "11_crossing_capsules.ron");
        assert_eq!(app.session.mode, ModeKind::Gjk);
        assert_eq!(app.session.step, 2);
        assert!(app.dialogs.banner.is_none(), "{:?}", app.dialogs.banner);
        // A step past the trace's end is clamped to its last step, as --step is.
        app.open_link("?scene=11_crossing_capsules&mode=gjk&step=999", "", 0.0);
        assert_eq!(app.session.step, app.step_count() - 1);
        // An unknown name: the banner says so, the scene on screen stays.
        app.open_link("?scene=99_nothing", "", 0.0);
        assert_eq!(app.session.index, 10);
        let banner = app.dialogs.banner.clone().expect("a banner");
        assert!(
            banner.error && banner.text.contains("99_nothing"),
            "{banner:?}"
        );
        // Issue 39, item 6: a long name is echoed cut short, not whole.
        let long = "y".repeat(1_900_000);
        app.open_link(&format!("?scene={long}"), "", 0.0);
        let banner = app.dialogs.banner.clone().expect("a banner");
        assert!(banner.text.len() < 250, "{} bytes", banner.text.len());
        assert!(
            banner.text.contains("(1900000 characters)"),
            "{}",
            &banner.text[..200]
        );
    }

    #[test]
    fn a_copied_link_opens_the_edited_scene_in_another_app() {
        let mut app = app();
        let moved = Pose {
            position: Vec2::new(1.25, 3.5),
            angle_deg: 33.0,
        };
        app.apply_all(
            &[
                Command::BeginGesture,
                Command::SetPose(Which::B, moved),
                Command::EndGesture,
            ],
            0.0,
        );
        app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
        app.apply(Command::Step(StepTo::At(1)), 0.0);
        app.apply(Command::CopyLink, 0.0);
        let link = app
            .shell
            .to_clipboard
            .clone()
            .expect("a link for the clipboard");
        let banner = app.dialogs.banner.clone().expect("a banner");
        // The banner names the link by its start and length, not a kilobyte of base64.
        let head: String = link.chars().take(LINK_SHOWN_CHARS).collect();
        assert!(
            !banner.error
                && banner.text.contains(&head)
                && banner.text.len() < link.len()
                && banner
                    .text
                    .contains(&format!("({} characters)", link.chars().count())),
            "{banner:?}"
        );
        let fragment = link.strip_prefix("index.html#").expect("a #s= link");

        let mut other = self::app();
        other.open_link("", fragment, 0.0);
        assert!(other.dialogs.banner.is_none(), "{:?}", other.dialogs.banner);
        assert_eq!(other.doc.scene().a, app.doc.scene().a);
        assert_eq!(other.doc.scene().b, app.doc.scene().b);
        assert_eq!(other.doc.scene().b.position, moved.position);
        assert_eq!(other.session.mode, ModeKind::Gjk);
        assert_eq!(other.session.step, 1);
        assert_eq!(other.session.scene_name(), LINKED_SCENE);
        // Saving it asks for a name, as any scene without a file does.
        other.apply(Command::Save, 0.0);
        assert_eq!(other.dialogs.save_as.as_deref(), Some(LINKED_SCENE));
    }

    #[test]
    fn a_broken_link_keeps_the_builtin_lecture_and_says_why() {
        let mut app = app();
        let before = app.doc.scene().clone();
        app.open_link("", "#s=AAAA", 0.0);
        let banner = app.dialogs.banner.clone().expect("a banner");
        assert!(banner.error, "{banner:?}");
        assert!(banner.text.contains("built-in lecture"), "{banner:?}");
        assert_eq!(*app.doc.scene(), before);
        assert_eq!(app.session.index, 0);
        // A link whose text is not a scene says where the text is wrong.
        let fragment = crate::app::link::make("Scene(title: 3)", ModeKind::Sat, 0);
        app.open_link("", &fragment, 0.0);
        let banner = app.dialogs.banner.clone().expect("a banner");
        assert!(
            banner
                .text
                .starts_with("the link's scene could not be read"),
            "{banner:?}"
        );
        assert!(banner.text.contains(LINKED_SCENE), "{banner:?}");
        assert_eq!(*app.doc.scene(), before);
    }

    #[test]
    fn a_link_followed_while_the_scene_is_modified_asks_first() {
        let mut app = app();
        app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
        let edited = app.doc.scene().clone();
        app.follow_link("?scene=07_circles".into(), String::new(), 0.0);
        assert!(matches!(app.dialogs.confirm, Some(Leave::Link(..))));
        assert_eq!(*app.doc.scene(), edited, "nothing replaced while it asks");
        app.apply(
            Command::Confirm(crate::app::command::UnsavedChoice::Cancel),
            0.0,
        );
        assert_eq!(*app.doc.scene(), edited, "cancel keeps the edits");
        app.follow_link("?scene=07_circles".into(), String::new(), 0.0);
        app.apply(
            Command::Confirm(crate::app::command::UnsavedChoice::Discard),
            0.0,
        );
        assert_eq!(app.session.scene_name(), "07_circles.ron");
        // Unmodified, a link is followed at once.
        app.follow_link("?scene=01_resting_box".into(), String::new(), 0.0);
        assert_eq!(app.session.scene_name(), "01_resting_box.ron");
        // An address that names no scene (`#top`), or a broken link, asks nothing.
        app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
        app.follow_link(String::new(), "top".into(), 0.0);
        assert!(app.dialogs.confirm.is_none());
        app.follow_link(String::new(), "s=@@@".into(), 0.0);
        assert!(app.dialogs.confirm.is_none());
        assert!(
            app.dialogs.banner.as_ref().is_some_and(|b| b.error),
            "the broken link is said"
        );
        assert!(app.doc.modified(), "the edits stay");
    }

    /// Two different scenes pasted under the same name keep their unsaved edits apart; a
    /// built-in scene's recovery file keeps its plain name (with this process's tag).
    #[test]
    fn scenes_opened_from_text_have_recovery_files_of_their_own() {
        let mut app = app();
        let builtin = app.recovery_path();
        let tag = super::super::recovery::instance();
        assert!(
            builtin.ends_with(format!("01_resting_box.ron.{tag}.recover")),
            "{builtin:?}"
        );
        let mut paths = Vec::new();
        for index in [6, 0, 6] {
            let text = crate::scene::BUILTIN[index].1.to_string();
            assert!(app.open_text("pasted.ron".into(), text, 0.0, true));
            paths.push(app.recovery_path());
        }
        assert_ne!(paths[0], paths[1], "two scenes pasted as pasted.ron");
        assert_ne!(
            paths[1], builtin,
            "a pasted copy of scene 1 is not the built-in one"
        );
        assert_eq!(
            paths[0], paths[2],
            "the same scene pasted again finds its edits"
        );
    }

    /// A question about the scene left behind (its file changed on disk, its recovered
    /// edits) does not stay open over the next scene, where its answer would land.
    #[test]
    fn opening_another_scene_drops_the_last_scenes_questions() {
        let mut app = app();
        let scene = app.doc.scene().clone();
        app.dialogs.on_disk = Some(Box::new(scene.clone()));
        app.dialogs.recover = Some((std::path::PathBuf::from("x.recover"), Box::new(scene)));
        app.apply(Command::OpenBuiltin(6), 0.0);
        assert_eq!(app.session.scene_name(), "07_circles.ron");
        assert!(app.dialogs.on_disk.is_none() && app.dialogs.recover.is_none());
    }

    #[test]
    fn opening_a_dropped_text_asks_first_when_the_scene_is_modified() {
        let mut app = app();
        let (_, text) = crate::scene::BUILTIN[6];
        app.apply(Command::TranslateB(Vec2::new(0.5, 0.0)), 0.0);
        let open = Command::OpenText {
            name: "circles.ron".into(),
            text: text.into(),
        };
        app.apply(open, 0.0);
        assert!(matches!(app.dialogs.confirm, Some(Leave::Text(..))));
        app.apply(
            Command::Confirm(crate::app::command::UnsavedChoice::Discard),
            0.0,
        );
        assert_eq!(app.session.scene_name(), "circles.ron");
        let want = crate::scene::parse(text, "circles.ron")
            .expect("parses")
            .scene;
        assert_eq!(*app.doc.scene(), want);
        assert!(!app.doc.modified());
        // Text that is not a scene: the banner names the line, the scene stays.
        app.apply(
            Command::OpenText {
                name: "bad.ron".into(),
                text: "Scene(\n  title: \"x\",\n  a: Nope,\n)".into(),
            },
            0.0,
        );
        let banner = app.dialogs.banner.clone().expect("a banner");
        assert!(
            banner.error && banner.text.contains("bad.ron"),
            "{banner:?}"
        );
        assert_eq!(*app.doc.scene(), want);
    }

    #[test]
    fn print_state_has_the_documented_fields() {
        let app = app();
        let v: serde_json::Value = serde_json::from_str(&app.state_json()).expect("json");
        for key in ["scene", "mode", "step", "zoom", "screen"] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        assert!(v["screen"]["a"][0].is_number() && v["screen"]["b"][1].is_number());
        assert!(v["scene"]["b"]["position"].is_array());
    }
}
