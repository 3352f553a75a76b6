/** Every cached answer of the hosted pages: one public page per short link. */
export const hostedPageKeys = {
  all: ['hosted-pages'] as const,
  page: (slug: string) => [...hostedPageKeys.all, slug] as const,
};
