export { Toaster, toast } from './Toast';
export type { ToastItem, ToastOptions, ToasterClearance, ToasterPlacement, ToasterProps, ToastTone } from './Toast';
