// A player's profile (docs/CLUB.md): sessions, deals and units; the contracts bid and made;
// the kontras; the ratings per rules family, each with its history drawn as a line chart; the
// recent sessions with their deals' replays.  The name is the last part of /u/{name}.
import { clubHeader, day, familyName } from "/static/clubpage.js";
import { num, signed, signedNum } from "/static/numbers.js";
import { errorText, fill } from "/static/i18n.js";
import { el } from "/static/live.js";
import { currentUser, loadMe, myTurns } from "/static/account.js";
import { fillTurns } from "/static/turns.js";
import { notifyChoices } from "/static/bell.js";

const $ = (id) => document.getElementById(id);
const who = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let data = null;
let failed = null;
const page = clubHeader(render);
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Round steps for an axis from ``lo`` to ``hi`` (about ``n`` of them). */
function ticks(lo, hi, n = 4) {
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const raw = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 0.001; v += step) out.push(Number(v.toFixed(6)));
  if (out[0] > lo) out.unshift(out[0] - step);
  if (out[out.length - 1] < hi) out.push(out[out.length - 1] + step);
  return out;
}

/** A family's rating history as an SVG line chart: the rating after each rated session, the
 * sessions in order along the bottom (first and last date named), the rating up the side. */
function chart(points, W) {
  const C = W.club;
  const lang = page.lang();
  const w = 360;
  const h = 210;
  const pad = { l: 46, r: 12, t: 14, b: 44 };
  const ys = points.map((p) => p.rating);
  const ty = ticks(Math.min(...ys), Math.max(...ys));
  const digits = ty.every(Number.isInteger) ? 0 : ty.every((v) => Number.isInteger(v * 10)) ? 1 : 2;
  const y0 = ty[0];
  const y1 = ty[ty.length - 1];
  const n = points.length;
  const X = (i) => pad.l + (n === 1 ? (w - pad.l - pad.r) / 2 : (i * (w - pad.l - pad.r)) / (n - 1));
  const Y = (v) => pad.t + ((y1 - v) * (h - pad.t - pad.b)) / (y1 - y0 || 1);
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "chart", role: "img" });
  root.appendChild(svg("title", {}, `${C.history}: ${points.map((p) => num(p.rating, 1, page.lang())).join("; ")}`));
  // the rating axis: its steps as grid lines, its name turned along it
  for (const v of ty) {
    root.appendChild(svg("line", { x1: pad.l, x2: w - pad.r, y1: Y(v), y2: Y(v), class: "grid" }));
    root.appendChild(svg("text", { x: pad.l - 5, y: Y(v) + 4, "text-anchor": "end", class: "tick" }, num(v, digits, page.lang())));
  }
  root.appendChild(svg("text", {
    x: 11, y: pad.t + (h - pad.t - pad.b) / 2, "text-anchor": "middle", class: "axis-title",
    transform: `rotate(-90 11 ${pad.t + (h - pad.t - pad.b) / 2})`,
  }, C.rating));
  // the sessions' axis: the first and the last date, its name under it
  const base = h - pad.b;
  root.appendChild(svg("line", { x1: pad.l, x2: w - pad.r, y1: base, y2: base, class: "axis" }));
  root.appendChild(svg("line", { x1: pad.l, x2: pad.l, y1: pad.t, y2: base, class: "axis" }));
  root.appendChild(svg("text", { x: X(0), y: base + 15, "text-anchor": n === 1 ? "middle" : "start", class: "tick" },
    day(points[0].at, lang)));
  if (n > 1) {
    root.appendChild(svg("text", { x: X(n - 1), y: base + 15, "text-anchor": "end", class: "tick" },
      day(points[n - 1].at, lang)));
  }
  root.appendChild(svg("text", { x: pad.l + (w - pad.l - pad.r) / 2, y: h - 6, "text-anchor": "middle", class: "axis-title" },
    `${C.sessions} (${C.when})`));
  // the line and its points
  if (n > 1) {
    root.appendChild(svg("polyline", {
      points: points.map((p, i) => `${X(i).toFixed(1)},${Y(p.rating).toFixed(1)}`).join(" "), class: "line",
    }));
  }
  points.forEach((p, i) => {
    const dot = svg("circle", { cx: X(i), cy: Y(p.rating), r: 3.5, class: "dot" });
    dot.appendChild(svg("title", {}, `${day(p.at, lang, true)}: ${num(p.rating, 1, page.lang())}`));
    root.appendChild(dot);
  });
  return root;
}

function stat(label, value) {
  const d = el("div", "stat");
  d.appendChild(el("span", "stat-value", value));
  d.appendChild(el("span", "stat-label muted", label));
  return d;
}

