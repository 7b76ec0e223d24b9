export { Toaster, toast } from './Toast';
export type { ToastItem, ToastOptions, ToasterPlacement, ToasterProps, ToastTone } from './Toast';
