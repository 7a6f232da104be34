// What the table page knows now, shared as live bindings by the shell (shell.js) and the
// game's module (ulti.js, snapszli.js): who this page is (a seat and its token, or a
// spectator), its language and words, the table, the seat's view and the version it came
// with, the connection and the club's parts.  Only the shell changes them (the setters).
import { pickLang, words } from "/static/i18n.js";
import { whoAmI } from "/static/club.js";
import { seatToken } from "/static/seat.js";

export const tableId = location.pathname.split("/").pop();
export const params = new URLSearchParams(location.hash.slice(1));
// a seat (its link's token, or an account's own seat), or watching (#watch): a spectator
// sees every seat as the others' — seat 0 at the bottom, its cards face down
export const { seat, token, watching } = await whoAmI(tableId, params, seatToken);

export let lang = params.get("lang") || pickLang();
export let W = words(lang);
export let table = null;
export let view = null;
// The last version this page has seen.  A new page (a reload, F5) starts from nothing and is
// sent the whole current deal; a reconnect of this page is sent only what it missed.
export let version = -1;
export let live = null;  // the seat's connection (live.js)
export let club = null;  // the chat, the watchers, the creator's controls, the rematch (club.js)
let renderer = () => {};

export function setLang(l) { lang = l; W = words(lang); }
export function setTable(t) { table = t; }
export function setView(v, n) { view = v; version = n; live.version = n; }
export function setClub(c) { club = c; }
export function setLive(l) { live = l; }
export function setRenderer(f) { renderer = f; }

/** Draw the page again from the view it has (nothing before the first view). */
export function rerender() { if (view) renderer(); }

export const $ = (id) => document.getElementById(id);
export function send(action) { live.send(action); }
// A table of four plays each deal three-handed (view.four: the table's seats that play it, in
// the deal's order, its dealer, and this page's seat in the deal, -1 while it sits out); a
// view's seats are the deal's, the table's players and the score sheet's columns the table's.
/** This page's seat in the deal now (the one at the bottom: the deal's first while watching). */
export const dealSeat = () => (view && view.four ? Math.max(view.four.seat, 0) : seat);
/** Whether this page's seat deals and sits out the deal now (it sees what a spectator does). */
export const sittingOut = () => !!(view && view.four && view.four.seat < 0 && !watching);
/** Whether the page shows the deal as a spectator does: watching, or sitting it out. */
export const watchingDeal = () => watching || sittingOut();
/** The table's seat that plays the deal's seat ``s`` (``four``: a deal's facts, the view's). */
export const tableSeat = (s, four = view && view.four) => (four && s >= 0 ? four.players[s] : s);
/** The table's seat that deals now. */
export const dealerSeat = (v) => (v.four ? v.four.dealer : v.dealer);
/** Whether the person here may act now (never a spectator, never while seats are free). */
export const myTurn = (v) => !watchingDeal() && v.current_player === dealSeat() && !v.over && !v.waiting;
/** The legal actions of a kind ("play", "bid", ...) in the view. */
export function legalOf(kind) { return (view.legal || []).filter((a) => a.kind === kind); }
