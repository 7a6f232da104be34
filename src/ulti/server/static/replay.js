// A finished deal, step by step: the server sends every step's full picture (the deal is over,
// so nothing is hidden any more) and the rendering of the record.  Every word in the page's
// language (the record's text, in the notation's English, only on an English page).
//
// Beside it, once the replay shows, the deal analysed (ulti.analysis.ulti, worked out by the
// server): the decision of the step shown (the action taken and the best, valued with all
// hands open and from the seat), each seat's accuracy, mistakes and units lost, the three
// costliest mistakes, the soloist's value trick by trick as a chart, and every decision — a
// click on one shows its step.
//
// From any step, "What if…?" opens the what-if board there (board.js): another action, and
// play on.  A link to a board's position (``#line=…``) opens the page on that position.
import { accountBar } from "/static/account.js";
import { createBoard, lineFromHash } from "/static/board.js";
import { cardElement } from "/static/cards.js";
import { errorText, fill, pickLang, words } from "/static/i18n.js";
import { num, signedNum } from "/static/numbers.js";
import { anyKeptToken, seatToken } from "/static/seat.js";

const [, , tableId, deal] = location.pathname.split("/");
const params = new URLSearchParams(location.hash.slice(1));
// the seat's token (kept by this browser) goes in a header, never in a URL
// (a board's shared link names no seat: the token this browser keeps for any seat here)
const token = seatToken(tableId, params) || anyKeptToken(tableId);
const auth = { headers: { Authorization: `Bearer ${token}` } };
const lang = params.get("lang") || pickLang();
const W = words(lang);
const A = W.analysis;
const hu = lang === "hu";
let steps = [];
let at = 0;
let analysis = null;
const atStep = new Map();  // step -> the decisions it shows (a kontra declined and a card: two)
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let board = null;  // the what-if board, once the steps are here

// -- an action's text in words (the server's title where a step has one) -----------------

// Each step comes with its action's words in both languages (the server's titles): this page
// parses no action text.
function describe(step) {
  return (hu ? step.title_hu : step.title) || step.action || "";
}

// -- the picture ------------------------------------------------------------------------

function row(label, cards, cls) {
  const d = document.createElement("div");
  d.className = `replay-row ${cls || ""}`;
  const b = document.createElement("b");
  b.textContent = label;
  d.appendChild(b);
  const box = document.createElement("div");
  box.className = "replay-cards";
  for (const c of cards) box.appendChild(cardElement(c, lang));
  d.appendChild(box);
  return d;
}

function show() {
  const s = steps[at];
  if (analysis) showAnalysis();
  $("status").textContent = `${W.deal} ${deal} · ${W.step} ${at}/${steps.length - 1}`;
  $("step").textContent = s.action ? `${s.player}: ${describe(s)}` : "";
  const hands = $("hands");
  hands.innerHTML = "";
  s.hands.forEach((h, i) => hands.appendChild(row(s.names[i], h)));
  if (s.trick.length) hands.appendChild(row(W.trick, s.trick, "trick"));
  if (s.talon && s.talon.length) hands.appendChild(row(W.talon, s.talon, "talon"));
  for (const b of $("controls").children) {
    b.disabled = ((b.dataset.step === "back" && at === 0) ||
      (b.dataset.step === "on" || b.dataset.step === "whatif") && at === steps.length - 1);
  }
}

// -- the analysis ------------------------------------------------------------------------

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Units with their sign (a value), or as they are (an amount); "–" when not valued. */
function units(x, signed = true) {
  if (x === null || x === undefined) return "–";
  return (signed ? signedNum : num)(x, 1, lang, false);
}
const seatName = (s) => (analysis.names && analysis.names[s]) || `${A.seat} ${s + 1}`;
const label = (o) => (o ? o.label[lang] || o.label.en : "–");
/** The step that shows a decision's action (a talon decision: the two cards laid). */
const stepOf = (d) => d.index + 1;

function jumpTo(d) {
  at = Math.min(steps.length - 1, stepOf(d));
  show();
  $("here").scrollIntoView({ block: "nearest" });
}

/** A decision as a button: who, what, how much it lost; a click shows its step.  (A step
 * may hold more than one decision — a kontra declined with the card played — so a button
 * is named by the decision's place in the list, ``data-n``, and its step, ``data-index``.) */
