// The table, seen from one seat — the one shell of every game's table (table.html).  The
// server is authoritative: the page only shows the view it is sent (its seat's projection)
// and sends action texts with the version it saw.
//
// The shell keeps what every table has: the connection (live.js: the hello with the version
// last seen, replays, syncs, events, errors in the page's language, the takeover notice,
// reconnects), the seat from the link's fragment (table-state.js), the language, the top
// bar's tools, my line, my hand (a legal card plays when tapped, another says why not), the
// buttons of my other actions, the log, the score sheet's dialog, the dialog at the end of a
// deal, and the club's parts (club.js: chat, watchers, rematch).  The game's module, loaded by
// the table's game (table-game.js, GAMES), draws the rest and says what its actions are called.
// It exports
// ``game``:
//   name, title, pageClass          the game's name (records' files), the page's title, a
//                                   class for the page's body ("" for none)
//   markup {felt, tools, dock,      its HTML: the felt's inside; its tools before the sheet's,
//     sheet, dialogs}               its part of the dock and of the sheet, its own dialogs
//   end {dialog, body, title,       the ids of its end-of-deal dialog (the shell makes it)
//     close, action}
//   handShare {side, row, rows}     how much of the screen's height the hand may take (a
//                                   phone on its side; the hand in one row, in two)
//   render(v)                       its top bar's chips, the felt, its own parts of the dock
//   aboutMe(v), prompt(v, mine)     my line's words after my name; the prompt beside them
//   playing(v)                      whether cards are being played (the others dimmed)
//   picker(v)                       null, or the hand's cards being chosen: {has(c), tap(c, b)}
//   play(card, action, button)      a legal card tapped (it sends the action)
//   cardsText(n)                    "10 cards", under a spectator's view of my seat
//   action(a)                       a legal action but a card: null (shown elsewhere), its
//                                   button's {label, cls}, or a button of its own
//   moreActions(v)                  buttons after the actions ([] for none)
//   describe(action)                a move in words (the log)
//   fillSheet(box, v), recordLabel(r)   the score sheet; a finished deal's line
//   endOf(v)                        the deal whose end the dialog shows ({deal, ...}) or null
//   endIsOld(v, p)                  whether it ended long before this page opened (no dialog)
//   endTitle(p), fillEnd(box, v, p) the dialog's title and body
//   sessionOver(v)                  whether the session (Snapszli's: the match) is over
//   setup(), received(before),      optional: its controls, once its markup is in place; a new
//   frame(f), refused()             view came (``before``: the last one); a frame only the game
//                                   reads (true when it did); the server refused something
import { tableGame } from "/static/table-game.js";  // first: its request goes out at once
import { cardElement, cardStyle, setCardStyle } from "/static/cards.js";
import { guestName, icon, tableClub } from "/static/club.js";
import { el, liveSeat, renderRecords, toast } from "/static/live.js";
import { fill, pickLang } from "/static/i18n.js";
import { chime, setSound, soundOn } from "/static/sound.js";
import { backsRow, clockOf, name, reasonText } from "/static/table-kit.js";
import {
  $, W, club, dealSeat, dealerSeat, lang, legalOf, live, myTurn, params, rerender, seat, send,
  setClub, setLang, setLive, setRenderer, setTable, setView, table, tableId, token, version, view,
  watching, watchingDeal,
} from "/static/table-state.js";

/** The game's module by the table's game: a third game adds its module and a line here. */
const GAMES = {
  ulti: "/static/ulti.js",
  snapszli: "/static/snapszli.js",
  ulti4: "/static/ulti4.js",
};
let game = null;  // the game's module
const log = [];
let dismissed = 0;  // the deal whose end was seen (its dialog closed)
let wasMyTurn = false;  // whether it was my turn at the last drawing (a chime when it becomes so)

// -- the frames -----------------------------------------------------------------------------

function receive(frame) {
  if (game.frame && game.frame(frame)) return;
  if (frame.table) setTable(frame.table);
  if (club.frame(frame)) return;
  if (frame.type === "sync") log.length = 0;
  for (const ev of frame.events || []) log.push(ev);
  if (frame.event) log.push(frame.event);
  if (frame.view) {
    const before = view;
    setView(frame.view, frame.version);
    if (game.received) game.received(before);
    if (frame.type === "sync" && !params.get("lang")) {
      // the player's saved choice, else their browser's language, else the table's
      chooseLang(pickLang(table.lang));
      club.relabel();
    }
    render();
  } else if (frame.table && view) {
    render();
  }
}

function chooseLang(l) {
  setLang(l);
  $("langSelect").value = lang;
}

