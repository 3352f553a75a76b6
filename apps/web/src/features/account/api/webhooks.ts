import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookDto, UpdateWebhookDto, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './keys';

const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** GET /api/webhooks -> the account's endpoints, oldest first. */
export function getWebhooks(): Promise<WebhookEndpointView[]> {
  return api.get<WebhookEndpointView[]>('/api/webhooks');
}

/** POST /api/webhooks {url, events} -> 201 with the signing secret, shown this once. */
export function createWebhook(input: CreateWebhookDto): Promise<WebhookEndpointWithSecret> {
  return api.post<WebhookEndpointWithSecret>('/api/webhooks', input);
}

/** PATCH /api/webhooks/{id} {url?, events?, enabled?} */
export function updateWebhook({ id, ...changes }: UpdateWebhookDto & { id: string }): Promise<WebhookEndpointView> {
  return api.patch<WebhookEndpointView>(path(id), changes);
}

/** DELETE /api/webhooks/{id} -> 204, with its delivery log. */
export function deleteWebhook(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

/** POST /api/webhooks/{id}/rotate-secret -> a new secret, shown this once; the old one stops. */
export function rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return api.post<WebhookEndpointWithSecret>(`${path(id)}/rotate-secret`, {});
}

/** GET /api/webhooks/{id}/deliveries -> the latest attempts, newest first. */
export function getWebhookDeliveries(id: string): Promise<WebhookDeliveryView[]> {
  return api.get<WebhookDeliveryView[]>(`${path(id)}/deliveries`);
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend -> 202: the event goes out again. */
export function resendWebhookDelivery({ id, deliveryId }: { id: string; deliveryId: string }): Promise<void> {
  return api.post<void>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {});
}

/** POST /api/webhooks/{id}/test -> 202: a webhook.test event goes out. */
export function sendWebhookTest(id: string): Promise<void> {
  return api.post<void>(`${path(id)}/test`, {});
}

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhookKeys.list(), queryFn: getWebhooks });

/** Refreshed every few seconds while open: deliveries and their retries happen in the background. */
export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookKeys.deliveries(id), queryFn: () => getWebhookDeliveries(id), refetchInterval: 3000 });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}

function useWebhookMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () => useWebhookMutation(createWebhook);
export const useUpdateWebhook = () => useWebhookMutation(updateWebhook);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret);
export const useResendWebhookDelivery = () => useWebhookMutation(resendWebhookDelivery);
export const useSendWebhookTest = () => useWebhookMutation(sendWebhookTest);
