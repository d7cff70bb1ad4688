//! A figure in another page (`&embed=1`) shares the page's gestures: a finger that starts on
//! a shape is the figure's, any other one-finger swipe scrolls the page. The page decides
//! that when the finger lands, before the app's next frame, so each frame leaves here what
//! the gestures would hit (the camera and both bodies), and the page asks [`takes_touch`]
//! synchronously (`np_takes_touch`, called from `web/index.html`).

use super::camera::Camera;
use super::input::{self, BodyView, Hover};
use crate::geom::PlacedPart;
use crate::geom::shape::Shape;
use glam::Vec2;
use std::cell::RefCell;

/// What the gestures would hit, as the last frame left it.
#[derive(Clone, Debug)]
struct Hits {
    cam: Camera,
    bodies: [Body; 2],
    /// Another shape the gestures move: B's end pose in the Continuous mode (it moves with
    /// B's lock).
    ghost: Option<Body>,
    /// Bodies a lecturer locked (`&lock=a,b`): they take no touches.
    locked: [bool; 2],
}

/// One body as [`BodyView`] sees it, owned.
#[derive(Clone, Debug)]
struct Body {
    shape: Shape,
    pose: super::command::Pose,
    parts: Vec<PlacedPart>,
    shown: usize,
}

/// The figure as the student left it: the scene as shown, its mode and step.
type Shown = (crate::scene::Scene, super::modes::ModeKind, usize);

