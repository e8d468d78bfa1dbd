/* Added by `notedeck serve` only (never in a built page): reload when a rebuild changes the
   page, and show the problems of a failed rebuild until the next good one. */
(function () {
  "use strict";
  var shown = "__BUILD_ID__", banner = null, POLL_MS = 1000;
  function problems(list) {
    if (!list.length) {
      if (banner) { banner.remove(); banner = null; }
      return;
    }
    if (!banner) {
      banner = document.createElement("div");
      banner.setAttribute("role", "alert");
      banner.style.cssText = "position:fixed;inset:auto 0 0 0;z-index:9;max-height:40vh;" +
        "overflow:auto;background:#fff;color:#1F2328;border-top:4px solid #B00020;" +
        "padding:.75rem 1rem;font:14px/1.4 ui-monospace,monospace;white-space:pre-wrap";
      document.body.appendChild(banner);
    }
    banner.textContent = "Not rebuilt; this is the last good build.\n" + list.join("\n");
  }
  function poll() {
    fetch("/__notedeck/build", {cache: "no-store"})
      .then(function (reply) { return reply.json(); })
      .then(function (state) {
        if (state.id && state.id !== shown) { location.reload(); return; }
        problems(state.problems || []);
        setTimeout(poll, POLL_MS);
      })
      .catch(function () { setTimeout(poll, POLL_MS); });
  }
  setTimeout(poll, POLL_MS);
})();
