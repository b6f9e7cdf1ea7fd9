import { useSearchParams } from 'react-router';

/**
 * The e-mail address and token of a link the server mailed (confirm the account, set a new
 * password), and which of the two is missing, as the key of the error that says so.
 */
export function useLinkParams() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const missing = !email ? 'errors.emailMissing' : !token ? 'errors.tokenMissing' : null;
  return { email, token, missing } as const;
}
