//! The desktop app: a macroquad window with egui panels; the canvas is painted with egui's
//! painter from the library's traces.
//!
//! Each frame, in order (inside egui's frame, so the canvas can use its painter):
//! 1. egui UI: the panels take their space; note whether egui wants the pointer or keys.
//! 2. Keys (unless a text field has focus).
//! 3. Canvas input (unless the pointer is over a panel): gestures become scene edits.
//! 4. Recompute the pair's output and traces only when something changed (or jitter is on).
//! 5. Draw the world: grid, shapes, the mode's picture, the normal and contact points.
//! 6. egui draws; a screenshot, if asked for, is taken after it.

pub mod camera;
pub mod draw;
pub mod input;
pub mod modes;
pub mod pair;
pub mod panels;
pub mod state;

pub use state::{App, AppOptions};

use draw::{Canvas, colors};
use input::{Hover, Input};
use macroquad::input::{is_quit_requested, prevent_quit};
use macroquad::prelude::{
    KeyCode, MouseButton, get_screen_data, get_time, is_key_down, is_key_pressed,
    is_mouse_button_down, is_mouse_button_pressed, is_mouse_button_released, mouse_position,
    mouse_wheel, next_frame,
};
use modes::ModeKind;
use std::path::PathBuf;

/// Opens the window and runs the app; returns the process exit code.
pub fn run(options: AppOptions) -> i32 {
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!(
            "narrowphase-lab: no display to open a window on (DISPLAY is not set).\n\
             Run it on a desktop, or headless under Xvfb: xvfb-run -s '-screen 0 1280x800x24' narrowphase-lab …\n\
             `narrowphase-lab report SCENE.ron` needs no display."
        );
        return 1;
    }
    let app = match App::new(&options) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("narrowphase-lab: {e}");
            return 2;
        }
    };
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "Narrowphase Lab".to_string(),
            window_width: 1280,
            window_height: 800,
            sample_count: 1,
            high_dpi: false,
            ..Default::default()
        },
        ..Default::default()
    };
    macroquad::Window::from_config(conf, main_loop(app, options));
    0
}

fn read_input(over_ui: bool) -> Input {
    let (x, y) = mouse_position();
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
    }
}

/// Writes the window as it is now to a PNG file (after egui drew, before the frame is shown).
/// An unwritable path is an error message, not a panic.
fn save_screenshot(path: &std::path::Path) -> Result<(), String> {
    let img = get_screen_data();
    let (w, h) = (img.width as usize, img.height as usize);
    let row = w * 4;
    if img.bytes.len() < row * h {
        return Err(format!("{}: the screen could not be read", path.display()));
    }
    // OpenGL's rows run bottom-up; PNG's top-down.
    let mut flipped = Vec::with_capacity(row * h);
    for y in (0..h).rev() {
        flipped.extend_from_slice(&img.bytes[y * row..(y + 1) * row]);
    }
    image::save_buffer(path, &flipped, w as u32, h as u32, image::ColorType::Rgba8)
        .map_err(|e| format!("{}: could not write the screenshot: {e}", path.display()))
}

/// Where F12 writes: next to the scene (or in the current folder for a built-in one).
fn screenshot_path(app: &App) -> PathBuf {
    let (dir, stem) = match &app.path {
        Some(p) => (
            p.parent().map(|d| d.to_path_buf()).unwrap_or_default(),
            p.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "scene".into()),
        ),
        None => (
            PathBuf::from("."),
            app.lecture
                .scenes
                .get(app.index)
                .map(|s| s.name.trim_end_matches(".ron").to_string())
                .unwrap_or_default(),
        ),
    };
    (1..10_000)
        .map(|n| dir.join(format!("{stem}-{}-{n}.png", app.mode.name())))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{stem}.png")))
}

