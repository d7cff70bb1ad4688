//! The background grid, and where a picture may go beside the shapes.

use super::canvas::Canvas;
use super::colors;
use glam::Vec2;

/// A plot's tick step: 1, 2 or 5 times a power of ten, the nearest such to `range / marks`
/// (1 for a range that is not a positive finite number).
pub fn nice_step(range: f64, marks: f64) -> f64 {
    if !(range.is_finite() && range > 0.0) {
        return 1.0;
    }
    let raw = range / marks;
    let power = 10f64.powf(raw.log10().floor());
    let m = raw / power;
    let n = if m < 1.5 {
        1.0
    } else if m < 3.5 {
        2.0
    } else if m < 7.5 {
        5.0
    } else {
        10.0
    };
    n * power
}

/// Draws the background grid with unit labels and the world origin.
///
/// Lines are counted by index, not by adding the step to a coordinate: far from the origin
/// at a large zoom the step can be below an `f32` coordinate's resolution, and `x += step`
/// would never reach the edge.
pub fn grid(canvas: &Canvas) {
    let canvas = &canvas.behind();
    let cam = canvas.camera();
    let min = cam.to_world(cam.viewport_min + Vec2::new(0.0, cam.viewport_size.y));
    let max = cam.to_world(cam.viewport_min + Vec2::new(cam.viewport_size.x, 0.0));
    // A step of 1, 2 or 5 times a power of ten, at least ~40 pixels.
    let raw = 40.0 / cam.zoom as f64;
    let pow = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * pow)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * pow);
    let major = step * 5.0;
    let (min, max) = (min.as_dvec2(), max.as_dvec2());
    if !(min.is_finite() && max.is_finite() && step.is_finite() && step > 0.0) {
        return;
    }
    // The lines' indices: from the first multiple of the step at or after `lo` to `hi`.
    let range = |lo: f64, hi: f64, step: f64| {
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        (last >= first && last - first < 2000).then_some((first, last))
    };
    let (Some(xs), Some(ys)) = (range(min.x, max.x, step), range(min.y, max.y, step)) else {
        return;
    };
    let colour = |k: i64| {
        if k % 5 == 0 {
            colors::grid_major()
        } else {
            colors::grid()
        }
    };
    let world = |x: f64, y: f64| Vec2::new(x as f32, y as f32);
    for k in xs.0..=xs.1 {
        let x = k as f64 * step;
        canvas.line(world(x, min.y), world(x, max.y), 1.0, colour(k));
    }
    for k in ys.0..=ys.1 {
        let y = k as f64 * step;
        canvas.line(world(min.x, y), world(max.x, y), 1.0, colour(k));
    }
    // Unit labels along the bottom and left edges, on major lines.
    // As many decimals as the major step has (a step of 2.5 labels 2.5, not 2).
    let decimals = (0..8)
        .find(|&d| {
            let scaled = major * 10f64.powi(d);
            (scaled - scaled.round()).abs() < 1e-6 * scaled.max(1.0)
        })
        .unwrap_or(8) as usize;
    let fmt = |v: f64| {
        let v = if v.abs() < step * 1e-3 { 0.0 } else { v };
        format!("{v:.decimals$}")
    };
    if let Some((first, last)) = range(min.x, max.x, major) {
        for k in first..=last {
            let x = k as f64 * major;
            let p = canvas.pos(world(x, min.y));
            canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(x));
        }
    }
    if let Some((first, last)) = range(min.y, max.y, major) {
        for k in first..=last {
            let y = k as f64 * major;
            let p = canvas.pos(world(min.x, y));
            canvas.screen_text(p + egui::vec2(3.0, -3.0), fmt(y));
        }
    }
    // The origin.
    let (lo, hi) = (world(min.x, min.y), world(max.x, max.y));
    canvas.line(
        Vec2::new(lo.x, 0.0),
        Vec2::new(hi.x, 0.0),
        1.5,
        colors::grid_major(),
    );
    canvas.line(
        Vec2::new(0.0, lo.y),
        Vec2::new(0.0, hi.y),
        1.5,
        colors::grid_major(),
    );
}

/// Where to put a line beside shapes: `side` or `−side`, whichever faces `towards` from
/// `centre` (world, for placing a picture only).
pub fn side_towards(towards: Vec2, centre: Vec2, side: Vec2) -> Vec2 {
    if (towards - centre).dot(side) >= 0.0 {
        side
    } else {
        -side
    }
}

/// How far the shapes reach along `dir` (rounded outlines included): where a line beside them
/// may start (world, for placing a picture only).
pub fn reach(shapes: &[&crate::geom::Placed], dir: Vec2) -> f32 {
    shapes
        .iter()
        .flat_map(|s| s.vertices().map(move |v| v.dot(dir) + s.radius()))
        .fold(f32::NEG_INFINITY, f32::max)
}
