import { RequestError } from '../common/domain-error';

/** The data dashboard's refusals (a self query's range, once its defaults are filled in). */
export class DashboardError extends RequestError {}
