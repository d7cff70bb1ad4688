#!/usr/bin/env bash
# Builds the browser version into dist/: our index.html, lesson.html (a short lesson whose
# figures are the app embedded with `&embed=1`) and narrowphase.js, macroquad's JS loader from
# the macroquad crate this build uses, and the size-optimised wasm. Serve dist/ from any static
# host, e.g. `python3 -m http.server -d dist`.
#
# The wasm is built in target/web (its own target folder, so that a build started from a test
# that cargo is running does not wait on cargo's lock of target/). wasm-opt (Debian's
# `binaryen`) shrinks it further when it is installed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target_dir="${NARROWPHASE_WEB_TARGET:-$root/target/web}"
out="${1:-$root/dist}"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
# The `web` profile (Cargo.toml): release with link-time optimisation and no symbols.
cargo build --profile web --target wasm32-unknown-unknown --target-dir "$target_dir" \
    --bin narrowphase-lab

# The loader ships inside the macroquad crate we build with.
macroquad_dir="$(cargo metadata --format-version 1 --locked \
    | python3 -c 'import json,sys; m=json.load(sys.stdin); print(next(p["manifest_path"] for p in m["packages"] if p["name"]=="macroquad").rsplit("/",1)[0])')"

mkdir -p "$out"
cp web/index.html web/lesson.html web/narrowphase.js "$out/"
cp "$macroquad_dir/js/mq_js_bundle.js" "$out/"
wasm="$target_dir/wasm32-unknown-unknown/web/narrowphase-lab.wasm"
if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$wasm" -o "$out/narrowphase-lab.wasm"
else
    echo "web/build.sh: wasm-opt not found (apt-get install binaryen): the wasm is not shrunk further" >&2
    cp "$wasm" "$out/narrowphase-lab.wasm"
fi
bytes=$(wc -c <"$out/narrowphase-lab.wasm")
gz=$(gzip -9 -c "$out/narrowphase-lab.wasm" | wc -c)
echo "web/build.sh: wrote $out (narrowphase-lab.wasm: $bytes bytes, $gz gzipped)"
