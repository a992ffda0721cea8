// Offline use: registers the service worker (sw.js), which caches the page, the package and
// its .wasm, and says when the page works offline or a newer version has been installed.

/** @param {(state: string, text: string) => void} show */
export function registerOffline(show) {
  const sw = navigator.serviceWorker;
  if (!sw) {
    show("unsupported", isSecureContext ? "This browser cannot keep the page for offline use." : "Offline use needs https or localhost.");
    return;
  }
  // The first worker taking over a page it did not load is no news; a later one is a new build.
  let controlled = !!sw.controller;
  sw.register("./sw.js").catch((e) => {
    // Offline, checking for a new version fails; the cached page is still the page.
    if (!sw.controller) show("failed", `Offline use is not available: ${e instanceof Error ? e.message : String(e)}`);
  });
  sw.ready.then(() => show("ready", "Works offline."));
  sw.addEventListener("controllerchange", () => {
    if (controlled) show("updated", "A new version is installed: reload to use it.");
    controlled = true;
  });
}
