/* litboard paragraph reader: progressive enhancement only. The page is complete without
   JavaScript (every layer shown, each span described once in the list under its text that
   its runs refer to with aria-describedby, each score's provenance and the agreement's marked
   stretches listed); this script toggles classes (layer / annotator switches, blind mode,
   linked UCPs, pinned details), shows a run's described spans and a score's provenance as
   popovers and draws an agreement's marked stretches over the translation's text. */
(function () {
  "use strict";
  function each(root, selector, fn) { Array.prototype.forEach.call(root.querySelectorAll(selector), fn); }
  function keyOf(item) { return item.id.slice(5); }  /* "lb-d-" + the span's data-span */
  function setLayer(reader, layer, off) {  /* layer names come from a fixed vocabulary */
    each(reader, "mark.lb-s.lb-l-" + layer + ", .lb-spans > .lb-l-" + layer, function (el) {
      if (!el.closest(".lb-controls, .lb-legend")) { el.classList.toggle("lb-off-layer", off); }
    });
  }
  function setWho(reader, who, off) {
    var keys = {};
    each(reader, ".lb-spans > [data-toggle]", function (item) {
      if (item.getAttribute("data-toggle") === who) { keys[keyOf(item)] = true; item.classList.toggle("lb-off-who", off); }
    });
    each(reader, "mark[data-span]", function (m) {
      if (keys[m.getAttribute("data-span")]) { m.classList.toggle("lb-off-who", off); }
    });
    each(reader, "[data-toggle]", function (el) {  /* creativity pages: marks carry their toggle */
      if (el.tagName === "MARK" && el.getAttribute("data-toggle") === who) { el.classList.toggle("lb-off-who", off); }
    });
  }
  function showPop(run) {  /* a run's popover: copies of the items it refers to, built when shown */
    if (!run || run.querySelector(":scope > .lb-pop:not(.lb-pop-js)")) { return; }
    var old = run.querySelector(":scope > .lb-pop-js"), pop = document.createElement("span");
    if (old) { run.removeChild(old); }
    pop.className = "lb-pop lb-pop-js";
    pop.setAttribute("aria-hidden", "true");  /* read out through aria-describedby already */
    (run.getAttribute("aria-describedby") || "").split(" ").forEach(function (id) {
      var item = id && document.getElementById(id), copy = document.createElement("span");
      if (!item) { return; }
      copy.className = item.className;
      Array.prototype.forEach.call(item.childNodes, function (n) { copy.appendChild(n.cloneNode(true)); });
      pop.appendChild(copy);
    });
    run.appendChild(pop);
  }
  function syncItems(reader) {  /* a popover's items follow its run's marks, in order */
    each(reader, ".lb-run", function (run) {
      var marks = run.querySelectorAll("mark[data-span]"), pop = run.querySelector(":scope > .lb-pop:not(.lb-pop-js)");
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
        setLayer(reader, box.getAttribute("data-lb-layer"), !box.checked);
        syncItems(reader);
      });
    });
    each(reader, "input[data-lb-toggle]", function (box) {
      box.addEventListener("change", function () {
        setWho(reader, box.getAttribute("data-lb-toggle"), !box.checked);
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
      showPop(e.target.closest(".lb-run"));
      link(reader, e.target.closest(".lb-run"));
    });
    reader.addEventListener("focusout", function () { link(reader, null); });
    reader.addEventListener("mouseover", function (e) {
      var run = e.target.closest(".lb-run"), score = e.target.closest(".lb-score");
      if (score) { scoreTooltip(score); }
      if (run && !e.target.closest(".lb-pop")) { showPop(run); }
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
  /* assets/packed.js, which the plugin loads first on every page, runs ``start`` at DOMContentLoaded,
     or on a packed page once its body is in place */
  window.litboardReady(start);
})();
