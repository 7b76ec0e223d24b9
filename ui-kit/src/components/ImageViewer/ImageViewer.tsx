import { forwardRef, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ChevronLeftIcon, ChevronRightIcon } from '../../internal/icons';
import { useControllableState } from '../../internal/useControllableState';
import { Dialog } from '../Dialog/Dialog';
import { IconButton } from '../IconButton/IconButton';
import { Spinner } from '../Spinner/Spinner';
import {
  StyledBar,
  StyledCaption,
  StyledError,
  StyledImage,
  StyledNav,
  StyledOriginalLink,
  StyledStage,
  StyledStageOverlay,
  StyledThumbnail,
} from './ImageViewer.styles';

export interface ViewerImage {
  src: string;
  /** Text alternative; also shown under the image. */
  alt: string;
}

export interface ImageViewerProps {
  images: readonly ViewerImage[];
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The image shown (0-based); controlled or not. */
  index?: number;
  defaultIndex?: number;
  onIndexChange?: (index: number) => void;
  /** Dialog heading; defaults to "查看图片" / "Image". */
  title?: ReactNode;
  /** Optional element that opens the viewer. */
  trigger?: ReactElement;
  /** Shows a link to the full image in a new tab. Defaults to true. */
  originalLink?: boolean;
}

type LoadState = 'loading' | 'loaded' | 'error';

/**
 * Whether an image address may become a link: http(s), blob, inline images and relative paths.
 * Result URLs come from third-party task servers; a `javascript:` one must never be clickable.
 */
export function isSafeImageHref(src: string): boolean {
  const trimmed = src.trim();
  if (trimmed === '') return false;
  if (/^data:image\//i.test(trimmed)) return true;
  try {
    const base = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
    return ['http:', 'https:', 'blob:'].includes(new URL(trimmed, base).protocol);
  } catch {
    return false;
  }
}

/**
 * A lightbox over result images (drawing results): a modal dialog with the image fitted to the
 * screen, a spinner while it loads, a message when it fails, previous/next (buttons and the arrow
 * keys) when there are several, and a link to the original.
 */
export function ImageViewer({
  images,
  open,
  defaultOpen,
  onOpenChange,
  index: indexProp,
  defaultIndex = 0,
  onIndexChange,
  title,
  trigger,
  originalLink = true,
}: ImageViewerProps) {
  const { t } = useT();
  const [rawIndex, setIndex] = useControllableState(indexProp, defaultIndex, onIndexChange);
  const count = images.length;
  const index = count === 0 ? 0 : Math.min(Math.max(rawIndex, 0), count - 1);
  const image = images[index];
  const src = image?.src ?? '';
  // The load state belongs to one address: another image starts again from 'loading'.
  const [load, setLoad] = useState<{ src: string; state: LoadState }>({ src, state: 'loading' });
  const state: LoadState = load.src === src ? load.state : 'loading';
  const setState = (next: LoadState) => setLoad({ src, state: next });

  // Without a trigger (one viewer shared by many thumbnails) focus goes back to the opener.
  const opener = useRef<HTMLElement | null>(null);

  const showLink = originalLink && isSafeImageHref(src);

  const go = (delta: number) => {
    if (count < 2) return;
    setIndex((index + delta + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };

  return (
    <Dialog
      title={title ?? t('imageViewer.title')}
      size="lg"
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      trigger={trigger}
      onKeyDown={onKeyDown}
      onOpenAutoFocus={() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onCloseAutoFocus={(event) => {
        if (trigger !== undefined || opener.current === null || !opener.current.isConnected) return;
        event.preventDefault();
        opener.current.focus();
      }}
      data-part="image-viewer"
      footer={
        image !== undefined && (count > 1 || showLink) ? (
          <StyledBar>
            {count > 1 ? (
              <StyledNav>
                <IconButton variant="outline" icon={<ChevronLeftIcon />} aria-label={t('imageViewer.previous')} onClick={() => go(-1)} />
                <span aria-live="polite">{t('imageViewer.position', { index: index + 1, count })}</span>
                <IconButton variant="outline" icon={<ChevronRightIcon />} aria-label={t('imageViewer.next')} onClick={() => go(1)} />
              </StyledNav>
            ) : (
              <span />
            )}
            {showLink ? (
              <StyledOriginalLink href={src} target="_blank" rel="noopener noreferrer">
                {t('imageViewer.original')}
              </StyledOriginalLink>
            ) : null}
          </StyledBar>
        ) : undefined
      }
    >
      {image === undefined ? (
        <StyledStage>
          <StyledCaption>{t('imageViewer.empty')}</StyledCaption>
        </StyledStage>
      ) : (
        <StyledStage data-state={state}>
          <StyledImage
            key={src}
            src={src}
            alt={image.alt}
            $loaded={state === 'loaded'}
            onLoad={() => setState('loaded')}
            onError={() => setState('error')}
          />
          {state === 'loading' ? (
            <StyledStageOverlay>
              <Spinner label={t('imageViewer.loading')} />
            </StyledStageOverlay>
          ) : null}
          {state === 'error' ? (
            <StyledStageOverlay>
              <StyledError role="alert">{t('imageViewer.failed')}</StyledError>
            </StyledStageOverlay>
          ) : null}
          {image.alt !== '' && state === 'loaded' ? <StyledCaption>{image.alt}</StyledCaption> : null}
        </StyledStage>
      )}
    </Dialog>
  );
}

const ImageIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
  </svg>
);

export interface ImageThumbnailProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  src: string;
  /** Accessible name of the button (what clicking shows), e.g. "查看结果图片". */
  'aria-label': string;
  size?: 'sm' | 'md';
}

/** A small preview button (lazy-loaded image, an icon if it fails) that opens an ImageViewer. */
export const ImageThumbnail = forwardRef<HTMLButtonElement, ImageThumbnailProps>(function ImageThumbnail(
  { src, size = 'sm', type = 'button', ...rest },
  ref,
) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <StyledThumbnail ref={ref} type={type} $size={size} data-state={failed ? 'error' : 'idle'} {...rest}>
      {failed ? <ImageIcon /> : <img src={src} alt="" loading="lazy" onError={() => setFailedSrc(src)} />}
    </StyledThumbnail>
  );
});
