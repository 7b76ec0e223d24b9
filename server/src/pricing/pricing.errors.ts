import { RequestError } from '../common/domain-error';

export class PricingError extends RequestError {}
