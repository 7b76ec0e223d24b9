// Toasts: mount <Toaster /> once inside your providers and call toast.success('已保存')
// anywhere. Without a mounted Toaster (embedded widgets), the first call mounts a detached
// one on document.body with the default theme.
import { forwardRef, type ReactNode } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useT } from '../../i18n/I18nProvider';
import { createHostStore } from '../../internal/hostStore';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../internal/icons';
import { Button } from '../Button/Button';
import {
  StyledToastActions,
  StyledToastBody,
  StyledToastClose,
  StyledToastDescription,
  StyledToastIcon,
  StyledToastRoot,
  StyledToastTitle,
  StyledViewport,
  type ToasterClearance,
  type ToasterPlacement,
  type ToastTone,
} from './Toast.styles';

export type { ToasterClearance, ToasterPlacement, ToastTone };

export interface ToastOptions {
  description?: ReactNode;
  /** Milliseconds before auto-dismiss. Errors default to 8000, others to 4000. */
  duration?: number;
  /** Optional action button, e.g. { label: '撤销', onClick }. */
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastOptions {
  id: number;
  tone: ToastTone;
  title: ReactNode;
}

const store = createHostStore<ToastItem>();

const DEFAULT_DURATION: Record<ToastTone, number> = {
  success: 4000,
  info: 4000,
  warning: 6000,
  error: 8000,
};

const icons: Record<ToastTone, ReactNode> = {
  success: <SuccessIcon />,
  error: <ErrorIcon />,
  info: <InfoIcon />,
  warning: <WarningIcon />,
};

function show(tone: ToastTone, title: ReactNode, options: ToastOptions = {}): number {
  const id = store.nextId();
  store.add({ id, tone, title, ...options });
  if (!store.hasHost()) {
    store.mountFallback(() => <ToasterView fallback placement="top-center" />, 'data-sluice-toaster');
  }
  return id;
}

/** Imperative API; each call returns the toast id. */
export const toast = {
  success: (title: ReactNode, options?: ToastOptions) => show('success', title, options),
  error: (title: ReactNode, options?: ToastOptions) => show('error', title, options),
  info: (title: ReactNode, options?: ToastOptions) => show('info', title, options),
  warning: (title: ReactNode, options?: ToastOptions) => show('warning', title, options),
  /** Removes one toast, or all of them without an id. */
  dismiss: (id?: number) => {
    if (id === undefined) store.replace([]);
    else store.remove(id);
  },
};

interface ToastCardProps {
  item: ToastItem;
}

const ToastCard = forwardRef<HTMLLIElement, ToastCardProps>(function ToastCard({ item }, ref) {
  const { t } = useT();
  return (
    <StyledToastRoot
      ref={ref}
      $tone={item.tone}
      data-tone={item.tone}
      // Errors and warnings interrupt screen readers; the rest wait politely.
      type={item.tone === 'error' || item.tone === 'warning' ? 'foreground' : 'background'}
      duration={item.duration ?? DEFAULT_DURATION[item.tone]}
      onOpenChange={(open) => {
        if (!open) store.remove(item.id);
      }}
    >
      <StyledToastIcon $tone={item.tone} aria-hidden="true">
        {icons[item.tone]}
      </StyledToastIcon>
      <StyledToastBody>
        <StyledToastTitle>{item.title}</StyledToastTitle>
        {item.description !== undefined && (
          <StyledToastDescription>{item.description}</StyledToastDescription>
        )}
      </StyledToastBody>
      <StyledToastActions>
        {item.action && (
          <ToastPrimitive.Action altText={item.action.label} asChild>
            <Button size="sm" variant="ghost" tone="accent" onClick={item.action.onClick}>
              {item.action.label}
            </Button>
          </ToastPrimitive.Action>
        )}
        <StyledToastClose aria-label={t('toast.close')}>
          <CloseIcon />
        </StyledToastClose>
      </StyledToastActions>
    </StyledToastRoot>
  );
});

export interface ToasterProps {
  /** Defaults to 'top-center'. */
  placement?: ToasterPlacement;
  /** 'top-nav' keeps top placements below a sticky TopNav (an app shell); defaults to 'none'. */
  clearance?: ToasterClearance;
  className?: string;
}

function ToasterView({ placement, clearance = 'none', className, fallback }: Required<Pick<ToasterProps, 'placement'>> & {
  clearance?: ToasterClearance;
  className?: string;
  fallback: boolean;
}) {
  const { t } = useT();
  const { items, active } = store.useHost(fallback);
  if (!active) return null;
  return (
    <ToastPrimitive.Provider label={t('toast.region')} swipeDirection={placement.endsWith('left') ? 'left' : 'right'}>
      {items.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <StyledViewport
        className={className}
        $placement={placement}
        $clearance={clearance}
        data-placement={placement}
        data-clearance={clearance}
        label={`${t('toast.region')} ({hotkey})`}
      />
    </ToastPrimitive.Provider>
  );
}

/** Renders toasts raised with toast.*; mount once inside your theme and i18n providers. */
export function Toaster({ placement = 'top-center', clearance = 'none', className }: ToasterProps) {
  return <ToasterView placement={placement} clearance={clearance} className={className} fallback={false} />;
}
