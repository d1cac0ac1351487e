// Forms marked data-confirm="Question?" ask before they are sent. A static file, not an inline
// onsubmit handler: the Content-Security-Policy runs no inline script.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  }, true);
})();
