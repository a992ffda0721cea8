// A question the page must ask before it does something a GM may not mean (skipping turns,
// replacing a running fight): a modal <dialog>, so the browser traps focus in it, Escape
// cancels, and a screen reader announces its title and text.
import { el } from "./ui.js";

let counter = 0;

/**
 * Ask, and resolve to true for `yes`, false for `no` or Escape. The dialog names itself by its
 * title and describes itself by its text.
 * @param {{ title: string, text: string, yes: string, no: string }} question
 * @returns {Promise<boolean>}
 */
export function confirmDialog({ title, text, yes, no }) {
  const n = ++counter;
  const yesButton = el("button", { type: "submit", value: "yes", "data-testid": "confirm-yes" }, yes);
  const noButton = el("button", { type: "submit", value: "no", class: "secondary", "data-testid": "confirm-no" }, no);
  const dialog = el("dialog", { class: "confirm", "aria-labelledby": `confirm-title-${n}`, "aria-describedby": `confirm-text-${n}`, "data-testid": "confirm" },
    el("form", { method: "dialog" },
      el("h2", { id: `confirm-title-${n}`, text: title }),
      el("p", { id: `confirm-text-${n}`, text }),
      el("div", { class: "row buttons" }, noButton, yesButton)));
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "yes");
      dialog.remove();
    }, { once: true });
    dialog.showModal();
    // The safe answer has the focus: Enter alone does not skip turns or drop a fight.
    noButton.focus();
  });
}
