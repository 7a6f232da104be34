// Ulti's part of the table (the shell, shell.js, keeps the rest), laid out like a card
// table: me at the bottom, the player after me on the right and the one before me on the
// left (Ulti goes counter-clockwise), the trick in the centre with each card towards its
// player (the auction's moves there while it runs), the talon and the last trick under it;
// the contract, trump and kontras in the top bar; the bids in the dock; the settlement of a
// deal as its end; teaching mode (ulti-teach.js); hints (ulti-hint.js).  Every word comes
// from the catalogue (/api/words) in the page's language.
import { cardElement, code, rankOf, suitOf } from "/static/cards.js";
import { fill } from "/static/i18n.js";
import { el } from "/static/live.js";
import {
  backsRow, botKind, cardName, filled, freeSeats, hu, marriageChipElements, marriageChips, name,
  seatHead, suitLabel, suitWords,
  titled,
} from "/static/table-kit.js";
import {
  $, W, club, dealSeat, dealerSeat, lang, legalOf, myTurn, rerender, send, sittingOut, table,
  tableSeat, view,
} from "/static/table-state.js";
import { centreOf, flyAway, flyIn, leaves } from "/static/motion.js";
import { signed } from "/static/numbers.js";
import * as hint from "/static/ulti-hint.js";
import * as teach from "/static/ulti-teach.js";

const chosen = new Set();  // the two cards chosen for the talon
let fromTalon = new Set();  // the talon's cards in my hand, until two are laid
let lastOfDeal = null;  // the finished deal's last trick (shown with its settlement)
let kontraSkipped = "";  // the moment whose kontras I waved off ("no kontra")
let bidsOpen = false;  // the phone's bid picker open

// the centre's state: tricks already taken away (this deal), the last trick on demand
let collected = 0;
let collecting = null;
let showLast = false;
let centreKey = "";
let centreCards = new Set();
const kontraWord = (level) => W.kontras[level - 1] || `×${2 ** level}`;
// The seats a view names are its deal's (a table of four's deal is three-handed): who plays
// the deal's seat ``s`` by name (``four``: a deal's facts, the view's).
const who = (s, four) => name(tableSeat(s, four));

// -- words ----------------------------------------------------------------------------------

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

/** A seat's kontras and marriages, as chips. */
function chipsOf(v, s) {
  return [...(s === v.soloist ? kontraLines(v) : kontrasAgainst(v, s)), ...marriageChips(v, s)];
}

