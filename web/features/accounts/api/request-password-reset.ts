/**
 * `POST /api/password-reset` (decision 054): asks for a reset link for an address. The answer's
 * message is the same whether or not the address has an account; the form shows it as it is.
 */
import type { PasswordResetRequestInput } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<string> {
  const response = await apiRequest('POST', '/api/password-reset', input);
  const { message } = (await response.json()) as { message: string };
  return message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
