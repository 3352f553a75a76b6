import type { WebhookEndpointWithSecret } from '@qrd/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { copyText } from './copy-text';

/** The signing secret, the one time it can be seen: the receiver needs it to verify signatures. */
export function WebhookSecretNotice({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(endpoint.secret);
      setCopied(true);
      toast({ title: 'Secret copied', description: 'Give it to your receiver to verify signatures.' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the secret and copy it by hand.' });
    }
  };

  return (
    <section aria-labelledby="webhook-secret-title" className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4">
      <h3 id="webhook-secret-title" className="font-semibold break-all">
        Signing secret for {endpoint.url}
      </h3>
      <p className="text-sm text-muted-foreground">
        Copy it now: it is not shown again. Your receiver verifies each request's <code className="font-mono">webhook-signature</code> with it
        (Standard Webhooks).
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label="Signing secret" className="min-w-0 flex-1 rounded bg-muted px-3 py-2 font-mono text-sm break-all select-all">
          {endpoint.secret}
        </code>
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy secret'}
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
