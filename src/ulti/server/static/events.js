// The club's events (docs/CLUB.md, "Events"): every event, newest first, with its game, kind,
// state, rounds and start in words; and, for an account with the organiser role, the form that
// makes a new one (its game and rules preset, a round's deals or Snapszli's match, the rounds,
// the computer players' level, how it starts, at most how many may register).  A new event's
// page opens once it is made.
import { clockBody, fillClockSelect } from "/static/clocktext.js";
import { hasRole, loadMe } from "/static/account.js";
import { clubHeader } from "/static/clubpage.js";
import { GAMES, ROUND, SEATS, gameName, kindName, presetName, roundText, startText, stateName } from "/static/eventkit.js";
import { errorText, fill } from "/static/i18n.js";
import { LEVELS, levelName } from "/static/levels.js";
import { el, post } from "/static/live.js";

const $ = (id) => document.getElementById(id);
let events = null;  // the list, once it came
let failed = null;  // why it did not
// per game: {presets: [{name, values}], options: [...]} (the lobby's /api/rules)
const catalogues = { ulti: null, snapszli: null, ulti4: null };
// The computer players of a new event, unless the organiser chooses (the club level).
const DEFAULT_LEVEL = "pimc:samples=12,ms=80";
const page = clubHeader(render);
const game = () => $("game").value;

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

// -- the list -------------------------------------------------------------------------------

function eventCard(e, W) {
  const lang = page.lang();
  const card = el("article", "event-card");
  card.dataset.event = e.id;
  const head = el("h3", "event-name");
  const a = el("a", "", String(e.name));
  a.href = e.link || `/e/${encodeURIComponent(e.id)}`;
  head.appendChild(a);
  card.appendChild(head);
  const facts = el("p", "event-facts");
  facts.appendChild(el("span", `badge state-${e.state}`, stateName(e.state, W)));
  for (const text of [gameName(e.game, W), kindName(e.kind, W), roundText(e, W), startText(e, W, lang)]) {
    if (text) facts.appendChild(el("span", "", text));
  }
  card.appendChild(facts);
  return card;
}

function renderList(W) {
  const box = $("list");
  box.innerHTML = "";
  if (failed) {
    box.appendChild(el("p", "form-error", errorText(failed.body, page.lang()) || fill(W.club.failed, { status: failed.status })));
    return;
  }
  if (events === null) { box.appendChild(el("p", "muted", W.connecting)); return; }
  if (!events.length) { box.appendChild(el("p", "muted", W.events.none)); return; }
  for (const e of events) box.appendChild(eventCard(e, W));
}

async function load() {
  try {
    const res = await fetch("/api/events");
    const body = await res.json().catch(() => ({}));
    if (res.ok) { events = body.events || []; failed = null; } else failed = { body, status: res.status };
  } catch (e) {
    failed = { body: null, status: 0 };
  }
  renderList(page.W());
}

// -- the organiser's form -------------------------------------------------------------------

function renderPresets(W) {
  const cat = catalogues[game()];
  const select = $("preset");
  if (!cat) return;
  const chosen = select.value;
  select.innerHTML = "";
  for (const p of cat.presets) select.appendChild(option(p.name, presetName(game(), p.name, W) || W.rules));
  select.value = cat.presets.some((p) => p.name === chosen) ? chosen : "standard";
  const doc = game() === "snapszli" ? W.snap[`preset-${select.value}-doc`] : W.presets[`${select.value}.doc`];
  $("presetDoc").textContent = doc || "";
  if (game() === "snapszli") {
    const preset = cat.presets.find((p) => p.name === select.value);
    if (preset && preset.values.match_points) $("matchPoints").value = String(preset.values.match_points);
  }
}

/** The fewest players an event of the game needs: more than one table's. */
const least = () => SEATS[game()] + 1;

