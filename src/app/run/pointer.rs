//! The window's pointer, read from macroquad each frame: the mouse (in window pixels, CSS
//! pixels in the browser), the first press since the last frame, and two fingers' pinch.

use crate::app::input::{Input, Pinch};
use macroquad::prelude::{
    KeyCode, MouseButton, is_key_down, is_mouse_button_down, is_mouse_button_pressed,
    is_mouse_button_released, mouse_position, mouse_wheel,
};

/// The two fingers on a touch screen, in touch order, when exactly two are down.
pub(super) fn two_fingers() -> Option<[glam::Vec2; 2]> {
    use macroquad::input::{TouchPhase, touches};
    let mut down: Vec<_> = touches()
        .into_iter()
        .filter(|t| !matches!(t.phase, TouchPhase::Ended | TouchPhase::Cancelled))
        .collect();
    if down.len() != 2 {
        return None;
    }
    down.sort_by_key(|t| t.id);
    let scale = crate::app::web::touch_scale();
    let v = |t: &macroquad::input::Touch| glam::Vec2::new(t.position.x, t.position.y) * scale;
    Some([v(&down[0]), v(&down[1])])
}

/// This frame's pinch from the fingers now and in the last frame: the first frame of two
/// fingers is a pinch that moves nothing (it ends a one-finger drag).
pub(super) fn pinch(
    before: Option<[glam::Vec2; 2]>,
    now: Option<[glam::Vec2; 2]>,
) -> Option<Pinch> {
    let now = now?;
    Pinch::between(before.unwrap_or(now), now)
}

/// Where the left button went down in the events since the last frame, in window pixels:
/// macroquad's polled state only knows where the pointer is now.
#[derive(Default)]
struct Presses {
    /// The first left press seen, in the backend's pixels.
    left: Option<(f32, f32)>,
}

impl macroquad::miniquad::EventHandler for Presses {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if button == MouseButton::Left && self.left.is_none() {
            self.left = Some((x, y));
        }
    }
}

/// This frame's first left press, in window pixels (as `mouse_position` is scaled), from the
/// events macroquad kept for `subscriber`.
pub(super) fn press_at(subscriber: usize) -> Option<glam::Vec2> {
    let mut presses = Presses::default();
    macroquad::input::utils::repeat_all_miniquad_input(&mut presses, subscriber);
    let (x, y) = presses.left?;
    let k = crate::app::web::pointer_scale() / macroquad::miniquad::window::dpi_scale();
    Some(glam::Vec2::new(x, y) * k).filter(|p| p.is_finite())
}

/// This frame's pointer state, as the canvas input reads it.
pub(super) fn read_input(
    over_ui: bool,
    pinch: Option<Pinch>,
    press_at: Option<glam::Vec2>,
) -> Input {
    // Window pixels (CSS pixels in the browser, whatever the devicePixelRatio).
    let (x, y) = mouse_position();
    let (x, y) = (
        x * crate::app::web::pointer_scale(),
        y * crate::app::web::pointer_scale(),
    );
    let buttons = [MouseButton::Left, MouseButton::Right, MouseButton::Middle];
    let wheel = mouse_wheel().1;
    Input {
        pointer: Some(glam::Vec2::new(x, y)).filter(|p| p.is_finite()),
        pressed: buttons.map(is_mouse_button_pressed),
        down: buttons.map(is_mouse_button_down),
        released: buttons.map(is_mouse_button_released),
        wheel: if wheel.is_finite() {
            wheel.clamp(-3.0, 3.0)
        } else {
            0.0
        },
        shift: is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift),
        over_ui,
        pinch,
        press_at,
    }
}
