//! Numbers and words as the student reads them: plain numbers (no exponent notation, no
//! negative zero, the same decimals for the same kind of value) and counted nouns.

thread_local! {
    /// How numbers are shown (the exact-value toggle, `X`, and its hex choice): set once a frame
    /// from the shell's setting, read by [`num`] (as the colours are read from the look in force).
    static STYLE: std::cell::Cell<(bool, bool)> = const { std::cell::Cell::new((false, false)) };
}

/// Shows every number of the frames to come exactly ([`exact`]) or to four decimals.
pub fn set_exact(on: bool) {
    STYLE.with(|s| s.set((on, s.get().1)));
}

/// Shows the exact numbers of the frames to come as hex floats ([`hex`]) instead of decimals.
pub fn set_hex(on: bool) {
    STYLE.with(|s| s.set((s.get().0, on)));
}

/// Whether numbers are shown exactly (see [`set_exact`]).
pub fn is_exact() -> bool {
    STYLE.with(|s| s.get().0)
}

/// An `f32` exactly: its shortest decimal that reads back as the same `f32` (Rust's `{}`),
/// never exponent notation, no negative zero (`0.1` is `0.1`, `0.30000001` is itself).
pub fn exact(v: f32) -> String {
    format!("{}", v + 0.0)
}

/// A finite `f32` as a hex float, bit for bit (`0.75` is `0x1.8p-1`, `-8` is `-0x1p+3`, a
/// subnormal `0x0.…p-126`), as C's `%a` and the engine-pair form write it. No negative zero.
pub fn hex(v: f32) -> String {
    if v == 0.0 {
        return "0x0p+0".to_string();
    }
    let bits = v.to_bits();
    let sign = if bits >> 31 == 1 { "-" } else { "" };
    let biased = ((bits >> 23) & 0xff) as i32;
    let (lead, e) = if biased == 0 {
        (0, -126)
    } else {
        (1, biased - 127)
    };
    // 23 bits of fraction, shifted to 24: six hex digits.
    let digits = format!("{:06x}", (bits & 0x7f_ffff) << 1);
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        format!("{sign}0x{lead}p{e:+}")
    } else {
        format!("{sign}0x{lead}.{digits}p{e:+}")
    }
}

