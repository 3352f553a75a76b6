(function () {
  try {
    var tab = new URLSearchParams(location.search).get('tab');
    if (location.pathname !== '/dashboard' || (tab && tab !== 'codes')) return;
    var responses = {};
    ['/api/auth/user', '/api/qrcodes?limit=24&sort=created&order=desc'].forEach(function (path) {
      responses[path] = fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
      responses[path].catch(function () {});
    });
    window.__earlyData = { startedAt: Date.now(), responses: responses };
  } catch (e) {}
})();
