// The account bar every page shows (docs/CLUB.md: accounts are optional): "log in" and
// "register", or the account's name (a link to its profile) and "log out"; one dialog with a
// name and a password for both.  It reads GET /api/me once; every POST a page makes goes
// through live.js's post() with the CSRF token this keeps current.
import { errorText, fill, words } from "/static/i18n.js";
import { el, post, setCsrf } from "/static/live.js";
import { bellButton } from "/static/bell.js";

const state = { user: null, roles: [], loaded: null };
const listeners = new Set();

/** The logged-in account ({name, id}) or null, once GET /api/me has answered (with the
 * account's roles: ``hasRole``). */
export function loadMe() {
  if (!state.loaded) {
    state.loaded = (async () => {
      try {
        const res = await fetch("/api/me", { credentials: "same-origin" });
        if (res.ok) {
          const data = await res.json();
          state.user = data.user || null;
          state.turns = data.my_turn || [];
          state.roles = Array.isArray(data.roles) ? data.roles : [];
          setCsrf(data.csrf);
        }
      } catch (e) { /* no server answer: a guest */ }
      return state.user;
    })();
  }
  return state.loaded;
}

export const currentUser = () => state.user;
/** The tables waiting for my move (as /api/me said when the page loaded). */
export const myTurns = () => state.turns || [];

/** Whether the logged-in account holds ``role`` (``organiser``: it may make events). */
export const hasRole = (role) => !!state.user && state.roles.includes(role);

/** ``fn(user)`` after every log in and log out. */
export function onAccount(fn) { listeners.add(fn); }

function changed() { for (const fn of listeners) fn(state.user); }

export const profileUrl = (name) => `/u/${encodeURIComponent(name)}`;

// -- the dialog -----------------------------------------------------------------------------

let dialog = null;
let dialogLang = () => "en";

/** A required field of the dialog: its label (its words are set when the dialog opens) around
 * an input with the properties ``props``. */
function field(props) {
  const input = Object.assign(document.createElement("input"), { required: true }, props);
  const label = el("label", "field");
  label.append(el("span", "", ""), input);
  return [label, input];
}

function buildDialog() {
  dialog = document.createElement("dialog");
  dialog.id = "accountDialog";
  dialog.setAttribute("aria-labelledby", "accountTitle");
  const form = el("form", "dialog-body account-form");
  form.method = "dialog";
  const title = el("h2");
  title.id = "accountTitle";
  const [nameLabel, name] = field({
    id: "accountName", name: "name", autocomplete: "username", minLength: 2, maxLength: 24,
  });
  const [passLabel, pass] = field({
    id: "accountPassword", name: "password", type: "password", minLength: 8, maxLength: 256,
  });
  const hint = el("p", "muted account-hint");
  const error = el("p", "form-error");
  error.id = "accountError";
  error.setAttribute("role", "alert");
  form.append(title, nameLabel, passLabel, hint, error);
  const foot = el("div", "dialog-foot");
  const cancel = el("button", "btn secondary");
  cancel.type = "button";
  cancel.dataset.action = "account-cancel";
  cancel.onclick = () => dialog.close();
  const submit = el("button", "btn");
  submit.type = "submit";
  submit.id = "accountSubmit";
  submit.dataset.action = "account-submit";
  submit.setAttribute("form", "accountForm");
  form.id = "accountForm";
  foot.append(cancel, submit);
  dialog.append(form, foot);
  form.onsubmit = async (e) => {
    e.preventDefault();
    const C = words(dialogLang()).club;
    const mode = dialog.dataset.mode;
    submit.disabled = true;
    const r = await post(mode === "register" ? "/api/register" : "/api/login",
      { name: name.value.trim(), password: pass.value });
    submit.disabled = false;
    if (!r.ok) {
      error.textContent = errorText(r.data, dialogLang()) || fill(C.failed, { status: r.status });
      return;
    }
    state.user = r.data.user || null;
    pass.value = "";
    dialog.close();
    state.loaded = null;  // the account's roles, and its CSRF token, read again
    await loadMe();
    changed();
  };
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.appendChild(dialog);
}

