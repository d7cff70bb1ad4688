//! The lesson page (`web/lesson.html`) never contradicts its figures. Each figure opens at a
//! stop of its scene's tour (`&stop=K`) with the tour's caption bar (`&text=1`), and the tour's
//! captions from that stop on say what to do. Each check here is done on the figure's own link,
//! opened as its iframe opens it, as a student would do it (the tour walked with its ▶, steps, a
//! drag, a turn, in small moves), and what the captions promise is read from the pair's `report`
//! (the same JSON `narrowphase-lab report` prints). Each test first finds its promise words in
//! the figure's captions (the scene's tour as loaded), so rewording a promise without redoing
//! its check fails here.

mod page;

use glam::Vec2;
use narrowphase_lab::app::App;
use narrowphase_lab::app::command::{Command, Pose};
use narrowphase_lab::app::tour::GLIDE_SECONDS;
use narrowphase_lab::scene::questions::Which;
use page::{f, figure, pose, report, set_b};
use serde_json::Value;

#[test]
fn figure_1_the_first_gap_separates_the_pair() {
    let mut fig = figure(
        "02_tilted_box",
        "sat",
        &[
            "each step is one axis",
            "shadows",
            "drag the tilted box up",
            "green gap",
            "separated",
        ],
    );
    // "each step is one axis": every axis is a step, and every one overlaps.
    let axes = report(&fig.app)["sat"]["axes"]
        .as_array()
        .map_or(0, Vec::len);
    assert!(axes >= 4, "two boxes have at least four axes: {axes}");
    assert_eq!(fig.app.step_count(), axes, "a step per axis");
    fig.walk_to("drag the tilted box up");
    let app = &mut fig.app;
    let start = pose(app, Which::B);
    let mut separated_at = None;
    for k in 1..=200 {
        let up = start.position + Vec2::new(0.0, 0.002 * k as f32);
        set_b(
            app,
            Pose {
                position: up,
                ..start
            },
        );
        let r = report(app);
        let gaps: Vec<f64> = r["sat"]["axes"]
            .as_array()
            .expect("axes")
            .iter()
            .map(|a| f(&a["gap"]))
            .collect();
        let any_gap = gaps.iter().any(|&g| g > 0.0);
        // A gap on one axis and a separated pair are one and the same moment.
        assert_eq!(
            any_gap,
            r["overlap"] == false,
            "at +{:.3}: gaps {gaps:?}, {}",
            0.002 * k as f32,
            r["overlap"]
        );
        if any_gap {
            assert!(f(&r["separation"]) > 0.0);
            // "until this axis shows a green gap": the axis shown is one that opens first.
            let shown = gaps[app.session.step];
            assert!(shown > 0.0, "the axis shown still overlaps: {gaps:?}");
            separated_at = Some(k);
            break;
        }
    }
    let k = separated_at.expect("dragging the box up separates it within 0.4");
    assert!(k > 1, "the figure starts overlapping");
    // The stop that says so shows it: a gap on the axis shown, while others still overlap.
    fig.walk_to("separated");
    let r = report(&fig.app);
    let gaps: Vec<f64> = r["sat"]["axes"]
        .as_array()
        .expect("axes")
        .iter()
        .map(|a| f(&a["gap"]))
        .collect();
    assert_eq!(r["overlap"], false, "{}", fig.caption());
    assert!(gaps[fig.app.session.step] > 0.0, "{gaps:?}");
    assert!(
        gaps.iter().any(|&g| g < 0.0),
        "'whatever the other axes say': {gaps:?}"
    );
}

#[test]
fn figure_2_the_closest_point_slides_towards_the_origin() {
    let mut fig = figure(
        "13_gjk_distance",
        "gjk",
        &[
            "support point of B minus one of A",
            "Move a shape closer",
            "towards the origin",
        ],
    );
    fig.walk_to("Move a shape closer");
    let app = &mut fig.app;
    let a = pose(app, Which::A).position;
    let start = pose(app, Which::B);
    let mut last = f(&report(app)["gjk"]["distance"]);
    assert!(last > 0.0, "the shapes start apart");
    for k in 1..=10 {
        // A fiftieth of the way to A each time, while they are still apart.
        let p = start.position + (a - start.position) * (0.02 * k as f32);
        set_b(
            app,
            Pose {
                position: p,
                ..start
            },
        );
        let r = report(app);
        if r["overlap"] == true {
            break;
        }
        let d = f(&r["gjk"]["distance"]);
        assert!(
            d < last,
            "closer by {k}: the distance {d} did not shrink from {last}"
        );
        last = d;
    }
}

