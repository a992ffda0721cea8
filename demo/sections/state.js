// Show and load encounter snapshots (the game itself is saved as it is played: session.js); a
// bad snapshot is refused with a readable message and the current state stays as it was.
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
    showError(errorBox, null);
  });
  root.querySelector("#btn-load").addEventListener("click", () => {
    try {
      const enc = Encounter.fromJSON(box.value.trim());
      setEncounter(enc);
      showError(errorBox, null);
      size.textContent = "Loaded.";
    } catch (e) {
      showError(errorBox, e);
    }
  });
  if (app.follower) for (const b of root.querySelectorAll("button")) b.disabled = true;
}