// -- the game's parts -------------------------------------------------------------------------

/** The game's module takes its place: the page's title, its markup, its end-of-deal dialog. */
function mount(g) {
  game = g;
  document.title = g.title;
  if (g.pageClass) document.body.classList.add(g.pageClass);
  const m = g.markup;
  $("felt").innerHTML = m.felt;
  $("tools").insertAdjacentHTML("afterbegin", m.tools || "");
  const sound = el("button", "tool sound-tool");  // the speaker: sounds on or off
  sound.type = "button";
  sound.id = "soundBtn";
  sound.dataset.action = "sound";
  sound.onclick = () => { setSound(!soundOn()); renderSound(); };
  $("langSelect").before(sound);
  $("dock").insertAdjacentHTML("beforeend", m.dock || "");
  document.querySelector("#sheetDialog .dialog-body").insertAdjacentHTML("beforeend", m.sheet || "");
  $("sheetDialog").insertAdjacentHTML("beforebegin", endDialog(g.end));
  $("logDialog").insertAdjacentHTML("afterend", m.dialogs || "");
  const end = $(g.end.dialog);
  $(g.end.close).onclick = () => {
    dismissed = Number(end.dataset.deal);
    end.close();
  };
  end.addEventListener("cancel", () => { dismissed = Number(end.dataset.deal); });
  end.addEventListener("click", (e) => { if (e.target === end) $(g.end.close).click(); });
  if (g.setup) g.setup();
}

function endDialog({ dialog, body, title, close, action }) {
  return `<dialog id="${dialog}" aria-labelledby="${title}">
  <div class="dialog-body" id="${body}"></div>
  <div class="dialog-foot"><button type="button" class="btn" data-action="${action}" id="${close}"></button></div>
</dialog>
`;
}

// -- rendering --------------------------------------------------------------------------------

function render() {
  document.documentElement.lang = lang;
  const v = view;
  document.body.dataset.version = String(version);
  document.body.dataset.turn = myTurn(v) ? "me" : "other";
  document.body.dataset.watching = String(watching);
  document.body.dataset.sessionOver = String(!!game.sessionOver(v));
  club.update(v, table);
  $("sheetBtn").textContent = W.scores;
  $("logBtn").textContent = W.log;
  game.render(v);
  renderMe(v);
  renderHand(v);
  $("prompt").textContent = game.prompt(v, myTurn(v));
  renderActions(v);
  renderTurnSignals(v);
  renderSound();
  renderLog();
  renderSheet(v);
  renderEnd(v);
  document.documentElement.style.setProperty("--dock-h", `${$("dock").offsetHeight}px`);
}

function renderMe(v) {
  const parts = [watching ? `${W.club.watching}: ${name(seat)}` : name(seat)];
  if (dealerSeat(v) === seat) parts.push(W.dealer);
  parts.push(...game.aboutMe(v));
  $("me").textContent = parts.join(" · ");
  if (v.clock) $("me").append(" ", clockOf(v, seat));  // my clock, beside my name
  $("dock").classList.toggle("turn", myTurn(v));
}

function renderHand(v) {
  const box = $("hand");
  box.innerHTML = "";
  box.classList.toggle("watch-hand", watchingDeal());
  // watching (or, at a table of four, sitting the deal out): the bottom seat's cards face
  // down, and what happens to that seat under them
  if (watchingDeal()) {
    box.appendChild(backsRow(v.hand_sizes[dealSeat()]));
    box.appendChild(el("span", "count", game.cardsText(v.hand_sizes[dealSeat()])));
    const extra = watching ? club.seatExtras(seat) : null;
    if (extra) box.appendChild(extra);
    return;
  }
  const mine = myTurn(v);
  const playing = mine && game.playing(v);
  const pick = mine ? game.picker(v) : null;
  const plays = new Map(legalOf("play").map((a) => [a.card, a.action]));
  const why = (c) => reasonText(v.reasons && v.reasons[c]);
  for (const c of v.hand || []) {
    const b = cardElement(c, lang, { button: true });
    b.type = "button";
    if (playing && !plays.has(c)) {
      b.classList.add("dim");  // still tappable: a tap says why it may not be played
      b.title = `${b.title} — ${why(c)}`;
    }
    if (pick && pick.has(c)) { b.classList.add("chosen"); b.setAttribute("aria-pressed", "true"); }
    const mark = game.handMark ? game.handMark(c) : "";
    if (mark) { b.classList.add("marked"); b.title = `${b.title} — ${mark}`; }
    if (plays.has(c)) b.dataset.action = plays.get(c);
    b.onclick = () => {
      if (pick) pick.tap(c, b);
      else if (plays.has(c)) game.play(c, plays.get(c), b);
      else if (playing) toast(why(c));
    };
    box.appendChild(b);
  }
  layoutHand();
}