#[test]
fn figure_3_pushed_deeper_the_nearest_edge_moves_away_by_the_push() {
    let mut fig = figure(
        "14_epa_deep",
        "gjk",
        &[
            "stops growing",
            "is the depth",
            "Push the diamond straight down",
            "by as much as you pushed",
        ],
    );
    let depth = |app: &App| f(&report(app)["epa"]["depth"]);
    // The depth the captions name is EPA's (and the diamond's lowest corner's).
    fig.walk_to("That distance");
    let d = depth(&fig.app);
    assert!(
        fig.caption().contains(&format!("{d:.2}")),
        "EPA's depth is {d}: {}",
        fig.caption()
    );
    let corner = report(&fig.app)["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| f(&p["separation"]))
        .fold(f64::INFINITY, f64::min);
    assert!(
        (corner + d).abs() < 1e-4,
        "the deepest point is {corner} deep"
    );
    fig.walk_to("Push the diamond straight down");
    let app = &mut fig.app;
    let start = pose(app, Which::B);
    let d0 = depth(app);
    assert!(d0 > 0.0, "the figure overlaps");
    for push in [0.05f32, 0.1, 0.2] {
        set_b(
            app,
            Pose {
                position: start.position - Vec2::new(0.0, push),
                ..start
            },
        );
        let d = depth(app);
        assert!(
            ((d - d0) - push as f64).abs() < 1e-4,
            "pushed {push}: the depth went {d0} → {d}"
        );
    }
}

#[test]
fn figure_4_turned_back_the_box_leaves_the_ground_then_lands_on_two_points() {
    let mut fig = figure(
        "02_tilted_box",
        "manifold",
        &[
            "crossed out",
            "turn the box back towards flat",
            "Below about 9°",
            "no point at all",
            "Drag it down onto the ground",
            "both points",
        ],
    );
    let points = |app: &App| report(app)["points"].as_array().map_or(0, Vec::len);
    // Clipping's last step: the candidates it crossed out.
    let dropped = |app: &App| {
        let r = report(app);
        let keep = r["clip"]["steps"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["step"] == "keep"));
        let candidates = keep
            .and_then(|k| k["candidates"].as_array())
            .expect("a keep step");
        candidates.iter().filter(|c| c["kept"] == false).count()
    };
    // "At the last step … kept and … crossed out": one point, one dropped, at the last step.
    fig.walk_to("crossed out");
    assert_eq!(
        fig.app.session.step + 1,
        fig.app.step_count(),
        "the last step"
    );
    assert_eq!((points(&fig.app), dropped(&fig.app)), (1, 1));
    fig.walk_to("turn the box back towards flat");
    let app = &mut fig.app;
    let start = pose(app, Which::B);
    assert_eq!(points(app), 1, "at 10° one point");
    // Back towards flat by a tenth of a degree at a time.
    let mut left_at = None;
    for k in 1..=100 {
        let angle = start.angle_deg - 0.1 * k as f32;
        set_b(
            app,
            Pose {
                angle_deg: angle,
                ..start
            },
        );
        if points(app) == 0 && left_at.is_none() {
            left_at = Some(angle);
        }
        if left_at.is_some() {
            assert_eq!(points(app), 0, "at {angle}° it stays off the ground");
        }
    }
    let left = left_at.expect("the box leaves the ground on the way to flat");
    assert!(
        (8.5..9.5).contains(&left),
        "it leaves the ground at {left}°, not 'about 9°'"
    );
    // The stop that says so shows the box turned back, off the ground.
    fig.walk_to("no point at all");
    let turned = pose(&fig.app, Which::B).angle_deg;
    assert!(turned < left, "the stop shows {turned}°");
    assert_eq!(points(&fig.app), 0, "{}", fig.caption());
    // Flat, dragged down onto the ground: two points.
    fig.walk_to("Drag it down onto the ground");
    let app = &mut fig.app;
    let flat = pose(app, Which::B);
    assert!(flat.angle_deg.abs() < 1e-3);
    let gap = f(&report(app)["separation"]);
    assert!(gap > 0.0, "flat, it hovers: {gap}");
    set_b(
        app,
        Pose {
            position: flat.position - Vec2::new(0.0, gap as f32 + 0.01),
            ..flat
        },
    );
    assert_eq!(points(app), 2, "flat on the ground");
    // The drag was what the stop waited for: the tour goes on to the stop that says so.
    fig.now += GLIDE_SECONDS + 0.1;
    fig.app.advance_mode(fig.now);
    assert!(fig.caption().contains("both points"), "{}", fig.caption());
    assert_eq!(points(&fig.app), 2, "{}", fig.caption());
}

