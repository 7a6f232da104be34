// Snapszli's part of the table (docs/SNAPSZLI.md; the shell, shell.js, keeps the rest), seen
// from one of its two seats — never the other hand nor the talon's cards (Z13): the opponent
// at the top (card backs and their count, tricks, announced marriages), the talon with the
// turned trump card (or "closed") and the trick in the centre; the match score and trump in
// the top bar; the end of a deal (who won it, how, the game points) as its end.  Every word
// comes from the catalogue (/api/words: the web section, and Snapszli's own words in W.snap).
import { cardBack, cardElement } from "/static/cards.js";
import { fill } from "/static/i18n.js";
import { el, toast } from "/static/live.js";
import { centreOf, flyIn, leaves } from "/static/motion.js";
import {
  backsRow, botKind, cardName, filled, freeSeats, hu, marriageChipElements, marriageChips, name,
  seatHead, suitLabel, suitWords, titled,
} from "/static/table-kit.js";
import { $, W, club, lang, seat, send, table, view } from "/static/table-state.js";

let S = W.snap;  // Snapszli's own words, taken afresh at each render (the language may change)
let shownDeal = 0;  // the deal this page showed last
let onTrick = new Set();  // the cards on the trick when it was drawn last (a new one flies in)

// -- words ----------------------------------------------------------------------------------

function endText(o) { return o ? (hu() ? o.text_hu : o.text) : ""; }
function endRules(o) { return o && o.rule ? [o.rule] : []; }

function scoreText(v) {
  return fill(S.score, {
    a: name(0), b: name(1), x: v.totals[0], y: v.totals[1], target: v.match_points,
  });
}

function prompt(v, mine) {
  if (v.waiting) return freeSeats(v);
  if (v.over) {
    return v.match_over ? fill(S["match-won"], { name: name(v.match_winner) })
      : fill(S["deal-over"], { n: v.deal_number });
  }
  if (!mine) return fill(S.waiting, { name: name(v.current_player) });
  if (v.pending >= 0) return fill(S["marriage-card"], { suit: suitWords(v.pending) });
  if (v.trick.length) return fill(S.answer, { card: cardName(v.trick[0]) });
  return S.lead;
}

function aboutMe(v) {
  const parts = [fill(S.tricks, { n: v.tricks[seat] })];
  if (v.own_points !== null && v.own_points !== undefined) {
    parts.push(fill(S["my-points"], { n: v.own_points }));
  }
  const chips = marriageChips(v, seat);
  if (chips.length) parts.push(`${S.announced}: ${chips.join(", ")}`);
  return parts;
}

// -- the top bar, the opponent, the talon, the trick -----------------------------------------

function renderTop(v) {
  $("status").textContent = fill(S.status, { n: v.deal_number, name: name(v.dealer) });
  const box = $("contract");
  box.innerHTML = "";
  box.appendChild(el("span", "chip contract-chip score-chip", scoreText(v)));
  box.appendChild(filled("span", "chip trump-chip", S.trump, { suit: suitLabel(v.trump) }));
  if ((v.closed_by >= 0 || v.talon_size === 0) && !v.over) {
    box.appendChild(el("span", "chip strict-chip", S.strict));
  }
}

