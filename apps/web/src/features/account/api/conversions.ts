import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversionSettingsView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { conversionKeys } from './keys';

/** GET /api/conversions/settings -> the Stripe endpoint of the workspace and the attribution window. */
export function getConversionSettings(): Promise<ConversionSettingsView> {
  return api.get<ConversionSettingsView>('/api/conversions/settings');
}

/** PUT /api/conversions/settings {stripeWebhookSecret} (null removes it). */
export function saveConversionSettings(stripeWebhookSecret: string | null): Promise<ConversionSettingsView> {
  return api.put<ConversionSettingsView>('/api/conversions/settings', { stripeWebhookSecret });
}

export const conversionSettingsQuery = () => queryOptions({ queryKey: conversionKeys.settings(), queryFn: getConversionSettings });

export function useConversionSettings() {
  return useQuery(conversionSettingsQuery());
}

export function useSaveConversionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveConversionSettings,
    onSuccess: (settings) => client.setQueryData(conversionKeys.settings(), settings),
  });
}
