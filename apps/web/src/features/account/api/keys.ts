// The account feature's query-key factories: API keys, data exports and webhooks.

/** Every cached answer about the account's API keys. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

/** Every cached answer about the account's data exports. */
export const dataExportKeys = {
  all: ['data-export'] as const,
  latest: () => [...dataExportKeys.all, 'latest'] as const,
};

/** Every cached answer about the account's webhook endpoints. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

/** The workspace's conversion settings (its Stripe endpoint). */
export const conversionKeys = {
  all: ['conversions'] as const,
  settings: () => [...conversionKeys.all, 'settings'] as const,
};
