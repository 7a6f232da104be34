// The pages' words: one catalogue for every text a player sees (ulti.i18n, in Python),
// served by /api/words in English and Hungarian.  Loaded once, before any page renders.
const res = await fetch("/api/words");
export const CATALOGUE = await res.json();

/** The words of a page in ``lang`` (English for an unknown language). */
export function words(lang) { return CATALOGUE[lang] || CATALOGUE.en; }

/** A text with ``{fields}`` filled in. */
export function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}

/** A server error frame or response in ``lang`` (the server sends both languages). */
export function errorText(e, lang) {
  if (!e) return "";
  if (lang === "hu" && (e.message_hu || e.detail_hu)) return e.message_hu || e.detail_hu;
  const m = e.message || e.detail;
  return typeof m === "string" ? m : JSON.stringify(m);
}

/** The page's language: the player's saved choice, else the first of the browser's
 * languages that we speak (hu-HU → hu), else ``fallback``, else English. */
export function pickLang(fallback) {
  let saved = null;
  try { saved = localStorage.getItem("ulti-lang"); } catch { /* storage blocked */ }
  if (saved === "hu" || saved === "en") return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary === "hu" || primary === "en") return primary;
  }
  return fallback || "en";
}
