/* litboard: progressive enhancement only — pages are complete without JavaScript. */
(function () {
  "use strict";
  function cellValue(row, index) {
    var cell = row.children[index];
    if (!cell) { return ""; }
    var raw = cell.getAttribute("data-value");
    if (raw !== null) { return raw === "" ? null : parseFloat(raw); }
    return cell.textContent.trim().toLowerCase();
  }
  function sortBy(table, index, header) {
    var body = table.tBodies[0];
    var ascending = !header.classList.contains("lb-sort-asc");
    table.querySelectorAll("th").forEach(function (th) { th.classList.remove("lb-sort-asc", "lb-sort-desc"); });
    header.classList.add(ascending ? "lb-sort-asc" : "lb-sort-desc");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = cellValue(a, index), y = cellValue(b, index);
      if (x === null && y === null) { return 0; }
      if (x === null) { return 1; }   /* missing values stay last in both directions */
      if (y === null) { return -1; }
      var order = x < y ? -1 : (x > y ? 1 : 0);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  function embedCharts() {
    if (typeof window.litboardVegaEmbed !== "function") { return; }
    document.querySelectorAll(".lb-vega[data-spec]").forEach(function (box) {
      var source = document.getElementById(box.getAttribute("data-spec"));
      if (!source) { return; }
      var spec = JSON.parse(source.textContent);
      window.litboardVegaEmbed(box, spec, { actions: false, renderer: "svg" }).catch(function () {});
    });
  }
  function nameThemeDialogs() {
    /* mkdocs-material's search overlay has role=dialog but no accessible name */
    document.querySelectorAll(".md-search[role='dialog']:not([aria-label])").forEach(function (el) {
      el.setAttribute("aria-label", "Search this site");
    });
  }
  function permalink(target, what) {
    var link = document.createElement("a");
    link.className = "lb-permalink";
    link.href = "#" + target;
    link.title = "Permalink to this " + what;
    link.setAttribute("aria-label", "Permalink to this " + what);
    return link;
  }
  function addPermalinks() {
    /* tables and rows carry stable ids from the build; the icon links to the element's own #id */
    document.querySelectorAll(".md-typeset table[id] > caption").forEach(function (caption) {
      if (!caption.querySelector(".lb-permalink")) { caption.appendChild(permalink(caption.parentNode.id, "table")); }
    });
    document.querySelectorAll(".md-typeset table tr[id]").forEach(function (row) {
      var cell = row.querySelector("td, th");
      if (!cell || cell.querySelector(".lb-permalink")) { return; }
      cell.insertBefore(permalink(row.id, "row"), cell.firstChild);
    });
  }
  function init() {
    nameThemeDialogs();
    addPermalinks();
    embedCharts();
    document.querySelectorAll("table.lb-sortable").forEach(function (table) {
      table.querySelectorAll("thead th").forEach(function (th, index) {
        th.setAttribute("tabindex", "0");
        th.setAttribute("aria-sort", "none");
        th.addEventListener("click", function () { sortBy(table, index, th); });
        th.addEventListener("keydown", function (e) { if (e.key === "Enter") { sortBy(table, index, th); } });
      });
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
