// The computer players' levels (ulti.players.LEVELS), by the spec the server takes: the lobby's
// list in its order, and a spec's level in words.  Every page names a computer seat by its
// level (kezdő, klubjátékos, haladó, mester), never by how it plays ("sampling + solver").
export const LEVELS = [
  ["pimc", "normal"], ["pimc:samples=64,ms=800", "expert"], ["pimc:samples=12,ms=80", "club"],
  ["rules", "easy"], ["random", "random"],
];
const BY_SPEC = { ...Object.fromEntries(LEVELS), easy: "easy", club: "club", expert: "expert" };

/** The level of a computer player's spec (``pimc:samples=64,ms=800``, ``bot:rules``), or null. */
export function levelOf(spec) {
  const s = String(spec || "").replace(/^bot:/, "");
  return BY_SPEC[s] || BY_SPEC[s.split(":")[0]] || null;
}

/** A level's name in the words ``W`` of a page ("" for a spec of no level). */
export function levelName(spec, W) {
  const level = levelOf(spec);
  const name = level ? W[`level_${level}`] : "";
  return typeof name === "string" ? name : "";
}
