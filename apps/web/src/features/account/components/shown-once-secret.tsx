import { Check, Copy } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { copyText } from '../../../lib/copy-text';

interface ShownOnceSecretProps {
  title: ReactNode;
  explanation: ReactNode;
  value: string;
  /** What the value is, in the labels: "New API key" / "key", "Signing secret" / "secret". */
  label: string;
  noun: string;
  copiedHint: string;
  onDone: () => void;
}

/** A secret the server shows once (an API key, a webhook signing secret): copy it now or lose it. */
export function ShownOnceSecret({ title, explanation, value, label, noun, copiedHint, onDone }: ShownOnceSecretProps) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      toast({ title: `${noun[0].toUpperCase()}${noun.slice(1)} copied`, description: copiedHint });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: `Select the ${noun} and copy it by hand.` });
    }
  };

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4">
      <h3 id={titleId} className="font-semibold break-all">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{explanation}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label={label} className="min-w-0 flex-1 rounded bg-muted px-3 py-2 font-mono text-sm break-all select-all">
          {value}
        </code>
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : `Copy ${noun}`}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          I've saved it
        </Button>
      </div>
    </section>
  );
}
