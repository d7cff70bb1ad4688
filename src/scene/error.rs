//! Scene errors and warnings: each carries the file, the line and column, and the field.
//!
//! Displayed as `scenes/x.ron:4:31: a.shape.radius: must be > 0, got -1` — the form compilers
//! use, so editors and terminals can jump to the spot.

use super::locate::TextPos;
use crate::geom::limits::{MAX_SIZE, MIN_SIZE};
use crate::geom::{MAX_VERTICES, ShapeError};
use std::path::PathBuf;

/// Why a scene could not be loaded, validated or saved.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.render())]
pub struct SceneError {
    /// The file, when the scene came from one (built-in scenes use their file name).
    pub file: Option<PathBuf>,
    /// Where in the file, when known.
    pub at: Option<TextPos>,
    /// The field, as a path such as `a.shape.radius`, when the error is about one.
    pub field: Option<String>,
    /// What is wrong (boxed, to keep `Result`s small).
    pub kind: Box<SceneErrorKind>,
}

/// What is wrong with a scene.
#[derive(Debug, thiserror::Error)]
pub enum SceneErrorKind {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file is not UTF-8 text.
    #[error("not a text file (invalid UTF-8)")]
    NotText,
    /// RON syntax or a value of the wrong type (ron's own message).
    #[error("{}", syntax_message(.0))]
    Syntax(ron::error::Error),
    /// A shape the geometry library refuses (its message, less its field name).
    #[error("{}", shape_message(.0))]
    Shape(ShapeError),
    /// Some other value out of range.
    #[error("{0}")]
    Value(String),
    /// A folder holds no scene files.
    #[error("no *.ron scene files in this folder")]
    EmptyLecture,
    /// The path is not a readable regular file (a folder, a FIFO, a device, a dangling link).
    #[error("not a scene file: {0}")]
    NotAFile(String),
}

/// ron's message, in the lecturer's words where ron's speaks to a programmer (its recursion
/// limit's tells the reader to change ron's options in the code).
fn syntax_message(e: &ron::error::Error) -> String {
    match e {
        ron::error::Error::ExceededRecursionLimit => {
            "values nested too deeply (a scene nests a few levels; this text more than 128): \
             not a scene file"
                .into()
        }
        other => other.to_string(),
    }
}

/// A path as shown in a message: control characters (a newline, the escape that starts a
/// terminal's colour codes) are written as escapes (`\n`, `\u{1b}`), so a file's name can
/// neither split a message's line nor drive the terminal.
pub fn shown_path(path: &std::path::Path) -> String {
    path.display()
        .to_string()
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().collect()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl SceneError {
    /// An error about `field`, not yet placed in a file.
    pub fn field(field: impl Into<String>, kind: SceneErrorKind) -> SceneError {
        SceneError {
            file: None,
            at: None,
            field: Some(field.into()),
            kind: Box::new(kind),
        }
    }

    /// An error about a whole file.
    pub fn file(file: impl Into<PathBuf>, kind: SceneErrorKind) -> SceneError {
        SceneError {
            file: Some(file.into()),
            at: None,
            field: None,
            kind: Box::new(kind),
        }
    }

    /// This error placed in `file`, with the field located in `text` when it can be.
    pub fn in_file(mut self, file: impl Into<PathBuf>, text: &str) -> SceneError {
        self.file = Some(file.into());
        if self.at.is_none() {
            self.at = self
                .field
                .as_deref()
                .and_then(|f| super::locate::locate(text, f));
        }
        self
    }

    fn render(&self) -> String {
        let mut out = String::new();
        if let Some(file) = &self.file {
            out.push_str(&shown_path(file));
            if let Some(at) = self.at {
                out.push_str(&format!(":{at}"));
            }
            out.push_str(": ");
        }
        if let Some(field) = &self.field {
            out.push_str(field);
            out.push_str(": ");
        }
        out.push_str(&self.kind.to_string());
        out
    }
}

/// Something the loader changed or wants the lecturer to know, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneWarning {
    /// The file, when the scene came from one.
    pub file: Option<PathBuf>,
    /// Where in the file, when known.
    pub at: Option<TextPos>,
    /// The field, e.g. `a.shape`.
    pub field: String,
    /// What happened, e.g. `vertices 2 and 3 coincide; removed 3`.
    pub message: String,
    /// The path to point at in the text (may be deeper than `field`, e.g. the removed vertex).
    spot: String,
}

impl SceneWarning {
    /// A warning about `field`, pointing at `spot` (a field path) when placed in a file.
    pub fn new(
        field: impl Into<String>,
        spot: impl Into<String>,
        message: impl Into<String>,
    ) -> SceneWarning {
        SceneWarning {
            file: None,
            at: None,
            field: field.into(),
            message: message.into(),
            spot: spot.into(),
        }
    }

    /// This warning placed in `file`, located in `text` when it can be.
    pub fn in_file(mut self, file: impl Into<PathBuf>, text: &str) -> SceneWarning {
        self.file = Some(file.into());
        if self.at.is_none() {
            self.at = super::locate::locate(text, &self.spot);
        }
        self
    }
}

impl std::fmt::Display for SceneWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}", shown_path(file))?;
            if let Some(at) = self.at {
                write!(f, ":{at}")?;
            }
            write!(f, ": ")?;
        }
        write!(f, "warning: {}: {}", self.field, self.message)
    }
}

/// The library field a shape error is about (`radius`, `vertices[3]`, …).
pub(crate) fn shape_field(e: &ShapeError) -> String {
    match e {
        ShapeError::NonFinite { field, .. }
        | ShapeError::NonPositive { field, .. }
        | ShapeError::Negative { field, .. }
        | ShapeError::OutOfRange { field, .. } => field.to_string(),
        ShapeError::TooFewVertices { .. } | ShapeError::TooManyVertices { .. } => {
            "vertices".to_string()
        }
        ShapeError::NonConvex { vertex } => format!("vertices[{vertex}]"),
        ShapeError::BadSides { .. } => "sides".to_string(),
    }
}

/// A shape error in the scene's words, worded here once from the library's typed problem (a
/// huge or tiny value in scientific notation: `1e30`, not thirty-one digits).
fn shape_message(e: &ShapeError) -> String {
    match e {
        ShapeError::NonFinite { value, .. } => {
            format!("must be a finite number, got {}", num(*value))
        }
        ShapeError::NonPositive { value, .. } => format!("must be > 0, got {}", num(*value)),
        ShapeError::Negative { value, .. } => format!("must be >= 0, got {}", num(*value)),
        ShapeError::OutOfRange { value, .. } => format!(
            "{} is out of the supported range (sizes between {} and {})",
            num(*value),
            num(MIN_SIZE),
            num(MAX_SIZE)
        ),
        ShapeError::TooFewVertices { distinct } => {
            format!("a polygon needs at least 3 distinct, non-collinear vertices, got {distinct}")
        }
        ShapeError::TooManyVertices { count } => {
            format!("at most {MAX_VERTICES} vertices are allowed, got {count}")
        }
        ShapeError::NonConvex { .. } => "the polygon is not convex at this vertex".to_string(),
        ShapeError::BadSides { sides } => {
            format!("must be between 3 and {MAX_VERTICES}, got {sides}")
        }
    }
}

/// A number for a message: plain when moderate, scientific when huge or tiny.
pub(crate) fn num(v: f32) -> String {
    let a = v.abs();
    if a != 0.0 && a.is_finite() && !(1.0e-4..1.0e7).contains(&a) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn num_uses_scientific_for_extremes() {
        assert_eq!(num(1.0e30), "1e30");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(1.0e-20), "1e-20");
    }
}
