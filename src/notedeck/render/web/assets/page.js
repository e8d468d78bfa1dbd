/* notedeck web page: live controls. Every figure shown is a string the build wrote into the
   page's JSON; this script only looks strings up by the controls' positions (no arithmetic on
   figures, no number formatting). A column's group names the controls it follows, in order:
   the column "a.b.name" is indexed [position of a][position of b] (render/web/columns.py). */
(function () {
  "use strict";
  var root = document.documentElement;
  var source = document.getElementById("notedeck-figures");
  if (!source) return;
  root.classList.remove("no-js");
  root.classList.add("js");
  var data = JSON.parse(source.textContent);
  var state = {};
  Object.keys(data.start).forEach(function (name) { state[name] = data.start[name]; });
  var ANNOUNCE_AFTER_MS = 600;   // announce once the control rests, not at every step
  var timers = {};

  function controls(slot) {
    return slot.slice(0, slot.lastIndexOf(".")).split(".");
  }

  function look(slot) {
    var at = slot.lastIndexOf(".");
    var value = data.slots[slot.slice(0, at)][slot.slice(at + 1)];
    controls(slot).forEach(function (name) { value = value[state[name]]; });
    return value;
  }

  function follows(slot, changed) {
    return controls(slot).indexOf(changed) >= 0;
  }

  function each(selector, action) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), action);
  }

  // Every control shows where it stands; an element holding a choice's items marks the chosen one.
  function sync() {
    each("[data-control]", function (input) {
      var want = String(state[input.dataset.control]);
      if (input.type === "radio") input.checked = input.value === want;
      else if (input.value !== want) input.value = want;
    });
    each("[data-follows]", function (holder) {
      var want = String(state[holder.dataset.follows]);
      Array.prototype.forEach.call(holder.querySelectorAll("[data-item]"), function (node) {
        node.classList.toggle("chosen", node.dataset.item === want);
      });
    });
  }

  function show(changed) {
    each("[data-slot]", function (node) {
      if (follows(node.dataset.slot, changed)) node.textContent = look(node.dataset.slot);
    });
    each("[data-attr]", function (node) {
      node.dataset.attr.split(" ").forEach(function (pair) {
        var at = pair.indexOf("="), slot = pair.slice(at + 1);
        if (follows(slot, changed)) node.setAttribute(pair.slice(0, at), look(slot));
      });
    });
    sync();
  }

  function announce(changed) {
    clearTimeout(timers[changed]);
    timers[changed] = setTimeout(function () {
      each("[data-announce]", function (node) {
        if (follows(node.dataset.announce, changed)) node.textContent = look(node.dataset.announce);
      });
    }, ANNOUNCE_AFTER_MS);
  }

  function set(control, position) {
    if (state[control] === position) return;
    state[control] = position;
    show(control);
    announce(control);
  }

  document.addEventListener("input", function (event) {
    var control = event.target.dataset && event.target.dataset.control;
    if (control) set(control, parseInt(event.target.value, 10));
  });
  document.addEventListener("change", function (event) {
    var control = event.target.dataset && event.target.dataset.control;
    if (control) set(control, parseInt(event.target.value, 10));
  });

  // Page Up and Page Down jump to the next or previous stop of a control that has stops.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "PageUp" && event.key !== "PageDown") return;
    var control = input.dataset && input.dataset.control, stops = control && data.stops[control];
    if (!stops) return;
    var now = state[control];
    var next = event.key === "PageUp"
      ? stops.filter(function (stop) { return stop > now; })[0]
      : stops.filter(function (stop) { return stop < now; }).pop();
    event.preventDefault();
    if (next !== undefined) set(control, next);
  });

  // A table wider than a phone scrolls; a keyboard can only scroll what it can focus.
  function scrollable() {
    each(".table-wrap", function (wrap) {
      var wide = wrap.scrollWidth > wrap.clientWidth, caption = wrap.querySelector("caption");
      if (wide) {
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        if (caption) wrap.setAttribute("aria-labelledby", caption.id);
      } else {
        ["tabindex", "role", "aria-labelledby"].forEach(function (name) { wrap.removeAttribute(name); });
      }
    });
  }
  // A slider's tick labels stay inside its control and apart: each is centred on its stop where
  // it fits, shifted inside the control where it does not, and moved to a second row (or, when
  // that row is taken there too, hidden: the help lists every stop) where it would touch the
  // label before it.
  var TICK_GAP_PX = 6;
  function ticks() {
    each(".ticks", function (row) {
      var labels = Array.prototype.slice.call(row.children), box = row.getBoundingClientRect();
      var ends = [-Infinity, -Infinity];
      row.classList.remove("two-rows");
      labels.forEach(function (label) {
        label.classList.remove("low");
        label.style.visibility = "";
        label.style.setProperty("--shift", "0px");
      });
      labels.forEach(function (label) {
        var r = label.getBoundingClientRect();
        var shift = Math.max(box.left - r.left, 0) + Math.min(box.right - r.right, 0);
        label.style.setProperty("--shift", shift + "px");
        var left = r.left + shift, right = r.right + shift;
        var rowIndex = left >= ends[0] + TICK_GAP_PX ? 0 : left >= ends[1] + TICK_GAP_PX ? 1 : -1;
        if (rowIndex < 0) { label.style.visibility = "hidden"; return; }
        if (rowIndex === 1) { label.classList.add("low"); row.classList.add("two-rows"); }
        ends[rowIndex] = right;
      });
    });
  }

  window.addEventListener("resize", function () { scrollable(); ticks(); });

  sync();
  scrollable();
  ticks();
})();
