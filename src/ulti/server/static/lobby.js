// The lobby (docs/CLUB.md): the open public tables, live from /ws/lobby, each with a seat to
// take or a game to watch; and the form that makes a new table (public, rated, free seats,
// the creator's own seat, a left seat given to a computer after a while).
import {
  accountBar, currentUser, loadMe, myTurns, onAccount, openAccountDialog, profileUrl,
} from "/static/account.js";
import { cardStyle, setCardStyle } from "/static/cards.js";
import { errorText, fill, pickLang, words } from "/static/i18n.js";
import { LEVELS, levelName } from "/static/levels.js";
import { el, post, toast } from "/static/live.js";
import { setTeaching, teachingOn } from "/static/teaching.js";
import { fillTurns } from "/static/turns.js";
import { clockBody, fillClockSelect } from "/static/clocktext.js";

let lang = pickLang();
let bar = null;  // the account bar (account.js)
// per game: {presets: [{name, values}], options: [{name, rule, doc, type, default}]}
const catalogues = { ulti: null, snapszli: null, ulti4: null };
const $ = (id) => document.getElementById(id);

// The games: Ulti at three seats, Snapszli (docs/SNAPSZLI.md) at two, Ulti at four (the
// dealer sitting out each deal: its rules are Ulti's, its sessions a multiple of four deals).
const SEATS = { ulti: 3, snapszli: 2, ulti4: 4 };
const ROUND = { ulti: 3, ulti4: 4 };  // a session's deals are a multiple of the seats
const game = () => $("game").value;
const catalogue = () => catalogues[game()];

// A seat of the new table: a person (an invite link), a computer player, a free seat for
// someone from the lobby, or — logged in — the creator's own.
function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function seatRow(i, W) {
  const C = W.club;
  const user = currentUser();
  const div = el("div", "seat-row");
  div.appendChild(el("b", "", `${W.seat} ${i + 1}`));
  const kind = document.createElement("select");
  kind.name = `kind${i}`;
  kind.setAttribute("aria-label", "kind");
  // the creator's own seat (a guest names themself; an account's seat is the account's)
  kind.appendChild(option("me", user ? fill(C["me-seat"], { name: user.name }) : W.me));
  kind.append(option("person", W.person), option("bot", W.bot), option("open", C["open-seat"]));
  const name = document.createElement("input");
  name.name = `name${i}`;
  name.setAttribute("aria-label", W.name);
  name.value = i === 0 ? W.me : `${W.bot} ${i}`;
  name.maxLength = 24;
  const spec = document.createElement("select");
  spec.name = `spec${i}`;
  spec.setAttribute("aria-label", W.strength);
  for (const [value] of LEVELS) spec.appendChild(option(value, levelName(value, W)));
  div.append(kind, name, spec);
  kind.value = i === 0 ? "me" : "bot";
  const sync = () => {
    spec.disabled = kind.value !== "bot";
    spec.hidden = kind.value !== "bot";
    name.hidden = (kind.value === "me" && !!user) || kind.value === "open";
  };
  kind.onchange = sync;
  sync();
  return div;
}

// A rule option's and a preset's words: Ulti's from the option and preset sections, Snapszli's
// from its own (snap.web-option-*, snap.web-preset-*).
function optionWords(name, doc) {
  const W = words(lang);
  if (game() === "snapszli") return W.snap[`option-${name}${doc ? "-doc" : ""}`] || name;
  return W.options[`${name}${doc ? ".doc" : ""}`];
}
function presetWords(name, doc) {
  const W = words(lang);
  if (game() === "snapszli") return W.snap[`preset-${name}${doc ? "-doc" : ""}`] || name;
  return W.presets[`${name}${doc ? ".doc" : ""}`];
}

// (the option's words alone: its rule id belongs in the rule book, not on the form)
function optionLabel(o) {
  return optionWords(o.name, false);
}