function takenLine(v, s) {
  const tricks = v.tricks.filter((t) => t[2] === s).length;
  if (!v.tricks.length && !v.points_taken[s]) return "";
  return `${W.tricksTaken || W.trick}:\u00a0${tricks} · ${W.points}:\u00a0${v.points_taken[s]}`;
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

function prompt(v, mine) {
  if (teach.checking()) return W.analysis["web-checking"];
  if (v.waiting) return freeSeats(v);
  if (v.over) return v.session_over ? W.over : "";
  if (!mine) {
    const p = table.players[tableSeat(v.current_player)];
    if (p && p.kind === "bot") return fill(W.thinking, { name: who(v.current_player) });
    return `${W.waiting} ${who(v.current_player)}`;
  }
  if (legalOf("discard").length > 0) return W.chooseTwo;
  if (keepOrPickup(v)) return W.keepOrPickup;
  if (kontraOffered(v)) return W.kontraOptional;
  switch (v.phase) {
    case "BID": return legalOf("bid").length ? W.chooseBid : W.yourTurn;
    case "KONTRA": return W.kontraAnswer;
    case "TRUMP": return W.chooseTrump || W.yourTurn;
    default: return W.yourTurn;
  }
}

/** The top bidder, both others passed: pass keeps the bid and starts the play. */
function keepOrPickup(v) {
  return v.phase === "BID" && v.bidder === dealSeat() && legalOf("pickup").length > 0 &&
    legalOf("pass").length > 0 && !legalOf("bid").length;
}

/** Kontras offered beside the cards (never a must). */
function kontraOffered(v) {
  return legalOf("kontra").length > 0 && kontraSkipped !== momentOf(v);
}
const momentOf = (v) => `${v.deal_number}/${v.tricks.length}/${v.trick.length}`;

// -- the top bar and the seats ----------------------------------------------------------------

function renderTop(v) {
  const extra = v.deal_number > table.deals ? ` · ${W.tiebreak || "+"}` : `/${table.deals}`;
  $("status").textContent = `${W.deal} ${v.deal_number}${extra} · ${W.dealer}: ${name(dealerSeat(v))}`;
  const box = $("contract");
  box.innerHTML = "";
  if (v.contract_info) {
    const c = el("span", "chip contract-chip");
    c.append(el("b", "", `${who(v.soloist)}: `), titled(v.contract_info, true));
    box.appendChild(c);
    const naming = v.phase === "TRUMP";  // the soloist names it now
    box.appendChild(v.trump >= 0 ? filled("span", "chip trump-chip", `${W.trump}: {suit}`, { suit: suitLabel(v.trump) })
      : el("span", "chip trump-chip", naming ? `${W.trump}: …` : W.noTrump));
  } else if (v.bid_info) {
    box.appendChild(el("span", "chip", `${W.auction}: ${titled(v.bid_info, true)} (${who(v.bidder)})`));
  } else {
    box.appendChild(el("span", "chip", W.auction));
  }
  for (const k of kontraLines(v)) box.appendChild(el("span", "chip kontra-chip", k));
  $("lastTrickBtn").textContent = W.lastTrick;
  const any = v.tricks.length > 0 || !!(lastOfDeal && lastOfDeal.deal === v.deal_number - 1);
  $("lastTrickBtn").disabled = !any;
  $("lastTrickBtn").setAttribute("aria-pressed", String(showLast && any));
}

function renderSeat(box, v, s) {
  seatHead(box, v, s);
  const kind = botKind(table.players[tableSeat(s)]);
  if (kind) box.appendChild(el("div", "seat-kind muted", kind));
  box.appendChild(backsRow(v.hand_sizes[s]));
  box.appendChild(el("div", "count", `${v.hand_sizes[s]} ${W.cards}`));
  if (v.soloist >= 0) {
    box.appendChild(el("div", `badge role ${s === v.soloist ? "soloist" : "defender"}`,
      s === v.soloist ? W.soloist : W.defender));
  }
  const kontras = s === v.soloist ? kontraLines(v) : kontrasAgainst(v, s);
  const marriages = marriageChipElements(v, s);  // each with its suit's sign
  if (kontras.length || marriages.length) {
    const c = el("div", "chips");
    for (const t of kontras) c.appendChild(el("span", "chip small", t));
    c.append(...marriages);
    box.appendChild(c);
  }
  const taken = takenLine(v, s);
  if (taken) box.appendChild(el("div", "taken muted", taken));
  const extra = club.seatExtras(tableSeat(s));
  if (extra) box.appendChild(extra);
  const open = v.exposed.find(([at]) => at === s);
  if (open) {
    const d = el("div", "exposed");
    d.setAttribute("aria-label", `${W.open}: ${who(s)}`);
    for (const c of open[1]) d.appendChild(cardElement(c, lang));
    box.appendChild(d);
  }
}

function aboutMe(v) {
  // the dealer of a table of four sits the deal out, and sees it as a spectator does (N5)
  if (sittingOut()) return [fill(W.sitsOut, { name: who(dealSeat()) })];
  const me = dealSeat();
  const parts = [];
  if (v.soloist >= 0) parts.push(me === v.soloist ? W.soloist : W.defender);
  parts.push(...chipsOf(v, me));
  const taken = takenLine(v, me);
  if (taken) parts.push(taken);
  return parts;
}

// -- the centre: the auction, the trick, the talon and the last trick -------------------------

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

const place = (s) => ["me", "right", "left"][(s - dealSeat() + 3) % 3];

function originOf(s) {
  return centreOf(s === dealSeat() ? $("hand") : $(place(s) === "right" ? "seatRight" : "seatLeft"));
}

function renderCentre(v) {
  const auction = v.soloist < 0;
  const now = auction ? { cards: [], winner: -1, n: 0 } : centreNow(v);
  const last = v.tricks.length ? { trick: v.tricks[v.tricks.length - 1], four: v.four }
    : lastOfDeal && lastOfDeal.deal === v.deal_number - 1 ? lastOfDeal : null;
  const key = JSON.stringify([lang, v.deal_number, auction, now, showLast && last, v.talon,
    auction ? v.history.length : 0, v.phase, v.current_player]);
  if (key === centreKey) return;
  centreKey = key;
  $("centre").classList.toggle("auction", auction);
  $("centreTitle").textContent = auction ? W.auction : `${W.trick} ${now.n}/10` +
    (now.winner >= 0 ? ` · ${W.takes ? fill(W.takes, { name: who(now.winner) }) : "→ " + who(now.winner)}` : "");
  renderAuction(v, auction);
  renderTrick(v, now);
  if (now.winner >= 0) collectSoon(v, now.winner);
  renderExtras(v, last);
}

function renderTrick(v, now) {
  const box = $("trick");
  box.innerHTML = "";
  const before = centreCards;
  centreCards = new Set(now.cards.map((x) => x.card));
  for (const { card, seat: s } of now.cards) {
    const slot = el("div", `slot ${place(s)}`);
    slot.dataset.seat = String(tableSeat(s));
    const c = cardElement(card, lang);
    slot.appendChild(c);
    slot.appendChild(el("span", "slot-name", who(s)));
    if (now.winner === s) slot.classList.add("winner");
    box.appendChild(slot);
    if (!before.has(card) && before.size + 1 >= centreCards.size) flyIn(c, originOf(s), s === dealSeat());
  }
  // the places still empty, the next player's marked
  const filled = new Set(now.cards.map((x) => place(x.seat)));
  for (let s = 0; s < 3; s++) {
    if (filled.has(place(s))) continue;
    const slot = el("div", `slot ${place(s)} empty`);
    if (s === v.current_player && now.winner < 0 && !v.over) slot.classList.add("next");
    slot.appendChild(el("span", "placeholder"));
    slot.appendChild(el("span", "slot-name", who(s)));
    box.insertBefore(slot, box.firstChild);
  }
}

// Under the trick: the last trick (on demand) and the talon (while it lies open).
function renderExtras(v, last) {
  const extras = $("extras");
  extras.innerHTML = "";
  if (showLast && last) extras.appendChild(lastTrickBox(last));
  if (v.talon && v.talon.length) {
    const d = el("div", "talon");
    d.appendChild(el("span", "muted", `${W.talon}: `));
    for (const c of v.talon) d.appendChild(cardElement(c, lang));
    extras.appendChild(d);
  }
}

/** A deal's trick ({trick: [leader, cards, winner], four: who played the deal}) in a row, each
 * card under its player's name. */
function lastTrickBox({ trick: last, four }) {
  const d = el("div", "last-trick");
  d.appendChild(el("div", "muted", `${W.lastTrick} → ${who(last[2], four)}`));
  const row = el("div", "row");
  last[1].forEach((c, i) => {
    const s = (last[0] + i) % 3;
    const f = el("figure", "mini");
    f.appendChild(cardElement(c, lang));
    f.appendChild(el("figcaption", "", who(s, four)));
    row.appendChild(f);
  });
  d.appendChild(row);
  return d;
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
    if (!view || view.trick.length) { done(); return; }
    flyAway([...$("trick").querySelectorAll(".slot .card")], originOf(winner), done);
  }, 700);
}

