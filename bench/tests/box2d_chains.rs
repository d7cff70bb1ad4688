//! Box2D v3 as the chains' oracle (issue 38): random loops against every body kind, each
//! segment collided by ours (`collide_compound`, the chain's rule) and by Box2D's
//! `b2CollideChainSegmentAndPolygon` / `…AndCapsule` / `…AndCircle` with the same ghost vertices,
//! both with Box2D's speculative distance as the margin, B overlapping a random segment or
//! within the speculative band of it.
//!
//! The chain's contacts are compared as a whole (the union over its segments: at a convex
//! vertex Box2D lets both segments report the vertex's contact, ours one of them). Every
//! difference is put in a class and judged by exact geometry in f64 (each segment's signed
//! distance to B, the oracle's Minkowski hull); the classes (printed with `-- --nocapture`):
//!
//! - **agree**: the same points (positions and separations within rounding).
//! - **Box2D twice at a vertex**: Box2D's two segments both report one contact; ours once.
//! - **flat seam**: Box2D keeps a point its segment clipped at a flat joint (the cut between two
//!   pieces of one straight surface), ours drops it: ours are the points of one long segment
//!   (where that seam point was Box2D's only one, ours come from the segment beside the seam).
//! - **face within the tolerance**: B's face within 0.57° of the segment's (Box2D's `sinTol`)
//!   and admitted at a convex end: Box2D clips on B's face, tilted; ours on the segment's own
//!   face. The deepest separations differ by at most that tilt times B's size.
//! - **circle behind one face**: a circle whose centre is behind a segment's line but in front
//!   of a convex neighbour's: Box2D's circle function stops at the line, ours follows the polygon
//!   rule's side test and that segment adds its own contact (the points Box2D has are ours too).
//! - **Box2D loses an overlapping body**: exact geometry says B overlaps a segment with its
//!   centre in front of it; Box2D reports nothing (a circle behind one face of a sharp peak,
//!   inside the vertex's cone), ours a point.
//! - **Box2D's point beyond the apart body**: B is apart from every segment and Box2D reports a
//!   point deeper than the gap; ours none.
//!
//! The test fails on any difference in no class, and on any where exact geometry sides with
//! Box2D against us.

#[path = "../../tests/common/exact_oracle.rs"]
mod exact_oracle;

use boxdd_sys::ffi as b2f;
use exact_oracle::{Core, truth};
use glam::{DVec2, Vec2};
use narrowphase_bench::b2::{self, B2Shape, from_b2};
use narrowphase_bench::pairs::Rng;
use narrowphase_lab::geom::{ManifoldOptions, Shape, collide_compound};
use narrowphase_lab::scene::parse;
use std::collections::BTreeMap;

/// Scenes per body kind.
const SCENES: usize = 5000;

/// One contact point: world position, separation, normal, the segment that made it.
#[derive(Clone, Copy, Debug)]
struct Point {
    position: Vec2,
    separation: f32,
    normal: Vec2,
    segment: usize,
}

fn v(p: Vec2) -> b2f::b2Vec2 {
    b2f::b2Vec2 { x: p.x, y: p.y }
}

/// A random star-shaped loop, counter-clockwise (solid inside, colliding outside), one joint in
/// four a flat seam (a point put on the line between its neighbours).
fn random_loop(rng: &mut Rng) -> Vec<Vec2> {
    let n = 4 + (rng.range(0.0, 1.0) * 8.0) as usize;
    let mut angles: Vec<f32> = (0..n)
        .map(|i| (i as f32 + rng.range(0.1, 0.9)) * std::f32::consts::TAU / n as f32)
        .collect();
    angles.sort_by(f32::total_cmp);
    let mut pts: Vec<Vec2> = angles
        .iter()
        .map(|a| Vec2::new(a.cos(), a.sin()) * rng.range(1.5, 3.5))
        .collect();
    let mut out = Vec::with_capacity(2 * n);
    for i in 0..pts.len() {
        out.push(pts[i]);
        if rng.range(0.0, 1.0) < 0.25 {
            let next = pts[(i + 1) % pts.len()];
            out.push(pts[i].lerp(next, rng.range(0.3, 0.7)));
        }
    }
    pts.clear();
    out
}

