export { Dialog, DialogClose } from './Dialog';
export type { DialogProps, DialogSize } from './Dialog';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps, ConfirmOptions, ConfirmTone } from './ConfirmDialog';
export { ConfirmHost, confirm } from './confirm';
export { DialogActions } from './DialogActions';
export type { DialogActionsProps } from './DialogActions';
