//! Issue 23: the last edges — compound bodies in every band (far from the origin too), pairs
//! whose sizes differ by 1e3–1e6, circles centred on turned vertices, and exactly touching
//! vertex-on-corner pairs — each judged against the exact oracle with the README's `64 ε L`
//! (`L` the pair's own scale, not a tolerance that grows with the distance from the origin),
//! and the seven cases of the issue as named regressions.

use super::check_desc;
use crate::common::Rng;
use crate::common::exact_check::{EPS, Exact, K, Tally, check_points};
use crate::common::exact_oracle::{Core, cos_sin_deg, support_gap, truth};
use crate::common::exact_scenes::{
    BodyDesc, KINDS, Kind, SceneDesc, ShapeDesc, jnum, jvec, num, random_shape, run_text,
};
use glam::DVec2;
use serde_json::json;

/// Scenes per random family (and per band of the compound family).
const FAMILY: usize = 10_000;

fn log_uniform(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let u = rng.range(0.0, 1.0) as f64;
    (lo.ln() + u * (hi.ln() - lo.ln())).exp()
}

fn finish(name: &str, tally: &Tally) {
    let summary = tally.summary(name);
    println!("{summary}");
    assert_eq!(tally.total(), 0, "{summary}");
}

// ------------------------------------------------------------------------------------------
// Sizes that differ by 1e3 to 1e6.

/// A tiny body against a huge one (either as A), sizes 1e3–1e6 apart, placed from deep inside
/// through touching to apart, with every check of the bands.
#[test]
fn sizes_differing_by_1e3_to_1e6() {
    let mut rng = Rng::new(0x5EED_0023);
    let mut tally = Tally::default();
    for i in 0..FAMILY {
        let small = log_uniform(&mut rng, 1e-4, 1.0);
        let large = (small * log_uniform(&mut rng, 1e3, 1e6)).min(1e6);
        let (ka, kb) = (KINDS[i % 7], KINDS[(i / 7) % 7]);
        let (sa, sb) = if i % 2 == 0 {
            (small, large)
        } else {
            (large, small)
        };
        let (shape_a, shape_b) = (
            random_shape(&mut rng, ka, sa),
            random_shape(&mut rng, kb, sb),
        );
        let desc = place_near_touching(&mut rng, shape_a, shape_b, sa.max(sb), small, i);
        check_desc(&desc, &mut tally);
    }
    finish("sizes 1e3-1e6 apart", &tally);
}

/// A at a random spot within its own size of the origin, B in a random direction at a random
/// distance from A that puts the small body from inside the large one, across its surface, to
/// a little outside.
fn place_near_touching(
    rng: &mut Rng,
    shape_a: ShapeDesc,
    shape_b: ShapeDesc,
    large: f64,
    small: f64,
    i: usize,
) -> SceneDesc {
    let angle = |rng: &mut Rng| {
        if rng.range(0.0, 1.0) < 0.15 {
            90.0 * rng.int(0, 3) as f32
        } else {
            rng.range(-180.0, 180.0)
        }
    };
    let (angle_a, angle_b) = (angle(rng), angle(rng));
    let pa = DVec2::new(rng.range(-1.0, 1.0) as f64, rng.range(-1.0, 1.0) as f64) * large;
    let t = rng.range(0.0, std::f32::consts::TAU) as f64;
    let u = DVec2::new(t.cos(), t.sin());
    let cores = [shape_a.local_core(), shape_b.local_core()];
    let turned = |c: &Core, deg: f32| {
        let (co, si) = cos_sin_deg(deg);
        Core {
            verts: c
                .verts
                .iter()
                .map(|v| DVec2::new(co * v.x - si * v.y, si * v.x + co * v.y))
                .collect(),
            radius: c.radius,
        }
    };
    let touch = crate::common::exact_scenes::touching_distance(
        &turned(&cores[0], angle_a),
        &turned(&cores[1], angle_b),
        u,
    );
    let dist = (touch + small * rng.range(-0.5, 0.5) as f64).max(0.0);
    let pb = pa + u * dist;
    SceneDesc {
        title: format!("sizes #{i}"),
        a: BodyDesc {
            shape: shape_a,
            position: [pa.x as f32, pa.y as f32],
            angle_deg: angle_a,
        },
        b: BodyDesc {
            shape: shape_b,
            position: [pb.x as f32, pb.y as f32],
            angle_deg: angle_b,
        },
        margin: 0.0,
    }
}

