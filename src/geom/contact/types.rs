//! The types every contact algorithm shares: manifolds, points, feature ids, options and the
//! steps of the manifold trace. It imports only the chain's own leaf of plain data (a chain
//! segment's steps ride in the manifold trace), so every algorithm file can use it without a
//! cycle.

use crate::geom::chain::types::ChainStep;
use glam::Vec2;

/// How a contact point was made; part of its [`FeatureId`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureKind {
    /// Clipping: a reference face and a point of the incident face.
    Clip,
    /// Two rounded corners whose cores are apart: one point on the corner line.
    Corner,
    /// Two circles.
    CircleCircle,
    /// A circle against a face of the other core.
    CircleFace,
    /// A circle against a vertex of the other core.
    CircleVertex,
}

/// Which feature of the incident shape a point came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IncidentFeature {
    /// An original vertex of the incident core.
    Vertex(u8),
    /// Made by clipping the incident face against side plane 0 or 1 of the reference face.
    SidePlane(u8),
}

/// Names a contact point by the features that made it, so the same contact keeps the same id
/// from frame to frame while the same features touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FeatureId {
    /// How the point was made.
    pub kind: FeatureKind,
    /// The reference feature: an edge (clip, circle–face) or a vertex (corner, circle–vertex)
    /// of the reference shape.
    pub reference: u8,
    /// The incident feature.
    pub incident: IncidentFeature,
    /// True when B holds the reference feature.
    pub flip: bool,
}

impl FeatureId {
    /// Packs the id into one number: `kind << 24 | reference << 16 | incident << 8 | flip`,
    /// where an incident side-plane point is `64 + side`.
    pub fn pack(&self) -> u32 {
        let kind = match self.kind {
            FeatureKind::Clip => 0,
            FeatureKind::Corner => 1,
            FeatureKind::CircleCircle => 2,
            FeatureKind::CircleFace => 3,
            FeatureKind::CircleVertex => 4,
        };
        let incident = match self.incident {
            IncidentFeature::Vertex(v) => v as u32,
            IncidentFeature::SidePlane(s) => 64 + s as u32,
        };
        (kind << 24) | ((self.reference as u32) << 16) | (incident << 8) | self.flip as u32
    }

    /// The inverse of [`FeatureId::pack`]; `None` for a number no id packs to.
    pub fn unpack(id: u32) -> Option<FeatureId> {
        let kind = match id >> 24 {
            0 => FeatureKind::Clip,
            1 => FeatureKind::Corner,
            2 => FeatureKind::CircleCircle,
            3 => FeatureKind::CircleFace,
            4 => FeatureKind::CircleVertex,
            _ => return None,
        };
        let incident = match (id >> 8) & 0xff {
            v @ 0..64 => IncidentFeature::Vertex(v as u8),
            s @ 64..66 => IncidentFeature::SidePlane((s - 64) as u8),
            _ => return None,
        };
        if id & 0xfe != 0 {
            return None;
        }
        Some(FeatureId {
            kind,
            reference: ((id >> 16) & 0xff) as u8,
            incident,
            flip: id & 1 == 1,
        })
    }

    /// The vertex pair `[A's, B's]` of a point that one vertex (or face) of each core made,
    /// read from the id alone: the reference feature (a vertex, or a face's first vertex) and
    /// the incident vertex, put in A-then-B order (B's first when `flip`). A circle is vertex 0.
    /// A clipped point's pair needs the incident face too ([`clip_vertex_pair`]); this is for
    /// the other kinds.
    pub fn vertex_pair(&self) -> [u8; 2] {
        let incident = match self.incident {
            IncidentFeature::Vertex(v) => v,
            IncidentFeature::SidePlane(s) => s,
        };
        if self.flip {
            [incident, self.reference]
        } else {
            [self.reference, incident]
        }
    }
}

