// Sync and snapshots: how this tab stands with its followers (or its leader), and the
// encounter's snapshot, shown and loaded by hand; a bad snapshot is refused with a readable
// message and the current state stays as it was. (The game itself is saved as it is played:
// session.js.)
import { Encounter } from "turnkeeper";
import { app, onChange, setEncounter } from "../state.js";
import { beginAction, endAction, traced } from "../code.js";
import { showError } from "../ui.js";

function render(root) {
  const s = app.sync;
  const line = root.querySelector("#sync-status");
  const head = (o) => (o ? `#${o.seq}` : "none");
  const where = `encounter batch ${head(app.enc)}, delve ${head(app.journeys.hyb)}, journey ${head(app.journeys.ose)}, voyage ${head(app.journeys.sea)}, roll #${app.dice.seq}`;
  line.textContent = app.follower
    ? `Following: ${s.applied} batches applied; ${where}. ${s.last}`
    : `Leading: ${s.sent} batches sent; ${where}.`;
  line.dataset.applied = String(s.applied);
  line.dataset.healed = String(s.healed);
}

export function setupState(root) {
  const box = root.querySelector("#snapshot");
  const errorBox = root.querySelector("#state-error");
  const size = root.querySelector("#snap-size");
  onChange(() => render(root));
  root.querySelector("#btn-save").addEventListener("click", () => {
    if (!app.enc) {
      showError(errorBox, new Error("There is no encounter to save yet."));
      return;
    }
    beginAction("save a snapshot");
    const text = JSON.stringify(traced(app.enc, "encounter").toJSON());
    endAction();
    box.value = text;
    size.textContent = `${text.length} bytes`;
    showError(errorBox, null);
  });
  root.querySelector("#btn-load").addEventListener("click", () => {
    beginAction("load a snapshot");
    try {
      const enc = traced(Encounter, "Encounter").fromJSON(box.value.trim());
      setEncounter(enc);
      showError(errorBox, null);
      size.textContent = "Loaded.";
    } catch (e) {
      showError(errorBox, e);
    }
    endAction();
  });
  if (app.follower) for (const b of root.querySelectorAll("button")) b.disabled = true;
  render(root);
}
