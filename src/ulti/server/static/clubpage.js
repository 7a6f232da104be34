// What the club's own pages (the leaderboard, a profile, the events) share: the header (links, account,
// language), the rules families in words, computer players in words, numbers and dates.
import { accountBar, currentUser, loadMe, onAccount, profileUrl } from "/static/account.js";
import { pickLang, words } from "/static/i18n.js";
import { levelName } from "/static/levels.js";

const $ = (id) => document.getElementById(id);

/** The header of a club page; ``onLang()`` after a change of language.  Returns
 * ``{lang(), W()}``. */
export function clubHeader(onLang) {
  let lang = pickLang();
  const page = { lang: () => lang, W: () => words(lang) };
  const links = () => {
    const W = page.W();
    const C = W.club;
    if ($("tablesLink")) $("tablesLink").textContent = C.tables;
    if ($("leaderboardLink")) $("leaderboardLink").textContent = C.leaderboard;
    if ($("eventsLink")) $("eventsLink").textContent = W.events.events;
    if ($("puzzlesLink")) $("puzzlesLink").textContent = W.puzzles.title;
    const mine = $("profileLink");
    if (mine) {
      const u = currentUser();
      mine.hidden = !u;
      mine.textContent = C["my-profile"];
      if (u) mine.href = profileUrl(u.name);
    }
  };
  const bar = accountBar($("account"), { lang: page.lang });
  onAccount(() => { links(); onLang(); });
  $("langSelect").value = lang;
  $("langSelect").onchange = (e) => {
    lang = e.target.value;
    try { localStorage.setItem("ulti-lang", lang); } catch (err) { /* this page only */ }
    document.documentElement.lang = lang;
    bar.render();
    links();
    onLang();
  };
  document.documentElement.lang = lang;
  links();
  loadMe().then(links);
  return page;
}

/** A rules family (``ulti/standard``, ``snapszli/short``) in words. */
export function familyName(family, W) {
  const [game, preset] = String(family).split("/");
  if (game === "snapszli") return `Snapszli · ${W.snap[`preset-${preset}`] || preset}`;
  return `Ulti · ${(W.presets && W.presets[preset]) || preset}`;
}

/** A computer player (``bot:pimc:samples=64,ms=800``, or its spec) in words: its level, as
 * the lobby's form names it. */
export function botName(player, W) {
  return levelName(player, W) || W.bot;
}


/** A date (ISO text or seconds) in the page's language. */
export function day(at, lang, withTime = false) {
  if (at === undefined || at === null) return "";
  let d;
  if (typeof at === "number") d = new Date(at < 1e12 ? at * 1000 : at);
  else d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(at) || !/T/.test(at) ? at : `${at}Z`);
  if (Number.isNaN(d.getTime())) return String(at);
  const opts = withTime
    ? { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }
    : { year: "numeric", month: "short", day: "numeric" };
  return d.toLocaleString(lang === "hu" ? "hu-HU" : "en-GB", opts);
}
