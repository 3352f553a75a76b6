import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';

/**
 * Copies a value; says so on the button and to screen readers. `label` names the action ("Copy
 * password"), `copiedLabel` what happened ("Password copied"), both in the reader's language.
 */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await copyText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={copied ? copiedLabel : label}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">
        {copied ? (
          <FormattedMessage id="site.copyButton.copied" defaultMessage="Copied" />
        ) : (
          <FormattedMessage id="site.copyButton.copy" defaultMessage="Copy" />
        )}
      </span>
    </Button>
  );
}
