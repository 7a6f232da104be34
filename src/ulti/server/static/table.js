// The table, seen from one seat.  The server is authoritative: this page only shows the view
// it is sent (its seat's projection) and sends action texts with the version it saw.
//
// Laid out like a card table: me at the bottom (my hand and what I may do pinned in view),
// the player after me on the right and the one before me on the left (Ulti goes
// counter-clockwise), the trick in the centre with each card towards its player; the
// contract, trump and kontras in a compact top bar; the settlement, the score sheet and the
// log as dialogs.  Every word comes from the catalogue (/api/words) in the page's language.
//
// Teaching mode (against computer players, at a table that is not rated; a switch in the
// score sheet's dialog, remembered by this browser): before a card is sent, the server is
// asked whether it would lose units by the computer's judgement from this seat's cards only;
// a warning opens a dialog (play it anyway, or choose again), no warning sends the card.
import {
  SUITS, cardElement, cardStyle, code, rankOf, setCardStyle, suitOf,
} from "/static/cards.js";
import { fill, pickLang, words } from "/static/i18n.js";
import { guestName, tableClub, whoAmI } from "/static/club.js";
import { el, liveSeat, renderRecords, toast } from "/static/live.js";
import { seatToken } from "/static/seat.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
// a seat (its link's token, or an account's own seat), or watching (#watch): a spectator
// sees every seat as the others' — seat 0 at the bottom, its cards face down
const { seat, token, watching } = await whoAmI(tableId, params, seatToken);

let lang = params.get("lang") || pickLang();
let W = words(lang);
let view = null;
let table = null;
// The last version this page has seen.  A new page (a reload, F5) starts from nothing and is
// sent the whole current deal; a reconnect of this page is sent only what it missed.
let version = -1;
let live = null;  // the seat's connection (live.js)
let club = null;  // the chat, the watchers, the creator's controls, the rematch (club.js)
const chosen = new Set();
let dismissedPrev = 0;  // the deal whose settlement was closed
const log = [];

// the centre's state: tricks already taken away (this deal), the last trick on demand
let collected = 0;
let collecting = null;
let showLast = false;
let centreKey = "";
let centreCards = new Set();
let playedFrom = null;  // where my last card left the hand (for its flight to the trick)

const $ = (id) => document.getElementById(id);
const motion = () => !matchMedia("(prefers-reduced-motion: reduce)").matches;

// -- cards, by the catalogue's names ----------------------------------------------------

