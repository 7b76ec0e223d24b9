import { RequestError } from '../common/domain-error';

export class WalletError extends RequestError {}
