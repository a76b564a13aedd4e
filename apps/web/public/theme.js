// Paints the saved theme and direction before the bundle runs, so nothing flashes. A file of its
// own, not an inline script: the Content-Security-Policy allows scripts from the server only.
(function () {
  try {
    var theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
    var root = document.documentElement;
    root.setAttribute('data-theme', theme);
    root.setAttribute('data-prefers-color-scheme', theme);
    if (localStorage.getItem('lang') === 'ar') root.setAttribute('dir', 'rtl');
  } catch {
    // storage blocked: the defaults in the stylesheet apply
  }
})();
