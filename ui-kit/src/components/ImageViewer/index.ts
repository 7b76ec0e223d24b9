export { ImageThumbnail, ImageViewer } from './ImageViewer';
export type { ImageThumbnailProps, ImageViewerProps, ViewerImage } from './ImageViewer';