// ------------------------------------------------------------------------------------------
// Circles centred on turned vertices.

/// A circle whose centre is a vertex of a turned polygon-like shape (the vertex worked out in
/// f64 and rounded to the file's f32): the answer is the circle's radius deep (less the
/// rounding), and the manifold's normal must lie in the vertex's normal cone.
#[test]
fn circles_centred_on_turned_vertices() {
    let mut rng = Rng::new(0x5EED_C0C0);
    let mut tally = Tally::default();
    let kinds = [
        Kind::Box,
        Kind::RoundedBox,
        Kind::Polygon,
        Kind::Regular,
        Kind::RoundedPolygon,
        Kind::Capsule,
    ];
    for i in 0..FAMILY {
        let size = log_uniform(&mut rng, 1e-3, 1e3);
        let shape = random_shape(&mut rng, kinds[i % kinds.len()], size);
        let angle = rng.range(-180.0, 180.0);
        let far = if i % 3 == 0 { 1e3 * size } else { size };
        let pa = DVec2::new(rng.range(-1.0, 1.0) as f64, rng.range(-1.0, 1.0) as f64) * far;
        let pa = DVec2::new(pa.x as f32 as f64, pa.y as f32 as f64);
        let core = shape.local_core();
        let v = core.verts[rng.int(0, core.verts.len() - 1)];
        let (c, s) = cos_sin_deg(angle);
        let centre = pa + DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y);
        let radius = (size * rng.range(0.05, 0.5) as f64) as f32;
        let (circle, other) = (
            BodyDesc {
                shape: ShapeDesc::Circle(radius),
                position: [centre.x as f32, centre.y as f32],
                angle_deg: 0.0,
            },
            BodyDesc {
                shape,
                position: [pa.x as f32, pa.y as f32],
                angle_deg: angle,
            },
        );
        let (a, b) = if i % 2 == 0 {
            (other, circle)
        } else {
            (circle, other)
        };
        let desc = SceneDesc {
            title: format!("circle on vertex #{i}"),
            a,
            b,
            margin: 0.0,
        };
        check_desc(&desc, &mut tally);
    }
    finish("circles centred on turned vertices", &tally);
}

// ------------------------------------------------------------------------------------------
// Exactly touching vertex on corner.

