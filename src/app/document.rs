//! The document: the scene being edited, its saved copy, undo and redo, and its file.
//!
//! Every change to the scene goes through here and is one undoable step that marks the scene
//! modified: [`Document::edit`] for a change made at once (a button, a command), and
//! [`Document::begin`] / [`Document::end`] around a change that spans frames (a drag on the
//! canvas, a drag value or slider in a panel), so a whole gesture is one step.
//!
//! It also remembers what its file held when last read or written, by a hash of the file's
//! bytes ([`file_hash`]), not its modification time: a change that keeps the time (`cp -p`,
//! `rsync -t`, `touch -r`) is seen too, by the watcher and by the check before a save.

use crate::scene::Scene;
use crate::scene::load::MAX_SCENE_BYTES;
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};

/// How many undo steps are kept.
const UNDO_LIMIT: usize = 500;

/// Who started a change that spans frames: the canvas and the panels end theirs apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditSource {
    /// A gesture on the canvas (ends when the button is released).
    Canvas,
    /// A widget in a panel (ends when egui lets go of the pointer).
    Panel,
}

/// The scene as edited, with its history and file.
#[derive(Clone, Debug)]
pub struct Document {
    scene: Scene,
    saved: Scene,
    path: Option<PathBuf>,
    disk: Option<u64>,
    undo: Vec<Scene>,
    redo: Vec<Scene>,
    pending: Option<(EditSource, Scene)>,
    /// The scene as a tour last showed it over an unmodified scene: not a change of the user's.
    shown: Option<Scene>,
}

/// The bytes of a scene file (through its link), when it is a regular file of at most
/// [`MAX_SCENE_BYTES`]; never waits on a FIFO swapped in at its name.
pub fn file_bytes(path: &Path) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_SCENE_BYTES {
        return None;
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(MAX_SCENE_BYTES + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() as u64 <= MAX_SCENE_BYTES).then_some(bytes)
}

/// A hash of a file's content, to tell whether it changed (not a secure digest: nobody gains
/// from a collision but a confused save).
pub fn content_hash(bytes: &[u8]) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// The hash of a scene file's content ([`file_bytes`], [`content_hash`]), if it can be read.
pub fn file_hash(path: &Path) -> Option<u64> {
    file_bytes(path).map(|b| content_hash(&b))
}

impl Document {
    /// A document holding `scene`, as read from `path` (None: a built-in scene).
    pub fn new(scene: Scene, path: Option<PathBuf>) -> Document {
        let disk = path.as_deref().and_then(file_hash);
        Document {
            saved: scene.clone(),
            scene,
            path,
            disk,
            undo: Vec::new(),
            redo: Vec::new(),
            pending: None,
            shown: None,
        }
    }

    /// The scene as edited.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene's file (None: built-in).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The hash of the file's content when last read or written (or seen changed).
    pub fn disk(&self) -> Option<u64> {
        self.disk
    }

    /// True when the scene differs from the file.
    pub fn modified(&self) -> bool {
        self.scene != self.saved && self.shown.as_ref() != Some(&self.scene)
    }

    /// The scene to write to its file: as edited, less what a tour only showed (a tour's poses
    /// over a scene with no changes of the user's are not written).
    pub fn to_save(&self) -> &Scene {
        if self.shown.as_ref() == Some(&self.scene) {
            &self.saved
        } else {
            &self.scene
        }
    }

    /// A tour shows the scene changed by `change` (a stop's poses): no undo step, and, over a
    /// scene with no changes of the user's, not a change to save.
    pub fn show(&mut self, change: impl FnOnce(&mut Scene)) {
        let clean = !self.modified();
        change(&mut self.scene);
        self.shown = clean.then(|| self.scene.clone());
    }

    /// How many undo steps there are.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    fn push_undo(&mut self, before: Scene) {
        self.undo.push(before);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// One change made at once: one undo step (when it changed anything).
    pub fn edit(&mut self, change: impl FnOnce(&mut Scene)) {
        let before = self.scene.clone();
        change(&mut self.scene);
        if self.scene != before {
            self.push_undo(before);
        }
    }

    /// Starts (or continues) a change that spans frames; the scene before it is kept for undo.
    pub fn begin(&mut self, source: EditSource) {
        if self.pending.is_none() {
            self.pending = Some((source, self.scene.clone()));
        }
    }

    /// The scene, during a change opened with [`Document::begin`].
    pub fn scene_mut(&mut self, source: EditSource) -> &mut Scene {
        self.begin(source);
        &mut self.scene
    }

