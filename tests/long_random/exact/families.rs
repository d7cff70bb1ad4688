//! Two families where the truth is known in closed form: exactly touching pairs (dyadic
//! numbers, quarter turns) and deep near-concentric many-gons (where SAT is exact and GJK/EPA
//! must agree with it).

use super::check_desc;
use crate::common::Rng;
use crate::common::exact_check::{EPS, Exact, Tally};
use crate::common::exact_scenes::{BodyDesc, SceneDesc, ShapeDesc, jnum, points};
use glam::DVec2;

/// Dyadic convex octagon, flat on all four sides (bottom y = −0.5, right x = 0.875, top
/// y = 0.75, left x = −0.75), not symmetric.
const OCTAGON: [[f32; 2]; 8] = [
    [-0.625, -0.5],
    [0.5, -0.5],
    [0.875, -0.125],
    [0.875, 0.375],
    [0.25, 0.75],
    [-0.5, 0.75],
    [-0.75, 0.5],
    [-0.75, -0.25],
];

/// One shape of every type, every number exact in binary (RegularPolygon's vertices are
/// irrational, so the dyadic polygons stand for it).
fn dyadic_shapes() -> Vec<(&'static str, ShapeDesc)> {
    let half: Vec<[f32; 2]> = OCTAGON.iter().map(|p| [0.5 * p[0], 0.5 * p[1]]).collect();
    vec![
        ("circle", ShapeDesc::Circle(0.875)),
        ("box", ShapeDesc::Box(2.75, 1.75, 0.0)),
        ("rounded box", ShapeDesc::Box(1.5, 0.75, 0.125)),
        ("polygon", ShapeDesc::Polygon(OCTAGON.to_vec(), 0.0)),
        ("rounded polygon", ShapeDesc::Polygon(half, 0.0625)),
        ("capsule", ShapeDesc::Capsule(1.25, 0.25)),
    ]
}

/// The top (`up`) or bottom of the shape turned by a quarter turn `q` (0..4): how far its
/// surface reaches along ±y from its position, and the x-range (relative to its position)
/// where it does. Exact: quarter turns of dyadic numbers.
fn extreme(shape: &ShapeDesc, q: u32, up: bool) -> (f64, f64, f64) {
    let core = shape.local_core();
    let turn = |v: DVec2| match q {
        0 => v,
        1 => DVec2::new(-v.y, v.x),
        2 => -v,
        _ => DVec2::new(v.y, -v.x),
    };
    let sign = if up { 1.0 } else { -1.0 };
    let vs: Vec<DVec2> = core.verts.iter().map(|v| turn(*v)).collect();
    let reach = vs.iter().map(|v| sign * v.y).fold(f64::MIN, f64::max);
    let xs = vs.iter().filter(|v| sign * v.y == reach).map(|v| v.x);
    let lo = xs.clone().fold(f64::MAX, f64::min);
    let hi = xs.fold(f64::MIN, f64::max);
    (reach + core.radius, lo, hi)
}

/// B resting on A: A turned by `qa`, B by `qb` quarter turns; B's lowest surface on A's
/// highest, offset sideways by 0.25 where both are flat enough for the contact to remain.
fn resting(a: &ShapeDesc, qa: u32, b: &ShapeDesc, qb: u32, at: [f32; 2]) -> SceneDesc {
    let (top, a0, a1) = extreme(a, qa, true);
    let (bottom, b0, b1) = extreme(b, qb, false);
    let (mid_a, mid_b) = (0.5 * (a0 + a1), 0.5 * (b0 + b1));
    let room = 0.5 * (a1 - a0) + 0.5 * (b1 - b0);
    let offset = if room > 0.25 { 0.25 } else { 0.0 };
    let dx = mid_a - mid_b + offset;
    let (x, y) = (at[0] as f64 + dx, at[1] as f64 + top + bottom);
    assert!(
        x as f32 as f64 == x && y as f32 as f64 == y,
        "not exact in f32"
    );
    SceneDesc {
        title: "touching".into(),
        a: BodyDesc {
            shape: a.clone(),
            position: at,
            angle_deg: 90.0 * qa as f32,
        },
        b: BodyDesc {
            shape: b.clone(),
            position: [x as f32, y as f32],
            angle_deg: 90.0 * qb as f32,
        },
        margin: 0.0,
    }
}

