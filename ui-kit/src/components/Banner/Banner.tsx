import { forwardRef, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../internal/icons';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledBanner,
  StyledBannerActions,
  StyledBannerBody,
  StyledBannerClose,
  StyledBannerIcon,
  StyledBannerTitle,
  type BannerType,
  type BannerVariant,
} from './Banner.styles';

export type { BannerType, BannerVariant };

export interface BannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type?: BannerType;
  variant?: BannerVariant;
  title?: ReactNode;
  /** Rich content: text, links, a <Markdown> block. */
  children?: ReactNode;
  /** Replaces the type icon; pass null to hide it. */
  icon?: ReactNode;
  /** Buttons under the content. */
  actions?: ReactNode;
  /** Shows a close button; the banner hides itself and calls onClose. */
  closable?: boolean;
  onClose?: (event: MouseEvent<HTMLButtonElement>) => void;
}

const defaultIcons: Record<BannerType, ReactNode> = {
  info: <InfoIcon />,
  success: <SuccessIcon />,
  warning: <WarningIcon />,
  danger: <ErrorIcon />,
};

/**
 * Inline message: info/success as role="status", warning/danger as role="alert" so screen
 * readers announce problems at once.
 */
export const Banner = forwardRef<HTMLDivElement, BannerProps>(function Banner(
  { type = 'info', variant = 'soft', title, children, icon, actions, closable = false, onClose, ...rest },
  ref,
) {
  const { t } = useT();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const shownIcon = icon === undefined ? defaultIcons[type] : icon;
  return (
    <StyledBanner
      ref={ref}
      role={type === 'warning' || type === 'danger' ? 'alert' : 'status'}
      data-type={type}
      data-state="open"
      $type={type}
      $variant={variant}
      {...rest}
    >
      {shownIcon !== null ? (
        <StyledBannerIcon aria-hidden="true" $type={type}>
          {shownIcon}
        </StyledBannerIcon>
      ) : null}
      <StyledBannerBody>
        {title !== undefined ? <StyledBannerTitle>{title}</StyledBannerTitle> : null}
        {children !== undefined ? <div>{children}</div> : null}
        {actions !== undefined ? <StyledBannerActions>{actions}</StyledBannerActions> : null}
      </StyledBannerBody>
      {closable ? (
        <StyledBannerClose
          type="button"
          aria-label={t('banner.close')}
          onClick={(event) => {
            onClose?.(event);
            // The caller may keep it open by calling preventDefault().
            if (!event.defaultPrevented) setOpen(false);
          }}
        >
          <CloseIcon />
        </StyledBannerClose>
      ) : null}
    </StyledBanner>
  );
});
