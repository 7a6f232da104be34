// An event's page (docs/CLUB.md, "Events"): its settings in words, who registered, and the
// doors of the moment (register and unregister, the organiser's start, leaving a running
// event); once it runs, the round's tables (the viewer's own marked and linked, the others to
// watch), the live standings, each played deal at every table (the traveller, with each
// table's replay), how balanced the schedule is, and the results to download.
//
// There is no socket for an event: the page asks again every few seconds while the event is
// open or running (not while the page is hidden), and stops once it is over.
import { currentUser, loadMe, onAccount, openAccountDialog } from "/static/account.js";
import { clubHeader } from "/static/clubpage.js";
import { gameName, kindName, presetName, roundText, startText, stateName } from "/static/eventkit.js";
import { errorText, fill } from "/static/i18n.js";
import { levelName } from "/static/levels.js";
import { el, post } from "/static/live.js";
import { num, percent, signedNum } from "/static/numbers.js";

const $ = (id) => document.getElementById(id);
const eventId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const at = `/api/events/${encodeURIComponent(eventId)}`;
/** How often the page asks again while the event is open or running (ms). */
const POLL_MS = 4000;

let view = null;  // GET /api/events/{id}
let viewKey = "";
let failed = null;  // why the event could not be read ({status, body})
let standing = null;  // GET .../standings: {state, round, rows, boards}
let standingKey = "";
let board = null;  // the traveller shown: GET .../boards/{round}/{deal}
let boardFailed = null;
let chosen = null;  // {round, deal} of the traveller shown
let picked = false;  // whether the person chose it (else the latest deal played is shown)
let refusal = null;  // the server's answer to the last door refused ({status, data})
let timer = null;
let due = false;  // a refresh waits until the page is seen again
let asked = 0;  // the newest refresh (an older answer is dropped)
let boardAsked = 0;
const page = clubHeader(render);

async function getJson(url) {
  try {
    const res = await fetch(url, { credentials: "same-origin" });
    const body = await res.json().catch(() => ({}));
    return { ok: res.ok, status: res.status, body };
  } catch (e) {
    return { ok: false, status: 0, body: null };
  }
}

function button(text, action, fn, cls = "btn") {
  const b = el("button", cls, text);
  b.type = "button";
  b.dataset.action = action;
  b.onclick = fn;
  return b;
}

function link(text, href, cls, action) {
  const a = el("a", cls, text);
  a.href = href;
  if (action) a.dataset.action = action;
  return a;
}

/** A table inside a box that scrolls sideways on its own on a narrow screen. */
function scrolling(table) {
  const box = el("div", "scroll-x");
  box.dataset.scrolls = "";
  box.tabIndex = 0;  // (a box that scrolls is reached by the keyboard too)
  box.appendChild(table);
  return box;
}

function headRow(cells, numeric) {
  const tr = el("tr");
  cells.forEach((h, i) => {
    const th = el("th", numeric(i) ? "num" : "", h);
    th.scope = "col";
    tr.appendChild(th);
  });
  return tr;
}

// -- the event: its settings, who registered, the doors -------------------------------------

/** The rules in words: the preset, and each option set otherwise (those the catalogue names). */
function rulesText(W) {
  const rules = view.rules || {};
  const parts = [presetName(view.game, rules.preset || "standard", W)];
  for (const [name, value] of Object.entries(rules.options || {})) {
    const snap = view.game === "snapszli";
    const label = snap ? W.snap[`option-${name}`] : W.options[name];
    if (!label) continue;
    let shown = typeof value === "boolean" ? (value ? W.events.yes : W.events.no) : String(value);
    if (typeof value === "string") shown = (!snap && W.options[`${name}.${value}`]) || "";
    if (shown) parts.push(`${label}: ${shown}`);
  }
  return parts.filter(Boolean).join(" · ");
}

function facts(W) {
  const E = W.events;
  const lang = page.lang();
  const dl = el("dl", "event-facts");
  const add = (label, value) => {
    if (!value) return;
    dl.append(el("dt", "", label), el("dd", "", value));
  };
  add(E.state, [stateName(view.state, W), view.state === "open" ? "" : roundText(view, W)]
    .filter(Boolean).join(" · "));
  add(W.snap.game, gameName(view.game, W));
  add(W.rules, rulesText(W));
  add(E.kind, kindName(view.kind, W));
  const rules = view.rules || {};
  add(E["per-round"], view.game === "snapszli"
    ? (rules.match_points ? fill(W.club["match-n"], { n: rules.match_points }) : E["a-match"])
    : fill(W.club["deals-n"], { n: view.deals }));
  if (view.kind === "arena") {
    add(E.minutes, String(view.minutes));
    if (view.ends) add(E.start, fill(E["ends-at"], { date: new Date(view.ends).toLocaleString(lang === "hu" ? "hu-HU" : "en-GB", { dateStyle: "medium", timeStyle: "short" }) }));
  } else add(E.rounds, String(view.rounds));
  add(E.start, startText(view, W, lang));
  add(E["max-players-short"], view.max_players ? String(view.max_players) : E["no-limit"]);
  add(E.computers, levelName(view.bot_spec, W) || W.bot);
  add(E.organiser, view.organiser_name || "");
  return dl;
}

