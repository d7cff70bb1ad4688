//! The arithmetic panel's numbers against the same numbers worked out in f64 from the scenes'
//! shapes (placed and projected by `crate::common::exact_oracle`) — two per mode: SAT's shadow ends
//! and gap, GJK's support dot product and the closest point's barycentric weights, the
//! manifold's clip-plane distances and separations.

use crate::common::exact_oracle::{place_points, rect, regular_polygon, shadow};
use crate::kit::open;
use glam::DVec2;
use narrowphase_lab::app::App;
use narrowphase_lab::app::command::{Command, StepTo};
use narrowphase_lab::app::modes::ModeKind;
use narrowphase_lab::app::modes::arithmetic::Row;
use narrowphase_lab::app::pair::Traced;
use narrowphase_lab::cli::AppFlags;

/// The arithmetic rows of `mode` at `step`, as the right panel shows them.
fn rows(pair: &Traced, mode: ModeKind, step: usize) -> Vec<Row> {
    narrowphase_lab::app::modes::Modes::default()
        .get(mode)
        .explain(pair, step)
        .rows
}

/// The arithmetic of `mode` at `step` as the app shows it: a mode that runs (Simulate) is
/// moved to the step first, as a frame moves it.
fn rows_at(app: &mut App, mode: ModeKind, step: usize) -> Vec<Row> {
    if mode == ModeKind::Simulate {
        app.apply(Command::Step(StepTo::At(step)), 0.0);
        app.advance_mode(0.0);
        assert_eq!(app.session.step, step);
    }
    app.modes.get(mode).explain(&app.session.pair, step).rows
}

/// Simulate's numbers: the fields of its runs' state now (every body's centre, angle,
/// velocity and spin, every contact's position, separation and impulses), the bodies'
/// positions (`SimBody::position`), |spin|, and each run's time.
fn sim_allowed(app: &App) -> std::collections::HashSet<String> {
    use narrowphase_lab::app::modes::simulate::SimulateMode;
    use narrowphase_lab::app::words::num;
    let mut set = std::collections::HashSet::new();
    let mode = app.modes.find::<SimulateMode>().expect("the Simulate mode");
    let Some(lab) = mode.lab() else {
        return set;
    };
    let mut add = |v: f32| {
        set.insert(num(v));
        set.insert(num(-v));
    };
    let (values, vecs) = floats_in(&format!("{lab:?}"));
    values.into_iter().for_each(&mut add);
    for v in vecs {
        add(v.x);
        add(v.y);
    }
    for run in &lab.runs {
        let w = run.world();
        add(w.time() as f32);
        for b in w.bodies() {
            let p = b.position();
            add(p.x);
            add(p.y);
            add(b.spin.abs());
            add(b.speed());
        }
    }
    set
}

/// The value of the row whose text starts with `start`.
fn value(rows: &[Row], start: &str) -> f64 {
    rows.iter()
        .find(|r| r.text.starts_with(start))
        .and_then(|r| r.value)
        .unwrap_or_else(|| panic!("no row `{start}…` in {rows:#?}")) as f64
}

fn near(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
        "{what}: {a} vs {b}"
    );
}

#[test]
fn sat_shadow_ends_and_gaps_match_the_triangles_projected_in_f64() {
    // Scene 15: two triangles of circumradius 1, B at (0.1, 0.1) turned 180°.
    let app = open("15_star_of_david.ron");
    let a = place_points(&regular_polygon(3, 1.0), DVec2::ZERO, 0.0);
    let b = place_points(&regular_polygon(3, 1.0), DVec2::new(0.1, 0.1), 180.0);
    let axes: Vec<_> = app.session.pair.sat_axes().map(|r| r.axis).collect();
    assert_eq!(axes.len(), 6, "six face normals");
    for (k, axis) in axes.iter().enumerate() {
        let u = DVec2::new(axis.x as f64, axis.y as f64);
        let shown = rows(&app.session.pair, ModeKind::Sat, k);
        let (a_lo, a_hi) = shadow(&a, u);
        let (b_lo, b_hi) = shadow(&b, u);
        near(value(&shown, "A's shadow, low end"), a_lo, "A low");
        near(value(&shown, "B's shadow, high end"), b_hi, "B high");
        near(value(&shown, "gap"), (b_lo - a_hi).max(a_lo - b_hi), "gap");
    }
}

