import type { WebhookEndpointWithSecret } from '@qrd/contracts';
import { ShownOnceSecret } from './shown-once-secret';

/** The signing secret, the one time it can be seen: the receiver needs it to verify signatures. */
export function WebhookSecretNotice({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={`Signing secret for ${endpoint.url}`}
      explanation={
        <>
          Copy it now: it is not shown again. Your receiver verifies each request's <code className="font-mono">webhook-signature</code> with it
          (Standard Webhooks).
        </>
      }
      value={endpoint.secret}
      label="Signing secret"
      noun="secret"
      copiedHint="Give it to your receiver to verify signatures."
      onDone={onDone}
    />
  );
}
