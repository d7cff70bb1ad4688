//! "The arithmetic": every number behind the step shown, written out so a student can check a
//! hand calculation — the support dot products behind each shadow (SAT); the simplex, the dot
//! and cross products that pick GJK's Voronoi region, the barycentric weights of the closest
//! point and the support along the search direction; EPA's bounds; the reference-face
//! comparison with its hysteresis, the side planes' clip distances and each point's separation
//! (manifold).
//!
//! The rows (`sat_rows`, `gjk_epa_rows`, `manifold_rows`, each reached through its mode's
//! `Mode::arithmetic`) are pure functions of the pair's traces (the same the modes draw): every number is
//! a field of a trace step or of the output, printed as is. Positions are shown in the world,
//! by the one conversion the report makes too ([`ToWorld`]: a point plus A's position, a
//! projection plus `axis · origin`); nothing else is worked out here. When a line needs a
//! number the trace lacks, the number belongs in the step (`geom/`), not here.

use crate::app::pair::Traced;
use crate::app::words::{num, source_text};
use crate::geom::gjk::RegionTests;
use crate::geom::{GjkStep, ManifoldStep, SimplexVertex, ToWorld, VoronoiRegion};
use egui::RichText;
use glam::Vec2;

/// One line of arithmetic.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The line: what is computed, from which numbers.
    pub text: String,
    /// Its result, when it is one number (tests compare it with their own).
    pub value: Option<f32>,
}

fn row(text: String, value: f32) -> Row {
    Row {
        text: format!("{text} = {}", num(value)),
        value: Some(value),
    }
}

fn note(text: String) -> Row {
    Row { text, value: None }
}