/// Every ordered pair of shape types, every quarter turn of each, at the origin and moved to
/// 1024 + a dyadic offset: the shapes touch exactly (the truth is 0), so the report must say
/// `overlap: false`, separation exactly 0, and give at least one point, every point at
/// separation 0 (within one ulp of the pair's scale). The oracle's general checks run too.
#[test]
fn exactly_touching_family_is_touching_not_overlap() {
    let shapes = dyadic_shapes();
    let mut tally = Tally::default();
    for (na, a) in &shapes {
        for (nb, b) in &shapes {
            for qa in 0..4 {
                for qb in 0..4 {
                    for at in [[0.0, 0.0], [1024.375, 1023.375], [-1024.5, 2048.25]] {
                        let mut desc = resting(a, qa, b, qb, at);
                        desc.title = format!("{na} under {nb}, {qa}/{qb} quarter turns");
                        let ron = desc.ron();
                        let Some(ran) = check_desc(&desc, &mut tally) else {
                            continue;
                        };
                        let ex = Exact::of(&ran);
                        assert_eq!(ex.truth.separation, 0.0, "not touching:\n{ron}");
                        let j = &ran.json;
                        if j["overlap"] != false {
                            tally.fail(
                                "touch_overlap",
                                1.0,
                                format!("overlap {}", j["overlap"]),
                                &ron,
                            );
                        }
                        let sep = jnum(&j["separation"]);
                        if sep != 0.0 {
                            tally.fail(
                                "touch_separation",
                                sep.abs() / ex.scale,
                                format!("separation {sep:e}"),
                                &ron,
                            );
                        }
                        let pts = points(j);
                        if pts.is_empty() {
                            tally.fail("touch_no_point", 1.0, "no contact point".into(), &ron);
                        }
                        for (p, s, id) in pts {
                            if s.abs() > EPS * ex.scale {
                                tally.fail(
                                    "touch_point_sep",
                                    s.abs() / ex.scale,
                                    format!("point {id} at {p:?}: separation {s:e}"),
                                    &ron,
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    let summary = tally.summary("exactly touching family");
    println!("{summary}");
    assert_eq!(tally.total(), 0, "{summary}");
}

/// Deep overlaps of regular 16..64-gons whose centres are within 0.1% of coincident: SAT is
/// exact here (polygon pairs), and GJK/EPA (the top-level separation) must equal it, and both
/// the oracle, within tolerance.
#[test]
fn deep_near_concentric_many_gons_epa_equals_sat() {
    let mut rng = Rng::new(0x60D5);
    let mut tally = Tally::default();
    for i in 0..3000 {
        let (na, nb) = (rng.int(16, 64) as u32, rng.int(16, 64) as u32);
        let ra = (0.25f64 * 16f64.powf(rng.range(0.0, 1.0) as f64)) as f32;
        let rb = (0.25f64 * 16f64.powf(rng.range(0.0, 1.0) as f64)) as f32;
        let pa = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let off = 0.001 * ra.min(rb) * rng.range(0.0, 1.0);
        let t = rng.angle();
        let desc = SceneDesc {
            title: format!("many-gons #{i}"),
            a: BodyDesc {
                shape: ShapeDesc::Regular(na, ra),
                position: pa,
                angle_deg: rng.range(-180.0, 180.0),
            },
            b: BodyDesc {
                shape: ShapeDesc::Regular(nb, rb),
                position: [pa[0] + off * t.cos(), pa[1] + off * t.sin()],
                angle_deg: rng.range(-180.0, 180.0),
            },
            margin: 0.0,
        };
        let ron = desc.ron();
        let Some(ran) = check_desc(&desc, &mut tally) else {
            continue;
        };
        let ex = Exact::of(&ran);
        let (sep, sat) = (
            jnum(&ran.json["separation"]),
            jnum(&ran.json["sat"]["separation"]),
        );
        tally.numeric(
            "epa_vs_sat",
            (sep - sat).abs(),
            ex.tol(),
            ex.scale,
            || {
                format!(
                    "GJK/EPA separation {sep:e}, SAT {sat:e}, exact {:e}",
                    ex.truth.separation
                )
            },
            &ron,
        );
        tally.numeric(
            "sat_exact",
            (sat - ex.truth.separation).abs(),
            ex.tol(),
            ex.scale,
            || format!("SAT separation {sat:e}, exact {:e}", ex.truth.separation),
            &ron,
        );
    }
    let summary = tally.summary("deep near-concentric many-gons");
    println!("{summary}");
    assert_eq!(tally.total(), 0, "{summary}");
}
