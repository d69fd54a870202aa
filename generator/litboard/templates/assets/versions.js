/* litboard: the version selector — mkdocs-material's own markup and styles (.md-version), fed
   from v/versions.json (mike's format, written by `litboard release`).
   Material's built-in selector (extra.version.provider: mike) reads ../versions.json and goes
   to ../VERSION/, which fits a site whose every version sits in a folder of its own; litboard
   serves the latest site at the root and frozen releases at v/VERSION/. So a page of a release
   (…/v/VERSION/, listed in ../versions.json) reads ../versions.json; any other page reads
   v/versions.json beside the site root. Nothing else is requested, and only from this site;
   names are shown as text, and versions become links only when they are plain release names.
   Choosing a version opens the same page there when it exists, else that version's home. */
(function () {
  "use strict";
  var NAME = /^[0-9A-Za-z][0-9A-Za-z._-]{0,39}$/;
  var config = document.getElementById("__config");
  if (!config || !window.fetch || !window.URL || location.protocol === "file:") { return; }
  var base = new URL(JSON.parse(config.textContent).base || ".", location.href);
  if (base.pathname.slice(-1) !== "/") { base = new URL(base.pathname + "/", base); }

  function list(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (answer) {
      return answer.ok ? answer.json() : [];
    }).then(function (found) {
      return Array.isArray(found) ? found.filter(function (v) {
        return v && typeof v.version === "string" && NAME.test(v.version) && v.version !== "latest";
      }) : [];
    }).catch(function () { return []; });
  }

  /* where this page is: {root: URL of the latest site, current: release name or null, versions} */
  function locate() {
    var match = base.pathname.match(/\/v\/([^/]+)\/$/);
    var name = match ? decodeURIComponent(match[1]) : null;
    var latest = function () {
      return list(new URL("v/versions.json", base)).then(function (versions) {
        return { root: base, current: null, versions: versions };
      });
    };
    if (!name || !NAME.test(name)) { return latest(); }
    return list(new URL("../versions.json", base)).then(function (versions) {
      var mine = versions.some(function (v) { return v.version === name; });
      return mine ? { root: new URL("../../", base), current: name, versions: versions } : latest();
    });
  }

  function home(where, version) {
    return new URL(version === null ? "" : "v/" + encodeURIComponent(version) + "/", where.root);
  }

  /* the same page in another version, if it exists there (a HEAD request to this site) */
  function samePage(target) {
    var rest = location.pathname.indexOf(base.pathname) === 0 ? location.pathname.slice(base.pathname.length) : "";
    if (!rest || rest === "index.html") { return Promise.resolve(new URL("index.html", target)); }
    var there = new URL(rest + location.hash, target);
    return fetch(there.href.split("#")[0], { method: "HEAD", credentials: "same-origin" }).then(function (answer) {
      return answer.ok ? there : new URL("index.html", target);
    }).catch(function () { return new URL("index.html", target); });
  }

  function item(where, version, title, current) {
    var li = document.createElement("li");
    li.className = "md-version__item";
    var link = document.createElement("a");
    link.className = "md-version__link";
    var target = home(where, version);
    link.href = new URL("index.html", target).href;
    link.textContent = title;
    if (version === current) { link.setAttribute("aria-current", "page"); }
    link.addEventListener("click", function (event) {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) { return; }
      event.preventDefault();
      samePage(target).then(function (url) { location.href = url.href; });
    });
    li.appendChild(link);
    return li;
  }

  function render(where) {
    var topic = document.querySelector(".md-header__topic");
    if (!where.versions.length || !topic || topic.querySelector(".md-version")) { return; }
    var titles = {};
    where.versions.forEach(function (v) { titles[v.version] = String(v.title || v.version); });
    var box = document.createElement("div");
    box.className = "md-version lb-version";
    var button = document.createElement("button");
    button.className = "md-version__current";
    button.textContent = where.current === null ? "latest" : "release " + titles[where.current];
    button.setAttribute("aria-label", "Version: " + button.textContent);  /* the name holds the text shown */
    var items = document.createElement("ul");
    items.className = "md-version__list";
    items.appendChild(item(where, null, "latest (this site, moves with the data)", where.current));
    where.versions.forEach(function (v) { items.appendChild(item(where, v.version, "release " + titles[v.version], where.current)); });
    box.appendChild(button);
    box.appendChild(items);
    topic.appendChild(box);
  }

  locate().then(render);
})();
