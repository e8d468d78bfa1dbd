/* What a reader would see as broken on the page, measured from the layout boxes:
   words (and so figures, whose parts are joined by no-break spaces) split across lines,
   the page scrolling sideways, text cut off by a box it does not fit, ticks that touch.
   Returns a list of problems, each {kind, text, where}. */
(() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const where = (node) => {
    const parts = [];
    for (let n = node; n && n.nodeType === 1 && parts.length < 4; n = n.parentElement) {
      parts.unshift(n.tagName.toLowerCase() + (n.id ? "#" + n.id : "")
        + (typeof n.className === "string" && n.className ? "." + n.className.trim().split(/\s+/).join(".") : ""));
    }
    return parts.join(" > ");
  };
  const visible = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const srOnly = (el) => el.closest(".sr-only");
  const clips = (el) => {
    const s = getComputedStyle(el);
    return s.overflowX !== "visible" || s.overflowY !== "visible";
  };
  const lines = (rects) => {
    const tops = [];
    for (const r of rects) {
      if (r.width < 0.5) continue;
      if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
    }
    return tops.length;
  };

  if (document.scrollingElement.scrollWidth > width) {
    problems.push({kind: "page scrolls sideways", text: String(document.scrollingElement.scrollWidth), where: "html"});
  }

  // Words: runs between ordinary spaces, and after a hyphen or dash (where breaking is right).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, svg, textarea") || srOnly(el) || !visible(el)) continue;
    if (el.getBoundingClientRect().right <= 0) continue;       // kept off-screen until focused (the skip link)
    const scrolled = el.closest("td, th") && el.closest(".table-wrap");   // a table scrolls inside itself
    const text = node.data;
    const word = /[^ \t\n\r\u200b]+?(?:[-\u2010\u2013\u2014]|(?=[ \t\n\r\u200b]|$))/g;
    let m;
    while ((m = word.exec(text))) {
      if (!m[0].trim()) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = Array.from(range.getClientRects());
      if (lines(rects) > 1) problems.push({kind: "word broken across lines", text: m[0], where: where(el)});
      // Cut off: outside the viewport, or outside a box that clips (a scrolling table's cells
      // may be scrolled to; nothing else may hide).
      for (const r of rects) {
        if (r.width < 0.5) continue;
        if (!scrolled && (r.left < -0.5 || r.right > width + 0.5)) {
          problems.push({kind: "text outside the page", text: m[0], where: where(el)}); break;
        }
        let clipped = false;
        for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
          if (!clips(box)) continue;
          if (scrolled && box.classList.contains("table-wrap")) continue;
          const b = box.getBoundingClientRect();
          if (r.left < b.left - 0.5 || r.right > b.right + 0.5) { clipped = true; break; }
        }
        if (clipped) { problems.push({kind: "text clipped", text: m[0], where: where(el)}); break; }
      }
    }
  }

  // Chart text must sit inside its drawing (an SVG clips what overflows it).
  for (const svg of document.querySelectorAll("svg")) {
    if (!visible(svg)) continue;
    const b = svg.getBoundingClientRect();
    for (const t of svg.querySelectorAll("text")) {
      const r = t.getBoundingClientRect();
      if (r.width && (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)) {
        problems.push({kind: "chart text clipped", text: t.textContent, where: where(svg)});
      }
    }
  }

  // A slider's ticks stay apart and inside the control.
  for (const ticks of document.querySelectorAll(".ticks")) {
    if (!visible(ticks)) continue;
    const box = ticks.parentElement.getBoundingClientRect();
    const shown = Array.from(ticks.children).filter(visible).map((t) => [t.textContent, t.getBoundingClientRect()]);
    shown.forEach(([label, r], i) => {
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push({kind: "tick outside its control", text: label, where: where(ticks)});
      for (const [other, o] of shown.slice(i + 1)) {
        const apart = r.right + 4 <= o.left || o.right + 4 <= r.left || r.bottom <= o.top || o.bottom <= r.top;
        if (!apart) problems.push({kind: "ticks run together", text: label + " | " + other, where: where(ticks)});
      }
    });
  }
  return problems;
})()
