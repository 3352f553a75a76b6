import { wifiPayload, type WifiContent } from '@qrd/contracts';
import { Wifi } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from './copy-button';

// The names of the standards, the same in every language (an open network is said in words).
const SECURITY_NAMES: Record<Exclude<WifiContent['security'], 'nopass'>, string> = { WPA: 'WPA/WPA2/WPA3', WEP: 'WEP' };

/** A Wi-Fi network: a code another phone scans to join, and the name and password to copy. */
export function WifiPage({ wifi }: { wifi: WifiContent }) {
  const intl = useIntl();
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
  const security =
    wifi.security === 'nopass'
      ? intl.formatMessage({ id: 'site.wifiPage.open', defaultMessage: 'Open (no password)' })
      : SECURITY_NAMES[wifi.security];
  return (
    <article className="grid gap-6">
      <header className="grid justify-items-center gap-2 text-center">
        <Wifi className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold break-words">
          <FormattedMessage id="site.wifiPage.title" defaultMessage="Join “{ssid}”" values={{ ssid: wifi.ssid }} />
        </h1>
        <p className="text-muted-foreground">
          <FormattedMessage id="site.wifiPage.text" defaultMessage="Scan this code with another phone’s camera to join, or copy the details." />
        </p>
      </header>
      <div className="justify-self-center rounded-md bg-white p-2">
        {qr ? <img src={qr} alt={intl.formatMessage({ id: 'site.wifiPage.qrAlt', defaultMessage: 'QR code to join the Wi-Fi network {ssid}' }, { ssid: wifi.ssid })} className="size-60" /> : <div className="size-60" aria-hidden="true" />}
      </div>
      <dl className="grid gap-3">
        <div className="flex min-w-0 items-center justify-between gap-3 rounded-md border p-3">
          <div className="grid min-w-0">
            <dt className="text-xs text-muted-foreground">
              <FormattedMessage id="site.wifiPage.network" defaultMessage="Network" />
            </dt>
            <dd className="font-medium break-all">{wifi.ssid}</dd>
          </div>
          <CopyButton
            value={wifi.ssid}
            label={intl.formatMessage({ id: 'site.wifiPage.copyNetwork', defaultMessage: 'Copy network name' })}
            copiedLabel={intl.formatMessage({ id: 'site.wifiPage.networkCopied', defaultMessage: 'network name copied' })}
          />
        </div>
        {wifi.security !== 'nopass' && wifi.password && (
          <div className="flex min-w-0 items-center justify-between gap-3 rounded-md border p-3">
            <div className="grid min-w-0">
              <dt className="text-xs text-muted-foreground">
                <FormattedMessage id="site.common.password" defaultMessage="Password" />
              </dt>
              <dd className="font-mono break-all">{wifi.password}</dd>
            </div>
            <CopyButton
              value={wifi.password}
              label={intl.formatMessage({ id: 'site.wifiPage.copyPassword', defaultMessage: 'Copy password' })}
              copiedLabel={intl.formatMessage({ id: 'site.wifiPage.passwordCopied', defaultMessage: 'password copied' })}
            />
          </div>
        )}
        <div className="rounded-md border p-3">
          <dt className="text-xs text-muted-foreground">
            <FormattedMessage id="site.wifiPage.security" defaultMessage="Security" />
          </dt>
          <dd>
            {wifi.hidden ? (
              <FormattedMessage id="site.wifiPage.hidden" defaultMessage="{security}, hidden network" values={{ security }} />
            ) : (
              security
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
