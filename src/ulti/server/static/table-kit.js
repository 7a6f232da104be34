// What the shell and every game's module draw with: the words for players, cards, actions
// and refusals in the page's language, and the parts every table has (a seat's head, a row
// of card backs, a seat's announced marriages, a suit's sign among words).
import { SUITS, cardBack, cardStyle, rankOf, suitOf, suitSign } from "/static/cards.js";
import { clockText as clockTextIn } from "/static/clocktext.js";
import { articleFor, fieldText, fill } from "/static/i18n.js";
import { levelName } from "/static/levels.js";
import { el } from "/static/live.js";
import { W, club, lang, table, tableSeat } from "/static/table-state.js";

export const hu = () => lang === "hu";

/** A table seat's player by name ("free seat" while nobody sits there). */
export function name(s) {
  if (!table || s < 0) return "";
  const p = club ? club.playerAt(s) : table.players[s] || {};
  if (p.kind === "open" || (table.players[s] && table.players[s].kind === "open")) return W.club["free-seat"];
  return (table.players[s] && table.players[s].name) || p.name || "";
}

/** A card by the catalogue's names ("the Ace of Hearts", "piros ász"). */
export function cardName(c) {
  return fill(W.of, { rank: W.ranks[rankOf(c)], suit: W.suits[suitOf(c)] });
}
/** A suit as plain text ("piros"; "♥ Hearts" beside French faces, whose sign the glyph is),
 * for titles, labels and texts; ``suitLabel`` is the suit as an element. */
export const suitWords = (s) => (cardStyle() === "french" ? `${SUITS[s]} ${W.suits[s]}` : W.suits[s]);

/** A suit as an element: the chosen faces' sign and the suit's name ("<sign> piros"; the sign
 * hidden from screen readers, which read the name beside it). */
export function suitLabel(s) {
  const span = el("span", "suit-words");
  const sign = suitSign(s, lang);
  sign.setAttribute("aria-hidden", "true");
  span.append(sign, ` ${W.suits[s]}`);
  return span;
}

/** ``template``'s text as the children of a new ``tag`` element (class ``cls``), each
 * ``{field}`` filled from ``fields``: an element (``suitLabel``) goes in as itself, anything
 * else as text. */
export function filled(tag, cls, template, fields) {
  const e = el(tag, cls);
  const parts = template.split(/\{(\w+)(?:!([zZ]))?\}/);  // text, field, conversion, text …
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) e.append(parts[i]);
    if (i + 1 >= parts.length) break;
    const [k, c] = [parts[i + 1], parts[i + 2]];
    const v = fields[k];
    if (v instanceof Node) {
      if (c) e.append(`${articleFor(v.textContent, c)} `);  // the article of the element's words
      e.append(v);
    } else e.append(v === undefined ? `{${k}}` : fieldText(v, c));
  }
  return e;
}

/** A {title, title_hu} pair in the page's language (``withHu``: in English the Hungarian
 * beside it where it differs); an action without titles by its text. */
export function titled(x, withHu = false) {
  if (!x) return "";
  if (hu()) return x.title_hu || x.title || x.action || "";
  const same = !x.title_hu || x.title_hu.toLowerCase() === String(x.title).toLowerCase();
  return withHu && !same ? `${x.title} (${x.title_hu})` : x.title || x.action || "";
}

/** Why a card may not be played now ({en, hu, rules}: the server's plain words, or a text),
 * in the page's language. */
export function reasonText(r) {
  if (!r) return W.notNow;
  const t = String(typeof r === "string" ? r : (hu() ? r.hu : r.en) || r.en || W.notNow);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** While seats are free: how many ("Waiting for players: 1 free seat"). */
export function freeSeats(v) {
  const free = (v.players || table.players).filter((p) => p.kind === "open").length;
  return fill(W.club["free-seats"], { n: free });
}

/** A computer player by its level ("Computer · club player"); "" for a person. */
export function botKind(p) {
  if (!p || p.kind !== "bot") return "";
  const k = levelName(p.spec, W);
  return k ? `${W.bot} · ${k}` : W.bot;
}


const marriagesOf = (v, s) => v.marriages.filter(([who]) => who === s)
  .map(([, suit]) => [suit === v.trump ? 40 : 20, suit]);

/** The marriages seat ``s`` announced, as the chips' texts ("40 piros" in trump, "20 makk"
 * otherwise; "40 ♥", "20 ♣" beside French faces). */
export function marriageChips(v, s) {
  const french = cardStyle() === "french";
  return marriagesOf(v, s).map(([n, suit]) => `${n} ${french ? SUITS[suit] : W.suits[suit]}`);
}

/** The marriages seat ``s`` announced, as chips: ``<span class="chip small marriage-chip">``
 * holding the points and the suit's sign, titled "40 piros". */
export function marriageChipElements(v, s) {
  return marriagesOf(v, s).map(([n, suit]) => {
    const chip = el("span", "chip small marriage-chip", `${n} `);
    chip.appendChild(suitSign(suit, lang));
    chip.title = `${n} ${W.suits[suit]}`;
    return chip;
  });
}

/** ``n`` card backs in a row (hidden from screen readers: a count stands beside them). */
export function backsRow(n) {
  const backs = el("div", "backs");
  backs.setAttribute("aria-hidden", "true");
  for (let i = 0; i < n; i++) backs.appendChild(cardBack(lang));
  return backs;
}

/** The deal's seat ``s``'s box begun afresh: marked when it is to act, its player's name and
 * the dealer's badge in its head (returned, for the game to add to). */
export function seatHead(box, v, s) {
  box.innerHTML = "";
  box.dataset.seat = String(tableSeat(s));
  box.classList.toggle("turn", v.current_player === s && !v.over && !v.waiting);
  const head = el("div", "seat-head");
  const who = el("span", "seat-name", name(tableSeat(s)));
  who.title = name(tableSeat(s));
  head.appendChild(who);
  if (v.dealer === s && !v.four) head.appendChild(el("span", "badge dealer", W.dealer));
  if (v.clock) head.appendChild(clockOf(v, tableSeat(s)));
  box.appendChild(head);
  return head;
}

// -- the clocks: each seat's time left, the running one counting down ----------------------

/** A number of seconds as a clock reads, in the table's words (clocktext.js). */
export const clockText = (seconds) => clockTextIn(W, seconds);

/** A table seat's clock: its time left (running: counting down from when the view came). */
export function clockOf(v, ts) {
  const c = v.clock;
  const left = Number(c.reserve[ts]) || 0;
  const running = c.running === ts;
  const span = el("span", running ? "clock running" : "clock", clockText(left));
  span.title = fill(W.clockLeft, { time: clockText(left) });
  if (running) span.dataset.until = String(performance.now() + left * 1000);
  if (c.timeouts && c.timeouts[ts]) {
    span.classList.add("timed-out");
    span.title += ` · ${fill(W.timeouts, { n: c.timeouts[ts] })}`;
  }
  return span;
}

/** Once a second: the running clocks shown again. */
function tickClocks() {
  for (const span of document.querySelectorAll(".clock.running[data-until]")) {
    span.textContent = clockText((Number(span.dataset.until) - performance.now()) / 1000);
  }
}
setInterval(tickClocks, 1000);
