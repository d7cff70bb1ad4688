//! Finding a field in RON source text, to point an error at its line and column.
//!
//! serde hands us values without their positions, so validation errors found after parsing
//! (a negative radius, a non-convex polygon) are located by walking the text: a small scanner
//! splits it into tokens (skipping whitespace, comments and the inside of strings) and follows a
//! field path such as `a.shape.vertices[3].x` through `name:` pairs and list elements. When a
//! step cannot be followed the deepest position found so far is returned.

/// A 1-based line and column (columns count characters), as ron reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TextPos {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

impl std::fmt::Display for TextPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One step of a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    /// `name: value` inside a struct.
    Field(String),
    /// The n-th element of a list or tuple (`.x` is element 0 of a point, `.y` element 1).
    Index(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Open,
    Close,
    Colon,
    Comma,
    Ident(&'a str),
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    tok: Tok<'a>,
    at: usize,
}

/// The line and column of byte offset `at` in `text` (clamped to the text).
pub fn position_of(text: &str, at: usize) -> TextPos {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    TextPos {
        line,
        col: 1 + before[line_start..].chars().count(),
    }
}

/// Where the value of `field` (a path like `a.shape.vertices[3].x`) starts in `text`. `None`
/// only when not even the first step is found.
pub fn locate(text: &str, field: &str) -> Option<TextPos> {
    let tokens = tokenize(text);
    let path = parse_path(field);
    // The top-level value, `Scene( ... )`, holds the first field.
    let mut value = value_range(&tokens, 0)?;
    let mut found = None;
    for segment in &path {
        let Some(next) = child(&tokens, value, segment) else {
            break;
        };
        value = next;
        found = tokens.get(next.0).map(|t| position_of(text, t.at));
    }
    found
}

/// The field path (`a.shape.vertices[2]`) whose value holds the position `at`, for syntax
/// errors that ron reports by position only. `None` at the top level.
pub fn field_at(text: &str, at: TextPos) -> Option<String> {
    let offset = offset_of(text, at);
    // One frame per open bracket: the field named last at that depth, or the list index.
    struct Frame<'a> {
        list: bool,
        index: usize,
        name: Option<&'a str>,
    }
    let tokens = tokenize(text);
    let mut stack: Vec<Frame> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.at >= offset {
            break;
        }
        match t.tok {
            Tok::Open => {
                let list = text.as_bytes().get(t.at) == Some(&b'[');
                stack.push(Frame {
                    list,
                    index: 0,
                    name: None,
                });
            }
            Tok::Close => {
                stack.pop();
            }
            Tok::Comma => {
                if let Some(f) = stack.last_mut() {
                    f.index += 1;
                    f.name = None;
                }
            }
            Tok::Ident(id) if tokens.get(i + 1).map(|t| t.tok) == Some(Tok::Colon) => {
                if let Some(f) = stack.last_mut() {
                    f.name = Some(id);
                }
            }
            _ => {}
        }
    }
    let mut path = String::new();
    for f in &stack {
        if f.list {
            path.push_str(&format!("[{}]", f.index));
        } else if let Some(name) = f.name {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(name);
        }
    }
    (!path.is_empty()).then_some(path)
}

/// The byte offset of a line and column (clamped to the text).
fn offset_of(text: &str, at: TextPos) -> usize {
    let mut line_start = 0;
    for _ in 1..at.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[line_start..];
    let col = line
        .char_indices()
        .nth(at.col.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    line_start + col
}

fn parse_path(field: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    for part in field.split('.') {
        let (name, rest) = part.split_once('[').unwrap_or((part, ""));
        match name {
            "" => {}
            "x" => out.push(Segment::Index(0)),
            "y" => out.push(Segment::Index(1)),
            _ => out.push(Segment::Field(name.to_string())),
        }
        for index in rest.split('[') {
            if let Ok(i) = index.trim_end_matches(']').parse() {
                out.push(Segment::Index(i));
            }
        }
    }
    out
}

/// The token range `[start, end)` of the value starting at token `start`: up to the comma or
/// closing bracket that ends it at its own depth.
fn value_range(tokens: &[Token], start: usize) -> Option<(usize, usize)> {
    if start >= tokens.len() {
        return None;
    }
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(start) {
        match t.tok {
            Tok::Open => depth += 1,
            Tok::Close if depth == 0 => return Some((start, i)),
            Tok::Close => depth -= 1,
            Tok::Comma if depth == 0 => return Some((start, i)),
            _ => {}
        }
    }
    Some((start, tokens.len()))
}

/// The range of the child `segment` inside the value `range` (a struct, enum variant or list).
fn child(tokens: &[Token], range: (usize, usize), segment: &Segment) -> Option<(usize, usize)> {
    // The inside of the value's first bracket.
    let open = (range.0..range.1).find(|&i| tokens[i].tok == Tok::Open)?;
    let mut depth = 0usize;
    let mut element = 0usize;
    let mut element_start = true;
    for i in open + 1..range.1 {
        let t = tokens[i].tok;
        if depth == 0 {
            match (segment, t) {
                (Segment::Field(name), Tok::Ident(id))
                    if id == name && tokens.get(i + 1).map(|t| t.tok) == Some(Tok::Colon) =>
                {
                    return value_range(tokens, i + 2);
                }
                (Segment::Index(n), _) if element_start && element == *n && t != Tok::Close => {
                    return value_range(tokens, i);
                }
                _ => {}
            }
        }
        element_start = false;
        match t {
            Tok::Open => depth += 1,
            Tok::Close if depth == 0 => return None,
            Tok::Close => depth -= 1,
            Tok::Comma if depth == 0 => {
                element += 1;
                element_start = true;
            }
            _ => {}
        }
    }
    None
}

/// Splits RON text into the few tokens the locator needs.
fn tokenize(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let tok = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = skip_line(bytes, i);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = skip_block_comment(bytes, i);
                continue;
            }
            b'r' if raw_string_hashes(bytes, i).is_some() => {
                i = skip_raw_string(bytes, i);
                tokens.push(Token {
                    tok: Tok::Other,
                    at: start,
                });
                continue;
            }
            b'"' => {
                i = skip_string(bytes, i);
                tokens.push(Token {
                    tok: Tok::Other,
                    at: start,
                });
                continue;
            }
            b'(' | b'[' | b'{' => Tok::Open,
            b')' | b']' | b'}' => Tok::Close,
            b':' => Tok::Colon,
            b',' => Tok::Comma,
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                tokens.push(Token {
                    tok: Tok::Ident(&text[start..i]),
                    at: start,
                });
                continue;
            }
            _ => Tok::Other,
        };
        tokens.push(Token { tok, at: start });
        i += 1;
    }
    tokens
}