const SYMBOLS = SUITS;
function cardName(c) {
  const s = W.suits[suitOf(c)];
  const r = W.ranks[rankOf(c)];
  if (W.of) return fill(W.of, { rank: r, suit: s });
  return lang === "hu" ? `${s} ${r}` : `${r} ${s}`;
}
const suitWords = (s) => `${SYMBOLS[s]} ${W.suits[s]}`;
const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x)}`;


// -- the connection ---------------------------------------------------------------------




function receive(frame) {
  if (frame.type === "teach") { answered(frame); return; }
  if (frame.table) table = frame.table;
  if (club.frame(frame)) return;
  if (frame.type === "sync") { log.length = 0; }
  for (const ev of frame.events || []) log.push(ev);
  if (frame.event) log.push(frame.event);
  if (frame.view) {
    if (!view || frame.view.deal_number !== view.deal_number) newDeal();
    view = frame.view;
    version = frame.version;
    live.version = version;
    if (warned && warned.version !== version) closeWarning(false);  // that moment is gone
    if (frame.type === "sync" && !params.get("lang") && !localStorage.getItem("ulti-lang")) {
      lang = table.lang; W = words(lang); $("langSelect").value = lang;
      club.relabel();
    }
    render();
  } else if (frame.table && view) {
    render();
  }
}

function newDeal() {
  chosen.clear();
  collected = 0;
  clearTimeout(collecting);
  collecting = null;
  showLast = false;
}

function send(action) { live.send(action); }

// -- teaching mode ------------------------------------------------------------------------

const TEACH_KEY = "ulti-teach";
/** How long a teaching question may go unanswered before the person decides without it. */
const TEACH_WAIT = 20000;
let teaching = localStorage.getItem(TEACH_KEY) === "1";
let asking = null;  // the question under way: {card, action, version, timer}
let warned = null;  // the card the dialog asks about: {card, action, version}

/** Whether teaching mode may ask here: a seat (not watching) at a table that is not rated,
 * where another seat is a computer player. */
function teachable(v) {
  if (watching || !v || v.rated) return false;
  return [0, 1, 2].some((s) => s !== seat && club.playerAt(s).kind === "bot");
}

/** A card chosen: sent at once, or, in teaching mode, after the server's answer. */
function playCard(card, action) {
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
function answered(frame, failed = false) {
  const q = asking;
  if (!q || (frame && (frame.card !== q.card || frame.version !== q.version))) return;
  clearTimeout(q.timer);
  asking = null;
  delete document.body.dataset.teach;
  if (q.version !== version) { if (view) render(); return; }  // the table moved on meanwhile
  if (!failed && frame && !frame.failed && !frame.warning) { send(q.action); return; }
  warned = q;
  const why = frame && frame.warning
    ? (frame.warning.why[lang] || frame.warning.why.en) : W.analysis["web-teach-failed"];
  $("teachWhy").textContent = why;
  labelTeach();
  document.body.dataset.teach = "warned";
  if (!$("teachDialog").open) $("teachDialog").showModal();
  if (view) render();
}

/** The server refused something (shown as a toast): a teaching question under way is given
 * up, and the person chooses again. */
function refused() {
  if (!asking) return;
  clearTimeout(asking.timer);
  asking = null;
  delete document.body.dataset.teach;
  if (view) render();
}

function closeWarning(play) {
  const w = warned;
  warned = null;
  delete document.body.dataset.teach;
  if ($("teachDialog").open) $("teachDialog").close();
  if (play && w && w.version === version) send(w.action);
  else if (view) render();
}

function labelTeach() {
  const A = W.analysis;
  $("teachTitle").textContent = A.sure;
  $("teachPlay").textContent = A["play-anyway"];
  $("teachBack").textContent = A["take-back"];
  $("teachLabel").textContent = A.teaching;
  $("teachDoc").textContent = ` ${A["teaching-doc"]}`;
  $("teachToggle").hidden = !teachable(view);
  $("teachBox").checked = teaching;
}

// -- words ------------------------------------------------------------------------------

function name(s) {
  if (!table || s < 0) return "";
  const p = club ? club.playerAt(s) : table.players[s];
  if (p.kind === "open" || (table.players[s] && table.players[s].kind === "open")) return W.club["free-seat"];
  return (table.players[s] && table.players[s].name) || p.name || "";
}
/** Whether the person here may act now (never a spectator, never while seats are free). */
const myTurn = (v) => !watching && v.current_player === seat && !v.over && !v.waiting;
const hu = () => lang === "hu";
/** A {title, title_hu} pair in the page's language (in English the Hungarian beside it). */
function titled(x, withHu = false) {
  if (!x) return "";
  if (hu()) return x.title_hu || x.title || "";
  const same = !x.title_hu || x.title_hu.toLowerCase() === String(x.title).toLowerCase();
  return withHu && !same ? `${x.title} (${x.title_hu})` : x.title || "";
}
const kontraWord = (level) => W.kontras[level - 1] || `×${2 ** level}`;

// An action, typed as the server sends it ({kind, text, card, cards, bid, suit, component,
// level, and title/title_hu where the server names it}; another seat's discard comes as
// {kind: "discard"} without cards), in words.
function describe(a) {
  if (!a) return "";
  if (a.kind === "play" && a.card !== undefined) return cardName(a.card);
  if (a.title && a.title_hu) return titled(a);
  switch (a.kind) {
    case "pass": return W.pass;
    case "pickup": return W.pickup;
    case "discard": return a.cards ? `${W.talon}: ${a.cards.map(cardName).join(", ")}` : W.talon;
    case "marriage": return `${W.declare} ${a.suit === (view && view.trump) ? 40 : 20} ${suitWords(a.suit)}`;
    case "trump": return `${W.trump}: ${suitWords(a.suit)}`;
    case "kontra": return `${W.kinds[a.component]}: ${kontraWord(a.level)}`;
    case "claim": return W.claim;
    case "bid": {
      const names = table && table.bids && table.bids[a.text];
      if (names) return hu() ? names[1] : names[0];
      return a.bid || a.text;
    }
    default: return a.text || "";
  }
}

/** A legal action's button label (the server's title where it sends one). */
function actionLabel(a) {
  if (a.title && a.title_hu) return titled(a);
  return describe(a);
}

function kontraLines(v) {
  if (Array.isArray(v.kontra_info)) return v.kontra_info.map((k) => titled(k));
  return v.kontras.filter(([, a, b]) => a || b).map(([comp, a, b]) =>
    `${W.kinds[comp]}: ${a === b ? kontraWord(a) : [a, b].map((l) => (l ? kontraWord(l) : "–")).join(" / ")}`);
}

// The kontras against one defender (the first defender sits after the soloist).
function kontrasAgainst(v, s) {
  if (v.soloist < 0 || s === v.soloist) return [];
  const side = s === (v.soloist + 1) % 3 ? 1 : 2;
  return v.kontras.filter((k) => k[side]).map((k) => `${W.kinds[k[0]]}: ${kontraWord(k[side])}`);
}

function optionText(k, x) {
  const n = (W.options && W.options[k]) || k;
  const val = typeof x === "boolean" ? (x ? W.on || "✓" : W.off || "✗") : x;
  return `${n}: ${val}`;
}

function rulesText() {
  if (!table) return "";
  if (table.rules_title) return `${W.rules}: ${hu() ? table.rules_title.hu : table.rules_title.en}`;
  const preset = (W.presets && W.presets[table.rules]) || table.rules;
  const opts = Object.entries(table.options || {}).map(([k, x]) => optionText(k, x)).join(", ");
  return `${W.rules}: ${preset}${opts ? " + " + opts : ""}`;
}

function botKind(p) {
  if (p.kind !== "bot") return "";
  const k = W[`bot_${String(p.spec || "").split(":")[0]}`];
  return k ? `${W.bot} · ${k}` : W.bot;
}

// -- rendering --------------------------------------------------------------------------

function render() {
  document.documentElement.lang = lang;
  const v = view;
  document.body.dataset.version = String(version);
  document.body.dataset.phase = v.phase;
  document.body.dataset.turn = myTurn(v) ? "me" : "other";
  document.body.dataset.watching = String(watching);
  document.body.dataset.sessionOver = String(!!(v.session_over && v.over));
  club.update(v, table);
  renderTop(v);
  renderSeat($("seatLeft"), v, (seat + 2) % 3);
  renderSeat($("seatRight"), v, (seat + 1) % 3);
  renderMe(v);
  renderCentre(v);
  renderHand(v);
  renderActions(v);
  renderLog();
  renderSheet(v);
  renderSettlement(v);
  document.documentElement.style.setProperty("--dock-h", `${$("dock").offsetHeight}px`);
}

function renderTop(v) {
  const extra = v.deal_number > table.deals ? ` · ${W.tiebreak || "+"}` : `/${table.deals}`;
  $("status").textContent = `${W.deal} ${v.deal_number}${extra} · ${W.dealer}: ${name(v.dealer)}`;
  const box = $("contract");
  box.innerHTML = "";
  if (v.contract_info) {
    const c = el("span", "chip contract-chip");
    c.append(el("b", "", `${name(v.soloist)}: `), titled(v.contract_info, true));
    box.appendChild(c);
    const naming = v.phase === "TRUMP";  // the soloist names it now
    box.appendChild(el("span", "chip trump-chip",
      v.trump >= 0 ? `${W.trump}: ${suitWords(v.trump)}` : naming ? `${W.trump}: …` : W.noTrump));
  } else if (v.bid_info) {
    box.appendChild(el("span", "chip", `${W.auction}: ${titled(v.bid_info, true)} (${name(v.bidder)})`));
  } else {
    box.appendChild(el("span", "chip", W.auction));
  }
  for (const k of kontraLines(v)) box.appendChild(el("span", "chip kontra-chip", k));
  $("lastTrickBtn").textContent = W.lastTrick;
  $("lastTrickBtn").disabled = !v.tricks.length;
  $("lastTrickBtn").setAttribute("aria-pressed", String(showLast && v.tricks.length > 0));
  $("sheetBtn").textContent = W.scores;
  $("logBtn").textContent = W.log;
}

function marriagesOf(v, s) {
  return v.marriages.filter(([who]) => who === s)
    .map(([, suit]) => `${suit === v.trump ? 40 : 20} ${SYMBOLS[suit]}`);
}

function takenLine(v, s) {
  const tricks = v.tricks.filter((t) => t[2] === s).length;
  if (!v.tricks.length && !v.points_taken[s]) return "";
  return `${W.tricksTaken || W.trick}: ${tricks} · ${W.points}: ${v.points_taken[s]}`;
}

// A card's back, from the faces' sprite.
function cardBack() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "back");
  svg.setAttribute("viewBox", "0 0 60 90");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `/cards/${cardStyle()}-${hu() ? "hu" : "en"}.svg#back`);
  svg.appendChild(use);
  return svg;
}

