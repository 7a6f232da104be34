// The tables waiting for my move (correspondence play: a move may wait days), each with its
// game, who plays there and, with clocks, the time I have left: the lobby's list and the own
// profile's.
import { clockText } from "/static/clocktext.js";
import { fill } from "/static/i18n.js";
import { el } from "/static/live.js";

const gameTitle = (game, W) => (game === "ulti4" ? W.snap["title-ulti4"] : game === "snapszli" ? "Snapszli" : "Ulti");

/** ``list`` (a <ul>) filled with ``turns`` (/api/me's ``my_turn``). */
export function fillTurns(list, turns, W) {
  const C = W.club;
  list.replaceChildren();
  for (const t of turns) {
    const li = el("li");
    const a = el("a", "", `${gameTitle(t.game, W)}: ${t.players.join(", ")}`);
    a.href = `/t/${encodeURIComponent(t.id)}`;
    li.appendChild(a);
    if (t.left !== null && t.left !== undefined) {
      li.appendChild(el("span", "muted", ` · ${fill(C["my-turn-left"], { time: clockText(W, t.left) })}`));
    }
    list.appendChild(li);
  }
}