/// The vertex pair `[A's, B's]` of a clipped point (B's face the reference when `flip`): the
/// reference face's end on the point's side and the incident face's end on the same side, as
/// Box2D v3 names its points (`B2_MAKE_ID`). The incident face runs the other way along the
/// reference face, so its second vertex lies at the reference face's first end (side 0) and its
/// first vertex at the second end (side 1). An incident vertex that survived clipping names its
/// side; a point made by side plane `s` names the reference end it was clipped at (`s`) and the
/// incident end cut away beyond it. Either face may be the reference: the same two faces give
/// the same pairs, so the pair does not change when the reference flips, nor when an incident
/// vertex and a side-plane point trade places.
pub fn clip_vertex_pair(
    reference: &Face,
    incident: &Face,
    feature: IncidentFeature,
    flip: bool,
) -> [u8; 2] {
    let side = match feature {
        IncidentFeature::Vertex(v) => u8::from(v as usize == incident.edge),
        IncidentFeature::SidePlane(s) => s,
    };
    side_vertex_pair(reference, incident, side, flip)
}

/// The vertex pair of a point on `side` (0: the reference face's first end and the incident
/// face's second; 1: the other two), in A's and B's order ([`clip_vertex_pair`]).
pub fn side_vertex_pair(reference: &Face, incident: &Face, side: u8, flip: bool) -> [u8; 2] {
    let (r, i) = if side == 0 {
        (reference.edge, incident.next)
    } else {
        (reference.next, incident.edge)
    };
    if flip {
        [i as u8, r as u8]
    } else {
        [r as u8, i as u8]
    }
}

/// A contact point's full id, as the solver's cache, the report and the app carry it: the
/// single-pair [`FeatureId`], packed ([`FeatureId::pack`]), in the low 32 bits, and above it
/// the part pair that made the point: `(part_a << 40) | (part_b << 32) | feature`. A body of
/// one shape is part 0; a compound's parts are numbered in its scene order; a chain's segment
/// index is A's part. Without the part bits two part pairs touching with the same features
/// (a star's two spikes on one floor edge) would share an id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContactId(pub u64);

impl ContactId {
    /// The id of a point made by part `part_a` of A and part `part_b` of B (each below 256:
    /// a compound has at most 16 parts, a chain 64 segments), whose single-pair id packs to
    /// `feature`.
    pub fn new(part_a: usize, part_b: usize, feature: u32) -> ContactId {
        debug_assert!(part_a < 256 && part_b < 256);
        ContactId(((part_a as u64) << 40) | ((part_b as u64) << 32) | feature as u64)
    }

    /// The part pair, `[part of A, part of B]` (both 0 for two single shapes).
    pub fn parts(self) -> [usize; 2] {
        [(self.0 >> 40) as usize, ((self.0 >> 32) & 0xff) as usize]
    }

    /// The packed single-pair id: the low 32 bits.
    pub fn feature_bits(self) -> u32 {
        self.0 as u32
    }

    /// The single-pair id's fields ([`FeatureId::unpack`]); `None` for bits no id packs to.
    pub fn feature(self) -> Option<FeatureId> {
        FeatureId::unpack(self.feature_bits())
    }
}

/// One contact point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldPoint {
    /// Midway between the two surfaces along the normal (world coordinates in a [`Manifold`],
    /// pair frame in a trace).
    pub position: Vec2,
    /// Signed distance of the surfaces at this point along the normal (negative: penetrating).
    pub separation: f32,
    /// The features that made it.
    pub id: FeatureId,
    /// The vertex pair that made it, `[vertex of A's core, vertex of B's core]` (a circle's is
    /// 0; a chain's is the vertex of the segment, 0 or 1): the same whichever face is the
    /// reference ([`clip_vertex_pair`]; Box2D v3's point ids).
    pub vertices: [u8; 2],
}

