import { RequestError } from '../common/domain-error';

/**
 * A refusal of sign-in, registration, password reset or e-mail binding that the caller can fix
 * (400 unless said otherwise). Named for the accounts flows: `AuthError` (common/domain-error.ts)
 * is the 401/403 of who is calling.
 */
export class AccountsError extends RequestError {}
