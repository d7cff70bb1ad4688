//! Scenes: the RON files lecturers write, their validation, lectures, and the traces of a
//! scene's pair.
//!
//! A scene is two bodies and the options the app opens with (format in `DESIGN.md`, "Scene
//! file"). The path from a file to pictures:
//!
//! 1. [`load()`] / [`parse`]: RON text → [`Scene`] (serde) → [`Scene::validate`] → [`Pair`] (the
//!    library's shapes and transforms) and warnings. Errors carry file, line, column and field.
//! 2. [`PairTraces::compute`]: every traced algorithm on the pair, once.
//! 3. The app draws the traces; `report` prints them as JSON.
//!
//! [`save()`] writes a scene back (atomically, changing only the values that changed, so the
//! file's comments and layout are kept). A
//! [`Lecture`] is a folder of scenes in file-name order; the built-in one is compiled in.
//!
//! ```
//! use narrowphase_lab::scene::{parse, PairTraces};
//!
//! let text = "Scene(title: \"Two circles\", \
//!     a: Body(shape: Circle(radius: 1.0), position: (0.0, 0.0)), \
//!     b: Body(shape: Circle(radius: 1.0), position: (1.5, 0.0)))";
//! let loaded = parse(text, "two.ron").unwrap();
//! let traces = PairTraces::compute(&loaded.pair);
//! assert!(traces.query.overlap);
//! assert!((traces.query.separation + 0.5).abs() < 1e-6);
//!
//! let err = parse(&text.replace("radius: 1.0)", "radius: -1.0)"), "two.ron").unwrap_err();
//! assert_eq!(err.to_string(), "two.ron:1:59: a.shape.radius: must be > 0, got -1");
//! ```

pub mod checks;
pub mod continuous;
pub mod engine;
pub mod error;
pub mod expected;
pub mod kinds;
pub mod lecture;
pub mod load;
pub mod locate;
pub mod persist;
pub mod preserve;
pub mod questions;
pub mod save;
pub mod sweep;
pub mod tour;
pub mod traces;
pub mod types;
pub mod validate;

pub use error::{SceneError, SceneErrorKind, SceneWarning};
pub use expected::Expected;
pub use lecture::{BUILTIN, Lecture, LectureScene};
pub use load::{LoadedScene, load, parse, parse_bytes, to_ron};
pub use locate::TextPos;
pub use persist::{Ids, MATCH_DISTANCE, Points, Reference};
pub use questions::{Answer, answer};
pub use save::save;
pub use tour::{Pose, Stop, Wait};
pub use traces::{ManifoldPath, PairTraces, Whole};
pub use types::{
    Ask, AskKind, Body, EndPose, Mode, Part, Scene, ShapeSpec, Sim, Solver, Variant, View,
};
pub use validate::{Bodies, Pair, Validated, frame_of};
