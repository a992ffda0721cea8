// A small static file server for the demo and the browser tests. Serves the repository root on
// 127.0.0.1 only (so `/node_modules/turnkeeper/…` resolves through the npm workspace link,
// exactly as a page without a bundler would load the package). Run: node scripts/serve.mjs [port]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { precacheSource } from "./demo-precache.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** @type {Record<string, string>} */
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".map": "application/json; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};

/**
 * Resolve a URL path inside `root`, refusing anything that escapes it.
 * @param {string} root
 * @param {string} urlPath
 */
function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split("?")[0] ?? "/");
  } catch {
    return null;
  }
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return full;
}

/** Start serving `root`; resolves to the running server and its base URL. */
export function startServer({ port = 0, root = ROOT } = {}) {
  const server = createServer(async (req, res) => {
    if ((req.url ?? "/") === "/") {
      res.writeHead(302, { location: "/demo/" });
      res.end();
      return;
    }
    let path = resolvePath(root, req.url ?? "/");
    if (!path) {
      res.writeHead(400).end("bad path");
      return;
    }
    try {
      // The service worker's file list, made from the files as they are now (so an edited
      // demo or a rebuilt package gets a new cache without a separate step).
      const generated = path === join(root, "demo", "precache.js") ? precacheSource(root) : undefined;
      if (generated === undefined && (await stat(path)).isDirectory()) path = join(path, "index.html");
      const body = generated ?? (await readFile(path));
      res.writeHead(200, {
        "content-type": TYPES[extname(path)] ?? "application/octet-stream",
        "cache-control": "no-store",
        // Owlbear Rodeo fetches an extension's manifest from its own origin (tests/browser/owlbear).
        "access-control-allow-origin": "*",
      });
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  startServer({ port }).then(
    ({ url }) => console.log(`Turnkeeper demo: ${url}/demo/  API reference: ${url}/docs/api/  (Ctrl+C to stop)`),
    (e) => {
      console.error(`could not listen on 127.0.0.1:${port}: ${e.message} (set PORT to another port)`);
      process.exit(1);
    },
  );
}