function renderOptions() {
  const W = words(lang);
  const box = $("optionList");
  box.innerHTML = "";
  const cat = catalogue();
  if (!cat) return;
  const preset = cat.presets.find((p) => p.name === $("preset").value);
  $("presetDoc").textContent = preset ? presetWords(preset.name, true) : "";
  const own = new Set(cat.own_fields || []);
  for (const o of cat.options) {
    if (own.has(o.name)) continue;  // the match's length has its own field
    const value = preset ? preset.values[o.name] : o.default;
    const label = document.createElement("label");
    label.className = o.type === "bool" ? "option check" : "option";
    label.title = optionWords(o.name, true);
    let input;
    if (o.type === "bool") {
      input = `<input type="checkbox" name="opt-${o.name}" ${value ? "checked" : ""}>`;
    } else if (o.choices && o.choices.length) {  // a text option: one of its values
      const items = o.choices.map((c) => `<option value="${c}" ${c === value ? "selected" : ""}>`
        + `${W.options[`${o.name}.${c}`] || c}</option>`);
      input = `<select name="opt-${o.name}">${items.join("")}</select>`;
    } else {
      const most = o.max === undefined ? "" : ` max="${o.max}"`;
      input = `<input type="number" name="opt-${o.name}" value="${value}" min="${o.min ?? 0}"${most} step="1">`;
    }
    label.innerHTML = o.type === "bool" ? `${input} <span>${optionLabel(o)}</span>`
      : `<span>${optionLabel(o)}</span>${input}`;
    box.appendChild(label);
  }
  if (game() === "snapszli" && preset) {
    document.querySelector("[name=match_points]").value = preset.values.match_points;
  }
}

// The options that differ from the chosen preset: the server applies them over it.
function chosenOptions() {
  const cat = catalogue();
  const preset = cat && cat.presets.find((p) => p.name === $("preset").value);
  const out = {};
  if (!preset) return out;
  for (const o of cat.options) {
    const input = document.querySelector(`[name="opt-${o.name}"]`);
    if (!input) continue;
    const v = o.type === "bool" ? input.checked
      : o.choices && o.choices.length ? input.value : Number(input.value);
    if (v !== preset.values[o.name]) out[o.name] = v;
  }
  return out;
}

function render() {
  const W = words(lang);
  const snap = game() === "snapszli";
  document.documentElement.lang = lang;
  $("title").textContent = snap ? W.snap.lobby : W.lobby;
  document.title = $("title").textContent;  // the browser's tab, in the page's language
  $("gameLabel").textContent = W.snap.game;
  $("game").options[0].textContent = W.snap["game-ulti"];
  $("game").options[1].textContent = W.snap["game-snapszli"];
  $("game").options[2].textContent = W.snap["game-ulti4"];
  const deals = document.querySelector("[name=deals]");
  const round = ROUND[game()] || 3;
  if (Number(deals.step) !== round) {  // another game: its own multiple (default: two rounds)
    deals.step = String(round);
    deals.min = String(round);
    deals.value = String(2 * round);
  }
  $("rulesLabel").textContent = W.rules;
  $("dealsLabel").textContent = W.deals;
  $("matchLabel").textContent = W.snap["match-points"];
  $("showPointsLabel").textContent = W.snap["show-points"];
  $("dealsRow").hidden = snap;
  $("matchRow").hidden = !snap;
  $("showPointsRow").hidden = !snap;
  $("teachRowLabel").textContent = W.analysis.teaching;  // Ulti's teaching mode, at a friendly table
  $("teachRowDoc").textContent = W.analysis["teaching-doc"];
  $("teach").checked = teachingOn();
  showTeach();
  $("optionsLabel").textContent = W.club["rule-options"];  // (W.options: the options' names)
  renderClub(W);
  if (bar) bar.render();
  $("create").textContent = W.create;
  $("facesLabel").textContent = W.faces;
  $("facesSelect").options[0].textContent = W.facesHungarian;
  $("facesSelect").options[1].textContent = W.facesFrench;
  $("facesSelect").value = cardStyle();
  renderSeats(W);
  renderPresets();
  renderOptions();
}

