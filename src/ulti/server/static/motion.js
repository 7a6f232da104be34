// Cards in motion, for every table: a card played flies from where it left (my hand, or the
// player's place) to the trick, and a finished trick flies to its winner.  Nothing moves for a
// player whose system asks for less motion (prefers-reduced-motion).
export const motion = () => !matchMedia("(prefers-reduced-motion: reduce)").matches;

let leaving = null;  // where my last card left the hand: {x, y}

/** The middle of an element's box (of its upper 120 px: a seat's name and cards). */
export function centreOf(box) {
  const r = box.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 60) };
}

/** My card's button, tapped: its flight to the trick starts there. */
export function leaves(button) {
  const r = button.getBoundingClientRect();
  leaving = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** A card just put on the trick (its element, already in place) flies in from ``from`` (a
 * point), or from where my last card left the hand when ``mine``. */
export function flyIn(card, from, mine = false) {
  const start = mine && leaving ? leaving : from;
  if (mine) leaving = null;
  if (!motion() || !start) return;
  const to = card.getBoundingClientRect();
  const dx = start.x - (to.left + to.width / 2);
  const dy = start.y - (to.top + to.height / 2);
  card.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.8)`, opacity: 0.5 },
    { transform: "none", opacity: 1 }], { duration: 240, easing: "ease-out" });
}

/** The trick's cards fly to ``to`` (a point: the winner's place); ``done`` once they are
 * there, at once without motion. */
export function flyAway(cards, to, done) {
  if (!motion() || !cards.length) { done(); return; }
  let last = null;
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    last = c.animate([{ transform: "none", opacity: 1 },
      { transform: `translate(${to.x - r.left - r.width / 2}px, ${to.y - r.top - r.height / 2}px) scale(.5)`, opacity: 0 }],
    { duration: 260, easing: "ease-in", fill: "forwards" });
  }
  // gone to the winner: the cards leave the page (none is left faded at the winner's place
  // when nothing draws the centre again)
  const gone = () => { for (const c of cards) c.remove(); done(); };
  last.onfinish = gone;
  last.oncancel = gone;
}
