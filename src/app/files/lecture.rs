//! Moving through the lecture and opening scenes: a scene of the lecture, a file or folder, a
//! text, a link; the link and embed code of the scene as shown; *Reset*.

use super::Files;
use crate::app::command::{self, After};
use crate::app::document::Document;
use crate::app::link::{self, LinkScene};
use crate::app::session::Session;
use crate::app::state::Leave;
use crate::app::web;
use crate::scene::{self, Lecture, LectureScene, Scene};
use std::path::PathBuf;

/// The name a scene opened from a link goes by (and is saved as).
pub const LINKED_SCENE: &str = link::LINKED_SCENE;

/// How much of a copied link the banner shows.
pub(super) const LINK_SHOWN_CHARS: usize = 72;

/// The size of the figure *Copy embed code* makes, in CSS pixels: a column of a course page.
pub const EMBED_SIZE: (u32, u32) = (640, 400);

/// Reads a scene for the app: the loaded scene or an error message.
pub(crate) fn scene_of(l: &LectureScene) -> Result<Scene, String> {
    l.scene
        .as_ref()
        .map(|s| s.scene.clone())
        .map_err(|e| e.to_string())
}

/// The document and session the app opens with: the lecture (or file) the flags name, at its
/// scene, or the built-in lecture.
pub(crate) fn open_flags(flags: &crate::cli::AppFlags) -> Result<(Document, Session), String> {
    let (lecture, index) = match &flags.path {
        Some(p) => Lecture::open(p).map_err(|e| e.to_string())?,
        None => (Lecture::builtin(), 0),
    };
    let first = lecture
        .scenes
        .get(index)
        .ok_or_else(|| "the lecture has no scenes".to_string())?;
    let scene = scene_of(first)?;
    let doc = Document::new(scene.clone(), first.path.clone());
    Ok((doc, Session::new(lecture, index, &scene)?))
}

