// What both tables (Ulti's three seats, Snapszli's two) share: a seat's live connection —
// the hello with the version last seen, reconnects with backoff, the banner when another tab
// takes the seat, pings — and small page helpers.  The server is authoritative: a page only
// shows the views it is sent and sends action texts with the version it saw.
import { errorText } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

// -- requests -------------------------------------------------------------------------------

let csrfKnown = "";

/** The CSRF token every POST carries (docs/CLUB.md): the ``ulti_csrf`` cookie the server
 * set, else the one its last answer named (GET /api/me, log in, register). */
export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)ulti_csrf=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : csrfKnown;
}
export function setCsrf(token) { if (token) csrfKnown = token; }

/** POST ``body`` as JSON with the ``X-CSRF-Token`` header (and a seat's ``token`` as
 * ``Authorization: Bearer`` where given).  Never throws: ``{ok, status, data}``, the answer's
 * JSON (``{}`` when it has none). */
export async function post(url, body = {}, { token } = {}) {
  const headers = { "content-type": "application/json", "X-CSRF-Token": csrfToken() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), credentials: "same-origin" });
  } catch (e) {
    return { ok: false, status: 0, data: {} };
  }
  let data = {};
  try { data = await res.json(); } catch (e) { /* no JSON */ }
  if (data && data.csrf) setCsrf(data.csrf);
  return { ok: res.ok, status: res.status, data: data || {} };
}

/** An element with a class and a text. */
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A short message at the foot of the page. */
export function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.remove("show"), 4000);
}

/**
 * Connect ``seat`` of table ``tableId`` with its ``token`` — or, with ``watch``, as a
 * spectator (``name()``: the name a guest spectator chats with, if any).  ``words()`` gives
 * the page's words now, ``lang()`` its language; ``onFrame(frame)`` gets every frame but
 * errors (shown as toasts, then passed to ``onError(frame)`` if given), pongs and the
 * takeover notice.  ``version`` must be kept current
 * by the page (``live.version = frame.version``): a reconnect asks only for what it missed.
 * Returns ``{send(action), frame(obj), reconnect(), version}``.
 */
export function liveSeat({
  tableId, seat, token, watch = false, name = () => "", words, lang, onFrame, onError = null,
}) {
  let ws = null;
  let retry = 500;
  let replaced = false;
  let refusal = null;  // the server's last error frame (a refused connection says why in it)
  const live = {
    version: -1,
    send(action) {
      if (!ws || ws.readyState !== 1) { toast(words().reconnecting); return; }
      ws.send(JSON.stringify({ type: "action", action, version: live.version }));
    },
    /** Any other frame (chat, mute); false when the connection is down. */
    frame(obj) {
      if (!ws || ws.readyState !== 1) { toast(words().reconnecting); return false; }
      ws.send(JSON.stringify(obj));
      return true;
    },
    /** Say hello again on a new connection (a spectator who chose a name to chat with). */
    reconnect() {
      if (ws) { ws.onclose = null; ws.close(); }
      connect();
    },
  };

  // Another tab took this seat over: say so, and offer to take it back.
  function showReplaced() {
    replaced = true;
    const W = words();
    $("status").textContent = W.replaced;
    const box = $("replaced");
    box.innerHTML = "";
    box.append(W.replaced + " ");
    const b = el("button", "btn", W.playHere);
    b.dataset.action = "play-here";
    b.onclick = () => { replaced = false; box.style.display = "none"; connect(); };
    box.appendChild(b);
    box.style.display = "block";
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);
    ws.onopen = () => {
      retry = 500;
      const since = live.version >= 0 ? live.version : null;
      const hello = watch ? { type: "hello", watch: true, since } : { type: "hello", seat, token, since };
      if (watch && name()) hello.name = name();
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (msg) => {
      const frame = JSON.parse(msg.data);
      if (frame.type === "replaced") { replaced = true; return; }
      if (frame.type === "error") {
        refusal = frame;
        toast(errorText(frame, lang()));
        if (onError) onError(frame);
        return;
      }
      if (frame.type === "pong") return;
      onFrame(frame);
    };
    ws.onclose = (ev) => {
      if (ev.code === 4401 || ev.code === 4404) { $("status").textContent = "✗"; return; }
      if (ev.code === 4409 || replaced) { showReplaced(); return; }  // another tab has the seat
      if (ev.code === 4429) {  // too many connections: say so, and try again later
        $("status").textContent = errorText(refusal, lang()) || ev.reason;
        setTimeout(connect, 15000);
        return;
      }
      $("status").textContent = words().reconnecting;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  $("status").textContent = words().connecting;
  connect();
  setInterval(() => { if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "ping" })); }, 25000);
  return live;
}

/**
 * The score sheet's finished deals in ``box``: ``label(r)`` and a replay link for each and,
 * for a seat (not a spectator), a download of its record as ``GAME-TABLE-DEAL.json``.  The
 * seat's token stays in this browser and in an Authorization header, never in a URL (the
 * server's access log, history, referrers): the replay link carries only the seat's number.
 */
export function renderRecords(box, sheet, { tableId, seat, token, watching, lang, words: W, game, label }) {
  box.innerHTML = "";
  for (const r of sheet) {
    const d = el("div", "record");
    d.appendChild(el("span", "", label(r)));
    const replay = el("a", "", W.replay);
    replay.href = watching ? `/replay/${tableId}/${r.deal}#watch&lang=${lang}`
      : `/replay/${tableId}/${r.deal}#seat=${seat}&lang=${lang}`;
    d.appendChild(replay);
    if (!watching) {
      const json = el("a", "download", W.download);
      json.href = "#";
      json.dataset.deal = r.deal;
      json.onclick = (e) => { e.preventDefault(); downloadRecord(tableId, token, r.deal, game, W); };
      d.appendChild(json);
    }
    box.appendChild(d);
  }
}

async function downloadRecord(tableId, token, deal, game, W) {
  const res = await fetch(`/api/tables/${tableId}/deals/${deal}/record.json`,
    { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) { toast(W.downloadFailed); return; }
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"),
    { href: url, download: `${game}-${tableId}-${deal}.json` });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
