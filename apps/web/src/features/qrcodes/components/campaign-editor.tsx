import type { CampaignSettings, CampaignSwitch, CampaignVariant, QrCodeView } from '@qrd/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useUpdateQrCode } from '../api/qr-codes';
import { buildUtmUrl, cleanSettings, fromLocalInput, isPlacedField, toLocalInput, UTM_FIELDS, utmOf, type Utm } from '../lib/campaign';
import { type RuleDraft, ruleDraft, RoutingRulesSection, toRule } from './campaign-rules-section';
import { type CampaignProblems, Section } from './campaign-section';

const UTM_LABELS: Record<(typeof UTM_FIELDS)[number], string> = {
  utm_source: 'Source',
  utm_medium: 'Medium',
  utm_campaign: 'Campaign',
  utm_term: 'Term',
  utm_content: 'Content',
};

/**
 * The Campaign tab: UTM builder, query pass-through, expiry and scan limit, scheduled destinations,
 * routing rules with a "test this rule" preview, and an A/B split. Saved together; live on every
 * replica within a second.
 */
export function CampaignEditor({ code }: { code: QrCodeView }) {
  const update = useUpdateQrCode(code.id);
  const initial = code.campaign ?? {};
  const [utm, setUtm] = useState<Utm>(() => utmOf(code.destinationUrl));
  const [passQuery, setPassQuery] = useState(initial.passQuery !== false);
  const [passScanId, setPassScanId] = useState(initial.passScanId === true);
  const [startsAt, setStartsAt] = useState(toLocalInput(initial.startsAt));
  const [expiresAt, setExpiresAt] = useState(toLocalInput(initial.expiresAt));
  const [scanLimit, setScanLimit] = useState(initial.scanLimit ? String(initial.scanLimit) : '');
  const [fallbackUrl, setFallbackUrl] = useState(initial.fallbackUrl ?? '');
  const [schedule, setSchedule] = useState<CampaignSwitch[]>(initial.schedule ?? []);
  const [rules, setRules] = useState<RuleDraft[]>((initial.rules ?? []).map(ruleDraft));
  const [split, setSplit] = useState<CampaignVariant[]>(initial.split ?? []);
  const [error, setError] = useState<string | null>(null);
  /** The server's messages by path inside the settings ('rules.1', 'split.0.weight'). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const problems: CampaignProblems = {
    problem: (path) => fieldErrors[path],
    itemProblem: (list, i, shown) =>
      Object.entries(fieldErrors).find(([path]) => path === `${list}.${i}` || (path.startsWith(`${list}.${i}.`) && !shown.includes(path.slice(`${list}.${i}.`.length))))?.[1],
  };
  const { problem, itemProblem } = problems;
  /** A message goes as soon as its field is edited; the note under the form goes with the last one. */
  function edited(...paths: string[]) {
    if (!paths.some((path) => path in fieldErrors)) return;
    const rest = Object.fromEntries(Object.entries(fieldErrors).filter(([path]) => !paths.includes(path)));
    setFieldErrors(rest);
    if (Object.keys(rest).length === 0) setError(null);
  }
  const [savingUrl, setSavingUrl] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const finalUrl = buildUtmUrl(code.destinationUrl, utm);
  const now = Date.now();

  async function applyUtm() {
    setSavingUrl(true);
    try {
      await update.mutateAsync({ destinationUrl: finalUrl });
      toast({ title: 'QR Code Updated', description: 'Scans now go to the address with your campaign parameters.' });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Error Updating QR Code', description: getErrorMessage(e, 'Something went wrong while updating your QR code.') });
    } finally {
      setSavingUrl(false);
    }
  }

  async function setCodePassword(next: string | null) {
    setPasswordError(null);
    try {
      await update.mutateAsync({ password: next });
      setPassword('');
      toast({ title: next ? 'Password Set' : 'Password Removed', description: next ? 'Scanners now give the password before the redirect.' : 'Scanners go straight to the destination again.' });
    } catch (e) {
      setPasswordError(getErrorMessage(e, 'Something went wrong while saving the password.'));
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    const settings: CampaignSettings = cleanSettings({
      passQuery,
      passScanId,
      startsAt: fromLocalInput(startsAt),
      expiresAt: fromLocalInput(expiresAt),
      scanLimit: scanLimit.trim() ? Number(scanLimit) : null,
      fallbackUrl: fallbackUrl.trim() || null,
      schedule,
      rules: rules.map(toRule),
      split,
    });
    try {
      await update.mutateAsync({ campaign: Object.keys(settings).length ? settings : null });
      toast({ title: 'Campaign Saved', description: 'Scans follow the new settings within a second.' });
    } catch (e) {
      const fields = Object.fromEntries(
        Object.entries(getFieldErrors(e))
          .filter(([path]) => path.startsWith('campaign.'))
          .map(([path, message]) => [path.slice('campaign.'.length), message]),
      );
      setFieldErrors(fields);
      const unplaced = Object.entries(fields).filter(([path]) => !isPlacedField(path));
      if (unplaced.length > 0) setError(unplaced.map(([, message]) => message).join(' '));
      else if (Object.keys(fields).length > 0) setError('Some settings need a change: see the messages above.');
      else setError(getErrorMessage(e, 'Something went wrong while saving the campaign.'));
    }
  }

  return (
    <form noValidate onSubmit={save} className="grid gap-6">
      <Section title="UTM builder" hint="Campaign parameters written into the destination, so your web analytics see where scans come from.">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {UTM_FIELDS.map((field) => (
            <FormField key={field} id={`utm-${field}`} label={UTM_LABELS[field]}>
              <Input id={`utm-${field}`} value={utm[field]} onChange={(e) => setUtm({ ...utm, [field]: e.target.value })} autoComplete="off" />
            </FormField>
          ))}
        </div>
        <p className="break-all rounded-md bg-muted p-3 text-sm" aria-live="polite">
          <span className="font-medium">Final URL: </span>
          <span data-testid="utm-final-url">{finalUrl}</span>
        </p>
        <Button type="button" variant="outline" className="justify-self-start" disabled={savingUrl || finalUrl === code.destinationUrl} onClick={() => void applyUtm()}>
          {savingUrl && <Spinner />} Use this URL
        </Button>
      </Section>

      <Section title="Dates and scan limit">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={passQuery} onChange={(e) => setPassQuery(e.target.checked)} className="size-4" />
          Pass the scanner&apos;s query string on to the destination
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={passScanId} onChange={(e) => setPassScanId(e.target.checked)} className="size-4" />
          Send each scan&apos;s id to the destination as qrd_id, so your site can report leads and sales (conversions)
        </label>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField id="campaign-starts" label="Starts at" error={problem('startsAt')} hint="Your local time. Before it the code shows a &quot;not live yet&quot; page.">
            <Input id="campaign-starts" type="datetime-local" value={startsAt} onChange={(e) => {
                setStartsAt(e.target.value);
                edited('startsAt');
              }} />
          </FormField>
          <FormField id="campaign-expires" label="Ends at" error={problem('expiresAt')} hint="Your local time. After it the code shows an expired page.">
            <Input id="campaign-expires" type="datetime-local" value={expiresAt} onChange={(e) => {
                setExpiresAt(e.target.value);
                edited('expiresAt');
              }} />
          </FormField>
          <FormField
            id="campaign-limit"
            label="Scan limit"
            error={problem('scanLimit')}
            hint={code.remainingScans != null ? `${code.remainingScans} scans left` : 'Counted scans; bots do not count.'}
          >
            <Input id="campaign-limit" type="number" min={1} inputMode="numeric" value={scanLimit} onChange={(e) => {
                setScanLimit(e.target.value);
                edited('scanLimit');
              }} />
          </FormField>
          <FormField id="campaign-fallback" label="Fallback URL" error={problem('fallbackUrl')} hint="Where scans go before the start or once the code has expired (optional).">
            <Input id="campaign-fallback" type="url" inputMode="url" value={fallbackUrl} onChange={(e) => {
                setFallbackUrl(e.target.value);
                edited('fallbackUrl');
              }} />
          </FormField>
        </div>
      </Section>

      <Section title="Scheduled destinations" hint="The code switches to each address at its moment, on its own.">
        {schedule.length === 0 && <p className="text-sm text-muted-foreground">No switch planned.</p>}
        <ul className="grid gap-3">
          {schedule.map((item, i) => {
            const past = Date.parse(item.at) <= now;
            const whole = itemProblem('schedule', i, ['at', 'destination']);
            return (
              <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_auto]">
                <FormField id={`switch-at-${i}`} label={past ? `Switched (past)` : `Switch ${i + 1} at`} error={problem(`schedule.${i}.at`)}>
                  <Input
                    id={`switch-at-${i}`}
                    type="datetime-local"
                    disabled={past}
                    value={toLocalInput(item.at)}
                    onChange={(e) => {
                      setSchedule(schedule.map((s, j) => (j === i ? { ...s, at: fromLocalInput(e.target.value) ?? '' } : s)));
                      edited(`schedule.${i}.at`, `schedule.${i}`);
                    }}
                  />
                </FormField>
                <FormField id={`switch-url-${i}`} label="Destination" error={problem(`schedule.${i}.destination`)}>
                  <Input
                    id={`switch-url-${i}`}
                    type="url"
                    disabled={past}
                    value={item.destination}
                    onChange={(e) => {
                      setSchedule(schedule.map((s, j) => (j === i ? { ...s, destination: e.target.value } : s)));
                      edited(`schedule.${i}.destination`);
                    }}
                  />
                </FormField>
                {!past && (
                  <Button type="button" variant="ghost" size="icon" aria-label={`Remove switch ${i + 1}`} onClick={() => setSchedule(schedule.filter((_, j) => j !== i))}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
                {whole && (
                  <p role="alert" className="text-sm font-medium text-destructive sm:col-span-full">
                    {whole}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setSchedule([...schedule, { at: '', destination: '' }])}>
          <Plus aria-hidden="true" /> Add a switch
        </Button>
      </Section>

      <RoutingRulesSection rules={rules} onChange={setRules} destination={code.destinationUrl} problems={problems} />

      <Section title="A/B split" hint="Scanners are shared among the variants by weight, and keep theirs for the day.">
        {split.length === 0 && <p className="text-sm text-muted-foreground">No split.</p>}
        {problem('split') && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem('split')}
          </p>
        )}
        <ul className="grid gap-3">
          {split.map((variant, i) => {
            const set = (patch: Partial<CampaignVariant>) => setSplit(split.map((v, j) => (j === i ? { ...v, ...patch } : v)));
            const whole = itemProblem('split', i, ['name', 'destination', 'weight']);
            return (
              <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_6rem_auto]">
                <FormField id={`variant-name-${i}`} label="Variant" error={problem(`split.${i}.name`)}>
                  <Input id={`variant-name-${i}`} value={variant.name} onChange={(e) => set({ name: e.target.value })} />
                </FormField>
                <FormField id={`variant-url-${i}`} label="Destination" error={problem(`split.${i}.destination`)}>
                  <Input id={`variant-url-${i}`} type="url" value={variant.destination} onChange={(e) => set({ destination: e.target.value })} />
                </FormField>
                <FormField id={`variant-weight-${i}`} label="Weight" error={problem(`split.${i}.weight`)}>
                  <Input id={`variant-weight-${i}`} type="number" min={1} value={String(variant.weight)} onChange={(e) => set({ weight: Number(e.target.value) })} />
                </FormField>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove variant ${variant.name || i + 1}`} onClick={() => setSplit(split.filter((_, j) => j !== i))}>
                  <Trash2 aria-hidden="true" />
                </Button>
                {whole && (
                  <p role="alert" className="text-sm font-medium text-destructive sm:col-span-full">
                    {whole}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setSplit([...split, { name: String.fromCharCode(65 + split.length), destination: code.destinationUrl, weight: 1 }])}
        >
          <Plus aria-hidden="true" /> Add a variant
        </Button>
      </Section>

      <Section
        title="Password"
        hint={code.passwordProtected ? 'This code asks scanners for a password before the redirect.' : 'Optional: scanners must give a password before the redirect.'}
      >
        <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto_auto]">
          <FormField id="campaign-password" label={code.passwordProtected ? 'New password' : 'Password'} error={passwordError ?? undefined}>
            <Input id="campaign-password" type="password" autoComplete="new-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <Button type="button" variant="outline" disabled={!password || update.isPending} onClick={() => void setCodePassword(password)}>
            Set password
          </Button>
          {code.passwordProtected && (
            <Button type="button" variant="ghost" disabled={update.isPending} onClick={() => void setCodePassword(null)}>
              Remove password
            </Button>
          )}
        </div>
      </Section>

      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={update.isPending} className="justify-self-start">
        {update.isPending && !savingUrl && <Spinner />}
        {update.isPending && !savingUrl ? 'Saving...' : 'Save campaign'}
      </Button>
    </form>
  );
}
