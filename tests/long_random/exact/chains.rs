//! Issues 28 and 38: chains against exact geometry, in the four bands of `exact.rs`.
//!
//! Random open chains (1 to 6 segments, a third of their joints exactly straight, the others
//! turning up to 60° either way) with a random shape of every kind placed near a random
//! segment, in front of it, just touching it, a little into it or a little apart. Each scene
//! is RON through the loader and `report`, as `narrowphase-lab report` prints it. Checks:
//!
//! - every point lies on both surfaces: moved half its separation back along the manifold's
//!   normal it is on the segment, moved forward (and out by B's radius) on B's boundary; no
//!   point beyond the margin;
//! - a skipped, behind or apart segment reports no manifold;
//! - **no lost body**: a body overlapping a segment (exact separation in f64, the oracle's
//!   Minkowski hull) with its centre in front of that segment's line gets a point from the
//!   chain;
//! - **no phantom**: a body apart from every segment gets no point with negative separation;
//! - **the trace is the answer**: the shown segment's trace ends with its manifold (`done`'s
//!   points are the selected part pair's), and the clip's kept points are those points.
//!
//! Tolerances as `exact_check.rs`: `K ε L` plus the output's rounding.

use crate::common::Rng;
use crate::common::exact_check::{EPS, K, OUTPUT_ULPS};
use crate::common::exact_oracle::{Core, boundary_distance, bounding_radius, place, truth};
use crate::common::exact_scenes::{KINDS, jnum, jvec, random_shape, run_text};
use glam::DVec2;
use std::collections::BTreeMap;

/// Scenes per band.
const SCENES: usize = 7 * 400;

fn uniform(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * rng.range(0.0, 1.0) as f64
}

fn log_uniform(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    (lo.ln() + uniform(rng, 0.0, 1.0) * (hi.ln() - lo.ln())).exp()
}

fn f32s(v: DVec2) -> DVec2 {
    DVec2::new(v.x as f32 as f64, v.y as f32 as f64)
}

/// A random chain of `size`-long segments from `start` (body frame), as `f32` points.
fn random_chain(rng: &mut Rng, size: f64) -> Vec<DVec2> {
    let n = rng.int(1, 6);
    let mut heading = uniform(rng, 0.0, std::f64::consts::TAU);
    let mut pts = vec![f32s(DVec2::new(
        uniform(rng, -1.0, 1.0) * size,
        uniform(rng, -1.0, 1.0) * size,
    ))];
    for _ in 0..n {
        if rng.range(0.0, 1.0) > 0.33 {
            heading += uniform(rng, -1.05, 1.05);
        }
        let step = DVec2::new(heading.cos(), heading.sin()) * size * uniform(rng, 0.5, 2.0);
        let last = *pts.last().expect("a point");
        // A joint that keeps the heading is straight up to the points' f32 rounding: flat.
        pts.push(f32s(last + step));
    }
    pts
}

/// The area centroid of a core (the mean of a point's or a segment's ends), in f64.
fn centroid(v: &[DVec2]) -> DVec2 {
    if v.len() < 3 {
        return v.iter().sum::<DVec2>() / v.len() as f64;
    }
    let (mut area, mut c) = (0.0, DVec2::ZERO);
    for i in 0..v.len() {
        let (p, q) = (v[i] - v[0], v[(i + 1) % v.len()] - v[0]);
        let w = p.perp_dot(q);
        area += w;
        c += (p + q) * w;
    }
    v[0] + c / (3.0 * area)
}