#[test]
fn gjk_support_dot_products_and_weights_match_f64() {
    // Scene 14: a 3 × 2 box at the origin, a unit box at (0.5, 0.4) turned 45°.
    let mut app = open("14_epa_deep.ron");
    app.apply(Command::SetMode(ModeKind::Gjk), 0.0);
    let a = place_points(&rect(3.0, 2.0), DVec2::ZERO, 0.0);
    let b = place_points(&rect(1.0, 1.0), DVec2::new(0.5, 0.4), 45.0);
    let pair = &app.session.pair;
    // Step 1: the support along the search direction is B's farthest corner along d.
    let s0 = &pair.gjk_steps[0];
    let d = s0.direction.expect("a search direction");
    let d = DVec2::new(d.x as f64, d.y as f64);
    let shown = rows(pair, ModeKind::Gjk, 0);
    let (_, b_far) = shadow(&b, d);
    let (a_lo, _) = shadow(&a, d);
    near(value(&shown, "B's support"), b_far, "B along d");
    near(value(&shown, "A's support"), -a_lo, "A against d");
    // Step 2: a segment whose closest point to the origin is inside it; its weights are the
    // closest point's barycentric coordinates, worked out here from the two points.
    let s1 = &pair.gjk_steps[1];
    let w: Vec<DVec2> = s1
        .simplex_in
        .iter()
        .map(|v| DVec2::new(v.w.x as f64, v.w.y as f64))
        .collect();
    let e = w[1] - w[0];
    let t = (-w[0].dot(e) / e.length_squared()).clamp(0.0, 1.0);
    let shown = rows(pair, ModeKind::Gjk, 1);
    near(value(&shown, "weight λ0"), 1.0 - t, "λ0");
    near(value(&shown, "weight λ1"), t, "λ1");
    near(
        value(&shown, "its distance"),
        (w[0] + e * t).length(),
        "distance",
    );
}

#[test]
fn manifold_clip_distances_and_separations_match_the_tilted_box_in_f64() {
    // Scene 2: ground 8 × 1 with its top at y = 0 (x from −4 to 4); a 2 × 1 box at (0, 0.65)
    // turned 10°. Its bottom edge is the incident face; the ground's top the reference face.
    let mut app = open("02_tilted_box.ron");
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    let b = place_points(&rect(2.0, 1.0), DVec2::new(0.0, 0.65), 10.0);
    let (left, right) = (b[0], b[1]);
    let pair = &app.session.pair;
    let all: Vec<Vec<Row>> = (0..app.step_count())
        .map(|k| rows(pair, ModeKind::Manifold, k))
        .collect();
    // Each side plane (x = ±4, normal pointing out): the incident corners' distances ±x − 4.
    let mut planes = 0;
    for r in all
        .iter()
        .filter(|r| r.iter().any(|l| l.text.starts_with("side plane")))
    {
        let got: Vec<f64> = r.iter().filter_map(|l| l.value).map(|v| v as f64).collect();
        let plus = [left.x - 4.0, right.x - 4.0];
        let minus = [-4.0 - left.x, -4.0 - right.x];
        let matches = |want: [f64; 2]| {
            let mut g = got.clone();
            let mut w = want.to_vec();
            g.sort_by(f64::total_cmp);
            w.sort_by(f64::total_cmp);
            g.len() == 2 && g.iter().zip(&w).all(|(a, b)| (a - b).abs() < 1e-5)
        };
        assert!(
            matches(plus) || matches(minus),
            "clip distances {got:?}, want {plus:?} or {minus:?}"
        );
        planes += 1;
    }
    assert_eq!(planes, 2, "two side planes");
    // The separations: each corner's height above the ground's top (negative: below).
    let keep = all
        .iter()
        .find(|r| r.iter().any(|l| l.text.starts_with("p0")))
        .expect("the keep step");
    let mut got: Vec<f64> = keep
        .iter()
        .filter_map(|l| l.value)
        .map(|v| v as f64)
        .collect();
    got.sort_by(f64::total_cmp);
    near(got[0], left.y, "the dipping corner");
    near(got[1], right.y, "the lifted corner");
    assert!(left.y < 0.0 && right.y > 0.0);
}

