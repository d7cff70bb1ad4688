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
