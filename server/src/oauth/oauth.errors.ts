import { RequestError } from '../common/domain-error';

/** Every refusal of the sign-in and binding flows: a clear message, no session, nothing changed. */
export class OAuthError extends RequestError {}
