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
