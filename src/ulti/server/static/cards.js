// Cards are ints 0..31: suit * 8 + rank (the engine's layout, ulti.core.cards).  Their names come
// from the one catalogue of words (ulti.i18n, served by /api/words).
import { words } from "/static/i18n.js";

/** The French faces' suit glyphs, by suit (piros, makk, zöld, tök as ♥ ♣ ♠ ♦): the notation's
 * signs.  A page shows a suit as ``suitSign`` (the chosen faces' own sign) or by its name. */
export const SUITS = ["♥", "♣", "♠", "♦"];
const PIPS = ["7", "8", "9", "10"];
const LETTERS = "HALB";
const RANK_LETTERS = "789XUOKA";

export const suitOf = (c) => c >> 3;
export const rankOf = (c) => c & 7;
/** A card in two or three signs: ``♥Á`` (piros ász) in Hungarian, ``♥A`` in English; the
 * figures by their corner letters (A F K Á / U O K A). */
export function symbol(c, lang = "en") {
  const r = rankOf(c);
  return SUITS[suitOf(c)] + (r < 4 ? PIPS[r] : words(lang).index[r]);
}
export const code = (c) => LETTERS[suitOf(c)] + RANK_LETTERS[rankOf(c)];
export function cardName(c, lang) {
  const W = words(lang);
  return `${W.suits[suitOf(c)]} ${W.ranks[rankOf(c)]}`;
}
export function suitName(s, lang) { return words(lang).suits[s]; }

// Faces are drawn by the server (ulti.render.svg): one sprite per style and language, each card a
// <symbol> whose id is its code, at /cards/{style}-{lang}.svg.
export const CARD_STYLES = ["hungarian", "french"];
const STYLE_KEY = "ulti-cards";

/** The chosen card faces: "hungarian" (Tell pattern, the default) or "french". */
export function cardStyle() {
  let s = null;
  try { s = localStorage.getItem(STYLE_KEY); } catch { /* storage blocked: the default */ }
  return CARD_STYLES.includes(s) ? s : "hungarian";
}

const spriteUrl = (style, lang) => `/cards/${style}-${lang === "hu" ? "hu" : "en"}.svg`;

/** Choose the card faces; cards and suit signs already on the page are redrawn in place. */
export function setCardStyle(s) {
  if (!CARD_STYLES.includes(s)) throw new Error(`unknown card style ${s} (${CARD_STYLES.join(", ")})`);
  try { localStorage.setItem(STYLE_KEY, s); } catch { /* storage blocked: this page only */ }
  for (const use of document.querySelectorAll("svg.face use, svg.suit use")) {
    const href = use.getAttribute("href") || "";
    use.setAttribute("href", href.replace(/\/cards\/[a-z]+-/, `/cards/${s}-`));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** A suit's sign as an element, from the chosen faces' sprite (``#suit-0`` .. ``#suit-3``: the
 * Hungarian heart, acorn, leaf and bell beside Hungarian faces, ♥ ♣ ♠ ♦ beside French ones): an
 * inline ``<svg class="suit" role="img">`` named by the suit's name in ``lang``. */
export function suitSign(s, lang) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "suit");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", suitName(s, lang));
  svg.setAttribute("viewBox", "0 0 22 22");  // the symbol's -11 -11 22 22 (ulti.render.svg)
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `${spriteUrl(cardStyle(), lang)}#suit-${s}`);
  use.setAttribute("width", "22");
  use.setAttribute("height", "22");
  svg.appendChild(use);
  return svg;
}

/** A card's back, from the faces' sprite: an ``<svg class="back">`` (``cls``: another class). */
export function cardBack(lang, cls = "back") {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("viewBox", "0 0 60 90");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `${spriteUrl(cardStyle(), lang)}#back`);
  svg.appendChild(use);
  return svg;
}

/** A card as an element: its face drawn from the sprite, its name as title and label (for
 * screen readers and learners). */
export function cardElement(c, lang, extra = {}) {
  const el = document.createElement(extra.button ? "button" : "span");
  el.className = `card suit-${suitOf(c)}`;
  el.dataset.card = code(c);
  el.title = cardName(c, lang);
  if (!extra.button) el.setAttribute("role", "img");  // (a span's name needs a role)
  el.setAttribute("aria-label", cardName(c, lang));
  el.innerHTML = `<svg class="face" width="100%" height="100%" viewBox="0 0 60 90" `
    + `aria-hidden="true" focusable="false">`
    + `<use href="${spriteUrl(cardStyle(), lang)}#${code(c)}" width="60" height="90"/></svg>`;
  return el;
}
