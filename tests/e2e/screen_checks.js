// What a player must never see on any page, run in the page (tests/screens.py): a list of
// what is wrong, empty when all is well.  Arguments: [lang] ("hu" or "en").
//  (a) the page scrolls sideways, or an element runs off its side;
//  (b) source-code words: a rule id ("R8", "Z5", "V1"), "[object Object]", "undefined",
//      "NaN", "null", "(unclear seed)", "RULES.md" in the text a player reads (what a closed
//      <details> holds is not read, and is not checked);
//  (c) a word broken inside itself across two lines ("nyer/t"; after a hyphen or a slash a
//      break is allowed);
//  (d) two texts printed over each other: elements with text of their own whose boxes overlap
//      (an element and what it contains excepted; a dialog covers what lies under it, and so
//      does a sheet with a background of its own drawn over the other text; text scrolled out
//      of its box is not seen).
([lang]) => {
  const W = innerWidth;
  const out = [];
  const what = (e) => {
    const cls = typeof e.className === "string" && e.className.trim()
      ? "." + e.className.trim().split(/\s+/).slice(0, 2).join(".") : "";
    return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + cls;
  };
  const visible = (e) => {
    if (!e.getClientRects().length) return false;
    const st = getComputedStyle(e);
    return st.visibility !== "hidden" && st.display !== "none" && Number(st.opacity) > 0.05;
  };

  // (a) sideways
  const de = document.documentElement;
  if (de.scrollWidth > W + 0.5) out.push(`the page scrolls sideways: ${de.scrollWidth} > ${W}`);

  // what a player can read now: an open modal dialog hides the rest of the page
  const modal = [...document.querySelectorAll("dialog[open]")].pop() || null;
  const root = modal || document.body;
  for (const e of root.querySelectorAll("*")) {
    if (!visible(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > W + 0.5) && !e.closest("[data-scrolls]")) {
      out.push(`${what(e)} runs off the side: ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }

  // (b) source-code words
  const text = root.innerText;
  const banned = [
    [/\[object \w+\]/, "[object …]"], [/\bundefined\b/, "undefined"], [/\bNaN\b/, "NaN"],
    [/\bnull\b/, "null"], [/unclear seed/i, "(unclear seed)"], [/RULES(-\d+)?\.md/, "RULES.md"],
    [/\b[A-Z]\d{1,2}[a-z]?\b(?![×x]\d)/, "a rule id"],
  ];
  for (const [re, name] of banned) {
    const m = text.match(re);
    if (m) {
      const at = Math.max(0, m.index - 30);
      out.push(`${name} on the screen: …${text.slice(at, m.index + m[0].length + 30)}…`);
    }
  }

  // the text nodes a player reads, each with its element
  const nodes = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!e || !n.textContent.trim() || !visible(e)) continue;
    if (e.closest("script, style, title, option, select, textarea, [aria-hidden=true]")) continue;
    if (e.closest("details:not([open])") && !e.closest("summary")) continue;
    nodes.push(n);
  }

  // (c) a word broken inside itself
  const range = document.createRange();
  for (const n of nodes) {
    const s = n.textContent;
    for (const m of s.matchAll(/[^\s\-\u2010-\u2015/]+[\-\u2010-\u2015/]?/g)) {
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
      if (rects.length < 2) continue;
      const tops = new Set(rects.map((r) => Math.round(r.top)));
      if (tops.size > 1) {
        out.push(`"${m[0]}" is broken across lines in ${what(n.parentElement)}`);
        break;
      }
    }
  }

  // (d) texts over each other
  // a rect as much of it as its scrolling or clipping boxes show (null: none of it)
  const clipped = (e, r) => {
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === "visible" && st.overflowY === "visible") continue;
      const c = a.getBoundingClientRect();
      [l, t, rt, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(rt, c.right), Math.min(b, c.bottom)];
    }
    return rt - l > 1 && b - t > 1 ? { left: l, top: t, right: rt, bottom: b } : null;
  };
  const boxes = [];
  for (const n of nodes) {
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      const c = r.width > 1 && r.height > 1 ? clipped(n.parentElement, r) : null;
      if (c) boxes.push([n.parentElement, c]);
    }
  }
  const opaque = (e) => {
    const st = getComputedStyle(e);
    const m = st.backgroundColor.match(/rgba?\(([^)]+)\)/);
    const alpha = m ? (m[1].split(",").length > 3 ? Number(m[1].split(",")[3]) : 1) : 0;
    return alpha > 0.9 || st.backgroundImage !== "none";
  };
  // whether, where two texts meet, one of them is drawn under a background over it
  const covered = (ea, eb, ra, rb) => {
    const x = (Math.max(ra.left, rb.left) + Math.min(ra.right, rb.right)) / 2;
    const y = (Math.max(ra.top, rb.top) + Math.min(ra.bottom, rb.bottom)) / 2;
    const top = document.elementFromPoint(x, y);
    if (!top) return false;
    const [upper, lower] = ea.contains(top) || top.contains(ea) ? [ea, eb]
      : eb.contains(top) || top.contains(eb) ? [eb, ea] : [null, null];
    if (!upper) return true;  // something else lies over both
    for (let a = upper; a && !a.contains(lower); a = a.parentElement) if (opaque(a)) return true;
    return false;
  };
  const inside = (a, b) => a === b || a.contains(b) || b.contains(a);
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  let overlaps = 0;
  for (let i = 0; i < boxes.length && overlaps < 5; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [ea, ra] = boxes[i];
      const [eb, rb] = boxes[j];
      if (inside(ea, eb) || !over(ra, rb) || covered(ea, eb, ra, rb)) continue;
      out.push(`"${ea.textContent.trim().slice(0, 24)}" (${what(ea)}) is printed over `
        + `"${eb.textContent.trim().slice(0, 24)}" (${what(eb)})`);
      overlaps += 1;
      break;
    }
  }
  return out;
}
