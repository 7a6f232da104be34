// What both tables (Ulti's and Snapszli's) share of the club (docs/CLUB.md): who watches, the
// chat, the creator's controls (muting an author, giving a left seat to a computer), the
// rematch, and the account button.  The page calls ``club.frame(frame)`` with every frame and
// ``club.update(view, table)`` at every render; it asks ``club.seatExtras(s)`` for what goes
// under a seat and ``club.rematchButton(over)`` for the end of the session.
//
// Everything a person typed (chat, names) goes into the page as text, never as markup.
import { accountBar, currentUser, loadMe } from "/static/account.js";
import { errorText, fill } from "/static/i18n.js";
import { el, post, toast } from "/static/live.js";

const $ = (id) => document.getElementById(id);
const GUEST_KEY = "ulti-guest-name";
const CHAT_MAX = 280;

export function guestName() {
  try { return localStorage.getItem(GUEST_KEY) || ""; } catch (e) { return ""; }
}

function setGuestName(name) {
  try { localStorage.setItem(GUEST_KEY, name); } catch (e) { /* private mode: this page only */ }
}

/** Where a seat's token is kept for a table (seat.js reads it there). */
function keepToken(tableId, seat, token) {
  try { localStorage.setItem(`ulti-token-${tableId}-${seat}`, token); } catch (e) { /* private */ }
}

// Small line icons (no emoji font is needed): a speech bubble, a person, an eye, a speaker
// (sounding, and muted).
const ICONS = {
  sound: "M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11",
  muted: "M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6",
  chat: "M4 5h16v10H9l-5 4z",
  person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6",
  eye: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
};

/** An icon as an inline SVG (hidden from screen readers: its button has a label). */
export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  svg.appendChild(path);
  return svg;
}

/** The mutes the server sent ([{who, name}]) by the muted author's name, in lower case. */
function mutesOf(list) {
  const out = new Map();
  for (const m of Array.isArray(list) ? list : []) {
    if (m && typeof m.who === "string") out.set(String(m.name).toLowerCase(), m);
  }
  return out;
}

/** A chat message's time, as HH:MM in the page's language ("" when unreadable). */
function clock(at, lang) {
  if (at === undefined || at === null) return "";
  let d;
  if (typeof at === "number") d = new Date(at < 1e12 ? at * 1000 : at);
  else d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(at) ? at : `${at}Z`);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleTimeString(lang === "hu" ? "hu-HU" : "en-GB", { hour: "2-digit", minute: "2-digit" });
}