/// A box and a convex polygon, every number dyadic and every angle a quarter turn, one of the
/// polygon's vertices exactly on one of the box's corners and the polygon on the far side of a
/// line through that corner: exact separation 0. Touching is not overlap: `separation` must be
/// exactly 0, `overlap` false, every point's separation exactly 0, and every check of the bands
/// must pass (the manifold's normal one the shapes do not overlap along).
#[test]
fn exactly_touching_vertex_on_corner() {
    let mut rng = Rng::new(0x5EED_70C4);
    let mut tally = Tally::default();
    let quarter = |rng: &mut Rng| 90.0 * rng.int(0, 3) as f32;
    let dyadic =
        |rng: &mut Rng, lo: i32, hi: i32| (lo + rng.int(0, (hi - lo) as usize) as i32) as f32 / 4.0;
    for i in 0..FAMILY {
        // The box, at a dyadic spot (far out for a quarter of the scenes).
        let (w, h) = (dyadic(&mut rng, 1, 40), dyadic(&mut rng, 1, 40));
        let far = if i % 4 == 0 { 4096.0 } else { 0.0 };
        let pbox = [
            dyadic(&mut rng, -64, 64) + far,
            dyadic(&mut rng, -64, 64) - far,
        ];
        let box_angle = quarter(&mut rng);
        // The corner, in the world (exact: quarter turns of dyadic numbers).
        let (sx, sy) = (
            if rng.int(0, 1) == 0 { -1.0 } else { 1.0 },
            if rng.int(0, 1) == 0 { -1.0 } else { 1.0 },
        );
        let local = DVec2::new(sx * w as f64 / 2.0, sy * h as f64 / 2.0);
        let (c, s) = cos_sin_deg(box_angle);
        let corner = DVec2::new(pbox[0] as f64, pbox[1] as f64)
            + DVec2::new(c * local.x - s * local.y, s * local.x + c * local.y);
        let outward = DVec2::new(c * sx - s * sy, s * sx + c * sy); // the corner's diagonal
        // A direction in the corner's normal cone: one of its faces' normals, or the diagonal.
        let n = match rng.int(0, 2) {
            0 => DVec2::new(outward.x, 0.0),
            1 => DVec2::new(0.0, outward.y),
            _ => outward,
        };
        // The polygon: a vertex at its origin (placed on the corner), the others dyadic and on
        // the far side of the line through the corner across `n` (strictly, so it is convex and
        // only the vertex touches, or on it, so an edge lies flush along a face).
        let poly_angle = quarter(&mut rng);
        let (pc, ps) = cos_sin_deg(poly_angle);
        let mut verts = vec![[0.0f32, 0.0]];
        while verts.len() < rng.int(3, 5) {
            let v = [dyadic(&mut rng, -24, 24), dyadic(&mut rng, -24, 24)];
            let world = DVec2::new(
                pc * v[0] as f64 - ps * v[1] as f64,
                ps * v[0] as f64 + pc * v[1] as f64,
            );
            if world.dot(n) >= 0.0 && !verts.contains(&v) {
                verts.push(v);
            }
        }
        let hull = crate::common::exact_oracle::hull(
            &verts
                .iter()
                .map(|v| DVec2::new(v[0] as f64, v[1] as f64))
                .collect::<Vec<_>>(),
        );
        // Keep polygons whose hull has the origin as a vertex and some area.
        if hull.len() < 3 || !hull.contains(&DVec2::ZERO) {
            continue;
        }
        let polygon =
            ShapeDesc::Polygon(hull.iter().map(|p| [p.x as f32, p.y as f32]).collect(), 0.0);
        let boxed = BodyDesc {
            shape: ShapeDesc::Box(w, h, 0.0),
            position: pbox,
            angle_deg: box_angle,
        };
        let poly = BodyDesc {
            shape: polygon,
            position: [corner.x as f32, corner.y as f32],
            angle_deg: poly_angle,
        };
        let (a, b) = if i % 2 == 0 {
            (boxed, poly)
        } else {
            (poly, boxed)
        };
        let desc = SceneDesc {
            title: format!("touching #{i}"),
            a,
            b,
            margin: 0.0,
        };
        let Some(ran) = check_desc(&desc, &mut tally) else {
            continue;
        };
        let ron = desc.ron();
        let ex = Exact::of(&ran);
        assert_eq!(ex.truth.separation, 0.0, "the family's premise\n{ron}");
        let sep = jnum(&ran.json["separation"]);
        if sep != 0.0 {
            tally.fail(
                "exactly_zero",
                sep.abs(),
                format!("separation {sep:e}"),
                &ron,
            );
        }
        if ran.json["overlap"] != json!(false) {
            tally.fail("not_overlap", 1.0, "overlap: true".into(), &ron);
        }
        for (_, s, id) in crate::common::exact_scenes::points(&ran.json) {
            if s != 0.0 {
                tally.fail("point_zero", s.abs(), format!("point {id} at {s:e}"), &ron);
            }
        }
    }
    assert!(tally.scenes >= FAMILY / 2, "{} scenes", tally.scenes);
    finish("exactly touching vertex on corner", &tally);
}

// ------------------------------------------------------------------------------------------
// Compound bodies.

/// A compound body as written: its parts (shape, position in the body, angle).
struct CompoundDesc {
    parts: Vec<(ShapeDesc, [f32; 2], f32)>,
}

impl CompoundDesc {
    fn ron(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(s, p, a)| {
                format!(
                    "Part(shape: {}, position: ({}, {}), angle_deg: {})",
                    s.ron(),
                    num(p[0]),
                    num(p[1]),
                    num(*a)
                )
            })
            .collect();
        format!("Compound(parts: [{}])", parts.join(", "))
    }
}

/// One body of a compound scene: a shape or a compound, at a position and angle.
struct Side {
    shape: String,
    /// The parts' local cores (library vertices are taken after loading), offsets and angles.
    parts: Vec<([f32; 2], f32)>,
    position: [f32; 2],
    angle: f32,
}

