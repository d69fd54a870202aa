/* litboard: a board's downloads as the reader has filtered it — a port of litboard.cite.shown
   (the pair's table without the hidden columns and the filtered-out systems, as CSV, JSON and
   the paper-shaped LaTeX table). tests/browser/test_board_downloads.py holds the files written
   here to the Python ones byte for byte. Needs litboard-py.js and litboard-latex.js. */
(function (root) {
  "use strict";
  var py = root.litboardPy, tex = root.litboardLatex;
  var chars = py.chars, parseCsv = py.parseCsv, csvLine = py.csvLine, plainCell = py.plainCell;
  var FORMULA_START = py.FORMULA_START, jsonString = py.jsonString, dumps = py.dumps, jsonValue = py.jsonValue;
  var COMPANIONS = tex.COMPANIONS, measureGroups = tex.measureGroups, cellAt = tex.cellAt, paperText = tex.paperText;
  var SUFFIX = ".shown";
  /* ---- the shown files (cite/shown.py) ---- */
  function captionOf(block) {
    var signed = block.metric_signatures.map(function (s) { return s.campaign + ": " + s.signature; }).join("; ");
    var judged = block.judges.map(function (j) {
      var hash = j.prompt_sha256 === undefined ? "unhashed" : j.prompt_sha256;
      return j.campaign + ": " + j.model + " prompt " + chars(hash).slice(0, 12).join("");
    }).join("; ");
    var parts = ["Data: " + block.data_version, "litboard " + block.litboard];
    if (signed) { parts.splice(1, 0, "signatures: " + signed); }
    if (judged) { parts.splice(signed ? 2 : 1, 0, "judges: " + judged); }
    return parts.join(". ") + ".";
  }
  /* provenance.footnote_of: the signatures and judges of the measures a table names */
  function slug(text) {
    var words = String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w !== ""; });
    return "-" + words.join("-") + "-";
  }
  function names(entry, shown, key) {
    var campaign = String(entry.campaign === undefined ? "" : entry.campaign);
    campaign = campaign.slice(campaign.lastIndexOf("/") + 1);
    return [slug(campaign), slug(entry[key] === undefined ? "" : entry[key])].some(function (n) {
      return chars(n).length > 2 && shown.indexOf(n) >= 0;
    });
  }
  function signatureText(signature, shown) {
    var parts = signature.split("; ").map(function (part) {
      var at = part.indexOf(": ");
      return at < 0 ? [part, "", ""] : [part.slice(0, at), ": ", part.slice(at + 2)];
    });
    var perPair = parts.length > 1 && parts.every(function (p) { return p[1] && chars(p[0]).length <= 16; });
    if (!perPair) { return signature; }
    var named = parts.filter(function (p) { return shown.indexOf(slug(p[0])) >= 0; });
    if (!named.length) { named = parts; }
    var order = [], pairsOf = new Map();
    named.forEach(function (p) {
      if (!pairsOf.has(p[2])) { pairsOf.set(p[2], []); order.push(p[2]); }
      pairsOf.get(p[2]).push(p[0]);
    });
    if (order.length === 1) { return order[0]; }
    return order.map(function (sig) { return sig + " (" + pairsOf.get(sig).join(", ") + ")"; }).join("; ");
  }
  function footnoteOf(block, tableText) {
    var shown = slug(tableText), signed = [], judged = [];
    block.metric_signatures.forEach(function (s) {
      if (!names(s, shown, "metric")) { return; }
      var text = (s.metric || s.campaign) + ": " + signatureText(String(s.signature), shown);
      if (signed.indexOf(text) < 0) { signed.push(text); }
    });
    block.judges.forEach(function (j) {
      if (!names(j, shown, "model")) { return; }
      var hash = j.prompt_sha256 === undefined ? "unhashed" : String(j.prompt_sha256);
      var text = j.model + " prompt " + chars(hash).slice(0, 12).join("");
      if (judged.indexOf(text) < 0) { judged.push(text); }
    });
    var parts = ["Data: " + block.data_version];
    if (signed.length) { parts.push("Signatures: " + signed.join("; ")); }
    if (judged.length) { parts.push("Judges: " + judged.join("; ")); }
    parts.push("litboard " + block.litboard);
    return parts.join(". ") + ".";
  }
  function tableWords(path, header, rows) {
    var words = [path].concat(header);
    rows.forEach(function (row) { words = words.concat(row); });
    return words.join(" ");
  }
  function packagesLine(block) {
    return Object.keys(block.packages).map(function (name) { return name + " " + block.packages[name]; }).join(", ");
  }
  function keptColumns(header, hidden) {
    var gone = new Set(hidden);
    hidden.forEach(function (labelText) { COMPANIONS.forEach(function (c) { gone.add(labelText + " " + c); }); });
    var kept = [];
    header.forEach(function (name, i) { if (!gone.has(name)) { kept.push(i); } });
    return kept;
  }
  function keptRows(header, rows, systems) {
    var all = rows.map(function (row, r) { return r; });
    if (systems === null || header.indexOf("system") < 0) { return all; }
    var at = header.indexOf("system"), keep = new Set(systems);
    return all.filter(function (r) { return at < rows[r].length && keep.has(rows[r][at]); });
  }
  function shownRecord(shown, header, rows, rowsKept) {
    var hiddenSet = new Set(shown.hidden), keptSet = new Set(rowsKept);
    var hidden = header.filter(function (h) { return hiddenSet.has(h); });
    var gone = rows.map(function (row, r) { return r; }).filter(function (r) { return !keptSet.has(r); });
    var at = header.indexOf("system"), nameAt = header.indexOf("name");
    var ids = at >= 0 ? gone.map(function (r) { return cellAt(rows[r], at); }) : [];
    var names = nameAt >= 0 ? gone.map(function (r) { return cellAt(rows[r], nameAt); }) : ids;
    var parts = shown.pair ? ["pair " + shown.pair] : [];
    if (hidden.length) { parts.push("without the columns " + hidden.join("; ")); }
    if (gone.length) { parts.push(rowsKept.length + " of " + rows.length + " systems (without " + names.join("; ") + ")"); }
    var primary = Array.from(measureGroups(header).keys())[0] || "";
    if (header.indexOf("rank") >= 0 && (gone.length || hidden.indexOf(primary) >= 0)) {
      parts.push(primary ? "ranks as on the full board (by " + primary + ")" : "ranks as on the full board");
    }
    if (!hidden.length && !gone.length) { parts.push("every column and system"); }
    return new Map([["pair", shown.pair], ["hidden_columns", hidden], ["left_out_systems", ids],
      ["note", "As shown on the board: " + parts.join(", ") + "."]]);
  }
  function commentLine(text) {
    var pieces = text.replace(/[\r\n]/g, " ").split(",");
    return ["# " + pieces[0]].concat(pieces.slice(1).map(function (p) {
      var bare = p.replace(/^ +/, "");
      return FORMULA_START.concat(['"']).indexOf(bare.charAt(0)) >= 0 && bare !== "" ? "'" + p : p;
    })).join(",");
  }
  /* {X.shown.csv, X.shown.json, X.shown.tex} of a board table: its CSV text, its JSON text and
     shown = {pair, hidden: [column labels], systems: [ids] or null} */
  function shownFiles(csvText, jsonText, shown) {
    var doc = JSON.parse(jsonText), block = doc.provenance, path = doc.table;
    var raw = parseCsv(csvText), rawHeader = raw.length ? raw[0] : [], rawRows = raw.slice(1);
    var header = rawHeader.map(plainCell), rows = rawRows.map(function (row) { return row.map(plainCell); });
    var cols = keptColumns(header, shown.hidden), rowsKept = keptRows(header, rows, shown.systems);
    var record = shownRecord(shown, header, rows, rowsKept), note = record.get("note");
    var stem = path.replace(/\.csv$/, ""), name = stem.slice(stem.lastIndexOf("/") + 1);
    var cut = function (table, picked) { return picked.map(function (r) { return cols.map(function (i) { return cellAt(table[r], i); }); }); };
    var lines = ["litboard table " + path + ". " + note, captionOf(block), "computed with " + packagesLine(block),
      "recompute the full table: " + block.command].map(commentLine);
    var csvOut = lines.concat(cut([rawHeader], [0]).concat(cut(rawRows, rowsKept)).map(csvLine)).join("\n") + "\n";
    var subHeader = cut([header], [0])[0], subRows = cut(rows, rowsKept);
    var records = subRows.map(function (row) {
      var record = new Map();
      subHeader.forEach(function (h, i) { record.set(h, jsonValue(cellAt(row, i))); });
      return record;
    });
    var at = jsonText.indexOf('\n "provenance": ');
    var jsonOut = "{\n \"table\": " + jsonString(path) + ",\n \"shown\": " + dumps(record, 1) +
      ",\n \"columns\": " + dumps(subHeader, 1) + ",\n \"rows\": " + dumps(records, 1) + "," + jsonText.slice(at);
    var caption = name + " (" + subRows.length + " rows), as shown on the board.";
    var footnote = note + " " + footnoteOf(block, tableWords(path, subHeader, subRows));
    var head = "% litboard table " + path + ", as shown on the board; needs \\usepackage{booktabs}\n" +
      "% computed with " + packagesLine(block) + "\n";
    var tex = head + paperText(subHeader, subRows, caption, "tab:" + stem + SUFFIX, block.command, name + ".full.tex",
      footnote);
    var out = {};
    out[stem + SUFFIX + ".csv"] = csvOut;
    out[stem + SUFFIX + ".json"] = jsonOut;
    out[stem + SUFFIX + ".tex"] = tex;
    return out;
  }
  var SUFFIX = ".shown";


  root.litboardTables = { shownFiles: shownFiles, commentLine: commentLine };
})(typeof window !== "undefined" ? window : globalThis);