impl App {
    /// Keyboard shortcuts.
    fn keys(&mut self, now: f64) {
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        let count = self.mode_ref().step_count(&self.pair);
        if ctrl {
            if is_key_pressed(KeyCode::Z) {
                if shift { self.redo() } else { self.undo() }
            }
            if is_key_pressed(KeyCode::Y) {
                self.redo();
            }
            if is_key_pressed(KeyCode::S) {
                self.save(now);
            }
            if is_key_pressed(KeyCode::O) {
                self.show_open = true;
            }
            if is_key_pressed(KeyCode::Equal) || is_key_pressed(KeyCode::KpAdd) {
                self.ui_scale = (self.ui_scale + 0.25).min(2.5);
            }
            if is_key_pressed(KeyCode::Minus) || is_key_pressed(KeyCode::KpSubtract) {
                self.ui_scale = (self.ui_scale - 0.25).max(0.75);
            }
            return;
        }
        for (key, m) in [
            (KeyCode::Key1, ModeKind::Sat),
            (KeyCode::Key2, ModeKind::Gjk),
            (KeyCode::Key3, ModeKind::Manifold),
        ] {
            if is_key_pressed(key) {
                self.set_mode(m);
            }
        }
        if is_key_pressed(KeyCode::Space) || is_key_pressed(KeyCode::Right) {
            self.step = (self.step + 1).min(count - 1);
        }
        if is_key_pressed(KeyCode::Left) {
            self.step = self.step.saturating_sub(1);
        }
        if is_key_pressed(KeyCode::Home) {
            self.step = 0;
        }
        if is_key_pressed(KeyCode::End) {
            self.step = count - 1;
        }
        if is_key_pressed(KeyCode::PageDown) {
            self.go_to(self.index.saturating_add(1), now, false);
        }
        if is_key_pressed(KeyCode::PageUp) && self.index > 0 {
            self.go_to(self.index - 1, now, false);
        }
        if is_key_pressed(KeyCode::F1) {
            self.show_help = !self.show_help;
        }
        if is_key_pressed(KeyCode::F12) {
            self.screenshot_pending = true;
        }
        if is_key_pressed(KeyCode::F) {
            self.frame_bodies();
        }
        if is_key_pressed(KeyCode::V) {
            self.vertex_edit = !self.vertex_edit;
        }
        if is_key_pressed(KeyCode::Escape) {
            self.show_help = false;
            self.show_open = false;
        }
    }

    /// Lays the canvas out in the area the panels left, in window pixels.
    fn layout(&mut self, ctx: &egui::Context) {
        let ppp = ctx.pixels_per_point();
        let r = ctx.available_rect();
        let min = glam::Vec2::new(r.min.x, r.min.y) * ppp;
        let size = glam::Vec2::new(r.width(), r.height()) * ppp;
        let split = self.mode_ref().split();
        self.cam.viewport_min = min;
        self.cam.viewport_size = glam::Vec2::new(size.x * (1.0 - split), size.y);
        // A mode with a second view halves the world view: frame the bodies in what is left.
        if self.frame_pending || split != self.last_split {
            self.frame_bodies();
            self.frame_pending = false;
        }
        self.last_split = split;
    }

