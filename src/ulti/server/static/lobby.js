import { cardStyle, setCardStyle } from "/static/cards.js";
import { errorText, pickLang, words } from "/static/i18n.js";

let lang = pickLang();
let catalogue = null; // {presets: [{name, doc, values}], options: [{name, rule, doc, type, default}]}
const $ = (id) => document.getElementById(id);

// A computer seat's player and budget (ulti.players.make_player specs).
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

function optionLabel(o) {
  return `${o.rule}: ${words(lang).options[o.name]}`;
}

function renderOptions() {
  const box = $("optionList");
  box.innerHTML = "";
  if (!catalogue) return;
  const preset = catalogue.presets.find((p) => p.name === $("preset").value);
  $("presetDoc").textContent = preset ? words(lang).presets[`${preset.name}.doc`] : "";
  for (const o of catalogue.options) {
    const value = preset ? preset.values[o.name] : o.default;
    const label = document.createElement("label");
    label.className = o.type === "bool" ? "option check" : "option";
    label.title = words(lang).options[`${o.name}.doc`];
    const input = o.type === "bool"
      ? `<input type="checkbox" name="opt-${o.name}" ${value ? "checked" : ""}>`
      : `<input type="number" name="opt-${o.name}" value="${value}" min="0" step="1">`;
    label.innerHTML = o.type === "bool" ? `${input} <span>${optionLabel(o)}</span>`
      : `<span>${optionLabel(o)}</span>${input}`;
    box.appendChild(label);
  }
}

// The options that differ from the chosen preset: the server applies them over it.
function chosenOptions() {
  const preset = catalogue && catalogue.presets.find((p) => p.name === $("preset").value);
  const out = {};
  if (!preset) return out;
  for (const o of catalogue.options) {
    const input = document.querySelector(`[name="opt-${o.name}"]`);
    if (!input) continue;
    const v = o.type === "bool" ? input.checked : Number(input.value);
    if (v !== preset.values[o.name]) out[o.name] = v;
  }
  return out;
}

function render() {
  const W = words(lang);
  document.documentElement.lang = lang;
  $("title").textContent = W.lobby;
  $("rulesLabel").textContent = W.rules;
  $("dealsLabel").textContent = W.deals;
  $("optionsLabel").textContent = W.options;
  $("create").textContent = W.create;
  $("facesLabel").textContent = W.faces;
  $("facesSelect").options[0].textContent = W.facesHungarian;
  $("facesSelect").options[1].textContent = W.facesFrench;
  $("facesSelect").value = cardStyle();
  const seats = $("seats");
  seats.innerHTML = "";
  for (let i = 0; i < 3; i++) seats.appendChild(seatRow(i, W));
  renderPresets();
  renderOptions();
}

// The presets by their names in the page's language (the value stays the preset's id).
function renderPresets() {
  if (!catalogue) return;
  const P = words(lang).presets;
  const select = $("preset");
  const chosen = select.value;
  select.innerHTML = catalogue.presets.map((p) =>
    `<option value="${p.name}">${P[p.name]}</option>`).join("");
  if (chosen) select.value = chosen;
}

async function loadCatalogue() {
  const res = await fetch("/api/rules");
  catalogue = await res.json();
  const select = $("preset");
  renderPresets();
  select.value = "standard";
  select.onchange = renderOptions;
  renderOptions();
}

$("facesSelect").onchange = (e) => setCardStyle(e.target.value);
$("langSelect").value = lang;
$("langSelect").onchange = (e) => { lang = e.target.value; localStorage.setItem("ulti-lang", lang); render(); };
$("form").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData($("form"));
  const seats = [0, 1, 2].map((i) => ({
    kind: f.get(`kind${i}`), name: f.get(`name${i}`),
    spec: f.get(`kind${i}`) === "bot" ? f.get(`spec${i}`) : null,
  }));
  const res = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ preset: f.get("preset"), options: chosenOptions(),
                           deals: Number(f.get("deals")), lang, seats }),
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