#[test]
fn every_mode_kind_has_a_mode_listed_once() {
    let modes = narrowphase_lab::app::modes::Modes::default();
    let kinds: Vec<ModeKind> = modes.iter().map(|m| m.kind()).collect();
    assert_eq!(
        kinds,
        ModeKind::ALL.to_vec(),
        "the list is in key order, each kind once"
    );
    for m in modes.iter() {
        assert!(!m.title().is_empty() && !m.hover().is_empty() && !m.legend().is_empty());
    }
}

#[test]
fn every_scene_mode_and_step_has_finite_arithmetic() {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    for index in 0..app.session.lecture.scenes.len() {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        for mode in ModeKind::ALL {
            app.apply(Command::SetMode(mode), 0.0);
            for step in 0..app.step_count() {
                let shown = rows_at(&mut app, mode, step);
                let at = format!("scene {index} {} step {step}", mode.name());
                assert!(!shown.is_empty(), "{at}: no arithmetic");
                for r in &shown {
                    assert!(r.value.is_none_or(f32::is_finite), "{at}: {}", r.text);
                    assert!(!r.text.contains("not a number"), "{at}: {}", r.text);
                    assert!(
                        !r.text.contains("e-") && !r.text.contains("e+"),
                        "{at}: {}",
                        r.text
                    );
                }
            }
        }
    }
}

/// Every decimal number written in `text` (a `+` sign dropped: `signed` adds it to `num`'s).
fn numbers_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            || (chars[i] == '-' && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()));
        let after_word = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if !starts || after_word {
            i += 1;
            continue;
        }
        let from = i;
        i += 1;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
            i += 1;
        }
        let token: String = chars[from..i].iter().collect();
        let token = token.trim_end_matches('.').to_string();
        // Integers are counts and indices (steps, vertices, points), not measurements.
        if token.contains('.') {
            out.push(token);
        }
    }
    out
}

/// Every `f32` in a value's `Debug` text, bit for bit (`Debug` prints the shortest text that
/// reads back to the same bits), and every `Vec2(x, y)` in it.
fn floats_in(debug: &str) -> (Vec<f32>, Vec<glam::Vec2>) {
    let bytes = debug.as_bytes();
    let number = |i: usize| -> Option<(f32, usize)> {
        let mut j = i;
        while j < bytes.len() && (bytes[j].is_ascii_digit() || b".-e".contains(&bytes[j])) {
            j += 1;
        }
        debug[i..j].parse::<f32>().ok().map(|v| (v, j))
    };
    let mut values = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let starts =
            c.is_ascii_digit() || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        let after_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if starts
            && !after_word
            && let Some((v, j)) = number(i)
        {
            values.push(v);
            i = j;
        } else {
            i += 1;
        }
    }
    let mut vecs = Vec::new();
    for (at, _) in debug.match_indices("Vec2(") {
        let rest = &debug[at + 5..];
        let Some(end) = rest.find(')') else { continue };
        let parts: Vec<f32> = rest[..end]
            .split(", ")
            .filter_map(|p| p.parse::<f32>().ok())
            .collect();
        if let [x, y] = parts[..] {
            vecs.push(glam::Vec2::new(x, y));
        }
    }
    (values, vecs)
}

/// The texts a number shown for this pair may have: each `f32` field of the pair and its
/// traces (shapes, transforms, every step, the outputs) and its magnitude, formatted by the
/// app's own `num`; each traced point in the world (plus A's position, as `report` prints it);
/// each placed vertex in the world; each SAT shadow end and GJK support product as the world projection (`ToWorld`).
fn allowed(app: &App) -> std::collections::HashSet<String> {
    use narrowphase_lab::app::words::num;
    let pair = &app.session.pair;
    let (values, vecs) = floats_in(&format!("{pair:?}"));
    // The hysteresis rule's own constants, written into its formula (`sep_a + 0.02·|sep_a| +
    // 0.1·slop`): part of the words, not measurements.
    let mut set: std::collections::HashSet<String> =
        ["0.02", "0.1"].into_iter().map(String::from).collect();
    let mut add = |v: f32| {
        set.insert(num(v));
        set.insert(num(-v));
    };
    for v in values {
        add(v);
    }
    for world in [
        pair.to_world(),
        narrowphase_lab::geom::ToWorld {
            origin: pair.sat.origin,
        },
    ] {
        for p in &vecs {
            let w = world.point(*p);
            add(w.x);
            add(w.y);
        }
    }
    let sat = narrowphase_lab::geom::ToWorld {
        origin: pair.sat.origin,
    };
    // The shapes as the library places them in the pair frame (`Placed::vertex`), in the world.
    let frame = pair.frame();
    for shape in [&frame.a, &frame.b] {
        for v in shape.vertices() {
            let w = sat.point(v);
            add(w.x);
            add(w.y);
        }
    }
    for r in pair.sat_axes() {
        for v in r.a.into_iter().chain(r.b) {
            add(sat.projection(v, r.axis));
        }
    }
    let world = pair.to_world();
    for s in &pair.gjk_steps {
        if let (Some(d), Some(along)) = (s.direction, s.along) {
            add(world.projection(along.b, d));
            add(-world.projection(-along.a, d));
        }
    }
    set
}

