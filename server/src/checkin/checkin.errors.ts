import { RequestError } from '../common/domain-error';

/** The check-in domain's refusals (already checked in today). */
export class CheckinError extends RequestError {}
