/* litboard: packed reader pages (render/core/packed_reader.py). A dataset with thousands of
   paragraphs stores each reader page's body gzip-compressed (base64) in the page; this script,
   loaded before litboard.js and reader.js, decompresses it with the browser's own
   DecompressionStream, puts it in place of the packed box, and only then runs the other
   scripts' start functions (window.litboardReady), so they see the page as a plain build
   writes it. A permalink's target exists only now: the page goes to it again. On a page
   without a packed box the start functions run at DOMContentLoaded as before. */
(function () {
  "use strict";
  var waiting = [], ready = false;
  window.litboardReady = function (fn) { if (ready) { fn(); } else { waiting.push(fn); } };
  function finish(unpacked) {
    ready = true;
    /* mkdocs-material set up the page (code copy buttons, table wrappers) before the body was in
       place: it does it again the way its instant navigation does after swapping a page in */
    if (unpacked && window.document$ && typeof window.document$.next === "function") { window.document$.next(document); }
    waiting.splice(0).forEach(function (fn) { fn(); });
    if (!unpacked) { return; }
    document.documentElement.setAttribute("data-lb-unpacked", "");
    var id = location.hash && decodeURIComponent(location.hash.slice(1));
    if (id && document.getElementById(id)) { location.replace(location.hash); }  /* no new history entry */
  }
  function unpack(box) {
    var text = atob(box.querySelector("script.lb-packed-data").textContent), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) { bytes[i] = text.charCodeAt(i); }
    var body = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(body).text().then(function (html) { box.closest(".lb-page").outerHTML = html; });
  }
  function failed(box) {
    box.querySelector(".lb-packed-note").textContent = "This page is stored compressed and this browser could " +
      "not decompress it (it needs DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).";
  }
  function start() {
    var boxes = Array.prototype.slice.call(document.querySelectorAll(".lb-packed[data-lb-packed]"));
    if (!boxes.length) { finish(false); return; }
    Promise.all(boxes.map(function (box) {
      try { return unpack(box).catch(function () { failed(box); }); } catch (e) { failed(box); return null; }
    })).then(function () { finish(true); });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