    /// Draws the world on the background layer.
    fn draw_canvas(&self, ctx: &egui::Context) {
        let ppp = ctx.pixels_per_point();
        let rect = egui::Rect::from_min_size(
            egui::pos2(self.cam.viewport_min.x, self.cam.viewport_min.y) / ppp,
            egui::vec2(self.cam.viewport_size.x, self.cam.viewport_size.y) / ppp,
        );
        let painter = ctx
            .layer_painter(egui::LayerId::background())
            .with_clip_rect(rect);
        painter.rect_filled(rect, 0.0, colors::BACKGROUND);
        let canvas = Canvas::new(&painter, &self.cam, ppp);
        draw::grid(&canvas);

        // The shapes, B over A, with the hover highlight.
        for i in 0..2 {
            let (s, xf) = (&self.pair.shapes[i], self.pair.xfs[i]);
            let hot = match self.interaction.hover {
                Some(Hover::Inside(b)) | Some(Hover::Ring(b)) | Some(Hover::Vertex(b, _)) => {
                    b.index() == i
                }
                None => false,
            };
            canvas.shape(s, xf, colors::body(i), if hot { 3.0 } else { 2.0 });
            let c = xf.apply(s.centroid());
            canvas.label(
                c,
                glam::Vec2::new(-6.0, 8.0),
                if i == 0 { "A" } else { "B" },
                colors::body(i),
            );
            if let Some(Hover::Ring(b)) = self.interaction.hover
                && b.index() == i
            {
                let outline = draw::outline(s, xf, self.cam.zoom);
                let ring = colors::body(i).gamma_multiply(0.25);
                canvas.polyline(&outline, true, 2.0 * input::RING_PX, ring, false);
            }
            if self.vertex_edit && self.body_views()[i].has_vertices {
                for (k, v) in s.vertices().iter().enumerate() {
                    let body = if i == 0 {
                        input::Body::A
                    } else {
                        input::Body::B
                    };
                    let hot = self.interaction.hover == Some(Hover::Vertex(body, k));
                    canvas.ring(
                        xf.apply(*v),
                        if hot { 8.0 } else { 5.0 },
                        2.0,
                        colors::ACCENT,
                    );
                }
            }
        }

        // The mode's picture.
        self.mode_ref().draw(&canvas, &self.pair, self.step);

        // In every mode: the normal and the contact points.
        let m = &self.pair.manifold;
        let len = 60.0 / self.cam.zoom;
        for (k, p) in m.points().enumerate() {
            canvas.arrow(p.position, p.position + m.normal * len, 2.5, colors::INK);
            canvas.point(p.position, 5.0, colors::INK);
            // Manifold mode labels its candidates itself (kept and dropped, with separations).
            let text = if self.mode == ModeKind::Manifold {
                format!("p{k}")
            } else {
                format!("p{k} {:+.3}", p.separation)
            };
            canvas.label(p.position, glam::Vec2::new(8.0, 22.0), text, colors::INK);
        }
        if m.is_empty() {
            let q = &self.pair.query;
            canvas.dashed(q.point_a, q.point_b, 1.5, colors::DIM);
            canvas.arrow(q.point_a, q.point_a + q.normal * len, 2.0, colors::DIM);
            canvas.label(
                q.point_a,
                glam::Vec2::new(8.0, -8.0),
                format!("n, gap {:.3}", q.separation.max(0.0)),
                colors::DIM,
            );
        }

        // The banner.
        if let Some(b) = &self.banner {
            let color = if b.error { colors::BAD } else { colors::GOOD };
            let font = egui::FontId::proportional(16.0);
            let galley = painter.layout(b.text.clone(), font, colors::INK, rect.width() - 40.0);
            let area = egui::Rect::from_min_size(
                rect.min + egui::vec2(12.0, 12.0),
                galley.size() + egui::vec2(20.0, 14.0),
            );
            painter.rect_filled(area, 6.0, color.gamma_multiply(0.35));
            painter.rect_stroke(
                area,
                6.0,
                egui::Stroke::new(1.5, color),
                egui::StrokeKind::Inside,
            );
            painter.galley(area.min + egui::vec2(10.0, 7.0), galley, colors::INK);
        }
        let hint = if self.vertex_edit {
            "vertex edit · F1 help"
        } else {
            "drag inside: move · drag the ring: turn · F1 help"
        };
        painter.text(
            rect.right_bottom() - egui::vec2(10.0, 8.0),
            egui::Align2::RIGHT_BOTTOM,
            hint,
            egui::FontId::proportional(13.0),
            colors::DIM,
        );
    }