/// The part cores of one body in f64 in the frame whose origin is `origin`: the library's own
/// `f32` part vertices, turned by the part's angle, moved by its offset, turned by the body's
/// angle and moved by the body's position — all in f64.
fn part_cores(shapes: &[narrowphase_lab::geom::Shape], side: &Side, origin: DVec2) -> Vec<Core> {
    let (bc, bs) = cos_sin_deg(side.angle);
    let body = DVec2::new(side.position[0] as f64, side.position[1] as f64) - origin;
    shapes
        .iter()
        .zip(&side.parts)
        .map(|(shape, (offset, angle))| {
            let (pc, ps) = cos_sin_deg(*angle);
            let off = DVec2::new(offset[0] as f64, offset[1] as f64);
            let verts = shape
                .vertices()
                .iter()
                .map(|v| {
                    let (x, y) = (v.x as f64, v.y as f64);
                    let in_body = DVec2::new(pc * x - ps * y, ps * x + pc * y) + off;
                    body + DVec2::new(
                        bc * in_body.x - bs * in_body.y,
                        bs * in_body.x + bc * in_body.y,
                    )
                })
                .collect();
            Core {
                verts,
                radius: shape.radius() as f64,
            }
        })
        .collect()
}

/// Largest distance of the rounded core from the frame's origin.
fn reach(c: &Core) -> f64 {
    c.verts.iter().map(|v| v.length()).fold(0.0, f64::max) + c.radius
}

/// The exact oracle for part pair `(i, j)`: its scale `L` is both parts' reach from the pair
/// frame's origin (body A's position), the size of the numbers the part pair is computed with.
fn part_exact(a: &Core, b: &Core, origin: DVec2) -> Exact {
    let (ra, rb) = (reach(a), reach(b));
    Exact {
        a: a.clone(),
        b: b.clone(),
        origin,
        scale: ra + rb,
        smaller: ra.min(rb).max(1e-300),
        truth: truth(a, b),
    }
}

/// A random compound of 2–4 parts about `size` across, each part a random shape of a third of
/// that, placed within the body.
fn random_compound(rng: &mut Rng, size: f64) -> (CompoundDesc, Vec<([f32; 2], f32)>) {
    let n = rng.int(2, 4);
    let mut parts = Vec::new();
    for _ in 0..n {
        let kind = KINDS[rng.int(0, 6)];
        let shape = random_shape(rng, kind, size / 3.0);
        let off = [
            (size * rng.range(-0.35, 0.35) as f64) as f32,
            (size * rng.range(-0.35, 0.35) as f64) as f32,
        ];
        let angle = if rng.range(0.0, 1.0) < 0.2 {
            90.0 * rng.int(0, 3) as f32
        } else {
            rng.range(-180.0, 180.0)
        };
        parts.push((shape, off, angle));
    }
    let placement = parts.iter().map(|(_, p, a)| (*p, *a)).collect();
    (CompoundDesc { parts }, placement)
}

/// Compound bodies (one or both bodies of 2–4 parts) in a band of sizes, optionally far from the
/// origin, placed so that some part pair is near touching. Checked per part pair against its own
/// exact geometry: each manifold's points on both parts' surfaces, no deeper than the truth
/// allows, its normal valid; the top level's separation the least over all part pairs.
fn compound_band(name: &str, seed: u64, sizes: (f64, f64), far: Option<(f64, f64)>) {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for i in 0..FAMILY {
        let size = log_uniform(&mut rng, sizes.0, sizes.1);
        let pa = match far {
            Some((lo, hi)) => {
                let t = rng.range(0.0, std::f32::consts::TAU) as f64;
                DVec2::new(t.cos(), t.sin()) * log_uniform(&mut rng, lo, hi)
            }
            None => DVec2::new(rng.range(-2.0, 2.0) as f64, rng.range(-2.0, 2.0) as f64) * size,
        };
        let side = |rng: &mut Rng, compound: bool, position: DVec2| -> Side {
            let angle = if rng.range(0.0, 1.0) < 0.2 {
                90.0 * rng.int(0, 3) as f32
            } else {
                rng.range(-180.0, 180.0)
            };
            if compound {
                let (c, placement) = random_compound(rng, size);
                Side {
                    shape: c.ron(),
                    parts: placement,
                    position: [position.x as f32, position.y as f32],
                    angle,
                }
            } else {
                let kind = KINDS[rng.int(0, 6)];
                let shape = random_shape(rng, kind, size / 2.0);
                Side {
                    shape: shape.ron(),
                    parts: vec![([0.0, 0.0], 0.0)],
                    position: [position.x as f32, position.y as f32],
                    angle,
                }
            }
        };
        let which = i % 3; // 0: B compound, 1: A compound, 2: both
        let a = side(&mut rng, which >= 1, pa);
        let t = rng.range(0.0, std::f32::consts::TAU) as f64;
        // Centres from overlapping to a little over one body apart: some part pair touches.
        let dist = size * rng.range(0.2, 1.1) as f64;
        let b = side(
            &mut rng,
            which != 1,
            pa + DVec2::new(t.cos(), t.sin()) * dist,
        );
        let ron = format!(
            "Scene(title: \"{name} #{i}\", mode: Manifold, a: Body(shape: {}, position: ({}, {}), angle_deg: {}), b: Body(shape: {}, position: ({}, {}), angle_deg: {}))",
            a.shape,
            num(a.position[0]),
            num(a.position[1]),
            num(a.angle),
            b.shape,
            num(b.position[0]),
            num(b.position[1]),
            num(b.angle)
        );
        tally.scenes += 1;
        let ran = match run_text(&ron, "compound.ron") {
            Ok(r) => r,
            // A part's rounding radius a thousandth of a tiny part is below the accepted
            // sizes: refused, for that reason only, and not counted.
            Err(e) if e.to_string().contains("out of the supported range") => {
                tally.scenes -= 1;
                continue;
            }
            Err(e) => {
                tally.fail("loads", 1.0, e.to_string(), &ron);
                continue;
            }
        };
        check_compound(&ran, &a, &b, &ron, &mut tally);
    }
    assert!(tally.scenes >= FAMILY * 9 / 10, "{} scenes", tally.scenes);
    finish(name, &tally);
}

