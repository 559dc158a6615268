// Applies the stored theme before first paint (no flash). Loaded as a blocking script from
// index.html; an external file because the server's CSP forbids inline scripts.
// Key: STORAGE_KEY_PREFIX of @hmi/domain + 'THEME'.
/* global document */
(function () {
  try {
    if (localStorage.getItem('hmicloud_1.0.4_THEME') === 'dark') {
      document.documentElement.classList.add('dark');
      document.documentElement.style.colorScheme = 'dark';
    }
  } catch {
    // Storage unavailable: stay light.
  }
})();
