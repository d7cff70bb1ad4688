//! The untraced call's fast paths: the readable algorithms' answers, bit for bit, with less
//! work. [`collide`](super::collide) and [`collide_in`](super::collide_in) try them first when
//! nothing is traced; the traced call never does. Every speed trick of the manifold lives here,
//! beside the readable code it stands for, and is tested against it on random poses (below):
//!
//! - `mod.rs` (this file): the dispatch, by the two vertex counts, to one function per pair
//!   family: circles against circles and against cores of 2 to 4 vertices; two segments; two
//!   centred cores of 2 or 4 vertices (capsules, boxes and rounded boxes, in any mix,
//!   `pair_manifold`); any two cores of 2 to 4 vertices (a compound's triangles and
//!   quadrilaterals, `small_pair`); and larger polygons (`large_pair`);
//! - `faces.rs`: the face searches of steps 1 and 3, unrolled or walking;
//! - `steps.rs`: steps 2 to 6 untraced, clipping in registers, the rare cases out of line.
//!
//! A box or a capsule against a box takes `pair_manifold`:
//!
//! 1. Each core's face of greatest separation, unrolled for the two vertex counts
//!    ([`faces::max_separation_centred`]): the arithmetic of the readable search.
//! 2. The reference face, with hysteresis, as the readable steps choose it.
//! 3. The incident face, unrolled ([`faces::incident_edge_symmetric`]).
//! 4. Cores apart with two corners closest: the readable `corner` (the closest points of the
//!    two faces, by the segment–segment closed form, and the corners' normal cones).
//! 5. The incident face clipped against the reference face's side planes, in registers
//!    ([`steps::clip_faces`]).
//! 6. The clipped points within the margin are the manifold. When none is (or clipping left
//!    nothing), the readable path takes over (the other body's face as the reference, the
//!    deepest vertex in the slab, or GJK): rare, and each step of it is there.

pub mod faces;
pub mod steps;

use super::circle_circle::circles;
use super::circle_polygon::{circle_faces, circle_polygon};
use super::polygons::corners::{corner, corner_manifold};
use super::polygons::faces::{FaceChoice, face_of, radii};
use super::types::{Manifold, ManifoldOptions};
use crate::geom::frame::PairFrame;
use crate::geom::math::next_index;
use crate::geom::shape::Placed;
use crate::geom::trace::NoTrace;
use steps::{clip_faces, general_from, rare_clip_and_keep, rare_corner_of_edges, segments};

/// The manifold of a pair, untraced, in world coordinates (as `collide` returns it): the
/// readable algorithms' answer, by the fast path for the pair's family.
///
/// Only a dispatch, by one call through a table of the vertex counts: every family is a
/// function of its own, so that none pays for another's registers on its way in and out, and
/// each writes its manifold, shifted to the world, where the caller keeps it.
#[inline(always)]
pub fn collide_fast(pair: &PairFrame, options: &ManifoldOptions) -> Manifold {
    // Sanitized by the caller (`collide`, `collide_in`): a margin that is finite and ≥ 0.
    debug_assert!(*options == options.sanitized());
    let (na, nb) = (pair.a.count(), pair.b.count());
    if na > SMALL || nb > SMALL {
        return if na == 1 || nb == 1 {
            circle_large(pair, *options)
        } else {
            large_pair(pair, *options)
        };
    }
    FAST_PATHS[na][nb](pair, *options)
}

/// The most vertices a core has for the table of fast paths.
const SMALL: usize = 4;

/// A fast path: the manifold of a pair of cores of given counts, in world coordinates.
type FastPath = fn(&PairFrame, ManifoldOptions) -> Manifold;