function renderForm(W) {
  const E = W.events;
  const organiser = hasRole("organiser");
  $("form").hidden = !organiser;
  $("organisersOnly").hidden = organiser;
  $("organisersOnly").textContent = E["organisers-only"];
  if (!organiser) return;
  $("newTitle").textContent = E.new;
  $("nameLabel").textContent = E.name;
  $("gameLabel").textContent = W.snap.game;
  GAMES.forEach((g, i) => { $("game").options[i].textContent = W.snap[`game-${g}`]; });
  $("presetLabel").textContent = W.rules;
  $("kindLabel").textContent = E.kind;
  for (const o of $("kind").options) o.textContent = kindName(o.value, W);
  const kind = $("kind").value;
  $("kindDoc").textContent = E[`kind-${kind}-doc`];
  $("roundsRow").hidden = kind === "arena";
  $("rounds").required = kind !== "arena";
  $("minutesRow").hidden = kind !== "arena";
  $("minutesLabel").textContent = E.minutes;
  $("clockLabel").textContent = E.clock;
  fillClockSelect($("clock"), E);
  const snap = game() === "snapszli";
  $("dealsRow").hidden = snap;
  $("matchRow").hidden = !snap;
  const round = ROUND[game()] || 3;
  $("dealsLabel").textContent = fill(E["deals-round"], { n: round });
  const deals = $("deals");
  if (Number(deals.step) !== round) {  // another game: its own multiple (two of them at first)
    deals.step = String(round);
    deals.min = String(round);
    deals.value = String(2 * round);
  }
  $("matchLabel").textContent = `${W.snap["match-points"]} — ${E["match-round"]}`;
  $("roundsLabel").textContent = E.rounds;
  $("levelLabel").textContent = E.level;
  const level = $("level");
  const chosen = level.value || DEFAULT_LEVEL;
  level.innerHTML = "";
  for (const [spec] of LEVELS) level.appendChild(option(spec, levelName(spec, W)));
  level.value = chosen;
  $("startLegend").textContent = E.start;
  $("startByOrganiser").textContent = E["start-organiser"];
  $("startByTime").textContent = E["start-time"];
  $("startByCount").textContent = E["start-count"];
  $("timeLabel").textContent = E["start-time-label"];
  $("countLabel").textContent = E["start-count-label"];
  $("maxLabel").textContent = E["max-players"];
  $("startCount").min = String(least());
  $("maxPlayers").min = String(least());
  $("create").textContent = E.create;
  showStart();
  renderPresets(W);
}

/** The start's own field: a time, or a count, as the chosen way says. */
function showStart() {
  const how = new FormData($("form")).get("start");
  $("timeRow").hidden = how !== "time";
  $("countRow").hidden = how !== "count";
  $("startsAt").required = how === "time";
  $("startCount").required = how === "count";
  if (how === "time") {  // not in the past (the field's own time: the browser's)
    const d = new Date(Date.now() + 60_000);
    const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
    $("startsAt").min = local.toISOString().slice(0, 16);
  }
}

function render() {
  const W = page.W();
  document.title = `Ulti — ${W.events.events}`;
  $("title").textContent = W.events.events;
  $("listTitle").textContent = W.events.list;
  renderList(W);
  renderForm(W);
}

async function loadCatalogues() {
  const [ulti, snap] = await Promise.all([fetch("/api/rules"), fetch("/api/snapszli/rules")]);
  catalogues.ulti = await ulti.json();
  catalogues.snapszli = await snap.json();
  catalogues.ulti4 = catalogues.ulti;  // four at the table plays Ulti's rules
  renderPresets(page.W());
}

$("game").onchange = () => renderForm(page.W());
$("kind").onchange = () => renderForm(page.W());
$("preset").onchange = () => renderPresets(page.W());
for (const r of document.querySelectorAll("[name=start]")) r.onchange = showStart;
$("form").onsubmit = async (e) => {
  e.preventDefault();
  const W = page.W();
  const f = new FormData($("form"));
  const body = {
    name: String(f.get("name") || "").trim(),
    game: game(),
    preset: f.get("preset") || "standard",
    kind: f.get("kind") || "duplicate",
    bot_spec: f.get("bot_spec") || DEFAULT_LEVEL,
    lang: page.lang(),
  };
  if (body.kind === "arena") body.minutes = Number(f.get("minutes"));
  else body.rounds = Number(f.get("rounds"));
  const clock = clockBody(f.get("clock"));
  if (clock) body.clock = clock;
  if (game() === "snapszli") body.match_points = Number(f.get("match_points"));
  else body.deals = Number(f.get("deals"));
  const how = f.get("start");
  if (how === "time") body.starts = new Date(String(f.get("starts"))).toISOString();
  if (how === "count") body.start_count = Number(f.get("start_count"));
  if (f.get("max_players")) body.max_players = Number(f.get("max_players"));
  $("create").disabled = true;
  const { ok, status, data } = await post("/api/events", body);
  $("create").disabled = false;
  if (!ok) {
    $("formError").textContent = errorText(data, page.lang()) || fill(W.club.failed, { status });
    return;
  }
  $("formError").textContent = "";
  location.assign(data.link || `/e/${encodeURIComponent(data.id)}`);
};

render();
loadMe().then(() => renderForm(page.W()));  // (a log in or out renders the page again)
load();
loadCatalogues();