// The hand in one row where its cards stay big enough for a finger, else in two even rows;
// the cards as large as the row allows (up to --cw-max, in px).
function layoutHand() {
  const box = $("hand");
  const n = box.children.length;
  if (!n || !game) return;
  const style = getComputedStyle(box);
  const gap = parseFloat(style.columnGap) || 4;
  const max = parseFloat(style.getPropertyValue("--cw-max")) || 90;
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const size = (cols) => (width - (cols - 1) * gap) / cols;
  const cols = size(n) >= 56 ? n : Math.ceil(n / 2);
  // the hand keeps to a share of a low screen's height (a phone on its side has the dock
  // beside the felt, so there a larger one)
  const side = matchMedia("(orientation: landscape) and (max-height: 520px)").matches;
  const share = game.handShare;
  const tall = (innerHeight * (side ? share.side : cols === n ? share.row : share.rows)) / 1.5;
  box.style.setProperty("--cols", String(cols));
  box.style.setProperty("--cw", `${Math.floor(Math.max(44, Math.min(max, tall, size(cols))))}px`);
}

function renderActions(v) {
  const box = $("actions");
  box.innerHTML = "";
  const again = game.sessionOver(v) ? club.rematchButton(true) : null;
  if (again) box.appendChild(again);
  if (!myTurn(v)) return;
  for (const a of v.legal) {
    if (a.kind === "play") continue;
    const made = game.action(a);
    if (made) box.appendChild(made instanceof Element ? made : actionButton(a, made));
  }
  for (const b of game.moreActions(v)) box.appendChild(b);
}

function actionButton(a, { label, cls }) {
  const b = el("button", `act ${a.kind}`, label);
  b.type = "button";
  b.dataset.action = a.action;
  if (cls) b.classList.add(cls);
  b.onclick = () => send(a.action);
  return b;
}

function renderLog() {
  $("logTitle").textContent = W.log;
  $("closeLog").textContent = W.close;
  const box = $("log");
  box.innerHTML = "";
  let deal = -1;
  for (const ev of log.slice(-150)) {
    if (ev.deal !== deal) {
      deal = ev.deal;
      box.appendChild(el("h3", "", `${W.deal} ${deal + 1}`));
    }
    const d = el("div", "");
    d.appendChild(el("b", "", `${name(ev.seat)}: `));
    d.append(game.describe(ev.action));
    box.appendChild(d);
  }
  box.scrollTop = box.scrollHeight;
}

function renderSheet(v) {
  $("sheetTitle").textContent = W.scores;
  $("facesLabel").textContent = W.faces;
  const faces = $("facesSelect");
  faces.options[0].textContent = W.facesHungarian;
  faces.options[1].textContent = W.facesFrench;
  faces.value = cardStyle();
  $("closeSheet").textContent = W.close;
  const box = $("sheet");
  box.innerHTML = "";
  game.fillSheet(box, v);
  $("recordsTitle").textContent = W.records;
  $("rulesLine").textContent = rulesText();
  renderRecords($("records"), v.sheet, {
    tableId, seat, token, watching, lang, words: W, game: game.name, label: game.recordLabel,
  });
}

function optionText(k, x) {
  const n = (W.options && W.options[k]) || k;
  const val = typeof x === "boolean" ? (x ? W.on || "✓" : W.off || "✗") : x;
  return `${n}: ${val}`;
}

function rulesText() {
  if (!table) return "";
  if (table.rules_title) return `${W.rules}: ${lang === "hu" ? table.rules_title.hu : table.rules_title.en}`;
  const preset = (W.presets && W.presets[table.rules]) || table.rules;
  const opts = Object.entries(table.options || {}).map(([k, x]) => optionText(k, x)).join(", ");
  return `${W.rules}: ${preset}${opts ? " + " + opts : ""}`;
}

// The end of the deal just finished, opened once: the last deal's own when the session is
// over, else the previous deal's as the next deal begins.
function renderEnd(v) {
  const ids = game.end;
  const dialog = $(ids.dialog);
  $(ids.close).textContent = game.sessionOver(v) ? W.close : W.nextDeal || W.close;
  const p = game.endOf(v);
  if (!p || dismissed === p.deal) {
    if (dialog.open) dialog.close();
    return;
  }
  // a page opened long after the deal ended does not bring it up again
  if (!dialog.open && game.endIsOld(v, p)) return;
  const box = $(ids.body);
  box.innerHTML = "";
  const title = el("h2", "", game.endTitle(p));
  title.id = ids.title;
  box.appendChild(title);
  game.fillEnd(box, v, p);
  dialog.dataset.deal = String(p.deal);
  if (!dialog.open) {
    dialog.showModal();
    if (!watching) chime("end");
  }
}