/// The fast path for each pair of counts, `FAST_PATHS[count of A][count of B]`.
const FAST_PATHS: [[FastPath; SMALL + 1]; SMALL + 1] = [
    [no_core; SMALL + 1],
    [
        no_core,
        circle_circle,
        circle_pair::<2, false>,
        circle_pair::<3, false>,
        circle_pair::<4, false>,
    ],
    [
        no_core,
        circle_pair::<2, true>,
        segment_pair,
        small_pair::<2, 3>,
        centred_or_small::<2, 4>,
    ],
    [
        no_core,
        circle_pair::<3, true>,
        small_pair::<3, 2>,
        small_pair::<3, 3>,
        small_pair::<3, 4>,
    ],
    [
        no_core,
        circle_pair::<4, true>,
        centred_or_small::<4, 2>,
        small_pair::<4, 3>,
        centred_or_small::<4, 4>,
    ],
];

/// A core of no vertex: none exists (every `Shape` has at least one).
fn no_core(_: &PairFrame, _: ManifoldOptions) -> Manifold {
    unreachable!("every shape has at least one core vertex")
}

/// Two circles: the readable closed form, untraced, in world coordinates.
fn circle_circle(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let margin = options.speculative_margin;
    shifted(pair, circles(&pair.a, &pair.b, margin, &mut NoTrace))
}

/// Cores of `NA` and `NB` vertices, counts that a box or a capsule has: [`pair_manifold`] when
/// both are centred (boxes, capsules, rhombi), else [`small_pair`].
fn centred_or_small<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let centred = |p: &Placed| p.shape.centred() && p.shape.symmetric();
    if centred(&pair.a) && centred(&pair.b) {
        pair_manifold::<NA, NB>(pair, options)
    } else {
        small_pair::<NA, NB>(pair, options)
    }
}

/// `m` shifted from the pair frame to the world.
#[inline(always)]
fn shifted(pair: &PairFrame, mut m: Manifold) -> Manifold {
    m.shift(pair.origin);
    m
}

/// A circle against a core of `N` vertices (B the circle when `CORE_IS_A`), in world
/// coordinates: [`circle_n`]. One function for each count and order.
fn circle_pair<const N: usize, const CORE_IS_A: bool>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let (core, circle) = if CORE_IS_A {
        (&pair.a, &pair.b)
    } else {
        (&pair.b, &pair.a)
    };
    let margin = options.speculative_margin;
    shifted(pair, circle_n::<N>(core, circle, CORE_IS_A, margin))
}

/// A circle against a core of more than 4 vertices: the readable closed form, untraced, in
/// world coordinates.
#[inline(never)]
fn circle_large(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let margin = options.speculative_margin;
    let m = if pair.a.count() == 1 {
        circle_polygon(&pair.b, &pair.a, false, margin, &mut NoTrace)
    } else {
        circle_polygon(&pair.a, &pair.b, true, margin, &mut NoTrace)
    };
    shifted(pair, m)
}

/// The manifold of two centred cores, A of `NA` vertices and B of `NB`, in world coordinates.
/// Out of line: one function for each pair of counts keeps its numbers in registers. It shifts
/// the manifold to the world before writing it out, so that nobody reads back, whole, what was
/// just written piecewise (a load spanning several recent stores waits for them:
/// PERFORMANCE.md, step 6).
#[inline(never)]
fn pair_manifold<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    shifted(
        pair,
        pair_frame_manifold::<NA, NB>(&pair.a, &pair.b, &options),
    )
}

/// Two segment cores: the readable segment route ([`steps::segments`]), untraced, in world
/// coordinates.
#[inline(never)]
fn segment_pair(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    shifted(pair, segments(&pair.a, &pair.b, &options))
}

/// Two cores of 2 to 4 vertices, `NA` and `NB` (triangles, quadrilaterals, and segments or
/// boxes against them: a compound's parts): the readable steps untraced ([`general_from`]),
/// step 1 unrolled for the counts ([`faces::max_separation_counts`], the routes
/// [`faces::max_separation`] takes for them), in world coordinates. Out of line, one function
/// for each pair of counts.
#[inline(never)]
fn small_pair<const NA: usize, const NB: usize>(
    pair: &PairFrame,
    options: ManifoldOptions,
) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let found = [
        faces::max_separation_counts::<NA, NB>(a, b),
        faces::max_separation_counts::<NB, NA>(b, a),
    ];
    shifted(pair, general_from(a, b, &options, found))
}

