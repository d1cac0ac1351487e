// The replay steps with the arrow keys (Home and End for the deal and the end), as the links do.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  var typing = event.target.closest && event.target.closest("input, textarea, select");
  if (typing) return;
  var rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  var link = rel && document.querySelector('.replay-nav a[rel="' + rel + '"]');
  if (link) {
    event.preventDefault();
    link.click();
  }
});

// Keep the current step in sight in the game's list.
document.addEventListener("DOMContentLoaded", function () {
  var current = document.querySelector(".replay-log .current");
  var list = document.querySelector(".replay-log .steps");
  if (current && list) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
});