/// A number with its decimals chosen by its size: four whenever four show two significant
/// digits (from `0.00095`, printed `0.0010`, up), and for smaller values as many as show its
/// first two (`0.0000013`). Never exponent notation and never a negative zero. The one format of
/// the app: panels, status bar, fields and step texts. With the exact-value toggle on
/// ([`set_exact`]), a finite value in full: [`exact`], or [`hex`] ([`set_hex`]).
pub fn num(v: f32) -> String {
    let (exactly, in_hex) = STYLE.with(std::cell::Cell::get);
    if exactly && v.is_finite() {
        return if in_hex { hex(v) } else { exact(v) };
    }
    if v.is_nan() {
        return "not a number".to_string();
    }
    if v.is_infinite() {
        return if v > 0.0 {
            "infinite"
        } else {
            "minus infinite"
        }
        .to_string();
    }
    let a = v.abs();
    let decimals = if a == 0.0 || a >= 9.5e-4 {
        4
    } else {
        ((-a.log10()).ceil() as usize + 1).min(12)
    };
    let s = format!("{v:.decimals$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// [`num`] with a `+` in front of a positive value (zero has no sign).
pub fn signed(v: f32) -> String {
    let s = num(v);
    if s.starts_with('-') || s.chars().all(|c| c == '0' || c == '.') || !v.is_finite() {
        s
    } else {
        format!("+{s}")
    }
}

/// A short number for a picture's label: three decimals (`1.134`), no negative zero.
pub fn short(v: f32) -> String {
    let s = format!("{v:.3}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// A count with its noun: `1 point`, `2 points`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A part pair in words: `A part 0 × B part 2`, a body of one shape named alone (`A × B part
/// 2`); `counts` is how many parts each body has.
pub fn part_pair(parts: [usize; 2], counts: [usize; 2]) -> String {
    let one = |name: &str, i: usize| {
        if counts[i] > 1 {
            format!("{name} part {}", parts[i])
        } else {
            name.to_string()
        }
    };
    format!("{} × {}", one("A", 0), one("B", 1))
}

/// A point's vertex pair in words, A's first: "A vertex 2 · B vertex 0".
pub fn vertex_words([a, b]: [u8; 2]) -> String {
    format!("A vertex {a} · B vertex {b}")
}

/// A feature id as engine code reads it, in hex with the part bits apart: `0x00020200` for a
/// single pair, `0x2_00020200` when the parts (`part_a << 8 | part_b`, above the low 32 bits)
/// are not both 0 — so two ids that differ only in part bits are seen to.
pub fn id_hex(id: u64) -> String {
    let id = crate::geom::ContactId(id);
    let ([a, b], low) = (id.parts(), id.feature_bits());
    let parts = (a << 8) | b;
    if parts == 0 {
        format!("0x{low:08x}")
    } else {
        format!("0x{parts:x}_{low:08x}")
    }
}

/// For compound bodies, a sentence on the body pair as a whole, said after the text about the
/// part pair shown, so that "this part pair is apart" is never read as "the bodies are apart":
/// where the bodies touch, overlap or come closest, and by how much. `None` for single shapes.
pub fn whole_words(pair: &crate::app::pair::Traced) -> Option<String> {
    pair.pair.bodies.as_ref()?;
    let w = &pair.whole;
    let at = part_pair(w.selected, pair.part_counts());
    let shown = if w.selected == pair.shown_parts() {
        " (the pair shown)"
    } else {
        ""
    };
    let points = count(w.points().count(), "contact point", "contact points");
    Some(if w.overlap {
        format!(
            " The bodies as a whole overlap: deepest at {at}{shown}, separation {}, {points} over all part pairs.",
            signed(w.separation)
        )
    } else if w.separation == 0.0 {
        format!(" The bodies as a whole touch at {at}{shown}, {points} over all part pairs.")
    } else {
        format!(
            " The bodies as a whole are apart: closest at {at}{shown}, {} apart, {points} over all part pairs.",
            num(w.separation)
        )
    })
}

/// Where an axis comes from, for the table.
pub fn source_text(s: crate::geom::AxisSource, pair: &crate::app::pair::Traced) -> String {
    let kind = |i: usize| match pair.shapes()[i].kind() {
        crate::geom::ShapeKind::Circle => "circle",
        crate::geom::ShapeKind::Capsule => "capsule",
        crate::geom::ShapeKind::Polygon => "",
    };
    match s {
        crate::geom::AxisSource::FaceA(i) if kind(0) == "capsule" => format!("A capsule side {i}"),
        crate::geom::AxisSource::FaceB(j) if kind(1) == "capsule" => format!("B capsule side {j}"),
        crate::geom::AxisSource::FaceA(i) => format!("A edge {i}"),
        crate::geom::AxisSource::FaceB(j) => format!("B edge {j}"),
        crate::geom::AxisSource::Vertices { a, b }
            if {
                let f = pair.frame();
                f.a.vertex(a) == f.b.vertex(b)
            } =>
        {
            // The two points coincide: no line runs through them, and SAT falls back to
            // the line between the shapes' centres, or straight up.
            match (kind(0), kind(1)) {
                ("circle", "circle") => "no centre line: the centres coincide".to_string(),
                _ => format!("A vertex {a} on B vertex {b}: no line through them"),
            }
        }
        crate::geom::AxisSource::Vertices { a, b } => match (kind(0), kind(1)) {
            ("circle", "circle") => "centre line".to_string(),
            ("circle", _) => format!("A centre to B vertex {b}"),
            (_, "circle") => format!("A vertex {a} to B centre"),
            _ => format!("A vertex {a} to B vertex {b}"),
        },
    }
}

/// A chain joint's name.
pub fn joint_name(j: crate::geom::chain::Joint) -> &'static str {
    use crate::geom::chain::Joint;
    match j {
        Joint::Free => "free end",
        Joint::Convex => "convex",
        Joint::Flat => "flat",
        Joint::Concave => "concave",
    }
}

/// What a chain segment does with a normal, in one word.
pub fn class_name(c: crate::geom::chain::NormalClass) -> &'static str {
    use crate::geom::chain::NormalClass;
    match c {
        NormalClass::Admit => "admit",
        NormalClass::Skip => "skip",
        NormalClass::Snap => "snap",
        NormalClass::Behind => "behind",
    }
}

/// Why a chain segment classed a normal as it did, in a sentence.
pub fn reason_words(r: crate::geom::chain::Reason) -> &'static str {
    use crate::geom::chain::Reason;
    match r {
        Reason::FromBehind => {
            "the body's centre is behind the one-sided segment and behind every convex neighbour"
        }
        Reason::Face => "it is the segment's face normal",
        Reason::FreeEnd => "it leans towards a free end of the chain, a real corner",
        Reason::VertexCone => {
            "it lies in the normal cone of the convex vertex at that end, a real corner of the surface"
        }
        Reason::NextOwnsVertex => {
            "the vertex's own contact, at the vertex this segment ends at: the next segment makes it, so it is made once"
        }
        Reason::NeighbourFace => {
            "it is the neighbour's face normal, or leans beyond it: the neighbour's face holds the body"
        }
        Reason::FlatJoint => {
            "it leans towards a flat joint, where the surface has only the face normal: a ghost of the seam"
        }
        Reason::ConcaveJoint => {
            "it leans towards a concave joint, where no normal lies between the two faces'"
        }
        Reason::BackFace => "it points out of the segment's back",
        Reason::NeighbourIncident => {
            "B's face is the reference, but the neighbour lies flatter against it: the neighbour makes the contact"
        }
    }
}

/// A reason in a few words, for the canvas.
pub fn reason_short(r: crate::geom::chain::Reason) -> &'static str {
    use crate::geom::chain::Reason;
    match r {
        Reason::FromBehind => "from behind",
        Reason::Face => "face normal",
        Reason::FreeEnd => "free end",
        Reason::VertexCone => "vertex's cone",
        Reason::NextOwnsVertex => "next segment's vertex",
        Reason::NeighbourFace => "neighbour's face",
        Reason::FlatJoint => "flat joint",
        Reason::ConcaveJoint => "concave joint",
        Reason::BackFace => "back face",
        Reason::NeighbourIncident => "neighbour incident",
    }
}

