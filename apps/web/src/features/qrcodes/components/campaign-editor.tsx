import type { CampaignSettings, CampaignSwitch, CampaignVariant, QrCodeView } from '@qrd/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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

const UTM_LABELS = defineMessages({
  utm_source: { id: 'codesCreate.campaign.utm.source', defaultMessage: 'Source' },
  utm_medium: { id: 'codesCreate.campaign.utm.medium', defaultMessage: 'Medium' },
  utm_campaign: { id: 'codesCreate.campaign.utm.campaign', defaultMessage: 'Campaign' },
  utm_term: { id: 'codesCreate.campaign.utm.term', defaultMessage: 'Term' },
  utm_content: { id: 'codesCreate.campaign.utm.content', defaultMessage: 'Content' },
}) satisfies Record<(typeof UTM_FIELDS)[number], unknown>;

/**
 * The Campaign tab: UTM builder, query pass-through, expiry and scan limit, scheduled destinations,
 * routing rules with a "test this rule" preview, and an A/B split. Saved together; live on every
 * replica within a second.
 */
export function CampaignEditor({ code }: { code: QrCodeView }) {
  const intl = useIntl();
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
      toast({
        title: intl.formatMessage({ id: 'codesCreate.toast.updated', defaultMessage: 'QR Code Updated' }),
        description: intl.formatMessage({ id: 'codesCreate.campaign.utmApplied', defaultMessage: 'Scans now go to the address with your campaign parameters.' }),
      });
    } catch (e) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.toast.updateError', defaultMessage: 'Error Updating QR Code' }),
        description: getErrorMessage(e, intl.formatMessage({ id: 'codesCreate.toast.updateFallback', defaultMessage: 'Something went wrong while updating your QR code.' })),
      });
    } finally {
      setSavingUrl(false);
    }
  }

  async function setCodePassword(next: string | null) {
    setPasswordError(null);
    try {
      await update.mutateAsync({ password: next });
      setPassword('');
      toast(
        next
          ? { title: intl.formatMessage({ id: 'codesCreate.campaign.passwordSetTitle', defaultMessage: 'Password Set' }), description: intl.formatMessage({ id: 'codesCreate.campaign.passwordSetDescription', defaultMessage: 'Scanners now give the password before the redirect.' }) }
          : { title: intl.formatMessage({ id: 'codesCreate.campaign.passwordRemovedTitle', defaultMessage: 'Password Removed' }), description: intl.formatMessage({ id: 'codesCreate.campaign.passwordRemovedDescription', defaultMessage: 'Scanners go straight to the destination again.' }) },
      );
    } catch (e) {
      setPasswordError(getErrorMessage(e, intl.formatMessage({ id: 'codesCreate.campaign.passwordFailed', defaultMessage: 'Something went wrong while saving the password.' })));
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
      toast({ title: intl.formatMessage({ id: 'codesCreate.campaign.savedTitle', defaultMessage: 'Campaign Saved' }), description: intl.formatMessage({ id: 'codesCreate.campaign.savedDescription', defaultMessage: 'Scans follow the new settings within a second.' }) });
    } catch (e) {
      const fields = Object.fromEntries(
        Object.entries(getFieldErrors(e))
          .filter(([path]) => path.startsWith('campaign.'))
          .map(([path, message]) => [path.slice('campaign.'.length), message]),
      );
      setFieldErrors(fields);
      const unplaced = Object.entries(fields).filter(([path]) => !isPlacedField(path));
      if (unplaced.length > 0) setError(unplaced.map(([, message]) => message).join(' '));
      else if (Object.keys(fields).length > 0) setError(intl.formatMessage({ id: 'codesCreate.campaign.seeAbove', defaultMessage: 'Some settings need a change: see the messages above.' }));
      else setError(getErrorMessage(e, intl.formatMessage({ id: 'codesCreate.campaign.saveFailed', defaultMessage: 'Something went wrong while saving the campaign.' })));
    }
  }

  return (
    <form noValidate onSubmit={save} className="grid gap-6">
      <Section
        title={intl.formatMessage({ id: 'codesCreate.campaign.utm.title', defaultMessage: 'UTM builder' })}
        hint={intl.formatMessage({ id: 'codesCreate.campaign.utm.hint', defaultMessage: 'Campaign parameters written into the destination, so your web analytics see where scans come from.' })}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {UTM_FIELDS.map((field) => (
            <FormField key={field} id={`utm-${field}`} label={intl.formatMessage(UTM_LABELS[field])}>
              <Input id={`utm-${field}`} value={utm[field]} onChange={(e) => setUtm({ ...utm, [field]: e.target.value })} autoComplete="off" />
            </FormField>
          ))}
        </div>
        <p className="break-all rounded-md bg-muted p-3 text-sm" aria-live="polite">
          <FormattedMessage
            id="codesCreate.campaign.utm.finalUrl"
            defaultMessage="<label>Final URL:</label> {url}"
            values={{
              label: (chunks) => <span className="font-medium">{chunks}</span>,
              url: <span data-testid="utm-final-url">{finalUrl}</span>,
            }}
          />
        </p>
        <Button type="button" variant="outline" className="justify-self-start" disabled={savingUrl || finalUrl === code.destinationUrl} onClick={() => void applyUtm()}>
          {savingUrl && <Spinner />} <FormattedMessage id="codesCreate.campaign.utm.apply" defaultMessage="Use this URL" />
        </Button>
      </Section>

      <Section title={intl.formatMessage({ id: 'codesCreate.campaign.dates.title', defaultMessage: 'Dates and scan limit' })}>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={passQuery} onChange={(e) => setPassQuery(e.target.checked)} className="size-4" />
          <FormattedMessage id="codesCreate.campaign.passQuery" defaultMessage="Pass the scanner's query string on to the destination" />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={passScanId} onChange={(e) => setPassScanId(e.target.checked)} className="size-4" />
          <FormattedMessage
            id="codesCreate.campaign.passScanId"
            defaultMessage="Send each scan's id to the destination as {param}, so your site can report leads and sales (conversions)"
            values={{ param: 'qrd_id' }}
          />
        </label>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField
            id="campaign-starts"
            label={intl.formatMessage({ id: 'codesCreate.campaign.startsAt', defaultMessage: 'Starts at' })}
            error={problem('startsAt')}
            hint={intl.formatMessage({ id: 'codesCreate.campaign.startsHint', defaultMessage: 'Your local time. Before it the code shows a "not live yet" page.' })}
          >
            <Input id="campaign-starts" type="datetime-local" value={startsAt} onChange={(e) => {
                setStartsAt(e.target.value);
                edited('startsAt');
              }} />
          </FormField>
          <FormField
            id="campaign-expires"
            label={intl.formatMessage({ id: 'codesCreate.campaign.endsAt', defaultMessage: 'Ends at' })}
            error={problem('expiresAt')}
            hint={intl.formatMessage({ id: 'codesCreate.campaign.endsHint', defaultMessage: 'Your local time. After it the code shows an expired page.' })}
          >
            <Input id="campaign-expires" type="datetime-local" value={expiresAt} onChange={(e) => {
                setExpiresAt(e.target.value);
                edited('expiresAt');
              }} />
          </FormField>
          <FormField
            id="campaign-limit"
            label={intl.formatMessage({ id: 'codesCreate.campaign.scanLimit', defaultMessage: 'Scan limit' })}
            error={problem('scanLimit')}
            hint={
              code.remainingScans != null
                ? intl.formatMessage(
                    { id: 'codesCreate.campaign.scansLeft', defaultMessage: '{count, plural, one {# scan left} other {# scans left}}' },
                    { count: code.remainingScans },
                  )
                : intl.formatMessage({ id: 'codesCreate.campaign.scanLimitHint', defaultMessage: 'Counted scans; bots do not count.' })
            }
          >
            <Input id="campaign-limit" type="number" min={1} inputMode="numeric" value={scanLimit} onChange={(e) => {
                setScanLimit(e.target.value);
                edited('scanLimit');
              }} />
          </FormField>
          <FormField
            id="campaign-fallback"
            label={intl.formatMessage({ id: 'codesCreate.campaign.fallback', defaultMessage: 'Fallback URL' })}
            error={problem('fallbackUrl')}
            hint={intl.formatMessage({ id: 'codesCreate.campaign.fallbackHint', defaultMessage: 'Where scans go before the start or once the code has expired (optional).' })}
          >
            <Input id="campaign-fallback" type="url" inputMode="url" value={fallbackUrl} onChange={(e) => {
                setFallbackUrl(e.target.value);
                edited('fallbackUrl');
              }} />
          </FormField>
        </div>
      </Section>

      <Section title={intl.formatMessage({ id: 'codesCreate.campaign.schedule.title', defaultMessage: 'Scheduled destinations' })} hint={intl.formatMessage({ id: 'codesCreate.campaign.schedule.hint', defaultMessage: 'The code switches to each address at its moment, on its own.' })}>
        {schedule.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="codesCreate.campaign.schedule.empty" defaultMessage="No switch planned." />
          </p>
        )}
        <ul className="grid gap-3">
          {schedule.map((item, i) => {
            const past = Date.parse(item.at) <= now;
            const whole = itemProblem('schedule', i, ['at', 'destination']);
            return (
              <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_auto]">
                <FormField id={`switch-at-${i}`} label={
                    past
                      ? intl.formatMessage({ id: 'codesCreate.campaign.schedule.past', defaultMessage: 'Switched (past)' })
                      : intl.formatMessage({ id: 'codesCreate.campaign.schedule.at', defaultMessage: 'Switch {number, number} at' }, { number: i + 1 })
                  } error={problem(`schedule.${i}.at`)}>
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
                <FormField id={`switch-url-${i}`} label={intl.formatMessage({ id: 'codesCreate.campaign.destination', defaultMessage: 'Destination' })} error={problem(`schedule.${i}.destination`)}>
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
                  <Button type="button" variant="ghost" size="icon" aria-label={intl.formatMessage({ id: 'codesCreate.campaign.schedule.remove', defaultMessage: 'Remove switch {number, number}' }, { number: i + 1 })} onClick={() => setSchedule(schedule.filter((_, j) => j !== i))}>
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
          <Plus aria-hidden="true" /> <FormattedMessage id="codesCreate.campaign.schedule.add" defaultMessage="Add a switch" />
        </Button>
      </Section>

      <RoutingRulesSection rules={rules} onChange={setRules} destination={code.destinationUrl} problems={problems} />

      <Section title={intl.formatMessage({ id: 'codesCreate.campaign.split.title', defaultMessage: 'A/B split' })} hint={intl.formatMessage({ id: 'codesCreate.campaign.split.hint', defaultMessage: 'Scanners are shared among the variants by weight, and keep theirs for the day.' })}>
        {split.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="codesCreate.campaign.split.empty" defaultMessage="No split." />
          </p>
        )}
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
                <FormField id={`variant-name-${i}`} label={intl.formatMessage({ id: 'codesCreate.campaign.split.variant', defaultMessage: 'Variant' })} error={problem(`split.${i}.name`)}>
                  <Input id={`variant-name-${i}`} value={variant.name} onChange={(e) => set({ name: e.target.value })} />
                </FormField>
                <FormField id={`variant-url-${i}`} label={intl.formatMessage({ id: 'codesCreate.campaign.destination', defaultMessage: 'Destination' })} error={problem(`split.${i}.destination`)}>
                  <Input id={`variant-url-${i}`} type="url" value={variant.destination} onChange={(e) => set({ destination: e.target.value })} />
                </FormField>
                <FormField id={`variant-weight-${i}`} label={intl.formatMessage({ id: 'codesCreate.campaign.split.weight', defaultMessage: 'Weight' })} error={problem(`split.${i}.weight`)}>
                  <Input id={`variant-weight-${i}`} type="number" min={1} value={String(variant.weight)} onChange={(e) => set({ weight: Number(e.target.value) })} />
                </FormField>
                <Button type="button" variant="ghost" size="icon" aria-label={
                    variant.name
                      ? intl.formatMessage({ id: 'codesCreate.campaign.split.remove', defaultMessage: 'Remove variant {name}' }, { name: variant.name })
                      : intl.formatMessage({ id: 'codesCreate.campaign.split.removeNumber', defaultMessage: 'Remove variant {number, number}' }, { number: i + 1 })
                  } onClick={() => setSplit(split.filter((_, j) => j !== i))}>
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
          <Plus aria-hidden="true" /> <FormattedMessage id="codesCreate.campaign.split.add" defaultMessage="Add a variant" />
        </Button>
      </Section>

      <Section
        title={intl.formatMessage({ id: 'codesCreate.campaign.password.title', defaultMessage: 'Password' })}
        hint={
          code.passwordProtected
            ? intl.formatMessage({ id: 'codesCreate.campaign.password.protected', defaultMessage: 'This code asks scanners for a password before the redirect.' })
            : intl.formatMessage({ id: 'codesCreate.campaign.password.optional', defaultMessage: 'Optional: scanners must give a password before the redirect.' })
        }
      >
        <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto_auto]">
          <FormField id="campaign-password" label={code.passwordProtected ? intl.formatMessage({ id: 'codesCreate.campaign.password.new', defaultMessage: 'New password' }) : intl.formatMessage({ id: 'codesCreate.campaign.password.title', defaultMessage: 'Password' })} error={passwordError ?? undefined}>
            <Input id="campaign-password" type="password" autoComplete="new-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <Button type="button" variant="outline" disabled={!password || update.isPending} onClick={() => void setCodePassword(password)}>
            <FormattedMessage id="codesCreate.campaign.password.set" defaultMessage="Set password" />
          </Button>
          {code.passwordProtected && (
            <Button type="button" variant="ghost" disabled={update.isPending} onClick={() => void setCodePassword(null)}>
              <FormattedMessage id="codesCreate.campaign.password.remove" defaultMessage="Remove password" />
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
        {update.isPending && !savingUrl ? (
          <FormattedMessage id="codesCreate.common.saving" defaultMessage="Saving..." />
        ) : (
          <FormattedMessage id="codesCreate.campaign.save" defaultMessage="Save campaign" />
        )}
      </Button>
    </form>
  );
}