/// Whether `c` lies outside the chain's solid, and its distance from the chain. The sign of the
/// distance to a polyline: by its closest point. On a segment's inside, outside when in front
/// of it; on a joint, outside when the joint is convex (a hill top) and `c` is in front of
/// either face (at a valley every point closest to the joint is behind a face); on a free end,
/// outside when in front of its segment.
fn outside_the_solid(chain: &[DVec2], c: DVec2) -> (bool, f64) {
    let normal = |i: usize| {
        let t = (chain[i + 1] - chain[i]).normalize();
        DVec2::new(t.y, -t.x)
    };
    let in_front = |i: usize| normal(i).dot(c - chain[i]) > 0.0;
    let mut best = (f64::INFINITY, 0, 0.0);
    for i in 0..chain.len() - 1 {
        let e = chain[i + 1] - chain[i];
        let t = ((c - chain[i]).dot(e) / e.length_squared()).clamp(0.0, 1.0);
        let d = c.distance(chain[i] + e * t);
        if d < best.0 {
            best = (d, i, t);
        }
    }
    let (d, i, t) = best;
    let last = chain.len() - 2;
    let joint = |first: usize| {
        // The joint between segment `first` and `first + 1`.
        let turn = (chain[first + 1] - chain[first]).perp_dot(chain[first + 2] - chain[first + 1]);
        turn > 0.0 && (in_front(first) || in_front(first + 1))
    };
    let outside = if t > 0.0 && t < 1.0 {
        in_front(i)
    } else if t == 0.0 && i > 0 {
        joint(i - 1)
    } else if t == 1.0 && i < last {
        joint(i)
    } else {
        in_front(i)
    };
    (outside, d)
}

/// The errors seen, per check, and the failures.
#[derive(Default)]
struct Tally {
    worst: BTreeMap<&'static str, f64>,
    failures: Vec<String>,
    manifolds: BTreeMap<&'static str, usize>,
    verdicts: BTreeMap<String, usize>,
}

impl Tally {
    fn check(
        &mut self,
        name: &'static str,
        err: f64,
        tol: f64,
        scale: f64,
        detail: impl Fn() -> String,
    ) {
        let w = self.worst.entry(name).or_insert(0.0);
        *w = w.max(err / scale);
        if err > tol || err.is_nan() {
            if self.failures.len() < 5 {
                self.failures.push(format!("{name}: {}", detail()));
            } else {
                self.failures.push(name.to_string());
            }
        }
    }
}

