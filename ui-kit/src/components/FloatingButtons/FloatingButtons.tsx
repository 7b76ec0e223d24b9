import { forwardRef, useEffect, useState, type ButtonHTMLAttributes, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ChevronUpIcon, CloseIcon, MoreIcon } from '../../internal/icons';
import { IconButton } from '../IconButton/IconButton';
import { Tooltip } from '../Tooltip/Tooltip';
import { StyledFloatingButtons, StyledFloatingItems, StyledFloatingLauncher, StyledFloatingSlot, type FloatingPlacement } from './FloatingButtons.styles';
import { scrollToTop, useScrolledPast, type ScrollTarget } from './useScrolledPast';

export type { FloatingPlacement, ScrollTarget };

export interface FloatingButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: ReactNode;
  /** Accessible name, also the tooltip unless `tooltip` is given. */
  label: string;
  /** Richer tooltip content, e.g. two contact values. */
  tooltip?: ReactNode;
  variant?: 'primary' | 'outline';
}

/**
 * One round floating button with a tooltip on its left. Forwards ref and props, so it can
 * be the trigger of a Popover (the check-in calendar) or a DropdownMenu.
 */
export const FloatingButton = forwardRef<HTMLButtonElement, FloatingButtonProps>(function FloatingButton(
  { icon, label, tooltip, variant = 'outline', ...rest },
  ref,
) {
  return (
    <StyledFloatingSlot>
      <Tooltip content={tooltip ?? label} side="left">
        <IconButton ref={ref} icon={icon} aria-label={label} shape="circle" size="lg" variant={variant} {...rest} />
      </Tooltip>
    </StyledFloatingSlot>
  );
});

export interface BackToTopProps extends Omit<FloatingButtonProps, 'icon' | 'label'> {
  /** Scroll distance in pixels before the button appears. */
  threshold?: number;
  /** Scroll container; defaults to the window. Keep the function stable (useCallback). */
  target?: ScrollTarget;
  label?: string;
}

/** Appears once the page is scrolled down and scrolls back to the top. */
export const BackToTop = forwardRef<HTMLButtonElement, BackToTopProps>(function BackToTop(
  { threshold = 400, target, label, onClick, ...rest },
  ref,
) {
  const { t } = useT();
  const visible = useScrolledPast(threshold, target);
  if (!visible) return null;
  return (
    <FloatingButton
      ref={ref}
      icon={<ChevronUpIcon />}
      label={label ?? t('floatingButtons.backToTop')}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) scrollToTop(target);
      }}
      {...rest}
    />
  );
});

export interface FloatingAction {
  key: string;
  label: string;
  icon: ReactNode;
  tooltip?: ReactNode;
  onClick?: () => void;
  variant?: 'primary' | 'outline';
}

export interface FloatingButtonsProps extends HTMLAttributes<HTMLDivElement> {
  actions?: readonly FloatingAction[];
  /** Extra buttons, e.g. a FloatingButton wrapped in a Popover. Rendered after actions. */
  children?: ReactNode;
  backToTop?: 'visible' | 'hidden';
  backToTopThreshold?: number;
  scrollTarget?: ScrollTarget;
  placement?: FloatingPlacement;
  /**
   * Below the md breakpoint the buttons fold into one launcher that opens them (the default), so
   * a phone shows one button in the corner instead of a column over the page. 'never' keeps the
   * column at every width.
   */
  collapse?: 'narrow' | 'never';
}

/** The fixed stack of round buttons in a page corner (contact, check-in, theme, top). */
export const FloatingButtons = forwardRef<HTMLDivElement, FloatingButtonsProps>(function FloatingButtons(
  {
    actions = [],
    children,
    backToTop = 'visible',
    backToTopThreshold,
    scrollTarget,
    placement = 'bottom-end',
    collapse = 'narrow',
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const collapsible = collapse === 'narrow';
  return (
    <StyledFloatingButtons
      ref={ref}
      role="group"
      aria-label={t('floatingButtons.label')}
      $placement={placement}
      $collapsible={collapsible}
      data-open={open ? 'true' : 'false'}
      {...rest}
    >
      <StyledFloatingItems $collapsible={collapsible} $open={open}>
      {actions.map((action) => (
        <FloatingButton
          key={action.key}
          icon={action.icon}
          label={action.label}
          tooltip={action.tooltip}
          variant={action.variant}
          onClick={action.onClick}
        />
      ))}
      {children}
      {backToTop === 'visible' ? <BackToTop threshold={backToTopThreshold} target={scrollTarget} /> : null}
      </StyledFloatingItems>
      {collapsible ? (
        <StyledFloatingLauncher>
          <FloatingButton
            icon={open ? <CloseIcon /> : <MoreIcon />}
            label={open ? t('floatingButtons.close') : t('floatingButtons.open')}
            aria-expanded={open}
            variant={open ? 'outline' : 'primary'}
            onClick={() => setOpen((v) => !v)}
          />
        </StyledFloatingLauncher>
      ) : null}
    </StyledFloatingButtons>
  );
});