    /// One frame's egui work: panels, keys, canvas input, recompute, canvas drawing.
    fn frame(&mut self, ctx: &egui::Context, now: f64) {
        // 1. The panels.
        ctx.set_zoom_factor(self.ui_scale);
        self.ui(ctx, now);
        self.layout(ctx);
        let over_ui = ctx.is_pointer_over_area() || ctx.is_using_pointer();

        // 2. Keys, unless a text field has them.
        if !ctx.wants_keyboard_input() {
            self.keys(now);
        }

        // 3. Canvas input: the mode's own view first, then the shape gestures.
        let input = read_input(over_ui);
        let cam = self.cam;
        let (mode, pair) = self.mode_and_pair();
        let mode_used = mode.handle_input(&input, &cam, pair);
        if !mode_used || self.interaction.gesture != input::Gesture::Idle {
            let views = self.body_views();
            let mut interaction = self.interaction;
            let mut cam = self.cam;
            let edits = interaction.update(&input, &mut cam, &views, self.vertex_edit);
            self.interaction = interaction;
            self.cam = cam;
            if !edits.is_empty() {
                self.apply_edits(&edits, now);
            }
        }

        // 4. Jitter recomputes every frame; everything else recomputed where it changed.
        if self.options.jitter {
            let _ = self.recompute();
        }
        let (mode, pair) = self.mode_and_pair();
        mode.after_frame(pair);
        if self
            .banner
            .as_ref()
            .is_some_and(|b| !b.error && now - b.since > 4.0)
        {
            self.banner = None;
        }

        // 5. The world.
        self.draw_canvas(ctx);
    }
}

async fn main_loop(mut app: App, options: AppOptions) {
    egui_macroquad::cfg(|ctx| {
        ctx.set_visuals(egui::Visuals::dark());
        ctx.style_mut(|s| {
            s.text_styles.iter_mut().for_each(|(_, f)| f.size *= 1.1);
        });
    });
    // Closing the window asks first when the scene has unsaved changes.
    prevent_quit();
    let start = get_time();
    let mut frames: u64 = 0;
    let mut last = start;
    #[cfg(not(target_arch = "wasm32"))]
    let mut last_watch = start;
    loop {
        let now = get_time();
        let dt = ((now - last) * 1000.0) as f32;
        last = now;
        app.frame_ms = if app.frame_ms == 0.0 {
            dt
        } else {
            app.frame_ms * 0.9 + dt * 0.1
        };
        #[cfg(not(target_arch = "wasm32"))]
        if now - last_watch > 0.4 {
            last_watch = now;
            app.check_reload(now);
        }
        macroquad::prelude::clear_background(macroquad::prelude::Color::from_rgba(24, 26, 31, 255));
        egui_macroquad::ui(|ctx| app.frame(ctx, now));
        egui_macroquad::draw();
        frames += 1;
        // Frame statistics for `--print-state`: the interval between frames, the time our own
        // work took (UI, input, traces, tessellation and draw calls), and whether a drag was on.
        // Kept only when they will be printed, so a lecture left open does not grow a list.
        if frames > 5 && options.print_state {
            app.timings.push(state::FrameTiming {
                interval_ms: dt,
                work_ms: ((get_time() - now) * 1000.0) as f32,
                dragging: app.interaction.gesture != input::Gesture::Idle,
            });
        }
        if is_quit_requested() {
            app.request_quit();
        }
        let done = app.quit
            || options.frames.is_some_and(|n| frames >= n)
            || options.seconds.is_some_and(|s| now - start >= s);
        if app.screenshot_pending {
            app.screenshot_pending = false;
            let path = screenshot_path(&app);
            match save_screenshot(&path) {
                Ok(()) => app.show_info(format!("screenshot written to {}", path.display()), now),
                Err(e) => app.show_error(e, now),
            }
        }
        if done {
            let mut code = 0;
            if let Some(p) = &options.screenshot
                && let Err(e) = save_screenshot(p)
            {
                eprintln!("narrowphase-lab: {e}");
                code = 1;
            }
            if options.print_state {
                println!("{}", app.state_json());
            }
            std::process::exit(code);
        }
        next_frame().await;
    }
}
