// Which game the table plays, asked of the server as the page starts (its public facts,
// GET /api/tables/{id}) while the page's words load: the shell (shell.js) puts that game's
// module in place before it connects.  It imports nothing, so that the request goes out at once.
const tableId = location.pathname.split("/").pop();

/** The game's name ("ulti", "snapszli"; Ulti's tables name none: they predate the second
 * game), or null where the facts cannot be had. */
export const tableGame = fetch(`/api/tables/${encodeURIComponent(tableId)}`)
  .then((res) => (res.ok ? res.json() : null))
  .then((facts) => (facts ? facts.game || "ulti" : null), () => null);
