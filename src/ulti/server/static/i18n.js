// The pages' words: one catalogue for every text a player sees (ulti.i18n, in Python),
// served by /api/words in English and Hungarian.  Loaded once, before any page renders.
const res = await fetch("/api/words");
export const CATALOGUE = await res.json();

/** The words of a page in ``lang`` (English for an unknown language). */
export function words(lang) { return CATALOGUE[lang] || CATALOGUE.en; }

/** The Hungarian article of a value as it is read aloud: "az" before a vowel (and before a
 * number read egy…, ezer…, öt…), else "a" (ulti.i18n.article, in Python, the same). */
export function article(value) {
  const s = String(value).replace(/^[\s"'„“”»«([{</]+/, "");
  if (!s || /^[-−+]/.test(s)) return "a";
  const digits = /^[\d\s\u00a0\u202f]+/.exec(s);
  if (digits) {
    const d = digits[0].replace(/\D/g, "").replace(/^0+(?=\d)/, "");
    return d[0] === "5" || (d[0] === "1" && d.length % 3 === 1) ? "az" : "a";
  }
  return /^[aáeéiíoóöőuúüű]/i.test(s) ? "az" : "a";
}

/** The article a conversion asks for: ``z`` "a"/"az", ``Z`` "A"/"Az" (a sentence's start). */
export function articleFor(value, conversion) {
  const a = article(value);
  return conversion === "Z" ? a[0].toUpperCase() + a.slice(1) : a;
}

/** A field's text: ``{k}`` the value, ``{k!z}`` "a/az value", ``{k!Z}`` "A/Az value". */
export function fieldText(value, conversion) {
  const v = String(value);
  return conversion ? `${articleFor(v, conversion)} ${v}` : v;
}

/** A text with ``{fields}`` filled in (``{field!z}``: with its Hungarian article). */
export function fill(text, fields) {
  return text.replace(/\{(\w+)(?:!([zZ]))?\}/g,
    (m, k, c) => (k in fields ? fieldText(fields[k], c) : m));
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
