export { CopyButton } from './CopyButton';
export type { CopyButtonAppearance, CopyButtonProps, CopyButtonState } from './CopyButton';
export { COPY_TOAST_DURATION, useClipboard } from './useClipboard';
export type { CopyOptions, CopyResult, UseClipboardResult } from './useClipboard';