function section(title, cls = "") {
  const s = el("section", `profile-part ${cls}`);
  s.appendChild(el("h2", "", title));
  return s;
}

/** A part of the profile that lists ``items``: its title, then ``show(item)`` of each, or
 * ``nothing`` (muted) when there are none. */
function listPart(title, cls, items, nothing, show) {
  const part = section(title, cls);
  if (!items || !items.length) part.appendChild(el("p", "muted", nothing));
  for (const item of items || []) part.appendChild(show(item));
  return part;
}

/** The name, since when, and the sessions, deals and units. */
function headPart(C, lang) {
  const top = el("section", "profile-part profile-head");
  top.appendChild(el("h2", "profile-name", String(data.name)));
  if (data.since) top.appendChild(el("p", "muted", fill(C.since, { date: day(data.since, lang) })));
  const stats = el("div", "stats");
  stats.append(
    stat(C.sessions, String(data.sessions ?? 0)),
    stat(C.deals, String(data.deals ?? 0)),
    stat(C.units, signed(data.units ?? 0)),
    stat(C["per-deal"], typeof data.units_per_deal === "number" ? signedNum(data.units_per_deal, 2, page.lang()) : "–"),
  );
  top.appendChild(stats);
  return top;
}

/** A rules family's rating, with its chart. */
function ratingFamily(r, W) {
  const C = W.club;
  const d = el("div", "rating-family");
  d.dataset.family = r.family;
  const head = el("div", "rating-head");
  head.appendChild(el("b", "", familyName(r.family, W)));
  head.appendChild(el("span", "rating-value", num(r.rating, 1, page.lang())));
  head.appendChild(el("span", "muted", `μ ${num(r.mu, 1, page.lang())} ± ${num(r.sigma, 1, page.lang())} · ${C.sessions}: ${r.games}`));
  d.appendChild(head);
  const points = (data.history || []).filter((p) => p.family === r.family);
  if (points.length) {
    const fig = el("figure", "chart-box");
    fig.appendChild(chart(points, W));
    fig.appendChild(el("figcaption", "muted", `${C.history} — ${familyName(r.family, W)}`));
    d.appendChild(fig);
  }
  return d;
}

/** The contracts bid as soloist, by kind: a table of how often each was bid and made. */
function contractsPart(C, hu) {
  const contracts = section(C.contracts, "contracts");
  if (!data.contracts || !data.contracts.length) {
    contracts.appendChild(el("p", "muted", C["nothing-yet"]));
    return contracts;
  }
  const t = el("table", "board");
  const head = el("tr");
  [C.contract, C.bid, C.made, "%"].forEach((h, i) => head.appendChild(el("th", i ? "num" : "", h)));
  t.appendChild(head);
  for (const c of data.contracts) {
    const tr = el("tr");
    tr.appendChild(el("td", "", (hu ? c.title_hu : c.title) || c.title || c.kind));
    tr.appendChild(el("td", "num", String(c.bid)));
    tr.appendChild(el("td", "num", String(c.made)));
    tr.appendChild(el("td", "num", c.bid ? `${Math.round((100 * c.made) / c.bid)}%` : "–"));
    t.appendChild(tr);
  }
  contracts.appendChild(t);
  return contracts;
}

/** The kontras given, won and lost. */
function kontrasPart(C) {
  const k = data.kontras || {};
  const kontras = section(C.kontras, "kontras");
  const ks = el("div", "stats");
  ks.append(stat(C.given, String(k.given ?? 0)), stat(C.won, String(k.won ?? 0)), stat(C.lost, String(k.lost ?? 0)));
  kontras.appendChild(ks);
  return kontras;
}

/** A recent session: its game, day, total and place, each deal's replay a link. */
function recentSession(r, W, lang) {
  const C = W.club;
  const d = el("div", "recent-session");
  d.dataset.table = r.table;
  const head = el("div", "recent-head");
  head.appendChild(el("b", "", r.game === "snapszli" ? "Snapszli" : "Ulti"));
  head.appendChild(el("span", "muted", day(r.at, lang, true)));
  head.appendChild(el("span", "", fill(C.total, { n: signed(r.total) })));
  head.appendChild(el("span", "", fill(C.place, { rank: r.rank, n: r.players })));
  head.appendChild(el("span", `badge ${r.rated ? "rated" : "friendly"}`, r.rated ? `★ ${C.rated}` : C.friendly));
  d.appendChild(head);
  const deals = el("div", "recent-deals");
  deals.appendChild(el("span", "muted", `${W.replay}:`));
  for (const n of r.deals || []) {
    const a = el("a", "deal-link", String(n));
    a.href = `/replay/${encodeURIComponent(r.table)}/${n}#lang=${lang}`;
    a.title = `${W.deal} ${n}`;
    deals.appendChild(a);
  }
  d.appendChild(deals);
  return d;
}