// The presets by their names in the page's language (the value stays the preset's id).
function renderPresets() {
  const cat = catalogue();
  if (!cat) return;
  const select = $("preset");
  const chosen = select.value;
  select.innerHTML = cat.presets.map((p) =>
    `<option value="${p.name}">${presetWords(p.name, false)}</option>`).join("");
  select.value = cat.presets.some((p) => p.name === chosen) ? chosen : "standard";
}

async function loadCatalogue() {
  const [ulti, snap] = await Promise.all([fetch("/api/rules"), fetch("/api/snapszli/rules")]);
  catalogues.ulti = await ulti.json();
  catalogues.snapszli = await snap.json();
  catalogues.ulti4 = catalogues.ulti;  // four at the table plays Ulti's rules (N2)
  const select = $("preset");
  renderPresets();
  select.value = "standard";
  select.onchange = renderOptions;
  renderOptions();
}

$("facesSelect").onchange = (e) => setCardStyle(e.target.value);
$("langSelect").value = lang;
$("langSelect").onchange = (e) => { lang = e.target.value; localStorage.setItem("ulti-lang", lang); render(); };
$("game").onchange = () => { $("links").innerHTML = ""; render(); };
$("form").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData($("form"));
  const n = SEATS[game()];
  const W = words(lang);
  const user = currentUser();
  const seats = [...Array(n).keys()].map((i) => {
    const kind = f.get(`kind${i}`);
    if (kind === "me" && user) return { kind: "person", name: user.name, me: true };
    if (kind === "me") return { kind: "person", name: f.get(`name${i}`) || W.me, mine: true };
    if (kind === "open") return { kind: "open", name: W.club["free-seat"] };
    return { kind, name: f.get(`name${i}`), spec: kind === "bot" ? f.get(`spec${i}`) : null };
  });
  const body = game() === "snapszli"
    ? { game: "snapszli", preset: f.get("preset"), options: chosenOptions(),
        match_points: Number(f.get("match_points")), show_points: f.get("show_points") === "on",
        lang, seats }
    : { game: game(), preset: f.get("preset"), options: chosenOptions(), deals: Number(f.get("deals")),
        lang, seats };
  // a guest's own seat is a person's seat to the server (an own seat needs an account)
  const own = seats.map((st) => !!(st.me || st.mine));
  body.seats = seats.map(({ mine, ...st }) => st);
  // the club's settings only where chosen (a server without them reads the table as before)
  if (f.get("public") === "on") body.public = true;
  if (body.public && user && f.get("rated") === "on") body.rated = true;
  if (!$("teachRow").hidden) setTeaching($("teach").checked);  // remembered by this browser
  const clock = clockBody(f.get("clock"));  // minutes a decision, or days: correspondence play
  if (clock) body.clock = clock;
  const after = Number(f.get("bot_after"));
  if (f.get("bot_after") && after > 0) body.bot_after = Math.min(3600, Math.max(10, Math.round(after * 60)));
  const { ok, status, data } = await post("/api/tables", body);
  const links = $("links");
  links.innerHTML = "";
  if (!ok) {
    links.className = "error";
    links.textContent = errorText(data, lang) || fill(W.club.failed, { status });
    return;
  }
  links.className = "";
  const C = W.club;
  const invites = Object.entries(data.links || {}).filter(([s]) => !own[s]);
  const mine = Object.entries(data.links || {}).filter(([s]) => own[s]);
  if (mine.length === 1 && !invites.length && !seats.some((st) => st.kind === "open")) {
    location.assign(mine[0][1]);  // nobody to invite: the creator is taken to their seat
    return;
  }
  for (const [s, url] of mine) {
    const d = el("div", "my-seat");
    d.append(`${C["your-seat"]} (${W.seat} ${Number(s) + 1}): `);
    const a = el("a", "", C["go-to-seat"]);  // (a button's words, not the token's address)
    a.href = url;
    a.dataset.seat = s;
    a.className = "my-seat-link btn";
    d.appendChild(a);
    links.appendChild(d);
  }
  if (invites.length) links.appendChild(el("p", "", W.invite));
  for (const [s, url] of invites) {
    const d = el("div", "");
    d.append(`${W.seat} ${Number(s) + 1} (${seats[s].name}): `);
    const a = el("a", "", url);
    a.href = url;
    a.dataset.seat = s;
    d.appendChild(a);
    links.appendChild(d);
  }
  seats.forEach((st, s) => {
    if (st.kind === "open") links.appendChild(el("div", "muted", `${W.seat} ${Number(s) + 1}: ${C["open-note"]}`));
  });
};

