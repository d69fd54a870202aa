/* litboard: progressive enhancement only — pages are complete without JavaScript. */
(function () {
  "use strict";
  var SCRIPT = document.currentScript ? document.currentScript.src : "";
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
      /* after the cell's text (a rank, a name), shown when the row is hovered or focused: a
         pilcrow before every rank read as part of it */
      cell.appendChild(permalink(row.id, "row"));
    });
  }
  /* ---- leaderboards: ranking column, filters and column chooser, kept in the URL query ---- */
  var PARAMS = ["rank", "dir", "pair", "modality", "kind", "evidence", "hide"];
  function readState() {
    var query = new URLSearchParams(window.location.search), state = {};
    PARAMS.forEach(function (name) { state[name] = query.get(name); });
    return state;
  }
  function writeState(state) {
    var query = new URLSearchParams(window.location.search);
    PARAMS.forEach(function (name) {
      if (state[name]) { query.set(name, state[name]); } else { query.delete(name); }
    });
    var text = query.toString();
    window.history.replaceState(null, "", window.location.pathname + (text ? "?" + text : "") + window.location.hash);
  }
  function boardRows(section) {
    return Array.prototype.slice.call(section.querySelectorAll("tr.lb-row"));
  }
  function rankBoard(section, key, worstFirst) {
    var table = section.querySelector("table.lb-board-table");
    var head = table.querySelector("th.lb-col[data-col='" + key + "']");
    if (!head) { return false; }
    var higher = head.getAttribute("data-hib") === "1";
    var value = function (row) {
      var cell = row.querySelector("td[data-col='" + key + "']");
      var raw = cell ? cell.getAttribute("data-value") : "";
      return raw === "" || raw === null ? null : parseFloat(raw);
    };
    var rows = boardRows(section), ranked = [], unranked = [];
    rows.forEach(function (row) { (value(row) === null ? unranked : ranked).push(row); });
    ranked.sort(function (a, b) {
      var order = higher ? value(b) - value(a) : value(a) - value(b);
      if (worstFirst) { order = -order; }
      return order || a.getAttribute("data-system").localeCompare(b.getAttribute("data-system"));
    });
    /* the default ranking keeps the build's order of the unranked rows (its header says which
       order that is); any other ranking lists them by name, and the header says so */
    var original = key === section.getAttribute("data-default-rank");
    unranked.sort(function (a, b) {
      var x = a.getAttribute("data-lb-order"), y = b.getAttribute("data-lb-order");
      if (original && x !== null && y !== null) { return Number(x) - Number(y); }
      return a.getAttribute("data-name").toLowerCase().localeCompare(b.getAttribute("data-name").toLowerCase()) ||
        a.getAttribute("data-system").localeCompare(b.getAttribute("data-system"));
    });
    section.querySelectorAll("[data-lb-unranked-original]").forEach(function (el) { el.hidden = !original; });
    section.querySelectorAll("[data-lb-unranked-resorted]").forEach(function (el) { el.hidden = original; });
    var bodyRanked = table.querySelector("tbody.lb-ranked"), bodyUnranked = table.querySelector("tbody.lb-unranked");
    ranked.forEach(function (row, i) {
      row.querySelector(".lb-rank").textContent = String(worstFirst ? ranked.length - i : i + 1);
      bodyRanked.appendChild(row);
    });
    unranked.forEach(function (row) { row.querySelector(".lb-rank").textContent = "\u2014"; bodyUnranked.appendChild(row); });
    bodyUnranked.hidden = unranked.length === 0;
    table.querySelectorAll("thead th").forEach(function (th) { th.setAttribute("aria-sort", "none"); });
    var best = higher ? "descending" : "ascending", worst = higher ? "ascending" : "descending";
    head.setAttribute("aria-sort", worstFirst ? worst : best);
    var label = head.firstChild ? head.firstChild.textContent.trim() : key;
    section.querySelectorAll("[data-lb-rank-label]").forEach(function (el) { el.textContent = label; });
    var note = section.querySelector("[data-lb-rank-note]");
    if (note) { note.hidden = key !== section.getAttribute("data-default-rank"); }
    var select = section.querySelector("select[data-lb-rank]");
    if (select) { select.value = key; }
    section.setAttribute("data-rank", key);
    return true;
  }
  function sortByName(section) {
    var body = section.querySelector("tbody.lb-ranked");
    boardRows(section).sort(function (a, b) {
      return a.getAttribute("data-name").toLowerCase().localeCompare(b.getAttribute("data-name").toLowerCase());
    }).forEach(function (row) { if (row.parentNode === body) { body.appendChild(row); } });
  }
  function checkedValues(form, name) {
    return Array.prototype.slice.call(form.querySelectorAll("input[name='" + name + "']:checked"))
      .map(function (input) { return input.value; });
  }
  function allValues(form, name) {
    return Array.prototype.slice.call(form.querySelectorAll("input[name='" + name + "']"))
      .map(function (input) { return input.value; });
  }
  function chosenPair(form) {
    return (form.querySelector("input[name='pair']:checked") || {}).value || "all";
  }
  function applyFilters(form) {
    var pair = chosenPair(form);
    var modality = checkedValues(form, "modality"), kind = checkedValues(form, "kind");
    var evidence = checkedValues(form, "evidence");
    /* a pairwise study's pooled ranking stands for "all pairs" instead of every board stacked */
    var pooled = document.querySelector("section.lb-pooled");
    if (pooled) { pooled.classList.toggle("lb-filtered", pair !== "all"); }
    /* without one, "all pairs" is the boards stacked: the note says so */
    document.querySelectorAll("section.lb-h2h").forEach(function (section) {
      section.classList.toggle("lb-filtered", pair === "all" ? !!pooled : section.getAttribute("data-pair") !== pair);
    });
    var stack = document.querySelector("[data-lb-stack]");
    if (stack) { stack.hidden = pair !== "all"; }
    document.querySelectorAll("section.lb-board").forEach(function (section) {
      section.classList.toggle("lb-filtered", pair === "all" ? !!pooled : section.getAttribute("data-pair") !== pair);
      boardRows(section).forEach(function (row) {
        var has = (row.getAttribute("data-evidence") || "").split(" ").filter(Boolean);
        var shown = modality.indexOf(row.getAttribute("data-modality")) >= 0 &&
          kind.indexOf(row.getAttribute("data-kind")) >= 0 &&
          (has.length === 0 || has.some(function (e) { return evidence.indexOf(e) >= 0; }));
        row.classList.toggle("lb-filtered", !shown);
      });
    });
  }
  function filterState(form) {
    /* one pair at a time: the build's choice (the first pair, or "all" for a pooled ranking) is
       the default, any other choice stays in the URL */
    var first = form.querySelector("input[name='pair'][checked]") || form.querySelector("input[name='pair']");
    var pair = chosenPair(form);
    var state = { pair: first && pair === first.value ? "" : pair };
    ["modality", "kind", "evidence"].forEach(function (name) {
      var on = checkedValues(form, name);
      state[name] = on.length === allValues(form, name).length ? "" : (on.join(",") || "none");
    });
    return state;
  }
  function hideColumns(section, hidden) {
    section.querySelectorAll("[data-col]").forEach(function (el) {
      el.classList.toggle("lb-col-hidden", hidden.indexOf(el.getAttribute("data-col")) >= 0);
    });
    section.querySelectorAll("th[data-group]").forEach(function (th) {
      var group = th.getAttribute("data-group");
      var shown = section.querySelectorAll("th.lb-col.lb-group-" + group + ":not(.lb-col-hidden)").length;
      th.hidden = shown === 0;
      if (shown) { th.colSpan = shown; }
    });
    section.querySelectorAll(".lb-column-chooser input").forEach(function (input) {
      input.checked = hidden.indexOf(input.value) < 0;
    });
  }
  function hiddenColumns(section) {
    var hidden = [];
    section.querySelectorAll(".lb-column-chooser input:not(:checked)").forEach(function (input) {
      if (hidden.indexOf(input.value) < 0) { hidden.push(input.value); }
    });
    return hidden;
  }
  function initBoards() {
    var sections = document.querySelectorAll("section.lb-board");
    if (!sections.length) { return; }
    var state = readState(), form = document.querySelector("form[data-lb-controls]");
    var save = function (extra) {
      var now = readState();
      Object.keys(extra).forEach(function (k) { now[k] = extra[k]; });
      writeState(now);
    };
    if (form) {
      form.hidden = false;
      /* ?pair=... or a link to a board's #pair-... anchor chooses the pair shown; so does a
         permalink to a row of another pair's board (it is then shown and scrolled to) */
      var hash = window.location.hash;
      var target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      var holder = target && hash.indexOf("#pair-") !== 0 ? target.closest("section.lb-board") : null;
      var wanted = state.pair || (hash.indexOf("#pair-") === 0 ? hash.slice(6) :
        (holder ? holder.getAttribute("data-pair") : ""));
      form.querySelectorAll("input[name='pair']").forEach(function (input) {
        if (input.value === wanted) { input.checked = true; }
      });
      ["modality", "kind", "evidence"].forEach(function (name) {
        if (!state[name]) { return; }
        var on = state[name].split(",");
        form.querySelectorAll("input[name='" + name + "']").forEach(function (input) { input.checked = on.indexOf(input.value) >= 0; });
      });
      applyFilters(form);
      if (holder && !state.pair) { target.scrollIntoView({ block: "center" }); }
      form.addEventListener("change", function () { applyFilters(form); save(filterState(form)); updateAllDownloads(); });
    }
    /* no hide parameter: each board's defaults (columns with few items or one value for all);
       "-": show every column */
    var hidden = state.hide === null || state.hide === "-" ? [] : state.hide.split(",");
    sections.forEach(function (section) {
      section.querySelectorAll("tbody.lb-unranked tr.lb-row").forEach(function (row, i) { row.setAttribute("data-lb-order", String(i)); });
      section.querySelectorAll(".lb-rank-choice, .lb-column-chooser, .lb-constant-note").forEach(function (el) { el.hidden = false; });
      hideColumns(section, state.hide === null ?
        (section.getAttribute("data-default-hide") || "").split(",").filter(Boolean) : hidden);
      if (state.rank) { rankBoard(section, state.rank, state.dir === "worst"); }
      var select = section.querySelector("select[data-lb-rank]");
      if (select) {
        select.addEventListener("change", function () {
          sections.forEach(function (other) { rankBoard(other, select.value, false); });
          save({ rank: select.value, dir: "" });
        });
      }
      section.querySelectorAll("th.lb-col").forEach(function (th) {
        th.setAttribute("tabindex", "0");
        var choose = function () {
          var key = th.getAttribute("data-col");
          var reverse = section.getAttribute("data-rank") === key && readState().dir !== "worst" &&
            (readState().rank === key || !readState().rank);
          sections.forEach(function (other) { rankBoard(other, key, reverse); });
          save({ rank: key, dir: reverse ? "worst" : "" });
        };
        th.addEventListener("click", choose);
        th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } });
      });
      var nameHead = section.querySelector("th[data-lb-sort='name']");
      if (nameHead) {
        nameHead.setAttribute("tabindex", "0");
        nameHead.addEventListener("click", function () { sortByName(section); });
        nameHead.addEventListener("keydown", function (e) { if (e.key === "Enter") { sortByName(section); } });
      }
      section.querySelectorAll(".lb-column-chooser input").forEach(function (input) {
        input.addEventListener("change", function () {
          var value = input.value, checked = input.checked;
          sections.forEach(function (other) {
            other.querySelectorAll(".lb-column-chooser input[value='" + value + "']").forEach(function (i) { i.checked = checked; });
          });
          var now = hiddenColumns(section);
          sections.forEach(function (other) { hideColumns(other, now); });
          save({ hide: now.length ? now.join(",") : "-" });
          updateAllDownloads();
        });
      });
      if (!section.getAttribute("data-rank")) { section.setAttribute("data-rank", section.getAttribute("data-default-rank") || ""); }
    });
    updateAllDownloads();
  }
  /* ---- a board's downloads follow what it shows: pair, columns, systems (litboard-tables.js
     writes the files on click; without JavaScript the links give the full files) ---- */
  var tablesLoading = null;
  function loadScript(name) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = new URL(name, SCRIPT || window.location.href).href;
      script.onload = resolve;
      script.onerror = function () { reject(new Error(name + " did not load")); };
      document.head.appendChild(script);
    });
  }
  function loadTables() {
    /* the three parts of the port, in order (each needs the ones before) */
    if (!tablesLoading) {
      tablesLoading = ["litboard-py.js", "litboard-latex.js", "litboard-tables.js"].reduce(function (done, name) {
        return done.then(function () { return loadScript(name); });
      }, Promise.resolve()).then(function () { return window.litboardTables; });
      tablesLoading.catch(function () { tablesLoading = null; });
    }
    return tablesLoading;
  }
  window.litboardLoadTables = loadTables;
  function shownState(section) {
    var hidden = [];
    section.querySelectorAll("th.lb-col.lb-col-hidden").forEach(function (th) { hidden.push(th.getAttribute("data-label")); });
    var rows = boardRows(section), kept = rows.filter(function (row) { return !row.classList.contains("lb-filtered"); });
    return { pair: section.getAttribute("data-pair") || "", hidden: hidden, total: rows.length,
      systems: kept.length === rows.length ? null : kept.map(function (row) { return row.getAttribute("data-system"); }) };
  }
  function fetchText(url) {
    return fetch(url).then(function (answer) {
      if (!answer.ok) { throw new Error(url + ": " + answer.status); }
      return answer.text();
    });
  }
  function saveShown(link, section) {
    var csv = section.querySelector("p[data-lb-download]").getAttribute("data-lb-download");
    var stem = csv.replace(/\.csv$/, ""), kind = link.getAttribute("data-lb-shown");
    var state = shownState(section);
    return Promise.all([loadTables(), fetchText(csv), fetchText(stem + ".json")]).then(function (got) {
      var files = got[0].shownFiles(got[1], got[2], { pair: state.pair, hidden: state.hidden, systems: state.systems });
      var name = Object.keys(files).filter(function (key) { return key.slice(-kind.length - 1) === "." + kind; })[0];
      var types = { csv: "text/csv", json: "application/json", tex: "application/x-tex" };
      var url = URL.createObjectURL(new Blob([files[name]], { type: types[kind] + ";charset=utf-8" }));
      var save = document.createElement("a");
      save.href = url;
      save.download = name.slice(name.lastIndexOf("/") + 1);
      document.body.appendChild(save);
      save.click();
      save.remove();
      window.setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
    });
  }
  function shownLine(section, full) {
    var line = section.querySelector("p.lb-download-shown");
    if (line) { return line; }
    line = document.createElement("p");
    line.className = "lb-download lb-download-shown";
    line.appendChild(document.createElement("span"));
    var stem = full.getAttribute("data-lb-download").replace(/\.csv$/, "");
    [["csv", "CSV"], ["json", "JSON"], ["tex", "LaTeX"]].forEach(function (kind, i) {
      line.appendChild(document.createTextNode(i ? " \u00b7 " : ": "));
      var link = document.createElement("a");
      link.href = stem + "." + kind[0];  /* the full file where the script cannot run */
      link.setAttribute("download", stem.slice(stem.lastIndexOf("/") + 1) + ".shown." + kind[0]);
      link.setAttribute("data-lb-shown", kind[0]);
      link.textContent = kind[1];
      link.setAttribute("aria-label", kind[1] + " of the table as shown");
      link.addEventListener("click", function (event) {
        event.preventDefault();
        saveShown(link, section).catch(function () {
          /* e.g. a site opened from file://, where the browser may not read the table: say so
             and give the full file */
          var note = line.querySelector(".lb-download-failed") || line.appendChild(document.createElement("small"));
          note.className = "lb-download-failed";
          note.textContent = " (the filtered file needs the site served over http: this gave the full file)";
          window.location.href = link.href;
        });
      });
      line.appendChild(link);
    });
    full.parentNode.insertBefore(line, full);
    return line;
  }
  function updateDownloads(section) {
    var full = section.querySelector("p[data-lb-download]");
    if (!full) { return; }
    var state = shownState(section), line = shownLine(section, full);
    var parts = ["pair " + state.pair];
    if (state.hidden.length) { parts.push(state.hidden.length + " column" + (state.hidden.length === 1 ? "" : "s") + " hidden"); }
    if (state.systems) { parts.push(state.systems.length + " of " + state.total + " systems"); }
    line.hidden = !state.hidden.length && !state.systems;
    line.firstChild.textContent = "Download this table as shown (" + parts.join(", ") + ")";
    var first = full.firstChild;
    if (first && first.nodeType === 3) {
      first.textContent = first.textContent.replace(/^Download (this|the full) table/, line.hidden ? "Download this table" : "Download the full table");
    }
  }
  function updateAllDownloads() { document.querySelectorAll("section.lb-board").forEach(updateDownloads); }
  /* ---- listings (paragraphs, disagreement): filter rows by data-* attributes, kept in the URL ---- */
  function initListFilters() {
    document.querySelectorAll("form[data-lb-list-filter]").forEach(function (form) {
      var table = form.parentNode.querySelector("table");
      if (!table) { return; }
      var selects = Array.prototype.slice.call(form.querySelectorAll("select[data-filter]"));
      var count = form.querySelector(".lb-list-count");
      var apply = function () {
        var shown = 0;
        Array.prototype.slice.call(table.tBodies[0].rows).forEach(function (row) {
          var ok = selects.every(function (s) { return !s.value || row.getAttribute("data-" + s.getAttribute("data-filter")) === s.value; });
          row.hidden = !ok;
          if (ok) { shown += 1; }
        });
        if (count) { count.textContent = shown + " of " + table.tBodies[0].rows.length + " rows"; }
      };
      var query = new URLSearchParams(window.location.search);
      selects.forEach(function (s) {
        var wanted = query.get(s.getAttribute("data-filter"));
        if (wanted !== null) { s.value = wanted; }
        s.addEventListener("change", function () {
          var now = new URLSearchParams(window.location.search);
          if (s.value) { now.set(s.getAttribute("data-filter"), s.value); } else { now.delete(s.getAttribute("data-filter")); }
          var text = now.toString();
          window.history.replaceState(null, "", window.location.pathname + (text ? "?" + text : "") + window.location.hash);
          apply();
        });
      });
      form.hidden = false;
      apply();
    });
  }
  function init() {
    nameThemeDialogs();
    addPermalinks();
    embedCharts();
    initBoards();
    initListFilters();
    document.querySelectorAll("table.lb-sortable").forEach(function (table) {
      table.querySelectorAll("thead th").forEach(function (th, index) {
        th.setAttribute("tabindex", "0");
        th.setAttribute("aria-sort", "none");
        th.addEventListener("click", function () { sortBy(table, index, th); });
        th.addEventListener("keydown", function (e) { if (e.key === "Enter") { sortBy(table, index, th); } });
      });
    });
  }
  /* assets/packed.js, which the plugin loads first on every page, runs ``init`` at DOMContentLoaded,
     or on a packed page once its body is in place */
  window.litboardReady(init);
})();
