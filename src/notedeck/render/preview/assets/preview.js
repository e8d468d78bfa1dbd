/* notedeck serve's preview: one output shown at a time, kept up to date in place from the
   server's events (a slide or page is replaced only when its key, a hash of what it draws,
   changes), so the scroll position and the slide in view stay. */
(function () {
  "use strict";
  var SECTIONS = ["slides", "handout", "web"];
  window.notedeckShown = [];       // [key, time] for each picture shown after an update

  function show() {
    var wanted = (location.hash || "#slides").slice(1);
    if (SECTIONS.indexOf(wanted) < 0) { wanted = "slides"; }
    SECTIONS.forEach(function (name) {
      document.getElementById(name).hidden = name !== wanted;
      var link = document.querySelector('nav a[href="#' + name + '"]');
      if (name === wanted) { link.setAttribute("aria-current", "page"); }
      else { link.removeAttribute("aria-current"); }
    });
  }

  function parse(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content.firstElementChild;
  }

  function noted(element, key) {
    var image = element.querySelector("img");
    if (!image) { return; }
    var done = function () {
      window.notedeckShown.push([key, performance.timeOrigin + performance.now()]);
    };
    if (image.complete) { done(); } else { image.addEventListener("load", done); }
  }

  function apply(list, items) {
    items.forEach(function (item, i) {
      var old = list.children[i];
      if (old && old.getAttribute("data-key") === item.key) { return; }
      var fresh = parse(item.html);
      if (old) { old.replaceWith(fresh); } else { list.appendChild(fresh); }
      noted(fresh, item.key);
    });
    while (list.children.length > items.length) { list.lastElementChild.remove(); }
  }

  function update(state) {
    apply(document.getElementById("slide-list"), state.slides);
    apply(document.getElementById("page-list"), state.pages);
    var problems = document.getElementById("problems");
    if (problems.getAttribute("data-text") !== state.problems) {
      problems.innerHTML = state.problems;
      problems.setAttribute("data-text", state.problems);
    }
    document.body.setAttribute("data-build", state.id);
  }

  function listen() {
    var events = new EventSource("/__notedeck/events");
    events.onmessage = function (event) { update(JSON.parse(event.data)); };
  }

  window.addEventListener("hashchange", show);
  show();
  listen();
})();
