import { Check, Copy } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { copyText } from '../../../lib/copy-text';

/** What the secret is called on its button and in its toasts, each a whole message of the caller's. */
export interface ShownOnceSecretTexts {
  /** The label of the value: "New API key", "Signing secret". */
  label: string;
  /** The copy button: "Copy key". */
  copy: string;
  /** The toast once copied: "Key copied". */
  copied: string;
  /** The toast's words once copied: "Keep it somewhere safe...". */
  copiedHint: string;
  /** When copying failed: "Select the key and copy it by hand." */
  copyByHand: string;
}

interface ShownOnceSecretProps {
  title: ReactNode;
  explanation: ReactNode;
  value: string;
  texts: ShownOnceSecretTexts;
  onDone: () => void;
}

/** A secret the server shows once (an API key, a webhook signing secret): copy it now or lose it. */
export function ShownOnceSecret({ title, explanation, value, texts, onDone }: ShownOnceSecretProps) {
  const intl = useIntl();
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      toast({ title: texts.copied, description: texts.copiedHint });
    } catch {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.secret.copyFailed', defaultMessage: 'Copy failed' }),
        description: texts.copyByHand,
      });
    }
  };

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4">
      <h3 id={titleId} className="font-semibold break-all">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{explanation}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label={texts.label} className="min-w-0 flex-1 rounded bg-muted px-3 py-2 font-mono text-sm break-all select-all">
          {value}
        </code>
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? <FormattedMessage id="account.secret.copiedButton" defaultMessage="Copied" /> : texts.copy}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          <FormattedMessage id="account.secret.saved" defaultMessage="I've saved it" />
        </Button>
      </div>
    </section>
  );
}