impl ManifoldPoint {
    /// A point whose vertex pair its id names ([`FeatureId::vertex_pair`]: every kind but a
    /// clipped point).
    #[inline]
    pub fn of_id(position: Vec2, separation: f32, id: FeatureId) -> ManifoldPoint {
        ManifoldPoint {
            position,
            separation,
            id,
            vertices: id.vertex_pair(),
        }
    }

    /// Filler for unused slots (never returned).
    const NONE: ManifoldPoint = ManifoldPoint {
        position: Vec2::ZERO,
        separation: 0.0,
        id: FeatureId {
            kind: FeatureKind::Clip,
            reference: 0,
            incident: IncidentFeature::Vertex(0),
            flip: false,
        },
        vertices: [0, 0],
    };
}

/// The contact manifold of a pair: 0, 1 or 2 points and one normal. (A fast path that leaves a
/// pair to the readable algorithm says so with `None`, never with a manifold.)
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// Unit normal from A to B (the best direction found even when there are no points).
    pub normal: Vec2,
    points: [ManifoldPoint; 2],
    count: u8,
}

impl Manifold {
    /// A manifold with no points.
    pub fn empty(normal: Vec2) -> Manifold {
        Manifold {
            normal,
            points: [ManifoldPoint::NONE; 2],
            count: 0,
        }
    }

    /// A manifold of one point, built whole.
    #[inline]
    pub fn one(normal: Vec2, point: ManifoldPoint) -> Manifold {
        Manifold {
            normal,
            points: [point, ManifoldPoint::NONE],
            count: 1,
        }
    }

    /// Every number as bits (normal, then each point's position, separation and packed id):
    /// for the tests that compare two paths bit for bit.
    #[cfg(test)]
    pub(crate) fn bits(&self) -> Vec<u32> {
        let mut v = vec![self.normal.x.to_bits(), self.normal.y.to_bits()];
        for p in self.points() {
            v.extend([
                p.position.x.to_bits(),
                p.position.y.to_bits(),
                p.separation.to_bits(),
                p.id.pack(),
                u32::from_le_bytes([p.vertices[0], p.vertices[1], 0, 0]),
            ]);
        }
        v
    }

    /// Adds a point (at most two are kept).
    #[inline]
    pub fn push(&mut self, p: ManifoldPoint) {
        // Constant indices, not `points[count]` (the fast paths measured it: PERFORMANCE.md).
        match self.count {
            0 => self.points[0] = p,
            1 => self.points[1] = p,
            _ => return,
        }
        self.count += 1;
    }

    /// The points.
    pub fn points(&self) -> impl Iterator<Item = &ManifoldPoint> {
        self.points[..self.count as usize].iter()
    }

    /// How many points.
    pub fn len(&self) -> usize {
        self.count as usize
    }

    /// True when there are no points.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The smallest point separation (the deepest point), if any.
    pub fn min_separation(&self) -> Option<f32> {
        self.points().map(|p| p.separation).reduce(f32::min)
    }

    /// Moves every point by `by` (from the pair frame to world coordinates).
    #[inline]
    pub(crate) fn shift(&mut self, by: Vec2) {
        if self.count > 0 {
            self.points[0].position += by;
        }
        if self.count > 1 {
            self.points[1].position += by;
        }
    }
}

/// Options for [`collide`](crate::geom::collide).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldOptions {
    /// Keep points with `separation <= speculative_margin` (0: only touching or penetrating).
    pub speculative_margin: f32,
    /// Reference-face hysteresis (on by default): B's face becomes the reference only when
    /// clearly better, so near-ties do not flip roles and churn the feature ids.
    pub hysteresis: bool,
    /// A true hysteresis's memory (the lab's `Sticky` rule): `Some(true)` when B's face was this
    /// part pair's reference last step, `Some(false)` when A's was. The remembered body's face
    /// stays the reference unless the other's is better by the hysteresis bias; `None` (the
    /// default): no memory, `hysteresis` decides.
    pub sticky: Option<bool>,
}

