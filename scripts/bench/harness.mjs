// Minimal benchmark harness: each case runs in batches until a time budget is spent; we report
// the median ns/op over batches. Everything runs side by side in one process so the machine's
// state is shared fairly between libraries.

/** Prevent dead-code elimination of results. */
export let sink = 0;

/**
 * @param {() => unknown} fn
 * @param {{ batches?: number, minBatchMs?: number, warmupMs?: number }} [opts]
 * @returns {number} median nanoseconds per call
 */
export function measure(fn, { batches = 15, minBatchMs = 40, warmupMs = 300 } = {}) {
  // Warm up first: V8 runs new wasm and JS in baseline tiers and optimises hot code later, so
  // a slow call (a 500-combatant round takes milliseconds) would otherwise be measured mostly
  // before that happens.
  const w0 = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - w0) / 1e6 < warmupMs) consume(fn());
  // Calibrate the batch size.
  let n = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) consume(fn());
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (ms >= minBatchMs) break;
    n *= 2;
  }
  const samples = [];
  for (let b = 0; b < batches; b++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) consume(fn());
    samples.push(Number(process.hrtime.bigint() - t0) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? NaN;
}

/**
 * Like `measure`, but each call of `fn` is followed by `reset()` on a clock of its own: for a
 * step that must be undone before it can run again (closing a round so the next one can be
 * declared), where the undoing is not part of what the budget covers.
 * @param {() => unknown} fn
 * @param {() => unknown} reset
 * @param {{ batches?: number, minBatchMs?: number, warmupMs?: number }} [opts]
 * @returns {{ fn: number, reset: number }} median nanoseconds per call of each, from the same batches
 */
export function measureWithReset(fn, reset, { batches = 15, minBatchMs = 40, warmupMs = 300 } = {}) {
  const w0 = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - w0) / 1e6 < warmupMs) consume(fn()), consume(reset());
  /** @param {number} n @returns {[number, number]} ns spent in `fn` and in `reset` over n calls */
  const run = (n) => {
    let spent = 0n;
    let undoing = 0n;
    for (let i = 0; i < n; i++) {
      const t0 = process.hrtime.bigint();
      consume(fn());
      const t1 = process.hrtime.bigint();
      consume(reset());
      spent += t1 - t0;
      undoing += process.hrtime.bigint() - t1;
    }
    return [Number(spent), Number(undoing)];
  };
  let n = 1;
  while (run(n)[0] / 1e6 < minBatchMs) n *= 2;
  const samples = [];
  for (let b = 0; b < batches; b++) samples.push(run(n).map((x) => x / n));
  const median = (/** @type {number[]} */ xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  return { fn: median(samples.map((x) => x[0] ?? NaN)), reset: median(samples.map((x) => x[1] ?? NaN)) };
}

/** @param {unknown} v */
function consume(v) {
  sink = (sink + (typeof v === "number" ? v : v ? 1 : 0)) | 0;
}

/** @param {number} ns */
export function fmt(ns) {
  if (!Number.isFinite(ns)) return "n/a";
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/**
 * Print a table. `rows`: [label, ...cells].
 * @param {string[]} header
 * @param {string[][]} rows
 */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}