    /// Ends the change `source` opened: one undo step if the scene changed.
    pub fn end(&mut self, source: EditSource) {
        if self.pending.as_ref().is_some_and(|(s, _)| *s == source)
            && let Some((_, before)) = self.pending.take()
            && before != self.scene
        {
            self.push_undo(before);
        }
    }

    /// Whether a change from `source` is open.
    pub fn editing(&self, source: EditSource) -> bool {
        self.pending.as_ref().is_some_and(|(s, _)| *s == source)
    }

    /// Undo (Ctrl+Z). Returns true when something changed.
    pub fn undo(&mut self) -> bool {
        self.pending = None;
        match self.undo.pop() {
            Some(prev) => {
                self.redo.push(std::mem::replace(&mut self.scene, prev));
                true
            }
            None => false,
        }
    }

    /// Redo (Ctrl+Shift+Z). Returns true when something changed.
    pub fn redo(&mut self) -> bool {
        self.pending = None;
        match self.redo.pop() {
            Some(next) => {
                self.undo.push(std::mem::replace(&mut self.scene, next));
                true
            }
            None => false,
        }
    }

    /// The scene as last saved (or as opened).
    pub fn saved(&self) -> &Scene {
        &self.saved
    }

    /// The scene was written to `path` as `scene` (with the view and mode it opens in): that
    /// is now the saved copy.
    pub fn saved_as(&mut self, scene: Scene, path: PathBuf) {
        self.shown = None;
        self.disk = file_hash(&path);
        self.scene = scene.clone();
        self.saved = scene;
        self.path = Some(path);
    }

    /// The file changed on disk and was read again as `scene`: the saved copy is the new
    /// text, and taking it is one undo step (undo brings back what was on screen).
    pub fn reloaded(&mut self, scene: Scene) {
        self.shown = None;
        if let Some((_, before)) = self.pending.take()
            && before != self.scene
        {
            self.push_undo(before);
        }
        if self.scene != scene {
            let before = std::mem::replace(&mut self.scene, scene.clone());
            self.push_undo(before);
        }
        self.saved = scene;
    }

    /// The file changed on disk to `scene` but the edits on screen are kept: they are now
    /// unsaved changes against the new text (saving overwrites it).
    pub fn keep_mine(&mut self, scene: Scene) {
        self.saved = scene;
    }

    /// Records the hash of the file's content as it was just read (it changed on disk).
    pub fn set_disk(&mut self, disk: Option<u64>) {
        self.disk = disk;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::BUILTIN;

    fn doc() -> Document {
        let (_, text) = BUILTIN[0];
        let scene = crate::scene::parse(text, "builtin.ron")
            .expect("built-in")
            .scene;
        Document::new(scene, None)
    }

    #[test]
    fn an_edit_is_one_undo_step_and_marks_modified() {
        let mut d = doc();
        d.edit(|s| s.speculative_margin = 0.25);
        assert!(d.modified());
        assert_eq!(d.undo_len(), 1);
        assert!(d.undo());
        assert!(!d.modified());
        assert!(d.redo());
        assert_eq!(d.scene().speculative_margin, 0.25);
    }

    #[test]
    fn a_change_that_changes_nothing_is_no_undo_step() {
        let mut d = doc();
        d.edit(|_| {});
        d.begin(EditSource::Panel);
        d.end(EditSource::Panel);
        assert_eq!(d.undo_len(), 0);
    }

    #[test]
    fn a_reload_is_one_undo_step_and_keeping_mine_stays_modified() {
        let mut d = doc();
        let original = d.scene().clone();
        d.edit(|s| s.b.position.x += 1.0);
        let mine = d.scene().clone();
        let mut disk = original.clone();
        disk.title = "changed on disk".into();
        d.reloaded(disk.clone());
        assert_eq!(*d.scene(), disk);
        assert!(!d.modified());
        assert!(d.undo(), "the reload is undoable");
        assert_eq!(*d.scene(), mine);
        assert!(d.modified(), "mine differs from the file now");
        let mut d = doc();
        d.edit(|s| s.b.position.x += 1.0);
        d.keep_mine(disk);
        assert_eq!(*d.scene(), mine);
        assert!(d.modified());
    }

    #[test]
    fn a_panel_release_does_not_end_a_canvas_gesture() {
        let mut d = doc();
        d.scene_mut(EditSource::Canvas).b.position.x += 1.0;
        d.end(EditSource::Panel);
        d.scene_mut(EditSource::Canvas).b.position.x += 1.0;
        d.end(EditSource::Canvas);
        assert_eq!(d.undo_len(), 1);
    }
}
