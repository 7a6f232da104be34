// A finished deal, step by step: the server sends every step's full picture (the deal is over,
// so nothing is hidden any more) and the rendering of the record.
import { cardElement } from "/static/cards.js";
import { pickLang, words } from "/static/i18n.js";
import { seatToken } from "/static/seat.js";

const [, , tableId, deal] = location.pathname.split("/");
const params = new URLSearchParams(location.hash.slice(1));
// the seat's token (kept by this browser) goes in a header, never in a URL
const auth = { headers: { Authorization: `Bearer ${seatToken(tableId, params)}` } };
const lang = params.get("lang") || pickLang();
const W = words(lang);
let steps = [];
let at = 0;
const $ = (id) => document.getElementById(id);

function show() {
  const s = steps[at];
  $("status").textContent = `${W.deal} ${deal} · ${W.step} ${at}/${steps.length - 1}`;
  $("step").textContent = s.action ? `${s.player}: ${s.action}` : "";
  const hands = $("hands");
  hands.innerHTML = "";
  s.hands.forEach((h, i) => {
    const d = document.createElement("div");
    d.append(`${s.names[i]}: `);
    for (const c of h) d.appendChild(cardElement(c, lang));
    hands.appendChild(d);
  });
  if (s.trick.length) {
    const d = document.createElement("div");
    d.append(`${W.trick}: `);
    for (const c of s.trick) d.appendChild(cardElement(c, lang));
    hands.appendChild(d);
  }
}

function button(text, fn) {
  const b = document.createElement("button");
  b.className = "btn";
  b.textContent = text;
  b.onclick = () => { fn(); show(); };
  return b;
}

const res = await fetch(`/api/tables/${tableId}/deals/${deal}/steps`, auth);
if (!res.ok) {
  $("status").textContent = (await res.json()).detail;
} else {
  const data = await res.json();
  steps = data.steps;
  $("text").textContent = data.text;
  $("controls").append(
    button(W.start, () => { at = 0; }),
    button(W.prev, () => { at = Math.max(0, at - 1); }),
    button(W.next, () => { at = Math.min(steps.length - 1, at + 1); }),
    button(W.end, () => { at = steps.length - 1; }),
  );
  show();
}
