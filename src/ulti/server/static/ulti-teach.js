// Ulti's teaching mode (against computer players, at a table that is not rated; a switch in
// the top bar and in the score sheet's dialog, remembered by this browser, also offered by the
// lobby when a table is made: teaching.js): before a card is sent, the server
// is asked whether it would lose units by the computer's judgement from this seat's cards
// only; a warning opens a dialog (play it anyway, or choose again), no warning sends the card.
import {
  $, W, club, lang, legalOf, live, rerender, seat, send, table, version, view, watchingDeal,
} from "/static/table-state.js";
import { setTeaching, teachingOn } from "/static/teaching.js";

/** The switch in the top bar (the table's menu): pressed while teaching mode is on. */
export const TOOL = `<button type="button" class="tool" id="teachBtn" data-action="teaching" aria-pressed="false" hidden></button>
    `;

/** The switch, in the score sheet's dialog. */
export const SHEET = `
    <label class="teach-toggle" id="teachToggle" hidden><input type="checkbox" id="teachBox">
      <span><b id="teachLabel"></b><span class="muted" id="teachDoc"></span></span></label>
  `;
/** The question before a card that loses units. */
export const DIALOG = `
<!-- teaching mode: before a card that loses units, ask first and say why -->
<dialog id="teachDialog" aria-labelledby="teachTitle">
  <div class="dialog-body"><h2 id="teachTitle"></h2><p id="teachWhy"></p></div>
  <div class="dialog-foot">
    <button type="button" class="btn secondary" data-action="take-back" id="teachBack"></button>
    <button type="button" class="btn" data-action="play-anyway" id="teachPlay"></button>
  </div>
</dialog>`;

/** How long a teaching question may go unanswered before the person decides without it. */
const TEACH_WAIT = 20000;
let teaching = teachingOn();
let asking = null;  // the question under way: {card, action, version, timer}
let warned = null;  // the card the dialog asks about: {card, action, version}

/** Whether a question is under way (the prompt says so). */
export const checking = () => !!asking;

/** Whether teaching mode may ask here: a seat (not watching, not sitting this deal out) at a
 * table that is not rated, where another seat is a computer player. */
function teachable(v) {
  if (watchingDeal() || !v || v.rated) return false;
  return table.players.some((_, s) => s !== seat && club.playerAt(s).kind === "bot");
}

/** A card chosen: sent at once, or, in teaching mode, after the server's answer. */
export function playCard(card, action) {
  const v = view;
  const cards = legalOf("play").length;
  if (!teaching || !teachable(v) || cards < 2) { send(action); return; }
  if (asking || warned) return;  // one question at a time
  const frame = { type: "teach", card, version };
  const threshold = Number(localStorage.getItem("ulti-teach-threshold"));
  if (threshold > 0) frame.threshold = threshold;
  if (!live.frame(frame)) return;
  asking = { card, action, version, timer: setTimeout(() => answered(null, true), TEACH_WAIT) };
  document.body.dataset.teach = "asking";
  $("prompt").textContent = W.analysis["web-checking"];
}

/** The server's answer (or none in time): the card goes, or the dialog asks. */
export function answered(frame, failed = false) {
  const q = asking;
  if (!q || (frame && (frame.card !== q.card || frame.version !== q.version))) return;
  clearTimeout(q.timer);
  asking = null;
  delete document.body.dataset.teach;
  if (q.version !== version) { rerender(); return; }  // the table moved on meanwhile
  if (!failed && frame && !frame.failed && !frame.warning) { send(q.action); return; }
  warned = q;
  const why = frame && frame.warning
    ? (frame.warning.why[lang] || frame.warning.why.en) : W.analysis["web-teach-failed"];
  $("teachWhy").textContent = why;
  label();
  document.body.dataset.teach = "warned";
  if (!$("teachDialog").open) $("teachDialog").showModal();
  rerender();
}

/** The server refused something (shown as a toast): a teaching question under way is given
 * up, and the person chooses again. */
export function refused() {
  if (!asking) return;
  clearTimeout(asking.timer);
  asking = null;
  delete document.body.dataset.teach;
  rerender();
}

/** A new view: the moment a warning asked about is gone. */
export function moved() {
  if (warned && warned.version !== version) closeWarning(false);
}

function closeWarning(play) {
  const w = warned;
  warned = null;
  delete document.body.dataset.teach;
  if ($("teachDialog").open) $("teachDialog").close();
  if (play && w && w.version === version) send(w.action);
  else rerender();
}

/** The switch's and the dialog's words, and whether the switch is offered here. */
export function label() {
  const A = W.analysis;
  $("teachTitle").textContent = A.sure;
  $("teachPlay").textContent = A["play-anyway"];
  $("teachBack").textContent = A["take-back"];
  $("teachLabel").textContent = A.teaching;
  $("teachDoc").textContent = ` ${A["teaching-doc"]}`;
  $("teachToggle").hidden = !teachable(view);
  $("teachBox").checked = teaching;
  const tool = $("teachBtn");
  tool.textContent = A.teaching;
  tool.title = A["teaching-doc"];
  tool.hidden = !teachable(view);
  tool.setAttribute("aria-pressed", String(teaching));
}

function turn(on) {
  teaching = on;
  setTeaching(on);
  label();
}

export function setup() {
  $("teachBox").onchange = (e) => turn(e.target.checked);
  $("teachBtn").onclick = () => turn(!teaching);
  $("teachPlay").onclick = () => closeWarning(true);
  $("teachBack").onclick = () => closeWarning(false);
  const dialog = $("teachDialog");
  dialog.addEventListener("cancel", (e) => { e.preventDefault(); closeWarning(false); });
  dialog.addEventListener("click", (e) => { if (e.target === dialog) closeWarning(false); });  // choose again
}
