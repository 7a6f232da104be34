// The puzzles (issue 31, docs/PUZZLES.md): a position as its seat saw it (the cards in hand, the
// bidding, the tricks, the one on the table), a choice, then right or wrong with every choice's
// value (from the seat, and with the cards as they lay) and why.  Three modes: practice (by theme,
// near the solver's rating; an account's first try is rated), the rush (as many as possible in 3
// minutes, three wrong answers end it; every kind, or laying the talon only) and the puzzle of
// the day.  A shared puzzle's link names it in the fragment: /puzzles#p=ID.
import { loadMe as loadAccount, onAccount } from "/static/account.js";
import { cardElement, suitSign } from "/static/cards.js";
import { clubHeader } from "/static/clubpage.js";
import { errorText, fill } from "/static/i18n.js";
import { el, post, toast } from "/static/live.js";
import { signed, signedNum } from "/static/numbers.js";

const $ = (id) => document.getElementById(id);
const page = clubHeader(render);
const lang = () => page.lang();
const P = () => page.W().puzzles;
const words = (x) => (x ? x[lang()] || x.en : "");

const state = {
  mode: "train",
  puzzle: null,      // the position shown
  verdict: null,     // the judgement of the answer given
  rush: null,        // the rush under way (its last state from the server)
  me: null,          // the account's puzzle record (null: a guest)
  themes: [],
  seen: [],          // a guest's puzzles this visit (not offered again)
  busy: false,
  error: "",
};

async function getJson(url) {
  const res = await fetch(url, { credentials: "same-origin" });
  let data = {};
  try { data = await res.json(); } catch (e) { /* none */ }
  return { ok: res.ok, status: res.status, data };
}

function failed(r) {
  state.error = errorText(r.data, lang()) || P().title;
  toast(state.error);
}

// -- loading ----------------------------------------------------------------------------------

async function loadMe() {
  const user = await loadAccount();
  const r = user ? await getJson("/api/me/puzzles") : { ok: false };
  state.me = r.ok ? r.data : null;
}

async function loadThemes() {
  const r = await getJson("/api/puzzles/themes");
  if (r.ok) state.themes = r.data.themes;
}

let asked = 0;  // the latest request for a position: an older answer is not shown

async function show(url) {
  const mine = ++asked;
  const mode = state.mode;
  state.busy = true;
  const r = await getJson(url);
  if (mine !== asked || mode !== state.mode) return;
  state.busy = false;
  if (!r.ok) { failed(r); return; }
  state.puzzle = r.data;
  state.verdict = null;
  window.__shown = (window.__shown || 0) + 1;  // positions shown so far (the browser tests wait on it)
  if (!state.seen.includes(r.data.id)) state.seen = [...state.seen.slice(-60), r.data.id];
  render();
}

function nextPuzzle() {
  const theme = $("theme").value;
  const q = new URLSearchParams();
  if (theme) q.set("theme", theme);
  if (!state.me && state.seen.length) q.set("skip", state.seen.join(","));
  history.replaceState(null, "", "/puzzles");
  return show(`/api/puzzles/next?${q}`);
}

async function answer(i) {
  if (state.busy || state.verdict) return;
  const p = state.puzzle;
  state.busy = true;
  if (state.mode === "rush") {
    const r = await post(`/api/puzzles/rush/${encodeURIComponent(state.rush.id)}/answer`, { puzzle: p.id, choice: i });
    state.busy = false;
    if (!r.ok) { failed(r); await rushState(); return; }
    state.rush = { ...r.data, deadline: state.rush.deadline };
    toast(r.data.judgement.right ? P().right : fill(P()["best-was"], { best: bestLabel(r.data.judgement) }));
    state.puzzle = r.data.puzzle;
    if (r.data.over) await loadMe();
    render();
    return;
  }
  const r = await post(`/api/puzzles/${encodeURIComponent(p.id)}/answer`, { choice: i });
  state.busy = false;
  if (!r.ok) { failed(r); return; }
  state.verdict = r.data;
  if (r.data.rated) await loadMe();
  render();
}

