import type { CreatedApiKey } from '@qrd/contracts';
import { ShownOnceSecret } from './shown-once-secret';

/** The new key, the one time it can be seen: copy it now, it is never shown again. */
export function NewApiKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={`Your new key “${created.name}”`}
      explanation="Copy it now: for your safety we store only a fingerprint of it and cannot show it again."
      value={created.key}
      label="New API key"
      noun="key"
      copiedHint="Keep it somewhere safe, like a password manager."
      onDone={onDone}
    />
  );
}
