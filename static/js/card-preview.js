// Card previews: hovering or focusing a card name inside ruling text shows the card in a small
// popover, fetched once from the link's data-preview URL. Without JavaScript the link's title
// attribute still shows a text preview, and the link still opens the card page.
(function () {
  "use strict";
  var cache = {};
  var box = null;

  function popover() {
    if (!box) {
      box = document.createElement("div");
      box.className = "card-popover";
      box.setAttribute("role", "tooltip");
      box.id = "card-popover";
      box.hidden = true;
      document.body.appendChild(box);
    }
    return box;
  }

  function place(link) {
    var rect = link.getBoundingClientRect();
    var el = popover();
    el.style.left = Math.max(8, Math.min(rect.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - 340)) + "px";
    el.style.top = rect.bottom + window.scrollY + 6 + "px";
  }

  function show(link) {
    var url = link.getAttribute("data-preview");
    if (!url) return;
    var el = popover();
    link.setAttribute("aria-describedby", "card-popover");
    link.dataset.title = link.title;
    link.removeAttribute("title"); // no native tooltip on top of ours
    place(link);
    var render = function (html) {
      el.innerHTML = html;
      el.hidden = false;
    };
    if (cache[url]) return render(cache[url]);
    fetch(url, { headers: { "HX-Request": "true" } })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) { if (html) { cache[url] = html; render(html); } });
  }

  function hide(link) {
    if (box) box.hidden = true;
    if (link && link.dataset.title) link.title = link.dataset.title;
  }

  function linkOf(event) {
    return event.target.closest ? event.target.closest("a.card-link") : null;
  }

  document.addEventListener("mouseover", function (e) { var l = linkOf(e); if (l) show(l); });
  document.addEventListener("mouseout", function (e) { var l = linkOf(e); if (l) hide(l); });
  document.addEventListener("focusin", function (e) { var l = linkOf(e); if (l) show(l); });
  document.addEventListener("focusout", function (e) { var l = linkOf(e); if (l) hide(l); });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hide(null); });
})();
