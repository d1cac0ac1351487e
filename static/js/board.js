// After a move, keep the keyboard where the next decision is. htmx replaces the whole board, so
// the button just pressed disappears and focus would fall back to the page body, many Tabs away
// from the new options. Only a board that had the focus takes it back: a refresh while the player
// is elsewhere on the page (the search box, the log) leaves the focus alone.
(function () {
  var focusWasOnBoard = false;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board") {
      focusWasOnBoard = target.contains(document.activeElement);
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!focusWasOnBoard) return;
    focusWasOnBoard = false;
    var next =
      document.querySelector("#board .action-buttons button:not([disabled])") ||
      document.getElementById("h-actions") ||
      document.getElementById("board-status");
    if (next) next.focus({ preventScroll: false });
  });
})();

// Live updates (issue #15). The server says on the board's event stream when a new version of the
// duel is ready; the board then fetches its own view (htmx's hx-get on #board, fired by the
// "board-changed" event), as it does on load. While nothing happens, nothing is requested.
// Polling is the fallback: when EventSource is missing, when the server ends the stream for good
// (a server that cannot stream answers 204), or after repeated failures to connect. Without
// JavaScript the board has its Refresh link.
(function () {
  var FAILURES_BEFORE_POLLING = 3;
  var PENDING_CHECK_MS = 1000;
  var source = null;
  var failures = 0;
  var polling = false;
  var timer = null;
  var latestAnnounced = -1;

  function board() {
    return document.getElementById("board");
  }

  function boardVersion() {
    var current = board();
    return current ? Number(current.dataset.version) : -1;
  }

  function isPending() {
    var current = board();
    return Boolean(current && current.dataset.pending === "1");
  }

  function refresh() {
    var current = board();
    if (current && current.dataset.events && window.htmx) window.htmx.trigger(current, "board-changed");
  }

  function closeStream() {
    if (source) source.close();
    source = null;
  }

  function schedule() {
    clearTimeout(timer);
    timer = null;
    var current = board();
    if (!current || !current.dataset.events) return;
    if (polling) {
      timer = setTimeout(function () {
        refresh();
        schedule();
      }, isPending() ? 1000 : 5000);
    } else if (isPending()) {
      // Our own move is being resolved: its announcement may have come before this board did.
      timer = setTimeout(refresh, PENDING_CHECK_MS);
    }
  }

  function startPolling() {
    closeStream();
    polling = true;
    schedule();
  }

  function openStream(url) {
    source = new EventSource(url);
    source.addEventListener("open", function () {
      failures = 0;
    });
    source.addEventListener("version", function (event) {
      var version = Number(event.data);
      latestAnnounced = Math.max(latestAnnounced, version);
      if (version > boardVersion() || isPending()) refresh();
    });
    source.addEventListener("over", function () {
      closeStream();
      refresh();
    });
    source.addEventListener("error", function () {
      if (!source) return;
      failures += 1;
      if (source.readyState === EventSource.CLOSED || failures >= FAILURES_BEFORE_POLLING) startPolling();
    });
  }

  function follow() {
    var current = board();
    if (!current || !current.dataset.events) {
      // A finished duel (or no board): nothing more will change.
      closeStream();
      clearTimeout(timer);
      return;
    }
    if (!polling && !source) {
      if (window.EventSource) openStream(current.dataset.events);
      else polling = true;
    }
    if (latestAnnounced > boardVersion()) refresh();
    schedule();
  }

  document.addEventListener("htmx:afterSettle", follow);
  follow();
})();
