//! Numbers and words as the student reads them: plain numbers (no exponent notation, no
//! negative zero, the same decimals for the same kind of value) and counted nouns.

/// A number with its decimals chosen by its size: four whenever four show two significant
/// digits (from `0.00095`, printed `0.0010`, up), and for smaller values as many as show its
/// first two (`0.0000013`). Never exponent notation and never a negative zero. The one format of
/// the app: panels, status bar, fields and step texts.
pub fn num(v: f32) -> String {
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
