// Paints the saved theme before the bundle runs, so nothing flashes. A file of its own, not an
// inline script: the Content-Security-Policy allows scripts from the server only.
(function () {
  try {
    var theme = localStorage.getItem('console.theme') === 'light' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', theme);
    document.documentElement.style.background = theme === 'dark' ? '#0b0e14' : '#f5f6f8';
  } catch {
    // storage blocked: the defaults in the stylesheet apply
  }
})();
