//! Saving a scene into the text it was read from, so that a lecturer's comments, field order and
//! layout survive: only the values that changed are rewritten.
//!
//! 1. Read both texts — the file as it is, and the scene written fresh by [`to_ron`] — into
//!    trees of values, each value with the byte range it covers in its text (comments,
//!    whitespace and the `#![enable(…)]` lines that may open the file are skipped, never part
//!    of a value; a raw string `r#"…"#` is a value like any string).
//! 2. Walk the two trees together. Equal values keep the file's text (so `1.` stays `1.`, and
//!    a raw string stays raw);
//!    a changed number, string or name gets the fresh text; a field the file lacks is added
//!    before its struct's closing parenthesis; where the shapes of the two values differ (a
//!    `Box` that became a `Circle`, a list of another length), the whole value is replaced.
//! 3. Check the result: it must read back as exactly the scene. If it does not (or the file's
//!    text could not be read as RON), the scene is written whole, as [`to_ron`] would.

use super::load::{parse, to_ron};
use super::types::Scene;
use std::ops::Range;

/// A value of RON text with the byte range it covers.
#[derive(Clone, Debug)]
enum Node {
    /// `Name(field: value, …)` or `(field: value, …)`; `close` is the byte index of `)`.
    Struct {
        name: Option<String>,
        fields: Vec<(String, Node)>,
        span: Range<usize>,
        close: usize,
    },
    /// `Name(a, b)`, `(a, b)` or `[a, b]`.
    Seq {
        name: Option<String>,
        items: Vec<Node>,
        span: Range<usize>,
    },
    /// A number, string, character or bare identifier (`Manifold`, `true`).
    Atom { text: String, span: Range<usize> },
}

impl Node {
    fn span(&self) -> Range<usize> {
        match self {
            Node::Struct { span, .. } | Node::Seq { span, .. } | Node::Atom { span, .. } => {
                span.clone()
            }
        }
    }
}

/// A small reader of the RON this program writes and reads (structs, tuples, lists, numbers,
/// strings, identifiers, comments).
struct Reader<'t> {
    text: &'t str,
    at: usize,
    /// How deep in nested values the reader is: past [`MAX_DEPTH`] it gives up, so a file of
    /// a million `(` cannot exhaust the stack.
    depth: usize,
}

/// The deepest nesting read (a scene nests four deep).
const MAX_DEPTH: usize = 64;