function decisionButton(d, withLoss = true) {
  const b = el("button", `decision${d.mistake ? " mistake" : ""}`);
  b.type = "button";
  b.dataset.n = String(d.n);
  b.dataset.index = String(d.index);
  b.title = A["web-jump"];
  b.appendChild(el("b", "", `${seatName(d.seat)}: `));
  b.append(d.title[lang] || d.title.en);
  const tail = [A[`kind-${d.kind}`]];
  if (withLoss && d.loss) tail.push(`${A.loss}: ${fill(A.units, { n: units(d.loss, false) })}`);
  if (d.mistake) tail.push(A.mistake);
  b.appendChild(el("span", "muted", ` · ${tail.join(" · ")}`));
  b.onclick = () => jumpTo(d);
  return b;
}

/** The decisions of the step shown: the action taken and the best in both views. */
function renderHere() {
  const box = $("here");
  box.innerHTML = "";
  box.appendChild(el("h3", "", A["web-here"]));
  const here = atStep.get(at) || [];
  box.classList.toggle("mistake", here.some((d) => d.mistake));
  if (!here.length) { box.appendChild(el("p", "muted", A["web-nothing-here"])); return; }
  for (const d of here) box.appendChild(decisionShown(d));
}

function decisionShown(d) {
  const box = el("div", `shown${d.mistake ? " mistake" : ""}`);
  box.dataset.n = String(d.n);
  const head = el("p", "here-head");
  head.appendChild(el("b", "", `${seatName(d.seat)}: `));
  head.append(d.title[lang] || d.title.en);
  if (d.mistake) head.appendChild(el("span", "badge mistake", A.mistake));
  box.appendChild(head);
  const t = el("table", "options");
  const tr = el("tr");
  tr.append(el("th", "", A.decision), el("th", "num", A.dd), el("th", "num", A.info));
  t.appendChild(tr);
  const rows = [[A.taken, d.taken, "taken"]];
  const same = (a, b) => a && b && a.action === b.action && a.label.en === b.label.en;
  if (d.best_dd && !same(d.best_dd, d.taken)) rows.push([`${A.best} (${A.dd})`, d.best_dd, "best"]);
  if (d.best_info && !same(d.best_info, d.taken) && !same(d.best_info, d.best_dd)) {
    rows.push([`${A.best} (${A.info})`, d.best_info, "best"]);
  }
  for (const [word, o, cls] of rows) {
    const r = el("tr", cls);
    const c = el("td", "");
    c.appendChild(el("span", "muted", `${word}: `));
    c.append(label(o));
    r.append(c, el("td", "num", units(o.dd)), el("td", "num", units(o.info)));
    t.appendChild(r);
  }
  box.appendChild(t);
  const judged = d.judge === "dd" ? A["judged-dd"] : fill(A["judged-info"], { n: d.samples });
  box.appendChild(el("p", "", `${A.loss}: ${fill(A.units, { n: units(d.loss, false) })} · ${judged}`));
  const why = d.why[lang] || d.why.en;
  if (why) box.appendChild(el("p", "why", why));
  return box;
}

function renderSummary() {
  const box = $("summary");
  box.innerHTML = "";
  box.appendChild(el("h3", "", A.summary));
  const t = el("table", "summary");
  const head = el("tr");
  head.append(el("th", "", ""), el("th", "num", A.accuracy), el("th", "num", A.mistakes),
    el("th", "num", A["lost-units"]), el("th", "num", A["web-decisions"]));
  t.appendChild(head);
  for (const s of analysis.summary) {
    const r = el("tr");
    r.dataset.seat = String(s.seat);
    r.append(el("td", "", seatName(s.seat)),
      el("td", "num", s.accuracy === null ? "–" : `${num(s.accuracy, 0, lang)}%`),
      el("td", "num", String(s.mistakes)), el("td", "num", units(s.lost, false)),
      el("td", "num", String(s.decisions)));
    t.appendChild(r);
  }
  box.appendChild(t);
}

