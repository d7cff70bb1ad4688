// Narrowphase Lab's glue between the page and the app (src/app/web.rs): the page's address,
// links, downloads, the file picker, and the app's state for tests. A plugin of macroquad's
// JS loader (mq_js_bundle.js), which must be loaded first.
"use strict";

window.narrowphase = (function () {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let addressChanged = false;
    let stateWaiters = [];
    let resizeDue = false;
    const api = {
        // The last link made by "Copy link" (Ctrl+L), in full.
        link: null,
        // The last text put on the clipboard by "Copy embed code".
        copied: null,
        // Every file offered for download: {name, text}.
        downloads: [],
        // The app's state (the --print-state JSON), at its next frame.
        requestState: function () {
            return new Promise(function (resolve) {
                stateWaiters.push(resolve);
            });
        },
    };

    function text(ptr, len) {
        return decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
    }

    function copyInto(string, ptr, len) {
        new Uint8Array(wasm_memory.buffer, ptr, len).set(encoder.encode(string).subarray(0, len));
    }

    function address() {
        return location.search + location.hash;
    }

    // Files chosen in the picker reach the app as dropped files, as a drop on the page does.
    function offerFile(name, bytes) {
        const nameBytes = encoder.encode(name);
        const namePtr = wasm_exports.allocate_vec_u8(nameBytes.length);
        new Uint8Array(wasm_memory.buffer, namePtr, nameBytes.length).set(nameBytes);
        const dataPtr = wasm_exports.allocate_vec_u8(bytes.length);
        new Uint8Array(wasm_memory.buffer, dataPtr, bytes.length).set(bytes);
        wasm_exports.on_files_dropped_start();
        wasm_exports.on_file_dropped(namePtr, nameBytes.length, dataPtr, bytes.length);
        wasm_exports.on_files_dropped_finish();
    }

    window.addEventListener("hashchange", function () {
        addressChanged = true;
    });

    // The host page's voice (src/app/host.rs): messages with a `narrowphase` field wait here
    // for the app's next frame, which reads them (np_host_*), checks who sent them against the
    // link's &host= and carries them out; its events go to the page (np_post_to_host) when the
    // figure is in a frame. Other scripts' messages pass by.
    const hostInbox = [];
    api.hostWarnings = [];
    window.addEventListener("message", function (event) {
        const data = event.data;
        const ours =
            (data !== null && typeof data === "object" && "narrowphase" in data) ||
            (typeof data === "string" && data.indexOf("narrowphase") >= 0);
        if (!ours) {
            return;
        }
        let text;
        try {
            text = JSON.stringify({
                origin: event.origin,
                own: event.origin === location.origin,
                data: data,
            });
        } catch (e) {
            text = null;
        }
        if (text === null || text === undefined || text.length > 16384 || hostInbox.length >= 256) {
            warn("a message was ignored: not JSON data, over 16 KB, or too many at once");
            return;
        }
        hostInbox.push(encoder.encode(text));
        wake();
    });
    function warn(message) {
        console.warn("narrowphase:", message);
        api.hostWarnings.push(message);
        if (api.hostWarnings.length > 100) {
            api.hostWarnings.shift();
        }
    }

    // An idle figure costs nothing: the app says after each frame whether it left the figure
    // still (np_still: nothing plays, animates or counts down), and until an input, a resize or
    // a state request the page skips the app's frames (the canvas keeps the last picture). A
    // figure scrolled out of view runs no frames either. macroquad's loader asks for every
    // frame through window.requestAnimationFrame, so the skipping is done there.
    api.frames = 0;
    let woken = performance.now();
    let visible = true;
    const wake = function () {
        woken = performance.now();
    };
    [
        "pointerdown", "pointermove", "pointerup", "pointercancel", "mousedown", "mousemove",
        "mouseup", "wheel", "keydown", "keyup", "touchstart", "touchmove", "touchend",
        "touchcancel", "resize", "focus", "blur", "hashchange", "visibilitychange", "drop",
        "paste",
    ].forEach(function (kind) {
        window.addEventListener(kind, wake, { capture: true, passive: true });
    });
    if (typeof IntersectionObserver === "function") {
        new IntersectionObserver(function (entries) {
            visible = entries[entries.length - 1].isIntersecting;
            wake();
        }).observe(canvas);
    }
    const due = function () {
        if (stateWaiters.length > 0 || resizeDue) {
            return true;
        }
        if (!visible) {
            return false;
        }
        if (typeof wasm_exports === "undefined" || !wasm_exports || !wasm_exports.np_still) {
            return true;
        }
        // Input reaches the app at its next frames: a few after any event run in any case.
        return performance.now() - woken < 300 || !wasm_exports.np_still();
    };
    const nativeFrame = window.requestAnimationFrame.bind(window);
    const nativeCancel = window.cancelAnimationFrame.bind(window);
    // Only the loader's frame (its global `animation`) is held back; any other callback (a
    // page's, a test's) runs at the next frame as usual. The loader cancels its frame by the
    // id it was given, which a held-back frame has since replaced: that id cancels whichever
    // frame of the loader's is pending.
    let pending = null;
    let given = null;
    window.requestAnimationFrame = function (callback) {
        if (typeof animation !== "function" || callback !== animation) {
            return nativeFrame(callback);
        }
        const tick = function (time) {
            if (due()) {
                pending = null;
                api.frames += 1;
                callback(time);
            } else {
                pending = nativeFrame(tick);
            }
        };
        pending = nativeFrame(tick);
        given = pending;
        return given;
    };
    window.cancelAnimationFrame = function (id) {
        if (id === given && pending !== null) {
            nativeCancel(pending);
            pending = null;
        } else {
            nativeCancel(id);
        }
    };
    // The figure as the student left it, for its "Full app ↗" link: the link fragment the app
    // makes of the scene as shown, its mode and step (null before the first frame).
    api.shownFragment = function () {
        if (typeof wasm_exports === "undefined" || !wasm_exports || !wasm_exports.np_full_app_len) {
            return null;
        }
        const n = wasm_exports.np_full_app_len();
        if (!n) {
            return null;
        }
        const ptr = wasm_exports.allocate_vec_u8(n);
        wasm_exports.np_full_app_copy(ptr, n);
        return text(ptr, n);
    };

    // The canvas follows the devicePixelRatio when it changes without a resize of the window
    // (another screen, the page's zoom under emulation): macroquad's loader resizes the canvas
    // only on the window's `resize`. A media query on the current ratio fires once when it
    // changes; then one on the new ratio is set.
    function followPixelRatio() {
        const query = matchMedia("(resolution: " + window.devicePixelRatio + "dppx)");
        query.addEventListener(
            "change",
            function () {
                if (typeof wasm_exports !== "undefined" && wasm_exports) {
                    resize(canvas, wasm_exports.resize);
                }
                followPixelRatio();
            },
            { once: true }
        );
    }
    followPixelRatio();

    miniquad_add_plugin({
        name: "narrowphase_lab",
        version: 1,
        register_plugin: function (importObject) {
            const env = importObject.env;
            env.np_address_len = function () {
                return encoder.encode(address()).length;
            };
            env.np_address_copy = function (ptr, len) {
                copyInto(address(), ptr, len);
            };
            env.np_address_changed = function () {
                const changed = addressChanged;
                addressChanged = false;
                return changed ? 1 : 0;
            };
            env.np_href_len = function () {
                return encoder.encode(location.href).length;
            };
            env.np_href_copy = function (ptr, len) {
                copyInto(location.href, ptr, len);
            };
            env.np_publish_link = function (ptr, len) {
                const url = location.origin + location.pathname + "#" + text(ptr, len);
                // The address bar shows the link (no reload, no hashchange).
                history.replaceState(null, "", url);
                api.link = url;
                if (navigator.clipboard && navigator.clipboard.writeText) {
                    navigator.clipboard.writeText(url).catch(function (e) {
                        console.warn("the link could not be copied to the clipboard:", e);
                    });
                }
            };
            env.np_copy_text = function (ptr, len) {
                const copied = text(ptr, len);
                api.copied = copied;
                if (navigator.clipboard && navigator.clipboard.writeText) {
                    navigator.clipboard.writeText(copied).catch(function (e) {
                        console.warn("the text could not be copied to the clipboard:", e);
                    });
                }
            };
            env.np_download = function (namePtr, nameLen, textPtr, textLen) {
                const name = text(namePtr, nameLen);
                const body = text(textPtr, textLen);
                api.downloads.push({ name: name, text: body });
                const a = document.createElement("a");
                a.href = URL.createObjectURL(new Blob([body], { type: "text/plain" }));
                a.download = name;
                document.body.appendChild(a);
                a.click();
                a.remove();
                setTimeout(function () {
                    URL.revokeObjectURL(a.href);
                }, 10000);
            };
            env.np_pick_file = function () {
                const input = document.createElement("input");
                input.type = "file";
                input.accept = ".ron,text/plain";
                input.addEventListener("change", async function () {
                    for (const file of input.files) {
                        offerFile(file.name, new Uint8Array(await file.arrayBuffer()));
                    }
                });
                input.click();
            };
            // Read every frame: a canvas whose backing pixels no longer match the ratio (it
            // changed without a resize or a media query change) is resized after the frame.
            env.np_device_pixel_ratio = function () {
                const ratio = window.devicePixelRatio || 1;
                const off =
                    Math.abs(canvas.width - canvas.clientWidth * ratio) > 1 ||
                    Math.abs(canvas.height - canvas.clientHeight * ratio) > 1;
                if (off && !resizeDue) {
                    resizeDue = true;
                    setTimeout(function () {
                        resizeDue = false;
                        resize(canvas, wasm_exports.resize);
                    }, 0);
                }
                return ratio;
            };
            env.np_host_pending = function () {
                return hostInbox.length;
            };
            env.np_host_len = function () {
                return hostInbox.length > 0 ? hostInbox[0].length : 0;
            };
            env.np_host_copy = function (ptr, len) {
                const bytes = hostInbox.shift();
                if (bytes) {
                    new Uint8Array(wasm_memory.buffer, ptr, len).set(bytes.subarray(0, len));
                }
            };
            env.np_post_to_host = function (eventPtr, eventLen, targetPtr, targetLen) {
                if (window.parent === window) {
                    return;
                }
                try {
                    window.parent.postMessage(
                        JSON.parse(text(eventPtr, eventLen)),
                        text(targetPtr, targetLen)
                    );
                } catch (e) {
                    warn("an event could not be posted to the page: " + e);
                }
            };
            env.np_warn = function (ptr, len) {
                warn(text(ptr, len));
            };
            env.np_state_wanted = function () {
                return stateWaiters.length > 0 ? 1 : 0;
            };
            env.np_publish_state = function (ptr, len) {
                const state = JSON.parse(text(ptr, len));
                const waiters = stateWaiters;
                stateWaiters = [];
                waiters.forEach(function (resolve) {
                    resolve(state);
                });
            };
        },
    });
    return api;
})();
