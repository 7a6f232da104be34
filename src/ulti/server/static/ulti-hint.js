// Ulti's hint (at a table that is neither rated nor an event's: the view's ``hints``): at my
// turn, a button asks the server what the computer would do from my own cards only
// ({type: "hint", version}); the answer, to this seat alone, is shown under the actions until
// the table moves on: the advised choice, its value and why, in the page's language.
import { el } from "/static/live.js";
import { $, W, lang, live, myTurn, rerender, version } from "/static/table-state.js";

/** The answer's place, in the dock. */
export const DOCK = `  <p id="hintBox" class="hint-box" aria-live="polite" hidden></p>
`;

/** How long a hint may go unanswered before the button may be pressed again. */
const HINT_WAIT = 30000;
let asking = null;  // the question under way: {version, timer}
let shown = null;  // the answer shown: {version, text}

/** The button, at my turn where hints are given ([] elsewhere). */
export function buttons(v) {
  if (!v || !v.hints || !myTurn(v)) return [];
  const b = el("button", "act hint", asking ? W.hintThinking : W.hint);
  b.type = "button";
  b.dataset.action = "hint";
  b.title = W.hintTitle;
  b.disabled = !!asking;
  b.onclick = ask;
  return [b];
}

function ask() {
  if (asking || !live.frame({ type: "hint", version })) return;
  asking = { version, timer: setTimeout(() => answered(null), HINT_WAIT) };
  rerender();
}

/** The server's answer (or none in time): its words shown while the table is where it was. */
export function answered(frame) {
  const q = asking;
  if (!q || (frame && frame.version !== q.version)) return;
  clearTimeout(q.timer);
  asking = null;
  const h = frame && frame.hint;
  let text = W.analysis["err-hint-failed"];
  if (h) text = h.why[lang] || h.why.en;
  else if (frame && frame.message) text = (lang === "hu" && frame.message_hu) || frame.message;
  shown = { version: q.version, text };
  rerender();
}

/** The server refused something (shown as a toast): a hint under way is given up. */
export function refused() {
  if (!asking) return;
  clearTimeout(asking.timer);
  asking = null;
  rerender();
}

/** The answer under the actions, while the table is at the moment it was asked for. */
export function render() {
  const box = $("hintBox");
  const on = !!shown && shown.version === version;
  box.hidden = !on;
  box.textContent = on ? `${W.hint}: ${shown.text}` : "";
}
