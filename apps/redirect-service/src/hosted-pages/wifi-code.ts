import QRCode from 'qrcode';

/**
 * The code another phone scans to join a Wi-Fi network, as inline SVG: one path of dark modules
 * (a row's run of modules is one rectangle), dark on white whatever the page's theme.
 */
export function wifiCodeSvg(payload: string, label: string): string {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const margin = 2;
  let path = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(x, y)) x++;
      path += `M${start + margin} ${y + margin}h${x - start}v1h${start - x}z`;
    }
  }
  const full = size + 2 * margin;
  return (
    `<svg class="qr" role="img" aria-label="${label}" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
