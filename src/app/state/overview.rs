//! The lecture overview (O): one row per scene of the lecture — its title, the mode it opens
//! in, whether it has a simulation, how many questions it asks and tour stops it has, or the
//! error that stopped it loading — for a lecturer preparing a class.
//!
//! The rows are made from the lecture as loaded (its scenes were parsed once, when it was
//! opened), when the overview opens and again when a new lecture is loaded while it is open;
//! never per frame. Closed, the overview holds nothing.

use crate::scene::{Lecture, LectureScene, Mode, Scene};

/// One scene that loaded, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneSummary {
    /// The scene's title.
    pub title: String,
    /// The mode it opens in.
    pub mode: Mode,
    /// It has a simulation of its own (`sim`).
    pub sim: bool,
    /// How many questions it asks.
    pub questions: usize,
    /// How many stops its tour has.
    pub stops: usize,
}

/// One row of the overview: a scene of the lecture.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewRow {
    /// The file name (`01_resting_box.ron`).
    pub name: String,
    /// The scene summed up, or the loader's error (naming the file, line and field).
    pub summary: Result<SceneSummary, String>,
}

/// The overview's state: its rows while it is open, and where the last frame drew them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overview {
    /// One row per scene of the lecture, in its order; `None` while the overview is closed.
    pub rows: Option<Vec<OverviewRow>>,
    /// Where the last frame drew the overview's window, in window pixels (`[x, y, w, h]`);
    /// `None` until it is drawn where it stays.
    pub window: Option<[f32; 4]>,
    /// Where the last frame drew each row, in window pixels (`[x, y, w, h]`), in row order;
    /// of zero size until the window is drawn where it stays.
    pub row_rects: Vec<[f32; 4]>,
    /// The window has been drawn where it stays, scrolled to the current scene: from the next
    /// frame on, the rows are where they were drawn.
    pub settled: bool,
}

impl Overview {
    /// True while the overview is shown.
    pub fn is_open(&self) -> bool {
        self.rows.is_some()
    }

    /// Opens the overview on `lecture` (its rows made now), or closes it.
    pub fn toggle(&mut self, lecture: &Lecture) {
        if self.is_open() {
            self.close();
        } else {
            self.rows = Some(rows(lecture));
        }
    }

    /// Closes the overview, dropping its rows.
    pub fn close(&mut self) {
        *self = Overview::default();
    }

    /// A lecture was loaded, or a scene of it read again: the rows are made again when the
    /// overview is open (closed, nothing is done).
    pub fn lecture_changed(&mut self, lecture: &Lecture) {
        if self.is_open() {
            self.rows = Some(rows(lecture));
        }
    }
}

/// The rows of `lecture`, one per scene, in its order.
pub fn rows(lecture: &Lecture) -> Vec<OverviewRow> {
    lecture.scenes.iter().map(row).collect()
}

/// The row of one scene of a lecture.
fn row(l: &LectureScene) -> OverviewRow {
    OverviewRow {
        name: l.name.clone(),
        summary: match &l.scene {
            Ok(loaded) => Ok(summary(&loaded.scene)),
            Err(e) => Err(e.to_string()),
        },
    }
}

/// A scene summed up.
pub fn summary(scene: &Scene) -> SceneSummary {
    SceneSummary {
        title: scene.title.clone(),
        mode: scene.mode,
        sim: scene.sim.is_some(),
        questions: scene.questions.len(),
        stops: scene.tour.len(),
    }
}
