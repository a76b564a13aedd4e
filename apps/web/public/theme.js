// Paints the saved theme and direction before the bundle runs, so nothing flashes. A file of its
// own, not an inline script: the Content-Security-Policy allows scripts from the server only.
// It also hides the first paint of home the server sent inside the page (src/app/first-paint.tsx:
// a visitor's home in the language of the page) where the app will show something else: another
// page (the same test as main.tsx), a signed-in trader, or another language.
(function () {
  var root = document.documentElement;
  var keep = /^#?\/?(?:pages\/index\/index)?(?:[?].*)?$/.test(location.hash);
  try {
    var theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
    root.setAttribute('data-theme', theme);
    root.setAttribute('data-prefers-color-scheme', theme);
    var lang = localStorage.getItem('lang');
    if (lang === 'ar') root.setAttribute('dir', 'rtl');
    var sentIn = root.getAttribute('data-lang');
    if (sentIn && (lang || 'en') !== sentIn) keep = false;
    var session = localStorage.getItem('allToken');
    if (session && JSON.parse(session).token) keep = false;
  } catch {
    // storage blocked: the defaults in the stylesheet apply (a visitor, the page's language)
  }
  if (!keep) root.setAttribute('data-first-paint', 'off');
  // Home's first banner image, preloaded on home: when few pairs rank above it, it is the largest
  // paint, and the app only draws it once its scripts have run. The server puts home's banners in
  // the page (#home-banners, in the page's language); another language asks for its own.
  try {
    var banners = document.getElementById('home-banners');
    var home = /^#?\/?(?:pages\/index\/index)?(?:[?].*)?$/.test(location.hash);
    if (
      home &&
      banners &&
      (localStorage.getItem('lang') || 'en') === banners.getAttribute('data-page-lang')
    ) {
      var first = JSON.parse(banners.textContent || '[]')[0];
      if (first && typeof first.imageUrl === 'string') {
        var link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = first.imageUrl.replace(/^\//, './');
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
      }
    }
  } catch {
    // no banners known: the app asks for them
  }
})();
