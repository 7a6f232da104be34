import { cardStyle, setCardStyle } from "/static/cards.js";
import { errorText, pickLang, words } from "/static/i18n.js";

let lang = pickLang();
// per game: {presets: [{name, values}], options: [{name, rule, doc, type, default}]}
const catalogues = { ulti: null, snapszli: null };
const $ = (id) => document.getElementById(id);

// The games: Ulti at three seats, Snapszli (docs/SNAPSZLI.md) at two.
const SEATS = { ulti: 3, snapszli: 2 };
const game = () => $("game").value;
const catalogue = () => catalogues[game()];

// A computer seat's player and budget (ulti.players.make_player and make_snap_player specs).
const BOTS = [
  ["pimc", "normal"], ["pimc:samples=12,ms=80", "fast"], ["pimc:samples=64,ms=800", "strong"],
  ["rules", "simple"], ["random", "randomBot"],
];

function seatRow(i, W) {
  const div = document.createElement("div");
  div.className = "seat-row";
  const bots = BOTS.map(([spec, label]) =>
    `<option value="${spec}">${W["bot_" + spec.split(":")[0]]} — ${W[label]}</option>`).join("");
  div.innerHTML = `<b>${W.seat} ${i}</b>
    <select name="kind${i}" aria-label="kind"><option value="person">${W.person}</option><option value="bot">${W.bot}</option></select>
    <input name="name${i}" aria-label="${W.name}" value="${i === 0 ? W.me : `${W.bot} ${i}`}" maxlength="24">
    <select name="spec${i}" aria-label="${W.strength}">${bots}</select>`;
  const kind = div.querySelector(`[name=kind${i}]`);
  const spec = div.querySelector(`[name=spec${i}]`);
  kind.value = i === 0 ? "person" : "bot";
  const sync = () => { spec.disabled = kind.value !== "bot"; };
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

function optionLabel(o) {
  return `${o.rule}: ${optionWords(o.name, false)}`;
}

function renderOptions() {
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
    const input = o.type === "bool"
      ? `<input type="checkbox" name="opt-${o.name}" ${value ? "checked" : ""}>`
      : `<input type="number" name="opt-${o.name}" value="${value}" min="0" step="1">`;
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
    const v = o.type === "bool" ? input.checked : Number(input.value);
    if (v !== preset.values[o.name]) out[o.name] = v;
  }
  return out;
}

function render() {
  const W = words(lang);
  const snap = game() === "snapszli";
  document.documentElement.lang = lang;
  $("title").textContent = snap ? W.snap.lobby : W.lobby;
  $("gameLabel").textContent = W.snap.game;
  $("game").options[0].textContent = W.snap["game-ulti"];
  $("game").options[1].textContent = W.snap["game-snapszli"];
  $("rulesLabel").textContent = W.rules;
  $("dealsLabel").textContent = W.deals;
  $("matchLabel").textContent = W.snap["match-points"];
  $("showPointsLabel").textContent = W.snap["show-points"];
  $("dealsRow").hidden = snap;
  $("matchRow").hidden = !snap;
  $("showPointsRow").hidden = !snap;
  $("optionsLabel").textContent = W.options;
  $("create").textContent = W.create;
  $("facesLabel").textContent = W.faces;
  $("facesSelect").options[0].textContent = W.facesHungarian;
  $("facesSelect").options[1].textContent = W.facesFrench;
  $("facesSelect").value = cardStyle();
  const seats = $("seats");
  seats.innerHTML = "";
  for (let i = 0; i < SEATS[game()]; i++) seats.appendChild(seatRow(i, W));
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
  const seats = [...Array(n).keys()].map((i) => ({
    kind: f.get(`kind${i}`), name: f.get(`name${i}`),
    spec: f.get(`kind${i}`) === "bot" ? f.get(`spec${i}`) : null,
  }));
  const body = game() === "snapszli"
    ? { game: "snapszli", preset: f.get("preset"), options: chosenOptions(),
        match_points: Number(f.get("match_points")), show_points: f.get("show_points") === "on",
        lang, seats }
    : { preset: f.get("preset"), options: chosenOptions(), deals: Number(f.get("deals")), lang, seats };
  const res = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json();
  const W = words(lang);
  const links = $("links");
  if (!res.ok) {
    links.className = "error";
    links.textContent = errorText(data, lang);
    return;
  }
  links.className = "";
  links.innerHTML = `<p>${W.invite}</p>` + Object.entries(data.links).map(([s, url]) =>
    `<div>${W.seat} ${s} (${seats[s].name.replace(/[<>&"]/g, "")}): <a href="${url}">${url}</a></div>`).join("");
};
render();
loadCatalogue();
