// Live card search: a broken query answers 400 with the mistake and a caret under it. htmx does
// not swap error responses by default, so the stale list would stay and the message would never
// show: for the results area, a 400 is content to show, not a failure.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "card-results" && event.detail.xhr.status === 400) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
