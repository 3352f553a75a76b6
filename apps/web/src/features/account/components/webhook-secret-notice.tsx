import type { WebhookEndpointWithSecret } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { ShownOnceSecret } from './shown-once-secret';

/** The signature header the receiver checks (a protocol name, the same in every language). */
const SIGNATURE_HEADER = 'webhook-signature';

/** The signing secret, the one time it can be seen: the receiver needs it to verify signatures. */
export function WebhookSecretNotice({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
  const intl = useIntl();
  return (
    <ShownOnceSecret
      title={intl.formatMessage({ id: 'account.webhookSecret.title', defaultMessage: 'Signing secret for {url}' }, { url: endpoint.url })}
      explanation={
        <FormattedMessage
          id="account.webhookSecret.explanation"
          defaultMessage="Copy it now: it is not shown again. Your receiver verifies each request's <code>{header}</code> with it (Standard Webhooks)."
          values={{ header: SIGNATURE_HEADER, code: (chunks) => <code className="font-mono">{chunks}</code> }}
        />
      }
      value={endpoint.secret}
      texts={{
        label: intl.formatMessage({ id: 'account.webhookSecret.label', defaultMessage: 'Signing secret' }),
        copy: intl.formatMessage({ id: 'account.webhookSecret.copy', defaultMessage: 'Copy secret' }),
        copied: intl.formatMessage({ id: 'account.webhookSecret.copied', defaultMessage: 'Secret copied' }),
        copiedHint: intl.formatMessage({ id: 'account.webhookSecret.copiedHint', defaultMessage: 'Give it to your receiver to verify signatures.' }),
        copyByHand: intl.formatMessage({ id: 'account.webhookSecret.copyByHand', defaultMessage: 'Select the secret and copy it by hand.' }),
      }}
      onDone={onDone}
    />
  );
}
