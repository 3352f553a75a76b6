import { wifiPayload, type WifiContent } from '@qrd/contracts';
import { Wifi } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from './copy-button';

const SECURITY: Record<WifiContent['security'], string> = { WPA: 'WPA/WPA2/WPA3', WEP: 'WEP', nopass: 'Open (no password)' };

/** A Wi-Fi network: a code another phone scans to join, and the name and password to copy. */
export function WifiPage({ wifi }: { wifi: WifiContent }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(wifiPayload(wifi), { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      .then((svg) => current && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [wifi]);
  return (
    <article className="grid gap-6">
      <header className="grid justify-items-center gap-2 text-center">
        <Wifi className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold break-words">Join “{wifi.ssid}”</h1>
        <p className="text-muted-foreground">Scan this code with another phone’s camera to join, or copy the details.</p>
      </header>
      <div className="justify-self-center rounded-md bg-white p-2">
        {qr ? <img src={qr} alt={`QR code to join the Wi-Fi network ${wifi.ssid}`} className="size-60" /> : <div className="size-60" aria-hidden="true" />}
      </div>
      <dl className="grid gap-3">
        <div className="flex min-w-0 items-center justify-between gap-3 rounded-md border p-3">
          <div className="grid min-w-0">
            <dt className="text-xs text-muted-foreground">Network</dt>
            <dd className="font-medium break-all">{wifi.ssid}</dd>
          </div>
          <CopyButton value={wifi.ssid} label="network name" />
        </div>
        {wifi.security !== 'nopass' && wifi.password && (
          <div className="flex min-w-0 items-center justify-between gap-3 rounded-md border p-3">
            <div className="grid min-w-0">
              <dt className="text-xs text-muted-foreground">Password</dt>
              <dd className="font-mono break-all">{wifi.password}</dd>
            </div>
            <CopyButton value={wifi.password} label="password" />
          </div>
        )}
        <div className="rounded-md border p-3">
          <dt className="text-xs text-muted-foreground">Security</dt>
          <dd>
            {SECURITY[wifi.security]}
            {wifi.hidden ? ', hidden network' : ''}
          </dd>
        </div>
      </dl>
    </article>
  );
}