function doors(W) {
  const E = W.events;
  const C = W.club;
  const box = el("div", "event-doors");
  const user = currentUser();
  const me = view.me;
  if (view.state === "open") {
    if (!user) {
      const p = el("p", "login-note", `${E["login-to-register"]} `);
      p.appendChild(button(C.login, "event-login", () => openAccountDialog("login", page.lang), "btn small"));
      box.appendChild(p);
    } else if (me) {
      box.appendChild(el("p", "registered-note", E["registered-me"]));
      box.appendChild(button(E.unregister, "event-unregister", () => step("unregister"), "btn secondary"));
    } else {
      box.appendChild(button(E.register, "event-register", () => step("register")));
    }
    if (user && user.id === view.organiser) {
      box.appendChild(button(E["start-now"], "event-start", () => step("start"), "btn start"));
    }
  } else if (view.state === "running") {
    if (me && me.left) box.appendChild(el("p", "muted", E["left-me"]));
    else if (me) box.appendChild(button(E.leave, "event-leave", askLeave, "btn secondary"));
    const arenaOpen = view.kind === "arena" && view.ends && new Date(view.ends) > new Date();
    if (arenaOpen && user && user.id === view.organiser) {
      box.appendChild(button(E["end-now"], "event-end", () => step("end"), "btn secondary"));
    }
  }
  const error = el("p", "form-error", refusal
    ? errorText(refusal.data, page.lang()) || fill(C.failed, { status: refusal.status }) : "");
  error.id = "doorError";
  error.setAttribute("role", "alert");
  box.appendChild(error);
  return box;
}

function entrants(W) {
  const E = W.events;
  const user = currentUser();
  const box = el("div", "entrants");
  const names = view.registered || [];
  box.appendChild(el("h3", "", fill(E.registered, { n: names.length })));
  if (!names.length) {
    box.appendChild(el("p", "muted", E.nobody));
    return box;
  }
  const list = el("ol", "entrant-list");
  for (const name of names) {
    const li = el("li", "", String(name));
    if (user && String(name).toLowerCase() === user.name.toLowerCase()) {
      li.append(" ", el("span", "badge you", E.you));
    }
    list.appendChild(li);
  }
  box.appendChild(list);
  return box;
}

function renderAbout(W) {
  const E = W.events;
  const box = $("about");
  box.innerHTML = "";
  $("title").textContent = E.event;
  if (!view) {
    document.title = `Ulti — ${E.event}`;
    box.appendChild(failed
      ? el("p", "form-error", errorText(failed.body, page.lang()) || fill(W.club.failed, { status: failed.status }))
      : el("p", "muted", W.connecting));
    return;
  }
  document.title = `Ulti — ${view.name}`;
  box.append(el("h2", "event-title", String(view.name)), facts(W), doors(W), entrants(W));
}

/** A door of the event (register, unregister, start, leave): its answer is the event. */
async function step(door) {
  for (const b of document.querySelectorAll(".event-doors button")) b.disabled = true;
  const { ok, status, data } = await post(`${at}/${door}`, {});
  refusal = ok ? null : { status, data };
  if (ok && data && data.id) {
    viewKey = "";
    showView(data);
  } else {
    renderAbout(page.W());
  }
  refresh();
}

function askLeave() {
  const W = page.W();
  $("leaveTitle").textContent = W.events.leave;
  $("leaveText").textContent = W.events["leave-ask"];
  $("leaveCancel").textContent = W.club.cancel;
  $("leaveGo").textContent = W.events.leave;
  $("leaveDialog").showModal();
}
$("leaveCancel").onclick = () => $("leaveDialog").close();
$("leaveGo").onclick = () => { $("leaveDialog").close(); step("leave"); };
$("leaveDialog").addEventListener("click", (e) => { if (e.target === $("leaveDialog")) $("leaveDialog").close(); });

// -- the round's tables ---------------------------------------------------------------------

