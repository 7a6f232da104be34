// The Snapszli table (docs/SNAPSZLI.md), seen from one of its two seats.  The server is
// authoritative: this page shows the view it is sent (its seat's projection, Z13: never the
// other hand nor the talon's cards) and sends action texts with the version it saw — the
// protocol of the Ulti table (table.js).
//
// Laid out like the Ulti table: the opponent at the top (card backs and their count, tricks,
// announced marriages), the talon with the turned trump card (or "closed") and the trick in
// the centre, my hand and what I may do pinned at the bottom; the match score and trump in the
// top bar; the end of a deal, the score sheet and the log as dialogs.  Every word comes from
// the catalogue (/api/words: the web section, and Snapszli's own words in W.snap).
import { SUITS, cardElement, cardStyle, rankOf, setCardStyle, suitOf } from "/static/cards.js";
import { fill, pickLang, words } from "/static/i18n.js";
import { guestName, tableClub, whoAmI } from "/static/club.js";
import { el, liveSeat, renderRecords, toast } from "/static/live.js";
import { seatToken } from "/static/seat.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
// a seat, or watching (#watch): a spectator sees seat 0 at the bottom, its cards face down
const { seat, token, watching } = await whoAmI(tableId, params, seatToken);

let lang = params.get("lang") || pickLang();
let W = words(lang);
let S = W.snap;
let view = null;
let table = null;
// The last version this page has seen (a reload starts from nothing: the whole deal is sent).
let version = -1;
let live = null;  // the seat's connection (live.js)
let club = null;  // the chat, the watchers, the creator's controls, the rematch (club.js)
let dismissed = 0;  // the deal whose end was seen (its dialog closed)
let shownDeal = 0;  // the deal this page showed last
const log = [];

const $ = (id) => document.getElementById(id);
const hu = () => lang === "hu";


// -- words --------------------------------------------------------------------------------

function cardName(c) {
  const s = W.suits[suitOf(c)];
  const r = W.ranks[rankOf(c)];
  return W.of ? fill(W.of, { rank: r, suit: s }) : `${s} ${r}`;
}
const suitWords = (s) => `${SUITS[s]} ${W.suits[s]}`;
function name(s) {
  if (!table || s < 0 || !table.players[s]) return "";
  const p = club ? club.playerAt(s) : table.players[s];
  if (p.kind === "open" || table.players[s].kind === "open") return W.club["free-seat"];
  return table.players[s].name || p.name || "";
}
/** Whether the person here may act now (never a spectator, never while a seat is free). */
const myTurn = (v) => !watching && v.current_player === seat && !v.over && !v.waiting;
/** A {title, title_hu} pair in the page's language. */
function titled(x) { return (hu() ? x.title_hu : x.title) || x.title || x.action || ""; }
function endText(o) { return o ? (hu() ? o.text_hu : o.text) : ""; }

function botKind(p) {
  if (!p || p.kind !== "bot") return "";
  const k = W[`bot_${String(p.spec || "").split(":")[0]}`];
  return k ? `${W.bot} · ${k}` : W.bot;
}

// -- the connection -----------------------------------------------------------------------




function receive(frame) {
  if (frame.table) table = frame.table;
  if (club.frame(frame)) return;
  if (frame.type === "sync") log.length = 0;
  for (const ev of frame.events || []) log.push(ev);
  if (frame.event) log.push(frame.event);
  if (frame.view) {
    if (view && frame.view.deal_number !== view.deal_number) shownDeal = view.deal_number;
    view = frame.view;
    version = frame.version;
    live.version = version;
    if (frame.type === "sync" && !params.get("lang") && !localStorage.getItem("ulti-lang")) {
      setLang(table.lang);
      club.relabel();
    }
    render();
  } else if (frame.table && view) {
    render();
  }
}

function send(action) { live.send(action); }

function setLang(l) {
  lang = l;
  W = words(lang);
  S = W.snap;
  $("langSelect").value = lang;
}

// -- rendering ----------------------------------------------------------------------------

