// A finished deal, step by step: the server sends every step's full picture (the deal is over,
// so nothing is hidden any more) and the rendering of the record.  Every word in the page's
// language (the record's text, in the notation's English, only on an English page).
import { accountBar } from "/static/account.js";
import { cardElement } from "/static/cards.js";
import { errorText, pickLang, words } from "/static/i18n.js";
import { seatToken } from "/static/seat.js";

const [, , tableId, deal] = location.pathname.split("/");
const params = new URLSearchParams(location.hash.slice(1));
// the seat's token (kept by this browser) goes in a header, never in a URL
const auth = { headers: { Authorization: `Bearer ${seatToken(tableId, params)}` } };
const lang = params.get("lang") || pickLang();
const W = words(lang);
const hu = lang === "hu";
let steps = [];
let at = 0;
const $ = (id) => document.getElementById(id);

// -- an action's text in words (the server's title where a step has one) -----------------

// Each step comes with its action's words in both languages (the server's titles): this page
// parses no action text.
function describe(step) {
  return (hu ? step.title_hu : step.title) || step.action || "";
}

// -- the picture ------------------------------------------------------------------------

function row(label, cards, cls) {
  const d = document.createElement("div");
  d.className = `replay-row ${cls || ""}`;
  const b = document.createElement("b");
  b.textContent = label;
  d.appendChild(b);
  const box = document.createElement("div");
  box.className = "replay-cards";
  for (const c of cards) box.appendChild(cardElement(c, lang));
  d.appendChild(box);
  return d;
}

function show() {
  const s = steps[at];
  $("status").textContent = `${W.deal} ${deal} · ${W.step} ${at}/${steps.length - 1}`;
  $("step").textContent = s.action ? `${s.player}: ${describe(s)}` : "";
  const hands = $("hands");
  hands.innerHTML = "";
  s.hands.forEach((h, i) => hands.appendChild(row(s.names[i], h)));
  if (s.trick.length) hands.appendChild(row(W.trick, s.trick, "trick"));
  if (s.talon && s.talon.length) hands.appendChild(row(W.talon, s.talon, "talon"));
  for (const b of $("controls").children) {
    b.disabled = (b.dataset.step === "back" && at === 0) ||
      (b.dataset.step === "on" && at === steps.length - 1);
  }
}

function button(text, kind, fn) {
  const b = document.createElement("button");
  b.className = "btn";
  b.type = "button";
  b.textContent = text;
  b.dataset.step = kind;
  b.onclick = () => { fn(); show(); };
  return b;
}

document.documentElement.lang = lang;
accountBar($("account"), { lang: () => lang });
const res = await fetch(`/api/tables/${tableId}/deals/${deal}/steps`, auth);
if (!res.ok) {
  let body = {};
  try { body = await res.json(); } catch (e) { /* not JSON */ }
  $("status").textContent = errorText(body, lang) || String(res.status);
} else {
  const data = await res.json();
  steps = data.steps;
  if (!hu || data.text_hu) {  // the record's text: only in the page's language
    $("text").textContent = hu ? data.text_hu : data.text;
    $("recordTitle").textContent = W.recordText || W.records;
    $("record").hidden = false;
  }
  $("controls").append(
    button(W.start, "back", () => { at = 0; }),
    button(W.prev, "back", () => { at = Math.max(0, at - 1); }),
    button(W.next, "on", () => { at = Math.min(steps.length - 1, at + 1); }),
    button(W.end, "on", () => { at = steps.length - 1; }),
  );
  addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") { at = Math.min(steps.length - 1, at + 1); show(); }
    if (e.key === "ArrowLeft") { at = Math.max(0, at - 1); show(); }
  });
  show();
}