/** Open the log-in (``mode`` "login") or register dialog, with ``note`` above the fields. */
export function openAccountDialog(mode, lang, note = "") {
  if (!dialog) buildDialog();
  dialogLang = typeof lang === "function" ? lang : () => lang;
  const C = words(dialogLang()).club;
  dialog.dataset.mode = mode;
  dialog.querySelector("#accountTitle").textContent = mode === "register" ? C.register : C.login;
  const [nameLabel, passLabel] = dialog.querySelectorAll("label.field");
  nameLabel.firstChild.textContent = C.name;
  passLabel.firstChild.textContent = C.password;
  dialog.querySelector("#accountPassword").autocomplete =
    mode === "register" ? "new-password" : "current-password";
  dialog.querySelector(".account-hint").textContent = mode === "register" ? C["account-hint"] : note;
  dialog.querySelector("#accountError").textContent = mode === "register" ? note : "";
  dialog.querySelector("[data-action=account-cancel]").textContent = C.cancel;
  dialog.querySelector("#accountSubmit").textContent = mode === "register" ? C.register : C.login;
  if (!dialog.open) dialog.showModal();
  dialog.querySelector("#accountName").focus();
}

export async function logout() {
  await post("/api/logout", {});
  state.user = null;
  state.roles = [];
  state.loaded = null;
  await loadMe();  // a fresh CSRF token
  changed();
}

// -- the bar --------------------------------------------------------------------------------

/**
 * The account bar in ``box``: ``lang()`` the page's language.  ``compact`` (the tables' top
 * bar): one button, the account's name or "log in", opening a small menu.  Returns
 * ``{render()}`` for a change of language.
 */
export function accountBar(box, { lang, compact = false, icon = null }) {
  box.classList.add("account-bar");
  let menu = null;

  function button(text, action, fn, cls = "btn small") {
    const b = el("button", cls, text);
    b.type = "button";
    b.dataset.action = action;
    b.onclick = fn;
    return b;
  }

  function menuDialog() {
    if (menu) return menu;
    menu = document.createElement("dialog");
    menu.id = "accountMenu";
    menu.className = "account-menu";
    menu.addEventListener("click", (e) => { if (e.target === menu) menu.close(); });
    document.body.appendChild(menu);
    return menu;
  }

  function openMenu() {
    const C = words(lang()).club;
    const m = menuDialog();
    m.innerHTML = "";
    const body = el("div", "dialog-body account-bar-menu");
    const u = state.user;
    if (u) {
      const a = el("a", "btn link-btn", u.name);
      a.href = profileUrl(u.name);
      a.dataset.action = "profile";
      body.append(a, button(C.logout, "logout", async () => { m.close(); await logout(); }));
    } else {
      body.append(
        button(C.login, "login", () => { m.close(); openAccountDialog("login", lang); }),
        button(C.register, "register", () => { m.close(); openAccountDialog("register", lang); }),
      );
    }
    body.append(button(C.cancel, "close-menu", () => m.close(), "btn secondary"));
    m.appendChild(body);
    m.showModal();
  }

  function render() {
    const C = words(lang()).club;
    box.innerHTML = "";
    const u = state.user;
    box.dataset.user = u ? u.name : "";
    if (compact) {
      const b = button("", "account", openMenu, "tool account-tool");
      if (icon) b.appendChild(icon.cloneNode(true));
      if (u) b.appendChild(el("span", "account-name", u.name));
      b.title = u ? u.name : C.login;
      b.setAttribute("aria-label", u ? u.name : C.login);
      if (u) box.appendChild(bellButton(lang));
      box.appendChild(b);
      return;
    }
    if (u) box.appendChild(bellButton(lang));
    if (u) {
      const a = el("a", "account-name", u.name);
      a.href = profileUrl(u.name);
      a.id = "accountLink";
      box.append(a, button(C.logout, "logout", () => logout()));
    } else {
      box.append(
        button(C.login, "login", () => openAccountDialog("login", lang)),
        button(C.register, "register", () => openAccountDialog("register", lang)),
      );
    }
  }

  onAccount(render);
  render();
  loadMe().then(render);
  return { render };
}