function renderWorst() {
  const box = $("worst");
  box.innerHTML = "";
  box.appendChild(el("h3", "", A.worst));
  // ``worst``: the costliest mistakes by their place in ``decisions``
  const worst = analysis.worst.map((i) => analysis.decisions[i]).filter(Boolean);
  if (!worst.length) {
    box.appendChild(el("p", "muted", fill(A["no-mistakes"], { threshold: num(analysis.threshold, 1, lang, false) })));
    return;
  }
  const list = el("ol", "worst");
  for (const d of worst) {
    const li = el("li");
    li.appendChild(decisionButton(d));
    const why = d.why[lang] || d.why.en;
    if (why) li.appendChild(el("p", "why muted", why));
    list.appendChild(li);
  }
  box.appendChild(list);
}

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The soloist's units under best play at the first lead and after each trick. */
function renderCurve() {
  const box = $("curve");
  box.innerHTML = "";
  const curve = analysis.curve || [];
  const cap = el("figcaption", "", analysis.soloist >= 0
    ? `${A.curve} (${seatName(analysis.soloist)})` : A.curve);
  box.appendChild(cap);
  if (!curve.length) { box.appendChild(el("p", "muted", A["no-play"])); return; }
  const w = 360, h = 210, left = 44, right = 12, top = 12, bottom = 44;
  const xs = curve.map(([x]) => x), ys = curve.map(([, y]) => y);
  const xMax = Math.max(1, ...xs);
  let yMin = Math.min(0, ...ys), yMax = Math.max(0, ...ys);
  if (yMax - yMin < 2) { yMax += 1; yMin -= 1; }
  const X = (x) => left + ((w - left - right) * x) / xMax;
  const Y = (y) => top + ((h - top - bottom) * (yMax - y)) / (yMax - yMin);
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", class: "curve" });
  chart.appendChild(svg("title", {}, A.curve));
  // axes, the zero line, the ticks
  chart.appendChild(svg("line", { x1: left, x2: left, y1: top, y2: h - bottom, class: "axis" }));
  chart.appendChild(svg("line", { x1: left, x2: w - right, y1: Y(0), y2: Y(0), class: "zero" }));
  for (let x = 0; x <= xMax; x++) {
    chart.appendChild(svg("text", { x: X(x), y: h - bottom + 14, class: "tick", "text-anchor": "middle" }, String(x)));
  }
  for (const y of new Set([yMin, 0, yMax].map((v) => Math.round(v)))) {
    chart.appendChild(svg("text", { x: left - 5, y: Y(y) + 4, class: "tick", "text-anchor": "end" }, units(y)));
  }
  chart.appendChild(svg("text", { x: (left + w - right) / 2, y: h - 8, class: "axis-label", "text-anchor": "middle" },
    `${A["web-x"]} (0: ${A["curve-start"]})`));
  chart.appendChild(svg("text", { x: 12, y: (top + h - bottom) / 2, class: "axis-label", "text-anchor": "middle",
    transform: `rotate(-90 12 ${(top + h - bottom) / 2})` }, A["web-y"]));
  // where the replay is now
  chart.appendChild(svg("line", { x1: 0, x2: 0, y1: top, y2: h - bottom, class: "now", id: "curveNow" }));
  chart.appendChild(svg("polyline", { points: curve.map(([x, y]) => `${X(x)},${Y(y)}`).join(" "), class: "line" }));
  for (const [x, y] of curve) {
    const dot = svg("circle", { cx: X(x), cy: Y(y), r: 3.5, class: "dot" });
    dot.appendChild(svg("title", {}, `${x}: ${fill(A.units, { n: units(y) })}`));
    chart.appendChild(dot);
  }
  chart.dataset.xmax = String(xMax);
  chart.dataset.left = String(left);
  chart.dataset.width = String(w - left - right);
  box.appendChild(chart);
}

/** Tricks played at the step shown (for the chart's marker). */
function tricksAt(n) {
  let cards = 0;
  for (let i = 1; i <= n; i++) if ((steps[i].action || "").startsWith("play ")) cards += 1;
  return Math.floor(cards / 3);
}

function renderDecisions() {
  const box = $("decisions");
  box.innerHTML = "";
  box.appendChild(el("h3", "", A["web-decisions"]));
  box.appendChild(el("p", "muted", fill(A["web-threshold"], { threshold: num(analysis.threshold, 1, lang, false) })));
  if (!analysis.decisions.length) { box.appendChild(el("p", "muted", A["web-no-decisions"])); }
  const list = el("ol", "decisions");
  for (const d of analysis.decisions) {
    const li = el("li");
    li.appendChild(decisionButton(d));
    list.appendChild(li);
  }
  box.appendChild(list);
  if (analysis.skipped) box.appendChild(el("p", "muted", fill(A.skipped, { n: analysis.skipped })));
}