function renderSeat(box, v, s) {
  box.innerHTML = "";
  box.dataset.seat = String(s);
  box.classList.toggle("turn", v.current_player === s && !v.over && !v.waiting);
  const head = el("div", "seat-head");
  head.appendChild(el("span", "seat-name", name(s)));
  if (v.dealer === s) head.appendChild(el("span", "badge dealer", W.dealer));
  box.appendChild(head);
  const kind = botKind(table.players[s]);
  if (kind) box.appendChild(el("div", "seat-kind muted", kind));
  const backs = el("div", "backs");
  backs.setAttribute("aria-hidden", "true");
  for (let i = 0; i < v.hand_sizes[s]; i++) backs.appendChild(cardBack());
  box.appendChild(backs);
  box.appendChild(el("div", "count", `${v.hand_sizes[s]} ${W.cards}`));
  if (v.soloist >= 0) {
    box.appendChild(el("div", `badge role ${s === v.soloist ? "soloist" : "defender"}`,
      s === v.soloist ? W.soloist : W.defender));
  }
  const kontras = s === v.soloist ? kontraLines(v) : kontrasAgainst(v, s);
  const chips = [...kontras, ...marriagesOf(v, s)];
  if (chips.length) {
    const c = el("div", "chips");
    for (const t of chips) c.appendChild(el("span", "chip small", t));
    box.appendChild(c);
  }
  const taken = takenLine(v, s);
  if (taken) box.appendChild(el("div", "taken muted", taken));
  const extra = club.seatExtras(s);
  if (extra) box.appendChild(extra);
  const open = v.exposed.find(([who]) => who === s);
  if (open) {
    const d = el("div", "exposed");
    d.setAttribute("aria-label", `${W.open}: ${name(s)}`);
    for (const c of open[1]) d.appendChild(cardElement(c, lang));
    box.appendChild(d);
  }
}

