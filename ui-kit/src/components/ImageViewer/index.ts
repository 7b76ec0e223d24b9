export { ImageThumbnail, ImageViewer, isSafeImageHref } from './ImageViewer';
export type { ImageThumbnailProps, ImageViewerProps, ViewerImage } from './ImageViewer';
