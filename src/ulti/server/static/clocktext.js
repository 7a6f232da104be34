// A number of seconds as a clock reads, in the page's words: 4:05; 2 h 10 min; 3 d 4 h
// (correspondence play).  The table's clocks and the lobby's "your move" list both use it.
import { fill } from "/static/i18n.js";

export function clockText(W, seconds) {
  const t = Math.max(0, Math.floor(seconds));
  if (t >= 86400) return fill(W.clockDays, { d: Math.floor(t / 86400), h: Math.floor((t % 86400) / 3600) });
  if (t >= 3600) return fill(W.clockHours, { h: Math.floor(t / 3600), m: Math.floor((t % 3600) / 60) });
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

/** The time controls the forms offer ("reserve+increment" seconds; "": no clock): minutes
 * for a live table, days for correspondence play. */
export const CLOCKS = ["", "120+10", "300+15", "900+30", "259200+86400"];

/** A time control of ``CLOCKS`` in words (``E``: the events' words). */
export function clockChoiceName(value, E) {
  if (!value) return E["clock-none"];
  const [reserve, increment] = value.split("+").map(Number);
  if (reserve >= 86400) return fill(E["clock-days"], { days: reserve / 86400, more: increment / 86400 });
  return fill(E["clock-minutes"], { minutes: reserve / 60, seconds: increment });
}

/** A form's choice as a new table's ``clock`` (null: none). */
export function clockBody(value) {
  if (!value) return null;
  const [reserve, increment] = String(value).split("+").map(Number);
  return { reserve, increment };
}

/** ``select`` offered every time control, in words. */
export function fillClockSelect(select, E) {
  const chosen = select.value;
  select.replaceChildren(...CLOCKS.map((v) => {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = clockChoiceName(v, E);
    return o;
  }));
  select.value = CLOCKS.includes(chosen) ? chosen : "";
}