impl Files<'_> {
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
                *self.doc = Document::new(s, l.path.clone());
                self.dialogs.banner = None;
                self.after.push(After::Entered);
            }
            // A broken file is a slide of its own: its error is shown, and PageDown and
            // PageUp go on from it to the scenes after and before it.
            Err(e) => {
                self.session.index = index;
                self.dialogs.slide_error = Some(e);
                self.dialogs.banner = None;
                self.view.interaction = crate::app::input::Interaction::default();
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
                self.set_lecture(lecture);
                self.enter(index);
            }
            Err(e) => self.dialogs.show_error(e.to_string(), now),
        }
    }

    /// Opens a scene from its text (a dropped or chosen file, pasted text) as a new scene of the
    /// lecture, just after the one shown: the lecture stays, and PageUp goes back to where it
    /// was. Asks first when the scene is modified, unless `force`. A text that is not a scene
    /// keeps the scene on screen and says why (with the line and column).
    pub fn open_text(&mut self, name: String, text: String, now: f64, force: bool) -> bool {
        if self.doc.modified() && !force {
            self.dialogs.confirm = Some(Leave::Text(name, text));
            return false;
        }
        match scene::parse(&text, &name) {
            Ok(loaded) => {
                let scenes = &mut self.session.lecture.scenes;
                let at = (self.session.index + 1).min(scenes.len());
                scenes.insert(
                    at,
                    LectureScene {
                        name,
                        path: None,
                        builtin: false,
                        scene: Ok(loaded),
                    },
                );
                self.dialogs.overview.lecture_changed(&self.session.lecture);
                self.enter(at);
                true
            }
            Err(e) => {
                self.dialogs.show_error(e.to_string(), now);
                false
            }
        }
    }

    /// Opens a link's scene from its text as a lecture of its own (a link is where a class
    /// starts). A text that is not a scene keeps the scene on screen and says why.
    fn open_linked_text(&mut self, text: String, now: f64) -> bool {
        match scene::parse(&text, LINKED_SCENE) {
            Ok(loaded) => {
                self.set_lecture(Lecture {
                    folder: None,
                    scenes: vec![LectureScene {
                        name: LINKED_SCENE.into(),
                        path: None,
                        builtin: false,
                        scene: Ok(loaded),
                    }],
                });
                self.enter(0);
                true
            }
            Err(e) => {
                self.dialogs.show_error(e.to_string(), now);
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
                self.dialogs
                    .show_error(format!("{e} — showing the built-in lecture instead"), now);
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
                        self.set_lecture(Lecture::builtin());
                        self.enter(index);
                        true
                    }
                    None => {
                        self.dialogs.show_error(
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
                let opened = self.open_linked_text(text, now);
                if let Some(b) = self.dialogs.banner.as_mut().filter(|_| !opened) {
                    b.text = format!("the link's scene could not be read: {}", b.text);
                }
                opened
            }
        };
        if opened {
            // The tour's stop first (its poses, camera and caption); a mode or step the link
            // names as well wins over the stop's (a copied link keeps the mode and step shown).
            let tour = command::flag_commands(false, request.stop, request.presenter);
            self.after.extend(tour.into_iter().map(After::Do));
            if let Some(m) = request.mode {
                self.after.push(After::Mode(m));
            }
            if let Some(k) = request.step {
                self.after.push(After::Step(k));
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
                self.dialogs
                    .show_info(format!("link copied ({n} characters): {head}{more}"), now);
            }
            Err(e) => self.dialogs.show_error(e, now),
        }
    }

    /// The link of the scene as shown, at its mode and step, published (in the browser the
    /// page's address shows it): what *Copy link* and *Copy embed code* both start from.
    pub fn publish_link(&self) -> Result<String, String> {
        let mut scene = self.scene_as_shown();
        scene.step = self.session.step;
        let text = scene::to_ron(&scene).map_err(|e| e.to_string())?;
        let mut fragment = link::make(&text, self.session.mode, self.session.step);
        // At a tour's stop, the link opens at that stop (which shows its poses and camera).
        if let Some(k) = self.session.tour.stop {
            fragment.push_str(&format!("&stop={k}"));
        }
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
            self.after.push(After::Changed);
        }
        self.session.mode = saved.mode;
        self.session.step = saved.step;
        self.after.push(After::Clamp);
        self.view.show_scene(self.doc.scene(), self.session.mode);
    }

    /// *Copy embed code*: an `<iframe>` of the link *Copy link* makes (the address bar shows
    /// that link, in the browser), with `&embed=1`, goes to the clipboard (natively also to
    /// stdout), for a lecturer to paste into a course page.
    pub fn copy_embed(&mut self, now: f64) {
        match self.publish_link() {
            Ok(shown) => {
                let code = link::embed_code(
                    &shown,
                    EMBED_SIZE.0,
                    EMBED_SIZE.1,
                    &self.shell.embed_locks.to_query(),
                );
                web::copy_text(&code);
                if web::CAN_QUIT {
                    println!("{code}");
                    self.shell.to_clipboard = Some(code.clone());
                }
                let n = code.chars().count();
                self.dialogs.show_info(
                    format!(
                        "embed code copied ({n} characters): an <iframe> {}×{} of this scene — \
                         paste it into a course page's HTML",
                        EMBED_SIZE.0, EMBED_SIZE.1
                    ),
                    now,
                );
            }
            Err(e) => self.dialogs.show_error(e.to_string(), now),
        }
    }

    /// The scene as it is to be saved or shared: with the mode on screen, and the view when the
    /// user moved it.
    pub fn scene_as_shown(&self) -> scene::Scene {
        let mut scene = self.doc.to_save().clone();
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
            self.dialogs
                .show_error("save or undo your changes first (Ctrl+S)", now);
            return;
        }
        self.set_lecture(Lecture::builtin());
        self.enter(index);
    }

    /// Makes `lecture` the one walked (the overview, when open, lists its scenes).
    fn set_lecture(&mut self, lecture: Lecture) {
        self.session.lecture = lecture;
        self.dialogs.overview.lecture_changed(&self.session.lecture);
    }
}