function render() {
  document.documentElement.lang = lang;
  const v = view;
  document.body.dataset.version = String(version);
  document.body.dataset.turn = myTurn(v) ? "me" : "other";
  document.body.dataset.watching = String(watching);
  document.body.dataset.sessionOver = String(!!(v.match_over && v.over));
  club.update(v, table);
  document.body.dataset.deal = String(v.deal_number);
  renderTop(v);
  renderOpponent(v);
  renderStock(v);
  renderTrick(v);
  renderMe(v);
  renderHand(v);
  renderActions(v);
  renderLog();
  renderSheet(v);
  renderEnd(v);
  document.documentElement.style.setProperty("--dock-h", `${$("dock").offsetHeight}px`);
}

function scoreText(v) {
  return fill(S.score, {
    a: name(0), b: name(1), x: v.totals[0], y: v.totals[1], target: v.match_points,
  });
}

function renderTop(v) {
  $("status").textContent = fill(S.status, { n: v.deal_number, name: name(v.dealer) });
  const box = $("contract");
  box.innerHTML = "";
  box.appendChild(el("span", "chip contract-chip score-chip", scoreText(v)));
  box.appendChild(el("span", "chip trump-chip", fill(S.trump, { suit: suitWords(v.trump) })));
  if ((v.closed_by >= 0 || v.talon_size === 0) && !v.over) {
    box.appendChild(el("span", "chip kontra-chip", S.strict));
  }
  $("sheetBtn").textContent = W.scores;
  $("logBtn").textContent = W.log;
}

// A card's back, from the faces' sprite.
function cardBack(cls = "back") {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("viewBox", "0 0 60 90");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `/cards/${cardStyle()}-${hu() ? "hu" : "en"}.svg#back`);
  svg.appendChild(use);
  return svg;
}

function marriageChips(v, s) {
  return v.marriages.filter(([who]) => who === s)
    .map(([, suit]) => `${suit === v.trump ? 40 : 20} ${SUITS[suit]}`);
}

function renderOpponent(v) {
  const s = 1 - seat;
  const box = $("seatTop");
  box.innerHTML = "";
  box.dataset.seat = String(s);
  box.classList.toggle("turn", v.current_player === s && !v.over && !v.waiting);
  const head = el("div", "seat-head");
  head.appendChild(el("span", "seat-name", name(s)));
  if (v.dealer === s) head.appendChild(el("span", "badge dealer", W.dealer));
  const kind = table && botKind(table.players[s]);
  if (kind) head.appendChild(el("span", "seat-kind muted", kind));
  box.appendChild(head);
  const row = el("div", "opp-row");
  const backs = el("div", "backs");
  backs.setAttribute("aria-hidden", "true");
  for (let i = 0; i < v.hand_sizes[s]; i++) backs.appendChild(cardBack());
  row.appendChild(backs);
  row.appendChild(el("span", "count", fill(S.cards, { n: v.hand_sizes[s] })));
  row.appendChild(el("span", "taken muted", fill(S.tricks, { n: v.tricks[s] })));
  box.appendChild(row);
  const extra = club.seatExtras(s);
  if (extra) box.appendChild(extra);
  // the marriages announced, and their shown cards the opponent still holds (Z7, Z13)
  const chips = marriageChips(v, s);
  const mine = new Set(v.hand || []);
  const held = v.shown.filter((c) => !mine.has(c));
  if (chips.length || held.length) {
    const c = el("div", "chips");
    c.appendChild(el("span", "muted", `${S.announced}:`));
    for (const t of chips) c.appendChild(el("span", "chip small", t));
    for (const card of held) c.appendChild(cardElement(card, lang));
    box.appendChild(c);
  }
}

