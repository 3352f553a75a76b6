/** Every cached answer about the workspace's custom short domains. */
export const domainKeys = {
  all: ['domains'] as const,
  list: () => [...domainKeys.all, 'list'] as const,
};
