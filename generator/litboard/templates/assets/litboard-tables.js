/* litboard: a board's downloads as the reader has filtered it (loaded by litboard.js on the
   first such download). A port of litboard.cite.shown and the paper-shaped LaTeX of
   cite/paper_table.py + cite/latex.py: tests/browser/test_board_downloads.py holds the files
   written here to the Python ones byte for byte. Python's string semantics are kept where
   they decide a byte: code points (not UTF-16 units), str.isspace/isdigit/isupper, float(),
   int(), repr() and json.dumps(indent=1, ensure_ascii=False). */
(function (root) {
  "use strict";
  /* ---- Python's character classes (Unicode 14, as Python 3.11's str methods) ---- */
  var PY_SPACE = "\t\n\u000b\f\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003" +
    "\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
  /* str.isdigit beyond category Nd (superscripts, circled digits, ...) */
  var DIGIT_EXTRA = [[178, 179], [185, 185], [4969, 4977], [6618, 6618], [8304, 8304], [8308, 8313],
    [8320, 8329], [9312, 9320], [9332, 9340], [9352, 9360], [9450, 9450], [9461, 9469], [9471, 9471],
    [10102, 10110], [10112, 10120], [10122, 10130], [68160, 68163], [69216, 69224], [69714, 69722],
    [127232, 127242]];
  var ND = /\p{Nd}/u, UPPER = /\p{Uppercase}/u;
  function chars(text) { return Array.from(text); }
  function isSpace(ch) { return ch.length > 0 && PY_SPACE.indexOf(ch) >= 0; }
  function isDigit(ch) {
    if (ND.test(ch)) { return true; }
    var code = ch.codePointAt(0);
    return DIGIT_EXTRA.some(function (r) { return code >= r[0] && code <= r[1]; });
  }
  function isUpper(ch) { return UPPER.test(ch); }
  function isAscii(ch) { return ch.codePointAt(0) < 128; }
  function strip(text) {
    var list = chars(text), a = 0, b = list.length;
    while (a < b && isSpace(list[a])) { a += 1; }
    while (b > a && isSpace(list[b - 1])) { b -= 1; }
    return list.slice(a, b).join("");
  }
  function rstrip(text) {
    var list = chars(text), b = list.length;
    while (b > 0 && isSpace(list[b - 1])) { b -= 1; }
    return list.slice(0, b).join("");
  }
  function splitWords(text) {
    var words = [], word = "";
    chars(text).forEach(function (ch) {
      if (isSpace(ch)) { if (word) { words.push(word); } word = ""; } else { word += ch; }
    });
    if (word) { words.push(word); }
    return words;
  }
  /* int() and float() strip Unicode whitespace but, of ASCII, only C's (not \x1c-\x1f) */
  function numberStrip(text) {
    var list = chars(text), a = 0, b = list.length;
    var space = function (ch) { return isSpace(ch) && !/[\u001c-\u001f]/.test(ch); };
    while (a < b && space(list[a])) { a += 1; }
    while (b > a && space(list[b - 1])) { b -= 1; }
    return list.slice(a, b).join("");
  }
  function asciiDigits(text) {
    /* Unicode decimal digits come in runs of ten from 0 */
    return chars(text).map(function (ch) {
      if (!ND.test(ch) || isAscii(ch)) { return ch; }
      var code = ch.codePointAt(0), start = code;
      while (ND.test(String.fromCodePoint(start - 1))) { start -= 1; }
      return String((code - start) % 10);
    }).join("");
  }
  var DIGITPART = "[0-9](?:_?[0-9])*";
  var FLOAT = new RegExp("^[+-]?(?:(?:" + DIGITPART + ")?\\." + DIGITPART + "|" + DIGITPART + "\\.?)" +
    "(?:[eE][+-]?" + DIGITPART + ")?$");
  var INT = new RegExp("^[+-]?" + DIGITPART + "$");
  /* float(text): a number, or null where Python raises ValueError */
  function pyFloat(text) {
    var s = asciiDigits(numberStrip(text));
    var word = s.toLowerCase().replace(/^[+-]/, "");
    if (word === "inf" || word === "infinity") { return s[0] === "-" ? -Infinity : Infinity; }
    if (word === "nan") { return NaN; }
    return FLOAT.test(s) ? Number(s.replace(/_/g, "")) : null;
  }
  /* int(text) as its decimal digits ("-5", "0"), or null */
  function pyInt(text) {
    var s = asciiDigits(numberStrip(text));
    if (!INT.test(s)) { return null; }
    var negative = s[0] === "-", digits = s.replace(/^[+-]/, "").replace(/_/g, "").replace(/^0+/, "");
    return digits === "" ? "0" : (negative ? "-" : "") + digits;
  }
  /* the shortest digits and decimal point of a finite nonzero float (as repr finds them) */
  function shortest(x) {
    var parts = Math.abs(x).toExponential().split("e");
    return { digits: parts[0].replace(".", ""), point: Number(parts[1]) + 1 };
  }
  function pyRepr(x) {
    if (x === 0) { return Object.is(x, -0) ? "-0.0" : "0.0"; }
    var s = shortest(x), d = s.digits, p = s.point, sign = x < 0 ? "-" : "", body;
    if (p <= -4 || p > 16) {
      var e = p - 1;
      body = d[0] + (d.length > 1 ? "." + d.slice(1) : "") + "e" + (e < 0 ? "-" : "+") +
        (Math.abs(e) < 10 ? "0" : "") + Math.abs(e);
    } else if (p <= 0) {
      body = "0." + "0".repeat(-p) + d;
    } else if (p >= d.length) {
      body = d + "0".repeat(p - d.length) + ".0";
    } else {
      body = d.slice(0, p) + "." + d.slice(p);
    }
    return sign + body;
  }
  /* round(x, 9): the nearest, ties to even (toFixed would break an exact tie upwards) */
  function round9(x) {
    if (!isFinite(x) || Math.abs(x) >= 1e21) { return x; }
    var exact = Math.abs(x).toFixed(20);
    if (exact.slice(-11) !== "50000000000") { return Number(x.toFixed(9)); }
    var trunc = exact.slice(0, -11), whole = trunc.replace(".", "");
    var even = Number(whole[whole.length - 1]) % 2 === 0;
    var digits = even ? whole : increment(whole);
    var magnitude = digits.slice(0, -9) + "." + digits.slice(-9);
    return Number((x < 0 ? "-" : "") + magnitude);
  }
  /* analysis.rounding.format_number: half up on the decimal value, no "-0.00" */
  function formatNumber(x, digits) {
    if (x === Infinity) { return "\u221e"; }
    if (x === -Infinity) { return "\u2212\u221e"; }
    var r = round9(x);
    var n = "0";
    if (r !== 0) {
      var s = shortest(r), keep = s.point + digits, d = s.digits;
      if (keep >= 0) {
        var head = (d + "0".repeat(Math.max(0, keep - d.length))).slice(0, keep) || "0";
        var next = keep < d.length ? d[keep] : "0";
        n = next >= "5" ? increment(head) : head;
      }
      n = n.replace(/^0+(?=.)/, "");
    }
    var zero = /^0+$/.test(n);
    var padded = "0".repeat(Math.max(0, digits + 1 - n.length)) + n;
    var text = digits > 0 ? padded.slice(0, -digits) + "." + padded.slice(-digits) : padded;
    return (r < 0 && !zero ? "-" : "") + text;
  }
  function increment(digits) {
    var list = digits.split(""), i = list.length - 1;
    while (i >= 0 && list[i] === "9") { list[i] = "0"; i -= 1; }
    if (i < 0) { list.unshift("1"); } else { list[i] = String(Number(list[i]) + 1); }
    return list.join("");
  }

  /* ---- CSV: Python's csv reader/writer (excel dialect, "\n" lines) and the formula guard ---- */
  function parseCsv(text) {
    var rows = [], row = [], field = "", quoted = false, i = 0, inField = false;
    while (i < text.length) {
      var c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') { quoted = false; } else { field += c; }
      } else if (c === '"' && !inField) { quoted = true; inField = true;
      } else if (c === ",") { row.push(field); field = ""; inField = false;
      } else if (c === "\n" || c === "\r") {
        if (inField || row.length) { row.push(field); }
        if (row.length) { rows.push(row); }
        row = []; field = ""; inField = false;
        if (c === "\r" && text[i + 1] === "\n") { i += 1; }
      } else { field += c; inField = true; }
      i += 1;
    }
    if (inField || row.length) { row.push(field); rows.push(row); }
    return rows;
  }
  function csvField(text) {
    return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }
  function csvLine(row) { return row.length === 1 && row[0] === "" ? '""' : row.map(csvField).join(","); }
  var FORMULA_START = ["=", "+", "-", "@", "\t", "\r"];
  var NUMBER = /^[-+]?(\p{Nd}+\.?\p{Nd}*|\.\p{Nd}+)([eE][-+]?\p{Nd}+)?$/u;
  function needsQuote(text) {
    var bare = text.replace(/^'+/, "");
    return FORMULA_START.indexOf(bare.charAt(0)) >= 0 && !(bare === text && NUMBER.test(text));
  }
  function inertCell(text) { return needsQuote(text) ? "'" + text : text; }
  function plainCell(text) { return text.charAt(0) === "'" && needsQuote(text.slice(1)) ? text.slice(1) : text; }

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
      if (BREAK_AFTER.indexOf(ch) >= 0 || run >= BREAK_RUN) { out.push("\\allowbreak{}"); run = 0; }
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
  function label(text) {
    return chars(text).map(function (ch) { return /^[A-Za-z0-9:.-]$/.test(ch) ? ch : "-"; }).join("");
  }
  function paperTex(columns, widths, how) {
    var recompute = how.command ? " Recompute: \\texttt{" + breakable(how.command) + "}" : "";
    var spec = columns.map(function (col, i) {
      return numeric(col[1]) ? "r" : (widths[i] ? "p{" + widths[i].toFixed(0) + "pt}" : "l");
    }).join("");
    var size = how.narrow ? ["\\footnotesize", "\\setlength{\\tabcolsep}{3pt}"] : ["\\small"];
    var lines = ["\\begin{" + how.floatEnv + "}[htbp]", "\\centering"].concat(size, [
      "\\caption{" + breakable(how.caption) + recompute + "}", "\\label{" + label(how.label) + "}",
      "\\begin{tabular}{" + spec + "}", "\\toprule",
      columns.map(function (col) { return stacked(col[0], headerLines(col[0])); }).join(" & ") + " \\\\", "\\midrule"]);
    var count = columns.length ? columns[0][1].length : 0;
    for (var r = 0; r < count; r += 1) {
      lines.push(columns.map(function (col, i) { return widths[i] ? breakable(col[1][r]) : escape(col[1][r]); }).join(" & ") + " \\\\");
    }
    return lines.concat(["\\bottomrule", "\\end{tabular}", "\\end{" + how.floatEnv + "}", ""]).join("\n");
  }

  /* ---- the paper-shaped table (cite/paper_table.py) ---- */
  var COLUMN_PT = 219.0, TEXT_PT = 455.0, TABCOLSEP_PT = 6.0, FONT_PT = 10.0, MAX_OTHER_MEASURES = 4;
  var TEXT_NUMBER = 1e15, MAX_ROWS = 40, WRAP_PT = 90.0, SAFETY = 1.0;
  var COMPANIONS = ["ci_low", "ci_high", "rank_range", "cluster", "n"];
  var SHORT = { rank_range: "ranks", cluster: "cluster", n: "n" };
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
      return !numeric(col[1]) && widest > WRAP_PT ? WRAP_PT : 0.0;
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
  function paperText(header, rows, caption, labelText, command, fullName) {
    var shown = rows.slice(0, MAX_ROWS), how = shape(header, shown), notes = [];
    if (how.omitted.length) { notes.push(omittedNote(header, how.omitted)); }
    if (rows.length > MAX_ROWS) { notes.push("The first " + MAX_ROWS + " of " + rows.length + " rows."); }
    var note = notes.length ? " " + notes.join(" ") + " Every column and row: " + fullName + "." : "";
    return paperTex(how.columns, how.wraps, { floatEnv: how.floatEnv, narrow: how.narrow,
      caption: caption + note, label: labelText, command: command });
  }

  /* ---- JSON as json.dumps(indent=1, ensure_ascii=False) writes it ---- */
  function jsonString(text) {
    return '"' + text.replace(/[\u0000-\u001f\\"]/g, function (ch) {
      var named = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" }[ch];
      return named || "\\u00" + (ch.charCodeAt(0) < 16 ? "0" : "") + ch.charCodeAt(0).toString(16);
    }) + '"';
  }
  /* values: {raw: "text"} for a number as written, strings, booleans, null, arrays, Maps */
  function dumps(value, level) {
    var pad = " ".repeat(level + 1), end = " ".repeat(level);
    if (value === null) { return "null"; }
    if (value === true || value === false) { return String(value); }
    if (typeof value === "string") { return jsonString(value); }
    if (value.raw !== undefined) { return value.raw; }
    if (Array.isArray(value)) {
      if (!value.length) { return "[]"; }
      return "[\n" + value.map(function (v) { return pad + dumps(v, level + 1); }).join(",\n") + "\n" + end + "]";
    }
    var entries = value instanceof Map ? Array.from(value.entries()) : Object.keys(value).map(function (k) { return [k, value[k]]; });
    if (!entries.length) { return "{}"; }
    return "{\n" + entries.map(function (e) { return pad + jsonString(e[0]) + ": " + dumps(e[1], level + 1); }).join(",\n") + "\n" + end + "}";
  }
  /* downloads._value: CSV text -> JSON value */
  function jsonValue(text) {
    if (text === "") { return null; }
    if (text === "True" || text === "False") { return text === "True"; }
    var whole = pyInt(text);
    if (whole !== null) { return { raw: whole }; }
    var value = pyFloat(text);
    return value === null || !isFinite(value) ? text : { raw: pyRepr(value) };
  }

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
    var caption = name + " (" + subRows.length + " rows). " + note + " " + captionOf(block);
    var head = "% litboard table " + path + ", as shown on the board; needs \\usepackage{booktabs}\n" +
      "% computed with " + packagesLine(block) + "\n";
    var tex = head + paperText(subHeader, subRows, caption, "tab:" + stem + SUFFIX, block.command, name + ".full.tex");
    var out = {};
    out[stem + SUFFIX + ".csv"] = csvOut;
    out[stem + SUFFIX + ".json"] = jsonOut;
    out[stem + SUFFIX + ".tex"] = tex;
    return out;
  }
  var SUFFIX = ".shown";

  var api = { shownFiles: shownFiles, commentLine: commentLine, jsonValue: jsonValue, textPt: textPt, paperText: paperText, formatCell: formatCell, digitsFor: digitsFor,
    pyFloat: pyFloat, pyInt: pyInt, pyRepr: pyRepr, formatNumber: formatNumber, parseCsv: parseCsv,
    csvLine: csvLine, inertCell: inertCell, plainCell: plainCell, escape: escape, breakable: breakable,
    headerLines: headerLines, stacked: stacked, numeric: numeric, label: label, paperTex: paperTex,
    chars: chars, isSpace: isSpace, isDigit: isDigit, isUpper: isUpper, isAscii: isAscii, strip: strip,
    rstrip: rstrip };
  root.litboardTables = api;
  if (typeof module !== "undefined" && module.exports) { module.exports = api; }
})(typeof window !== "undefined" ? window : globalThis);
