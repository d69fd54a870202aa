/* litboard paragraph reader: progressive enhancement only. The page is complete without
   JavaScript (every layer shown, details on hover and focus via CSS, each score's provenance
   and the agreement's marked stretches listed); this script toggles classes (layer /
   annotator switches, blind mode, linked UCPs, pinned details), shows a score's provenance
   as a tooltip and draws an agreement's marked stretches over the translation's text. */
(function () {
  "use strict";
  function each(root, selector, fn) { Array.prototype.forEach.call(root.querySelectorAll(selector), fn); }
  function setOff(reader, attribute, value, cls, off) {
    each(reader, "[" + attribute + "]", function (el) {
      if (el.getAttribute(attribute) === value && !el.closest(".lb-controls")) { el.classList.toggle(cls, off); }
    });
  }
  function syncItems(reader) {  /* a popover's items follow its run's marks, in order */
    each(reader, ".lb-run", function (run) {
      var marks = run.querySelectorAll("mark[data-span]"), pop = run.querySelector(":scope > .lb-pop");
      if (!pop) { return; }
      Array.prototype.forEach.call(pop.querySelectorAll(":scope > .lb-pop-item"), function (item, i) {
        if (!marks[i]) { return; }
        item.classList.toggle("lb-off-layer", marks[i].classList.contains("lb-off-layer"));
        item.classList.toggle("lb-off-who", marks[i].classList.contains("lb-off-who"));
      });
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
  function plainText(p) {
    var out = "";
    (function walk(node) {
      Array.prototype.forEach.call(node.childNodes, function (child) {
        if (child.nodeType === 3) { out += child.nodeValue; }
        else if (child.nodeType === 1 && !child.classList.contains("lb-pop")) { walk(child); }
      });
    })(p);
    return out;
  }
  function drawAgreement(details) {
    var list = details.querySelector(".lb-agree-stretches");
    var text = details.closest(".lb-translation").querySelector(":scope > p.lb-text");
    if (!list || !text || details.querySelector(".lb-agree-text")) { return; }
    var chars = Array.from(plainText(text)), at = 0;  /* offsets count code points */
    var p = document.createElement("p");
    p.className = "lb-text lb-agree-text";
    p.lang = list.lang;
    p.dir = "auto";
    each(list, "li[data-start]", function (li) {
      var start = +li.getAttribute("data-start"), end = +li.getAttribute("data-end");
      var mark = document.createElement("span");
      p.appendChild(document.createTextNode(chars.slice(at, start).join("")));
      mark.className = "lb-agree-" + li.getAttribute("data-level");
      mark.textContent = chars.slice(start, end).join("");
      p.appendChild(mark);
      at = end;
    });
    p.appendChild(document.createTextNode(chars.slice(at).join("")));
    list.parentNode.insertBefore(p, list);
    list.hidden = true;
  }
  function scoreTooltip(score) {
    var source = document.getElementById(score.getAttribute("aria-describedby") || "");
    if (!source || score.querySelector(".lb-pop")) { return; }
    var pop = document.createElement("span"), bdi = document.createElement("bdi");
    pop.className = "lb-pop";
    pop.setAttribute("aria-hidden", "true");  /* read out through aria-describedby already */
    bdi.textContent = source.textContent;
    pop.appendChild(bdi);
    score.appendChild(pop);
  }
  function init(reader) {
    reader.classList.add("lb-js");
    each(reader, "input[data-lb-layer]", function (box) {
      box.addEventListener("change", function () {
        setOff(reader, "data-layer", box.getAttribute("data-lb-layer"), "lb-off-layer", !box.checked);
        syncItems(reader);
      });
    });
    each(reader, "input[data-lb-toggle]", function (box) {
      box.addEventListener("change", function () {
        setOff(reader, "data-toggle", box.getAttribute("data-lb-toggle"), "lb-off-who", !box.checked);
        syncItems(reader);
      });
    });
    each(reader, "input[data-lb-blind]", function (box) {
      box.addEventListener("change", function () { reader.classList.toggle("lb-blind", box.checked); });
    });
    reader.addEventListener("toggle", function (e) {
      if (e.target.matches && e.target.matches("details.lb-agreement") && e.target.open) { drawAgreement(e.target); }
    }, true);
    reader.addEventListener("focusin", function (e) {
      var score = e.target.closest(".lb-score");
      if (score) { scoreTooltip(score); }
      link(reader, e.target.closest(".lb-run"));
    });
    reader.addEventListener("focusout", function () { link(reader, null); });
    reader.addEventListener("mouseover", function (e) {
      var run = e.target.closest(".lb-run"), score = e.target.closest(".lb-score");
      if (score) { scoreTooltip(score); }
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