// The talon: its size (a pile of backs), the turned trump card beside it while it lies face
// up, "closed" or "used up" otherwise.
function renderStock(v) {
  const box = $("stock");
  box.innerHTML = "";
  const pile = el("div", "pile");
  if (v.talon_size > 0) {
    const backs = el("div", "pile-backs");
    backs.setAttribute("aria-hidden", "true");
    const layers = Math.min(3, Math.max(1, Math.ceil(v.talon_size / 4)));
    for (let i = 0; i < layers; i++) backs.appendChild(cardBack("pile-back"));
    pile.appendChild(backs);
    if (v.turned >= 0) {
      const t = cardElement(v.turned, lang);
      t.classList.add("turned");
      t.title = `${S.turned}: ${cardName(v.turned)}`;
      pile.appendChild(t);
    }
  }
  box.appendChild(pile);
  let line;
  if (v.closed_by >= 0 && v.talon_size > 0) line = fill(S.closed, { name: name(v.closed_by) });
  else if (v.talon_size > 0) line = fill(S.talon, { n: v.talon_size });
  else line = S["talon-empty"];
  box.appendChild(el("div", "stock-line muted", line));
}

// The trick: the opponent's card above, mine below.  Between tricks, the last one stays (its
// two cards, the winner's marked) until the next card is led.
function lastTrick(v) {
  const plays = v.history.filter((m) => m.action.kind === "play");
  if (v.trick.length || plays.length < 2 || plays.length % 2) return null;
  const [a, b] = plays.slice(-2);
  return { cards: [{ seat: a.seat, card: a.action.card }, { seat: b.seat, card: b.action.card }],
    winner: v.leader };
}

function renderTrick(v) {
  const box = $("trick");
  box.innerHTML = "";
  let now;
  let done = false;
  if (v.trick.length) {
    now = { cards: v.trick.map((card, i) => ({ seat: i === 0 ? v.leader : 1 - v.leader, card })),
      winner: -1 };
  } else {
    now = lastTrick(v);
    done = !!now;
    if (!now) now = { cards: [], winner: -1 };
  }
  box.classList.toggle("done", done);
  box.appendChild(el("div", "trick-title muted", done ? S["last-trick"] : ""));
  for (const s of [1 - seat, seat]) {
    const slot = el("div", `slot ${s === seat ? "me" : "top"}`);
    slot.dataset.seat = String(s);
    const played = now.cards.find((x) => x.seat === s);
    if (played) {
      slot.appendChild(cardElement(played.card, lang));
      if (now.winner === s) slot.classList.add("winner");
    } else {
      slot.classList.add("empty");
      if (s === v.current_player && !v.over) slot.classList.add("next");
      slot.appendChild(el("span", "placeholder"));
    }
    slot.appendChild(el("span", "slot-name", name(s)));
    box.appendChild(slot);
  }
}

function renderMe(v) {
  const parts = [watching ? `${W.club.watching}: ${name(seat)}` : name(seat)];
  if (v.dealer === seat) parts.push(W.dealer);
  parts.push(fill(S.tricks, { n: v.tricks[seat] }));
  if (v.own_points !== null && v.own_points !== undefined) {
    parts.push(fill(S["my-points"], { n: v.own_points }));
  }
  const chips = marriageChips(v, seat);
  if (chips.length) parts.push(`${S.announced}: ${chips.join(", ")}`);
  $("me").textContent = parts.join(" · ");
  const mine = myTurn(v);
  $("dock").classList.toggle("turn", mine);
  $("prompt").textContent = promptText(v, mine);
}

function promptText(v, mine) {
  if (v.waiting) {
    const free = (v.players || table.players).filter((p) => p.kind === "open").length;
    return fill(W.club["free-seats"], { n: free });
  }
  if (v.over) {
    return v.match_over ? fill(S["match-won"], { name: name(v.match_winner) })
      : fill(S["deal-over"], { n: v.deal_number });
  }
  if (!mine) return fill(S.waiting, { name: name(v.current_player) });
  if (v.pending >= 0) return fill(S["marriage-card"], { suit: suitWords(v.pending) });
  if (v.trick.length) return fill(S.answer, { card: cardName(v.trick[0]) });
  return S.lead;
}

function reasonText(r) {
  if (!r) return W.notNow;
  return (hu() ? r.hu : r.en) || r.en || W.notNow;
}

