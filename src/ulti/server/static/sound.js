// The table's sounds: a short chime when it becomes my turn, another when a deal ends.  Off
// until the player turns them on (the top bar's speaker), the choice remembered by this
// browser.  The tones are made by the browser (Web Audio): no sound file to load.
const KEY = "ulti-sound";
let audio = null;  // the browser's audio context, made on the first chime
const chimes = { turn: 0, end: 0 };  // the chimes this page made (data-turn-chimes, data-end-chimes)

/** Whether the sounds are on in this browser. */
export function soundOn() {
  try { return localStorage.getItem(KEY) === "1"; } catch { return false; }
}

/** Turn the sounds on or off, remembered by this browser (a click: the browser lets a page
 * that was clicked make sound). */
export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* storage blocked: this page only */ }
  if (on) context();
}

function context() {
  const A = window.AudioContext || window.webkitAudioContext;
  if (!A) return null;
  if (!audio) audio = new A();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// each chime: its notes (Hz), one after another, each this long (s)
const NOTES = { turn: [660, 880], end: [880, 660, 523] };
const NOTE = 0.12;

/** A chime (``"turn"`` or ``"end"``), when the sounds are on. */
export function chime(kind) {
  if (!soundOn()) return;
  const a = context();
  chimes[kind] += 1;
  document.body.dataset[`${kind}Chimes`] = String(chimes[kind]);
  if (!a) return;
  const start = a.currentTime + 0.02;
  NOTES[kind].forEach((hz, i) => {
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.type = "sine";
    osc.frequency.value = hz;
    const t = start + i * NOTE;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + NOTE);
    osc.connect(gain).connect(a.destination);
    osc.start(t);
    osc.stop(t + NOTE + 0.02);
  });
}
