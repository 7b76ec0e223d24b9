export { StatCard } from './StatCard';
export type { StatCardProps, StatCardTone } from './StatCard';
