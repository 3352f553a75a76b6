import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

/** POST /api/contact {name, email, message} -> 202 {message}: the operator receives it by mail. */
export function sendContact(input: ContactInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/contact', input);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