/// A vector in words: `(1.0000, -0.5000)`.
fn vec(v: Vec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// GJK/EPA: a GJK iteration, an EPA expansion, or the radii folded back in.
pub fn gjk_epa_rows(pair: &Traced, step: usize) -> Vec<Row> {
    match pair.gjk_steps.get(step) {
        Some(s) => gjk_rows(s, pair.to_world()),
        None => match pair.epa_steps.get(step - pair.gjk_steps.len()) {
            Some(e) => vec![
                row(
                    format!(
                        "closest edge {} of the polytope, normal {}: its distance from the origin, the lower bound",
                        e.closest_edge,
                        vec(e.edge_normal)
                    ),
                    e.lower_bound,
                ),
                row(
                    format!(
                        "support along it: w = {} · {}",
                        vec(e.support.w),
                        vec(e.edge_normal)
                    ),
                    e.support_distance,
                ),
                row(
                    "the smallest support distance so far, the upper bound".into(),
                    e.upper_bound,
                ),
                row(
                    format!(
                        "improvement: support distance − lower bound (stops at or below {})",
                        num(e.tolerance)
                    ),
                    e.improvement,
                ),
            ],
            None => fold_rows(pair),
        },
    }
}

/// SAT: both shadows on the axis from their support vertices, and the gap.
pub fn sat_rows(pair: &Traced, step: usize) -> Vec<Row> {
    let Some(r) = pair.sat_axes().nth(step) else {
        return Vec::new();
    };
    let f = pair.frame();
    // The trace's intervals are in the pair frame: the report's world values are shown.
    let world = ToWorld {
        origin: pair.sat.origin,
    };
    let mut out = vec![note(format!(
        "axis {} ({}): u = {}",
        step + 1,
        source_text(r.source, pair),
        vec(r.axis)
    ))];
    for (name, shape, interval, support) in
        [("A", &f.a, r.a, r.support_a), ("B", &f.b, r.b, r.support_b)]
    {
        let radius = shape.radius();
        for (end, value, k, sign) in [
            ("low", interval[0], support[0], "−"),
            ("high", interval[1], support[1], "+"),
        ] {
            let v = world.point(shape.vertex(k));
            let rounded = if radius > 0.0 {
                format!(" {sign} radius {}", num(radius))
            } else {
                String::new()
            };
            out.push(row(
                format!(
                    "{name}'s shadow, {end} end: vertex {k} {} · u{rounded}",
                    vec(v)
                ),
                world.projection(value, r.axis),
            ));
        }
    }
    out.push(row(
        "gap = max(B low − A high, A low − B high)".to_string(),
        r.gap,
    ));
    out
}

/// A simplex vertex: `w1 = b2 − a0 = (…) − (…)`.
fn vertex_row(k: usize, v: &SimplexVertex, world: ToWorld) -> Row {
    note(format!(
        "w{k} = b{} − a{} = {} − {} = {}",
        v.index_b,
        v.index_a,
        vec(world.point(v.w_b)),
        vec(world.point(v.w_a)),
        vec(v.w)
    ))
}

/// GJK: the simplex received, the tests that pick its Voronoi region (as GJK computed them),
/// the weights and closest point, the support found along the new direction.
fn gjk_rows(s: &GjkStep, world: ToWorld) -> Vec<Row> {
    let mut out: Vec<Row> = s
        .simplex_in
        .iter()
        .enumerate()
        .map(|(k, v)| vertex_row(k, v, world))
        .collect();
    region_rows(&mut out, &s.tests);
    let region = match s.region {
        VoronoiRegion::Vertex(i) => format!("vertex w{i}"),
        VoronoiRegion::Edge(i, j) => format!("edge w{i}–w{j}"),
        VoronoiRegion::Interior => "the inside".to_string(),
    };
    out.push(note(format!(
        "the signs put the origin in the region of {region}"
    )));
    for (k, v) in s.simplex.iter().enumerate() {
        out.push(row(format!("weight λ{k} of {}", vec(v.w)), v.weight));
    }
    out.push(note(format!("closest point = Σ λ·w = {}", vec(s.closest))));
    out.push(row("its distance from the origin".into(), s.distance));
    if let (Some(d), Some(v), Some(along)) = (s.direction, s.support, s.along) {
        out.push(note(format!(
            "search direction d (from the closest point towards the origin) = {}",
            vec(d)
        )));
        out.push(row(
            format!(
                "B's support b{}: {} · d",
                v.index_b,
                vec(world.point(v.w_b))
            ),
            world.projection(along.b, d),
        ));
        out.push(row(
            format!(
                "A's support a{} against d: {} · (−d)",
                v.index_a,
                vec(world.point(v.w_a))
            ),
            -world.projection(-along.a, d),
        ));
        out.push(row(
            format!(
                "new w = {} · d (progress past the closest point's)",
                vec(v.w)
            ),
            along.w,
        ));
        out.push(row("closest · d".into(), along.closest));
    }
    out
}

/// The region tests GJK recorded: per edge `wi–wj` both dot products, and for a triangle its
/// turn and the signed areas opposite each vertex.
fn region_rows(out: &mut Vec<Row>, t: &RegionTests) {
    for (&(i, j), [dj, di]) in RegionTests::EDGES.iter().zip(t.edges).take(t.edge_count) {
        out.push(row(format!("w{j} · (w{j} − w{i})"), dj));
        out.push(row(format!("−w{i} · (w{j} − w{i})"), di));
    }
    if t.edge_count == 3 {
        out.push(row("n = (w1 − w0) × (w2 − w0)".into(), t.turn));
        for (k, ((i, j), area)) in [(1, 2), (2, 0), (0, 1)]
            .into_iter()
            .zip(t.areas)
            .enumerate()
        {
            out.push(row(format!("opposite w{k}: n · (w{i} × w{j})"), area));
        }
    }
}

/// The radii folded back in: separation = core distance − both radii (or − depth).
fn fold_rows(pair: &Traced) -> Vec<Row> {
    let q = &pair.query;
    let world = pair.to_world();
    let (ra, rb) = (pair.shapes()[0].radius(), pair.shapes()[1].radius());
    vec![
        row(
            format!(
                "core gap along the normal {} between the cores' points {} and {}",
                vec(q.normal),
                vec(world.point(q.core_a)),
                vec(world.point(q.core_b))
            ),
            q.core_separation,
        ),
        row(
            format!("separation = core gap − {} − {}", num(ra), num(rb)),
            q.separation,
        ),
    ]
}

/// The manifold: the reference-face comparison, the clip distances, the separations.
pub fn manifold_rows(pair: &Traced, step: usize) -> Vec<Row> {
    let steps = pair.manifold_shown_steps();
    let Some(s) = steps.get(step) else {
        return Vec::new();
    };
    match s {
        ManifoldStep::ReferenceFace {
            sep_a,
            edge_a,
            sep_b,
            edge_b,
            threshold,
            hysteresis,
            flip,
            b_above_threshold,
            swapped,
            ..
        } => vec![
            row(
                format!("A's face {edge_a}: B's deepest separation from it"),
                *sep_a,
            ),
            row(
                format!("B's face {edge_b}: A's deepest separation from it"),
                *sep_b,
            ),
            row(
                if *hysteresis {
                    "B's face wins above sep_a + 0.02·|sep_a| + 0.1·slop".to_string()
                } else {
                    "B's face wins above sep_a (hysteresis off)".to_string()
                },
                *threshold,
            ),
            note(if *swapped {
                format!(
                    "sep_b is {} the threshold: {}'s face won, but clipping against it kept no \
                     point within the margin, so {}'s face is the reference",
                    if *b_above_threshold {
                        "above"
                    } else {
                        "not above"
                    },
                    if *b_above_threshold { "B" } else { "A" },
                    if *flip { "B" } else { "A" }
                )
            } else {
                format!(
                    "sep_b is {} the threshold: {}'s face is the reference",
                    if *b_above_threshold {
                        "above"
                    } else {
                        "not above"
                    },
                    if *flip { "B" } else { "A" }
                )
            }),
        ],
        ManifoldStep::IncidentFace(face) => vec![note(format!(
            "incident face: {} edge {}, normal {}",
            if face.on_b { "B" } else { "A" },
            face.edge,
            vec(face.normal)
        ))],
        ManifoldStep::ClipSide {
            side,
            plane_point,
            plane_normal,
            input,
            distances,
            output,
        } => {
            let world = pair.to_world();
            let mut out = vec![note(format!(
                "side plane {side} through {}, normal {} (positive: cut away)",
                vec(world.point(*plane_point)),
                vec(*plane_normal)
            ))];
            for (k, (v, d)) in input.iter().zip(distances).enumerate() {
                out.push(row(
                    format!(
                        "point {k} {}: its distance from the plane, normal · point − normal · plane point",
                        vec(world.point(v.point))
                    ),
                    *d,
                ));
            }
            out.push(note(format!(
                "{} of {} points left",
                output.len(),
                input.len()
            )));
            out
        }
        ManifoldStep::Keep { candidates, margin } => {
            let world = pair.to_world();
            let mut out = Vec::new();
            for (k, c) in candidates.iter().enumerate() {
                out.push(row(
                    format!(
                        "p{k}: incident point {}, its separation from the reference face ({} the margin {})",
                        vec(world.point(c.point)),
                        if c.kept {
                            "kept: at most"
                        } else {
                            "dropped: above"
                        },
                        num(*margin)
                    ),
                    c.separation,
                ));
                // Only a kept point is a contact point; a dropped one gets no midpoint.
                if c.kept {
                    out.push(note(format!(
                        "p{k}: contact point (midway between the surfaces) {}",
                        vec(world.point(c.position))
                    )));
                }
            }
            out
        }
        ManifoldStep::Corner { separation, .. }
        | ManifoldStep::Circles { separation, .. }
        | ManifoldStep::CircleCore { separation, .. } => {
            vec![row("separation of the surfaces".into(), *separation)]
        }
        ManifoldStep::Apart { separation, margin } => vec![row(
            format!("apart by at least (more than the margin {})", num(*margin)),
            *separation,
        )],
        ManifoldStep::Chain(c) => chain_rows(c),
        ManifoldStep::Done(_) => Vec::new(),
    }
}

/// A chain segment's rule: the numbers it compared.
fn chain_rows(step: &crate::geom::chain::ChainStep) -> Vec<Row> {
    use crate::app::words::{class_name, outcome_words, source_words};
    use crate::geom::chain::ChainStep;
    match step {
        ChainStep::Side {
            own, neighbours, ..
        } => {
            let mut out = vec![row("B's centre from the segment's line".into(), *own)];
            for (s, at) in neighbours.iter().zip(["start", "end"]) {
                if let Some(s) = s {
                    out.push(row(
                        format!("B's centre from the convex neighbour's line at the {at}"),
                        *s,
                    ));
                }
            }
            out
        }
        ChainStep::Distance {
            separation, margin, ..
        } => vec![row(
            format!(
                "the surfaces' separation (no contact above the margin {})",
                num(*margin)
            ),
            *separation,
        )],
        ChainStep::Candidate(c) => vec![row(
            format!(
                "{}: {}, separation along it",
                source_words(c.source),
                class_name(c.verdict.class)
            ),
            c.separation,
        )],
        ChainStep::Winner { outcome, .. } => vec![note(outcome_words(*outcome))],
        ChainStep::Seam { .. } => vec![note("a point clipped at a flat joint: dropped".into())],
        ChainStep::Deeper {
            separation, gap, ..
        } => vec![
            row("the clipped point's separation".into(), *separation),
            row("the cores' gap: no contact is deeper".into(), *gap),
        ],
    }
}

/// The arithmetic of the step shown, folded away until asked for.
pub fn panel(ui: &mut egui::Ui, rows: Vec<Row>) {
    egui::CollapsingHeader::new("The arithmetic")
        .id_salt("arithmetic")
        .show(ui, |ui| {
            for r in rows {
                ui.label(RichText::new(r.text).monospace().size(12.5));
            }
            ui.label(
                RichText::new(
                    "World coordinates; simplex and polytope points are points of B − A.",
                )
                .small()
                .color(crate::app::draw::colors::dim()),
            );
        });
}
