// The bell (issue 30): an account's notices — "your move", "the event starts soon", "your
// table is ready", "the results are in" — with the unread count, live over /ws/me; and the
// profile's choices of how else to be told (Web Push in this browser, e-mail).  Every word is
// the catalogue's (notify.web-*).
import { post } from "/static/live.js";
import { words } from "/static/i18n.js";

const $el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

const state = { unread: 0, notices: [], socket: null, retry: 1000, buttons: new Set(), lang: () => "en" };

/** The bell's button for the account bar (one per bar; all show the same count). */
export function bellButton(lang) {
  state.lang = lang;
  const b = $el("button", "tool bell-tool");
  b.type = "button";
  b.dataset.action = "bell";
  b.onclick = openBell;
  state.buttons.add(b);
  connect();
  paint();
  return b;
}

function paint() {
  const N = words(state.lang()).notify;
  for (const b of state.buttons) {
    if (!b.isConnected && b.dataset.painted) { state.buttons.delete(b); continue; }
    b.dataset.painted = "1";
    b.replaceChildren(bellIcon());
    if (state.unread) b.appendChild($el("span", "bell-count", String(state.unread)));
    const label = state.unread ? `${N.bell} (${state.unread})` : N.bell;
    b.setAttribute("aria-label", label);
    b.title = label;
  }
  const dialog = document.getElementById("bellDialog");
  if (dialog && dialog.open) fillDialog(dialog);
}

/** A bell, drawn (no emoji font needed). */
function bellIcon() {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "bell-icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", "M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z");
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  return svg;
}

function connect() {
  if (state.socket) return;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/me`);
  state.socket = ws;
  ws.onmessage = (e) => {
    const f = JSON.parse(e.data);
    if (f.type === "notices") {
      state.unread = f.unread;
      state.notices = f.notices || [];
    } else if (f.type === "notice") {
      state.unread = f.unread;
      state.notices = [f.notice, ...state.notices].slice(0, 30);
    } else if (f.type === "error") {
      state.refused = true;  // a guest: no bell
    }
    state.retry = 1000;
    paint();
  };
  ws.onclose = () => {
    state.socket = null;
    if (state.refused) return;
    setTimeout(connect, state.retry);  // the server went away: again, waiting longer each time
    state.retry = Math.min(60000, state.retry * 2);
  };
}

function openBell() {
  let d = document.getElementById("bellDialog");
  if (!d) {
    d = document.createElement("dialog");
    d.id = "bellDialog";
    d.addEventListener("click", (e) => { if (e.target === d) d.close(); });
    document.body.appendChild(d);
  }
  fillDialog(d);
  if (!d.open) d.showModal();
}

function fillDialog(d) {
  const lang = state.lang();
  const N = words(lang).notify;
  const body = $el("div", "dialog-body");
  body.appendChild($el("h2", "", N.bell));
  if (!state.notices.length) body.appendChild($el("p", "muted", N.none));
  const list = $el("ul", "bell-list");
  for (const n of state.notices) {
    const li = $el("li", n.read ? "read" : "unread");
    const a = $el("a", "", n.text[lang] || n.text.en);
    a.href = n.link;
    const when = new Date(n.created).toLocaleString(lang === "hu" ? "hu-HU" : "en-GB", {
      dateStyle: "short", timeStyle: "short",
    });
    li.append(a, $el("span", "muted", ` · ${when}`));
    list.appendChild(li);
  }
  body.appendChild(list);
  const foot = $el("div", "dialog-foot");
  const read = $el("button", "btn secondary", N.read);
  read.type = "button";
  read.disabled = !state.unread;
  read.onclick = () => { if (state.socket) state.socket.send(JSON.stringify({ type: "read" })); };
  const ok = $el("button", "btn", words(lang).club.cancel);
  ok.type = "button";
  ok.onclick = () => d.close();
  foot.append(read, ok);
  d.replaceChildren(body, foot);
}

// -- the profile's choices -----------------------------------------------------------------

const b64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));

/** This browser's Web Push subscription, made with the server's VAPID key (null: none). */
async function subscribeHere() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const reg = await navigator.serviceWorker.register("/static/sw.js");
  const { key } = await (await fetch("/api/push/key")).json();
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64(key) });
  const r = await post("/api/push/subscribe", sub.toJSON());
  return r.ok ? sub : null;
}

/** The choices, as a form in ``box`` (the account's own profile). */
export async function notifyChoices(box, lang) {
  const N = words(lang()).notify;
  const got = await fetch("/api/me/notify", { credentials: "same-origin" });
  if (!got.ok) return;
  const c = await got.json();
  const form = $el("form", "notify-choices");
  const row = (input, text) => {
    const l = $el("label", "check");
    l.append(input, $el("span", "", text));
    return l;
  };
  const push = $el("input");
  push.type = "checkbox";
  push.checked = c.push;
  const mail = $el("input");
  mail.type = "checkbox";
  mail.checked = c.email_on;
  const address = $el("input");
  address.type = "email";
  address.value = c.email || "";
  address.autocomplete = "email";
  const addressLabel = $el("label", "", N["email-address"]);
  addressLabel.appendChild(address);
  const said = $el("p", "muted");
  said.setAttribute("aria-live", "polite");
  const save = async () => {
    if (push.checked && !c.push) await subscribeHere();
    const r = await post("/api/me/notify", { push: push.checked, email: address.value || null, email_on: mail.checked });
    said.textContent = r.ok ? N.saved : (lang() === "hu" ? r.data.detail_hu : r.data.detail);
    if (r.ok) Object.assign(c, r.data);
  };
  for (const i of [push, mail]) i.onchange = save;
  address.onchange = save;
  form.onsubmit = (e) => { e.preventDefault(); save(); };
  form.append(row(push, N.push), row(mail, N.email), addressLabel, said);
  box.replaceChildren($el("h2", "", N.bell), form);
}