async function loadMeAgain() {
  const r = await getJson("/api/me/puzzles");
  state.me = r.ok ? r.data : null;
}

// -- the rush ---------------------------------------------------------------------------------

let ticker = null;

async function startRush(mode) {
  const r = await post("/api/puzzles/rush", { mode });
  if (!r.ok) { failed(r); return; }
  state.rush = r.data;
  state.rush.deadline = performance.now() + r.data.seconds_left * 1000;
  state.puzzle = r.data.puzzle;
  state.verdict = null;
  tick();
  render();
}

async function rushState() {
  if (!state.rush) return;
  const r = await getJson(`/api/puzzles/rush/${encodeURIComponent(state.rush.id)}`);
  if (r.ok) {
    const deadline = state.rush.deadline;
    state.rush = { ...r.data, deadline };
    state.puzzle = r.data.puzzle;
    if (r.data.over) await loadMe();
  }
  render();
}

function secondsLeft() {
  if (!state.rush || state.rush.over) return 0;
  return Math.max(0, (state.rush.deadline - performance.now()) / 1000);
}

function tick() {
  clearInterval(ticker);
  ticker = setInterval(() => {
    if (!state.rush || state.rush.over) { clearInterval(ticker); return; }
    if (secondsLeft() <= 0) { clearInterval(ticker); rushState(); return; }
    renderRushStatus();
  }, 250);
}

const clock = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

function renderRushStatus() {
  const box = $("rushStatus");
  const r = state.rush;
  if (!r) { box.textContent = ""; return; }
  if (r.over) {
    box.textContent = fill(P()["rush-over"], { score: r.score });
    return;
  }
  box.textContent = fill(P()["rush-status"], {
    time: clock(secondsLeft()), score: r.score, mistakes: r.mistakes, strikes: r.strikes,
  });
}

// -- drawing ----------------------------------------------------------------------------------

function bestLabel(v) {
  return v.choices.filter((c) => c.right).map((c) => words(c)).join(" / ");
}

function cardRow(cards, cls = "") {
  const row = el("div", `puzzle-cards ${cls}`);
  for (const c of cards) row.appendChild(cardElement(c, lang()));
  return row;
}

function played(list) {
  const row = el("div", "puzzle-trick");
  for (const x of list) {
    const cell = el("figure", "played");
    cell.appendChild(cardElement(x.card, lang()));
    cell.appendChild(el("figcaption", "", words(x.who)));
    row.appendChild(cell);
  }
  return row;
}

function facts(p) {
  const box = el("div", "puzzle-facts");
  const line = (text) => { if (text) box.appendChild(el("p", "", text)); };
  line(`${words(p.rules)} · ${words(p.role)}`);
  line(fill(P().dealer, { who: words(p.dealer) }));
  if (p.contract) line(fill(P().contract, { bid: words(p.contract), who: words(p.soloist) }));
  else if (p.bid) line(fill(P().bid, { bid: words(p.bid), who: words(p.bidder) }));
  if (p.contract) {
    const t = el("p", "puzzle-trump");
    t.appendChild(document.createTextNode(`${P().trump} `));
    if (p.trump >= 0) {
      t.appendChild(suitSign(p.trump, lang()));
      t.appendChild(document.createTextNode(` ${page.W().suits[p.trump]}`));
    } else t.appendChild(document.createTextNode(P()["no-trump"]));
    box.appendChild(t);
  }
  if (p.kontras.length) line(fill(P().kontras, { list: p.kontras.map((k) => (lang() === "hu" ? k.title_hu : k.title)).join("; ") }));
  if (p.tricks.length || p.trick.length) {
    const [you, next, prev] = p.points;
    line(fill(P().points, { you, next, prev }));
  }
  return box;
}