fn band_test(name: &str, seed: u64, sizes: (f64, f64), far: Option<(f64, f64)>) {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for i in 0..SCENES {
        let size = log_uniform(&mut rng, sizes.0, sizes.1);
        let origin = match far {
            Some((near, far)) => {
                let t = uniform(&mut rng, 0.0, std::f64::consts::TAU);
                f32s(DVec2::new(t.cos(), t.sin()) * log_uniform(&mut rng, near, far))
            }
            None => DVec2::ZERO,
        };
        let chain = random_chain(&mut rng, size);
        let kind = KINDS[i % 7];
        let b_size = (size * 2f64.powf(uniform(&mut rng, -1.0, 1.0))).clamp(sizes.0, sizes.1);
        let shape = random_shape(&mut rng, kind, b_size);
        let angle = rng.angle().to_degrees();
        // Next to a random segment, on its front side.
        let k = rng.int(0, chain.len() - 2);
        let (e1, e2) = (chain[k], chain[k + 1]);
        let d = (e2 - e1).normalize();
        // One scene in ten behind the segment, which must then not touch it.
        let side = if rng.range(0.0, 1.0) < 0.1 { -1.0 } else { 1.0 };
        let n = DVec2::new(d.y, -d.x) * side;
        let q = e1 + (e2 - e1) * uniform(&mut rng, -0.15, 1.15);
        let core = shape.local_core();
        let (c, s) = (
            (angle as f64).to_radians().cos(),
            (angle as f64).to_radians().sin(),
        );
        let reach = core
            .verts
            .iter()
            .map(|v| -n.dot(DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y)))
            .fold(f64::MIN, f64::max)
            + core.radius;
        let pick = rng.range(0.0, 1.0);
        let gap = if pick < 0.1 {
            0.0
        } else if pick < 0.6 {
            b_size * uniform(&mut rng, -0.01, 0.01)
        } else {
            b_size * uniform(&mut rng, -0.1, 0.1)
        };
        let pb = f32s(origin + q + n * (reach + gap));
        let margin = if rng.range(0.0, 1.0) < 0.3 {
            (b_size * uniform(&mut rng, 0.0, 0.05)) as f32
        } else {
            0.0
        };
        let points: Vec<String> = chain
            .iter()
            .map(|p| format!("({:?}, {:?})", p.x as f32, p.y as f32))
            .collect();
        let ron = format!(
            "Scene(title: \"{name} #{i}\", a: Body(shape: Chain(points: [{}]), position: ({:?}, {:?})), b: Body(shape: {}, position: ({:?}, {:?}), angle_deg: {:?}), speculative_margin: {:?})",
            points.join(", "),
            origin.x as f32,
            origin.y as f32,
            shape.ron(),
            pb.x as f32,
            pb.y as f32,
            angle,
            margin
        );
        let ran = run_text(&ron, "chain.ron").unwrap_or_else(|e| panic!("{e}\n{ron}"));
        let j = &ran.json;
        let b_shape = ran.loaded.pair.bodies.as_ref().expect("parts").parts[1][0].shape;
        let b = place(&b_shape, [pb.x as f32, pb.y as f32], angle, origin);
        let verdicts: Vec<&serde_json::Value> = j["chain"]
            .as_array()
            .expect("chain verdicts")
            .iter()
            .collect();
        let cb = pb - origin;
        let centre = centroid(&b.verts);
        let (outside, centre_distance) = outside_the_solid(&chain, centre);
        let mut least = f64::INFINITY;
        let mut overlapped_in_front = None;
        for seg in 0..chain.len() - 1 {
            let a = Core {
                verts: vec![chain[seg], chain[seg + 1]],
                radius: 0.0,
            };
            let scale = bounding_radius(&a, DVec2::ZERO) + bounding_radius(&b, cb) + cb.length();
            let tol = K * EPS * scale;
            let exact = truth(&a, &b);
            least = least.min(exact.separation - tol);
            // Sunk into the chain: overlapping a segment, the centre outside the solid and
            // further from the chain than the depth (a body sunk past its centre, as deep as a
            // capsule embedded in a valley's corner, Box2D loses as well: not asked here).
            if exact.separation < -tol && outside && -exact.separation < centre_distance - tol {
                overlapped_in_front = Some((seg, exact.separation));
            }
        }
        let all_points = j["points"].as_array().expect("points");
        *tally
            .verdicts
            .entry("(sunk into the chain)".into())
            .or_insert(0) += overlapped_in_front.is_some() as usize;
        if let Some((seg, sep)) = overlapped_in_front
            && all_points.is_empty()
        {
            tally.failures.push(format!(
                "lost: B overlaps segment {seg} ({sep:e}) with its centre outside the solid, and no point\n{ron}"
            ));
        }
        if least > 0.0 {
            for p in all_points {
                let s = jnum(&p["separation"]);
                if s < 0.0 {
                    tally.failures.push(format!(
                        "phantom: apart by {least:e} or more and a point at {s:e}\n{ron}"
                    ));
                }
            }
        }
        // The trace is the answer: the shown segment's last step is its manifold.
        let selected = &j["selected_parts"];
        let shown = j["manifolds"]
            .as_array()
            .expect("manifolds")
            .iter()
            .find(|m| &m["parts"] == selected)
            .map_or(0, |m| m["points"].as_array().map_or(0, |p| p.len()));
        let steps = j["clip"]["steps"].as_array().expect("clip steps");
        let done = steps
            .last()
            .map(|s| (s["step"].clone(), s["points"].clone()));
        if done != Some((serde_json::json!("done"), serde_json::json!(shown))) {
            tally.failures.push(format!(
                "trace: the last step {done:?} is not the shown manifold's {shown} points\n{ron}"
            ));
        }
        if let Some(keep) = steps.iter().find(|s| s["step"] == "keep") {
            let kept = keep["candidates"]
                .as_array()
                .map_or(0, |c| c.iter().filter(|c| c["kept"] == true).count());
            if kept != shown {
                tally.failures.push(format!(
                    "trace: the clip keeps {kept} points, the manifold has {shown}\n{ron}"
                ));
            }
        }
        for v in &verdicts {
            let seg = v["parts"][0].as_u64().expect("segment") as usize;
            let class = v["class"].as_str().expect("class");
            let m = j["manifolds"]
                .as_array()
                .expect("manifolds")
                .iter()
                .find(|m| m["parts"][0].as_u64() == Some(seg as u64));
            *tally.verdicts.entry(class.to_string()).or_insert(0) += 1;
            *tally
                .manifolds
                .entry(match class {
                    "admit" => "admit",
                    "snap" => "snap",
                    "skip" => "skip",
                    "apart" => "apart",
                    _ => "behind",
                })
                .or_insert(0) += m.is_some() as usize;
            if matches!(class, "skip" | "behind" | "apart") {
                if m.is_some() {
                    tally
                        .failures
                        .push(format!("{class} segment {seg} has a manifold\n{ron}"));
                }
                continue;
            }
            let Some(m) = m else {
                continue;
            };
            let a = Core {
                verts: vec![chain[seg], chain[seg + 1]],
                radius: 0.0,
            };
            let scale = bounding_radius(&a, DVec2::ZERO) + bounding_radius(&b, cb) + cb.length();
            let tol = K * EPS * scale;
            let normal = jvec(&m["normal"]);
            for p in m["points"].as_array().expect("points") {
                let world = jvec(&p["position"]);
                let sep = jnum(&p["separation"]);
                let at = world - origin;
                let on_a = at - normal * (0.5 * sep);
                let on_b = at + normal * (0.5 * sep + b.radius);
                let slack = tol + OUTPUT_ULPS * EPS * world.x.abs().max(world.y.abs());
                let (da, db) = (boundary_distance(&a, on_a), boundary_distance(&b, on_b));
                tally.check("point_on_a", da, slack, scale, || {
                    format!("segment {seg} ({class}) point {world:?} sep {sep:e}: {da:e} off the segment\n{ron}")
                });
                tally.check("point_on_b", db, slack, scale, || {
                    format!(
                        "segment {seg} ({class}) point {world:?} sep {sep:e}: {db:e} off B\n{ron}"
                    )
                });
                tally.check(
                    "point_margin",
                    (sep - margin as f64).max(0.0),
                    0.0,
                    scale,
                    || format!("point separation {sep:e} beyond margin {margin:e}\n{ron}"),
                );
            }
        }
    }
    println!(
        "== chains {name}: {SCENES} scenes; verdicts {:?}; manifolds by class {:?}; worst error per check (units of L):",
        tally.verdicts, tally.manifolds
    );
    for (check, w) in &tally.worst {
        println!("   {check:<12} {w:.3e} L = {:.1} ε L", w / EPS);
    }
    assert!(
        tally.failures.is_empty(),
        "{} failures:\n{}",
        tally.failures.len(),
        tally
            .failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // A snapped normal makes a manifold only where the face reaches the body (most snaps are
    // seam ghosts, which the distance step or the clip leaves empty): a few per band.
    for (class, least) in [("admit", 20), ("snap", 5)] {
        assert!(
            tally.manifolds.get(class).copied().unwrap_or(0) > least,
            "too few {class} manifolds to have tested them: {:?}",
            tally.manifolds
        );
    }
    for class in ["skip", "behind"] {
        assert!(
            tally.verdicts.get(class).copied().unwrap_or(0) > 20,
            "too few {class} verdicts to have tested them: {:?}",
            tally.verdicts
        );
    }
}

#[test]
fn chains_tiny_sizes_1e_5_to_1e_3() {
    band_test("tiny", 0xC4A1_0001, (1e-5, 1e-3), None);
}

#[test]
fn chains_unit_sizes_1e_2_to_1e2() {
    band_test("unit", 0xC4A1_0002, (1e-2, 1e2), None);
}

#[test]
fn chains_huge_sizes_1e3_to_1e5() {
    band_test("huge", 0xC4A1_0003, (1e3, 1e5), None);
}

#[test]
fn chains_far_sizes_0_1_to_10_placed_1e3_to_1e5_from_origin() {
    band_test("far", 0xC4A1_0004, (0.1, 10.0), Some((1e3, 1e5)));
}
