//! Scenes for the exact checks: written as RON text, loaded through the library's scene loader
//! exactly as a user's file would be, and reported through `report::report` on the scene's
//! `PairTraces` (what `narrowphase-lab report` prints).
//!
//! [`SceneDesc`] is a scene as the tests describe it (every number an `f32`, as it is written
//! in the file); [`random_scene`] makes one for a band of sizes; [`run`] loads and reports it.
#![allow(dead_code)]

use super::exact_oracle::{Core, hull, minkowski_difference, signed_distance};
use crate::common::Rng;
use glam::DVec2;
use narrowphase_lab::report;
use narrowphase_lab::scene::{LoadedScene, PairTraces, SceneError, parse};
use serde_json::Value;
use std::f64::consts::TAU;

/// A shape as written in a scene file.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeDesc {
    /// `Circle(radius)`.
    Circle(f32),
    /// `Box(width, height, radius)`.
    Box(f32, f32, f32),
    /// `Polygon(vertices, radius)`.
    Polygon(Vec<[f32; 2]>, f32),
    /// `RegularPolygon(sides, circumradius)`.
    Regular(u32, f32),
    /// `Capsule(length, radius)`.
    Capsule(f32, f32),
}

/// An `f32` as RON: the shortest text that reads back as the same `f32`.
pub fn num(v: f32) -> String {
    format!("{v:?}")
}

impl ShapeDesc {
    /// The RON text of the shape.
    pub fn ron(&self) -> String {
        let radius = |r: f32| {
            if r == 0.0 {
                String::new()
            } else {
                format!(", radius: {}", num(r))
            }
        };
        match self {
            ShapeDesc::Circle(r) => format!("Circle(radius: {})", num(*r)),
            ShapeDesc::Box(w, h, r) => {
                format!("Box(width: {}, height: {}{})", num(*w), num(*h), radius(*r))
            }
            ShapeDesc::Polygon(v, r) => {
                let pts: Vec<String> = v
                    .iter()
                    .map(|p| format!("({}, {})", num(p[0]), num(p[1])))
                    .collect();
                format!("Polygon(vertices: [{}]{})", pts.join(", "), radius(*r))
            }
            ShapeDesc::Regular(n, r) => {
                format!("RegularPolygon(sides: {n}, circumradius: {})", num(*r))
            }
            ShapeDesc::Capsule(l, r) => {
                format!("Capsule(length: {}, radius: {})", num(*l), num(*r))
            }
        }
    }

    /// Every length multiplied by `k` (in `f32`: exact when `k` is a power of two).
    pub fn scaled(&self, k: f32) -> ShapeDesc {
        match self {
            ShapeDesc::Circle(r) => ShapeDesc::Circle(r * k),
            ShapeDesc::Box(w, h, r) => ShapeDesc::Box(w * k, h * k, r * k),
            ShapeDesc::Polygon(v, r) => {
                ShapeDesc::Polygon(v.iter().map(|p| [p[0] * k, p[1] * k]).collect(), r * k)
            }
            ShapeDesc::Regular(n, r) => ShapeDesc::Regular(*n, r * k),
            ShapeDesc::Capsule(l, r) => ShapeDesc::Capsule(l * k, r * k),
        }
    }

    /// The core in its own frame, in f64, computed here (not by the library): only for placing
    /// bodies; the checks use the library's loaded vertices.
    pub fn local_core(&self) -> Core {
        let d = |x: f32, y: f32| DVec2::new(x as f64, y as f64);
        let (verts, radius) = match self {
            ShapeDesc::Circle(r) => (vec![DVec2::ZERO], *r),
            ShapeDesc::Box(w, h, r) => {
                let (x, y) = (0.5 * w, 0.5 * h);
                (vec![d(-x, -y), d(x, -y), d(x, y), d(-x, y)], *r)
            }
            ShapeDesc::Polygon(v, r) => (
                hull(&v.iter().map(|p| d(p[0], p[1])).collect::<Vec<_>>()),
                *r,
            ),
            ShapeDesc::Regular(n, r) => {
                let pts = (0..*n)
                    .map(|i| {
                        let (s, c) = (TAU * i as f64 / *n as f64).sin_cos();
                        DVec2::new(-s, c) * *r as f64
                    })
                    .collect();
                (pts, 0.0)
            }
            ShapeDesc::Capsule(l, r) => (vec![d(-0.5 * l, 0.0), d(0.5 * l, 0.0)], *r),
        };
        Core {
            verts,
            radius: radius as f64,
        }
    }
}

