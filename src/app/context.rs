//! The app's egui context, for a window and for headless frames alike.

/// Commands can be fed without a window; so can whole frames, on a headless egui context.
pub fn new_context() -> egui::Context {
    let ctx = egui::Context::default();
    configure(&ctx);
    ctx
}

/// The input of a headless frame in a window of `width` × `height` points (feed it to
/// [`egui::Context::run`] with [`App::frame`](crate::app::App::frame) inside).
pub fn screen_input(width: f32, height: f32) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width, height),
        )),
        ..Default::default()
    }
}

/// The app's egui settings: dark, slightly larger text, and no egui zoom keys (Ctrl + and
/// Ctrl − are the app's presenter scale, read as commands).
pub fn configure(ctx: &egui::Context) {
    ctx.set_visuals(egui::Visuals::dark());
    ctx.style_mut(|s| {
        s.text_styles.iter_mut().for_each(|(_, f)| f.size *= 1.1);
    });
    ctx.options_mut(|o| o.zoom_with_keyboard = false);
}
