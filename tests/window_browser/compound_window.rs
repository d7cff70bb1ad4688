//! Compound bodies in the real window under Xvfb: the star on the floor opens with two contact
//! points from two part pairs, and a real click (`xdotool`) on a spike shows that spike — in the
//! printed state and in the picture (the shown part drawn in B's full colour, the others faint).
//!
//! The kit (an Xvfb of its own, screenshots, `xdotool`) is in `window/mod.rs`.

use crate::window::*;
use serde_json::{Value, json};
use std::time::Duration;

const STAR: &str = "scenes/18_star_on_floor.ron";
/// B's colour, drawn full on the shown part's outline.
const VIOLET: [u8; 3] = [178, 102, 255];

/// World → window pixels, from the state: A (the floor) has its centroid at (0, −0.5).
fn to_px(s: &Value, x: f64, y: f64) -> (f64, f64) {
    let (ax, ay) = screen(s, "a");
    let zoom = s["zoom"].as_f64().expect("zoom");
    (ax + x * zoom, ay - (y + 0.5) * zoom)
}

/// Pixels of B's full colour on the spike pointing up (above the star's centre at y = 0.79).
fn violet_on_top_spike(img: &Image, s: &Value) -> usize {
    let (x0, y0) = to_px(s, -0.3, 1.85);
    let (x1, y1) = to_px(s, 0.3, 0.95);
    let mut n = 0;
    for y in y0 as usize..y1 as usize {
        for x in x0 as usize..x1 as usize {
            let p = img.at(x as f64, y as f64);
            if (0..3).all(|k| (p[k] as i32 - VIOLET[k] as i32).abs() <= 24) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn the_star_touches_with_two_spikes_and_a_click_shows_another() {
    let Some(d) = display() else { return };
    let (img, before) = screenshot(&d, STAR, "manifold", "0", "star-before.png");
    // Two points from two part pairs, floor × spike 2 and floor × spike 3, ids equal but for
    // the part bits; the deepest pair (the first) is shown.
    assert_eq!(before["selected_parts"], json!([0, 2]));
    assert_eq!(before["parts_chosen"], false);
    let manifolds = before["manifolds"].as_array().expect("manifolds");
    let parts: Vec<&Value> = manifolds.iter().map(|m| &m["parts"]).collect();
    assert_eq!(parts, [&json!([0, 2]), &json!([0, 3])]);
    let ids: Vec<u64> = manifolds
        .iter()
        .flat_map(|m| m["ids"].as_array().expect("ids").clone())
        .map(|id| id.as_u64().expect("an id"))
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert_eq!(ids[0] & 0xffff_ffff, ids[1] & 0xffff_ffff);
    assert_eq!([ids[0] >> 32, ids[1] >> 32], [2, 3]);
    // Both points are labelled on the canvas, under the two tips (±cos 54°, about y = 0).
    let labels: Vec<&str> = before["labels"]
        .as_array()
        .expect("labels")
        .iter()
        .filter_map(|l| l["text"].as_str())
        .collect();
    assert!(
        labels.contains(&"p0") && labels.contains(&"p1"),
        "{labels:?}"
    );
    for x in [-54f64.to_radians().cos(), 54f64.to_radians().cos()] {
        let (px, py) = to_px(&before, x, 0.0);
        let p = img.at(px, py);
        assert!(
            p.iter().all(|c| *c > 200),
            "no white contact point at ({px}, {py}): {p:?}"
        );
    }
    let faint = violet_on_top_spike(&img, &before);

    // A real click on the spike pointing up.
    let png = tmp("star-clicked.png");
    let (child, window) = start_app(
        &d,
        &[
            STAR,
            "--seconds",
            "4",
            "--screenshot",
            png.to_str().expect("path"),
            "--print-state",
        ],
    );
    let (x, y) = to_px(&before, 0.0, 1.3);
    xdotool(&d, &mouse_to(&window, x, y));
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&d, &["click", "1"]);
    let after = finish(child);
    assert_eq!(after["selected_parts"], json!([0, 0]));
    assert_eq!(after["parts_chosen"], true);
    // The shown pair is now floor × the upward spike, whose lowest point is the centre, 0.79
    // above the floor; the click moved nothing.
    let sep = after["separation"].as_f64().expect("separation");
    assert!((sep - 0.79).abs() < 1e-4, "{sep}");
    assert_eq!(after["points"], 0);
    assert_eq!(after["manifolds"], before["manifolds"]);
    assert_eq!(after["scene"], before["scene"]);
    assert_eq!(after["undo"], 0);
    // In the picture the upward spike is now drawn in B's full colour.
    let full = violet_on_top_spike(&Image::load(&png), &after);
    assert!(
        full > faint + 150,
        "the clicked spike has {full} pixels of B's colour, {faint} before"
    );
}