/** The parts that follow the step shown: its decision, the list's mark, the chart's. */
function showAnalysis() {
  renderHere();
  const here = new Set((atStep.get(at) || []).map((d) => String(d.n)));
  for (const b of document.querySelectorAll("button.decision")) {
    const on = here.has(b.dataset.n);
    b.classList.toggle("current", on);
    if (on) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
  const chart = document.querySelector("svg.curve");
  const now = document.getElementById("curveNow");
  if (chart && now) {
    const x = Number(chart.dataset.left) +
      (Number(chart.dataset.width) * Math.min(tricksAt(at), Number(chart.dataset.xmax))) / Number(chart.dataset.xmax);
    now.setAttribute("x1", String(x));
    now.setAttribute("x2", String(x));
  }
}

async function loadAnalysis() {
  const box = $("analysis");
  box.hidden = false;
  $("analysisTitle").textContent = A.title;
  const status = $("analysisStatus");
  status.textContent = A.thinking;
  box.dataset.state = "thinking";
  box.setAttribute("aria-busy", "true");
  let res = null;
  try {
    res = await fetch(`/api/tables/${tableId}/deals/${deal}/analysis`, auth);
  } catch (e) { /* the network: said below */ }
  box.removeAttribute("aria-busy");
  if (res && res.status === 422) $("whatIf").hidden = true;  // not an Ulti deal: no board either
  if (!res || !res.ok) {
    let body = {};
    try { body = res ? await res.json() : {}; } catch (e) { /* not JSON */ }
    status.textContent = errorText(body, lang) || A["web-failed"];
    box.dataset.state = "failed";
    return;
  }
  analysis = await res.json();
  const put = (step, d) => atStep.set(step, [...(atStep.get(step) || []), d]);
  analysis.decisions.forEach((d, n) => {
    d.n = n;
    put(stepOf(d), d);
    if (d.kind === "talon") put(stepOf(d) + 1, d);  // the bid said with the talon
  });
  status.textContent = "";
  renderSummary();
  renderWorst();
  renderCurve();
  renderDecisions();
  box.dataset.state = "ready";
  show();
}

function button(text, kind, fn) {
  const b = document.createElement("button");
  b.className = "btn";
  b.type = "button";
  b.textContent = text;
  b.dataset.step = kind;
  b.onclick = () => { fn(); show(); };
  return b;
}

document.documentElement.lang = lang;
document.title = `Ulti — ${W.replay}`;  // the browser's tab, in the page's language
accountBar($("account"), { lang: () => lang });
const res = await fetch(`/api/tables/${tableId}/deals/${deal}/steps`, auth);
if (!res.ok) {
  let body = {};
  try { body = await res.json(); } catch (e) { /* not JSON */ }
  $("status").textContent = errorText(body, lang) || String(res.status);
} else {
  const data = await res.json();
  steps = data.steps;
  if (!hu || data.text_hu) {  // the record's text: only in the page's language
    $("text").textContent = hu ? data.text_hu : data.text;
    $("recordTitle").textContent = W.recordText || W.records;
    $("record").hidden = false;
  }
  $("controls").append(
    button(W.start, "back", () => { at = 0; }),
    button(W.prev, "back", () => { at = Math.max(0, at - 1); }),
    button(W.next, "on", () => { at = Math.min(steps.length - 1, at + 1); }),
    button(W.end, "on", () => { at = steps.length - 1; }),
  );
  // the what-if board: the replay's place while it is open, the line played up to the step
  const played = steps.slice(1).map((s) => s.code);
  board = createBoard({
    root: $("board"), tableId, deal, auth, lang, W, played,
    onLeave: (step) => { at = Math.min(steps.length - 1, step); $("replay").hidden = false; show(); },
  });
  const openBoard = (line) => { $("replay").hidden = true; board.open(line); };
  const whatIf = button(A["web-board-open"], "whatif", () => openBoard(played.slice(0, at)));
  whatIf.id = "whatIf";
  whatIf.title = A["web-board-open-title"];
  $("controls").append(whatIf);
  addEventListener("keydown", (e) => {
    if (board.isOpen() || (e.target.closest && e.target.closest("input, select"))) return;
    if (e.key === "ArrowRight") { at = Math.min(steps.length - 1, at + 1); show(); }
    if (e.key === "ArrowLeft") { at = Math.max(0, at - 1); show(); }
  });
  // a shared position: the page opens on it (and on another, when the fragment changes)
  const fromHash = () => {
    const line = lineFromHash(location.hash);
    if (line) openBoard(line);
  };
  addEventListener("hashchange", fromHash);
  show();
  fromHash();
  loadAnalysis();  // lazily: the replay first, the analysis as it comes
}