function renderMe(v) {
  const parts = [watching ? `${W.club.watching}: ${name(seat)}` : name(seat)];
  if (v.dealer === seat) parts.push(W.dealer);
  if (v.soloist >= 0) parts.push(seat === v.soloist ? W.soloist : W.defender);
  parts.push(...(seat === v.soloist ? kontraLines(v) : kontrasAgainst(v, seat)), ...marriagesOf(v, seat));
  const taken = takenLine(v, seat);
  if (taken) parts.push(taken);
  $("me").textContent = parts.join(" · ");
  $("dock").classList.toggle("turn", myTurn(v));
}

// The cards now in the centre: the trick in progress, or the trick just completed (shown a
// moment, then taken towards its winner).
function centreNow(v) {
  const withSeats = (leader, cards) => cards.map((c, i) => ({ card: c, seat: (leader + i) % 3 }));
  if (v.trick.length) {
    collected = v.tricks.length;
    return { cards: withSeats(v.trick_leader, v.trick), winner: -1, n: v.tricks.length + 1 };
  }
  if (v.tricks.length > collected) {
    const [leader, cards, winner] = v.tricks[v.tricks.length - 1];
    return { cards: withSeats(leader, cards), winner, n: v.tricks.length };
  }
  return { cards: [], winner: -1, n: Math.min(v.tricks.length + 1, 10) };
}

const place = (s) => ["me", "right", "left"][(s - seat + 3) % 3];

function originOf(s) {
  const box = s === seat ? $("hand") : $(place(s) === "right" ? "seatRight" : "seatLeft");
  const r = box.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 60) };
}

