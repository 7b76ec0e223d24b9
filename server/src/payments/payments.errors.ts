import { RequestError } from '../common/domain-error';

export class PaymentsError extends RequestError {}
