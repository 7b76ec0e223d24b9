import { RequestError } from '../common/domain-error';

/** A refused redemption-code operation (400, 404, 409), with its `redemption.*` code. */
export class RedemptionsError extends RequestError {}
