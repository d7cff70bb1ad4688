//! The house's guarantees about the app's shape, as tests (STYLE.md: "a guarantee lives in a
//! test, or it does not live"). Each reads the sources under `src/app` (outside their
//! `#[cfg(test)]` modules) and fails on a breach, naming the file and line:
//! - `App` is implemented in `app/mod.rs` only: the children take the parts they need and
//!   return commands (or what the app is to do next), so none of them is tied back to the hub;
//! - no source file under `src/` over 600 lines without a stated reason;
//! - no vector geometry in the app outside the drawing files (`draw`, `camera`, `visible`): a
//!   number or direction the app shows comes from the library's traces and outputs;
//! - the `Mode` trait does not grow (egui's `Demo` has three methods; a mode's quirks are one
//!   value it returns).
//!
//! The import graph (no circle among the app's modules) is in `module_graph`.

use std::path::Path;

/// The app's source files as (path relative to `src/`, numbered lines of code before the
/// file's `#[cfg(test)]` module, comments dropped).
fn app_sources() -> Vec<(String, Vec<(usize, String)>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    super::module_graph::modules(&root, &root.join("app"), &mut all);
    all.into_iter()
        .map(|(_, p)| {
            let rel = p.strip_prefix(&root).expect("under src");
            let name = rel.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&p).expect("read source");
            let lines = text
                .lines()
                .enumerate()
                .take_while(|(_, l)| !l.trim_start().starts_with("#[cfg(test)]"))
                .filter_map(|(i, l)| {
                    let code = l.split("//").next().unwrap_or("");
                    (!code.trim().is_empty()).then(|| (i + 1, code.to_string()))
                })
                .collect();
            (name, lines)
        })
        .collect()
}

/// The lines of `sources` that `breach` flags, as `file:line: code`.
fn breaches(
    sources: &[(String, Vec<(usize, String)>)],
    skip: impl Fn(&str) -> bool,
    breach: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for (name, lines) in sources {
        if skip(name) {
            continue;
        }
        for (n, code) in lines {
            if breach(code) {
                out.push(format!("src/{name}:{n}: {}", code.trim()));
            }
        }
    }
    out
}

/// True when `code` opens an `impl` block of the type `App` (`impl App {`, `impl<'a> App`).
fn implements_app(code: &str) -> bool {
    let t = code.trim_start();
    let Some(rest) = t.strip_prefix("impl") else {
        return false;
    };
    let rest = match rest.strip_prefix('<') {
        Some(generic) => generic.split_once('>').map_or("", |(_, r)| r),
        None => rest,
    };
    let rest = rest.trim_start();
    rest.starts_with("App ") || rest.starts_with("App{") || rest == "App"
}

#[test]
fn app_is_implemented_in_app_mod_rs_only() {
    let sources = app_sources();
    // The test is real: the hub itself implements App.
    let hub = breaches(&sources, |n| n != "app/mod.rs", implements_app);
    assert!(!hub.is_empty(), "app/mod.rs has no impl App");
    let found = breaches(&sources, |n| n == "app/mod.rs", implements_app);
    assert!(
        found.is_empty(),
        "`impl App` outside app/mod.rs (a child takes the parts it needs, and returns commands \
         or what the app is to do next):\n{}",
        found.join("\n")
    );
}

/// The most lines the app's hub (`app/mod.rs`: the module list, `App` and its one `impl`) has.
/// What is left there is the module list, `App`, lending its parts (what a command sets off,
/// a scene entered, the mode and step, is the parts' own: `execute/after.rs`) and a frame's
/// stages, each handing the parts it needs to their owner. Issue 37 asks for about 300. Its
/// bound may only go down.
const HUB_LINES_AT_MOST: usize = 300;

#[test]
fn the_app_hub_stays_small() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app/mod.rs"))
        .expect("src/app/mod.rs");
    let lines = text.lines().count();
    assert!(
        lines <= HUB_LINES_AT_MOST,
        "src/app/mod.rs has {lines} lines (at most {HUB_LINES_AT_MOST}): hand the new work to \
         the part that owns its state"
    );
    // One impl block: whatever else needs the app goes to a part's method.
    let impls = text.lines().filter(|l| implements_app(l)).count();
    assert_eq!(impls, 1, "src/app/mod.rs has {impls} impl App blocks");
}

/// The most lines a source file under `src/` has without a stated reason (STYLE.md: a file a
/// reader takes in at one sitting; issue 37: hubs split by owner).
const FILE_LINES_AT_MOST: usize = 600;

