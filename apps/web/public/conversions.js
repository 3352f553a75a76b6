/*
 * QR Dynamic conversions (docs/conversions.md), for the pages a code sends its scanners to: keeps
 * the scan id (qrd_id) that came in the address in a first-party cookie for 30 days, so that the
 * site can send it with a lead or a sale later (window.qrdScanId() returns it, or null).
 */
(function () {
  var match = /[?&]qrd_id=([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})(?:&|#|$)/i.exec(location.search);
  if (match) {
    document.cookie = 'qrd_id=' + match[1].toLowerCase() + '; path=/; max-age=2592000; samesite=lax' + (location.protocol === 'https:' ? '; secure' : '');
  }
  window.qrdScanId = function () {
    var found = /(?:^|;\s*)qrd_id=([0-9a-f-]{36})(?:;|$)/.exec(document.cookie);
    return found ? found[1] : null;
  };
})();
