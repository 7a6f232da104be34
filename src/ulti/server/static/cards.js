// Cards are ints 0..31: suit * 8 + rank (the engine's layout, ulti.cards).
export const SUITS = ["♥", "♣", "♠", "♦"];
export const SUIT_EN = ["Hearts", "Acorns", "Leaves", "Bells"];
export const SUIT_HU = ["piros", "makk", "zöld", "tök"];
export const FACES = ["7", "8", "9", "10", "J", "Q", "K", "A"];
export const RANK_EN = ["VII", "VIII", "IX", "X", "Under", "Over", "King", "Ace"];
export const RANK_HU = ["hetes", "nyolcas", "kilences", "tízes", "alsó", "felső", "király", "ász"];
const LETTERS = "HALB";
const RANK_LETTERS = "789XUOKA";

export const suitOf = (c) => c >> 3;
export const rankOf = (c) => c & 7;
export const symbol = (c) => SUITS[suitOf(c)] + FACES[rankOf(c)];
export const code = (c) => LETTERS[suitOf(c)] + RANK_LETTERS[rankOf(c)];
export function cardName(c, lang) {
  return lang === "hu" ? `${SUIT_HU[suitOf(c)]} ${RANK_HU[rankOf(c)]}`
                       : `${SUIT_EN[suitOf(c)]} ${RANK_EN[rankOf(c)]}`;
}
export function suitName(s, lang) { return lang === "hu" ? SUIT_HU[s] : SUIT_EN[s]; }

/** A card as an element: symbol big, name small (for screen readers and learners). */
export function cardElement(c, lang, extra = {}) {
  const el = document.createElement(extra.button ? "button" : "span");
  el.className = `card suit-${suitOf(c)}`;
  el.dataset.card = code(c);
  el.title = cardName(c, lang);
  el.setAttribute("aria-label", cardName(c, lang));
  el.innerHTML = `<b>${SUITS[suitOf(c)]}</b><span>${FACES[rankOf(c)]}</span>`;
  return el;
}
