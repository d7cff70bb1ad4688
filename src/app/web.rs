//! What differs between the browser and the desktop, in one place (DESIGN.md's wasm rules):
//! the page's address, where a made link goes, saving a file, choosing a file to open, and the
//! state a browser test asks for. In the browser each is a call into `web/narrowphase.js`
//! (a plugin of macroquad's JS loader); natively each has its desktop meaning or none.

/// The page's query (`?…`) and fragment (`#…`); `None` natively.
pub fn page_address() -> Option<(String, String)> {
    #[cfg(target_arch = "wasm32")]
    {
        let address = js::take_string(js::np_address_len, js::np_address_copy);
        let (query, fragment) = address.split_once('#').unwrap_or((&address, ""));
        Some((query.to_string(), fragment.to_string()))
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The user changed the page's fragment (pasted another `#s=` link into the address bar):
/// the new address to open. Natively never.
pub fn address_changed() -> Option<(String, String)> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: a plain call into our JS plugin, no pointers.
        if unsafe { js::np_address_changed() } != 0 {
            return page_address();
        }
    }
    None
}

/// Hands a made link (the fragment, without `#`) to the platform and returns the link to show:
/// in the browser the page's address becomes it and it goes to the clipboard; natively it is
/// `index.html#…` (for the web build beside the scene), for the window loop to put on the
/// clipboard.
pub fn publish_link(fragment: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: the pointer and length are a live &str's for the call's duration.
        unsafe { js::np_publish_link(fragment.as_ptr(), fragment.len() as u32) };
        let address = js::take_string(js::np_href_len, js::np_href_copy);
        if !address.is_empty() {
            return address;
        }
    }
    format!("index.html#{fragment}")
}

/// In the browser, puts `text` on the clipboard (and keeps it for tests as
/// `narrowphase.copied`); natively nothing (the window loop puts text on the clipboard).
pub fn copy_text(text: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the pointer and length are a live &str's for the call's duration.
    unsafe {
        js::np_copy_text(text.as_ptr(), text.len() as u32)
    };
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// In the browser, offers `text` as a download called `name`; natively `false` (the app
/// writes the file itself).
pub fn download(name: &str, text: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: both pointers and lengths are live &str's for the call's duration.
        unsafe {
            js::np_download(
                name.as_ptr(),
                name.len() as u32,
                text.as_ptr(),
                text.len() as u32,
            )
        };
        true
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (name, text);
        false
    }
}

/// In the browser, opens the page's file picker (what is chosen arrives as a dropped file).
pub fn pick_file() {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a plain call into our JS plugin, no pointers.
    unsafe {
        js::np_pick_file()
    };
}

/// In the browser: a test asked for the app's state (the `--print-state` JSON line).
pub fn state_wanted() -> bool {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a plain call into our JS plugin, no pointers.
    return unsafe { js::np_state_wanted() } != 0;
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// In the browser: answers [`state_wanted`].
pub fn publish_state(json: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the pointer and length are a live &str's for the call's duration.
    unsafe {
        js::np_publish_state(json.as_ptr(), json.len() as u32)
    };
    #[cfg(not(target_arch = "wasm32"))]
    let _ = json;
}

/// In the browser, the messages a host page sent since the last call (each as
/// `web/narrowphase.js` passed it on: `{"origin", "own", "data"}`, see [`super::run::host`]);
/// natively none.
pub fn host_messages() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let mut out = Vec::new();
        // A flood is read a bounded number at a time; the rest wait for the next frame.
        // SAFETY: a plain call into our JS plugin, no pointers.
        while out.len() < 64 && unsafe { js::np_host_pending() } != 0 {
            out.push(js::take_string(js::np_host_len, js::np_host_copy));
        }
        out
    }
    #[cfg(not(target_arch = "wasm32"))]
    Vec::new()
}

/// In the browser, when the figure is in a frame, posts `event` (JSON text) to its page with
/// `postMessage`, for `target` (an origin, `*`, or `/` for the figure's own); else nothing.
pub fn post_to_host(event: &str, target: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: both pointers and lengths are live &str's for the call's duration.
    unsafe {
        js::np_post_to_host(
            event.as_ptr(),
            event.len() as u32,
            target.as_ptr(),
            target.len() as u32,
        )
    };
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (event, target);
}

/// In the browser, a warning on the page's console (a host page's message refused, and why);
/// natively on stderr.
pub fn warn(text: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the pointer and length are a live &str's for the call's duration.
    unsafe {
        js::np_warn(text.as_ptr(), text.len() as u32)
    };
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("narrowphase-lab: {text}");
}

