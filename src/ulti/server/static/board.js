// The what-if board of a finished deal (issue 31), opened from the replay page at any step:
// another action there, and play on.  A *line* is the deal's actions from its first, in our
// notation (the record's codes); the server replays it and answers the node (every hand, the
// trick, the bidding, and each legal action valued from the seat to move's view and with all
// hands open: POST /api/tables/{id}/deals/{n}/board).  The other seats are moved by hand or by
// a chosen computer player (the server's move for that level, from the seat's own view).
//
// Every node visited is kept, a tree keyed by its line: back (the node it was reached from),
// forward (the child visited last), the moves of this line and the branches to jump to, and a
// link to the position (the line in the fragment, ``#line=…``: never a token).  A node's values
// take a moment: the board says it is thinking, and shows no other node's values meanwhile.
import { cardElement, code as cardCode } from "/static/cards.js";
import { errorText, fill } from "/static/i18n.js";
import { levelName } from "/static/levels.js";
import { signedNum } from "/static/numbers.js";

/** The computer levels the board offers for the other seats (the server's LEVELS). */
export const BOARD_LEVELS = ["easy", "club", "expert"];

/** The line a fragment names (``#line=play%20HA%2Cpass``), or null where it names none. */
export function lineFromHash(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  if (!params.has("line")) return null;
  const raw = params.get("line") || "";
  return raw ? raw.split(",") : [];
}

/** The link to a line's position: the replay's address with the line in its fragment (and
 * nothing else there: the seat's token stays in this browser). */