function renderOpponent(v) {
  const s = 1 - seat;
  const box = $("seatTop");
  const head = seatHead(box, v, s);
  const kind = table && botKind(table.players[s]);
  if (kind) head.appendChild(el("span", "seat-kind muted", kind));
  const row = el("div", "opp-row");
  row.appendChild(backsRow(v.hand_sizes[s]));
  row.appendChild(el("span", "count", fill(S.cards, { n: v.hand_sizes[s] })));
  row.appendChild(el("span", "taken muted", fill(S.tricks, { n: v.tricks[s] })));
  box.appendChild(row);
  const extra = club.seatExtras(s);
  if (extra) box.appendChild(extra);
  // the marriages announced, and their shown cards the opponent still holds (Z7, Z13)
  const chips = marriageChipElements(v, s);  // each with its suit's sign
  const mine = new Set(v.hand || []);
  const held = v.shown.filter((c) => !mine.has(c));
  if (chips.length || held.length) {
    const c = el("div", "chips");
    c.appendChild(el("span", "muted", `${S.announced}:`));
    c.append(...chips);
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
    for (let i = 0; i < layers; i++) backs.appendChild(cardBack(lang, "pile-back"));
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
  const flying = [];  // the cards new on the trick, flown in once in place
  for (const s of [1 - seat, seat]) {
    const slot = el("div", `slot ${s === seat ? "me" : "top"}`);
    slot.dataset.seat = String(s);
    const played = now.cards.find((x) => x.seat === s);
    if (played) {
      const c = cardElement(played.card, lang);
      slot.appendChild(c);
      if (now.winner === s) slot.classList.add("winner");
      if (!onTrick.has(played.card) && onTrick.size + 1 >= now.cards.length) {  // just played
        flying.push(() => flyIn(c, centreOf(s === seat ? $("hand") : $("seatTop")), s === seat));
      }
    } else {
      slot.classList.add("empty");
      if (s === v.current_player && !v.over) slot.classList.add("next");
      slot.appendChild(el("span", "placeholder"));
    }
    slot.appendChild(el("span", "slot-name", name(s)));
    box.appendChild(slot);
  }
  for (const fly of flying) fly();
  onTrick = new Set(now.cards.map((x) => x.card));
}

// -- actions ----------------------------------------------------------------------------------

function action(a) {
  return { label: titled(a), cls: a.kind === "marriage" ? `suit-${a.suit}` : "" };
}

/** What a careful player would do, and why (not at a rated table). */
function moreActions(v) {
  if (!v.hint) return [];
  const h = el("button", "act hint", S.hint);
  h.type = "button";
  h.onclick = () => toast(`${S.hint}: ${(hu() ? v.hint.hu : v.hint.en) || v.hint.en}`);
  return [h];
}

// -- the score sheet and the end of a deal ----------------------------------------------------

function fillSheet(box, v) {
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
  box.appendChild(el("p", "", scoreText(v)));
  box.appendChild(t);
  if (v.match_over) box.appendChild(el("p", "", fill(S["match-won"], { name: name(v.match_winner) })));
}

// The end of the deal just finished (Z9-Z11: who won it, how, the game points) and the match
// score (Z12): the last deal's own when the match is over, else the previous deal's.
function endOf(v) {
  if (v.over && v.outcome) return { deal: v.deal_number, ...v.outcome };
  return v.previous;
}

function fillEnd(box, v, p) {
  box.appendChild(el("p", "end-reason", endText(p)));
  if (endRules(p).length) {  // the rule ids, for the curious
    const d = el("details", "rule-ids");
    d.appendChild(el("summary", "", W.ruleIds));
    d.appendChild(el("div", "muted", endRules(p).join(", ")));
    box.appendChild(d);
  }
  box.appendChild(el("p", "total", fill(S["game-points"], { name: name(p.winner), n: p.game_points })));
  box.appendChild(el("p", "", scoreText(v)));
  if (v.match_over) {
    box.appendChild(el("p", "total", fill(S["match-won"], { name: name(v.match_winner) })));
    const again = v.over ? club.rematchButton(true) : null;
    if (again) box.appendChild(again);
  }
}

// -- the game, as the shell asks for it -------------------------------------------------------

function render(v) {
  S = W.snap;
  document.body.dataset.deal = String(v.deal_number);
  renderTop(v);
  renderOpponent(v);
  renderStock(v);
  renderTrick(v);
}

export const game = {
  name: "snapszli",
  title: "Snapszli",
  pageClass: "snap-page",
  // the terminal's letters (src/ulti/tui/snapszli.py), each the action it presses
  keys: { e: "exchange", c: "close", m: "marriage", x: "claim" },
  keysHelp: () => S["keys-help"],
  markup: {
    felt: `
  <section class="seat-box" id="seatTop" aria-live="polite"></section>
  <section id="centre">
    <div id="stock"></div>
    <div id="trick" aria-live="polite"></div>
  </section>
`,
  },
  end: { dialog: "endDialog", body: "endBody", title: "endTitle", close: "closeEnd", action: "close-end" },
  handShare: { side: 0.28, row: 0.2, rows: 0.2 },
  render,
  received(before) {
    if (before && view.deal_number !== before.deal_number) shownDeal = before.deal_number;
  },
  aboutMe,
  prompt,
  playing: () => true,
  picker: () => null,
  play: (card, act, button) => { leaves(button); send(act); },
  cardsText: (n) => fill(S.cards, { n }),
  action,
  moreActions,
  describe: (a) => titled(a),
  fillSheet,
  recordLabel: (r) => `${W.deal} ${r.deal}`,
  endOf,
  endIsOld: (v, p) => !v.over && shownDeal !== p.deal && v.history.length > 4,
  endTitle: (p) => fill(S["deal-over"], { n: p.deal }),
  fillEnd,
  sessionOver: (v) => !!(v.match_over && v.over),
};
