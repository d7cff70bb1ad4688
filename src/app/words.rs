//! Numbers and words as the student reads them: plain numbers (no exponent notation, no
//! negative zero, the same decimals for the same kind of value) and counted nouns.

/// A number with its decimals chosen by its size: four for ordinary sizes, and for smaller
/// values as many as show its first two significant digits (`0.0000013`). Never exponent
/// notation and never a negative zero.
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
    let decimals = if a == 0.0 || a >= 1.0e-3 {
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
        for v in [1.0e-30f32, 3.0e20, -7.5e-9] {
            assert!(!num(v).contains('e'), "{}", num(v));
        }
    }
}