function renderRound(W) {
  const E = W.events;
  const box = $("round");
  box.innerHTML = "";
  const tables = (view && view.tables) || [];
  box.hidden = !tables.length;
  if (!tables.length) return;
  box.appendChild(el("h2", "", fill(E["round-title"], { round: view.round, rounds: view.rounds })));
  const list = el("div", "event-tables");
  for (const t of tables) {
    const card = el("article", `event-table${t.mine ? " mine" : ""}`);
    card.dataset.table = t.id;
    const head = el("div", "lobby-head");
    head.appendChild(el("b", "", fill(E.table, { n: t.table })));
    if (t.mine) head.appendChild(el("span", "badge mine", E["your-table"]));
    head.appendChild(el("span", "muted", t.over ? E["table-over"] : E["table-playing"]));
    card.appendChild(head);
    const seats = el("ul", "lobby-players");
    (t.players || []).forEach((p, s) => {
      const li = el("li", p === null ? "player bot" : "player person");
      li.appendChild(el("span", "muted", fill(E.seat, { n: s + 1 })));
      li.appendChild(p === null ? el("span", "badge bot-mark", E.computer) : el("span", "name", String(p)));
      const out = t.timeouts ? t.timeouts[s] : 0;  // moves the server made when the clock ran out
      if (out) li.appendChild(el("span", "badge timeout-mark", fill(E.timeouts, { n: out })));
      seats.appendChild(li);
    });
    card.appendChild(seats);
    const foot = el("div", "lobby-foot");
    foot.appendChild(t.mine
      ? link(E["go-table"], t.link, "btn your-table", "your-table")
      : link(W.club.watch, `${t.link}#watch`, "btn watch", "watch"));
    card.appendChild(foot);
    list.appendChild(card);
  }
  box.appendChild(list);
}

// -- the standings --------------------------------------------------------------------------

function renderStandings(W) {
  const E = W.events;
  const C = W.club;
  const lang = page.lang();
  const box = $("standings");
  box.innerHTML = "";
  box.hidden = !view || view.state === "open" || !standing;
  if (box.hidden) return;
  box.appendChild(el("h2", "", E.standings));
  box.appendChild(el("p", "muted standings-note", view.state === "over" ? E.final : E.live));
  const rows = standing.rows || [];
  if (!rows.length || !(standing.boards || []).length) {
    box.appendChild(el("p", "muted", E["no-deals"]));
  } else {
    const t = el("table", "board standings-table");
    const byPoints = view.kind !== "duplicate";  // Swiss and arena: points by place
    const heads = byPoints
      ? ["#", C.player, E.points, E.buchholz, E["tables-played"], E.units]
      : ["#", C.player, "%", E.matchpoints, E.boards, E.units];
    t.appendChild(headRow(heads, (i) => i !== 1));
    t.querySelectorAll("th")[4].classList.add("boards");
    const mine = view.me ? view.me.number : null;
    for (const r of rows) {
      const tr = el("tr", r.player === mine ? "person mine" : "person");
      tr.appendChild(el("td", "num", String(r.rank)));
      const who = el("td", "who", String(r.name));
      if (r.player === mine) who.append(" ", el("span", "badge you", E.you));
      tr.appendChild(who);
      if (byPoints) {
        tr.appendChild(el("td", "num rating", num(r.points, 1, lang, false)));
        tr.appendChild(el("td", "num", num(r.buchholz, 1, lang, false)));
        tr.appendChild(el("td", "num boards", String(r.tables)));
      } else {
        tr.appendChild(el("td", "num rating", percent(r.percent, 2, lang)));
        tr.appendChild(el("td", "num", `${num(r.matchpoints, 1, lang, false)} / ${r.top}`));
        tr.appendChild(el("td", "num boards", String(r.boards)));
      }
      tr.appendChild(el("td", "num", signedNum(r.units, 0, lang)));
      t.appendChild(tr);
    }
    box.appendChild(scrolling(t));
  }
  const downloads = el("p", "downloads", `${E.results} `);
  const csv = link(E.csv, `${at}/results.csv`, "download", "csv");
  csv.download = "";
  const json = link(E.json, `${at}/results.json`, "download", "json");
  downloads.append(csv, " · ", json);
  box.appendChild(downloads);
}

// -- each deal at every table (the traveller) -----------------------------------------------

function options(select, items, value) {
  const key = JSON.stringify(items);
  if (select.dataset.key !== key) {
    select.innerHTML = "";
    for (const [v, text] of items) {
      const o = document.createElement("option");
      o.value = String(v);
      o.textContent = text;
      select.appendChild(o);
    }
    select.dataset.key = key;
  }
  select.value = String(value);
}