export function boardLink(tableId, deal, line) {
  return `${location.origin}/replay/${tableId}/${deal}#line=${encodeURIComponent(line.join(","))}`;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(text, cls, fn) {
  const b = el("button", cls, text);
  b.type = "button";
  b.onclick = fn;
  return b;
}

/**
 * The board in ``root`` (an empty section), for deal ``deal`` of table ``tableId``: ``auth``
 * the fetch options with the seat's header, ``W`` the page's words, ``played`` the line the
 * deal was played along, ``onLeave(step)`` back to the replay at that step.  Returns
 * ``{ open(line), close(), isOpen() }``.
 */
export function createBoard({ root, tableId, deal, auth, lang, W, played, onLeave }) {
  const A = W.analysis;
  const keyOf = (line) => line.join("\n");
  const nodes = new Map();  // key -> { line, parent, last, view, loading, error, moves }
  let current = null;
  let level = "hand";
  let gen = 0;  // counts the moves between nodes: an answer for an older one is not shown
  const units = (x) => (typeof x === "number" ? signedNum(x, 1, lang, false) : "–");
  const name = (v, s) => (v.names && v.names[s]) || fill(A["seat-n"], { n: s + 1 });
  const words = (x) => (x && (x[lang] || x.en)) || "";

  // -- the frame: built once ---------------------------------------------------------------
  root.innerHTML = "";
  const title = el("h2", "", A["web-board-open"]);
  title.id = "boardTitle";
  const nav = el("div", "board-nav");
  nav.id = "boardNav";
  const back = button(A["web-board-back"], "btn", () => goBack());
  back.dataset.nav = "back";
  const forward = button(A["web-board-forward"], "btn", () => goForward());
  forward.dataset.nav = "forward";
  const leave = button(A["web-board-leave"], "btn", () => leaveBoard());
  leave.dataset.nav = "leave";
  nav.append(back, forward, leave);
  const status = el("p", "board-status");
  status.id = "boardStatus";
  status.setAttribute("aria-live", "polite");
  const play = el("div", "board-play");
  play.id = "boardPlay";
  const choices = el("div", "board-choices");
  choices.id = "boardChoices";
  const seats = el("div", "board-seats");
  const seatsLabel = el("label", "", `${A["web-board-seats"]}: `);
  const select = el("select");
  select.id = "boardLevel";
  select.appendChild(new Option(A["web-board-by-hand"], "hand"));
  for (const l of BOARD_LEVELS) {
    select.appendChild(new Option(fill(A["web-board-by-level"], { level: levelName(l, W) }), l));
  }
  seatsLabel.appendChild(select);
  seats.append(seatsLabel, el("p", "muted", A["web-board-seats-doc"]));
  select.onchange = () => {
    level = select.value;
    autoplay(gen);
  };
  const path = el("div", "board-line");
  path.id = "boardLine";
  const branches = el("div", "board-branches");
  branches.id = "boardBranches";
  const share = el("div", "board-share");
  const linkLabel = el("label", "", A["web-board-link"]);
  linkLabel.htmlFor = "boardLink";
  const link = el("input");
  link.id = "boardLink";
  link.readOnly = true;
  link.type = "url";
  const copy = button(A["web-board-share"], "btn", () => copyLink());
  copy.id = "boardCopy";
  const copied = el("span", "muted");
  copied.id = "boardCopied";
  copied.setAttribute("aria-live", "polite");
  share.append(linkLabel, link, copy, copied);
  root.append(title, nav, status, play, choices, seats, path, branches, share);

  // -- the tree ----------------------------------------------------------------------------

  function nodeOf(line) {
    const key = keyOf(line);
    let n = nodes.get(key);
    if (!n) {
      n = { line, parent: line.length ? keyOf(line.slice(0, -1)) : null, last: null,
        view: null, loading: null, error: "", moves: {} };
      nodes.set(key, n);
    }
    return n;
  }

  async function post(body) {
    let res = null;
    try {
      res = await fetch(`/api/tables/${tableId}/deals/${deal}/board`, {
        method: "POST",
        headers: { ...auth.headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (e) { /* the network: said below */ }
    let data = {};
    try { data = res ? await res.json() : {}; } catch (e) { /* not JSON */ }
    if (!res || !res.ok) throw new Error(errorText(data, lang) || A["web-board-failed"]);
    return data;
  }

  /** The node's view, asked once (a failure is said, and may be asked again). */
  function load(n) {
    if (n.view) return Promise.resolve(n.view);
    if (!n.loading) {
      n.error = "";
      n.loading = post({ line: n.line, player: null }).then(
        (v) => { n.view = v; n.loading = null; return v; },
        (e) => { n.error = e.message; n.loading = null; return null; },
      );
    }
    return n.loading;
  }

  /** The first step where the line leaves the line played (-1: it does not). */
  function divergence(line) {
    for (let i = 0; i < line.length; i++) if (line[i] !== played[i]) return i;
    return -1;
  }

  /** The explorer's seat: the seat of the line's first changed action (null: none yet). */
  function explorer(n) {
    const i = divergence(n.line);
    if (i < 0 || !n.view) return null;
    const h = n.view.history[i];
    return h ? h.seat : null;
  }

  /** Show the node of ``line`` (reached from ``from``, a key, when a move was made there). */
  async function goTo(line, from = null) {
    const n = nodeOf(line);
    const key = keyOf(line);
    if (from !== null && from !== key) {
      n.parent = from;
      nodes.get(from).last = key;
    }
    current = key;
    const g = ++gen;
    render();
    await load(n);
    if (g === gen) render();
    return g;
  }

  function choose(actions) {
    const n = nodes.get(current);
    if (!actions.length) return;
    goTo([...n.line, ...actions], current).then((g) => autoplay(g));
  }

  function goBack() {
    const n = nodes.get(current);
    if (n && n.parent !== null) goTo(nodes.get(n.parent) ? nodes.get(n.parent).line : n.line.slice(0, -1));
  }

  function forwardOf(n) {
    if (n.last) return nodes.get(n.last).line;
    // on the line played, and no other way taken from here: the line played goes on
    if (divergence(n.line) < 0 && n.line.length < played.length) return played.slice(0, n.line.length + 1);
    return null;
  }

  function goForward() {
    const n = nodes.get(current);
    const next = n && forwardOf(n);
    if (next) goTo(next);
  }

  function leaveBoard() {
    const n = nodes.get(current);
    const i = n ? divergence(n.line) : -1;
    close();
    onLeave(i < 0 ? (n ? n.line.length : 0) : i);
  }

  /** The other seats' moves by the chosen computer player, until the explorer's turn. */
  async function autoplay(g) {
    while (g === gen && level !== "hand") {
      const n = nodes.get(current);
      const v = n.view;
      const seat = explorer(n);
      if (!v || v.over || seat === null || v.to_move === seat) return;
      root.dataset.state = "computer";
      status.textContent = fill(A["web-board-computer"], { name: name(v, v.to_move) });
      let action = n.moves[level];
      if (!action) {
        try {
          action = (await post({ line: n.line, player: level })).action;
        } catch (e) {
          if (g === gen) { root.dataset.state = "failed"; status.textContent = e.message; }
          return;
        }
        n.moves[level] = action;
      }
      if (g !== gen) return;
      g = await goTo([...n.line, action], current);
      const after = nodes.get(current);
      if (!after.view) return;  // failed: said by render
    }
  }

  // -- the picture -------------------------------------------------------------------------

  function row(label, cards, cls, clickable = null) {
    const d = el("div", `replay-row ${cls || ""}`);
    d.appendChild(label);
    const box = el("div", "replay-cards");
    for (const c of cards) {
      const actions = clickable && clickable.get(`play ${cardCode(c)}`);
      if (actions) {
        const b = cardElement(c, lang, { button: true });
        b.type = "button";
        b.classList.add("board-card");
        b.onclick = () => choose(actions);
        box.appendChild(b);
      } else {
        box.appendChild(cardElement(c, lang));
      }
    }
    d.appendChild(box);
    return d;
  }

  function renderPlay(v) {
    play.innerHTML = "";
    const facts = [];
    if (v.contract) facts.push(`${W.contract}: ${words(v.contract)} · ${W.soloist}: ${name(v, v.contract.soloist)}`);
    else if (v.bid) facts.push(`${W.bid}: ${words(v.bid)} (${name(v, v.bid.bidder)})`);
    if (typeof v.trump === "number" && v.trump >= 0 && W.suits) facts.push(`${W.trump}: ${W.suits[v.trump]}`);
    for (const f of facts) play.appendChild(el("p", "board-fact", f));
    if (v.kontras && v.kontras.length) {
      play.appendChild(el("p", "board-fact",
        `${A["web-board-kontras"]}: ${v.kontras.map((k) => (lang === "hu" ? k.title_hu : k.title) || k.title).join(", ")}`));
    }
    // the mover's cards that an action plays: a click plays it
    const clickable = new Map();
    for (const d of v.decisions) for (const o of d.options) if (o.actions.length) clickable.set(o.actions[0], o.actions);
    for (const o of v.others) clickable.set(o.actions[0], o.actions);
    v.hands.forEach((h, s) => {
      const label = el("b", "", name(v, s));
      const moving = s === v.to_move;
      if (moving) label.appendChild(el("span", "badge board-turn", A["web-board-to-move"]));
      const r = row(label, h, moving ? "board-mover" : "", moving ? clickable : null);
      r.dataset.seat = String(s);
      play.appendChild(r);
    });
    if (v.trick.length) play.appendChild(row(el("b", "", W.trick), v.trick, "trick"));
    else if (v.tricks.length) play.appendChild(row(el("b", "", W.lastTrick), v.tricks[v.tricks.length - 1].cards, "trick"));
    if (v.talon && v.talon.length) play.appendChild(row(el("b", "", W.talon), v.talon, "talon"));
    if (v.over && v.totals) {
      const t = el("p", "board-totals");
      t.appendChild(el("b", "", `${A["web-board-totals"]}: `));
      t.append(v.totals.map((x, s) => `${name(v, s)} ${units(x)}`).join(" · "));
      play.appendChild(t);
    }
  }

  function renderChoices(n) {
    const v = n.view;
    choices.innerHTML = "";
    if (v.over) return;
    // the action the line played takes here (where this node is on it)
    const onPlayed = divergence(n.line) < 0;
    const playedHere = (o) => onPlayed && o.actions.length > 0 &&
      o.actions.every((c, i) => played[n.line.length + i] === c);
    if (v.decisions.length) choices.appendChild(el("p", "muted board-values", A["web-board-values"]));
    for (const d of v.decisions) {
      const box = el("div", "board-decision");
      box.dataset.kind = d.kind;
      box.appendChild(el("h3", "", `${name(v, d.seat)}: ${A[`kind-${d.kind}`] || ""}`));
      const t = el("table", "options board-options");
      const head = el("tr");
      head.append(el("th", "", A["web-board-choice"]), el("th", "num", A.info), el("th", "num", A.dd));
      t.appendChild(head);
      const best = (k) => Math.max(...d.options.map((o) => (typeof o[k] === "number" ? o[k] : -Infinity)));
      const bestInfo = best("info"), bestDd = best("dd");
      // the best marked where it is better than another (every choice alike: none is)
      const differ = d.options.some((o) => typeof o.info === "number" && o.info < bestInfo);
      d.options.forEach((o) => {
        const r = el("tr", "board-option");
        const cell = el("td");
        if (o.actions.length) {
          const b = button(words(o), "board-choice", () => choose(o.actions));
          b.dataset.actions = o.actions.join(",");
          if (o.card !== null && o.card !== undefined) b.dataset.card = cardCode(o.card);
          cell.appendChild(b);
        } else {
          // no kontra: the card follows at this same node
          cell.appendChild(el("span", "board-choice-none", `${words(o)} (${A["web-board-then-card"]})`));
        }
        if (differ && o.info === bestInfo && Number.isFinite(bestInfo)) {
          r.classList.add("best");
          cell.appendChild(el("span", "badge board-best", A.best));
        }
        if (playedHere(o)) {
          r.classList.add("played");
          cell.appendChild(el("span", "badge board-played", A["web-board-played"]));
        }
        const info = el("td", "num board-info", units(o.info));
        if (o.info === bestInfo && Number.isFinite(bestInfo)) info.classList.add("top");
        const dd = el("td", "num board-dd", units(o.dd));
        if (o.dd === bestDd && Number.isFinite(bestDd)) dd.classList.add("top");
        r.append(cell, info, dd);
        t.appendChild(r);
      });
      box.appendChild(t);
      choices.appendChild(box);
    }
    if (v.others.length) {
      const box = v.others.length > 8 ? el("details", "board-others") : el("div", "board-others");
      const head = v.others.length > 8 ? el("summary", "", A["web-board-others"]) : el("h3", "", A["web-board-others"]);
      box.appendChild(head);
      const list = el("div", "board-other-list");
      for (const o of v.others) {
        const b = button(words(o), "board-other", () => choose(o.actions));
        b.dataset.actions = o.actions.join(",");
        if (playedHere(o)) b.classList.add("played");
        list.appendChild(b);
      }
      box.appendChild(list);
      choices.appendChild(box);
    }
  }

  /** The moves of this line from its first change, each a way back to its node. */
  function renderPath(n) {
    path.innerHTML = "";
    path.appendChild(el("h3", "", A["web-board-line"]));
    const i = divergence(n.line);
    if (i < 0 || !n.view) {
      path.appendChild(el("p", "muted", A["web-board-on-played"]));
      return;
    }
    path.appendChild(el("p", "muted", fill(A["web-board-from"], { n: i + 1 })));
    const list = el("ol", "board-moves");
    list.start = i + 1;
    n.view.history.slice(i).forEach((h, k) => {
      const li = el("li");
      const upto = n.line.slice(0, i + k + 1);
      const b = button(`${name(n.view, h.seat)}: ${words(h)}`, "board-move", () => goTo(upto));
      if (upto.length === n.line.length) b.setAttribute("aria-current", "step");
      li.appendChild(b);
      list.appendChild(li);
    });
    path.appendChild(list);
  }

  /** The branches: every node visited off the line played with no child visited. */
  function renderBranches() {
    branches.innerHTML = "";
    branches.appendChild(el("h3", "", A["web-board-branches"]));
    const parents = new Set([...nodes.values()].map((n) => n.parent));
    const leaves = [...nodes.entries()].filter(([k, n]) => n.view && !parents.has(k) && divergence(n.line) >= 0);
    if (!leaves.length) {
      branches.appendChild(el("p", "muted", A["web-board-no-branches"]));
      return;
    }
    const list = el("ul", "board-branch-list");
    for (const [k, n] of leaves) {
      const i = divergence(n.line);
      const h = n.view.history[i];
      const first = h ? `${name(n.view, h.seat)}: ${words(h)}` : "";
      const more = n.view.history.length - i - 1;
      const text = more > 0 ? fill(A["web-board-branch-more"], { n: i + 1, first, more })
        : fill(A["web-board-branch"], { n: i + 1, first });
      const b = button(text, "board-branch", () => goTo(n.line));
      if (k === current) b.setAttribute("aria-current", "true");
      const li = el("li");
      li.appendChild(b);
      list.appendChild(li);
    }
    branches.appendChild(list);
  }

  function render() {
    const n = nodes.get(current);
    if (!n) return;
    back.disabled = n.parent === null;
    forward.disabled = !forwardOf(n);
    link.value = boardLink(tableId, deal, n.line);
    copied.textContent = "";
    root.dataset.step = String(n.line.length);
    if (!n.view) {
      // nothing of another node stays shown while this one is worked out
      play.innerHTML = "";
      choices.innerHTML = "";
      if (n.error) {
        root.dataset.state = "failed";
        status.textContent = n.error;
        choices.appendChild(button(A["web-board-retry"], "btn", () => goTo(n.line)));
      } else {
        root.dataset.state = "thinking";
        status.textContent = A["web-board-thinking"];
      }
      root.setAttribute("aria-busy", n.error ? "false" : "true");
      renderPath(n);
      renderBranches();
      return;
    }
    const v = n.view;
    root.dataset.state = "ready";
    root.setAttribute("aria-busy", "false");
    const step = fill(A["web-board-step"], { n: v.step });
    status.textContent = `${step} · ${v.over ? A["web-board-over"] : fill(A["web-board-turn"], { name: name(v, v.to_move) })}`;
    renderPlay(v);
    renderChoices(n);
    renderPath(n);
    renderBranches();
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link.value);
      copied.textContent = A["web-board-copied"];
    } catch (e) {
      link.focus();
      link.select();
      copied.textContent = A["web-board-copy-by-hand"];
    }
  }

  function open(line) {
    root.hidden = false;
    goTo(line);
    root.scrollIntoView({ block: "start" });
  }

  function close() {
    gen++;  // whatever the board was waiting for is not shown
    root.hidden = true;
  }

  return { open, close, isOpen: () => !root.hidden };
}
