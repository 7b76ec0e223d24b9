import { RequestError } from '../common/domain-error';

/** The logs domain's exception (list filters, cleanup, exports). */
export class LogsError extends RequestError {}