/// The Continuous mode's numbers: every `f32` of the library's query (its answer, its steps),
/// formatted by the app's own `num`.
fn continuous_allowed(app: &App) -> std::collections::HashSet<String> {
    use narrowphase_lab::app::modes::continuous::ContinuousMode;
    use narrowphase_lab::app::words::num;
    let query = app.modes.find::<ContinuousMode>().and_then(|m| m.query());
    let (values, _) = floats_in(&format!("{query:?}"));
    values.into_iter().flat_map(|v| [num(v), num(-v)]).collect()
}

#[test]
fn every_number_in_the_arithmetic_and_step_text_is_a_trace_field() {
    let mut app = App::new(&AppFlags::default()).expect("the built-in lecture opens");
    let mut checked = 0;
    for index in 0..app.session.lecture.scenes.len() {
        app.files(0.0, |f| f.go_to(index, 0.0, true));
        for mode in ModeKind::ALL {
            app.apply(Command::SetMode(mode), 0.0);
            let mut ok = allowed(&app);
            for step in 0..app.step_count() {
                let at = format!("scene {index} {} step {step}", mode.name());
                let shown = rows_at(&mut app, mode, step);
                if mode == ModeKind::Simulate {
                    ok = sim_allowed(&app);
                }
                if mode == ModeKind::Continuous {
                    ok.extend(continuous_allowed(&app));
                }
                let text = app.modes.get(mode).explain(&app.session.pair, step).text;
                for line in std::iter::once(&text).chain(shown.iter().map(|r| &r.text)) {
                    for n in numbers_in(line) {
                        assert!(ok.contains(&n), "{at}: {n} in `{line}` is no trace field");
                        checked += 1;
                    }
                }
                for r in &shown {
                    if let Some(v) = r.value {
                        let written = narrowphase_lab::app::words::num(v);
                        assert!(
                            r.text.ends_with(&format!("= {written}")),
                            "{at}: {}",
                            r.text
                        );
                        assert!(ok.contains(&written), "{at}: {written} is no trace field");
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} numbers checked");
}

/// Scene 02, manifold step 5/5: each point's row shows the incident point with its own
/// separation (the lifted corner at y = 0.3312 is 0.3312 above the ground), and for a kept point
/// a separate row, the contact point midway between the surfaces, labelled as such (it used to
/// print the midpoint beside the incident point's separation); a dropped point has none.
#[test]
fn scene_02_keep_step_shows_the_incident_point_with_its_separation_and_the_midpoint_apart() {
    use narrowphase_lab::app::words::num;
    use narrowphase_lab::geom::ManifoldStep;
    let mut app = open("02_tilted_box.ron");
    app.apply(Command::SetMode(ModeKind::Manifold), 0.0);
    let last = app.step_count() - 1;
    let pair = &app.session.pair;
    let Some(ManifoldStep::Keep { candidates, .. }) = pair
        .manifold_steps
        .iter()
        .find(|s| matches!(s, ManifoldStep::Keep { .. }))
    else {
        panic!("no keep step");
    };
    let shown = rows(pair, ModeKind::Manifold, last);
    let world = pair.to_world();
    assert_eq!(candidates.len(), 2);
    for (k, c) in candidates.iter().enumerate() {
        let p = world.point(c.point);
        let m = world.point(c.position);
        let incident = shown
            .iter()
            .find(|r| r.text.starts_with(&format!("p{k}: incident point")))
            .expect("the incident point's row");
        assert!(
            incident
                .text
                .contains(&format!("({}, {})", num(p.x), num(p.y))),
            "{}",
            incident.text
        );
        assert_eq!(incident.value, Some(c.separation));
        let contact = shown
            .iter()
            .find(|r| r.text.starts_with(&format!("p{k}: contact point (midway")));
        // A dropped point is no contact point: it gets no midpoint row (issue 43).
        let Some(contact) = contact.filter(|_| c.kept) else {
            assert!(
                !c.kept && contact.is_none(),
                "p{k}: kept {}, row {contact:?}",
                c.kept
            );
            continue;
        };
        assert!(
            contact
                .text
                .contains(&format!("({}, {})", num(m.x), num(m.y))),
            "{}",
            contact.text
        );
        assert_eq!(contact.value, None, "the midpoint carries no separation");
    }
    // The lifted corner: its incident point's height is its separation, as a student checks.
    let lifted = candidates
        .iter()
        .find(|c| !c.kept)
        .expect("the dropped corner");
    assert_eq!(num(world.point(lifted.point).y), num(lifted.separation));
    assert_eq!(num(lifted.separation), "0.3312");
}

/// Issue 37: after a swap (the face that won the comparison clipped to nothing within the
/// margin, so the other body's face is the reference), the step text and the arithmetic say
/// the same thing as the trace: which face won the comparison (`b_above_threshold`) and which
/// is the reference (`flip`). Before, the arithmetic recomputed `sep_b > threshold` and the
/// step text ignored the swap, so the two contradicted each other. The pose was found by a
/// search of 2.5 million random pairs (a pentagon against a 2 × 0.5 box, margin 0.1), pinned as
/// bits.
#[test]
fn after_a_swap_the_step_text_and_the_arithmetic_name_the_trace_s_reference_face() {
    use narrowphase_lab::app::modes::Mode;
    use narrowphase_lab::app::modes::manifold::ManifoldMode;
    use narrowphase_lab::geom::{ManifoldOptions, ManifoldStep, SatOptions, Shape, Transform};
    use narrowphase_lab::scene::Pair;
    let f = f32::from_bits;
    let pair = Pair {
        a: Shape::regular_polygon(5, 0.6).expect("a pentagon"),
        xf_a: Transform::new(glam::Vec2::ZERO, f(0x409f34f1)),
        b: Shape::make_box(2.0, 0.5, 0.0).expect("a box"),
        xf_b: Transform::new(glam::Vec2::new(f(0xbfbebecf), f(0xbf24d309)), f(0x40613b87)),
        options: ManifoldOptions {
            speculative_margin: 0.1,
            hysteresis: true,
            sticky: None,
        },
        bodies: None,
    };
    let traced = Traced::compute(pair, SatOptions::default());
    let mode = ManifoldMode::default();
    let steps: Vec<&ManifoldStep> = traced.manifold_shown_steps();
    let (k, flip, won_b) = steps
        .iter()
        .enumerate()
        .find_map(|(k, s)| match s {
            ManifoldStep::ReferenceFace {
                flip,
                swapped: true,
                b_above_threshold,
                ..
            } => Some((k, *flip, *b_above_threshold)),
            _ => None,
        })
        .expect("the pinned pose swaps its reference face");
    assert_ne!(flip, won_b, "a swap gives the reference to the other body");
    let name = |b: bool| if b { "B's" } else { "A's" };
    let text = mode.explain(&traced, k).text;
    let said = format!(
        "{} face won, but clipping against it kept no point within the margin, so {} face is the reference.",
        name(won_b),
        name(flip)
    );
    assert!(text.ends_with(&said), "{text}");
    let rows: Vec<Row> = mode.explain(&traced, k).rows;
    let note = rows.last().map(|r| r.text.clone()).unwrap_or_default();
    let above = if won_b { "above" } else { "not above" };
    assert!(
        note.starts_with(&format!(
            "sep_b is {above} the threshold: {} face won",
            name(won_b)
        )),
        "{note}"
    );
    assert!(
        note.ends_with(&format!("so {} face is the reference", name(flip))),
        "{note}"
    );
}