function renderAuction(v, auction) {
  const box = $("auction");
  box.innerHTML = "";
  if (!auction) return;
  for (const move of v.history) {
    const d = el("div", "move");
    d.appendChild(el("b", "", `${who(move.seat)}: `));
    d.append(describe(move.title ? move : (move.action || { kind: move.kind })));
    box.appendChild(d);
  }
  box.scrollTop = box.scrollHeight;
}

// -- the dock: the talon's two cards, the bids --------------------------------------------------

/** While I lay two cards on the talon: the hand's taps choose them. */
function picker(v) {
  if (!legalOf("discard").length) return null;
  return {
    has: (c) => chosen.has(c),
    tap(c, b) {
      if (chosen.has(c)) chosen.delete(c); else if (chosen.size < 2) chosen.add(c);
      b.classList.toggle("chosen", chosen.has(c));
      b.setAttribute("aria-pressed", String(chosen.has(c)));
      const lay = $("actions").querySelector("[data-action=lay]");
      if (lay) lay.disabled = chosen.size !== 2;
    },
  };
}

function layButton() {
  const b = el("button", "act discard", W.lay);
  b.type = "button";
  b.dataset.action = "lay";
  b.disabled = chosen.size !== 2;
  b.onclick = () => {
    const [x, y] = [...chosen];
    chosen.clear();
    send(`discard ${code(x)} ${code(y)}`);
  };
  return b;
}