impl ManifoldOptions {
    /// The options as the algorithms take them: a margin that is not finite counts as 0, a
    /// negative one as 0.
    #[inline]
    pub(crate) fn sanitized(&self) -> ManifoldOptions {
        // One comparison each way: NaN, infinities, negatives and zeros all give 0.
        let m = self.speculative_margin;
        let margin = if m > 0.0 && m <= f32::MAX { m } else { 0.0 };
        ManifoldOptions {
            speculative_margin: margin,
            ..*self
        }
    }
}

impl Default for ManifoldOptions {
    fn default() -> Self {
        ManifoldOptions {
            speculative_margin: 0.0,
            hysteresis: true,
            sticky: None,
        }
    }
}

/// Which circle-vs-core region decided the normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CircleRegion {
    /// The centre projects onto the inside of this face (or is inside the core).
    Face(usize),
    /// The centre is beyond this vertex.
    Vertex(usize),
}

/// One step of the manifold trace (pair frame unless said otherwise).
#[derive(Clone, Debug, PartialEq)]
pub enum ManifoldStep {
    /// Each core's face of greatest separation, and which one became the reference.
    ReferenceFace {
        /// Greatest separation of B's core from a face of A's core.
        sep_a: f32,
        /// That face of A.
        edge_a: usize,
        /// Greatest separation of A's core from a face of B's core.
        sep_b: f32,
        /// That face of B.
        edge_b: usize,
        /// The value `sep_b` had to exceed for B's face to win.
        threshold: f32,
        /// Whether the hysteresis bias was applied.
        hysteresis: bool,
        /// The comparison's verdict, `sep_b > threshold` as the algorithm evaluated it: true
        /// when B's face won it. The reference is that face unless `swapped`.
        b_above_threshold: bool,
        /// True when B's face is the reference (the final choice: `b_above_threshold`, or its
        /// opposite when `swapped`).
        flip: bool,
        /// True when the face the comparison chose clipped the incident face to nothing within
        /// the margin, so the other body's best face became the reference instead.
        swapped: bool,
        /// The chosen reference face (the final choice, `flip`'s body's), pair frame.
        reference: Face,
        /// How far in front of the reference core face a point still counts: the speculative
        /// margin as the algorithm used it (clamped to ≥ 0) plus both radii.
        band: f32,
    },
    /// The incident face: the other core's face most anti-parallel to the reference normal.
    IncidentFace(Face),
    /// The incident face clipped against one side plane of the reference face.
    ClipSide {
        /// 0: the plane through the reference face's first vertex; 1: through its second.
        side: u8,
        /// A point on the plane.
        plane_point: Vec2,
        /// Unit normal of the plane, pointing to the side that is cut away.
        plane_normal: Vec2,
        /// The segment before clipping.
        input: Vec<ClipVertex>,
        /// Each input point's signed distance from the plane, `plane_normal · point − offset`
        /// with `offset = plane_normal · plane_point`, exactly as the clipper computed it
        /// (positive: beyond the plane, cut away; `<= 0` kept).
        distances: Vec<f32>,
        /// What is left (fewer than two: no contact).
        output: Vec<ClipVertex>,
    },
    /// Each clipped point's separation from the reference face and whether it is kept.
    Keep {
        /// The clipped points, their separations, kept or dropped.
        candidates: Vec<Candidate>,
        /// The speculative margin they were tested against.
        margin: f32,
    },
    /// Rounded cores apart with two corners closest: one point on the line between them.
    Corner {
        /// The reference core's corner.
        reference: Vec2,
        /// The incident core's corner.
        incident: Vec2,
        /// Unit normal from the reference corner to the incident one.
        normal: Vec2,
        /// Separation of the rounded surfaces.
        separation: f32,
    },
    /// Circle against circle.
    Circles {
        /// Centre of A.
        centre_a: Vec2,
        /// Centre of B.
        centre_b: Vec2,
        /// Separation of the surfaces.
        separation: f32,
    },
    /// Circle against another core.
    CircleCore {
        /// The circle's centre.
        centre: Vec2,
        /// The face of greatest separation of the centre.
        face: Face,
        /// The centre's separation from that face.
        face_separation: f32,
        /// Which region decided the normal.
        region: CircleRegion,
        /// The core's point the normal starts from: the vertex in a vertex region, the centre
        /// projected onto the face in a face region.
        core_point: Vec2,
        /// Separation of the surfaces.
        separation: f32,
    },
    /// No contact: the surfaces are further apart than the speculative margin.
    Apart {
        /// How far apart (at least).
        separation: f32,
        /// The margin.
        margin: f32,
    },
    /// A chain segment's rule: which side, how far, each candidate normal, the winner, a seam
    /// (see [`crate::geom::chain`]). Its clip follows as the steps above.
    Chain(ChainStep),
    /// The final manifold, in world coordinates (equal to the output).
    Done(Manifold),
}

