//! Lectures: a folder of `*.ron` scenes, walked in file-name order.
//!
//! The built-in lecture is `scenes/` compiled into the binary ([`BUILTIN`], written out by hand
//! so that `cargo run --release` works from any folder and on the web). A test checks that the
//! list and the folder agree, so a new scene file cannot be forgotten.

use super::error::{SceneError, SceneErrorKind};
use super::load::{LoadedScene, load, parse};
use std::path::{Path, PathBuf};

/// The built-in lecture: `(file name, RON text)`, in order.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "01_resting_box.ron",
        include_str!("../../scenes/01_resting_box.ron"),
    ),
    (
        "02_tilted_box.ron",
        include_str!("../../scenes/02_tilted_box.ron"),
    ),
    (
        "03_near_parallel.ron",
        include_str!("../../scenes/03_near_parallel.ron"),
    ),
    (
        "04_thin_platform.ron",
        include_str!("../../scenes/04_thin_platform.ron"),
    ),
    (
        "05_containment.ron",
        include_str!("../../scenes/05_containment.ron"),
    ),
    (
        "06_touching.ron",
        include_str!("../../scenes/06_touching.ron"),
    ),
    (
        "07_circles.ron",
        include_str!("../../scenes/07_circles.ron"),
    ),
    (
        "08_coincident_circles.ron",
        include_str!("../../scenes/08_coincident_circles.ron"),
    ),
    (
        "09_circle_centre_in_box.ron",
        include_str!("../../scenes/09_circle_centre_in_box.ron"),
    ),
    (
        "10_capsule_on_box.ron",
        include_str!("../../scenes/10_capsule_on_box.ron"),
    ),
    (
        "11_crossing_capsules.ron",
        include_str!("../../scenes/11_crossing_capsules.ron"),
    ),
    (
        "12_rounded_corners.ron",
        include_str!("../../scenes/12_rounded_corners.ron"),
    ),
    (
        "13_gjk_distance.ron",
        include_str!("../../scenes/13_gjk_distance.ron"),
    ),
    (
        "14_epa_deep.ron",
        include_str!("../../scenes/14_epa_deep.ron"),
    ),
    (
        "15_star_of_david.ron",
        include_str!("../../scenes/15_star_of_david.ron"),
    ),
    (
        "16_far_from_origin.ron",
        include_str!("../../scenes/16_far_from_origin.ron"),
    ),
    (
        "17_speculative_margin.ron",
        include_str!("../../scenes/17_speculative_margin.ron"),
    ),
    (
        "18_star_on_floor.ron",
        include_str!("../../scenes/18_star_on_floor.ron"),
    ),
    (
        "19_l_bracket.ron",
        include_str!("../../scenes/19_l_bracket.ron"),
    ),
    (
        "20_box_rocks.ron",
        include_str!("../../scenes/20_box_rocks.ron"),
    ),
    ("21_stack.ron", include_str!("../../scenes/21_stack.ron")),
    (
        "22_star_drop.ron",
        include_str!("../../scenes/22_star_drop.ron"),
    ),
    (
        "23_tilted_box_lands.ron",
        include_str!("../../scenes/23_tilted_box_lands.ron"),
    ),
    (
        "24_chain_floor.ron",
        include_str!("../../scenes/24_chain_floor.ron"),
    ),
    (
        "25_tile_floor.ron",
        include_str!("../../scenes/25_tile_floor.ron"),
    ),
    ("26_valley.ron", include_str!("../../scenes/26_valley.ron")),
    (
        "27_ball_over_seams.ron",
        include_str!("../../scenes/27_ball_over_seams.ron"),
    ),
    (
        "28_ten_stack_ids.ron",
        include_str!("../../scenes/28_ten_stack_ids.ron"),
    ),
    (
        "29_ten_stack.ron",
        include_str!("../../scenes/29_ten_stack.ron"),
    ),
    (
        "30_bullet_wall.ron",
        include_str!("../../scenes/30_bullet_wall.ron"),
    ),
    (
        "31_bullet_thin_wall.ron",
        include_str!("../../scenes/31_bullet_thin_wall.ron"),
    ),
    (
        "32_spinning_bar_misses.ron",
        include_str!("../../scenes/32_spinning_bar_misses.ron"),
    ),
    (
        "33_capsule_onto_ledge.ron",
        include_str!("../../scenes/33_capsule_onto_ledge.ron"),
    ),
    (
        "34_ball_into_chain_corner.ron",
        include_str!("../../scenes/34_ball_into_chain_corner.ron"),
    ),
];

