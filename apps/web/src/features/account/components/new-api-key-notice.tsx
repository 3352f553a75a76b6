import type { CreatedApiKey } from '@qrd/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { copyText } from './copy-text';

/** The new key, the one time it can be seen: copy it now, it is never shown again. */
export function NewApiKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(created.key);
      setCopied(true);
      toast({ title: 'Key copied', description: 'Keep it somewhere safe, like a password manager.' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the key and copy it by hand.' });
    }
  };

  return (
    <section aria-labelledby="new-api-key-title" className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4">
      <h3 id="new-api-key-title" className="font-semibold">
        Your new key “{created.name}”
      </h3>
      <p className="text-sm text-muted-foreground">Copy it now: for your safety we store only a fingerprint of it and cannot show it again.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label="New API key" className="min-w-0 flex-1 rounded bg-muted px-3 py-2 font-mono text-sm break-all select-all">
          {created.key}
        </code>
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy key'}
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