thread_local! {
    static HITS: RefCell<Option<Hits>> = const { RefCell::new(None) };
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
    static STILL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Leaves whether the last frame left the figure still: nothing animates (egui asked for no
/// repaint, no mode plays, no banner counts down, no view waits to be fitted), so until the
/// next input the page need not run a frame (`np_still`, read by `web/narrowphase.js`).
pub fn set_still(still: bool) {
    STILL.with(|s| s.set(still));
}

/// Leaves the figure as shown this frame, for its "Full app ↗" link ([`full_app_fragment`]).
pub fn publish_shown(scene: crate::scene::Scene, mode: super::modes::ModeKind, step: usize) {
    SHOWN.with(|s| *s.borrow_mut() = Some((scene, mode, step)));
}

/// The link fragment (`s=…&mode=…&step=…`) of the figure as the student left it: what its
/// "Full app ↗" opens. None before the first frame.
pub fn full_app_fragment() -> Option<String> {
    SHOWN.with(|s| {
        let s = s.borrow();
        let (scene, mode, step) = s.as_ref()?;
        let mut scene = scene.clone();
        scene.step = *step;
        let text = crate::scene::to_ron(&scene).ok()?;
        Some(super::link::make(&text, *mode, *step))
    })
}

/// Whether the last frame left the figure still ([`set_still`]).
pub fn still() -> bool {
    STILL.with(|s| s.get())
}

/// Leaves this frame's camera and bodies for [`takes_touch`], and `ghost`, B's stand-in a
/// mode lets the student drag (the Continuous mode's end pose); `locked` bodies take none.
pub fn publish_hits(
    cam: &Camera,
    bodies: &[BodyView; 2],
    ghost: Option<BodyView>,
    locked: [bool; 2],
) {
    let own = |b: &BodyView| Body {
        shape: *b.shape,
        pose: b.pose,
        parts: b.parts.to_vec(),
        shown: b.shown,
    };
    let hits = Hits {
        cam: *cam,
        bodies: [own(&bodies[0]), own(&bodies[1])],
        ghost: ghost.as_ref().map(own),
        locked,
    };
    HITS.with(|h| *h.borrow_mut() = Some(hits));
}

/// Whether a finger landing at `at` (window pixels, the canvas's top-left at 0) is the
/// figure's: on a shape the figure lets the student move (inside it or on its ring, as the
/// app's gestures judge it), or off the world's view (on the figure's bar or its text, whose
/// buttons take taps). False before the first frame.
pub fn takes_touch(at: Vec2) -> bool {
    HITS.with(|h| {
        let h = h.borrow();
        let Some(h) = h.as_ref() else {
            return false;
        };
        if !h.cam.contains(at) {
            return true;
        }
        let views = [view(&h.bodies[0]), view(&h.bodies[1])];
        let on_body = match input::hit_test(&h.cam, at, &views, false) {
            Some(Hover::Inside(w) | Hover::Ring(w) | Hover::Vertex(w, _)) => !h.locked[w.index()],
            None => false,
        };
        // The ghost is B's: a hit on it is B's, as the mode's own gesture reads it.
        let on_ghost = h.ghost.as_ref().is_some_and(|g| {
            let g = view(g);
            !h.locked[1] && input::hit_test(&h.cam, at, &[g, g], false).is_some()
        });
        on_body || on_ghost
    })
}

fn view(b: &Body) -> BodyView<'_> {
    BodyView {
        shape: &b.shape,
        pose: b.pose,
        has_vertices: false,
        parts: &b.parts,
        shown: b.shown,
    }
}

/// The page's synchronous question: 1 when a finger at (`x`, `y`) CSS pixels from the
/// canvas's top-left corner lands on a shape the figure takes.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
pub extern "C" fn np_takes_touch(x: f32, y: f32) -> u32 {
    u32::from(takes_touch(Vec2::new(x, y)))
}

/// The page's question before each frame: 1 when the last frame left the figure still (the
/// page then skips frames until an input, a resize or a state request).
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
pub extern "C" fn np_still() -> u32 {
    u32::from(still())
}

/// The length in bytes of [`full_app_fragment`] (0 before the first frame); the page then
/// asks for the text with [`np_full_app_copy`].
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
pub extern "C" fn np_full_app_len() -> u32 {
    full_app_fragment().map_or(0, |f| f.len() as u32)
}

/// Copies [`full_app_fragment`] into the `len` bytes at `ptr` (the page allocated them).
///
/// # Safety
/// `ptr` must point to `len` writable bytes of this module's memory.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn np_full_app_copy(ptr: *mut u8, len: u32) {
    if let Some(f) = full_app_fragment() {
        let n = f.len().min(len as usize);
        // SAFETY: the page allocated `len` bytes at `ptr` (allocate_vec_u8) for this copy.
        unsafe { std::ptr::copy_nonoverlapping(f.as_ptr(), ptr, n) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::Pose;

    fn body(shape: &Shape, x: f32) -> BodyView<'_> {
        BodyView {
            shape,
            pose: Pose {
                position: Vec2::new(x, 0.0),
                angle_deg: 0.0,
            },
            has_vertices: true,
            parts: &[],
            shown: 0,
        }
    }

    #[test]
    fn a_finger_on_a_shape_is_the_figures_elsewhere_the_pages() {
        let s = Shape::make_box(1.0, 1.0, 0.0).unwrap();
        let cam = Camera::default();
        publish_hits(&cam, &[body(&s, -2.0), body(&s, 2.0)], None, [false, false]);
        assert!(takes_touch(cam.to_screen(Vec2::new(2.0, 0.0))), "on B");
        assert!(takes_touch(cam.to_screen(Vec2::new(-2.0, 0.1))), "on A");
        assert!(!takes_touch(cam.to_screen(Vec2::new(0.0, 3.0))), "between");
        assert!(
            takes_touch(cam.viewport_min - Vec2::ONE),
            "off the view: the bar's"
        );
        // A locked body is the page's too.
        publish_hits(&cam, &[body(&s, -2.0), body(&s, 2.0)], None, [true, false]);
        assert!(
            !takes_touch(cam.to_screen(Vec2::new(-2.0, 0.1))),
            "locked A"
        );
        assert!(takes_touch(cam.to_screen(Vec2::new(2.0, 0.0))), "B still");
        // A mode's stand-in for B (the Continuous mode's end pose) is the figure's, with B's
        // lock.
        let ghost = Some(body(&s, 0.0));
        let on_ghost = cam.to_screen(Vec2::new(0.0, 0.2));
        publish_hits(
            &cam,
            &[body(&s, -2.0), body(&s, 2.0)],
            ghost,
            [false, false],
        );
        assert!(takes_touch(on_ghost), "on the end pose");
        publish_hits(&cam, &[body(&s, -2.0), body(&s, 2.0)], ghost, [false, true]);
        assert!(!takes_touch(on_ghost), "B locked: its end pose too");
    }
}
