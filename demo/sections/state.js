// Save and load snapshots; a bad snapshot is refused with a readable message and the current
// state stays as it was.
import { Encounter } from "turnkeeper";
import { app, setEncounter } from "../state.js";
import { showError } from "../ui.js";

export function setupState(root) {
  const box = root.querySelector("#snapshot");
  const errorBox = root.querySelector("#state-error");
  const size = root.querySelector("#snap-size");
  root.querySelector("#btn-save").addEventListener("click", () => {
    if (!app.enc) {
      showError(errorBox, new Error("There is no encounter to save yet."));
      return;
    }
    const text = JSON.stringify(app.enc);
    box.value = text;
    size.textContent = `${text.length} bytes`;
    try {
      localStorage.setItem("turnkeeper-demo-snapshot", text);
    } catch {
      /* storage may be unavailable (private mode); the textarea still holds it */
    }
    showError(errorBox, null);
  });
  root.querySelector("#btn-load").addEventListener("click", () => {
    try {
      const enc = Encounter.fromJSON(box.value.trim() || localStorage.getItem("turnkeeper-demo-snapshot") || "");
      setEncounter(enc);
      showError(errorBox, null);
      size.textContent = "Loaded.";
    } catch (e) {
      showError(errorBox, e);
    }
  });
  if (app.follower) for (const b of root.querySelectorAll("button")) b.disabled = true;
}