function action(a) {
  if (a.kind === "bid") return null;  // in the bids' list
  if (a.kind === "discard") return layButton();
  const v = view;
  if (a.kind === "kontra" && !kontraOffered(v)) return null;
  if (a.kind === "pass" && keepOrPickup(v)) return { label: W.passPlay, cls: "" };
  if (a.kind === "pass" && v.phase === "KONTRA") return { label: W.kontraPass, cls: "" };
  const label = a.title && a.title_hu ? titled(a) : describe(a);
  return { label, cls: a.kind === "trump" ? `suit-${a.suit}` : "" };
}

function renderBids(v) {
  const bids = $("bids");
  bids.innerHTML = "";
  const mine = myTurn(v);
  $("dock").classList.toggle("bidding", mine && legalOf("bid").length > 0);
  if (!mine || !legalOf("bid").length) {
    bidsOpen = false;
    bids.classList.remove("picker", "open");
    return;
  }
  const phone = matchMedia("(max-width: 640px), (max-height: 520px)").matches;
  bids.classList.toggle("picker", phone);
  bids.classList.toggle("open", phone && bidsOpen);
  if (phone) {  // one button; the ladder as a sheet over the table
    const open = el("button", "bid-open", bidsOpen ? W.warnBack : fill(W.chooseBidBtn, { n: legalOf("bid").length }));
    open.type = "button";
    open.dataset.action = "open-bids";
    open.setAttribute("aria-expanded", String(bidsOpen));
    open.onclick = () => { bidsOpen = !bidsOpen; rerender(); };
    bids.appendChild(open);
    if (!bidsOpen) return;
    bids.appendChild(el("h3", "bids-title", W.bidsTitle));
  }
  let group = null;
  for (const a of legalOf("bid")) {
    if (a.value !== group) {
      group = a.value;
      bids.appendChild(el("div", "bid-group", fill(W.units, { n: a.value })));
    }
    const b = el("button", "bid");
    b.type = "button";
    b.dataset.action = a.action;
    const t = el("span", "bid-title", hu() ? a.title_hu : a.title);
    if (!hu() && a.title_hu && a.title_hu.toLowerCase() !== a.title.toLowerCase()) {
      t.appendChild(el("span", "muted", ` (${a.title_hu})`));
    }
    b.appendChild(t);
    b.appendChild(el("span", "bid-value", fill(W.units, { n: a.value })));
    const asks = bidAsks(a);
    b.title = [`${b.querySelector(".bid-title").textContent} · ${fill(W.units, { n: a.value })}`, ...asks].join("\n");
    if (asks.length) b.appendChild(el("span", "bid-asks", asks.join(" · ")));
    if (bidWarning(v, a)) b.dataset.warn = "1";  // asks a confirm step (its warning)
    b.onclick = () => {
      const warn = bidWarning(v, a);
      if (warn && !confirmBid(a, warn)) return;
      bidsOpen = false;
      send(a.action);
    };
    bids.appendChild(b);
  }
}

/** "No kontra": the kontras beside the cards waved off until the next card; the hint. */
function moreActions(v) {
  if (!myTurn(v) || !kontraOffered(v) || v.phase !== "PLAY") return hint.buttons(v);
  const b = el("button", "act no-kontra", W.noKontra);
  b.type = "button";
  b.dataset.action = "no-kontra";
  b.onclick = () => { kontraSkipped = momentOf(view); rerender(); };
  return [b, ...hint.buttons(v)];
}

/** What a bid asks of the soloist, in words (from its English title's parts). */
function bidAsks(a) {
  const t = String(a.title || "").toLowerCase();
  const out = [];
  if (t.includes("simple")) out.push(W.ask_simple);
  if (t.includes("40-100")) out.push(W.ask_4070);
  if (t.includes("20-100")) out.push(W.ask_20100);
  if (t.includes("four aces")) out.push(W.ask_aces);
  if (t.includes("ulti")) out.push(W.ask_ulti);
  if (t.includes("betli")) out.push(W.ask_betli);
  if (t.includes("durchmars")) out.push(W.ask_durchmars);
  if (t.includes("open")) out.push(W.ask_open);
  if (t.includes("of hearts")) out.push(W.ask_hearts);
  return out.filter(Boolean);
}

/** A bid that cannot be made as held, by what I see (my hand): its warning, or "". */
function bidWarning(v, a) {
  const t = String(a.title || "").toLowerCase();
  const hearts = t.includes("of hearts");
  const suits = hearts ? [0] : [0, 1, 2, 3];
  const hand = v.hand || [];
  const has = (s, r) => hand.some((c) => suitOf(c) === s && rankOf(c) === r);
  const out = [];
  if (t.includes("40-100") && !suits.some((s) => has(s, 6) && has(s, 5))) out.push(W.warn4070);
  if (t.includes("ulti") && !suits.some((s) => has(s, 0))) out.push(W.warnUlti);
  if (out.length && hearts) out.push(W.warnHearts);
  return out.join(" ");
}

