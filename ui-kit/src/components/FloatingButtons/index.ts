export { BackToTop, FloatingButton, FloatingButtons } from './FloatingButtons';
export type {
  BackToTopProps,
  FloatingAction,
  FloatingButtonProps,
  FloatingButtonsProps,
  FloatingPlacement,
  ScrollTarget,
} from './FloatingButtons';
export { scrollToTop, useScrolledPast } from './useScrolledPast';
