// Numbers as each language writes them (1.5 in English, 1,5 in Hungarian), with a real minus
// sign "−" in both: for every page (the tables, the replay and its analysis, the club's pages).
const locale = (lang) => (lang === "hu" ? "hu-HU" : "en-GB");

/** A whole number with its sign: "+2", "−4", "0". */
export const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x)}`;

/** A number with ``digits`` decimals, as ``lang`` writes it (``fixed``: always that many;
 * else at most), a minus sign as "−" (and none on a number that rounds to zero); "–" for
 * what is not a number. */
export function num(x, digits = 1, lang = "en", fixed = true) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "–";
  const s = Math.abs(x).toLocaleString(locale(lang),
    { minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits });
  return (x < 0 && /[1-9]/.test(s) ? "−" : "") + s;
}

/** :func:`num` with a "+" before what is above zero (units won and lost). */
export function signedNum(x, digits = 1, lang = "en", fixed = true) {
  const s = num(x, digits, lang, fixed);
  return x > 0 && /[1-9]/.test(s) ? `+${s}` : s;
}

/** A percentage (``x`` of 100) with ``digits`` decimals as ``lang`` writes it: "55.25%" in
 * English, "55,25%" in Hungarian; "–" for what is not a number. */
export function percent(x, digits = 2, lang = "en") {
  if (typeof x !== "number" || !Number.isFinite(x)) return "–";
  return new Intl.NumberFormat(locale(lang), {
    style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(x / 100);
}