/// Two polygon-like cores, at least one of more than 4 vertices: the readable steps untraced
/// ([`general_from`]), step 1 by [`faces::max_separation`], in world coordinates. Out of line,
/// as the other families.
#[inline(never)]
fn large_pair(pair: &PairFrame, options: ManifoldOptions) -> Manifold {
    let (a, b) = (&pair.a, &pair.b);
    let found = [faces::max_separation(a, b), faces::max_separation(b, a)];
    shifted(pair, general_from(a, b, &options, found))
}

/// [`pair_manifold`] in the pair frame.
#[inline(always)]
fn pair_frame_manifold<const NA: usize, const NB: usize>(
    a: &Placed,
    b: &Placed,
    options: &ManifoldOptions,
) -> Manifold {
    let margin = options.speculative_margin;
    let radius = a.radius() + b.radius();

    // 1. Each core's face of greatest separation.
    let found = [
        faces::max_separation_centred::<NA, NB>(a, b),
        faces::max_separation_centred::<NB, NA>(b, a),
    ];

    // 2. The reference face, with hysteresis.
    let choice = steps::face_choice(a, b, found, options);
    let FaceChoice {
        faces: [(_, edge_a), (_, edge_b)],
        separation,
        preferred,
        ..
    } = choice;
    if separation - radius > margin {
        return Manifold::empty(if preferred {
            -b.normal(edge_b)
        } else {
            a.normal(edge_a)
        });
    }

    // 3. The reference face and the incident face.
    let (flip, ref_shape, inc_shape, ref_edge, inc_edge) = if preferred {
        let inc = faces::incident_edge_symmetric::<NA>(a, b.normal(edge_b));
        (true, b, a, edge_b, inc)
    } else {
        let inc = faces::incident_edge_symmetric::<NB>(b, a.normal(edge_a));
        (false, a, b, edge_a, inc)
    };
    let reference = face_of(ref_shape, ref_edge, flip);
    let incident = face_of(inc_shape, inc_edge, !flip);

    // 4. Two corners closest.
    //    A capsule's core is apart from the other's often (within its radius): `corner` inline
    //    there. Two boxes' cores are apart rarely: `corner` out of line, so that the faces stay
    //    in registers (measured: box–box resting 796 → 755 instructions out of line; capsule–box
    //    847 → 913 had it been out of line there too).
    if separation > 0.0 {
        let found = if NA == 2 || NB == 2 {
            corner(a, b, flip, &reference, &incident)
        } else {
            rare_corner_of_edges(a, b, flip, ref_edge, inc_edge)
        };
        if let Some(c) = found {
            return corner_manifold(a, b, flip, &c, margin);
        }
    }

    // 5–6. Clip the incident face and keep the points within the margin, in registers; when
    //    none is kept, the readable steps decide.
    let inc_next = next_index(inc_edge, inc_shape.count());
    let m = clip_faces(
        &reference,
        &incident,
        inc_next,
        flip,
        radii(a, b, flip),
        margin,
    );
    if m.is_empty() {
        return rare_clip_and_keep(a, b, *options, found[0], found[1]);
    }
    m
}

/// The manifold of a circle against a core of `N` vertices (a capsule, a triangle, a box, any
/// quadrilateral), pair frame: the readable
/// [`circle_polygon`](super::circle_polygon::circle_polygon)'s body ([`circle_faces`]) with
/// the face count known at compile time, untraced.
#[inline(always)]
fn circle_n<const N: usize>(
    core: &Placed,
    circle: &Placed,
    core_is_a: bool,
    margin: f32,
) -> Manifold {
    debug_assert!(core.count() == N);
    let shape = core.shape;
    let faces = (&shape.normal_array()[..N], &shape.offset_array()[..N]);
    circle_faces(core, circle, core_is_a, margin, faces, &mut NoTrace)
}

#[cfg(test)]
mod tests;