/// Every part pair of a compound scene against its exact geometry.
fn check_compound(
    ran: &crate::common::exact_scenes::Ran,
    a: &Side,
    b: &Side,
    ron: &str,
    tally: &mut Tally,
) {
    let pair = &ran.loaded.pair;
    let shapes = |k: usize| -> Vec<narrowphase_lab::geom::Shape> {
        match &pair.bodies {
            Some(bodies) => bodies.parts[k].iter().map(|p| p.shape).collect(),
            None => vec![if k == 0 { pair.a } else { pair.b }],
        }
    };
    let origin = DVec2::new(a.position[0] as f64, a.position[1] as f64);
    let (ca, cb) = (
        part_cores(&shapes(0), a, origin),
        part_cores(&shapes(1), b, origin),
    );
    let mut exact = Vec::new();
    for (i, pa) in ca.iter().enumerate() {
        for (j, pb) in cb.iter().enumerate() {
            exact.push(((i, j), part_exact(pa, pb, origin)));
        }
    }
    let least = exact
        .iter()
        .map(|(_, e)| e.truth.separation)
        .fold(f64::INFINITY, f64::min);
    let scale = exact.iter().map(|(_, e)| e.scale).fold(0.0, f64::max);
    let tol = K * EPS * scale;
    let j = &ran.json;
    let sep = jnum(&j["separation"]);
    tally.numeric(
        "separation",
        (sep - least).abs(),
        tol,
        scale,
        || format!("separation {sep:e}, exact least over the part pairs {least:e}"),
        ron,
    );
    if least.abs() > tol && j["overlap"].as_bool() != Some(least < 0.0) {
        tally.fail(
            "overlap",
            least.abs() / scale,
            format!("overlap {}, exact least separation {least:e}", j["overlap"]),
            ron,
        );
    }
    // The top-level normal, along the selected part pair.
    let sel = &j["selected_parts"];
    let (si, sj) = (
        sel[0].as_u64().unwrap_or(0) as usize,
        sel[1].as_u64().unwrap_or(0) as usize,
    );
    if let Some((_, e)) = exact.iter().find(|(p, _)| *p == (si, sj)) {
        let n = jvec(&j["normal"]);
        let gap = support_gap(&e.a, &e.b, n);
        tally.numeric(
            "normal_depth",
            (gap - sep).abs(),
            tol,
            scale,
            || format!("the selected part pair's gap along {n:?} is {gap:e}, separation {sep:e}"),
            ron,
        );
    }
    for m in j["manifolds"].as_array().into_iter().flatten() {
        let (i, k) = (
            m["parts"][0].as_u64().unwrap_or(99) as usize,
            m["parts"][1].as_u64().unwrap_or(99) as usize,
        );
        let Some((_, e)) = exact.iter().find(|(p, _)| *p == (i, k)) else {
            tally.fail("parts", 1.0, format!("no part pair {i}, {k}"), ron);
            continue;
        };
        // The part pair's manifold in the shape `check_points` reads.
        let one = json!({
            "points": m["points"],
            "clip": {"steps": [{"step": "done", "normal": m["normal"]}]},
        });
        check_points(e, &one, ron, 0.0, tally);
    }
}

