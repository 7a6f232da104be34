// A seat's token: taken from an invite link's fragment once, kept in this browser, and the
// fragment's token removed from the address bar (so it stays out of history and bookmarks,
// and never reaches a server: requests carry it in a header or a websocket frame).
export function seatToken(tableId, params) {
  const seat = params.get("seat");
  const key = `ulti-token-${tableId}-${seat}`;
  const fromLink = params.get("token");
  if (fromLink) {
    try { localStorage.setItem(key, fromLink); } catch (e) { /* private mode: keep the link */ return fromLink; }
    params.delete("token");
    history.replaceState(null, "", `${location.pathname}#${params.toString()}`);
    return fromLink;
  }
  try { return localStorage.getItem(key) || ""; } catch (e) { return ""; }
}
