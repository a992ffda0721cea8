// Saved games: the list (open, rename, export, delete), import from a file, undo and redo, and
// the status line that says plainly whether the game is being saved.
import { app } from "../state.js";
import {
  canRedo, canUndo, deleteGame, exportGame, importGame, labelAt, listGames, newGame, onSessionChange,
  openGame, redo, renameGame, session, undo,
} from "../session.js";
import { el, showError } from "../ui.js";

/** [state, text] for the status line. */
function status() {
  if (app.follower) return ["follower", "Following another tab: nothing is saved in this one."];
  const game = session.game;
  if (!game) return ["starting", "Opening saved games…"];
  const problem = session.problem;
  if (problem) {
    const retry = problem.kind === "unavailable" ? "" : " Each move tries again.";
    return [problem.kind === "unavailable" ? "memory" : "error",
      `Not saved: ${problem.message}. “${game.name}” goes on in this tab only; export it to keep it.${retry}`];
  }
  if (session.writing > 0) return ["saving", `Saving “${game.name}”…`];
  return ["saved", `Saved in this browser: “${game.name}”, ${game.head} move${game.head === 1 ? "" : "s"}.`];
}

function renderBar() {
  const line = document.getElementById("storage-status");
  const [state, text] = status();
  line.dataset.state = state;
  line.dataset.head = String(session.game?.head ?? 0);
  line.textContent = session.notice ? `${text} ${session.notice}` : text;
  // Undo and redo say what they did (the rows change without any other sign).
  document.getElementById("undo-status").textContent = session.moved;
  const undoBtn = document.getElementById("btn-undo");
  const redoBtn = document.getElementById("btn-redo");
  undoBtn.disabled = app.follower || !canUndo();
  redoBtn.disabled = app.follower || !canRedo();
  const head = session.game?.head ?? 0;
  undoBtn.title = labelAt(head) ? `Undo: ${labelAt(head)}` : "Undo the last move";
  redoBtn.title = labelAt(head + 1) ? `Redo: ${labelAt(head + 1)}` : "Redo the move undone";
}

/** Save `text` as a file the way a page can: a link with `download`, clicked. */
function download(fileName, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: fileName, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const when = (t) => new Date(t).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

async function renderList(root) {
  const body = root.querySelector("#games");
  // Leave the list alone while a name is being typed.
  if (body.contains(document.activeElement) && document.activeElement?.tagName === "INPUT") return;
  const errorBox = root.querySelector("#games-error");
  const run = (fn) => async () => {
    try {
      await fn();
      showError(errorBox, null);
    } catch (e) {
      showError(errorBox, e);
    }
    renderList(root);
  };
  const games = await listGames();
  body.replaceChildren(
    ...games.map((g) => {
      const current = g.id === session.game?.id;
      const del = el("button", { type: "button", class: "secondary", "aria-label": `Delete ${g.name}` }, "Delete");
      del.addEventListener("click", () => {
        if (del.dataset.confirm) return run(() => deleteGame(g.id))();
        del.dataset.confirm = "1";
        del.textContent = "Really delete?";
      });
      return el("tr", { "data-testid": "game", "data-id": g.id, "aria-current": current ? "true" : undefined },
        el("td", {}, el("input", { value: g.name, "aria-label": `Name of ${g.name}`, maxlength: "80", autocomplete: "off",
          onchange: (e) => run(() => renameGame(g.id, e.target.value))() })),
        el("td", { text: String(g.head) }),
        el("td", { text: when(g.updated) }),
        el("td", {},
          el("button", { type: "button", class: "secondary", disabled: current, "aria-label": `${current ? "Playing" : "Open"} ${g.name}`, onclick: run(() => openGame(g.id)) }, current ? "Playing" : "Open"), " ",
          el("button", { type: "button", class: "secondary", "aria-label": `Export ${g.name}`, onclick: run(async () => {
            const { fileName, text } = await exportGame(g.id);
            download(fileName, text);
          }) }, "Export"), " ",
          del),
      );
    }),
  );
}

export function setupGames(root) {
  const errorBox = root.querySelector("#games-error");
  const visible = () => !root.hidden;
  onSessionChange(() => {
    renderBar();
    if (visible()) renderList(root);
  });
  document.getElementById("tab-games").addEventListener("click", () => renderList(root));
  document.getElementById("btn-undo").addEventListener("click", () => undo());
  document.getElementById("btn-redo").addEventListener("click", () => redo());
  root.querySelector("#game-new").addEventListener("click", async () => {
    await newGame();
    showError(errorBox, null);
  });
  root.querySelector("#game-import").addEventListener("change", async (ev) => {
    const input = ev.target;
    const file = input.files?.[0];
    if (!file) return;
    try {
      await importGame(await file.text());
      showError(errorBox, null);
    } catch (e) {
      showError(errorBox, e);
    } finally {
      input.value = "";
      renderList(root);
    }
  });
  if (app.follower) for (const b of root.querySelectorAll("button, input")) b.disabled = true;
  renderBar();
}
