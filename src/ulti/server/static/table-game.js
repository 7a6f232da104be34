// Which game the table plays, asked of the server as the page starts (its public facts,
// GET /api/tables/{id}) while the page's words load: the shell (shell.js) puts that game's
// module in place before it connects.  It imports only seat.js (which imports nothing), so
// that the request goes out at once.  A private table's facts are its players' alone: the
// request carries the seat's token (an account that sits there is known by its cookie).
import { keptToken } from "/static/seat.js";

const tableId = location.pathname.split("/").pop();
const token = keptToken(tableId, new URLSearchParams(location.hash.slice(1)));

/** The game's name ("ulti", "snapszli"; Ulti's tables name none: they predate the second
 * game), or null where the facts cannot be had. */
export const tableGame = fetch(`/api/tables/${encodeURIComponent(tableId)}`,
  token ? { headers: { Authorization: `Bearer ${token}` } } : {})
  .then((res) => (res.ok ? res.json() : null))
  .then((facts) => (facts ? facts.game || "ulti" : null), () => null);