function renderHand(v) {
  const box = $("hand");
  box.innerHTML = "";
  const mine = myTurn(v);
  box.classList.toggle("watch-hand", watching);
  if (watching) {  // the bottom seat's cards, face down
    const backs = el("div", "backs");
    backs.setAttribute("aria-hidden", "true");
    for (let i = 0; i < v.hand_sizes[seat]; i++) backs.appendChild(cardBack());
    box.appendChild(backs);
    box.appendChild(el("span", "count", fill(S.cards, { n: v.hand_sizes[seat] })));
    const extra = club.seatExtras(seat);
    if (extra) box.appendChild(extra);
    return;
  }
  const plays = new Map((v.legal || []).filter((a) => a.kind === "play").map((a) => [a.card, a.action]));
  for (const c of v.hand || []) {
    const b = cardElement(c, lang, { button: true });
    b.type = "button";
    if (mine && !plays.has(c)) {
      b.classList.add("dim");  // still tappable: a tap says why it may not be played (Z4-Z7)
      b.title = `${b.title} — ${reasonText((v.reasons || {})[c])}`;
    }
    if (plays.has(c)) b.dataset.action = plays.get(c);
    b.onclick = () => {
      if (plays.has(c)) send(plays.get(c));
      else if (mine) toast(reasonText((v.reasons || {})[c]));
    };
    box.appendChild(b);
  }
  layoutHand();
}

// The hand in one row where its cards stay big enough for a finger, else in two even rows.
function layoutHand() {
  const box = $("hand");
  const n = box.children.length;
  if (!n) return;
  const style = getComputedStyle(box);
  const gap = parseFloat(style.columnGap) || 4;
  const max = parseFloat(style.getPropertyValue("--cw-max")) || 90;
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const size = (cols) => (width - (cols - 1) * gap) / cols;
  const cols = size(n) >= 56 ? n : Math.ceil(n / 2);
  const side = matchMedia("(orientation: landscape) and (max-height: 520px)").matches;
  const tall = (innerHeight * (side ? 0.28 : 0.2)) / 1.5;
  box.style.setProperty("--cols", String(cols));
  box.style.setProperty("--cw", `${Math.floor(Math.max(44, Math.min(max, tall, size(cols))))}px`);
}

function renderActions(v) {
  const box = $("actions");
  box.innerHTML = "";
  const again = v.match_over && v.over ? club.rematchButton(true) : null;
  if (again) box.appendChild(again);
  if (!myTurn(v)) return;
  for (const a of v.legal) {
    if (a.kind === "play") continue;
    const b = el("button", `act ${a.kind}`, titled(a));
    b.type = "button";
    b.dataset.action = a.action;
    if (a.kind === "marriage") b.classList.add(`suit-${a.suit}`);
    b.onclick = () => send(a.action);
    box.appendChild(b);
  }
  if (v.hint) {  // what a careful player would do, and why (not at a rated table)
    const h = el("button", "act hint", S.hint);
    h.type = "button";
    h.onclick = () => toast(`${S.hint}: ${(hu() ? v.hint.hu : v.hint.en) || v.hint.en}`);
    box.appendChild(h);
  }
}

function renderLog() {
  $("logTitle").textContent = W.log;
  $("closeLog").textContent = W.close;
  const box = $("log");
  box.innerHTML = "";
  let deal = -1;
  for (const ev of log.slice(-150)) {
    if (ev.deal !== deal) {
      deal = ev.deal;
      box.appendChild(el("h3", "", `${W.deal} ${deal + 1}`));
    }
    const d = el("div", "");
    d.appendChild(el("b", "", `${name(ev.seat)}: `));
    d.append(titled(ev.action));
    box.appendChild(d);
  }
  box.scrollTop = box.scrollHeight;
}