function renderSeats(W) {
  const seats = $("seats");
  seats.innerHTML = "";
  for (let i = 0; i < SEATS[game()]; i++) seats.appendChild(seatRow(i, W));
}

// -- the club: account, links, the new table's settings ------------------------------------

/** The tables waiting for my move (correspondence play: a move may wait days), each with
 * who plays there and, with clocks, the time I have left. */
function renderTurns(W) {
  const C = W.club;
  const turns = currentUser() ? myTurns() : [];
  $("turnsBox").hidden = !turns.length;
  $("turnsTitle").textContent = C["my-turn-title"];
  fillTurns($("turns"), turns, W);
}

function renderClub(W) {
  const C = W.club;
  const user = currentUser();
  renderTurns(W);
  $("clockLabel").textContent = W.events.clock;
  fillClockSelect($("clock"), W.events);
  $("newTitle").textContent = C["new-table"];
  $("openTitle").textContent = C["open-tables"];
  $("leaderboardLink").textContent = C.leaderboard;
  $("eventsLink").textContent = W.events.events;
  $("puzzlesLink").textContent = W.puzzles.title;
  const mine = $("profileLink");
  mine.hidden = !user;
  mine.textContent = C["my-profile"];
  if (user) mine.href = profileUrl(user.name);
  $("publicLabel").textContent = C.public;
  $("ratedLabel").textContent = C["rated-check"];
  $("botAfterLabel").textContent = C["bot-after"];
  $("ratedRow").hidden = !(user && $("public").checked);
  $("sitTitle").textContent = C["sit-title"];
  $("sitNameLabel").textContent = C["guest-name"];
  $("sitCancel").textContent = C.cancel;
  $("sitGo").textContent = C.sit;
  renderTables();
}

/** Teaching mode is offered for Ulti at a table that is not rated. */
function showTeach() {
  $("teachRow").hidden = game() === "snapszli" || (!$("ratedRow").hidden && $("rated").checked);
}

$("public").onchange = () => { $("ratedRow").hidden = !(currentUser() && $("public").checked); showTeach(); };
$("rated").onchange = showTeach;

// -- the open tables, live ----------------------------------------------------------------

let lobby = null;  // the last list sent, or null before the first
let page = 1;  // the page of the list shown (from 1), and how many there are
let pages = 1;
let notice = null;  // the server's last refusal of the list's socket (shown above it)
let lobbyWs = null;  // the list's socket while it is open

function gameTitle(entry, W) {
  if (entry.game === "ulti4") return W.snap["title-ulti4"];
  return entry.game === "snapszli" ? "Snapszli" : "Ulti";
}