/// A body as written in a scene file.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyDesc {
    /// Its shape.
    pub shape: ShapeDesc,
    /// World position.
    pub position: [f32; 2],
    /// Angle in degrees, counter-clockwise.
    pub angle_deg: f32,
}

impl BodyDesc {
    fn ron(&self) -> String {
        format!(
            "Body(shape: {}, position: ({}, {}), angle_deg: {})",
            self.shape.ron(),
            num(self.position[0]),
            num(self.position[1]),
            num(self.angle_deg)
        )
    }
}

/// A scene as written in a file: two bodies and the speculative margin.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneDesc {
    /// The title.
    pub title: String,
    /// Body A.
    pub a: BodyDesc,
    /// Body B.
    pub b: BodyDesc,
    /// The speculative margin (0: the default).
    pub margin: f32,
}

impl SceneDesc {
    /// The RON text of the scene, as a user would write it.
    pub fn ron(&self) -> String {
        let margin = if self.margin == 0.0 {
            String::new()
        } else {
            format!(",\n    speculative_margin: {}", num(self.margin))
        };
        format!(
            "Scene(\n    title: \"{}\",\n    mode: Manifold,\n    a: {},\n    b: {}{}\n)\n",
            self.title,
            self.a.ron(),
            self.b.ron(),
            margin
        )
    }

    /// Every length (sizes, positions, margin) multiplied by `k`; angles kept.
    pub fn scaled(&self, k: f32) -> SceneDesc {
        let body = |b: &BodyDesc| BodyDesc {
            shape: b.shape.scaled(k),
            position: [b.position[0] * k, b.position[1] * k],
            angle_deg: b.angle_deg,
        };
        SceneDesc {
            title: format!("{} scaled by {k:e}", self.title),
            a: body(&self.a),
            b: body(&self.b),
            margin: self.margin * k,
        }
    }
}

/// A scene loaded through the library's loader and reported.
pub struct Ran {
    /// What the loader returned.
    pub loaded: LoadedScene,
    /// The JSON report (`narrowphase-lab report`).
    pub json: Value,
}

/// Parses the RON text as a user's file and computes the report as the CLI does.
pub fn run_text(text: &str, file: &str) -> Result<Ran, SceneError> {
    let loaded = parse(text, file)?;
    let traces = PairTraces::compute(&loaded.pair);
    let json = report::report(&loaded.scene, &traces);
    Ok(Ran { loaded, json })
}

/// [`run_text`] on the scene's RON, checking that the loader read every number back exactly.
pub fn run(desc: &SceneDesc) -> Result<Ran, SceneError> {
    let ran = run_text(&desc.ron(), "exact.ron")?;
    let s = &ran.loaded.scene;
    let same = |b: &narrowphase_lab::scene::Body, d: &BodyDesc| {
        b.position.to_array() == d.position && b.angle_deg == d.angle_deg
    };
    assert!(
        same(&s.a, &desc.a) && same(&s.b, &desc.b) && s.speculative_margin == desc.margin,
        "the RON text did not read back exactly:\n{}",
        desc.ron()
    );
    Ok(ran)
}

