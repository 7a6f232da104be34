// A number of seconds as a clock reads, in the page's words: 4:05; 2 h 10 min; 3 d 4 h
// (correspondence play).  The table's clocks and the lobby's "your move" list both use it.
import { fill } from "/static/i18n.js";

export function clockText(W, seconds) {
  const t = Math.max(0, Math.floor(seconds));
  if (t >= 86400) return fill(W.clockDays, { d: Math.floor(t / 86400), h: Math.floor((t % 86400) / 3600) });
  if (t >= 3600) return fill(W.clockHours, { h: Math.floor(t / 3600), m: Math.floor((t % 3600) / 60) });
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}