/// The files over [`FILE_LINES_AT_MOST`], each with the most lines it may have (it may only
/// shrink: lower the number as it does, and take the file off once it fits) and why.
const LONG_FILES: &[(&str, usize, &str)] = &[
    (
        "geom/shape.rs",
        776,
        "every shape kind's construction, validation, support and vertex queries side by side, \
         in the scene format's order (its tests from line 729)",
    ),
    (
        "geom/gjk.rs",
        678,
        "GJK's traced outline reads top-down in one file, numbered as STYLE.md's outline (its \
         tests from line 594)",
    ),
    (
        "scene/preserve.rs",
        607,
        "the comment-keeping RON writer (508 lines) with its tests beside it",
    ),
    (
        "app/modes/manifold.rs",
        626,
        "one mode, one file (egui's demo): the manifold mode's sentences, panel, input and \
         picture",
    ),
];

#[test]
fn source_files_stay_short_or_say_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut long = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&root)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        let lines = std::fs::read_to_string(path).expect("read").lines().count();
        let allowed = LONG_FILES.iter().find(|(n, _, _)| *n == name).map_or(
            FILE_LINES_AT_MOST,
            |(_, most, why)| {
                assert!(!why.is_empty());
                *most
            },
        );
        if lines > allowed {
            long.push(format!("src/{name}: {lines} lines (at most {allowed})"));
        }
    }
    assert!(
        long.is_empty(),
        "files grown past their bound (split by owner, or state why in LONG_FILES):\n{}",
        long.join("\n")
    );
    for (name, most, _) in LONG_FILES {
        let path = root.join(name);
        let lines = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("src/{name} is listed in LONG_FILES: {e}"))
            .lines()
            .count();
        assert!(
            lines > FILE_LINES_AT_MOST,
            "src/{name} has {lines} lines: take it off LONG_FILES"
        );
        assert!(
            lines + 30 >= *most,
            "src/{name} shrank to {lines} lines: lower its bound in LONG_FILES ({most})"
        );
    }
}

/// Vector geometry: what computes a direction, a length or a side from coordinates. The app
/// draws the library's answers and never derives its own.
const GEOMETRY: &[&str] = &[
    ".dot(",
    ".perp_dot(",
    ".perp(",
    ".cross(",
    ".normalize(",
    ".normalize_or_zero(",
    ".normalize_or(",
    ".try_normalize(",
    ".length(",
    ".length_squared(",
    ".length_recip(",
    ".angle_between(",
    ".angle_to(",
    ".project_onto(",
    ".reject_from(",
    ".atan2(",
];

/// The files that map and draw: the primitives (an arrow's head, a dashed line), the camera's
/// world ↔ screen transform and the visible-extent bookkeeping.
fn is_drawing_file(name: &str) -> bool {
    name == "app/draw.rs"
        || name.starts_with("app/draw/")
        || name == "app/camera.rs"
        || name == "app/visible.rs"
}

#[test]
fn no_vector_geometry_in_the_app_outside_the_drawing_files() {
    let sources = app_sources();
    // The test is real: the drawing files do use geometry.
    let drawing = breaches(
        &sources,
        |n| !is_drawing_file(n),
        |c| GEOMETRY.iter().any(|g| c.contains(g)),
    );
    assert!(!drawing.is_empty(), "the drawing files use no geometry?");
    let found = breaches(&sources, is_drawing_file, |c| {
        GEOMETRY.iter().any(|g| c.contains(g))
    });
    assert!(
        found.is_empty(),
        "vector geometry in the app (put it in the library's output or trace, or in the \
         drawing files):\n{}",
        found.join("\n")
    );
}

/// The methods of `trait Mode` in `app/modes/mode.rs`.
fn mode_trait_methods() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/modes/mode.rs");
    let text = std::fs::read_to_string(path).expect("read modes/mode.rs");
    let start = text.find("pub trait Mode").expect("the Mode trait");
    let body = &text[start..];
    // The trait's body ends at the first line that is a lone closing brace.
    let end = body.find("\n}").map_or(body.len(), |e| e + 2);
    body[..end]
        .lines()
        .filter_map(|l| {
            let t = l.trim_start();
            let rest = t.strip_prefix("fn ")?;
            Some(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect(),
            )
        })
        .collect()
}

/// The most methods the `Mode` trait may have. Issue 37 asks for about 12; it had 24. A mode's
/// fixed facts are one `about()` value, a mode that plays one `player()`, what a step says one
/// `explain()` value (label, text, arithmetic), and the GJK pane's camera is the app's second
/// view (the mode says it has one by its `About::split`): 11. Lower it as methods are
/// grouped, never raise it.
const MODE_METHODS_AT_MOST: usize = 11;

#[test]
fn the_mode_trait_does_not_grow() {
    let methods = mode_trait_methods();
    assert!(methods.contains(&"draw".to_string()), "{methods:?}");
    assert!(
        methods.len() <= MODE_METHODS_AT_MOST,
        "the Mode trait has {} methods: {methods:?} (group a mode's quirks into one value it \
         returns)",
        methods.len()
    );
}

#[test]
fn the_impl_finder_finds_impl_blocks() {
    assert!(implements_app("impl App {"));
    assert!(implements_app("    impl<'a> App {"));
    assert!(!implements_app("impl AppFlags {"));
    assert!(!implements_app("impl Default for App {"));
}
