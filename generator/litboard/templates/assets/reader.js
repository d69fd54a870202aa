/* litboard paragraph reader: progressive enhancement only. The page is complete without
   JavaScript (every layer shown, details on hover and focus via CSS); this script only
   toggles classes: layer / annotator switches, blind mode, linked UCPs, pinned details. */
(function () {
  "use strict";
  function each(root, selector, fn) { Array.prototype.forEach.call(root.querySelectorAll(selector), fn); }
  function setOff(reader, attribute, value, cls, off) {
    each(reader, "[" + attribute + "]", function (el) {
      if (el.getAttribute(attribute) === value && !el.closest(".lb-controls")) { el.classList.toggle(cls, off); }
    });
  }
  function ucpsOf(run) {
    var ids = [];
    each(run, "mark[data-ucp]", function (m) { ids.push(m.getAttribute("data-ucp")); });
    return ids;
  }
  function link(reader, run) {
    each(reader, "mark.lb-linked", function (m) { m.classList.remove("lb-linked"); });
    if (!run) { return; }
    var ids = ucpsOf(run);
    if (!ids.length) { return; }
    each(reader, "mark[data-ucp]", function (m) {
      if (ids.indexOf(m.getAttribute("data-ucp")) >= 0 && !m.classList.contains("lb-off-layer")) {
        m.classList.add("lb-linked");
      }
    });
  }
  function init(reader) {
    reader.classList.add("lb-js");
    each(reader, "input[data-lb-layer]", function (box) {
      box.addEventListener("change", function () {
        setOff(reader, "data-layer", box.getAttribute("data-lb-layer"), "lb-off-layer", !box.checked);
      });
    });
    each(reader, "input[data-lb-toggle]", function (box) {
      box.addEventListener("change", function () {
        setOff(reader, "data-toggle", box.getAttribute("data-lb-toggle"), "lb-off-who", !box.checked);
      });
    });
    each(reader, "input[data-lb-blind]", function (box) {
      box.addEventListener("change", function () { reader.classList.toggle("lb-blind", box.checked); });
    });
    reader.addEventListener("focusin", function (e) { link(reader, e.target.closest(".lb-run")); });
    reader.addEventListener("focusout", function () { link(reader, null); });
    reader.addEventListener("mouseover", function (e) {
      var run = e.target.closest(".lb-run");
      if (run) { link(reader, run); }
    });
    reader.addEventListener("mouseout", function (e) {
      if (e.target.closest(".lb-run") && document.activeElement.closest(".lb-run") === null) { link(reader, null); }
    });
    reader.addEventListener("click", function (e) {
      var run = e.target.closest(".lb-run");
      if (run && !e.target.closest(".lb-pop")) { run.classList.toggle("lb-pinned"); }
    });
    reader.addEventListener("keydown", function (e) {
      var run = e.target.closest(".lb-run");
      if (!run) { return; }
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); run.classList.toggle("lb-pinned"); }
      if (e.key === "Escape") { run.classList.remove("lb-pinned"); run.blur(); }
    });
  }
  function start() { each(document, ".lb-reader", init); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