/** The warning's confirm step: the bid goes only when the player says so. */
function confirmBid(a, warn) {
  let d = $("bidWarn");
  if (!d) {
    d = document.createElement("dialog");
    d.id = "bidWarn";
    document.body.appendChild(d);
  }
  d.innerHTML = "";
  const body = el("div", "dialog-body");
  body.appendChild(el("h2", "", W.warnTitle));
  body.appendChild(el("p", "", `${hu() ? a.title_hu : a.title}: ${warn}`));
  d.appendChild(body);
  const foot = el("div", "dialog-foot");
  const back = el("button", "btn", W.warnBack);
  back.type = "button";
  back.dataset.action = "warn-back";
  back.onclick = () => d.close();
  const go = el("button", "btn", W.warnGo);
  go.type = "button";
  go.dataset.action = "warn-go";
  go.onclick = () => { d.close(); bidsOpen = false; send(a.action); };
  foot.append(back, go);
  d.appendChild(foot);
  d.showModal();
  return false;
}

/** A card tapped: its flight starts where it left the hand; teaching mode may ask first. */
function play(card, act, button) {
  leaves(button);
  teach.playCard(card, act);
}

// -- the score sheet and the settlement ---------------------------------------------------------

function fillSheet(box, v) {
  const t = el("table", table.players.length > 3 ? "sheet four" : "sheet");
  const head = el("tr");
  head.appendChild(el("th", "", "#"));
  head.appendChild(el("th", "", W.contract));
  // a column a table seat (four at the table: the dealer's deals score 0, N4)
  table.players.forEach((_, s) => {
    const th = el("th", "", name(s));
    th.title = name(s);  // a long name cut short in a narrow column is whole here
    head.appendChild(th);
  });
  t.appendChild(head);
  for (const r of v.sheet) {
    const tr = el("tr");
    tr.appendChild(el("td", "", String(r.deal)));
    tr.appendChild(el("td", "", contractName(r)));
    for (const x of r.running) tr.appendChild(el("td", "num", signed(x)));
    t.appendChild(tr);
  }
  box.appendChild(t);
  if (v.session_over) box.appendChild(el("p", "", `${W.over} ${W.winner}: ${v.winners.map(name).join(", ")}`));
}

// The settlement of the deal just finished: the last deal's own when the session is over,
// else the previous deal's.
function settlementOf(v) {
  if (v.over && v.settlement) {
    const o = v.outcome || {};
    return { deal: v.deal_number, settlement: v.settlement,
      end_reason: o.text || v.end_reason, end_reason_hu: o.text_hu, end_rules: o.rule ? [o.rule] : [],
      four: v.four };
  }
  return v.previous;
}

function fillSettlement(box, v, p) {
  const reason = hu() ? p.end_reason_hu : p.end_reason;
  // the server sends plain words, and the rule ids they cited for a details line
  const rules = [...new Set([...(p.end_rules || []), ...(p.settlement.rules || [])])];
  if (reason) box.appendChild(el("p", "decided", fill(W.dealDecided, { why: reason })));
  const last = p.deal === v.deal_number
    ? (v.tricks.length ? { trick: v.tricks[v.tricks.length - 1], four: v.four } : null)
    : lastOfDeal && lastOfDeal.deal === p.deal ? lastOfDeal : null;
  if (last) box.appendChild(lastTrickBox(last));
  const s = p.settlement;
  for (const line of hu() ? s.summary_hu || [] : s.summary || []) box.appendChild(el("p", "", line));
  const list = el("div", "lines");
  for (const l of s.lines) {
    const d = el("div", `line ${l.outcome}`);
    const head = el("div", "line-head");
    head.appendChild(el("b", "", hu() ? l.item_hu : l.item));
    head.appendChild(el("span", `outcome ${l.outcome}`, W[l.outcome] || ""));
    d.appendChild(head);
    d.appendChild(el("div", "amounts", l.amounts.map((a, i) => `${who(i, p.four)} ${signed(a)}`).join(" · ")));
    const detail = hu() ? l.detail_hu : l.detail;
    if (detail) d.appendChild(el("div", "muted", detail));
    list.appendChild(d);
  }
  box.appendChild(list);
  box.appendChild(el("p", "total",
    `${W.total}: ${s.totals.map((t, i) => `${who(i, p.four)} ${signed(t)}`).join(" · ")}`));
  if (rules.length) {  // the rule ids, for the curious
    const d = el("details", "rule-ids");
    d.appendChild(el("summary", "", W.ruleIds));
    d.appendChild(el("div", "muted", rules.join(", ")));
    box.appendChild(d);
  }
  if (v.session_over && v.over) {
    box.appendChild(el("p", "", `${W.over} ${W.winner}: ${v.winners.map(name).join(", ")}`));
    const again = club.rematchButton(true);
    if (again) box.appendChild(again);
  }
}