/// Where a chain segment's candidate normal comes from.
pub fn source_words(s: crate::geom::chain::Source) -> String {
    use crate::geom::chain::{End, Source};
    let end = |e: End| if e == End::Start { "start" } else { "end" };
    match s {
        Source::Face => "the segment's face".to_string(),
        Source::Neighbour(e) => format!("the neighbour's face at its {}", end(e)),
        Source::FaceOfB(j) => format!("B's face {j}, reversed"),
        Source::Vertex(e) => format!("its {} vertex to B", end(e)),
    }
}

/// What a chain segment's winning normal makes.
pub fn outcome_words(o: crate::geom::chain::Outcome) -> String {
    use crate::geom::chain::{End, Outcome};
    match o {
        Outcome::Nothing => "no contact from this segment".to_string(),
        Outcome::SegmentFace => "B clipped to the segment's face".to_string(),
        Outcome::FaceOfB(j) => format!("the segment clipped to B's face {j}"),
        Outcome::Vertex(e) => format!(
            "one point from its {} vertex",
            if e == End::Start { "start" } else { "end" }
        ),
    }
}

/// The manifold mode's text for a step of a chain segment's rule.
pub fn chain_step_text(step: &crate::geom::chain::ChainStep) -> String {
    use crate::geom::chain::{ChainStep, End, Route};
    match step {
        ChainStep::Side {
            own,
            neighbours,
            behind,
            ..
        } => {
            let sides: Vec<String> = neighbours
                .iter()
                .zip(["start", "end"])
                .filter_map(|(s, at)| {
                    s.map(|s| format!("{} from the convex neighbour's line at the {at}", signed(s)))
                })
                .collect();
            format!(
                "Chain 1. Which side: B's centre is {} from the segment's line{}{}. {}",
                signed(*own),
                if sides.is_empty() { "" } else { ", " },
                sides.join(", "),
                if *behind {
                    "Behind all of them: the one-sided chain does not touch the body."
                } else {
                    "In front of at least one: the segment looks for a contact."
                }
            )
        }
        ChainStep::Distance {
            separation,
            margin,
            route,
            ..
        } => match route {
            None => format!(
                "Chain 2. The surfaces are {} apart, more than the margin {}: no contact.",
                num(*separation),
                num(*margin)
            ),
            Some(Route::Closest) => format!(
                "Chain 2. The cores are apart (surfaces {}): their closest features give the one normal to judge.",
                signed(*separation)
            ),
            Some(Route::Axes) => format!(
                "Chain 2. The cores meet (surfaces {}), or B's centre is behind the segment: every normal the surface can have here competes by separation.",
                signed(*separation)
            ),
        },
        ChainStep::Candidate(c) => format!(
            "Chain 3. Candidate: {}, normal ({}, {}), separation {}: {} — {}.",
            source_words(c.source),
            signed(c.verdict.normal.x),
            signed(c.verdict.normal.y),
            signed(c.separation),
            class_name(c.verdict.class),
            reason_words(c.verdict.reason)
        ),
        ChainStep::Winner { winner, outcome } => match winner {
            Some(c) => format!(
                "Chain 4. Winner: {} (separation {}): {}.",
                source_words(c.source),
                signed(c.separation),
                outcome_words(*outcome)
            ),
            None => format!("Chain 4. {}.", outcome_words(*outcome)),
        },
        ChainStep::Deeper {
            separation, gap, ..
        } => format!(
            "Chain 5. A clipped point at {} is dropped: the cores are {} apart, so it is the body's core behind the segment's line beyond the segment's end, not a contact.",
            signed(*separation),
            num(*gap)
        ),
        ChainStep::Seam { end, .. } => format!(
            "Chain 5. A point clipped at the segment's {} is dropped: the joint there is flat, a cut between two pieces of one straight surface.",
            if *end == End::Start { "start" } else { "end" }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_plain() {
        assert_eq!(num(2.12), "2.1200");
        assert_eq!(num(-0.00001), "-0.000010");
        // 0.001 as f32 rounded from a normal (0.0009999) prints as four decimals, not five.
        assert_eq!(signed(0.000_999_9), "+0.0010");
        assert_eq!(num(0.0009), "0.00090");
        assert!(num(1.25e-6).starts_with("0.000001"), "{}", num(1.25e-6));
        assert_eq!(num(1.25e-6).len(), "0.0000013".len());
        assert_eq!(num(-0.0), "0.0000");
        assert_eq!(num(-1.0e-20), "0.000000000000");
        assert_eq!(signed(0.0), "0.0000");
        assert_eq!(signed(1.5), "+1.5000");
        assert_eq!(short(-0.0001), "0.000");
        assert_eq!(count(1, "point", "points"), "1 point");
        assert_eq!(count(2, "point", "points"), "2 points");
        assert_eq!(part_pair([0, 3], [1, 5]), "A × B part 3");
        assert_eq!(part_pair([1, 0], [2, 2]), "A part 1 × B part 0");
        assert_eq!(id_hex(0x0002_0200), "0x00020200");
        assert_eq!(id_hex((2 << 32) | 0x0002_0200), "0x2_00020200");
        assert_eq!(id_hex((1 << 40) | (3 << 32) | 7), "0x103_00000007");
        for v in [1.0e-30f32, 3.0e20, -7.5e-9] {
            assert!(!num(v).contains('e'), "{}", num(v));
        }
    }
}
