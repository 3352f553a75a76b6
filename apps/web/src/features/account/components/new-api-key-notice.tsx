import type { CreatedApiKey } from '@qrd/contracts';
import { useIntl } from 'react-intl';
import { ShownOnceSecret } from './shown-once-secret';

/** The new key, the one time it can be seen: copy it now, it is never shown again. */
export function NewApiKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const intl = useIntl();
  return (
    <ShownOnceSecret
      title={intl.formatMessage({ id: 'account.newApiKey.title', defaultMessage: 'Your new key “{name}”' }, { name: created.name })}
      explanation={intl.formatMessage({
        id: 'account.newApiKey.explanation',
        defaultMessage: 'Copy it now: for your safety we store only a fingerprint of it and cannot show it again.',
      })}
      value={created.key}
      texts={{
        label: intl.formatMessage({ id: 'account.newApiKey.label', defaultMessage: 'New API key' }),
        copy: intl.formatMessage({ id: 'account.newApiKey.copy', defaultMessage: 'Copy key' }),
        copied: intl.formatMessage({ id: 'account.newApiKey.copied', defaultMessage: 'Key copied' }),
        copiedHint: intl.formatMessage({ id: 'account.newApiKey.copiedHint', defaultMessage: 'Keep it somewhere safe, like a password manager.' }),
        copyByHand: intl.formatMessage({ id: 'account.newApiKey.copyByHand', defaultMessage: 'Select the key and copy it by hand.' }),
      }}
      onDone={onDone}
    />
  );
}
