import { RequestError } from '../common/domain-error';

/** The users domain's refusals (`user.*`, `aff.*`): a registered code, the spec's message. */
export class UsersError extends RequestError {}
