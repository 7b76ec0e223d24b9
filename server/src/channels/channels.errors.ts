import { RequestError } from '../common/domain-error';

/** The channels domain's one exception type (codes `channel.*`). */
export class ChannelsError extends RequestError {}