impl<'t> Reader<'t> {
    fn bytes(&self) -> &'t [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.at).copied()
    }

    /// Skips white space and comments (`// …` and nested `/* … */`).
    fn skip(&mut self) {
        loop {
            while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                self.at += 1;
            }
            let rest = &self.bytes()[self.at.min(self.text.len())..];
            if rest.starts_with(b"//") {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.at += 1;
                }
            } else if rest.starts_with(b"/*") {
                let mut depth = 0usize;
                while self.at < self.text.len() {
                    let r = &self.bytes()[self.at..];
                    if r.starts_with(b"/*") {
                        depth += 1;
                        self.at += 2;
                    } else if r.starts_with(b"*/") {
                        depth -= 1;
                        self.at += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        self.at += 1;
                    }
                }
            } else {
                return;
            }
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.skip();
        (self.peek() == Some(c)).then(|| self.at += 1)
    }

    fn ident(&mut self) -> Option<String> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.at += 1;
        }
        (self.at > start).then(|| self.text[start..self.at].to_string())
    }

    fn value(&mut self) -> Option<Node> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let v = self.value_inner();
        self.depth -= 1;
        v
    }

    fn value_inner(&mut self) -> Option<Node> {
        self.skip();
        let start = self.at;
        match self.peek()? {
            b'(' => self.group(None, start),
            b'[' => {
                self.at += 1;
                let items = self.items(b']')?;
                Some(Node::Seq {
                    name: None,
                    items,
                    span: start..self.at,
                })
            }
            b'"' => {
                self.string()?;
                Some(self.atom(start))
            }
            b'\'' => {
                self.at += 1;
                while self.peek()? != b'\'' {
                    self.at += if self.peek()? == b'\\' { 2 } else { 1 };
                }
                self.at += 1;
                Some(self.atom(start))
            }
            c if c == b'-' || c == b'+' || c == b'.' || c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'+' | b'_')
                }) {
                    self.at += 1;
                }
                Some(self.atom(start))
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let name = self.ident()?;
                if name == "r" && matches!(self.peek(), Some(b'"') | Some(b'#')) {
                    self.raw_string()?;
                    return Some(self.atom(start));
                }
                let after = self.at;
                self.skip();
                if self.peek() == Some(b'(') {
                    self.group(Some(name), start)
                } else {
                    self.at = after;
                    Some(self.atom(start))
                }
            }
            _ => None,
        }
    }

    fn string(&mut self) -> Option<()> {
        self.at += 1;
        loop {
            match self.peek()? {
                b'\\' => self.at += 2,
                b'"' => {
                    self.at += 1;
                    return Some(());
                }
                _ => self.at += 1,
            }
        }
    }

    /// After the `r` of a raw string: `#…#"…"#…#`, as many `#` after its closing `"` as before
    /// its opening one; no escapes inside (`r#"say "hi""#`).
    fn raw_string(&mut self) -> Option<()> {
        let mut hashes = 0;
        while self.peek() == Some(b'#') {
            hashes += 1;
            self.at += 1;
        }
        self.eat_raw(b'"')?;
        let close: Vec<u8> = std::iter::once(b'"')
            .chain(std::iter::repeat_n(b'#', hashes))
            .collect();
        let rest = &self.bytes()[self.at..];
        let end = rest
            .windows(close.len())
            .position(|w| w == close.as_slice())?;
        self.at += end + close.len();
        Some(())
    }

    /// `c` here, with nothing skipped before it.
    fn eat_raw(&mut self, c: u8) -> Option<()> {
        (self.peek() == Some(c)).then(|| self.at += 1)
    }

    /// Skips a byte-order mark and the `#![enable(…)]` lines that may open a RON file (with the comments and white
    /// space around them); they stay in the text as they are.
    fn skip_extensions(&mut self) -> Option<()> {
        if self.text.starts_with('\u{FEFF}') {
            self.at += '\u{FEFF}'.len_utf8();
        }
        loop {
            self.skip();
            if !self.bytes()[self.at.min(self.text.len())..].starts_with(b"#![") {
                return Some(());
            }
            let end = self.bytes()[self.at..].iter().position(|&c| c == b']')?;
            self.at += end + 1;
        }
    }

    fn atom(&self, start: usize) -> Node {
        Node::Atom {
            text: self.text[start..self.at].to_string(),
            span: start..self.at,
        }
    }

    /// After a name (or none): `(` and either named fields (a struct) or values (a tuple).
    fn group(&mut self, name: Option<String>, start: usize) -> Option<Node> {
        self.eat(b'(')?;
        // Named fields when the first thing inside is `ident :`.
        let save = self.at;
        self.skip();
        let named = self.ident().is_some() && {
            self.skip();
            self.peek() == Some(b':')
        };
        self.at = save;
        if !named {
            let items = self.items(b')')?;
            return Some(Node::Seq {
                name,
                items,
                span: start..self.at,
            });
        }
        let mut fields = Vec::new();
        loop {
            self.skip();
            if self.peek()? == b')' {
                let close = self.at;
                self.at += 1;
                return Some(Node::Struct {
                    name,
                    fields,
                    span: start..self.at,
                    close,
                });
            }
            let key = self.ident()?;
            self.eat(b':')?;
            let v = self.value()?;
            fields.push((key, v));
            self.skip();
            match self.peek()? {
                b',' => self.at += 1,
                b')' => {}
                _ => return None,
            }
        }
    }

    /// Values up to `end`, comma-separated (a trailing comma allowed); consumes `end`.
    fn items(&mut self, end: u8) -> Option<Vec<Node>> {
        let mut items = Vec::new();
        loop {
            self.skip();
            if self.peek()? == end {
                self.at += 1;
                return Some(items);
            }
            items.push(self.value()?);
            self.skip();
            match self.peek()? {
                b',' => self.at += 1,
                c if c == end => {}
                _ => return None,
            }
        }
    }
}

/// Reads a whole text as one value (comments around it allowed).
fn read(text: &str) -> Option<Node> {
    let mut r = Reader {
        text,
        at: 0,
        depth: 0,
    };
    r.skip_extensions()?;
    let v = r.value()?;
    r.skip();
    (r.at == text.len()).then_some(v)
}

/// Two atoms mean the same: the same number (`1.` and `1.0`), the same string however it is
/// written (`r#"say "hi""#` and `"say \"hi\""`), or the same text otherwise.
fn same_atom(a: &str, b: &str) -> bool {
    if let (Ok(x), Ok(y)) = (a.parse::<f64>(), b.parse::<f64>()) {
        return x == y;
    }
    let is_string = |t: &str| t.starts_with('"') || t.starts_with("r\"") || t.starts_with("r#");
    if is_string(a)
        && is_string(b)
        && let (Ok(x), Ok(y)) = (ron::from_str::<String>(a), ron::from_str::<String>(b))
    {
        return x == y;
    }
    a == b
}