fn skip_line(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && bytes[i] != b'\n' {
        i += 1;
    }
    i
}

/// Skips a (possibly nested) block comment starting at `i`.
fn skip_block_comment(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < bytes.len() {
        if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
            depth += 1;
            i += 2;
        } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// For a raw string `r#"…"#` starting at `i`, the number of `#`s.
fn raw_string_hashes(bytes: &[u8], i: usize) -> Option<usize> {
    let hashes = bytes
        .get(i + 1..)?
        .iter()
        .take_while(|&&b| b == b'#')
        .count();
    (bytes.get(i + 1 + hashes) == Some(&b'"')).then_some(hashes)
}

/// Skips a raw string starting at the `r` at `i`.
fn skip_raw_string(bytes: &[u8], i: usize) -> usize {
    let hashes = raw_string_hashes(bytes, i).unwrap_or(0);
    let mut j = i + hashes + 2;
    while j < bytes.len() {
        if bytes[j] == b'"'
            && bytes.len() - (j + 1) >= hashes
            && bytes[j + 1..j + 1 + hashes].iter().all(|&b| b == b'#')
        {
            return j + 1 + hashes;
        }
        j += 1;
    }
    j
}

/// Skips a string literal starting at the quote `i`, honouring backslash escapes.
fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "// A comment with a: (\nScene(\n    title: \"a: b(\",\n    a: Body(shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.5, -1.0)]), position: (0.0, 2.0)),\n    b: Body(shape: Circle(radius: -1.0), position: (1.0, 1.0)),\n)\n";

    #[test]
    fn locate_nested_field() {
        assert_eq!(
            locate(TEXT, "b.shape.radius"),
            Some(TextPos { line: 5, col: 35 })
        );
    }

    #[test]
    fn locate_list_element_and_coordinate() {
        assert_eq!(
            locate(TEXT, "a.shape.vertices[2]"),
            Some(TextPos { line: 4, col: 63 })
        );
        assert_eq!(
            locate(TEXT, "a.shape.vertices[2].y"),
            Some(TextPos { line: 4, col: 69 })
        );
        assert_eq!(
            locate(TEXT, "a.position.y"),
            Some(TextPos { line: 4, col: 94 })
        );
    }

    #[test]
    fn locate_missing_step_gives_deepest_found() {
        assert_eq!(
            locate(TEXT, "b.shape.width"),
            Some(TextPos { line: 5, col: 20 })
        );
        assert_eq!(locate(TEXT, "zzz"), None);
    }

    #[test]
    fn field_at_names_the_enclosing_field() {
        let at = |line, col| field_at(TEXT, TextPos { line, col });
        assert_eq!(at(5, 35).as_deref(), Some("b.shape.radius"));
        assert_eq!(at(4, 63).as_deref(), Some("a.shape.vertices[2]"));
        assert_eq!(at(3, 5), None);
        assert_eq!(at(99, 1), None);
    }

    #[test]
    fn comments_and_strings_are_skipped() {
        assert_eq!(locate(TEXT, "title"), Some(TextPos { line: 3, col: 12 }));
        let raw = "Scene(title: r#\"say \"b: (\"\"#, b: Body(position: (1.0, 2.0)))";
        assert_eq!(
            locate(raw, "b.position"),
            Some(TextPos { line: 1, col: 49 })
        );
    }
}
