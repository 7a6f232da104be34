// The table, seen from one seat.  The server is authoritative: this page only shows the view
// it is sent (its seat's projection) and sends action texts with the version it saw.
import { SUITS, cardElement, cardName, code, suitName, symbol } from "/static/cards.js";
import { pickLang, words } from "/static/i18n.js";
import { seatToken } from "/static/seat.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
const seat = Number(params.get("seat"));
const token = seatToken(tableId, params);

let lang = pickLang();
let W = words(lang);
let view = null;
let table = null;
// The last version this page has seen.  A new page (a reload, F5) starts from nothing and is
// sent the whole current deal; a reconnect of this page is sent only what it missed.
let version = -1;
let ws = null;
let replaced = false;
let chosen = new Set();
let retry = 500;
let dismissedPrev = 0;
const log = [];

const $ = (id) => document.getElementById(id);

function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.style.display = "block";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.style.display = "none"; }, 4000);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);
  ws.onopen = () => {
    retry = 500;
    ws.send(JSON.stringify({ type: "hello", seat, token, since: version >= 0 ? version : null }));
  };
  ws.onmessage = (msg) => receive(JSON.parse(msg.data));
  ws.onclose = (ev) => {
    if (ev.code === 4401 || ev.code === 4404) { $("status").textContent = "✗"; return; }
    if (ev.code === 4409 || replaced) { showReplaced(); return; }  // another tab has the seat
    $("status").textContent = W.reconnecting;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

// Another tab took this seat over: say so, and offer to take it back.
function showReplaced() {
  replaced = true;
  $("status").textContent = W.replaced;
  const box = $("replaced");
  box.innerHTML = "";
  box.append(W.replaced + " ");
  const b = document.createElement("button");
  b.className = "btn";
  b.dataset.action = "play-here";
  b.textContent = W.playHere;
  b.onclick = () => { replaced = false; box.style.display = "none"; connect(); };
  box.appendChild(b);
  box.style.display = "block";
}

function receive(frame) {
  if (frame.type === "replaced") { replaced = true; return; }
  if (frame.type === "error") { toast(frame.message); return; }
  if (frame.type === "pong") return;
  if (frame.table) table = frame.table;
  if (frame.type === "sync") { log.length = 0; }
  for (const ev of frame.events || []) log.push(ev);
  if (frame.event) log.push(frame.event);
  if (frame.view) {
    if (view && frame.view.deal_number !== view.deal_number) chosen.clear();
    view = frame.view;
    version = frame.version;
    if (frame.type === "sync" && !params.get("lang") && !localStorage.getItem("ulti-lang")) {
      lang = table.lang; W = words(lang); $("langSelect").value = lang;
    }
    render();
  }
}

function send(action) {
  if (!ws || ws.readyState !== 1) { toast(W.reconnecting); return; }
  ws.send(JSON.stringify({ type: "action", action, version }));
}

// -- rendering ---------------------------------------------------------------------------

function name(s) { return table ? table.players[s].name : `#${s}`; }

function bidTitle(info) { return lang === "hu" ? info.title_hu : info.title; }

function render() {
  document.documentElement.lang = lang;
  const v = view;
  let status = `${W.deal} ${v.deal_number}/${table.deals} · ${W.dealer}: ${name(v.dealer)}`;
  if (v.contract_info) {
    const tr = v.trump >= 0 ? `${SUITS[v.trump]} ${suitName(v.trump, lang)}` : W.noTrump;
    status += ` · ${name(v.soloist)}: ${v.contract_info.title} / ${v.contract_info.title_hu} · ${tr}`;
  } else if (v.bid_info) {
    status += ` · ${W.auction}: ${bidTitle(v.bid_info)} (${name(v.bidder)})`;
  }
  $("status").textContent = status;
  $("scoresLine").textContent = v.totals.map((t, i) => `${name(i)} ${t >= 0 ? "+" : ""}${t}`).join(" · ");
  renderPlayers(v);
  renderCenter(v);
  renderHand(v);
  renderActions(v);
  renderLog();
  renderSheet(v);
  renderSettlement(v);
}

function renderPlayers(v) {
  $("playersTitle").textContent = W.player;
  const box = $("players");
  box.innerHTML = "";
  for (let s = 0; s < 3; s++) {
    const d = document.createElement("div");
    const role = v.soloist >= 0 ? (s === v.soloist ? W.soloist : W.defender) : "";
    const bot = table.players[s].kind === "bot" ? ` (${table.players[s].spec})` : "";
    d.textContent = `${name(s)}${bot} · ${v.hand_sizes[s]} ${W.cards} ${role}` + (v.current_player === s ? " ◀" : "");
    if (v.current_player === s) d.className = "turn";
    box.appendChild(d);
  }
  const opts = Object.entries(table.options || {}).map(([k, x]) => `${k}=${x}`).join(", ");
  box.appendChild(Object.assign(document.createElement("div"), {
    className: "muted rules-line", textContent: `${W.rules}: ${table.rules}${opts ? " + " + opts : ""}` }));
  for (const [comp, a, b] of v.kontras) {
    if (a || b) box.appendChild(Object.assign(document.createElement("div"), {
      className: "muted", textContent: `${comp}: ×${2 ** a}${a !== b ? " / ×" + 2 ** b : ""}` }));
  }
  for (const [s, suit] of v.marriages) {
    box.appendChild(Object.assign(document.createElement("div"), {
      className: "muted", textContent: `${name(s)}: ${suit === v.trump ? 40 : 20} ${SUITS[suit]}` }));
  }
  if (v.talon) {
    const d = document.createElement("div");
    d.append(`${W.talon}: `);
    for (const c of v.talon) d.appendChild(cardElement(c, lang));
    box.appendChild(d);
  }
  for (const [s, cards] of v.exposed) {
    const d = document.createElement("div");
    d.append(`${W.open} · ${name(s)}: `);
    for (const c of cards) d.appendChild(cardElement(c, lang));
    box.appendChild(d);
  }
}

function renderCenter(v) {
  const box = $("center");
  box.innerHTML = "";
  if (v.soloist < 0) {
    $("centerTitle").textContent = W.auction;
    for (const move of v.history.slice(-9)) {
      const d = document.createElement("div");
      d.textContent = `${name(move.seat)}: ${describe(move.action || { kind: move.kind })}`;
      box.appendChild(d);
    }
    return;
  }
  $("centerTitle").textContent = `${W.trick} ${v.tricks.length + 1}`;
  v.trick.forEach((c, i) => {
    const d = document.createElement("div");
    d.append(`${name((v.trick_leader + i) % 3)}: `);
    d.appendChild(cardElement(c, lang));
    box.appendChild(d);
  });
  if (v.tricks.length) {
    const [, cards, winner] = v.tricks[v.tricks.length - 1];
    const d = document.createElement("div");
    d.className = "muted";
    d.append(`${W.lastTrick}: `);
    for (const c of cards) d.appendChild(cardElement(c, lang));
    d.append(` → ${name(winner)}`);
    box.appendChild(d);
    box.appendChild(Object.assign(document.createElement("div"), { className: "muted",
      textContent: `${W.points}: ` + v.points_taken.map((p, i) => `${name(i)} ${p}`).join(", ") }));
  }
}

// An action, typed as the server sends it ({kind, text, card, cards, bid, suit, component,
// level}; another seat's discard comes as {kind: "discard"} without cards), in words.
function describe(a) {
  switch (a.kind) {
    case "pass": return W.pass;
    case "pickup": return W.pickup;
    case "discard": return a.cards ? a.cards.map(symbol).join(" ") : "▭▭";
    case "play": return symbol(a.card);
    case "marriage": return `${W.declare} ${a.suit === view.trump ? 40 : 20} ${SUITS[a.suit]}`;
    case "trump": return `${W.trump}: ${SUITS[a.suit]} ${suitName(a.suit, lang)}`;
    case "bid": {
      const names = table && table.bids && table.bids[a.text];
      if (names) return lang === "hu" ? names[1] : names[0];
      const b = (view.legal || []).find((x) => x.action === a.text);
      return b ? bidTitle(b) : a.bid;
    }
    default: return a.text;
  }
}

function legalOf(kind) { return (view.legal || []).filter((a) => a.kind === kind); }

function renderHand(v) {
  const box = $("hand");
  box.innerHTML = "";
  const mine = v.current_player === seat && !v.over;
  const plays = new Map(legalOf("play").map((a) => [a.card, a.action]));
  const discarding = mine && legalOf("discard").length > 0;
  for (const c of v.hand) {
    const el = cardElement(c, lang, { button: true });
    if (v.phase === "PLAY" && mine && !plays.has(c)) el.classList.add("dim");
    if (chosen.has(c)) el.classList.add("chosen");
    if (plays.has(c)) el.dataset.action = plays.get(c);
    el.onclick = () => {
      if (discarding) {
        if (chosen.has(c)) chosen.delete(c); else if (chosen.size < 2) chosen.add(c);
        render();
      } else if (plays.has(c)) {
        send(plays.get(c));
      } else if (mine && v.phase === "PLAY") {
        toast((v.reasons && v.reasons[c]) || W.notNow);
      }
    };
    box.appendChild(el);
  }
  $("prompt").textContent = v.over ? "" : mine ? (discarding ? W.chooseTwo
    : v.phase === "BID" ? W.chooseBid : v.phase === "KONTRA" ? W.kontraAnswer : W.yourTurn)
    : `${W.waiting} ${name(v.current_player)}`;
}

function label(a) {
  switch (a.kind) {
    case "pass": return W.pass;
    case "pickup": return W.pickup;
    case "claim": return W.claim;
    case "trump": return `${SUITS[a.suit]} ${suitName(a.suit, lang)}`;
    case "marriage": return `${W.declare} ${a.suit === view.trump ? 40 : 20} ${SUITS[a.suit]}`;
    default: return a.action;
  }
}

function renderActions(v) {
  const box = $("actions");
  const bids = $("bids");
  box.innerHTML = "";
  bids.innerHTML = "";
  if (v.current_player !== seat || v.over) return;
  for (const a of v.legal) {
    if (a.kind === "play" || a.kind === "bid") continue;
    const b = document.createElement("button");
    if (a.kind === "discard") {
      b.textContent = W.lay;
      b.dataset.action = "lay";
      b.disabled = chosen.size !== 2;
      b.onclick = () => {
        const [x, y] = [...chosen];
        chosen.clear();
        send(`discard ${code(x)} ${code(y)}`);
      };
    } else {
      b.textContent = label(a);
      b.dataset.action = a.action;
      if (a.kind === "kontra") b.className = "kontra";
      b.onclick = () => send(a.action);
    }
    box.appendChild(b);
  }
  for (const a of legalOf("bid")) {
    const b = document.createElement("button");
    b.className = "btn";
    b.dataset.action = a.action;
    b.textContent = `${a.rank} · ${lang === "hu" ? a.title_hu + " / " + a.title : a.title + " / " + a.title_hu} · ${a.value}`;
    b.onclick = () => send(a.action);
    bids.appendChild(b);
  }
}

function renderLog() {
  $("logTitle").textContent = W.log;
  const box = $("log");
  box.innerHTML = "";
  for (const ev of log.slice(-60)) {
    const d = document.createElement("div");
    d.textContent = `${W.deal} ${ev.deal + 1} · ${name(ev.seat)}: ${describe(ev.action)}`;
    box.appendChild(d);
  }
  box.scrollTop = box.scrollHeight;
}

function renderSheet(v) {
  $("sheetTitle").textContent = W.scores;
  const rows = v.sheet.map((r) => `<tr><td>${r.deal}</td><td>${r.contract || "-"}</td>` +
    r.running.map((x) => `<td>${x >= 0 ? "+" : ""}${x}</td>`).join("") + "</tr>").join("");
  $("sheet").innerHTML = `<table class="sheet"><tr><th>#</th><th>${W.contract}</th>` +
    [0, 1, 2].map((s) => `<th>${escapeHtml(name(s))}</th>`).join("") + `</tr>${rows}</table>` +
    (v.session_over ? `<p>${W.over} ${W.winner}: ${v.winners.map(name).map(escapeHtml).join(", ")}</p>` : "");
  $("recordsTitle").textContent = W.records;
  // The seat's token stays in this browser and in Authorization headers, never in a URL (the
  // server's access log, history, referrers).
  const box = $("records");
  box.innerHTML = "";
  for (const r of v.sheet) {
    const d = document.createElement("div");
    d.append(`${W.deal} ${r.deal}: ${r.contract || "-"} · `);
    const replay = document.createElement("a");
    replay.href = `/replay/${tableId}/${r.deal}#seat=${seat}&lang=${lang}`;  // token: kept here
    replay.textContent = W.replay;
    const json = document.createElement("a");
    json.href = "#";
    json.dataset.deal = r.deal;
    json.className = "download";
    json.textContent = W.download;
    json.onclick = (e) => { e.preventDefault(); download(r.deal); };
    d.append(replay, " · ", json);
    box.appendChild(d);
  }
}

async function download(deal) {
  const res = await fetch(`/api/tables/${tableId}/deals/${deal}/record.json`,
    { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) { toast(W.downloadFailed); return; }
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: `ulti-${tableId}-${deal}.json` });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function renderSettlement(v) {
  const box = $("settlement");
  box.innerHTML = "";
  const p = v.previous;
  if (!p || dismissedPrev === p.deal || v.history.length > 6) return;
  const div = document.createElement("div");
  div.className = "settlement";
  const hu = lang === "hu";  // the server sends each line's words in both languages
  const lines = p.settlement.lines.map((l) =>
    `${hu ? l.item_hu : l.item}: ${hu ? { won: "nyert", lost: "bukott" }[l.outcome] : l.outcome} ` +
    `${l.amounts.map((a, i) => `${name(i)} ${a >= 0 ? "+" : ""}${a}`).join(", ")}` +
    ((hu ? l.detail_hu : l.detail) ? ` — ${hu ? l.detail_hu : l.detail}` : "")).join("\n");
  const summary = hu ? p.settlement.summary_hu : p.settlement.summary;
  div.innerHTML = `<b>${W.settlement} ${p.deal}</b><pre></pre>`;
  div.querySelector("pre").textContent = `${hu ? p.end_reason_hu : p.end_reason}\n${summary.join("\n")}\n${lines}\n${W.total}: ` +
    p.settlement.totals.map((t, i) => `${name(i)} ${t >= 0 ? "+" : ""}${t}`).join(", ");
  const ok = document.createElement("button");
  ok.className = "btn";
  ok.textContent = W.close;
  ok.dataset.action = "close-settlement";
  ok.onclick = () => { dismissedPrev = p.deal; render(); };
  div.appendChild(ok);
  box.appendChild(div);
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
}

$("langSelect").value = lang;
$("langSelect").onchange = (e) => {
  lang = e.target.value; W = words(lang); localStorage.setItem("ulti-lang", lang);
  if (view) render();
};
$("status").textContent = W.connecting;
connect();
setInterval(() => { if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "ping" })); }, 25000);