function renderCentre(v) {
  const auction = v.soloist < 0;
  const now = auction ? { cards: [], winner: -1, n: 0 } : centreNow(v);
  const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  const key = JSON.stringify([lang, v.deal_number, auction, now, showLast && last, v.talon,
    auction ? v.history.length : 0, v.phase, v.current_player]);
  if (key === centreKey) return;
  centreKey = key;
  $("centre").classList.toggle("auction", auction);
  $("centreTitle").textContent = auction ? W.auction : `${W.trick} ${now.n}/10` +
    (now.winner >= 0 ? ` · ${W.takes ? fill(W.takes, { name: name(now.winner) }) : "→ " + name(now.winner)}` : "");
  renderAuction(v, auction);

  const box = $("trick");
  box.innerHTML = "";
  const before = centreCards;
  centreCards = new Set(now.cards.map((x) => x.card));
  for (const { card, seat: s } of now.cards) {
    const slot = el("div", `slot ${place(s)}`);
    slot.dataset.seat = String(s);
    const c = cardElement(card, lang);
    slot.appendChild(c);
    slot.appendChild(el("span", "slot-name", name(s)));
    if (now.winner === s) slot.classList.add("winner");
    box.appendChild(slot);
    if (!before.has(card) && before.size + 1 >= centreCards.size && motion()) {
      const from = s === seat && playedFrom ? playedFrom : originOf(s);
      if (s === seat) playedFrom = null;
      const to = c.getBoundingClientRect();
      const dx = from.x - (to.left + to.width / 2);
      const dy = from.y - (to.top + to.height / 2);
      c.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.8)`, opacity: 0.5 },
        { transform: "none", opacity: 1 }], { duration: 240, easing: "ease-out" });
    }
  }
  // the places still empty, the next player's marked
  const filled = new Set(now.cards.map((x) => place(x.seat)));
  for (let s = 0; s < 3; s++) {
    if (filled.has(place(s))) continue;
    const slot = el("div", `slot ${place(s)} empty`);
    if (s === v.current_player && now.winner < 0 && !v.over) slot.classList.add("next");
    slot.appendChild(el("span", "placeholder"));
    slot.appendChild(el("span", "slot-name", name(s)));
    box.insertBefore(slot, box.firstChild);
  }
  if (now.winner >= 0) collectSoon(v, now.winner);

  const extras = $("extras");
  extras.innerHTML = "";
  if (showLast && last) {
    const d = el("div", "last-trick");
    d.appendChild(el("div", "muted", `${W.lastTrick} → ${name(last[2])}`));
    const row = el("div", "row");
    last[1].forEach((c, i) => {
      const s = (last[0] + i) % 3;
      const f = el("figure", "mini");
      f.appendChild(cardElement(c, lang));
      f.appendChild(el("figcaption", "", name(s)));
      row.appendChild(f);
    });
    d.appendChild(row);
    extras.appendChild(d);
  }
  if (v.talon && v.talon.length) {
    const d = el("div", "talon");
    d.appendChild(el("span", "muted", `${W.talon}: `));
    for (const c of v.talon) d.appendChild(cardElement(c, lang));
    extras.appendChild(d);
  }
}

// A completed trick stays a moment in the centre, then goes to its winner.
function collectSoon(v, winner) {
  if (collecting) return;
  const n = v.tricks.length;
  const deal = v.deal_number;
  collecting = setTimeout(() => {
    const done = () => {
      collecting = null;
      if (view && view.deal_number === deal && collected < n) {
        collected = n;
        renderCentre(view);
      }
    };
    const cards = [...$("trick").querySelectorAll(".slot .card")];
    if (!motion() || !cards.length || !view || view.trick.length) { done(); return; }
    const to = originOf(winner);
    let last = null;
    for (const c of cards) {
      const r = c.getBoundingClientRect();
      last = c.animate([{ transform: "none", opacity: 1 },
        { transform: `translate(${to.x - r.left - r.width / 2}px, ${to.y - r.top - r.height / 2}px) scale(.5)`, opacity: 0 }],
      { duration: 260, easing: "ease-in", fill: "forwards" });
    }
    last.onfinish = done;
    last.oncancel = done;
  }, 700);
}

function renderAuction(v, auction) {
  const box = $("auction");
  box.innerHTML = "";
  if (!auction) return;
  for (const move of v.history) {
    const d = el("div", "move");
    d.appendChild(el("b", "", `${name(move.seat)}: `));
    d.append(describe(move.title ? move : (move.action || { kind: move.kind })));
    box.appendChild(d);
  }
  box.scrollTop = box.scrollHeight;
}

function legalOf(kind) { return (view.legal || []).filter((a) => a.kind === kind); }

function reasonText(r) {
  if (!r) return W.notNow;
  if (typeof r === "string") return r;
  return (hu() ? r.hu : r.en) || r.en || W.notNow;
}

function renderHand(v) {
  const box = $("hand");
  box.innerHTML = "";
  const mine = myTurn(v);
  box.classList.toggle("watch-hand", watching);
  if (watching) {  // the bottom seat's cards, face down; what happens to it under them
    const backs = el("div", "backs");
    backs.setAttribute("aria-hidden", "true");
    for (let i = 0; i < v.hand_sizes[seat]; i++) backs.appendChild(cardBack());
    box.appendChild(backs);
    box.appendChild(el("span", "count", `${v.hand_sizes[seat]} ${W.cards}`));
    const extra = club.seatExtras(seat);
    if (extra) box.appendChild(extra);
    $("prompt").textContent = promptText(v, false, false);
    return;
  }
  const plays = new Map(legalOf("play").map((a) => [a.card, a.action]));
  const discarding = mine && legalOf("discard").length > 0;
  box.classList.toggle("discarding", discarding);
  for (const c of v.hand || []) {
    const b = cardElement(c, lang, { button: true });
    b.type = "button";
    if (v.phase === "PLAY" && mine && !plays.has(c)) {
      b.classList.add("dim");  // still tappable: a tap says why it may not be played
      b.title = `${b.title} — ${reasonText(v.reasons && v.reasons[c])}`;
    }
    if (chosen.has(c)) { b.classList.add("chosen"); b.setAttribute("aria-pressed", "true"); }
    if (plays.has(c)) b.dataset.action = plays.get(c);
    b.onclick = () => {
      if (discarding) {
        if (chosen.has(c)) chosen.delete(c); else if (chosen.size < 2) chosen.add(c);
        b.classList.toggle("chosen", chosen.has(c));
        b.setAttribute("aria-pressed", String(chosen.has(c)));
        const lay = $("actions").querySelector("[data-action=lay]");
        if (lay) lay.disabled = chosen.size !== 2;
      } else if (plays.has(c)) {
        const r = b.getBoundingClientRect();
        playedFrom = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        playCard(c, plays.get(c));
      } else if (mine && v.phase === "PLAY") {
        toast(reasonText(v.reasons && v.reasons[c]));
      }
    };
    box.appendChild(b);
  }
  layoutHand();
  $("prompt").textContent = asking ? W.analysis["web-checking"] : promptText(v, mine, discarding);
}

// The hand in one row where its cards stay big enough for a finger, else in two even rows;
// the cards as large as the row allows (up to --cw-max, in px).
function layoutHand() {
  const box = $("hand");
  const n = box.children.length;
  if (!n) return;
  const style = getComputedStyle(box);
  const gap = parseFloat(style.columnGap) || 4;
  const max = parseFloat(style.getPropertyValue("--cw-max")) || 80;
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const size = (cols) => (width - (cols - 1) * gap) / cols;
  const cols = size(n) >= 56 ? n : Math.ceil(n / 2);
  // the hand keeps to a share of a low screen's height (a phone on its side has the dock
  // beside the felt, so there a larger one)
  const side = matchMedia("(orientation: landscape) and (max-height: 520px)").matches;
  const tall = (innerHeight * (side ? 0.2 : cols === n ? 0.18 : 0.13)) / 1.5;
  box.style.setProperty("--cols", String(cols));
  box.style.setProperty("--cw", `${Math.floor(Math.max(44, Math.min(max, tall, size(cols))))}px`);
}

function promptText(v, mine, discarding) {
  if (v.waiting) {
    const free = (v.players || table.players).filter((p) => p.kind === "open").length;
    return fill(W.club["free-seats"], { n: free });
  }
  if (v.over) return v.session_over ? W.over : "";
  if (!mine) return `${W.waiting} ${name(v.current_player)}`;
  if (discarding) return W.chooseTwo;
  switch (v.phase) {
    case "BID": return W.chooseBid;
    case "KONTRA": return W.kontraAnswer;
    case "TRUMP": return W.chooseTrump || W.yourTurn;
    default: return W.yourTurn;
  }
}

function renderActions(v) {
  const box = $("actions");
  const bids = $("bids");
  box.innerHTML = "";
  bids.innerHTML = "";
  const mine = myTurn(v);
  $("dock").classList.toggle("bidding", mine && legalOf("bid").length > 0);
  const again = v.session_over && v.over ? club.rematchButton(true) : null;
  if (again) box.appendChild(again);
  if (!mine) return;
  for (const a of v.legal) {
    if (a.kind === "play" || a.kind === "bid") continue;
    const b = el("button", `act ${a.kind}`);
    b.type = "button";
    if (a.kind === "discard") {
      b.textContent = W.lay;
      b.dataset.action = "lay";
      b.disabled = chosen.size !== 2;
      b.onclick = () => {
        const [x, y] = [...chosen];
        chosen.clear();
        send(`discard ${code(x)} ${code(y)}`);
      };
    } else {
      b.textContent = actionLabel(a);
      b.dataset.action = a.action;
      if (a.kind === "trump") b.classList.add(`suit-${a.suit}`);
      b.onclick = () => send(a.action);
    }
    box.appendChild(b);
  }
  for (const a of legalOf("bid")) {
    const b = el("button", "bid");
    b.type = "button";
    b.dataset.action = a.action;
    b.appendChild(el("span", "bid-rank", String(a.rank)));
    const t = el("span", "bid-title", hu() ? a.title_hu : a.title);
    if (!hu() && a.title_hu && a.title_hu.toLowerCase() !== a.title.toLowerCase()) {
      t.appendChild(el("span", "muted", ` (${a.title_hu})`));
    }
    b.appendChild(t);
    b.appendChild(el("span", "bid-value", String(a.value)));
    b.onclick = () => send(a.action);
    bids.appendChild(b);
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
    d.append(describe(ev.action));
    box.appendChild(d);
  }
  box.scrollTop = box.scrollHeight;
}

/** A contract's name in the page's language (the sheet's rows). */
function contractName(r) {
  if (!r.contract) return "–";
  if (hu() && r.contract_hu) return r.contract_hu;
  if (hu() && table && table.bids) {
    const found = Object.values(table.bids).find(([en]) => en === r.contract);
    if (found) return found[1];
  }
  return r.contract;
}

function renderSheet(v) {
  labelTeach();
  $("sheetTitle").textContent = W.scores;
  $("facesLabel").textContent = W.faces;
  const faces = $("facesSelect");
  faces.options[0].textContent = W.facesHungarian;
  faces.options[1].textContent = W.facesFrench;
  faces.value = cardStyle();
  $("closeSheet").textContent = W.close;
  const t = el("table", "sheet");
  const head = el("tr");
  head.appendChild(el("th", "", "#"));
  head.appendChild(el("th", "", W.contract));
  for (let s = 0; s < 3; s++) head.appendChild(el("th", "", name(s)));
  t.appendChild(head);
  for (const r of v.sheet) {
    const tr = el("tr");
    tr.appendChild(el("td", "", String(r.deal)));
    tr.appendChild(el("td", "", contractName(r)));
    for (const x of r.running) tr.appendChild(el("td", "num", signed(x)));
    t.appendChild(tr);
  }
  const box = $("sheet");
  box.innerHTML = "";
  box.appendChild(t);
  if (v.session_over) box.appendChild(el("p", "", `${W.over} ${W.winner}: ${v.winners.map(name).join(", ")}`));
  $("recordsTitle").textContent = W.records;
  $("rulesLine").textContent = rulesText();
  renderRecords($("records"), v.sheet, {
    tableId, seat, token, watching, lang, words: W, game: "ulti",
    label: (r) => `${W.deal} ${r.deal}: ${contractName(r)}`,
  });
}

// The settlement of the deal just finished: the last deal's own when the session is over,
// else the previous deal's, opened once as the next deal begins.
function settlementOf(v) {
  if (v.over && v.settlement) {
    const o = v.outcome || {};
    return { deal: v.deal_number, settlement: v.settlement,
      end_reason: o.text || v.end_reason, end_reason_hu: o.text_hu };
  }
  return v.previous;
}

function renderSettlement(v) {
  const dialog = $("settlementDialog");
  $("closeSettlement").textContent = W.close;
  const p = settlementOf(v);
  if (!p || dismissedPrev === p.deal) {
    if (dialog.open) dialog.close();
    return;
  }
  // a page opened long after the deal ended does not bring it up again
  if (!dialog.open && !(v.over && v.settlement) && v.history.length > 6) return;
  const box = $("settlement");
  box.innerHTML = "";
  const title = el("h2", "", `${W.settlement} ${p.deal}`);
  title.id = "settlementTitle";
  box.appendChild(title);
  const reason = hu() ? p.end_reason_hu : p.end_reason;
  if (reason) box.appendChild(el("p", "muted", reason));
  const s = p.settlement;
  for (const line of hu() ? s.summary_hu || [] : s.summary || []) box.appendChild(el("p", "", line));
  const list = el("div", "lines");
  for (const l of s.lines) {
    const d = el("div", `line ${l.outcome}`);
    const head = el("div", "line-head");
    head.appendChild(el("b", "", hu() ? l.item_hu : l.item));
    head.appendChild(el("span", `outcome ${l.outcome}`, W[l.outcome] || ""));
    d.appendChild(head);
    d.appendChild(el("div", "amounts", l.amounts.map((a, i) => `${name(i)} ${signed(a)}`).join(" · ")));
    const detail = hu() ? l.detail_hu : l.detail;
    if (detail) d.appendChild(el("div", "muted", detail));
    list.appendChild(d);
  }
  box.appendChild(list);
  box.appendChild(el("p", "total",
    `${W.total}: ${s.totals.map((t, i) => `${name(i)} ${signed(t)}`).join(" · ")}`));
  if (v.session_over && v.over) {
    box.appendChild(el("p", "", `${W.over} ${W.winner}: ${v.winners.map(name).join(", ")}`));
    const again = club.rematchButton(true);
    if (again) box.appendChild(again);
  }
  dialog.dataset.deal = String(p.deal);
  if (!dialog.open) dialog.showModal();
}

// -- the controls -----------------------------------------------------------------------

$("closeSettlement").onclick = () => {
  const d = $("settlementDialog");
  dismissedPrev = Number(d.dataset.deal);
  d.close();
};
$("settlementDialog").addEventListener("cancel", () => {
  dismissedPrev = Number($("settlementDialog").dataset.deal);
});
$("sheetBtn").onclick = () => $("sheetDialog").showModal();
$("closeSheet").onclick = () => $("sheetDialog").close();
$("logBtn").onclick = () => { $("logDialog").showModal(); $("log").scrollTop = $("log").scrollHeight; };
$("closeLog").onclick = () => $("logDialog").close();
$("lastTrickBtn").onclick = () => {
  showLast = !showLast;
  if (view) render();
};
for (const d of document.querySelectorAll("dialog")) {
  // a tap outside a dialog closes it (the settlement counts as seen)
  d.addEventListener("click", (e) => {
    if (e.target !== d) return;
    if (d.id === "settlementDialog") $("closeSettlement").click();
    else if (d.id === "teachDialog") closeWarning(false);  // a tap outside: choose again
    else d.close();
  });
}
addEventListener("resize", layoutHand);

$("facesSelect").onchange = (e) => { setCardStyle(e.target.value); if (view) render(); };
$("teachBox").onchange = (e) => {
  teaching = e.target.checked;
  localStorage.setItem(TEACH_KEY, teaching ? "1" : "0");
};
$("teachPlay").onclick = () => closeWarning(true);
$("teachBack").onclick = () => closeWarning(false);
$("teachDialog").addEventListener("cancel", (e) => { e.preventDefault(); closeWarning(false); });
$("langSelect").value = lang;
$("langSelect").onchange = (e) => {
  lang = e.target.value; W = words(lang); localStorage.setItem("ulti-lang", lang);
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
  onError: refused,
});