/// One scene of a lecture: loaded, or the error that stopped it (the rest still open).
#[derive(Debug)]
pub struct LectureScene {
    /// The file name (`01_resting_box.ron`), for showing only: a name that is not UTF-8 is
    /// shown lossy, so two files may show the same name. Files are found by [`Self::path`].
    pub name: String,
    /// The file on disk; `None` for a built-in scene and a scene opened from text.
    pub path: Option<PathBuf>,
    /// A scene of the built-in lecture (compiled in), not a file's or a text's.
    pub builtin: bool,
    /// The scene, or why it could not be loaded.
    pub scene: Result<LoadedScene, SceneError>,
}

/// An ordered list of scenes.
#[derive(Debug)]
pub struct Lecture {
    /// The folder the scenes came from; `None` for the built-in lecture.
    pub folder: Option<PathBuf>,
    /// The scenes in file-name order.
    pub scenes: Vec<LectureScene>,
}

impl Lecture {
    /// The index of the scene whose file name is `name` (`"02_tilted_box.ron"`), if any: for
    /// the built-in lecture, whose names are its own. A folder's scenes are found by their
    /// path ([`Lecture::position_of`]), never by a name, which may be a lossy copy.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.scenes.iter().position(|s| s.name == name)
    }

    /// The index of the scene whose file has the same file name as `path` (its own bytes,
    /// not a lossy copy: `bad\xff.ron` and `bad\xfe.ron` are two scenes), if any.
    pub fn position_of(&self, path: &Path) -> Option<usize> {
        let name = path.file_name()?;
        self.scenes.iter().position(|s| {
            s.path
                .as_deref()
                .and_then(Path::file_name)
                .is_some_and(|n| n == name)
        })
    }

    /// The built-in lecture (parsed from the texts compiled into the binary).
    pub fn builtin() -> Lecture {
        let scenes = BUILTIN
            .iter()
            .map(|(name, text)| LectureScene {
                name: name.to_string(),
                path: None,
                builtin: true,
                scene: parse(text, name),
            })
            .collect();
        Lecture {
            folder: None,
            scenes,
        }
    }

    /// Every `*.ron` file in `folder` (not its sub-folders), in file-name order. An unreadable
    /// folder or one without scenes is an error; a broken scene is kept as its error.
    pub fn load_folder(folder: impl AsRef<Path>) -> Result<Lecture, SceneError> {
        let folder = folder.as_ref();
        let files = scene_files(folder)?;
        if files.is_empty() {
            return Err(SceneError::file(folder, SceneErrorKind::EmptyLecture));
        }
        let scenes = files
            .into_iter()
            .map(|path| LectureScene {
                name: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                scene: load(&path),
                path: Some(path),
                builtin: false,
            })
            .collect();
        Ok(Lecture {
            folder: Some(folder.to_path_buf()),
            scenes,
        })
    }

    /// What the command line opens: a folder as a lecture (index 0), or a scene file as the
    /// lecture of its folder at that file's index. The file itself must load.
    pub fn open(path: impl AsRef<Path>) -> Result<(Lecture, usize), SceneError> {
        let path = path.as_ref();
        if path.is_dir() {
            return Lecture::load_folder(path).map(|l| (l, 0));
        }
        let first = load(path)?;
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut lecture = Lecture::load_folder(&folder).unwrap_or(Lecture {
            folder: Some(folder),
            scenes: Vec::new(),
        });
        let index = match lecture.position_of(path) {
            Some(i) => {
                lecture.scenes[i].scene = Ok(first);
                i
            }
            None => {
                lecture.scenes = vec![LectureScene {
                    name: path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    path: Some(path.to_path_buf()),
                    builtin: false,
                    scene: Ok(first),
                }];
                0
            }
        };
        Ok((lecture, index))
    }
}

/// The `*.ron` entries directly in `folder` that are not folders, sorted by file name. A
/// dangling link, a link loop or a FIFO named `*.ron` is listed, so that loading it reports why
/// it is not a scene instead of the lecture silently skipping it.
pub fn scene_files(folder: &Path) -> Result<Vec<PathBuf>, SceneError> {
    let entries =
        std::fs::read_dir(folder).map_err(|e| SceneError::file(folder, SceneErrorKind::Io(e)))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| !p.is_dir() && p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort_by_key(|p| p.file_name().map(|n| n.to_os_string()));
    Ok(files)
}