/** The round and deal pickers, from the deals played; true when the deal shown changed. */
function renderPicker(W) {
  const E = W.events;
  const boards = (standing && standing.boards) || [];
  $("traveller").hidden = !boards.length;
  if (!boards.length) return false;
  $("travellerTitle").textContent = E.traveller;
  $("travRoundLabel").textContent = E["pick-round"];
  $("travDealLabel").textContent = E["pick-deal"];
  const before = chosen && `${chosen.round}/${chosen.deal}`;
  const known = chosen && boards.some(([r, d]) => r === chosen.round && d === chosen.deal);
  if (!picked || !known) {
    const [r, d] = boards[boards.length - 1];
    chosen = { round: r, deal: d };
  }
  const rounds = [...new Set(boards.map(([r]) => r))];
  options($("travRound"), rounds.map((r) => [r, fill(E["round-n"], { n: r })]), chosen.round);
  const deals = boards.filter(([r]) => r === chosen.round).map(([, d]) => d);
  options($("travDeal"), deals.map((d) => [d, fill(E["deal-n"], { n: d })]), chosen.deal);
  return before !== `${chosen.round}/${chosen.deal}`;
}

async function loadTraveller() {
  if (!chosen) return;
  const mine = ++boardAsked;
  const r = await getJson(`${at}/boards/${chosen.round}/${chosen.deal}?lang=${page.lang()}`);
  if (mine !== boardAsked) return;
  board = r.ok ? r.body : null;
  boardFailed = r.ok ? null : r;
  renderTraveller(page.W());
}

function renderTraveller(W) {
  const E = W.events;
  const lang = page.lang();
  const box = $("travellerBoard");
  box.innerHTML = "";
  if (boardFailed) {
    box.appendChild(el("p", "form-error", errorText(boardFailed.body, lang) || fill(W.club.failed, { status: boardFailed.status })));
    return;
  }
  if (!board) return;
  const title = el("h3", "board-title", fill(E["board-caption"], { round: board.round, deal: board.deal }));
  title.id = "boardTitle";
  box.appendChild(title);
  const t = el("table", "board traveller-table");
  t.setAttribute("aria-labelledby", "boardTitle");
  const head = el("thead");
  head.appendChild(headRow([E["seat-col"], W.club.player, E.units, E.matchpoints], (i) => i > 1));
  t.appendChild(head);
  for (const row of board.tables || []) {
    const group = el("tbody", "trav-table");
    group.dataset.table = String(row.table);
    const top = el("tr", "trav-head");
    const th = el("th");
    th.colSpan = 4;
    th.scope = "colgroup";
    const soloist = (row.seats || []).find((s) => s.seat === row.soloist);
    const parts = [el("b", "", fill(E.table, { n: row.table }))];
    parts.push(el("span", "contract", row.contract ? `${E.contract}: ${row.contract}` : E["no-contract"]));
    if (soloist) parts.push(el("span", "", `${E.soloist}: ${soloist.player === null ? E.computer : soloist.player}`));
    if (row.made === true || row.made === false) {
      parts.push(el("span", `badge ${row.made ? "made" : "failed"}`, row.made ? E.made : E.failed));
    }
    parts.push(link(W.replay, `${row.replay}#lang=${lang}`, "replay", "replay"));
    th.append(...parts);
    top.appendChild(th);
    group.appendChild(top);
    for (const s of row.seats || []) {
      const tr = el("tr", s.computer ? "bot" : "person");
      tr.appendChild(el("td", "seat-no", String(s.seat + 1)));
      const who = el("td", "who");
      who.appendChild(s.computer ? el("span", "badge bot-mark", E.computer) : el("span", "", String(s.player)));
      if (s.seat === row.soloist) who.append(" ", el("span", "badge soloist", E["soloist-mark"]));
      tr.appendChild(who);
      const sat = s.units === null || s.units === undefined;
      tr.appendChild(el("td", "num", sat ? E["sat-out"] : signedNum(s.units, 0, lang)));
      tr.appendChild(el("td", "num", sat ? "–" : `${num(s.matchpoints, 1, lang, false)} / ${s.top}`));
      group.appendChild(tr);
    }
    t.appendChild(group);
  }
  box.appendChild(scrolling(t));
}

$("travRound").onchange = (e) => {
  const r = Number(e.target.value);
  const deals = ((standing && standing.boards) || []).filter(([x]) => x === r).map(([, d]) => d);
  chosen = { round: r, deal: deals.includes(chosen && chosen.deal) ? chosen.deal : deals[0] };
  picked = true;
  renderPicker(page.W());
  loadTraveller();
};
$("travDeal").onchange = (e) => {
  chosen = { round: chosen.round, deal: Number(e.target.value) };
  picked = true;
  loadTraveller();
};

