#!/usr/bin/env -S node --no-warnings
// Cargo's runner for wasm32-wasip1 test binaries (.cargo/config.toml): runs one under Node's
// WASI with the arguments cargo gives, so the crate's own Rust tests run on wasm32 with SIMD
// (the `v128` lanes in crate/src/dice/lanes.rs exist only there). The whole file system is
// visible, as for a native test: tests read their vectors by absolute path.
import { readFile } from "node:fs/promises";
import process from "node:process";
import { WASI } from "node:wasi";

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error("usage: wasi-run.mjs TEST.wasm [test arguments]");
  process.exit(2);
}
const wasi = new WASI({
  version: "preview1",
  args: [file, ...args],
  env: process.env,
  preopens: { "/": "/" },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