/// A random body of kind `kind` about `size` across, as scene text and as our shape.
fn random_body(rng: &mut Rng, kind: usize, size: f32) -> String {
    match kind {
        0 => format!("Circle(radius: {:?})", 0.5 * size),
        1 => format!(
            "Capsule(length: {:?}, radius: {:?})",
            size * rng.range(0.4, 1.0),
            size * rng.range(0.1, 0.3)
        ),
        2 => format!(
            "Box(width: {:?}, height: {:?})",
            size,
            size * rng.range(0.3, 1.0)
        ),
        3 => format!(
            "Box(width: {:?}, height: {:?}, radius: {:?})",
            size * 0.8,
            size * rng.range(0.3, 0.8),
            size * rng.range(0.02, 0.15)
        ),
        4 => format!(
            "RegularPolygon(sides: {}, circumradius: {:?})",
            3 + (rng.range(0.0, 1.0) * 5.0) as usize,
            0.5 * size
        ),
        _ => {
            let sides = 3 + (rng.range(0.0, 1.0) * 5.0) as usize;
            let r = 0.5 * size;
            let verts: Vec<String> = (0..sides)
                .map(|i| {
                    let a =
                        std::f32::consts::TAU * (i as f32 + rng.range(-0.2, 0.2)) / sides as f32;
                    format!("({:?}, {:?})", r * a.cos(), r * a.sin())
                })
                .collect();
            format!(
                "Polygon(vertices: [{}], radius: {:?})",
                verts.join(", "),
                size * rng.range(0.0, 0.1)
            )
        }
    }
}

/// Box2D's contact of chain segment `k` of `pts` (a loop) with `b` at `xb` (A at the origin,
/// unturned): points within its speculative distance.
fn box2d_segment(pts: &[Vec2], k: usize, b: &B2Shape, xb: b2f::b2Transform) -> Vec<Point> {
    let n = pts.len();
    let seg = b2f::b2ChainSegment {
        ghost1: v(pts[(k + n - 1) % n]),
        segment: b2f::b2Segment {
            point1: v(pts[k]),
            point2: v(pts[(k + 1) % n]),
        },
        ghost2: v(pts[(k + 2) % n]),
        chainId: 0,
    };
    let mut cache: b2f::b2SimplexCache = unsafe { std::mem::zeroed() };
    // SAFETY: each function reads the segment and the shape and writes only the cache.
    let m = unsafe {
        match b {
            B2Shape::Circle(c) => b2f::b2CollideChainSegmentAndCircle(&seg, c, xb),
            B2Shape::Capsule(c) => b2f::b2CollideChainSegmentAndCapsule(&seg, c, xb, &mut cache),
            B2Shape::Polygon(p) => b2f::b2CollideChainSegmentAndPolygon(&seg, p, xb, &mut cache),
        }
    };
    m.points[..m.pointCount as usize]
        .iter()
        .filter(|p| p.separation <= b2::SPECULATIVE_DISTANCE)
        .map(|p| Point {
            position: from_b2(p.point),
            separation: p.separation,
            normal: from_b2(m.normal),
            segment: k,
        })
        .collect()
}

/// The same point within rounding: positions and separations within `tol`.
fn same(p: &Point, q: &Point, tol: f32) -> bool {
    p.position.distance(q.position) <= tol && (p.separation - q.separation).abs() <= tol
}

/// `points` with coincident duplicates (the same contact from two segments) merged.
fn merged(points: &[Point], tol: f32) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for p in points {
        if !out
            .iter()
            .any(|q| q.segment != p.segment && same(p, q, tol))
        {
            out.push(*p);
        }
    }
    out
}

#[derive(Default)]
struct Tally {
    classes: BTreeMap<&'static str, (usize, String)>,
    wrong: Vec<String>,
}

impl Tally {
    fn note(&mut self, class: &'static str, example: String) {
        self.classes.entry(class).or_insert((0, example)).0 += 1;
    }
}

