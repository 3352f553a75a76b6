import { ContactDto } from '@qrd/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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
import { useSendContact } from '../api/send-contact';

const EMPTY = { name: '', email: '', message: '' };

const messages = defineMessages({
  sent: { id: 'site.contactForm.sent', defaultMessage: 'Message sent' },
  // The server's CONTACT_ACCEPTED (@qrd/contracts), in the reader's language.
  accepted: { id: 'site.contactForm.accepted', defaultMessage: 'Thank you, your message has been sent.' },
});

/** The contact form: validated with the server's ContactDto, sent to the operator by mail. */
export function ContactForm() {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const mutation = useSendContact();
  const form = useDtoForm(ContactDto, EMPTY, {
    idPrefix: 'contact-',
    onSubmit: async (values) => {
      try {
        await mutation.mutateAsync({ name: values.name.trim(), email: values.email.trim(), message: values.message.trim() });
      } catch (error) {
        form.setErrorsFromResponse(error);
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'site.contactForm.failed', defaultMessage: 'Failed to send message' }),
          description: getErrorMessage(error, intl.formatMessage({ id: 'site.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
        });
        return;
      }
      toast({ title: intl.formatMessage(messages.sent), description: intl.formatMessage(messages.accepted) });
      setSent(true);
    },
  });

  if (sent) {
    return (
      <SentCard
        Icon={MailCheck}
        title={intl.formatMessage(messages.sent)}
        againLabel={intl.formatMessage({ id: 'site.contactForm.again', defaultMessage: 'Send another message' })}
        onAgain={() => {
          form.reset(EMPTY);
          setSent(false);
        }}
      >
        <FormattedMessage
          id="site.contactForm.sentText"
          defaultMessage="Thank you, your message has been sent. We will answer at {email}."
          values={{ email: form.values.email.trim() }}
        />
      </SentCard>
    );
  }

  const busy = form.isSubmitting;
  const messageError = form.errors.message;
  const messageId = form.fieldId('message');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="site.contactForm.title" defaultMessage="Send us a message" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="site.contactForm.allRequired" defaultMessage="All fields are required." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={form.fieldId('name')} label={intl.formatMessage({ id: 'site.contactForm.name', defaultMessage: 'Name' })} error={form.errors.name}>
              <Input {...form.inputProps('name')} autoComplete="name" />
            </FormField>
            <FormField id={form.fieldId('email')} label={intl.formatMessage({ id: 'site.common.email', defaultMessage: 'Email' })} error={form.errors.email}>
              <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} />
            </FormField>
          </div>
          <FormField id={messageId} label={intl.formatMessage({ id: 'site.contactForm.message', defaultMessage: 'Message' })} error={messageError}>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              value={form.values.message}
              onChange={(event) => form.setValue('message', event.target.value)}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${messageId}-error` : undefined}
              className={cn(
                'flex min-h-32 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none aria-invalid:border-destructive md:text-sm',
              )}
            />
          </FormField>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy && <Spinner />}
            {busy ? (
              <FormattedMessage id="site.common.sending" defaultMessage="Sending..." />
            ) : (
              <FormattedMessage id="site.contactForm.send" defaultMessage="Send message" />
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