#[test]
fn figure_5_clockwise_the_reference_face_jumps_to_the_upper_box() {
    let mut fig = figure(
        "03_near_parallel",
        "manifold",
        &[
            "anticlockwise",
            "stays on the lower box",
            "clockwise instead",
            "a tenth of a degree",
            "jumps to it",
            "renamed",
        ],
    );
    let reference = |app: &App| {
        report(app)["clip"]["reference"]["body"]
            .as_str()
            .map(str::to_string)
    };
    let ids = |app: &App| -> Vec<u64> {
        report(app)["points"]
            .as_array()
            .expect("points")
            .iter()
            .map(|p| p["id"].as_u64().expect("id"))
            .collect()
    };
    fig.walk_to("anticlockwise");
    let app = &mut fig.app;
    let start = pose(app, Which::B);
    assert_eq!(reference(app).as_deref(), Some("a"));
    let ids0 = ids(app);
    // Anticlockwise, up to half a degree: A keeps the reference face.
    for k in 1..=50 {
        set_b(
            app,
            Pose {
                angle_deg: start.angle_deg + 0.01 * k as f32,
                ..start
            },
        );
        assert_eq!(
            reference(app).as_deref(),
            Some("a"),
            "at +{:.2}°",
            0.01 * k as f32
        );
    }
    // Clockwise: the face jumps to B at about a tenth of a degree, and the ids change.
    fig.walk_to("clockwise instead");
    let app = &mut fig.app;
    assert_eq!(pose(app, Which::B), start, "the stop puts B back");
    let mut jumped = None;
    for k in 1..=50 {
        let turn = 0.01 * k as f32;
        set_b(
            app,
            Pose {
                angle_deg: start.angle_deg - turn,
                ..start
            },
        );
        if reference(app).as_deref() == Some("b") {
            jumped = Some(turn);
            break;
        }
    }
    let turn = jumped.expect("clockwise, B's face becomes the reference within half a degree");
    assert!(
        (0.05..0.2).contains(&turn),
        "it jumps at {turn}°, not 'about a tenth of a degree'"
    );
    let renamed = ids(app);
    assert_eq!(renamed.len(), 2);
    assert!(
        renamed.iter().all(|id| !ids0.contains(id)),
        "{ids0:?} → {renamed:?}"
    );
    // The stop that says so shows the roles swapped and the points renamed.
    fig.walk_to("renamed");
    let shown = ids(&fig.app);
    assert_eq!(
        reference(&fig.app).as_deref(),
        Some("b"),
        "{}",
        fig.caption()
    );
    assert_eq!(shown.len(), 2);
    assert!(
        shown.iter().all(|id| !ids0.contains(id)),
        "{ids0:?} → {shown:?}"
    );
}

#[test]
fn figure_6_the_one_point_ghosts_keep_rocking_drawn_magnified() {
    use narrowphase_lab::app::command::StepTo;
    use narrowphase_lab::app::input::Input;
    use narrowphase_lab::app::modes::simulate::SimulateMode;
    use narrowphase_lab::app::{new_context, screen_input};
    let mut app = figure(
        "20_box_rocks",
        "simulate",
        &[
            "Press play",
            "solid box (two points) has settled",
            "keep rocking",
            "magnified",
            "the factor",
        ],
    )
    .app;
    let ctx = new_context();
    let draw = |app: &mut App| {
        let _ = ctx.run(screen_input(640.0, 400.0), |ctx| {
            app.frame(ctx, 0.0, Input::default(), &[]);
        });
    };
    draw(&mut app);
    fn sim(app: &App) -> &SimulateMode {
        app.modes.find::<SimulateMode>().expect("the Simulate mode")
    }
    // Every step from 4 s to 5 s: the words say the ghosts rock, and each ghost is drawn
    // magnified with its factor written beside it.
    for step in (240..=300).step_by(15) {
        app.apply(Command::Step(StepTo::At(step)), 0.0);
        while sim(&app).progress().is_some() || sim(&app).lab().is_none_or(|l| l.steps() != step) {
            app.advance_mode(0.0);
        }
        draw(&mut app);
        let words = sim(&app).words();
        assert!(words.contains("rocks"), "step {step}: {words}");
        let s: Value = serde_json::from_str(&app.state_json()).expect("state");
        let labels: Vec<&str> = s["labels"]
            .as_array()
            .expect("labels")
            .iter()
            .filter_map(|l| l["text"].as_str())
            .collect();
        for k in 1..=2 {
            let f = s["sim"]["runs"][k]["exaggerate"]
                .as_f64()
                .expect("a factor");
            assert!(f > 1.0, "step {step}: ghost {k} drawn as it is");
            let said = format!("ghost {k}: its tilt and shift ×{f}");
            assert!(
                labels.contains(&said.as_str()),
                "step {step}: {said} in {labels:?}"
            );
        }
    }
    // That the full run settles and the ghosts keep rocking over nudged runs is the lab's
    // claim for this scene, held by `tests/library/claims.rs`.
}