function tableCard(entry, W) {
  const C = W.club;
  const card = el("article", "lobby-table");
  card.dataset.table = entry.id;
  const head = el("div", "lobby-head");
  head.appendChild(el("b", "", gameTitle(entry, W)));
  const rules = entry.rules_title ? (lang === "hu" ? entry.rules_title.hu : entry.rules_title.en) : "";
  if (rules) head.appendChild(el("span", "", rules));
  const length = entry.game === "snapszli"
    ? fill(C["match-n"], { n: entry.match_points })
    : fill(C["deals-n"], { n: entry.deals });
  head.appendChild(el("span", "muted", length));
  head.appendChild(el("span", `badge ${entry.rated ? "rated" : "friendly"}`,
    entry.rated ? `★ ${C.rated}` : C.friendly));
  card.appendChild(head);
  const list = el("ul", "lobby-players");
  // the logged-in person's own seat here, if any: no other seat to take, a way back to theirs
  const user = currentUser();
  const own = user ? (entry.players || []).findIndex((p) =>
    p.account && p.kind === "person" && String(p.name).toLowerCase() === user.name.toLowerCase()) : -1;
  (entry.players || []).forEach((p, n) => {
    const li = el("li", `player ${p.kind}`);
    li.dataset.seat = String(n);
    if (n === own) {
      li.appendChild(el("span", "name", p.name));
      const a = el("a", "btn mine", C["your-seat"]);
      a.dataset.action = "my-seat";
      // this browser's token for the seat, or a fresh one for the account (table.js asks)
      let kept = "";
      try { kept = localStorage.getItem(`ulti-token-${entry.id}-${n}`) || ""; } catch (e) { /* none */ }
      a.href = `/t/${encodeURIComponent(entry.id)}${kept ? `#seat=${n}` : ""}`;
      li.appendChild(a);
    } else if (p.kind === "open" && own >= 0) {
      li.appendChild(el("span", "free", C["free-seat"]));
    } else if (p.kind === "open") {
      li.appendChild(el("span", "free", C["free-seat"]));
      const b = el("button", "btn sit", C.sit);
      b.type = "button";
      b.dataset.action = "sit";
      b.dataset.seat = String(n);
      b.onclick = () => sit(entry, n);
      li.appendChild(b);
    } else {
      li.appendChild(el("span", "name", p.name));
      if (p.kind === "bot") li.appendChild(el("span", "badge", C.computer));
    }
    list.appendChild(li);
  });
  card.appendChild(list);
  const foot = el("div", "lobby-foot");
  foot.appendChild(el("span", "muted", entry.started
    ? fill(C["playing-deal"], { n: entry.deal_number || 1 }) : C["waiting-players"]));
  foot.appendChild(el("span", "muted watchers", fill(C.watchers, { n: entry.watchers || 0 })));
  const watch = el("a", "btn watch", C.watch);
  watch.href = `/t/${encodeURIComponent(entry.id)}#watch`;
  watch.dataset.action = "watch";
  foot.appendChild(watch);
  card.appendChild(foot);
  return card;
}

/** A page of the list, as the socket or /api/lobby sends it. */
function showPage(d) {
  lobby = d.tables || [];
  page = d.page || 1;
  pages = d.pages || 1;
  renderTables();
}

/** The list's page ``n``: asked on its socket (which sends it, and its changes), or over HTTP
 * while the socket is away. */
function goTo(n) {
  if (lobbyWs && lobbyWs.readyState === 1) {
    lobbyWs.send(JSON.stringify({ type: "page", page: n }));
    return;
  }
  fetch(`/api/lobby?page=${n}`).then((r) => (r.ok ? r.json() : null)).then((d) => {
    if (d && d.tables) showPage(d);
  }).catch(() => {});
}

function pager(C) {
  const nav = el("nav", "lobby-pager");
  nav.setAttribute("aria-label", C["open-tables"]);
  const newer = el("button", "btn secondary", `‹ ${C.newer}`);
  newer.type = "button";
  newer.dataset.action = "lobby-newer";
  newer.disabled = page <= 1;
  newer.onclick = () => goTo(page - 1);
  const older = el("button", "btn secondary", `${C.older} ›`);
  older.type = "button";
  older.dataset.action = "lobby-older";
  older.disabled = page >= pages;
  older.onclick = () => goTo(page + 1);
  nav.append(newer, el("span", "muted", fill(C["page-of"], { page, pages })), older);
  return nav;
}