/// An `f64` from the report's JSON (`NaN` when missing or null, so that every check fails).
pub fn jnum(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// A 2-vector from the report's JSON.
pub fn jvec(v: &Value) -> DVec2 {
    DVec2::new(jnum(&v[0]), jnum(&v[1]))
}

/// The manifold's own normal: the `done` step of `clip.steps` carries it.
pub fn manifold_normal(json: &Value) -> Option<DVec2> {
    json["clip"]["steps"]
        .as_array()?
        .iter()
        .rev()
        .find(|s| s["step"] == "done")
        .map(|s| jvec(&s["normal"]))
}

/// The report's points: (position, separation, id).
pub fn points(json: &Value) -> Vec<(DVec2, f64, u64)> {
    json["points"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .map(|p| {
                    (
                        jvec(&p["position"]),
                        jnum(&p["separation"]),
                        p["id"].as_u64().unwrap_or(u64::MAX),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

// ------------------------------------------------------------------------------------------
// Random scenes.

/// The shape types every band pairs with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Circle,
    Box,
    RoundedBox,
    Polygon,
    Regular,
    RoundedPolygon,
    Capsule,
}

/// Every kind, in the order the bands cycle through them.
pub const KINDS: [Kind; 7] = [
    Kind::Circle,
    Kind::Box,
    Kind::RoundedBox,
    Kind::Polygon,
    Kind::Regular,
    Kind::RoundedPolygon,
    Kind::Capsule,
];

/// A band of random scenes: body sizes log-uniform in `sizes`, and (optionally) the pair placed
/// `far` (log-uniform) from the world origin.
#[derive(Clone, Copy, Debug)]
pub struct Band {
    /// Smallest and largest body size (about the body's diameter).
    pub sizes: (f64, f64),
    /// Distance of A from the world origin, when the pair is far from it.
    pub far: Option<(f64, f64)>,
    /// Otherwise A's coordinates are within `±spread · size` of the origin.
    pub spread: f64,
}

fn log_uniform(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let u = rng.range(0.0, 1.0) as f64;
    (lo.ln() + u * (hi.ln() - lo.ln())).exp()
}

fn uniform(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * rng.range(0.0, 1.0) as f64
}

/// A random convex polygon of `n` (3..=16) vertices about `size` across, robustly convex (every
/// turn at least about 1°, every edge at least 5% of the radius), so that any loader that
/// judges convexity relative to the polygon's own size keeps every vertex. Counter-clockwise,
/// or clockwise when `reverse`.
pub fn random_polygon(rng: &mut Rng, n: usize, size: f64, reverse: bool) -> Vec<[f32; 2]> {
    let radius = 0.5 * size;
    let mut angles: Vec<f64> = (0..n)
        .map(|i| TAU * (i as f64 + uniform(rng, -0.4, 0.4)) / n as f64)
        .collect();
    angles.sort_by(f64::total_cmp);
    let pts: Vec<DVec2> = angles
        .iter()
        .map(|t| DVec2::new(t.cos(), t.sin()) * radius * uniform(rng, 0.6, 1.0))
        .collect();
    let mut h = hull(&pts);
    loop {
        let m = h.len();
        if m <= 3 {
            break;
        }
        let weak = (0..m).find(|&i| {
            let (p, c, q) = (h[(i + m - 1) % m], h[i], h[(i + 1) % m]);
            let (e1, e2) = (c - p, q - c);
            e1.perp_dot(e2) < 0.02 * e1.length() * e2.length() || e2.length() < 0.05 * radius
        });
        match weak {
            Some(i) => {
                h.remove(i);
            }
            None => break,
        }
    }
    let mut out: Vec<[f32; 2]> = h.iter().map(|p| [p.x as f32, p.y as f32]).collect();
    if reverse {
        out.reverse();
    }
    out
}

/// A random shape of `kind`, about `size` across.
pub fn random_shape(rng: &mut Rng, kind: Kind, size: f64) -> ShapeDesc {
    let f = |x: f64| x as f32;
    let rounding = |rng: &mut Rng| f(size * 10f64.powf(uniform(rng, -3.5, -0.7)));
    match kind {
        Kind::Circle => ShapeDesc::Circle(f(size * uniform(rng, 0.15, 0.5))),
        Kind::Box => ShapeDesc::Box(
            f(size * uniform(rng, 0.15, 1.0)),
            f(size * uniform(rng, 0.15, 1.0)),
            0.0,
        ),
        Kind::RoundedBox => ShapeDesc::Box(
            f(size * uniform(rng, 0.15, 0.8)),
            f(size * uniform(rng, 0.15, 0.8)),
            rounding(rng),
        ),
        Kind::Polygon | Kind::RoundedPolygon => {
            let n = rng.int(3, 16);
            let reverse = rng.range(0.0, 1.0) < 0.3;
            let across = size * uniform(rng, 0.5, 1.0);
            let v = random_polygon(rng, n, across, reverse);
            let r = if kind == Kind::Polygon {
                0.0
            } else {
                rounding(rng)
            };
            ShapeDesc::Polygon(v, r)
        }
        Kind::Regular => {
            let sides = rng.int(3, 64) as u32;
            ShapeDesc::Regular(sides, f(size * uniform(rng, 0.25, 0.5)))
        }
        Kind::Capsule => ShapeDesc::Capsule(
            f(size * uniform(rng, 0.15, 1.0)),
            f(size * uniform(rng, 0.12, 0.4)),
        ),
    }
}

/// A core turned by `angle_deg` (f64) about its local origin.
fn turned(core: &Core, angle_deg: f32) -> Core {
    let (c, s) = super::exact_oracle::cos_sin_deg(angle_deg);
    Core {
        verts: core
            .verts
            .iter()
            .map(|v| DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y))
            .collect(),
        radius: core.radius,
    }
}

/// The distance along the unit `u` at which B (centred on A's centre, then moved by `t u`)
/// just touches A: the root of the separation, found by bisection in f64.
pub fn touching_distance(a: &Core, b: &Core, u: DVec2) -> f64 {
    let h = minkowski_difference(a, b);
    let radii = a.radius + b.radius;
    let sep = |t: f64| signed_distance(&h, -u * t) - radii;
    let reach = |c: &Core| c.verts.iter().map(|v| v.length()).fold(0.0, f64::max) + c.radius;
    let (mut lo, mut hi) = (0.0, 2.0 * (reach(a) + reach(b)) + 1e-300);
    if sep(lo) >= 0.0 {
        return 0.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if sep(mid) < 0.0 { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

fn random_angle(rng: &mut Rng) -> f32 {
    if rng.range(0.0, 1.0) < 0.12 {
        90.0 * rng.int(0, 3) as f32
    } else {
        rng.range(-180.0, 180.0)
    }
}

/// Scene number `index` of a band: the shape types cycle through every ordered pair; sizes,
/// angles and the direction from A to B are random; the distance ranges from deep overlap
/// through touching to apart by about the shapes' size, 40% of the scenes within 1% of
/// touching.
pub fn random_scene(rng: &mut Rng, band: &Band, index: usize, title: &str) -> SceneDesc {
    let (ka, kb) = (KINDS[index % 7], KINDS[(index / 7) % 7]);
    let (lo, hi) = band.sizes;
    let pair_size = log_uniform(rng, lo, hi);
    let body_size = |rng: &mut Rng| (pair_size * 2f64.powf(uniform(rng, -1.0, 1.0))).clamp(lo, hi);
    let (sa, sb) = (body_size(rng), body_size(rng));
    let (shape_a, shape_b) = (random_shape(rng, ka, sa), random_shape(rng, kb, sb));
    let (angle_a, angle_b) = (random_angle(rng), random_angle(rng));
    let pa: DVec2 = match band.far {
        Some((near, far)) => {
            let t = uniform(rng, 0.0, TAU);
            DVec2::new(t.cos(), t.sin()) * log_uniform(rng, near, far)
        }
        None => DVec2::new(
            uniform(rng, -band.spread, band.spread) * pair_size,
            uniform(rng, -band.spread, band.spread) * pair_size,
        ),
    };
    let pa = DVec2::new(pa.x as f32 as f64, pa.y as f32 as f64);
    let t = uniform(rng, 0.0, TAU);
    let u = DVec2::new(t.cos(), t.sin());
    let ca = turned(&shape_a.local_core(), angle_a);
    let cb = turned(&shape_b.local_core(), angle_b);
    let touch = touching_distance(&ca, &cb, u);
    let s = 0.5 * (sa + sb);
    let pick = rng.range(0.0, 1.0);
    let dist = if pick < 0.02 {
        touch
    } else if pick < 0.40 {
        touch + s * uniform(rng, -0.01, 0.01)
    } else if pick < 0.65 {
        touch * uniform(rng, 0.0, 1.0)
    } else if pick < 0.80 {
        touch + s * uniform(rng, -0.1, 0.1)
    } else {
        touch + s * uniform(rng, 0.0, 1.0)
    };
    let pb = pa + u * dist.max(0.0);
    let margin = if rng.range(0.0, 1.0) < 0.2 {
        (s * uniform(rng, 0.0, 0.05)) as f32
    } else {
        0.0
    };
    SceneDesc {
        title: format!("{title} #{index} {ka:?}-{kb:?}"),
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
        margin,
    }
}
