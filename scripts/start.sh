#!/bin/sh
# The server as production runs it (`npm start` after the build; the systemd unit in docs/operations.md runs this
# file too). glibc reads its malloc settings only when a process starts, so they are set here, before node
# (docs/operations.md "Memory"). Node's flags: a young generation of 2 × 4 MB, and a full collection once the old
# generation has grown 30 % past what the last one left, and an old generation of at most 256 MB: the process fits
# a 512 MB memory limit (systemd MemoryMax=512M, a container's 512m) with room for photos and the binary
# (docs/operations.md "Memory"; bench/memory-burst.mjs measures it). No --enable-source-maps (about 20 MB of heap):
# `npm run cli -- stack` maps a logged stack trace to src/; NODE_OPTIONS=--enable-source-maps while debugging.
cd "$(dirname "$0")/.." || exit 1
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
# The pinned Node 24 of node_modules (npm puts it first on PATH anyway; systemd does not).
NODE=node_modules/.bin/node
[ -x "$NODE" ] || NODE=node
exec "$NODE" --max-semi-space-size=4 --heap-growing-percent=30 --max-old-space-size=256 dist/server.js