/// One change to the old text: replace `range` with `with`.
type Edit = (Range<usize>, String);

/// Fields a struct of the old text lacks: its fields, where its `)` is, and the `key: value`
/// texts that would add them.
struct Missing {
    fields: Vec<(String, Node)>,
    close: usize,
    added: Vec<String>,
}

/// Walks `old` (a value of the file's text) and `new` (of `new_text`) together, collecting edits that turn
/// the old value into the new one, and the fields the old text lacks.
fn merge(
    old: &Node,
    new: &Node,
    new_text: &str,
    edits: &mut Vec<Edit>,
    missing: &mut Vec<Missing>,
) {
    let replace =
        |edits: &mut Vec<Edit>| edits.push((old.span(), new_text[new.span()].to_string()));
    match (old, new) {
        (Node::Atom { text: a, .. }, Node::Atom { text: b, .. }) => {
            if !same_atom(a, b) {
                replace(edits);
            }
        }
        (
            Node::Seq {
                name: na, items: a, ..
            },
            Node::Seq {
                name: nb, items: b, ..
            },
        ) if a.len() == b.len() && (na.is_none() || na == nb) => {
            for (x, y) in a.iter().zip(b) {
                merge(x, y, new_text, edits, missing);
            }
        }
        (
            Node::Struct {
                name: na,
                fields: fa,
                close,
                ..
            },
            Node::Struct {
                name: nb,
                fields: fb,
                ..
            },
        ) if na.is_none() || na == nb => {
            let mut added = Vec::new();
            for (key, nv) in fb {
                match fa.iter().find(|(k, _)| k == key) {
                    Some((_, ov)) => merge(ov, nv, new_text, edits, missing),
                    None => added.push(format!("{key}: {}", &new_text[nv.span()])),
                }
            }
            if !added.is_empty() {
                missing.push(Missing {
                    fields: fa.clone(),
                    close: *close,
                    added,
                });
            }
        }
        _ => replace(edits),
    }
}

/// The edits that add `missing` fields (`key: value` texts) to a struct whose fields are
/// `fields` and whose `)` is at `close`, in the struct's own layout: after its last field, one
/// per line with that field's indent when the struct is written over several lines.
fn insertion(text: &str, fields: &[(String, Node)], close: usize, missing: &[String]) -> Vec<Edit> {
    let Some((_, last)) = fields.last() else {
        return vec![(close..close, missing.join(", "))];
    };
    let end = last.span().end;
    // A comma after the last value (comments and spaces may sit between them).
    let mut r = Reader {
        text,
        at: end,
        depth: 0,
    };
    r.skip();
    let comma = (r.peek() == Some(b',')).then_some(r.at);
    let multiline = text[end..close].contains('\n');
    if !multiline {
        return match comma {
            Some(c) => vec![(c + 1..c + 1, format!(" {},", missing.join(", ")))],
            None => vec![(end..end, format!(", {}", missing.join(", ")))],
        };
    }
    // Over several lines: new lines after the last field's line (its comment stays with it).
    let line_start = text[..last.span().start].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let after = comma.map_or(end, |c| c + 1);
    let line_end = text[after..].find('\n').map_or(text.len(), |i| after + i);
    let lines: Vec<String> = missing.iter().map(|f| format!("\n{indent}{f}")).collect();
    match comma {
        Some(_) => vec![(line_end..line_end, lines.join(",") + ",")],
        None => vec![
            (end..end, ",".to_string()),
            (line_end..line_end, lines.join(",")),
        ],
    }
}