function renderPuzzle() {
  const board = $("board");
  board.replaceChildren();
  const p = state.puzzle;
  window.__puzzle = p ? p.id : null;  // which puzzle is shown (the browser tests read it)
  if (!p) return;
  const head = el("div", "puzzle-head");
  head.appendChild(el("h2", "", words(p.ask)));
  const tags = el("p", "puzzle-themes");
  for (const t of p.themes) tags.appendChild(el("span", "badge", words(t)));
  head.appendChild(tags);
  if (state.mode !== "rush" && typeof p.rating === "number") head.appendChild(el("p", "muted", fill(P()["puzzle-rating"], { rating: p.rating })));
  board.appendChild(head);
  board.appendChild(facts(p));
  const auction = p.history.filter((h) => !h.play);  // the bidding, and kontras said in play
  if (auction.length) {
    const box = el("details", "puzzle-auction");
    box.open = p.kind !== "card";
    box.appendChild(el("summary", "", P().auction));
    const ol = el("ol", "");
    for (const h of auction) ol.appendChild(el("li", "", `${words(h.who)}: ${words(h)}`));
    box.appendChild(ol);
    board.appendChild(box);
  }
  if (p.tricks.length) {
    const box = el("details", "puzzle-tricks");
    box.open = p.kind === "card" || p.kind === "kontra";
    box.appendChild(el("summary", "", `${P().tricks} (${p.tricks.length})`));
    p.tricks.forEach((t) => {
      const row = played(t.cards);
      row.appendChild(el("span", "muted", fill(P().won, { who: words(t.winner) })));
      box.appendChild(row);
    });
    board.appendChild(box);
  }
  if (p.trick.length) {
    board.appendChild(el("h3", "", P().trick));
    board.appendChild(played(p.trick));
  }
  if (p.talon && p.talon.length && p.kind !== "talon") {
    board.appendChild(el("h3", "", P()["talon-laid"]));
    board.appendChild(cardRow(p.talon, "small"));
  }
  board.appendChild(el("h3", "", P().hand));
  const hand = el("div", "puzzle-cards hand");
  const byCard = new Map();
  if (p.kind === "card") p.choices.forEach((c) => byCard.set(c.cards[0], c.i));
  for (const c of p.hand) {
    const playable = byCard.has(c) && !state.verdict;
    const e = cardElement(c, lang(), { button: playable });
    if (playable) e.onclick = () => answer(byCard.get(c));
    else if (p.kind === "card") e.classList.add("dim");
    hand.appendChild(e);
  }
  board.appendChild(hand);
  const choices = el("div", "puzzle-choices");
  for (const c of p.choices) {
    const b = el("button", "btn choice", words(c));
    b.dataset.choice = String(c.i);
    b.disabled = Boolean(state.verdict) || state.busy;
    b.onclick = () => answer(c.i);
    choices.appendChild(b);
  }
  board.appendChild(choices);
}

function renderVerdict() {
  const box = $("verdict");
  const v = state.verdict;
  box.hidden = !v;
  box.replaceChildren();
  if (!v) return;
  box.appendChild(el("h2", v.right ? "right" : "wrong", v.right ? P().right : P().wrong));
  if (!v.right) box.appendChild(el("p", "", fill(P()["best-was"], { best: bestLabel(v) })));
  if (v.rated) {
    box.appendChild(el("p", "rating-change", fill(P().rated, { before: v.rated.before, after: v.rated.after, delta: signed(v.rated.delta) })));
  } else if (v.seen) box.appendChild(el("p", "muted", P().seen));
  const table = el("table", "puzzle-values");
  const head = el("tr", "");
  for (const h of [P().choice, P()["from-seat"], P()["as-lay"]]) head.appendChild(el("th", "", h));
  table.appendChild(el("thead", "")).appendChild(head);
  const body = el("tbody", "");
  for (const c of v.choices) {
    const tr = el("tr", c.right ? "best" : c.i === v.choice ? "chosen" : "");
    tr.appendChild(el("td", "", words(c)));
    tr.appendChild(el("td", "num", signedNum(c.info, 1, lang(), false)));
    tr.appendChild(el("td", "num", signedNum(c.dd, 1, lang(), false)));
    body.appendChild(tr);
  }
  table.appendChild(body);
  box.appendChild(table);
  box.appendChild(el("p", "muted small", P()["values-note"]));
  box.appendChild(el("p", "why", words(v.why)));
  const bar = el("div", "puzzle-actions");
  if (state.mode === "train") {
    const next = el("button", "btn primary", P().next);
    next.id = "nextPuzzle";
    next.onclick = nextPuzzle;
    bar.appendChild(next);
  }
  const share = el("button", "btn secondary", P().share);
  share.onclick = async () => {
    const link = `${location.origin}/puzzles#p=${encodeURIComponent(state.puzzle.id)}`;
    try { await navigator.clipboard.writeText(link); toast(P().copied); } catch (e) { toast(link); }
  };
  bar.appendChild(share);
  box.appendChild(bar);
}

