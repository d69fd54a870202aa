/* litboard: Python's semantics where they decide a byte of a download — code points (not UTF-16
   units), str.isspace/isdigit/isupper/strip, float(), int(), repr(), round(x, 9) and the site's
   half-up rounding, the csv module and the CSV formula guard, json.dumps(indent=1,
   ensure_ascii=False). Loaded with litboard-latex.js and litboard-tables.js on the first
   as-shown download (tests/browser/test_board_downloads.py holds them to Python). */
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


  root.litboardPy = { chars: chars, isSpace: isSpace, isDigit: isDigit, isUpper: isUpper, isAscii: isAscii,
    strip: strip, rstrip: rstrip, splitWords: splitWords, pyFloat: pyFloat, pyInt: pyInt, pyRepr: pyRepr,
    formatNumber: formatNumber, parseCsv: parseCsv, csvLine: csvLine, FORMULA_START: FORMULA_START,
    inertCell: inertCell, plainCell: plainCell, jsonString: jsonString, dumps: dumps, jsonValue: jsonValue };
})(typeof window !== "undefined" ? window : globalThis);