#[test]
fn compound_bodies_tiny_sizes_1e_5_to_1e_3() {
    compound_band("compound tiny", 0xC0_0001, (1e-5, 1e-3), None);
}

#[test]
fn compound_bodies_unit_sizes_1e_2_to_1e2() {
    compound_band("compound unit", 0xC0_0002, (1e-2, 1e2), None);
}

#[test]
fn compound_bodies_huge_sizes_1e3_to_1e5() {
    compound_band("compound huge", 0xC0_0003, (1e3, 1e5), None);
}

#[test]
fn compound_bodies_far_placed_1e3_to_1e5_from_the_origin() {
    compound_band("compound far", 0xC0_0004, (1e-2, 10.0), Some((1e3, 1e5)));
}

// ------------------------------------------------------------------------------------------
// The seven cases of issue 23, each as a named regression.

/// Every check of the bands on one scene file's text; returns the report and the oracle.
fn assert_exact(name: &str, ron: &str) -> (crate::common::exact_scenes::Ran, Exact) {
    let ran = run_text(ron, "issue23.ron").unwrap_or_else(|e| panic!("refused: {e}\n{ron}"));
    let mut tally = Tally::default();
    crate::common::exact_check::check_scene(&ran, ron, 0.0, &mut tally);
    assert_eq!(tally.total(), 0, "{}", tally.summary(name));
    let ex = Exact::of(&ran);
    (ran, ex)
}

/// Case 1: part 0 of B is 0.0007 apart from A, 3e4 from the origin. Composed into world
/// coordinates in f32 first, the part sat at 30000.0098 and the report said `overlap: true`,
/// separation −0.000234, 2 points.
#[test]
fn compound_far_from_the_origin_keeps_its_parts_precision() {
    let ron = "Scene(title: \"compound far from the origin\", mode: Manifold, a: Body(shape: Box(width: 0.01, height: 0.01), position: (30000.0, 30000.0), angle_deg: 0.0), b: Body(shape: Compound(parts: [Part(shape: Box(width: 0.01, height: 0.01), position: (0.0107, 0.0), angle_deg: 0.0), Part(shape: Circle(radius: 0.001), position: (0.0, 0.05), angle_deg: 0.0)]), position: (30000.0, 30000.0), angle_deg: 0.0))";
    let ran = run_text(ron, "issue23.ron").unwrap();
    let j = &ran.json;
    assert_eq!(j["overlap"], json!(false));
    // Exact: the parts' facing sides are at x = 0.005 and 0.0107 − 0.005 = 0.0057 (f32 inputs).
    let exact = (0.0107f32 as f64 - 0.005f32 as f64) - 0.005f32 as f64;
    let sep = jnum(&j["separation"]);
    assert!(
        (sep - exact).abs() < 64.0 * EPS * 0.03,
        "separation {sep}, exact {exact}"
    );
    assert!(
        crate::common::exact_scenes::points(j).is_empty(),
        "{}",
        j["points"]
    );
    assert_eq!(j["normal"], json!([1.0, 0.0]));
    let mut tally = Tally::default();
    let side = |pos: [f32; 2], parts: Vec<([f32; 2], f32)>, shape: &str| Side {
        shape: shape.into(),
        parts,
        position: pos,
        angle: 0.0,
    };
    let a = side([30000.0, 30000.0], vec![([0.0, 0.0], 0.0)], "");
    let b = side(
        [30000.0, 30000.0],
        vec![([0.0107, 0.0], 0.0), ([0.0, 0.05], 0.0)],
        "",
    );
    check_compound(&ran, &a, &b, ron, &mut tally);
    assert_eq!(tally.total(), 0, "{}", tally.summary("case 1"));
}

/// Case 2: the circle's centre on the turned box's corner. The manifold's normal was [0, 1]
/// (from `c − v`, rounding noise), along which the box reads 0.6449 deep instead of 0.5.
#[test]
fn circle_centred_on_a_turned_box_corner_gets_a_normal_in_its_cone() {
    let ron = "Scene(title: \"circle on corner\", mode: Manifold, a: Body(shape: Box(width: 2.0, height: 1.0), position: (-1.7000000476837158, 2.200000047683716), angle_deg: -4.155972480773926), b: Body(shape: Circle(radius: 0.5), position: (-0.6663936376571655, 2.626213550567627)))";
    let (ran, ex) = assert_exact("case 2", ron);
    let n = crate::common::exact_scenes::manifold_normal(&ran.json).unwrap();
    let gap = support_gap(&ex.a, &ex.b, n);
    assert!(
        (gap - ex.truth.separation).abs() <= ex.tol(),
        "gap {gap} along {n:?}, exact {}",
        ex.truth.separation
    );
    assert!(
        (n - jvec(&ran.json["normal"])).length() < 1e-6,
        "manifold {n:?} vs {}",
        ran.json["normal"]
    );
}

