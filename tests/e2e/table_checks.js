// The layout checks of one moment at the table, run in the page by test_browser.py: a list of
// what is wrong (empty when all is well).  [targets, bidding]: the selector of every thing a
// finger must hit (44×44 CSS px at least), and whether the person is bidding now.
([targets, bidding]) => {
  const W = innerWidth;
  const H = innerHeight;
  const out = [];
  const what = (e) => {
    const cls = typeof e.className === "string" && e.className.trim()
      ? "." + e.className.trim().split(/\s+/).join(".") : "";
    return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + cls +
      (e.dataset.action ? `[${e.dataset.action}]` : "") + (e.dataset.card ? `[${e.dataset.card}]` : "");
  };
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => { const r = box(e); return r.width > 0 || r.height > 0; };
  const at = (r) => `${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`;

  // (a) nothing runs off the side, and the page itself never scrolls
  const de = document.documentElement;
  if (de.scrollWidth > W) out.push(`the page scrolls sideways: ${de.scrollWidth} > ${W}`);
  if (de.scrollHeight > H) out.push(`the page scrolls: ${de.scrollHeight} > ${H}`);
  for (const e of document.querySelectorAll("body *")) {
    if (!shown(e)) continue;
    const r = box(e);
    if (r.left < -0.5 || r.right > W + 0.5) out.push(`${what(e)} runs off the side: ${at(r)}`);
  }

  // (b) the hand, every enabled button, the first bid and an open dialog's buttons in view
  const inView = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const must = [...document.querySelectorAll("#hand .card, #actions button:not([disabled])")];
  const firstBid = document.querySelector("#bids button");
  if (bidding && !firstBid) out.push("no bid button");
  if (firstBid) must.push(firstBid);
  must.push(...document.querySelectorAll("dialog[open] button"));
  for (const e of must) {
    if (!inView(box(e))) out.push(`${what(e)} is out of view: ${at(box(e))} in ${W}×${H}`);
  }

  // (c) big enough for a finger
  for (const e of document.querySelectorAll(targets)) {
    if (!shown(e)) continue;
    const r = box(e);
    if (r.width < 44 || r.height < 44) out.push(`${what(e)} is too small: ${r.width}×${r.height}`);
  }
  return out;
}