// The tab's title and icon say when it is my turn ("● Your turn – Ulti"); the key help line.
const ICON = document.querySelector("link[rel~=icon]");
const ICON_HREF = ICON ? ICON.href : "";
const TURN_ICON = "/static/favicon-turn.svg";  // a dot: my turn
function renderTurnSignals(v) {
  const mine = myTurn(v);
  if (mine && !wasMyTurn) chime("turn");
  wasMyTurn = mine;
  document.title = mine ? fill(W.myTurnTitle, { game: game.title }) : game.title;
  if (ICON) ICON.href = mine ? TURN_ICON : ICON_HREF;
  let help = $("keysHelp");
  if (!help) {
    help = el("div", "keys-help muted");
    help.id = "keysHelp";
    $("dock").appendChild(help);
  }
  help.textContent = game.keysHelp();
  help.hidden = watchingDeal();  // no card or bid of mine to press while I watch or sit out
}

/** The speaker in the top bar: pressed while the sounds are on. */
function renderSound() {
  const b = $("soundBtn");
  const on = soundOn();
  b.replaceChildren(icon(on ? "sound" : "muted"));
  b.setAttribute("aria-pressed", String(on));
  b.setAttribute("aria-label", W.sound);
  b.title = W.sound;
}

// -- the keyboard: the terminal's keys (the cards by number; each game's letters: game.keys) --
const CARD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  const end = document.querySelector("dialog[open]");
  if (end) {
    if (e.key === "Enter" && end.id === game.end.dialog) { e.preventDefault(); $(game.end.close).click(); }
    return;
  }
  const click = (sel) => {
    const b = document.querySelector(sel);
    if (!b || b.disabled) return false;
    e.preventDefault();
    b.click();
    return true;
  };
  const i = CARD_KEYS.indexOf(e.key);
  if (i >= 0) { click(`#hand .card:nth-child(${i + 1})`); return; }
  const key = e.key.toLowerCase();
  if (key === "b") {  // the bids: the picker opened, its first bid focused (Tab, Enter)
    const open = document.querySelector("#bids [data-action=open-bids][aria-expanded=false]");
    if (open) open.click();
    const first = document.querySelector("#bids button.bid");
    if (first) { e.preventDefault(); first.focus(); }
    return;
  }
  if (game.keys[key]) {  // the game's own letters (its terminal's): p pass, e exchange …
    const a = game.keys[key];
    click(`#actions [data-action^="${a}"], #actions button.${a}`);
    return;
  }
  if (e.key === "Enter") click("#actions [data-action=no-kontra]");
}
addEventListener("keydown", onKey);

// -- the controls -------------------------------------------------------------------------------

$("sheetBtn").onclick = () => $("sheetDialog").showModal();
$("closeSheet").onclick = () => $("sheetDialog").close();
$("logBtn").onclick = () => { $("logDialog").showModal(); $("log").scrollTop = $("log").scrollHeight; };
$("closeLog").onclick = () => $("logDialog").close();
for (const d of [$("sheetDialog"), $("logDialog")]) {
  d.addEventListener("click", (e) => { if (e.target === d) d.close(); });  // a tap outside
}
addEventListener("resize", layoutHand);
$("facesSelect").onchange = (e) => { setCardStyle(e.target.value); rerender(); };
$("langSelect").value = lang;
$("langSelect").onchange = (e) => {
  chooseLang(e.target.value);
  localStorage.setItem("ulti-lang", lang);
  if (club) club.relabel();
  rerender();
};

// -- the game, then the club and the connection -------------------------------------------------

const gameName = await tableGame;
if (!GAMES[gameName]) {
  $("status").textContent = "✗";
  throw new Error(`no table page for the game ${gameName} (${Object.keys(GAMES).join(", ")})`);
}
mount((await import(GAMES[gameName])).game);
setRenderer(render);
setClub(tableClub({
  tableId, seat, token, watching, words: () => W, lang: () => lang, live: () => live, rerender,
}));
setLive(liveSeat({
  tableId, seat, token, watch: watching, name: guestName, words: () => W, lang: () => lang,
  onFrame: receive,
  onError: () => { if (game.refused) game.refused(); },
}));