/// Case 3: a tiny box resting on a huge one. GJK stopped at 1.15e-5 (`repeated_support`),
/// below its simplex's resolution, and the report read −791.776 along a reversed normal.
#[test]
fn tiny_box_on_a_huge_box_reads_no_reversed_normal() {
    let ron = "Scene(title: \"tiny on huge\", mode: Manifold, a: Body(shape: Box(width: 0.0009631107677705586, height: 0.0009631107677705586), position: (-367.091064453125, 234.18289184570312), angle_deg: 32.858577728271484), b: Body(shape: Box(width: 791.7753295898438, height: 791.7753295898438), position: (0.0, 0.0), angle_deg: 32.858577728271484))";
    let (ran, ex) = assert_exact("case 3", ron);
    let n = jvec(&ran.json["normal"]);
    // B lies below and to the right of A: the normal A → B points there.
    assert!(n.dot(DVec2::new(0.5426, -0.8400)) > 0.999, "normal {n:?}");
    assert!(jnum(&ran.json["separation"]).abs() <= ex.tol());
    // Swapping the bodies gives the same answer (it did before, too).
    let swapped = ron
        .replace("a: Body", "x: Body")
        .replace("b: Body", "a: Body")
        .replace("x: Body", "b: Body");
    assert_exact("case 3 swapped", &swapped);
}

/// Case 4: a vertex exactly on a corner (and a second scene of the family, a quarter turn
/// far out). Touching is not overlap: exactly 0, and every point exactly 0.
#[test]
fn vertex_exactly_on_a_corner_touches_at_exactly_zero() {
    for ron in [
        "Scene(title: \"touching corner\", mode: Manifold, a: Body(shape: Box(width: 0.5, height: 1.25), position: (0.0, 0.0)), b: Body(shape: RegularPolygon(sides: 4, circumradius: 0.5), position: (0.25, 1.125)))",
        "Scene(title: \"touching, turned\", mode: Manifold, a: Body(shape: Box(width: 1.5, height: 4.5), position: (-11.5, -7.25), angle_deg: 270.0), b: Body(shape: Polygon(vertices: [(0.5, 1.5), (-1.0, 1.5), (0.0, 0.0)]), position: (-13.75, -6.5)))",
    ] {
        let (ran, _) = assert_exact("case 4", ron);
        assert_eq!(ran.json["overlap"], json!(false), "{ron}");
        assert_eq!(jnum(&ran.json["separation"]), 0.0, "{ron}");
        let pts = crate::common::exact_scenes::points(&ran.json);
        assert_eq!(pts.len(), 1, "{ron}");
        assert!(pts.iter().all(|p| p.1 == 0.0), "{pts:?}");
    }
}

/// Case 7: exactly touching, but the preferred face clips to nothing and B's best face (7.155
/// deep) was swapped in, carrying a normal along which the shapes overlap by 7.16.
#[test]
fn a_swapped_reference_face_must_be_a_valid_normal() {
    let ron = "Scene(title: \"swapped deep\", mode: Manifold, a: Body(shape: Box(width: 36.0, height: 16.0), position: (62.0, 116.0), angle_deg: -90.0), b: Body(shape: Polygon(vertices: [(-24.0, 48.0), (-72.0, 72.0), (-48.0, 24.0), (0.0, 0.0)]), position: (54.0, 134.0)))";
    let (ran, ex) = assert_exact("case 7", ron);
    let n = crate::common::exact_scenes::manifold_normal(&ran.json).unwrap();
    assert_eq!(support_gap(&ex.a, &ex.b, n), 0.0, "manifold normal {n:?}");
    assert_eq!(jnum(&ran.json["separation"]), 0.0);
    let steps = ran.json["clip"]["steps"].as_array().unwrap();
    assert!(
        steps.iter().all(|s| s["swapped"] != json!(true)),
        "no swap to the deep face: {steps:?}"
    );
}