// -- the game, as the shell asks for it -------------------------------------------------------

function render(v) {
  document.body.dataset.phase = v.phase;
  renderTop(v);
  renderSeat($("seatLeft"), v, (dealSeat() + 2) % 3);
  renderSeat($("seatRight"), v, (dealSeat() + 1) % 3);
  renderCentre(v);
  renderBids(v);
  $("hand").classList.toggle("discarding", myTurn(v) && legalOf("discard").length > 0);
  teach.label();
  hint.render();
}

/** A new deal: nothing chosen, no trick taken away, the last trick hidden. */
function received(before) {
  const p = view.previous;
  lastOfDeal = p && p.last_trick ? { deal: p.deal, trick: p.last_trick, four: p.four } : null;
  if (before && view.deal_number === before.deal_number && view.hand && before.hand) {
    if (view.hand.length > before.hand.length) {
      fromTalon = new Set(view.hand.filter((c) => !before.hand.includes(c)));
    } else if (view.phase !== "BID" || view.hand.length <= 10) fromTalon = new Set();
  }
  if (!before || view.deal_number !== before.deal_number) {
    fromTalon = new Set();
    chosen.clear();
    collected = 0;
    clearTimeout(collecting);
    collecting = null;
    showLast = false;
  }
  teach.moved();
}

/** The server's answer to a teaching question or a hint (the frames only Ulti reads). */
function frame(f) {
  if (f.type === "teach") teach.answered(f);
  else if (f.type === "hint") hint.answered(f);
  else return false;
  return true;
}

/** The server refused something: a question under way is given up. */
function refused() {
  teach.refused();
  hint.refused();
}

function setup() {
  $("lastTrickBtn").onclick = () => {
    showLast = !showLast;
    rerender();
  };
  teach.setup();
}

export const game = {
  name: "ulti",
  title: "Ulti",
  pageClass: "",
  markup: {
    tools: `<button type="button" class="tool" id="lastTrickBtn" data-action="last-trick" aria-pressed="false" disabled></button>
    ${teach.TOOL}`,
    felt: `
  <section class="seat-box" id="seatLeft" aria-live="polite"></section>
  <section id="centre">
    <div id="centreTitle"></div>
    <div id="trick" aria-live="polite"></div>
    <div id="auction"></div>
    <div id="extras"></div>
  </section>
  <section class="seat-box" id="seatRight" aria-live="polite"></section>
`,
    dock: `  <div id="bids"></div>
${hint.DOCK}`,
    sheet: teach.SHEET,
    dialogs: teach.DIALOG,
  },
  end: {
    dialog: "settlementDialog", body: "settlement", title: "settlementTitle",
    close: "closeSettlement", action: "close-settlement",
  },
  handShare: { side: 0.2, row: 0.18, rows: 0.13 },
  // the terminal's letters (src/ulti/tui/ulti.py), each the action it presses
  keys: { p: "pass", u: "pickup", l: "lay", c: "claim", k: "kontra", m: "marriage", t: "trump" },
  keysHelp: () => W.keysHelp,
  setup,
  render,
  received,
  frame,
  refused,
  aboutMe,
  prompt,
  playing: (v) => v.phase === "PLAY",
  picker,
  play,
  cardsText: (n) => `${n} ${W.cards}`,
  action,
  moreActions,
  handMark: (c) => (fromTalon.has(c) ? W.fromTalon : ""),
  describe,
  fillSheet,
  recordLabel: (r) => `${W.deal} ${r.deal}: ${contractName(r)}`,
  endOf: settlementOf,
  endIsOld: (v) => !(v.over && v.settlement) && v.history.length > 6,
  endTitle: (p) => `${W.settlement} ${p.deal}`,
  fillEnd: fillSettlement,
  sessionOver: (v) => !!(v.session_over && v.over),
};
