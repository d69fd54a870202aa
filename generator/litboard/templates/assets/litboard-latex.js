/* litboard: LaTeX tables as cite/latex.py and cite/paper_table.py write them — every cell
   escaped, the paper-shaped table (identity columns, the first measure with its CI, rank range
   and cluster, up to four more measures, as many as fit an ACL page). Needs litboard-py.js. */
(function (root) {
  "use strict";
  var py = root.litboardPy;
  var chars = py.chars, isSpace = py.isSpace, isDigit = py.isDigit, isUpper = py.isUpper, isAscii = py.isAscii;
  var rstrip = py.rstrip, splitWords = py.splitWords, pyFloat = py.pyFloat, formatNumber = py.formatNumber;
  /* ---- LaTeX (cite/latex.py) ---- */
  var TT = "\\{}~^_<>|";
  var SPECIAL = { "&": "\\&", "%": "\\%", "$": "\\$", "#": "\\#", "[": "{[}" };
  chars(TT).forEach(function (ch) { SPECIAL[ch] = "{\\ttfamily\\char" + ch.codePointAt(0) + "}"; });
  var PUNCTUATION = "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022\u20ac\u2020\u2021";
  var NOT_OT1 = "\u00ab\u00bb\u00d0\u00de\u00f0\u00fe\u0104\u0105\u0110\u0111\u0118\u0119\u0126\u0127" +
    "\u012e\u012f\u0138\u013f\u0140\u0149\u014a\u014b\u0166\u0167\u0172\u0173\u017f";
  var LOOKALIKE = { "\u00ab": "\\ensuremath{\\ll}", "\u00bb": "\\ensuremath{\\gg}", "\u201e": ",,", "\u201a": "," };
  function typesettable(ch) {
    var code = ch.codePointAt(0);
    return ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0x17f) || PUNCTUATION.indexOf(ch) >= 0) &&
      NOT_OT1.indexOf(ch) < 0;
  }
  function hex4(code) { var h = code.toString(16).toUpperCase(); return "0".repeat(Math.max(0, 4 - h.length)) + h; }
  function escape(text) {
    return chars(text).map(function (ch) {
      if (Object.prototype.hasOwnProperty.call(SPECIAL, ch)) { return SPECIAL[ch]; }
      if (ch === "\r" || ch === "\n" || ch === "\t") { return " "; }
      if (Object.prototype.hasOwnProperty.call(LOOKALIKE, ch)) { return LOOKALIKE[ch]; }
      if (typesettable(ch)) { return ch; }
      return "U+" + hex4(ch.codePointAt(0));
    }).join("");
  }
  var BREAK_AFTER = "|/:,=_-", BREAK_RUN = 16, HEADER_CHARS = 12;
  function breakable(text) {
    var out = [], run = 0;
    chars(text).forEach(function (ch) {
      var piece = escape(ch);
      run = isSpace(ch) ? 0 : run + (piece.indexOf("U+") === 0 ? 8 : 1);
      out.push(piece);
      if (BREAK_AFTER.indexOf(ch) >= 0 || run >= BREAK_RUN || piece.indexOf("U+") === 0) { out.push("\\allowbreak{}"); run = 0; }
    });
    return out.join("");
  }
  function headerLines(header) {
    var lines = [];
    splitWords(header).forEach(function (word) {
      var last = lines.length ? chars(lines[lines.length - 1]).length : 0;
      if (lines.length && last + 1 + chars(word).length <= HEADER_CHARS) { lines[lines.length - 1] += " " + word; } else { lines.push(word); }
    });
    return lines.length ? lines : [""];
  }
  function stacked(title, lines) {
    if (lines.length === 1) { return escape(title); }
    return "\\begin{tabular}[b]{@{}l@{}}" + lines.map(escape).join(" \\\\ ") + "\\end{tabular}";
  }
  function numeric(cells) {
    return cells.every(function (c) {
      return !c || ("+-0123456789".indexOf(chars(c)[0]) >= 0 && chars(c).some(isDigit));
    });
  }
  /* paper_table._numbers: every cell a number, with its CI or a rank range ("95% profile ..." is text) */
  function numbers(cells) {
    return cells.every(function (c) { return !c || /^[+-]?[0-9][0-9.,eE+-]*%?( \[[^\]]*\])?$/.test(c); });
  }
  function label(text) {
    return chars(text).map(function (ch) { return /^[A-Za-z0-9:.-]$/.test(ch) ? ch : "-"; }).join("");
  }
  function paperTex(columns, widths, how) {
    var spec = columns.map(function (col, i) {
      return widths[i] ? "p{" + widths[i].toFixed(0) + "pt}" : (numeric(col[1]) ? "r" : "l");
    }).join("");
    var size = how.narrow ? ["\\footnotesize", "\\setlength{\\tabcolsep}{3pt}"] : ["\\small"];
    var lines = ["\\begin{" + how.floatEnv + "}[htbp]", "\\centering"].concat(size, [
      "\\caption{" + breakable(how.caption) + "}", "\\label{" + label(how.label) + "}",
      "\\begin{tabular}{" + spec + "}", "\\toprule",
      columns.map(function (col) { return stacked(col[0], headerLines(col[0])); }).join(" & ") + " \\\\", "\\midrule"]);
    var count = columns.length ? columns[0][1].length : 0;
    for (var r = 0; r < count; r += 1) {
      lines.push(columns.map(function (col, i) { return widths[i] ? breakable(col[1][r]) : escape(col[1][r]); }).join(" & ") + " \\\\");
    }
    lines.push("\\bottomrule", "\\end{tabular}");
    var recompute = how.command ? " Recompute: \\texttt{" + breakable(how.command) + "}" : "";
    if (how.footnote || recompute) {
      lines.push("\\par\\smallskip{\\footnotesize\\raggedright " + breakable(how.footnote || "") + recompute + "\\par}");
    }
    return lines.concat(["\\end{" + how.floatEnv + "}", ""]).join("\n");
  }

  /* ---- the paper-shaped table (cite/paper_table.py) ---- */
  var COLUMN_PT = 219.0, TEXT_PT = 455.0, TABCOLSEP_PT = 6.0, FONT_PT = 10.0, MAX_OTHER_MEASURES = 4;
  var TEXT_NUMBER = 1e15, MAX_ROWS = 40, WRAP_PT = 90.0, SAFETY = 1.0;
  var COMPANIONS = ["ci_low", "ci_high", "rank_range", "cluster", "n", "corpus", "mean of paragraph scores"];
  var SHORT = { rank_range: "ranks", cluster: "cluster", n: "n", corpus: "corpus" };
  var IDENTITY_DROP = ["system", "kind"];
  var INTEGER = /^[+-]?\p{Nd}+$/u;
  var DECIMAL = /^[+-]?(\p{Nd}+\.\p{Nd}*|\.\p{Nd}+|\p{Nd}+(\.\p{Nd}*)?[eE][+-]?\p{Nd}+)$/u;
  var THREE = /τ|ρ|κ|α|kappa|alpha|strength|pearson|spearman|kendall|(^|[^a-z])(tau|rho|corr|p)([^a-z]|$)/u;
  function digitsFor(header) {
    var name = header.toLowerCase();
    if (name.indexOf("%") >= 0 || name.indexOf("percent") >= 0 || name.indexOf("share") >= 0 || name.indexOf("pct") === 0) { return 1; }
    return THREE.test(name) ? 3 : 2;
  }
  function formatCell(text, digits) {
    if (text === "" || INTEGER.test(text)) { return text; }
    var value = pyFloat(text);
    if (value === null || !isFinite(value) || Math.abs(value) >= TEXT_NUMBER) { return text; }
    return formatNumber(value, digits);
  }
  function charPt(ch) {
    if (isDigit(ch)) { return 0.5; }
    if (".,:;'[]()!|".indexOf(ch) >= 0) { return 0.3; }
    if (" -/".indexOf(ch) >= 0) { return 0.34; }
    if ("mwMW%&@#\u2014".indexOf(ch) >= 0) { return 1.0; }
    if (isUpper(ch)) { return 0.76; }
    return isAscii(ch) ? 0.52 : 0.8;
  }
  function textPt(text, font) {
    var sum = 0;
    chars(text).forEach(function (ch) { sum += charPt(ch); });
    return SAFETY * sum * (font === undefined ? FONT_PT : font);
  }
  function columnPt(cells, header, font) {
    var widest = 0.0;
    cells.forEach(function (c, k) { var w = textPt(c, font); widest = k === 0 ? w : Math.max(widest, w); });
    var head = null;
    headerLines(header).forEach(function (line) { var w = textPt(line, font); head = head === null ? w : Math.max(head, w); });
    return Math.max(head, Math.min(widest, WRAP_PT));
  }
  function indexOf(header) { var index = new Map(); header.forEach(function (name, i) { index.set(name, i); }); return index; }
  function measureGroups(header) {
    var index = indexOf(header), groups = new Map();
    header.forEach(function (name, i) {
      var companions = [];
      COMPANIONS.forEach(function (c) { if (index.has(name + " " + c)) { companions.push(index.get(name + " " + c)); } });
      if (companions.length) { groups.set(name, [i].concat(companions)); }
    });
    return groups;
  }
  function cellAt(row, i) { return i < row.length ? row[i] : ""; }
  function numberAt(row, i) {
    if (!(i < row.length) || row[i] === "") { return null; }
    return pyFloat(row[i]);
  }
  function bareOwner(header, rows, low, high) {
    if (low === 0 || high === undefined) { return undefined; }
    for (var j = low - 1; j >= 0; j -= 1) {
      if (/(ci_low|ci_high)$/.test(header[j])) { continue; }
      var inside = [];
      rows.forEach(function (row) {
        var lo = numberAt(row, low), v = numberAt(row, j), hi = numberAt(row, high);
        if (lo !== null && v !== null && hi !== null) { inside.push([lo, v, hi]); }
      });
      if (inside.length && inside.every(function (t) { return t[0] <= t[1] && t[1] <= t[2]; })) { return j; }
    }
    return low - 1;
  }
  function mergeCi(header, rows) {
    var index = indexOf(header), used = new Set(), owner = new Map();
    header.forEach(function (name, i) {
      if (!/ci_low$/.test(name)) { return; }
      var base = rstrip(name.slice(0, -"ci_low".length));
      var high = index.get(base ? base + " ci_high" : "ci_high");
      var target = base ? index.get(base) : bareOwner(header, rows, i, high);
      if (high !== undefined && target !== undefined && !used.has(target)) {
        owner.set(target, [i, high]); used.add(i); used.add(high);
      }
    });
    var out = [];
    header.forEach(function (name, i) { if (!used.has(i)) { out.push({ value: i, ci: owner.get(i) || null }); } });
    return out;
  }
  function units(header, rows) {
    var bare = new Map();
    mergeCi(header, rows).forEach(function (c) { if (c.ci && header[c.ci[0]] === "ci_low") { bare.set(c.value, c.ci); } });
    var groups = measureGroups(header), taken = new Set();
    groups.forEach(function (g) { g.forEach(function (i) { taken.add(i); }); });
    var loose = [];
    header.forEach(function (h, i) { if (!taken.has(i) && h !== "ci_low" && h !== "ci_high") { loose.push(i); } });
    if (header.indexOf("name") >= 0) { loose = loose.filter(function (i) { return IDENTITY_DROP.indexOf(header[i]) < 0; }); }
    var index = indexOf(header);
    var withCi = function (i, name) {
      if (index.has(name + " ci_low") && index.has(name + " ci_high")) { return [i, index.get(name + " ci_low"), index.get(name + " ci_high")]; }
      return [i].concat(bare.get(i) || []);
    };
    var all = loose.map(function (i) { return withCi(i, header[i]); });
    if (!groups.size) { return [all.slice(0, 1), all.slice(1)]; }
    var names = Array.from(groups.keys()), first = names[0], extras = [];
    ["rank_range", "cluster"].forEach(function (c) { if (index.has(first + " " + c)) { extras.push([index.get(first + " " + c)]); } });
    var late = function (m) { return / points$/.test(m) || m.indexOf("second annotation") >= 0 ? 1 : 0; };
    var rest = names.slice(1).map(function (m, k) { return [late(m), k, m]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; }).map(function (t) { return t[2]; });
    var others = rest.slice(0, MAX_OTHER_MEASURES).map(function (m) { return [index.get(m)]; });
    return [all.concat([withCi(index.get(first), first)], extras), others];
  }
  function groupValues(header) {
    var values = new Set();
    measureGroups(header).forEach(function (g) { values.add(g[0]); });
    return values;
  }
  function printed(header, rows, unit) {
    var name = header[unit[0]], digits = digitsFor(name);
    var decimal = rows.some(function (row) { return unit.some(function (i) { return i < row.length && DECIMAL.test(row[i]); }); });
    var cell = function (row, i) {
      var text = cellAt(row, i);
      return formatCell(decimal && INTEGER.test(text) ? text + ".0" : text, digits);
    };
    var cells = rows.map(function (row) {
      var value = cell(row, unit[0]);
      if (unit.length === 3 && cell(row, unit[1]) && cell(row, unit[2])) { value += " [" + cell(row, unit[1]) + ", " + cell(row, unit[2]) + "]"; }
      return value;
    });
    var cut = name.lastIndexOf(" ");
    if (cut >= 0 && Object.prototype.hasOwnProperty.call(SHORT, name.slice(cut + 1)) && !groupValues(header).has(unit[0])) {
      name = SHORT[name.slice(cut + 1)];
    }
    return [name + (unit.length === 3 ? " [95% CI]" : ""), cells];
  }
  function isEmpty(header, rows, unit) { return !printed(header, rows, unit)[1].some(function (c) { return c; }); }
  function width(header, rows, list, font, sep) {
    var total = 0.0;
    font = font === undefined ? FONT_PT : font; sep = sep === undefined ? TABCOLSEP_PT : sep;
    list.forEach(function (unit) { var p = printed(header, rows, unit); total += columnPt(p[1], p[0], font) + 2 * sep; });
    return total;
  }
  function fit(header, rows) {
    var both = units(header, rows), required = both[0], optional = both[1];
    required = required.filter(function (u) { return !isEmpty(header, rows, u); });
    if (!required.length) { required = both[0].slice(0, 1); }
    optional = optional.filter(function (u) { return !isEmpty(header, rows, u); });
    var narrow = width(header, rows, required) > TEXT_PT;
    var font = narrow ? 8.0 : FONT_PT, sep = narrow ? 3.0 : TABCOLSEP_PT;
    while (required.length > 1 && width(header, rows, required, font, sep) > TEXT_PT) { optional.unshift(required.pop()); }
    var chosen = required.slice();
    optional.forEach(function (unit) { if (width(header, rows, chosen.concat([unit]), font, sep) <= TEXT_PT) { chosen.push(unit); } });
    var shownIdx = new Set();
    chosen.forEach(function (u) { u.forEach(function (i) { shownIdx.add(i); }); });
    var leftOut = header.filter(function (h, i) { return !shownIdx.has(i); });
    chosen = chosen.map(function (u, k) { return [u, k]; }).sort(function (a, b) { return a[0][0] - b[0][0] || a[1] - b[1]; })
      .map(function (t) { return t[0]; });
    return { units: chosen, leftOut: leftOut, narrow: narrow };
  }
  function shape(header, rows) {
    var f = fit(header, rows);
    var font = f.narrow ? 8.0 : FONT_PT, sep = f.narrow ? 3.0 : TABCOLSEP_PT;
    var wide = width(header, rows, f.units, font, sep) > COLUMN_PT;
    var columns = f.units.map(function (u) { return printed(header, rows, u); });
    var wraps = columns.map(function (col) {
      var widest = 0.0;
      col[1].forEach(function (c, k) { var w = textPt(c, font); widest = k === 0 ? w : Math.max(widest, w); });
      return !numbers(col[1]) && widest > WRAP_PT ? WRAP_PT : 0.0;
    });
    return { columns: columns, floatEnv: wide ? "table*" : "table", omitted: f.leftOut, narrow: f.narrow, wraps: wraps };
  }
  function startsWithMeasure(h, list) { return list.some(function (m) { return h.indexOf(m + " ") === 0; }); }
  function omittedNote(header, omitted) {
    var groups = Array.from(measureGroups(header).keys()), gone = new Set(omitted);
    var measures = groups.filter(function (m) { return gone.has(m); });
    var companions = omitted.filter(function (h) { return startsWithMeasure(h, groups) && !startsWithMeasure(h, measures); });
    var hasName = header.indexOf("name") >= 0;
    var plain = omitted.filter(function (h) {
      return groups.indexOf(h) < 0 && !startsWithMeasure(h, groups) && !(hasName && IDENTITY_DROP.indexOf(h) >= 0);
    });
    var parts = [];
    if (measures.length) { parts.push("the measures " + measures.join("; ")); }
    if (plain.length) { parts.push("the columns " + plain.join(", ")); }
    if (companions.length) { parts.push("the n, CI, rank-range and cluster columns not printed here"); }
    if (!parts.length) { return "System ids and kinds are in the CSV."; }
    return "Left out to fit the page: " + parts.join(", and ") + ".";
  }
  function paperText(header, rows, caption, labelText, command, fullName, footnote) {
    var shown = rows.slice(0, MAX_ROWS), how = shape(header, shown), notes = [];
    if (how.omitted.length) { notes.push(omittedNote(header, how.omitted)); }
    if (rows.length > MAX_ROWS) { notes.push("The first " + MAX_ROWS + " of " + rows.length + " rows."); }
    if (notes.length) { notes.push("Every column and row: " + fullName + "."); }
    if (how.floatEnv === "table*") {
      caption += " Across both columns: its " + how.columns.length + " columns are wider than one.";
    }
    return paperTex(how.columns, how.wraps, { floatEnv: how.floatEnv, narrow: how.narrow,
      caption: caption, label: labelText, command: command,
      footnote: (footnote ? notes.concat([footnote]) : notes).join(" ") });
  }


  root.litboardLatex = { escape: escape, breakable: breakable, headerLines: headerLines, numeric: numeric,
    label: label, paperTex: paperTex, digitsFor: digitsFor, formatCell: formatCell, textPt: textPt,
    measureGroups: measureGroups, cellAt: cellAt, paperText: paperText, COMPANIONS: COMPANIONS };
})(typeof window !== "undefined" ? window : globalThis);