function renderMe() {
  const box = $("me");
  box.replaceChildren();
  const me = state.me;
  if (!me) { box.textContent = P().guest; return; }
  const rating = me.provisional ? fill(P().provisional, { rating: me.rating }) : String(me.rating);
  box.appendChild(el("span", "", fill(P().rating, { rating })));
  if (state.mode === "rush") box.appendChild(el("span", "muted", ` · ${fill(P()["rush-best"], me.rush)}`));
}

function render() {
  document.title = `Ulti — ${P().title}`;
  $("title").textContent = P().title;
  $("modeTrain").textContent = P().train;
  $("modeRush").textContent = P().rush;
  $("modeDaily").textContent = P().daily;
  for (const b of document.querySelectorAll(".puzzle-modes .btn")) {
    b.setAttribute("aria-selected", String(b.dataset.mode === state.mode));
    b.classList.toggle("primary", b.dataset.mode === state.mode);
  }
  $("themeLabel").textContent = P().theme;
  const sel = $("theme");
  const chosen = sel.value;
  sel.replaceChildren(new Option(P()["theme-all"], ""));
  for (const t of state.themes) sel.appendChild(new Option(`${words(t)} (${t.count})`, t.tag));
  sel.value = chosen;
  $("trainBar").hidden = state.mode !== "train";
  $("rushBar").hidden = state.mode !== "rush";
  $("rushDoc").textContent = P()["rush-doc"];
  const rushing = state.rush && !state.rush.over;
  $("rushMixed").textContent = state.rush && state.rush.over ? `${P().again}: ${P()["rush-mixed"]}` : P()["rush-mixed"];
  $("rushTalon").textContent = state.rush && state.rush.over ? `${P().again}: ${P()["rush-talon"]}` : P()["rush-talon"];
  $("rushMixed").hidden = $("rushTalon").hidden = Boolean(rushing);
  renderRushStatus();
  renderMe();
  renderPuzzle();
  renderVerdict();
}

async function setMode(mode) {
  asked += 1;  // a position still on its way belongs to the mode left
  state.busy = false;
  state.mode = mode;
  state.verdict = null;
  state.puzzle = null;
  if (mode !== "rush") { clearInterval(ticker); state.rush = null; }
  render();
  if (mode === "train") await nextPuzzle();
  else if (mode === "daily") await show("/api/puzzles/daily");
}

onAccount(async () => { await loadMeAgain(); render(); });
for (const b of document.querySelectorAll(".puzzle-modes .btn")) b.onclick = () => setMode(b.dataset.mode);
$("theme").onchange = nextPuzzle;
$("rushMixed").onclick = () => startRush("mixed");
$("rushTalon").onclick = () => startRush("talon");

const sharedId = () => new URLSearchParams(location.hash.slice(1)).get("p");
window.addEventListener("hashchange", () => {
  const id = sharedId();
  if (id && (!state.puzzle || state.puzzle.id !== id)) {
    state.mode = "train";
    show(`/api/puzzles/${encodeURIComponent(id)}`);
  }
});

await Promise.all([loadMe(), loadThemes()]);
const shared = sharedId();
render();
if (shared) await show(`/api/puzzles/${encodeURIComponent(shared)}`);
else if (state.mode === "train" && !state.puzzle) await nextPuzzle();  // (unless another mode was chosen meanwhile)