#[allow(clippy::too_many_lines)]
fn judge(tally: &mut Tally, rng: &mut Rng, kind: usize) {
    let pts = random_loop(rng);
    let n = pts.len();
    let size = rng.range(0.2, 1.0);
    let body = random_body(rng, kind, size);
    let k = (rng.range(0.0, 1.0) * n as f32) as usize % n;
    let (p1, p2) = (pts[k], pts[(k + 1) % n]);
    let t = (p2 - p1).normalize();
    let normal = Vec2::new(t.y, -t.x);
    let along = p1.lerp(p2, rng.range(-0.1, 1.1));
    let angle = rng.range(-180.0, 180.0);
    // Overlapping by up to 15% of the size, or up to the band (Box2D's speculative distance).
    let gap = if rng.range(0.0, 1.0) < 0.7 {
        -rng.range(0.0, 0.15) * size
    } else {
        rng.range(0.0, 1.0) * b2::SPECULATIVE_DISTANCE
    };
    let chain: Vec<String> = pts
        .iter()
        .map(|p| format!("({:?}, {:?})", p.x, p.y))
        .collect();
    // First placed far out along the normal, then moved in to the wanted gap by the exact
    // distance to that segment.
    let text = |c: Vec2| {
        format!(
            "Scene(title: \"b2 chain\", a: Body(shape: Chain(points: [{}], loop: true), position: (0.0, 0.0)), b: Body(shape: {body}, position: ({:?}, {:?}), angle_deg: {angle:?}), speculative_margin: {:?})",
            chain.join(", "),
            c.x,
            c.y,
            b2::SPECULATIVE_DISTANCE
        )
    };
    let probe = along + normal * 3.0 * size;
    let Ok(loaded) = parse(&text(probe), "b2.ron") else {
        return;
    };
    let shape: Shape = loaded.pair.bodies.expect("a chain has parts").parts[1][0].shape;
    let seg_core = |i: usize| Core {
        verts: vec![pts[i].as_dvec2(), pts[(i + 1) % n].as_dvec2()],
        radius: 0.0,
    };
    let probe_core = exact_oracle::place(&shape, [probe.x, probe.y], angle, DVec2::ZERO);
    let d = truth(&seg_core(k), &probe_core).separation;
    let centre = probe - normal * (d as f32 - gap);
    let scene = text(centre);
    let Ok(loaded) = parse(&scene, "b2.ron") else {
        return;
    };
    let bodies = loaded.pair.bodies.expect("a chain has parts");
    let options = ManifoldOptions {
        speculative_margin: b2::SPECULATIVE_DISTANCE,
        ..ManifoldOptions::default()
    };
    let out = collide_compound(
        &bodies.parts[0],
        bodies.xfs[0],
        &bodies.parts[1],
        bodies.xfs[1],
        &options,
    );
    let ours: Vec<Point> = out
        .manifolds
        .iter()
        .flat_map(|m| {
            m.manifold.points().map(move |p| Point {
                position: p.position,
                separation: p.separation,
                normal: m.manifold.normal,
                segment: m.parts[0],
            })
        })
        .collect();
    let Some(b2_shape) = b2::shape(&shape) else {
        return;
    };
    let xb = b2::relative(bodies.xfs[0], bodies.xfs[1].compose(bodies.parts[1][0].xf));
    let theirs_all: Vec<Point> = (0..n)
        .flat_map(|s| box2d_segment(&pts, s, &b2_shape, xb))
        .collect();

    let tol = 2e-5 * (size + 4.0);
    let theirs = merged(&theirs_all, tol);
    let example = format!("{scene}\n  ours {ours:?}\n  box2d {theirs_all:?}");
    let matched = |a: &[Point], b: &[Point]| a.iter().all(|p| b.iter().any(|q| same(p, q, tol)));
    if ours.len() == theirs.len() && matched(&ours, &theirs) && matched(&theirs, &ours) {
        if theirs.len() < theirs_all.len() {
            tally.note("Box2D twice at a vertex", example);
        } else {
            tally.note("agree", example);
        }
        return;
    }

    // Exact geometry: each segment's signed distance to B, and whether B overlaps one with its
    // centre in front of it.
    let b_exact = exact_oracle::place_xf(
        &shape,
        bodies.xfs[1].compose(bodies.parts[1][0].xf),
        DVec2::ZERO,
    );
    let c = b_exact.verts.iter().sum::<DVec2>() / b_exact.verts.len() as f64;
    let exact_tol = 64.0 * f32::EPSILON as f64 * (size as f64 + 4.0);
    let mut least = f64::INFINITY;
    let mut lost = false;
    for s in 0..n {
        let sep = truth(&seg_core(s), &b_exact).separation;
        least = least.min(sep);
        let (a1, a2) = (pts[s].as_dvec2(), pts[(s + 1) % n].as_dvec2());
        let tt = (a2 - a1).normalize();
        if sep < -exact_tol && DVec2::new(tt.y, -tt.x).dot(c - a1) > exact_tol {
            lost = true;
        }
    }
    let deepest = |p: &[Point]| p.iter().map(|p| p.separation).fold(f32::MAX, f32::min);

    if theirs.is_empty() && !ours.is_empty() && lost {
        tally.note("Box2D loses an overlapping body", example);
        return;
    }
    if least > exact_tol
        && theirs
            .iter()
            .any(|p| (p.separation as f64) < least - exact_tol)
        && ours
            .iter()
            .all(|p| p.separation as f64 >= least - exact_tol)
    {
        tally.note("Box2D's point beyond the apart body", example);
        return;
    }
    if ours.is_empty() != theirs.is_empty() {
        if ours.is_empty() && lost {
            tally
                .wrong
                .push(format!("ours loses an overlapping body: {example}"));
        } else {
            tally.note("unexplained: points or none", example);
        }
        return;
    }
    // A circle behind one segment's line: Box2D's circle function stops there; ours follows the
    // polygon rule's side test (behind it and every convex neighbour), so that segment may add
    // its own contact. Box2D's points are all ours; our extra ones are from such segments.
    let behind_line = |s: usize| {
        let (a1, a2) = (pts[s], pts[(s + 1) % n]);
        let tt = (a2 - a1).normalize();
        Vec2::new(tt.y, -tt.x).dot(centre - a1) < 0.0
    };
    if kind == 0
        && matched(&theirs, &ours)
        && ours
            .iter()
            .filter(|p| !theirs.iter().any(|q| same(p, q, tol)))
            .all(|p| behind_line(p.segment))
    {
        tally.note("circle behind one face: ours by the polygon rule", example);
        return;
    }
    // Flat seams: Box2D's extra points lie on a vertex whose joint is flat; the rest agree.
    let flat_vertex = |p: &Point| {
        (0..n).any(|i| {
            let (a, v0, b) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
            let flat = (v0 - a).normalize().perp_dot((b - v0).normalize()).abs() < 0.01;
            let on = p.position.distance(v0) <= 0.5 * p.separation.abs() + tol * 10.0;
            flat && on
        })
    };
    if !ours.is_empty()
        && theirs
            .iter()
            .filter(|p| !ours.iter().any(|q| same(p, q, tol)))
            .all(flat_vertex)
    {
        tally.note("flat seam", example);
        return;
    }
    // B's face within the tolerance of the segment's: normals within 0.0101, the deepest
    // separations within that tilt over B's size.
    let normals_close = ours.iter().all(|p| {
        theirs
            .iter()
            .any(|q| p.normal.perp_dot(q.normal).abs() <= 0.0101 && p.normal.dot(q.normal) > 0.0)
    });
    if normals_close && (deepest(&ours) - deepest(&theirs)).abs() <= 0.0101 * size + tol {
        tally.note("face within the tolerance", example);
        return;
    }
    tally.note("unexplained", example);
}

#[test]
fn chains_against_box2d_v3() {
    let mut rng = Rng::new(0x38_B0C5);
    let mut failures = Vec::new();
    for (kind, name) in [
        "circle",
        "capsule",
        "box",
        "rounded box",
        "regular polygon",
        "rounded polygon",
    ]
    .iter()
    .enumerate()
    {
        let mut tally = Tally::default();
        for _ in 0..SCENES {
            judge(&mut tally, &mut rng, kind);
        }
        println!("== {name}:");
        for (class, (count, example)) in &tally.classes {
            println!("   {count:>5}  {class}");
            if class.starts_with("unexplained") {
                println!("          e.g. {example}");
                failures.push(format!("{name}: {class}: {example}"));
            }
        }
        failures.extend(tally.wrong.iter().take(3).map(|w| format!("{name}: {w}")));
    }
    assert!(
        failures.is_empty(),
        "{} differences unexplained or ours wrong:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
