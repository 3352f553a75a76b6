import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, ReportCodeDto, type ReportReason } from '@qrd/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SentCard } from '../../../components/sent-card';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { cn } from '../../../lib/utils';
import { useSendReport } from '../api/send-report';
import { ABUSE_TEXT, REASON_MESSAGES } from './report-messages';

const FIELD_CLASS =
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/** What a short link looks like (an address, the same in every language). */
const SHORT_LINK_EXAMPLE = 'https://…/r/AbC1234';

/** "Report this QR code": anyone, signed in or not, tells us about a code that leads somewhere harmful. */
export function ReportForm({ initialCode = '' }: { initialCode?: string }) {
  const intl = useIntl();
  const empty = { code: initialCode, reason: '', details: '', email: '' };
  const [sent, setSent] = useState(false);
  const mutation = useSendReport();
  const form = useDtoForm(ReportCodeDto, empty, {
    idPrefix: 'report-',
    onSubmit: async (values) => {
      try {
        await mutation.mutateAsync({
          code: values.code.trim(),
          reason: values.reason as ReportReason,
          details: values.details.trim(),
          email: values.email.trim(),
        });
      } catch (error) {
        form.setErrorsFromResponse(error);
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'site.reportForm.failed', defaultMessage: 'Failed to send report' }),
          description: getErrorMessage(error, intl.formatMessage({ id: 'site.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
        });
        return;
      }
      setSent(true);
    },
  });

  if (sent) {
    return (
      <SentCard
        Icon={ShieldCheck}
        title={intl.formatMessage({ id: 'site.reportForm.sent', defaultMessage: 'Report sent' })}
        againLabel={intl.formatMessage({ id: 'site.reportForm.again', defaultMessage: 'Report another code' })}
        onAgain={() => {
          form.reset({ ...empty, code: '' });
          setSent(false);
        }}
      >
        {intl.formatMessage(ABUSE_TEXT.accepted)}
      </SentCard>
    );
  }

  const busy = form.isSubmitting;
  const reasonId = form.fieldId('reason');
  const detailsId = form.fieldId('details');
  const describedBy = (id: string, error: string | undefined) => (error ? `${id}-error` : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="site.report.title" defaultMessage="Report a QR code" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="site.reportForm.description"
            defaultMessage="You do not need an account. Only the code and what is wrong are required."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
          <FormField id={form.fieldId('code')} label={intl.formatMessage({ id: 'site.reportForm.code', defaultMessage: 'Short link or code' })} error={form.errors.code}>
            <Input {...form.inputProps('code')} placeholder={SHORT_LINK_EXAMPLE} autoComplete="off" spellCheck={false} />
          </FormField>
          <FormField id={reasonId} label={intl.formatMessage({ id: 'site.reportForm.reason', defaultMessage: 'What is wrong?' })} error={form.errors.reason}>
            <select
              id={reasonId}
              name="reason"
              value={form.values.reason}
              onChange={(event) => form.setValue('reason', event.target.value)}
              aria-invalid={form.errors.reason ? true : undefined}
              aria-describedby={describedBy(reasonId, form.errors.reason)}
              className={cn(FIELD_CLASS, 'h-10')}
            >
              <option value="">{intl.formatMessage({ id: 'site.reportForm.chooseReason', defaultMessage: 'Choose a reason' })}</option>
              {REPORT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {intl.formatMessage(REASON_MESSAGES[reason])}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={detailsId} label={intl.formatMessage({ id: 'site.reportForm.details', defaultMessage: 'Details (optional)' })} error={form.errors.details}>
            <textarea
              id={detailsId}
              name="details"
              rows={5}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              value={form.values.details}
              onChange={(event) => form.setValue('details', event.target.value)}
              placeholder={intl.formatMessage({
                id: 'site.reportForm.detailsPlaceholder',
                defaultMessage: 'Where did you see the code, and what did the page ask you for?',
              })}
              aria-invalid={form.errors.details ? true : undefined}
              aria-describedby={describedBy(detailsId, form.errors.details)}
              className={cn(FIELD_CLASS, 'min-h-28')}
            />
          </FormField>
          <FormField id={form.fieldId('email')} label={intl.formatMessage({ id: 'site.reportForm.email', defaultMessage: 'Your email (optional, if we may ask you more)' })} error={form.errors.email}>
            <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} />
          </FormField>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy && <Spinner />}
            {busy ? (
              <FormattedMessage id="site.common.sending" defaultMessage="Sending..." />
            ) : (
              <FormattedMessage id="site.reportForm.send" defaultMessage="Send report" />
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
