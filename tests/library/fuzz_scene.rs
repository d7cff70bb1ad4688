//! Property tests for the loader: random bytes and randomly mutated valid scenes return a scene
//! or an error and never panic; a scene that loads gives finite results everywhere (extreme but
//! finite numbers such as 1e30 or 1e-20 are refused or computed, never turned into NaN).
//!
//! About 12 000 cases in all.

use narrowphase_lab::report::report;
use narrowphase_lab::scene::{BUILTIN, PairTraces, parse, parse_bytes, to_ron};
use proptest::prelude::*;

/// Tokens that stress the parser and the validation when spliced into a scene.
const TOKENS: &[&str] = &[
    "NaN",
    "inf",
    "-inf",
    "1e30",
    "-1e30",
    "1e-20",
    "-1e-20",
    "3.4e38",
    "1e-45",
    "1e400",
    "0.0",
    "-0.0",
    "0",
    "-1",
    "18446744073709551616",
    "(",
    ")",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "//",
    "/*",
    "*/",
    "r#\"",
    "'",
    "Some(",
    "None",
    "Box",
    "Circle(radius: 1e30)",
    "Polygon(vertices: [])",
    "RegularPolygon(sides: 4294967295, circumradius: 1.0)",
    "Capsule(length: 1e-20, radius: 1.0)",
    "view: View(center: (0.0, 0.0), zoom: 1e-20),",
    "angle_deg: 1e30,",
    "é",
    "\u{0}",
    "\n",
];

/// Numbers that are finite but extreme.
const EXTREMES: &[&str] = &[
    "1e30", "-1e30", "1e-20", "-1e-20", "3.4e38", "-3.4e38", "1e-45", "1e6", "1e-6", "999999.9",
    "0.0", "-0.0",
];

/// Loads `bytes`; when it loads, every computed number must be finite.
fn load_and_compute(bytes: &[u8]) {
    let Ok(loaded) = parse_bytes(bytes, "fuzz.ron") else {
        return;
    };
    let t = PairTraces::compute(&loaded.pair);
    let q = &t.query;
    let finite = |v: f32| v.is_finite();
    assert!(finite(q.separation) && q.normal.is_finite(), "query: {q:?}");
    assert!(
        q.point_a.is_finite() && q.point_b.is_finite(),
        "query points: {q:?}"
    );
    assert!(
        finite(t.sat.separation) && t.sat.normal.is_finite(),
        "sat: {:?}",
        t.sat
    );
    assert!(t.manifold.normal.is_finite(), "manifold normal");
    for p in t.manifold.points() {
        assert!(
            p.position.is_finite() && finite(p.separation),
            "point {p:?}"
        );
    }
    // The report prints no null for a number that must be there.
    let r = report(&loaded.scene, &t);
    for key in ["separation", "normal"] {
        assert!(!r[key].is_null(), "{key} in {r}");
    }
    assert!(
        r["points"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|p| !p["separation"].is_null())
    );
    // A scene that loads saves and loads back to itself.
    if let Ok(text) = to_ron(&loaded.scene) {
        let again = parse(&text, "again.ron").expect("a saved scene loads");
        assert_eq!(again.scene, loaded.scene);
    }
}

/// Every number literal's byte range in `text` (digits, sign, dot, exponent).
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts =
            b[i].is_ascii_digit() || (b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        let after_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if starts && !after_ident {
            let start = i;
            i += 1;
            while i < b.len()
                && (b[i].is_ascii_digit() || matches!(b[i], b'.' | b'e' | b'E' | b'-' | b'+'))
            {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

#[derive(Clone, Debug)]
enum Mutation {
    /// Overwrite the byte at this fraction of the length.
    Byte(f64, u8),
    /// Delete this many bytes at this fraction.
    Delete(f64, usize),
    /// Insert a stress token at this fraction.
    Insert(f64, usize),
    /// Replace the n-th number (modulo their count) with an extreme one.
    Number(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0.0..1.0f64, any::<u8>()).prop_map(|(f, b)| Mutation::Byte(f, b)),
        (0.0..1.0f64, 1..20usize).prop_map(|(f, n)| Mutation::Delete(f, n)),
        (0.0..1.0f64, 0..TOKENS.len()).prop_map(|(f, t)| Mutation::Insert(f, t)),
        (any::<usize>(), 0..EXTREMES.len()).prop_map(|(n, x)| Mutation::Number(n, x)),
    ]
}

fn apply(text: &str, m: &Mutation) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let at = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
    match *m {
        Mutation::Byte(f, b) => {
            let i = at(f, bytes.len().saturating_sub(1));
            if let Some(x) = bytes.get_mut(i) {
                *x = b;
            }
        }
        Mutation::Delete(f, n) => {
            let i = at(f, bytes.len());
            let j = (i + n).min(bytes.len());
            bytes.drain(i..j);
        }
        Mutation::Insert(f, t) => {
            let i = at(f, bytes.len());
            bytes.splice(i..i, TOKENS[t].bytes());
        }
        Mutation::Number(n, x) => {
            let spans = number_spans(text);
            if let Some(&(s, e)) = spans.get(n % spans.len().max(1)) {
                bytes.splice(s..e, EXTREMES[x].bytes());
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        load_and_compute(&bytes);
    }

    #[test]
    fn random_text_never_panics(text in "[ -~\n]{0,300}") {
        load_and_compute(text.as_bytes());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_scenes_never_panic(
        scene in 0..BUILTIN.len(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let mut text = BUILTIN[scene].1.to_string();
        for m in &mutations {
            text = String::from_utf8_lossy(&apply(&text, m)).into_owned();
        }
        load_and_compute(text.as_bytes());
    }
}

#[test]
fn every_number_of_every_scene_replaced_by_an_extreme() {
    // Exhaustive over (scene, number, extreme): errors or finite results, never NaN.
    let mut cases = 0;
    for (_, text) in BUILTIN {
        for (s, e) in number_spans(text) {
            for x in EXTREMES {
                let mut t = text.to_string();
                t.replace_range(s..e, x);
                load_and_compute(t.as_bytes());
                cases += 1;
            }
        }
    }
    assert!(cases > 1000, "{cases}");
}

#[test]
fn deeply_nested_input_is_an_error() {
    let deep = format!("Scene(title: {}", "(".repeat(100_000));
    assert!(parse(&deep, "deep.ron").is_err());
    let deep = format!(
        "Scene(title: \"t\", a: Body(shape: Polygon(vertices: {}",
        "[".repeat(100_000)
    );
    assert!(parse(&deep, "deep.ron").is_err());
}

#[test]
fn extreme_values_are_refused_with_the_field_named() {
    let base = BUILTIN[0].1;
    for (from, to, field) in [
        ("width: 8.0", "width: 1e30", "a.shape.width"),
        ("width: 2.0", "width: 1e-20", "b.shape.width"),
        (
            "position: (0.0, -0.5)",
            "position: (1e30, -0.5)",
            "a.position.x",
        ),
        ("angle_deg: 0.0", "angle_deg: 1e30", "a.angle_deg"),
        (
            "speculative_margin: 0.0",
            "speculative_margin: -1e-20",
            "speculative_margin",
        ),
        ("zoom: 110.0", "zoom: 1e-20", "view.zoom"),
    ] {
        let err = parse(&base.replacen(from, to, 1), "x.ron")
            .expect_err(to)
            .to_string();
        assert!(err.contains(field), "{to}: {err}");
        assert!(
            !err.contains("000000000"),
            "numbers in scientific notation: {err}"
        );
    }
}
