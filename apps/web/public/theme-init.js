// Mirrors src/lib/theme.ts: runs before the app so a dark-mode user never sees a white flash.
(function () {
  try {
    var stored = localStorage.getItem('ui-theme');
    var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.add(dark ? 'dark' : 'light');
  } catch (e) {
    /* storage unavailable: the app applies the system theme itself */
  }
})();