/// A clipped point tested against the reference face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The clipped point on the incident core.
    pub point: Vec2,
    /// Its contact point (midway between the surfaces).
    pub position: Vec2,
    /// Separation of the surfaces at this point.
    pub separation: f32,
    /// Kept (`separation <= margin`) or dropped.
    pub kept: bool,
    /// Its feature id.
    pub id: FeatureId,
    /// Its vertex pair, `[A's, B's]` ([`clip_vertex_pair`]).
    pub vertices: [u8; 2],
}

impl Candidate {
    /// The contact point this candidate becomes when kept.
    #[inline]
    pub fn point(&self) -> ManifoldPoint {
        ManifoldPoint {
            position: self.position,
            separation: self.separation,
            id: self.id,
            vertices: self.vertices,
        }
    }
}

/// An edge of a core (pair frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    /// True when the face belongs to B.
    pub on_b: bool,
    /// Edge index: from vertex `edge` to vertex `next` (`edge + 1`, wrapping).
    pub edge: usize,
    /// The index of its second vertex (`edge + 1`, wrapping to 0; a segment's face 1 runs from
    /// vertex 1 to vertex 0).
    pub next: usize,
    /// First vertex.
    pub v1: Vec2,
    /// Second vertex.
    pub v2: Vec2,
    /// Outward unit normal.
    pub normal: Vec2,
}

/// A point of the incident face during clipping, with the feature that made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipVertex {
    /// The point (pair frame).
    pub point: Vec2,
    /// An incident vertex, or a point made by a side plane.
    pub feature: IncidentFeature,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_id_parts_and_feature_round_trip() {
        let feature = FeatureId {
            kind: FeatureKind::Clip,
            reference: 2,
            incident: IncidentFeature::SidePlane(1),
            flip: true,
        };
        for [a, b] in [[0, 0], [1, 3], [15, 15], [63, 0], [255, 255]] {
            let id = ContactId::new(a, b, feature.pack());
            assert_eq!(id.parts(), [a, b]);
            assert_eq!(id.feature_bits(), feature.pack());
            assert_eq!(id.feature(), Some(feature));
        }
        // The layout DESIGN.md gives: part A above bit 40, part B above bit 32.
        assert_eq!(ContactId::new(1, 3, 7).0, (1 << 40) | (3 << 32) | 7);
        assert_eq!(ContactId((2 << 32) | 0x0002_0200).parts(), [0, 2]);
        // A single pair's id is its packed feature id.
        assert_eq!(
            ContactId::new(0, 0, feature.pack()).0,
            feature.pack() as u64
        );
    }

    #[test]
    fn feature_id_unpack_rejects_bits_no_id_packs_to() {
        assert_eq!(ContactId(5 << 24).feature(), None);
        assert_eq!(ContactId(66 << 8).feature(), None);
        assert_eq!(ContactId(2).feature(), None);
    }
}