/** One of the player's events: its name (a link to its page) and how it stands. */
function eventLine(e, C) {
  const p = el("p", "event-line");
  const a = el("a", "", e.name);
  a.href = `/e/${encodeURIComponent(e.id)}`;
  p.append(a, el("span", "muted", ` · ${C[`profile-event-${e.state}`] || ""}`));
  return p;
}

/** The puzzles: the rating, tries and best rushes; on one's own profile, the last tries. */
function puzzlePart(W, lang) {
  const Z = W.puzzles;
  const part = section(Z.history, "puzzles");
  part.id = "profilePuzzles";
  const pz = data.puzzles;
  if (!pz || !pz.attempts && !pz.rush.mixed && !pz.rush.talon) {
    part.appendChild(el("p", "muted", Z["history-none"]));
    return part;
  }
  const rating = pz.provisional ? fill(Z.provisional, { rating: pz.rating }) : String(pz.rating);
  part.appendChild(el("p", "", fill(Z.rating, { rating })));
  part.appendChild(el("p", "muted", fill(Z["history-line"], {
    right: pz.solved, attempts: pz.attempts, mixed: pz.rush.mixed, talon: pz.rush.talon,
  })));
  if (myPuzzles && myPuzzles.history.length) {
    const list = el("ul", "puzzle-history");
    for (const h of myPuzzles.history.slice(0, 20)) {
      const li = el("li", h.right ? "right" : "wrong");
      const a = el("a", "", (h.kind_words && (h.kind_words[lang] || h.kind_words.en)) || Z.title);
      a.href = `/puzzles#p=${encodeURIComponent(h.puzzle)}`;
      const change = h.after === null ? Z[`mode-${h.mode}`] : `${h.before} → ${h.after}`;
      li.append(a, el("span", "muted", ` · ${h.right ? Z.right : Z.wrong} · ${change} · ${day(h.at, lang, true)}`));
      list.appendChild(li);
    }
    part.appendChild(list);
  }
  return part;
}

function render() {
  const W = page.W();
  const C = W.club;
  const lang = page.lang();
  document.title = `Ulti — ${who}`;
  $("title").textContent = C.profile;
  const box = $("profile");
  box.innerHTML = "";
  if (failed) { box.appendChild(el("p", "form-error", errorText(failed.body, lang) || fill(C.failed, { status: failed.status }))); return; }
  if (!data) { box.appendChild(el("p", "muted", W.connecting)); return; }
  box.append(
    headPart(C, lang),
    listPart(C.ratings, "ratings", data.ratings, C["no-ratings"], (r) => ratingFamily(r, W)),
    contractsPart(C, lang === "hu"),
    kontrasPart(C),
    listPart(C.recent, "recent", data.recent, C["nothing-yet"], (r) => recentSession(r, W, lang)),
    listPart(C["profile-events"], "events", data.events, C["profile-no-events"], (e) => eventLine(e, C)),
    puzzlePart(W, lang),
  );
  const me = currentUser();
  if (me && me.name === data.name && myTurns().length) {  // my own: the tables waiting for me
    const turns = el("section", "profile-part turns-part");
    turns.id = "profileTurns";
    turns.appendChild(el("h2", "", C["my-turn-title"]));
    const list = el("ul", "turns");
    fillTurns(list, myTurns(), W);
    turns.appendChild(list);
    box.appendChild(turns);
  }
  if (me && me.name === data.name) {  // my own profile: how else to be told (bell.js)
    const choices = el("section", "profile-part notify-part");
    choices.id = "notifyChoices";
    box.appendChild(choices);
    notifyChoices(choices, page.lang);
  }
}

let myPuzzles = null;  // my own profile: my last tries at puzzles (GET /api/me/puzzles)

async function load() {
  const me = currentUser();
  if (me && me.name === who) {
    const res = await fetch("/api/me/puzzles", { credentials: "same-origin" });
    if (res.ok) myPuzzles = await res.json();
  }
  try {
    const res = await fetch(`/api/users/${encodeURIComponent(who)}`);
    const body = await res.json().catch(() => ({}));
    if (res.ok) data = body;
    else failed = { body, status: res.status };
  } catch (e) {
    failed = { body: null, status: 0 };
  }
  render();
}

render();
loadMe().then(() => load());