// -- how balanced the schedule is -----------------------------------------------------------

function renderBalance(W) {
  const E = W.events;
  const box = $("balance");
  box.innerHTML = "";
  const b = view && view.balance;
  box.hidden = !b;
  if (!b) return;
  box.appendChild(el("h2", "", E.balance));
  box.appendChild(el("p", "muted", E["balance-doc"]));
  const pairs = el("ul", "pairs");
  for (const [k, n] of Object.entries(b.pairs || {}).sort((x, y) => Number(x[0]) - Number(y[0]))) {
    const key = Number(k) <= 2 ? `pairs-${k}` : "pairs-more";
    pairs.appendChild(el("li", "", fill(E[key], { n, k })));
  }
  box.appendChild(pairs);
  const seats = b.seats || [];
  if (!seats.length) return;
  const size = seats[0].length;
  const title = el("h3", "", E["seats-title"]);
  title.id = "seatsTitle";
  box.appendChild(title);
  const t = el("table", "board balance-table");
  t.setAttribute("aria-labelledby", "seatsTitle");
  // the seats under one heading (their numbers below it), the rest beside
  const top = el("tr");
  const th = (text, cls, attrs) => {
    const h = el("th", cls, text);
    h.scope = attrs.scope || "col";
    if (attrs.rows) h.rowSpan = attrs.rows;
    if (attrs.cols) h.colSpan = attrs.cols;
    return h;
  };
  top.append(
    th(W.club.player, "", { rows: 2 }),
    th(E.seats, "num", { cols: size, scope: "colgroup" }),
    th(E.opponents, "num", { rows: 2 }),
    th(E["with-computer"], "num", { rows: 2 }),
  );
  const numbers = el("tr");
  for (let s = 0; s < size; s++) numbers.appendChild(th(String(s + 1), "num", {}));
  const head = el("thead");
  head.append(top, numbers);
  t.appendChild(head);
  seats.forEach((row, p) => {
    const tr = el("tr");
    tr.appendChild(el("td", "who", String((view.registered || [])[p] ?? fill(E["player-n"], { n: p + 1 }))));
    for (let s = 0; s < size; s++) tr.appendChild(el("td", "num", String(row[s])));
    tr.appendChild(el("td", "num", String((b.opponents || [])[p] ?? 0)));
    tr.appendChild(el("td", "num", String((b.fillers || [])[p] ?? 0)));
    t.appendChild(tr);
  });
  box.appendChild(scrolling(t));
}

// -- asking again ---------------------------------------------------------------------------

function showView(v) {
  const key = JSON.stringify(v);
  if (key === viewKey) return;
  viewKey = key;
  view = v;
  const W = page.W();
  renderAbout(W);
  renderRound(W);
  renderBalance(W);
  renderStandings(W);
}

function showStanding(s) {
  const key = JSON.stringify(s);
  if (key === standingKey) return;
  standingKey = key;
  standing = s;
  const W = page.W();
  renderStandings(W);
  renderPicker(W);
  loadTraveller();  // (the deal's tables fill in as they play it)
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (document.hidden) due = true;
    else refresh();
  }, POLL_MS);
}

/** The event and its standings asked again; again in a few seconds unless it is over. */
async function refresh() {
  clearTimeout(timer);
  const mine = ++asked;
  const v = await getJson(at);
  if (mine !== asked) return;
  if (!v.ok) {
    failed = { status: v.status, body: v.body };
    if (!view) renderAbout(page.W());
    if (v.status !== 404) schedule();  // (an event that is not there will not come)
    return;
  }
  failed = null;
  showView(v.body);
  if (view.state !== "open") {
    const s = await getJson(`${at}/standings`);
    if (mine !== asked) return;
    if (s.ok) showStanding(s.body);
  }
  if (view.state !== "over") schedule();
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && due) {
    due = false;
    refresh();
  }
});

/** Everything drawn again (a change of language, or of account). */
function render() {
  const W = page.W();
  renderAbout(W);
  renderRound(W);
  renderStandings(W);
  renderBalance(W);
  renderPicker(W);
  if (chosen) loadTraveller();  // (the contracts' names are in the page's language)
}

onAccount(() => { viewKey = ""; refresh(); });  // (who is registered, who organises)
render();
refresh();
loadMe().then(() => { if (view) renderAbout(page.W()); });  // (the doors are the account's)
