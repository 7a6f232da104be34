// The leaderboard (docs/CLUB.md): per rules family, every rated player — people and computer
// players alike — by the conservative rating μ − 3σ, with μ ± σ and the sessions played.
import { profileUrl } from "/static/account.js";
import { botName, clubHeader, familyName } from "/static/clubpage.js";
import { num } from "/static/numbers.js";
import { errorText, fill } from "/static/i18n.js";
import { el } from "/static/live.js";

const $ = (id) => document.getElementById(id);
let data = null;
let failed = null;
const page = clubHeader(render);

function render() {
  const W = page.W();
  const C = W.club;
  document.title = `Ulti — ${C.leaderboard}`;
  $("title").textContent = C.leaderboard;
  $("familyLabel").textContent = C.family;
  $("help").textContent = C["rating-help"];
  const board = $("board");
  board.innerHTML = "";
  if (failed) { board.appendChild(el("p", "form-error", errorText(failed.body, page.lang()) || fill(C.failed, { status: failed.status }))); return; }
  if (!data) { board.appendChild(el("p", "muted", W.connecting)); return; }
  const select = $("family");
  select.innerHTML = "";
  const families = data.families && data.families.length ? data.families : [data.family];
  for (const f of families) {
    const o = document.createElement("option");
    o.value = f;
    o.textContent = familyName(f, W);
    select.appendChild(o);
  }
  select.value = data.family;
  if (!data.rows || !data.rows.length) { board.appendChild(el("p", "muted", C["no-ratings"])); return; }
  const t = el("table", "board");
  const head = el("tr");
  ["#", C.player, C.rating, "μ ± σ", C.sessions].forEach((h, i) => head.appendChild(el("th", i === 1 ? "" : "num", h)));
  t.appendChild(head);
  for (const r of data.rows) {
    const tr = el("tr", r.bot ? "bot" : "person");
    tr.appendChild(el("td", "num", String(r.rank)));
    const who = el("td", "who");
    if (r.bot) {
      who.appendChild(el("span", "badge bot-mark", W.club.computer));
      const b = el("span", "", ` ${botName(r.player, W)}`);
      b.title = String((page.lang() === "hu" ? r.name_hu : r.name) || r.player);
      who.appendChild(b);
    } else {
      const a = el("a", "", String(r.name));
      a.href = profileUrl(r.name);
      who.appendChild(a);
    }
    tr.appendChild(who);
    tr.appendChild(el("td", "num rating", num(r.rating, 1, page.lang())));
    tr.appendChild(el("td", "num muted", `${num(r.mu, 1, page.lang())} ± ${num(r.sigma, 1, page.lang())}`));
    tr.appendChild(el("td", "num", String(r.games)));
    t.appendChild(tr);
  }
  board.appendChild(t);
}

async function load(family) {
  const q = family ? `?family=${encodeURIComponent(family)}` : "";
  try {
    const res = await fetch(`/api/leaderboard${q}`);
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      failed = { body, status: res.status };
    } else {
      data = body;
      failed = null;
      history.replaceState(null, "", `/leaderboard?family=${encodeURIComponent(data.family)}`);
    }
  } catch (e) {
    failed = { body: null, status: 0 };
  }
  render();
}

$("family").onchange = (e) => load(e.target.value);
render();
load(new URLSearchParams(location.search).get("family"));
