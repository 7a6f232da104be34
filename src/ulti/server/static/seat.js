// A seat's token: taken from an invite link's fragment once, kept in this browser, and the
// fragment's token removed from the address bar (so it stays out of history and bookmarks,
// and never reaches a server: requests carry it in a header or a websocket frame).
const keyOf = (tableId, seat) => `ulti-token-${tableId}-${seat}`;

/** The token this browser has for the seat the fragment names: the link's, else the one
 * kept here ("" for none).  It changes nothing (the table page asks for the table's facts
 * with it before seatToken has run). */
export function keptToken(tableId, params) {
  const fromLink = params.get("token");
  if (fromLink) return fromLink;
  try { return localStorage.getItem(keyOf(tableId, params.get("seat"))) || ""; } catch (e) { return ""; }
}

export function seatToken(tableId, params) {
  const fromLink = params.get("token");
  if (fromLink) {
    try { localStorage.setItem(keyOf(tableId, params.get("seat")), fromLink); } catch (e) { /* private mode: keep the link */ return fromLink; }
    params.delete("token");
    history.replaceState(null, "", `${location.pathname}#${params.toString()}`);
    return fromLink;
  }
  return keptToken(tableId, params);
}

/** A token this browser keeps for any seat of the table ("" for none): a shared link names
 * no seat (and never carries a token), so its page finds the seat this browser sits in. */
export function anyKeptToken(tableId) {
  const prefix = `ulti-token-${tableId}-`;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(prefix) && !k.endsWith("-null")) return localStorage.getItem(k) || "";
    }
  } catch (e) { /* storage blocked */ }
  return "";
}
