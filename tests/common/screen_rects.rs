//! Rectangles read from `--print-state` (`[x, y, w, h]`, window pixels), for the tests of the
//! Simulate mode's followed view in the headless app and in the window alike.

/// A rectangle `[x, y, w, h]`.
pub type Rect = [f64; 4];

/// A state's rectangle field.
pub fn rect(v: &serde_json::Value) -> Rect {
    let a = v.as_array().expect("a rect");
    [0, 1, 2, 3].map(|i| a[i].as_f64().expect("a number"))
}

/// The screen box of run `k`'s body 0 (B, the followed body) as drawn (`sim.runs`' corners).
pub fn body_box(s: &serde_json::Value, k: usize) -> Rect {
    let corners = s["sim"]["runs"][k]["bodies"][0]["corners"]
        .as_array()
        .expect("corners");
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for c in corners {
        for i in 0..2 {
            let v = c[i].as_f64().unwrap();
            lo[i] = lo[i].min(v);
            hi[i] = hi[i].max(v);
        }
    }
    [lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]]
}

/// Whether `r` lies inside `view` (to half a pixel).
pub fn inside(r: Rect, view: Rect) -> bool {
    r[0] >= view[0] - 0.5
        && r[1] >= view[1] - 0.5
        && r[0] + r[2] <= view[0] + view[2] + 0.5
        && r[1] + r[3] <= view[1] + view[3] + 0.5
}

/// Whether `a` and `b` overlap.
pub fn overlap(a: Rect, b: Rect) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}
