// Whether this browser plays Ulti in teaching mode (asked before a card that loses units):
// one remembered choice, offered by the lobby's new-table form and the table's top bar.
const TEACH_KEY = "ulti-teach";

/** Whether teaching mode is on in this browser. */
export function teachingOn() {
  try { return localStorage.getItem(TEACH_KEY) === "1"; } catch { return false; }
}

/** Turn teaching mode on or off, remembered by this browser. */
export function setTeaching(on) {
  try { localStorage.setItem(TEACH_KEY, on ? "1" : "0"); } catch { /* storage blocked: this page only */ }
}