function renderSheet(v) {
  $("sheetTitle").textContent = W.scores;
  $("facesLabel").textContent = W.faces;
  const faces = $("facesSelect");
  faces.options[0].textContent = W.facesHungarian;
  faces.options[1].textContent = W.facesFrench;
  faces.value = cardStyle();
  $("closeSheet").textContent = W.close;
  const t = el("table", "sheet snap-sheet");
  const head = el("tr");
  for (const h of ["#", S["sheet-winner"], S["sheet-points"], S["sheet-how"]]) head.appendChild(el("th", "", h));
  t.appendChild(head);
  for (const r of v.sheet) {
    const tr = el("tr");
    tr.appendChild(el("td", "", String(r.deal)));
    tr.appendChild(el("td", "", name(r.winner)));
    tr.appendChild(el("td", "num", String(r.game_points)));
    tr.appendChild(el("td", "", endText(r)));
    t.appendChild(tr);
  }
  const box = $("sheet");
  box.innerHTML = "";
  box.appendChild(el("p", "", scoreText(v)));
  box.appendChild(t);
  if (v.match_over) box.appendChild(el("p", "", fill(S["match-won"], { name: name(v.match_winner) })));
  $("recordsTitle").textContent = W.records;
  $("rulesLine").textContent = table ? `${W.rules}: ${hu() ? table.rules_title.hu : table.rules_title.en}` : "";
  renderRecords($("records"), v.sheet, {
    tableId, seat, token, watching, lang, words: W, game: "snapszli",
    label: (r) => `${W.deal} ${r.deal}`,
  });
}

// The end of the deal just finished (Z9-Z11: who won it, how, the game points) and the match
// score (Z12): the last deal's own when the match is over, else the previous deal's, opened
// once as the next deal begins.
function endOf(v) {
  if (v.over && v.outcome) return { deal: v.deal_number, ...v.outcome };
  return v.previous;
}

function renderEnd(v) {
  const dialog = $("endDialog");
  $("closeEnd").textContent = W.close;
  const p = endOf(v);
  if (!p || dismissed === p.deal) {
    if (dialog.open) dialog.close();
    return;
  }
  // a page opened long after the deal ended does not bring it up again
  if (!dialog.open && !v.over && shownDeal !== p.deal && v.history.length > 4) return;
  const box = $("endBody");
  box.innerHTML = "";
  const title = el("h2", "", fill(S["deal-over"], { n: p.deal }));
  title.id = "endTitle";
  box.appendChild(title);
  box.appendChild(el("p", "end-reason", endText(p)));
  box.appendChild(el("p", "total", fill(S["game-points"], { name: name(p.winner), n: p.game_points })));
  box.appendChild(el("p", "", scoreText(v)));
  if (v.match_over) {
    box.appendChild(el("p", "total", fill(S["match-won"], { name: name(v.match_winner) })));
    const again = v.over ? club.rematchButton(true) : null;
    if (again) box.appendChild(again);
  }
  dialog.dataset.deal = String(p.deal);
  if (!dialog.open) dialog.showModal();
}

// -- the controls -------------------------------------------------------------------------

$("closeEnd").onclick = () => {
  const d = $("endDialog");
  dismissed = Number(d.dataset.deal);
  d.close();
};
$("endDialog").addEventListener("cancel", () => { dismissed = Number($("endDialog").dataset.deal); });
$("sheetBtn").onclick = () => $("sheetDialog").showModal();
$("closeSheet").onclick = () => $("sheetDialog").close();
$("logBtn").onclick = () => { $("logDialog").showModal(); $("log").scrollTop = $("log").scrollHeight; };
$("closeLog").onclick = () => $("logDialog").close();
for (const d of document.querySelectorAll("dialog")) {
  d.addEventListener("click", (e) => {
    if (e.target === d) { if (d.id === "endDialog") $("closeEnd").click(); else d.close(); }
  });
}
addEventListener("resize", layoutHand);
$("facesSelect").onchange = (e) => { setCardStyle(e.target.value); if (view) render(); };
$("langSelect").value = lang;
$("langSelect").onchange = (e) => {
  setLang(e.target.value);
  localStorage.setItem("ulti-lang", lang);
  club.relabel();
  if (view) render();
};
club = tableClub({
  tableId, seat, token, watching, words: () => W, lang: () => lang, live: () => live,
  rerender: () => { if (view) render(); },
});
live = liveSeat({
  tableId, seat, token, watch: watching, name: guestName, words: () => W, lang: () => lang,
  onFrame: receive,
});
