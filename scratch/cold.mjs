import { openBrowser } from "../tests/browser/harness.mjs";
const browser = await openBrowser();
const rows = [];
for (let i = 0; i < 7; i++) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.goto(`${browser.url}/demo/blank.html`);
  rows.push(await page.evaluate(async () => {
    const r = Math.random();
    const t0 = performance.now();
    const res = await fetch(`/node_modules/turnkeeper/dist/wasm/turnkeeper_bg.wasm?r=${r}`);
    const bytes = await res.arrayBuffer();
    const t1 = performance.now();
    const mod = await WebAssembly.compile(bytes);
    const t2 = performance.now();
    const tk = await import(`/node_modules/turnkeeper/dist/core-only.js?run=${r}`);
    const t3 = performance.now();
    await tk.init(mod);
    const t4 = performance.now();
    tk.roll("1d20", { seed: 1 });
    const t5 = performance.now();
    return { fetch: t1 - t0, compile: t2 - t1, importJs: t3 - t2, init: t4 - t3, roll: t5 - t4 };
  }));
  await page.close();
}
await browser.close();
for (const k of Object.keys(rows[0])) console.log(k, rows.map((r) => r[k].toFixed(1)).join(" "));