/// `scene` written into `original` (the file's current text), changing only what changed; the
/// scene written whole when the text cannot be matched. The result always reads back as
/// `scene`.
pub fn merge_into(original: &str, scene: &Scene) -> Result<String, super::SceneError> {
    let fresh = to_ron(scene)?;
    let reads_back = |text: &str| parse(text, "merged.ron").is_ok_and(|b| b.scene == *scene);
    let (Some(old), Some(new)) = (read(original), read(&fresh)) else {
        return Ok(fresh);
    };
    let (mut edits, mut missing) = (Vec::new(), Vec::new());
    merge(&old, &new, &fresh, &mut edits, &mut missing);
    // A field the file lacks is added only if the scene needs it: the fresh text writes every
    // field, also those at their defaults (`angle_deg: 0.0`), which the file may leave out.
    let mut keep: Vec<Vec<bool>> = missing.iter().map(|m| vec![true; m.added.len()]).collect();
    let build = |keep: &[Vec<bool>]| {
        let mut all = edits.clone();
        for (m, k) in missing.iter().zip(keep) {
            let added: Vec<String> = m
                .added
                .iter()
                .zip(k)
                .filter(|(_, k)| **k)
                .map(|(a, _)| a.clone())
                .collect();
            if !added.is_empty() {
                all.extend(insertion(original, &m.fields, m.close, &added));
            }
        }
        apply(original, all)
    };
    if !reads_back(&build(&keep)) {
        return Ok(fresh);
    }
    for i in 0..keep.len() {
        for j in 0..keep[i].len() {
            keep[i][j] = false;
            if !reads_back(&build(&keep)) {
                keep[i][j] = true;
            }
        }
    }
    Ok(build(&keep))
}

/// `text` with `edits` applied. They do not overlap (each is one value, or an insertion
/// between values); applied from the end, earlier ranges stay valid.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    let mut out = text.to_string();
    for (range, with) in edits {
        out.replace_range(range, &with);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMENTED: &str = r#"// A lecturer's scene: keep these comments.
Scene(
    title: "Commented", // the title
    /* the notes are long */
    notes: "Two boxes.",
    mode: Manifold,
    a: Body(shape: Box(width: 4., height: 1.0), position: (0.0, -0.5)),  // the floor
    // B rests on it.
    b: Body(
        shape: Box(width: 1.0, height: 1.0),
        position: (0.0, 0.49),
    ),
)
"#;

    fn scene_of(text: &str) -> Scene {
        parse(text, "t.ron").expect("valid").scene
    }

    #[test]
    fn an_unchanged_scene_keeps_its_text_exactly() {
        let s = scene_of(COMMENTED);
        assert_eq!(merge_into(COMMENTED, &s).unwrap(), COMMENTED);
    }

    #[test]
    fn a_moved_body_changes_only_its_numbers() {
        let mut s = scene_of(COMMENTED);
        s.b.position = glam::Vec2::new(0.25, 0.5);
        let out = merge_into(COMMENTED, &s).unwrap();
        let expected = COMMENTED.replace("position: (0.0, 0.49)", "position: (0.25, 0.5)");
        assert_eq!(out, expected);
    }

    #[test]
    fn a_field_the_file_lacks_is_added_in_its_layout() {
        let mut s = scene_of(COMMENTED);
        s.b.angle_deg = 30.0;
        s.a.angle_deg = 5.0;
        let out = merge_into(COMMENTED, &s).unwrap();
        assert_eq!(scene_of(&out), s);
        assert!(out.contains("// the floor") && out.contains("// B rests on it."));
        assert!(
            out.contains("position: (0.0, 0.49),\n        angle_deg: 30.0,\n    ),"),
            "{out}"
        );
        assert!(
            out.contains("position: (0.0, -0.5), angle_deg: 5.0),"),
            "{out}"
        );
    }

    #[test]
    fn a_changed_shape_kind_replaces_that_value_only() {
        let mut s = scene_of(COMMENTED);
        s.a.shape = crate::scene::ShapeSpec::Circle { radius: 2.0 };
        let out = merge_into(COMMENTED, &s).unwrap();
        assert_eq!(scene_of(&out), s);
        assert!(
            out.contains("a: Body(shape: Circle(radius: 2.0), position"),
            "{out}"
        );
        assert!(out.contains("// A lecturer's scene") && out.contains("/* the notes are long */"));
    }

    #[test]
    fn text_that_cannot_be_read_is_written_whole() {
        let s = scene_of(COMMENTED);
        let whole = to_ron(&s).unwrap();
        for bad in [
            "not ron at all (",
            "",
            "/* never closed",
            "Scene(title: \"unterminated",
            &"(".repeat(1_000_000),
            &"[".repeat(100_000),
        ] {
            assert_eq!(merge_into(bad, &s).unwrap(), whole);
        }
    }

    #[test]
    fn a_damaged_file_of_another_scene_still_saves_this_one() {
        // Whatever the file holds, the result reads back as the scene being saved.
        let s = scene_of(COMMENTED);
        let other = crate::scene::BUILTIN[11].1;
        for cut in (0..other.len()).step_by(37) {
            let Some(text) = other.get(..cut) else {
                continue;
            };
            let out = merge_into(text, &s).unwrap();
            assert_eq!(scene_of(&out), s, "from {text:?}");
        }
    }
}
