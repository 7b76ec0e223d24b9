import { RequestError } from '../common/domain-error';

/** The channels domain's one exception type (message keys `channel.*`). */
export class ChannelsError extends RequestError {}