/// In the browser, a panic's message goes to the page's console (the default hook's stderr goes
/// nowhere there).
pub fn install_panic_hook() {
    #[cfg(target_arch = "wasm32")]
    std::panic::set_hook(Box::new(|info| {
        let message = format!("narrowphase-lab stopped: {info}\0");
        // SAFETY: a NUL-terminated string, live for the call.
        unsafe { js::console_error(message.as_ptr()) };
    }));
}

/// Device pixels per CSS pixel (the browser's `window.devicePixelRatio`, read every frame: it
/// changes with the browser's zoom and the screen the window is on); natively 1 (the window's
/// pixels are the app's pixels there).
pub fn device_pixel_ratio() -> f32 {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a plain call into our JS plugin, no pointers.
    let ratio = unsafe { js::np_device_pixel_ratio() };
    #[cfg(not(target_arch = "wasm32"))]
    let ratio = 1.0_f32;
    if ratio.is_finite() && ratio > 0.0 {
        ratio.clamp(0.25, 8.0)
    } else {
        1.0
    }
}

/// Window pixels per egui point. The app's window pixels are CSS pixels in the browser (what
/// the page's pointer events, `--print-state` and the camera use) and the window's own pixels
/// natively, while egui paints at `device_pixel_ratio` device pixels per window pixel, so
/// text and lines keep their CSS size on every screen.
pub fn window_pixels_per_point(ctx: &egui::Context) -> f32 {
    ctx.pixels_per_point() / device_pixel_ratio()
}

/// The zoom factor that gives egui `ui_scale` window pixels per point on this screen: egui's
/// backend leaves its native pixels per point at 1 in the browser, so the device's ratio is
/// folded in here (divided by whatever native ratio the backend did report).
pub fn egui_zoom(ctx: &egui::Context, ui_scale: f32) -> f32 {
    let native = ctx
        .input(|i| i.viewport().native_pixels_per_point)
        .filter(|n| n.is_finite() && *n > 0.0)
        .unwrap_or(1.0);
    ui_scale * device_pixel_ratio() / native
}

/// How many window pixels one unit of macroquad's `mouse_position()` is: in the browser
/// macroquad divides the page's device pixels by the ratio the page had when it started,
/// while they are now at the ratio it has now; natively 1. Call it inside the window loop.
pub fn pointer_scale() -> f32 {
    #[cfg(target_arch = "wasm32")]
    return macroquad::miniquad::window::dpi_scale() / device_pixel_ratio();
    #[cfg(not(target_arch = "wasm32"))]
    1.0
}

/// How many window pixels one device pixel is (a touch's position is in device pixels).
pub fn touch_scale() -> f32 {
    1.0 / device_pixel_ratio()
}

/// Browser time is `get_time`, and the browser has no process to end: quitting is closing the
/// tab.
pub const CAN_QUIT: bool = !cfg!(target_arch = "wasm32");

#[cfg(target_arch = "wasm32")]
mod js {
    unsafe extern "C" {
        pub fn np_address_len() -> u32;
        pub fn np_address_copy(ptr: *mut u8, len: u32);
        pub fn np_address_changed() -> u32;
        pub fn np_href_len() -> u32;
        pub fn np_href_copy(ptr: *mut u8, len: u32);
        pub fn np_publish_link(ptr: *const u8, len: u32);
        pub fn np_copy_text(ptr: *const u8, len: u32);
        pub fn np_download(name: *const u8, name_len: u32, text: *const u8, text_len: u32);
        pub fn np_pick_file();
        pub fn np_state_wanted() -> u32;
        pub fn np_publish_state(ptr: *const u8, len: u32);
        pub fn np_device_pixel_ratio() -> f32;
        pub fn np_host_pending() -> u32;
        pub fn np_host_len() -> u32;
        pub fn np_host_copy(ptr: *mut u8, len: u32);
        pub fn np_post_to_host(
            event: *const u8,
            event_len: u32,
            target: *const u8,
            target_len: u32,
        );
        pub fn np_warn(ptr: *const u8, len: u32);
        /// macroquad's loader's: a NUL-terminated message to the console.
        pub fn console_error(message: *const u8);
    }

    /// A string from JS: its UTF-8 length first, then the bytes copied into our buffer.
    pub fn take_string(
        len: unsafe extern "C" fn() -> u32,
        copy: unsafe extern "C" fn(*mut u8, u32),
    ) -> String {
        // SAFETY: `len` has no arguments; `copy` writes at most `n` bytes into a buffer of `n`.
        let n = unsafe { len() } as usize;
        let mut buf = vec![0u8; n];
        unsafe { copy(buf.as_mut_ptr(), n as u32) };
        String::from_utf8_lossy(&buf).into_owned()
    }

    /// The loader checks each plugin's version against the crate's.
    #[unsafe(no_mangle)]
    pub extern "C" fn narrowphase_lab_crate_version() -> u32 {
        1
    }
}
