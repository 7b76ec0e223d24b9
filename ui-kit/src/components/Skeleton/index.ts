export { Skeleton } from './Skeleton';
export type { SkeletonAnimation, SkeletonProps, SkeletonVariant } from './Skeleton';