export function tableClub({ tableId, seat, token, watching, words: W, lang, live, rerender }) {
  const C = () => W().club;
  let chat = [];
  const seen = new Set();
  let unread = 0;
  let players = [];
  let watchers = 0;
  let creator = false;
  let muted = new Map();  // an author's name (lower case) -> the mute that holds them ({who, name})
  let rematch = null;  // {id, link} of the session's rematch, once someone started it
  let view = null;
  let table = null;

  // -- the top bar: watchers, the chat button, the account -----------------------------------

  const watchChip = el("span", "chip watchers-chip");
  watchChip.id = "watchers";
  watchChip.hidden = true;
  const chatBtn = el("button", "tool chat-tool");
  chatBtn.type = "button";
  chatBtn.id = "chatBtn";
  chatBtn.dataset.action = "chat";
  const chatIcon = icon("chat");
  const chatLabel = el("span", "tool-label");
  const badge = el("span", "unread");
  badge.id = "chatUnread";
  badge.hidden = true;
  chatBtn.append(chatIcon, chatLabel, badge);
  const account = el("span", "");
  account.id = "account";
  // the watchers, the chat and the account beside the deal's line (on a phone the tools'
  // row stays one row)
  const status = $("status");
  status.after(watchChip);
  watchChip.after(chatBtn);
  chatBtn.after(account);
  const bar = accountBar(account, { lang, compact: true, icon: icon("person") });

  // the rematch's banner (under the top bar)
  const banner = el("div", "");
  banner.id = "rematchBox";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  $("topbar").after(banner);

  // -- the chat's dialog ------------------------------------------------------------------------

  const dialog = document.createElement("dialog");
  dialog.id = "chatDialog";
  dialog.setAttribute("aria-labelledby", "chatTitle");
  const body = el("div", "dialog-body chat-body");
  const title = el("h2");
  title.id = "chatTitle";
  const list = el("div", "chat-list");
  list.id = "chatList";
  list.setAttribute("aria-live", "polite");
  const muteRow = el("div", "mute-row");
  muteRow.id = "muteRow";
  body.append(title, list, muteRow);
  // a guest who watches names themself before writing
  const nameForm = el("form", "chat-form chat-name");
  nameForm.id = "chatNameForm";
  const nameInput = document.createElement("input");
  nameInput.id = "chatName";
  nameInput.maxLength = 24;
  nameInput.autocomplete = "nickname";
  const nameGo = el("button", "btn");
  nameGo.type = "submit";
  nameGo.dataset.action = "chat-name";
  nameForm.append(nameInput, nameGo);
  const form = el("form", "chat-form");
  form.id = "chatForm";
  const input = document.createElement("input");
  input.id = "chatInput";
  input.maxLength = CHAT_MAX;
  input.autocomplete = "off";
  input.enterKeyHint = "send";
  const send = el("button", "btn");
  send.type = "submit";
  send.id = "chatSend";
  send.dataset.action = "chat-send";
  form.append(input, send);
  const foot = el("div", "dialog-foot");
  const close = el("button", "btn");
  close.type = "button";
  close.dataset.action = "close-chat";
  close.id = "closeChat";
  close.onclick = () => dialog.close();
  foot.appendChild(close);
  dialog.append(body, nameForm, form, foot);
  document.body.appendChild(dialog);
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });

  chatBtn.onclick = () => {
    unread = 0;
    renderChat();
    dialog.showModal();
    list.scrollTop = list.scrollHeight;
    if (!needsName()) input.focus();
  };
  form.onsubmit = (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (live().frame({ type: "chat", text })) input.value = "";
  };
  nameForm.onsubmit = (e) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return;
    setGuestName(name);
    renderChat();
    live().reconnect();  // the name goes in the hello
  };

  function myName() {
    if (!watching && table && table.players[seat]) return table.players[seat].name;
    const u = currentUser();
    return u ? u.name : guestName();
  }
  const needsName = () => watching && !currentUser() && !guestName();

  function renderChat() {
    const c = C();
    chatLabel.textContent = ` ${c.chat}`;
    badge.textContent = String(unread);
    badge.hidden = unread === 0;
    chatBtn.setAttribute("aria-label", unread ? `${c.chat} (${unread})` : c.chat);
    title.textContent = c.chat;
    close.textContent = W().close;
    send.textContent = c["chat-send"];
    input.placeholder = c["chat-placeholder"];
    input.setAttribute("aria-label", c.chat);
    nameInput.placeholder = c["chat-name"];
    nameInput.setAttribute("aria-label", c["chat-name"]);
    nameGo.textContent = c["chat-name-set"];
    nameForm.hidden = !needsName();
    form.hidden = needsName();
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    list.innerHTML = "";
    if (!chat.length) list.appendChild(el("p", "muted", c["chat-empty"]));
    for (const m of chat) {
      const row = el("div", "chat-msg");
      row.dataset.id = String(m.id);
      const who = el("b", "chat-name", String(m.name || ""));
      row.appendChild(who);
      if (m.account === true) {
        // the name is an account's (a guest cannot write under it, nor under a look-alike)
        const mark = el("span", "chat-account", "\u2713");
        mark.title = c["chat-account"];
        mark.setAttribute("aria-label", c["chat-account"]);
        row.appendChild(mark);
      }
      if (m.seat === null || m.seat === undefined) row.appendChild(el("span", "chat-watcher muted", ` (${c.watcher})`));
      row.appendChild(el("span", "chat-text", ` ${String(m.text || "")}`));
      const t = clock(m.at, lang());
      if (t) row.appendChild(el("time", "muted", t));
      list.appendChild(row);
    }
    if (atBottom || dialog.open) list.scrollTop = list.scrollHeight;
    // the creator mutes an author (each one once, never themself): the server mutes whoever
    // wrote the newest message of that name (their account, seat or address), not the name
    muteRow.innerHTML = "";
    if (creator) {
      const me = (myName() || "").toLowerCase();
      const authors = new Map();  // name (lower case) -> [name, id of its newest message]
      for (const m of chat) authors.set(String(m.name).toLowerCase(), [String(m.name), m.id]);
      for (const mute of muted.values()) {
        const key = String(mute.name).toLowerCase();
        if (!authors.has(key)) authors.set(key, [String(mute.name), null]);
      }
      for (const [key, [name, id]] of authors) {
        if (key === me) continue;
        const mute = muted.get(key);
        const off = mute !== undefined;
        const b = el("button", `btn small mute${off ? " on" : ""}`, fill(off ? c.unmute : c.mute, { name }));
        b.type = "button";
        b.dataset.action = off ? "unmute" : "mute";
        b.dataset.name = name;
        b.setAttribute("aria-pressed", String(off));
        b.onclick = () => {
          const frame = off ? { type: "unmute", who: mute.who } : { type: "mute", message: id };
          if (!live().frame(frame)) return;
          toast(fill(off ? c.unmuted : c.muted, { name }));
        };
        muteRow.appendChild(b);
      }
    }
  }

  function addMessage(m, fresh) {
    if (!m || seen.has(m.id)) return;
    seen.add(m.id);
    chat.push(m);
    if (chat.length > 200) chat = chat.slice(-200);
    const own = watching ? (m.seat === null || m.seat === undefined) && m.name === myName() : m.seat === seat;
    if (fresh && !dialog.open && !own) {
      unread += 1;
      toast(`${m.name}: ${m.text}`);
    }
  }

  // -- the seats: who left, free seats; the rematch -------------------------------------------

  function playerAt(s) {
    return players[s] || (table && table.players[s]) || {};
  }

  /** What goes under seat ``s``: "free seat", "has left" and — for the table's creator — the
   * button that gives the seat to a computer player. */
  function seatExtras(s) {
    const p = playerAt(s);
    const c = C();
    if (p.kind === "open") return el("div", "seat-free badge", c["free-seat"]);
    if (p.kind !== "person" || p.connected !== false) return null;
    const box = el("div", "seat-left");
    box.appendChild(el("span", "badge left", c.left));
    // a rated table's seats are their own players' to give (docs/CLUB.md)
    if (creator && !(view && view.rated) && s !== seat) {
      const b = el("button", "btn small to-bot", c["to-bot"]);
      b.type = "button";
      b.dataset.action = "to-bot";
      b.dataset.seat = String(s);
      b.onclick = async () => {
        b.disabled = true;
        const r = await post(`/api/tables/${encodeURIComponent(tableId)}/seats/${s}/bot`, {}, { token });
        if (r.ok) toast(fill(c["to-bot-done"], { name: p.name }));
        else { b.disabled = false; toast(errorText(r.data, lang()) || fill(c.failed, { status: r.status })); }
      };
      box.appendChild(b);
    }
    return box;
  }

  function go(to) {
    if (watching) { location.href = `/t/${encodeURIComponent(to.id)}#watch`; return; }
    keepToken(to.id, seat, token);  // the same token plays the same seat there
    location.href = `/t/${encodeURIComponent(to.id)}#seat=${seat}`;
  }

  /** At the end of the session: the rematch (a new table, the same seats), or the way to it
   * when someone started it. */
  function rematchButton(over) {
    if (!over) return null;
    const c = C();
    if (rematch) {
      const b = el("button", "btn rematch", c["rematch-go"]);
      b.type = "button";
      b.dataset.action = "rematch-go";
      b.onclick = () => go(rematch);
      return b;
    }
    if (watching) return null;
    const b = el("button", "btn rematch", c.rematch);
    b.type = "button";
    b.dataset.action = "rematch";
    b.onclick = async () => {
      b.disabled = true;
      const r = await post(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {}, { token });
      if (!r.ok) { b.disabled = false; toast(errorText(r.data, lang()) || fill(c.failed, { status: r.status })); return; }
      go(r.data);
    };
    return b;
  }

  function renderBanner() {
    banner.innerHTML = "";
    banner.hidden = !rematch;
    if (!rematch) return;
    const c = C();
    banner.appendChild(el("span", "", `${c["rematch-offer"]} `));
    banner.appendChild(rematchButton(true));
  }

  function renderTop() {
    const c = C();
    watchChip.hidden = !watchers;
    watchChip.innerHTML = "";
    watchChip.append(icon("eye"), ` ${watchers}`);
    watchChip.title = fill(c.watchers, { n: watchers });
    watchChip.setAttribute("aria-label", fill(c.watchers, { n: watchers }));
  }

  // -- what the page calls -----------------------------------------------------------------------

  const club = {
    seatExtras,
    rematchButton,
    /** A frame from the table: true when it was only the club's (chat, watchers, muted,
     * rematch), for the page to skip. */
    frame(frame) {
      if (Array.isArray(frame.chat)) {
        if (frame.type === "sync") { chat = []; seen.clear(); }
        for (const m of frame.chat) addMessage(m, false);
        renderChat();
      }
      switch (frame.type) {
        case "chat":
          addMessage(frame.message, true);
          renderChat();
          return true;
        case "watchers":
          if (typeof frame.n === "number") watchers = frame.n;
          else if (typeof frame.watchers === "number") watchers = frame.watchers;
          if (Array.isArray(frame.players)) players = frame.players;
          renderTop();
          rerender();
          return true;
        case "muted":
          muted = mutesOf(frame.muted);
          renderChat();
          return true;
        case "rematch":
          rematch = { id: frame.id, link: frame.link };
          renderBanner();
          rerender();
          return true;
        default:
          return false;
      }
    },
    /** At every render of the page. */
    update(v, t) {
      view = v;
      table = t;
      if (Array.isArray(v.players)) players = v.players;
      if (typeof v.watchers === "number") watchers = v.watchers;
      creator = v.creator === true;
      if (Array.isArray(v.muted)) muted = mutesOf(v.muted);
      if (v.rematch && (!rematch || rematch.id !== v.rematch)) rematch = { id: v.rematch, link: `/t/${v.rematch}` };
      renderTop();
      renderBanner();
      renderChat();
    },
    /** The page's language changed. */
    relabel() {
      bar.render();
      renderTop();
      renderBanner();
      renderChat();
    },
    playerAt,
    get watching() { return watching; },
  };
  renderChat();
  loadMe().then(() => renderChat());
  return club;
}

/**
 * The seat a table page plays: from its link (``#seat=N`` and the token kept by seat.js), or
 * an account's own seat (/api/tables/{id}/seat), or — with ``#watch``, or nothing else —
 * watching.  Returns ``{seat, token, watching}``.
 */
export async function whoAmI(tableId, params, seatToken) {
  const watch = location.hash === "#watch" || params.has("watch");
  if (watch) return { seat: 0, token: "", watching: true };
  let token = seatToken(tableId, params);
  let seat = Number(params.get("seat"));
  if (!token) {
    // a fresh token for the account's own seat (the server answers POST: the old token
    // stops working, so it changes state)
    const user = await loadMe();
    if (user) {
      const r = await post(`/api/tables/${encodeURIComponent(tableId)}/seat`, {});
      if (r.ok && r.data.token) {
        seat = Number(r.data.seat);
        token = r.data.token;
        keepToken(tableId, seat, token);
        history.replaceState(null, "", `${location.pathname}#seat=${seat}`);
      }
    }
  }
  if (!token && !params.has("seat")) return { seat: 0, token: "", watching: true };
  return { seat, token, watching: false };
}