function renderTables() {
  const W = words(lang);
  const box = $("tables");
  box.innerHTML = "";
  if (notice) {
    const p = el("p", "lobby-notice", errorText(notice, lang));
    p.setAttribute("role", "alert");
    box.appendChild(p);
  }
  if (lobby === null) { box.appendChild(el("p", "muted", W.connecting)); return; }
  if (!lobby.length) { box.appendChild(el("p", "muted", W.club["no-tables"])); return; }
  for (const entry of lobby) box.appendChild(tableCard(entry, W));
  if (pages > 1) box.appendChild(pager(W.club));
}

function connectLobby() {
  let retry = 1000;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/lobby`);
    lobbyWs = ws;
    ws.onopen = () => {
      retry = 1000;
      if (page > 1) ws.send(JSON.stringify({ type: "page", page }));
    };
    ws.onmessage = (msg) => {
      let frame;
      try { frame = JSON.parse(msg.data); } catch (e) { return; }
      if (frame.type === "lobby") { notice = null; showPage(frame); }
      if (frame.type === "error") { notice = frame; renderTables(); }  // e.g. too many lists
    };
    ws.onclose = (ev) => {
      lobbyWs = null;
      // the list stays as it was; the HTTP answer fills in while the socket is away
      goTo(page);
      // refused for too many lists (4429): the notice says why; try again later
      if (ev.code === 4429) retry = 15000;
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 15000);
    };
  };
  open();
}

// -- taking a seat ------------------------------------------------------------------------

const GUEST_KEY = "ulti-guest-name";

function guestName() {
  try { return localStorage.getItem(GUEST_KEY) || ""; } catch (e) { return ""; }
}

/** A guest's name for the table, asked in a dialog (null: they cancelled). */
function askName() {
  const d = $("sitDialog");
  $("sitName").value = guestName();
  $("sitError").textContent = "";
  d.showModal();
  $("sitName").focus();
  return new Promise((resolve) => {
    $("sitForm").onsubmit = (e) => {
      e.preventDefault();
      const name = $("sitName").value.trim();
      if (!name) return;
      try { localStorage.setItem(GUEST_KEY, name); } catch (err) { /* private mode */ }
      d.close();
      resolve(name);
    };
    $("sitCancel").onclick = () => d.close();
    d.onclose = () => resolve(null);  // no-op once a name was given
  });
}

async function sit(entry, n) {
  const W = words(lang);
  const C = W.club;
  await loadMe();
  const user = currentUser();
  let body = {};
  if (!user) {
    if (entry.rated) { openAccountDialog("login", () => lang, C["rated-login"]); return; }
    const name = await askName();
    if (name === null) return;
    body = { name };
  }
  const { ok, status, data } = await post(`/api/tables/${encodeURIComponent(entry.id)}/seats/${n}`, body);
  if (!ok) { toast(errorText(data, lang) || fill(C.failed, { status })); return; }
  if (data.token) {
    try { localStorage.setItem(`ulti-token-${entry.id}-${n}`, data.token); } catch (e) { /* the link has it */ }
  }
  location.href = data.link || `/t/${encodeURIComponent(entry.id)}#seat=${n}`;
}

// the lobby's own clicks: a tap outside a dialog closes it
for (const d of document.querySelectorAll("dialog")) {
  d.addEventListener("click", (e) => { if (e.target === d) d.close(); });
}

// logged in or out: the seats (the creator's own) and the club's rows change, the rule
// options chosen stay
function accountChanged() {
  const W = words(lang);
  renderSeats(W);
  renderClub(W);
}

bar = accountBar($("account"), { lang: () => lang });
onAccount(accountChanged);
render();
loadCatalogue();
connectLobby();
loadMe().then((user) => { if (user) accountChanged(); });
