// What the events' pages share (events.js: the list and the organiser's form; event.js: one
// event): an event's game, kind, state, rounds and start in words, in the page's language.
import { day } from "/static/clubpage.js";
import { fill } from "/static/i18n.js";

/** The games an event is played in, in the form's order. */
export const GAMES = ["ulti", "ulti4", "snapszli"];
/** The seats at a game's table. */
export const SEATS = { ulti: 3, ulti4: 4, snapszli: 2 };
/** A round's deals are a multiple of this (Snapszli plays a match a round instead). */
export const ROUND = { ulti: 3, ulti4: 4 };

/** A game's short name (Ulti, Ulti for four, Snapszli). */
export function gameName(game, W) {
  if (game === "ulti4") return W.snap["title-ulti4"];
  return game === "snapszli" ? "Snapszli" : "Ulti";
}

/** An event's kind in words (duplicate: "azonos lapos (barométer)"). */
export function kindName(kind, W) {
  return W.events[`kind-${kind}`] || W.events["kind-other"];
}

/** An event's state in words (open, running, over). */
export function stateName(state, W) {
  return W.events[`state-${state}`] || "";
}

/** Its rounds: "3 rounds" before the start, "round 2 of 3" since. */
export function roundText(e, W) {
  if (e.kind === "arena") return fill(W.events["arena-minutes"], { n: e.minutes });
  if (e.state === "open" || !e.round) return fill(W.events["rounds-n"], { n: e.rounds });
  return fill(W.events["round-of"], { round: e.round, rounds: e.rounds });
}

/** How it starts: at a time (in the page's language), when so many have registered, or when
 * the organiser says so ("" once started, unless it had a time). */
export function startText(e, W, lang) {
  const E = W.events;
  if (e.starts) return fill(E["starts-at"], { date: day(e.starts, lang, true) });
  if (e.state !== "open") return "";
  if (e.start_count) return fill(E["starts-count"], { n: e.start_count });
  return E["starts-organiser"];
}

/** A rules preset's name in the game's words. */
export function presetName(game, preset, W) {
  if (game === "snapszli") return W.snap[`preset-${preset}`] || "";
  return (W.presets && W.presets[preset]) || "";
}
