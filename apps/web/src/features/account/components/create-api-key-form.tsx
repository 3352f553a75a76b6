import { API_RESOURCE_GROUPS, CreateApiKeyDto, type ApiKeyScope, type ApiResourceGroup, type CreatedApiKey } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form';
import { useCreateApiKey } from '../api/api-keys';

const messages = defineMessages({
  readLabel: { id: 'account.apiKeys.readOnly', defaultMessage: 'Read only' },
  readHint: { id: 'account.createApiKey.readHint', defaultMessage: 'List codes, download images, read analytics and scans.' },
  writeLabel: { id: 'account.apiKeys.readWrite', defaultMessage: 'Read and write' },
  writeHint: { id: 'account.createApiKey.writeHint', defaultMessage: 'Also create, change and delete codes.' },
  codesLabel: { id: 'account.createApiKey.codes', defaultMessage: 'Codes' },
  codesHint: { id: 'account.createApiKey.codesHint', defaultMessage: 'Codes and their images.' },
  analyticsLabel: { id: 'account.createApiKey.analytics', defaultMessage: 'Analytics' },
  analyticsHint: { id: 'account.createApiKey.analyticsHint', defaultMessage: 'Analytics and scan exports.' },
  webhooksLabel: { id: 'account.createApiKey.webhooks', defaultMessage: 'Webhooks' },
  webhooksHint: { id: 'account.createApiKey.webhooksHint', defaultMessage: 'Webhook endpoints and their deliveries.' },
});

const SCOPES: { value: ApiKeyScope; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'read', label: messages.readLabel, hint: messages.readHint },
  { value: 'write', label: messages.writeLabel, hint: messages.writeHint },
];

export const RESOURCE_LABELS: Record<ApiResourceGroup, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  codes: { label: messages.codesLabel, hint: messages.codesHint },
  analytics: { label: messages.analyticsLabel, hint: messages.analyticsHint },
  webhooks: { label: messages.webhooksLabel, hint: messages.webhooksHint },
};

/** Name, scope, what it reaches and an optional last day; the new key goes to `onCreated` to be shown once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const intl = useIntl();
  const mutation = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiresOn, setExpiresOn] = useState('');
  const [resources, setResources] = useState<ApiResourceGroup[]>([...API_RESOURCE_GROUPS]);
  const toggle = (group: ApiResourceGroup, on: boolean) =>
    setResources((current) => API_RESOURCE_GROUPS.filter((g) => (g === group ? on : current.includes(g))));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Every group is the default: only a narrower choice is sent.
    const narrower = resources.length < API_RESOURCE_GROUPS.length;
    const input = { name: name.trim(), scope, ...(narrower ? { resources } : {}), ...(expiresOn ? { expiresOn } : {}) };
    const problems = await validateForm(CreateApiKeyDto, input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const created = await mutation.mutateAsync(input);
      setName('');
      setExpiresOn('');
      setScope('read');
      setResources([...API_RESOURCE_GROUPS]);
      onCreated(created);
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.createApiKey.failed', defaultMessage: 'Failed to create the key' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        id="api-key-name"
        label={intl.formatMessage({ id: 'account.createApiKey.name', defaultMessage: 'Name' })}
        error={errors.name}
        hint={intl.formatMessage({ id: 'account.createApiKey.nameHint', defaultMessage: 'Where you will use it, e.g. “Shop” or “Print pipeline”.' })}
      >
        <Input
          id="api-key-name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'api-key-name-error' : undefined}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          <FormattedMessage id="account.createApiKey.access" defaultMessage="Access" />
        </legend>
        {SCOPES.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary">
            <input
              type="radio"
              name="api-key-scope"
              value={option.value}
              checked={scope === option.value}
              onChange={() => setScope(option.value)}
              className="mt-0.5"
            />
            <span>
              <span className="font-medium">{intl.formatMessage(option.label)}</span>
              <span className="block text-muted-foreground">{intl.formatMessage(option.hint)}</span>
            </span>
          </label>
        ))}
        {errors.scope && <p className="text-sm text-destructive">{errors.scope}</p>}
      </fieldset>
      <fieldset className="grid gap-2 sm:grid-cols-3" aria-describedby={errors.resources ? 'api-key-resources-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">
          <FormattedMessage id="account.createApiKey.reaches" defaultMessage="Reaches" />
        </legend>
        {API_RESOURCE_GROUPS.map((group) => (
          <label key={group} className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary">
            <input type="checkbox" checked={resources.includes(group)} onChange={(e) => toggle(group, e.target.checked)} className="mt-0.5" />
            <span>
              <span className="font-medium">{intl.formatMessage(RESOURCE_LABELS[group].label)}</span>
              <span className="block text-muted-foreground">{intl.formatMessage(RESOURCE_LABELS[group].hint)}</span>
            </span>
          </label>
        ))}
        {errors.resources && (
          <p id="api-key-resources-error" className="text-sm text-destructive sm:col-span-3">
            {errors.resources}
          </p>
        )}
      </fieldset>
      <FormField
        id="api-key-expires"
        label={intl.formatMessage({ id: 'account.createApiKey.lastDay', defaultMessage: 'Last day (optional)' })}
        error={errors.expiresOn}
        hint={intl.formatMessage({ id: 'account.createApiKey.lastDayHint', defaultMessage: 'Leave empty for a key that does not expire.' })}
      >
        <Input
          id="api-key-expires"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          aria-invalid={errors.expiresOn ? true : undefined}
          aria-describedby={errors.expiresOn ? 'api-key-expires-error' : undefined}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner />}
          <FormattedMessage id="account.createApiKey.submit" defaultMessage="Create key" />
        </Button>
      </div>
    </form>
  );
}
