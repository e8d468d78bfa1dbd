/* notedeck web page: the dial, the workload picker and the check slider.
   Every figure shown is a string the build wrote into the page's JSON; this
   script only looks strings up by the controls' positions (no arithmetic on
   figures, no number formatting). */
(function () {
  "use strict";
  var root = document.documentElement;
  var source = document.getElementById("notedeck-figures");
  if (!source) return;
  root.classList.remove("no-js");
  root.classList.add("js");
  var data = JSON.parse(source.textContent);
  var state = {dial: data.start.dial, workload: data.start.workload, check: data.start.check};
  // Which positions index each group's columns, in order (live.py GROUPS).
  var order = {dial: ["dial"], reading: ["workload", "dial"], workload: ["workload"], check: ["check"]};
  var ANNOUNCE_AFTER_MS = 600;   // announce once the control rests, not at every step
  var timers = {};

  function look(slot) {
    var dot = slot.indexOf("."), group = slot.slice(0, dot);
    var value = data.slots[group][slot.slice(dot + 1)];
    order[group].forEach(function (key) { value = value[state[key]]; });
    return value;
  }

  function follows(slot, changed) {
    return order[slot.slice(0, slot.indexOf("."))].indexOf(changed) >= 0;
  }

  function each(selector, action) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), action);
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
    each("input[type=range][data-control]", function (input) {
      var want = String(state[input.dataset.control]);
      if (input.value !== want) input.value = want;
    });
    each("input[type=radio][data-control=workload]", function (radio) {
      radio.checked = radio.value === String(state.workload);
    });
    each("[data-series]", function (node) {
      node.classList.toggle("chosen", node.dataset.series === String(state.workload));
    });
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

  // Page Up and Page Down jump to the next or previous stop of the dial or slider.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "PageUp" && event.key !== "PageDown") return;
    if (!input.matches || !input.matches("input[type=range][data-control]")) return;
    var control = input.dataset.control, stops = data.stops[control], now = state[control];
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
  window.addEventListener("resize", scrollable);

  show("workload");
  scrollable();
})();
