import { forwardRef, type ButtonHTMLAttributes, type MouseEventHandler, type ReactNode } from 'react';
import { SpinnerIcon } from '../../internal/icons';
import {
  StyledButton,
  StyledIcon,
  StyledLabel,
  StyledSpinner,
  type ButtonSize,
  type ButtonTone,
  type ButtonVariant,
} from './Button.styles';

export type { ButtonSize, ButtonTone, ButtonVariant };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Emphasis. Defaults to 'outline'. */
  variant?: ButtonVariant;
  /** Colour. Defaults to 'accent' for primary/link and 'neutral' for the quieter variants. */
  tone?: ButtonTone;
  size?: ButtonSize;
  /** Shows a spinner, keeps the width and blocks clicks. */
  loading?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** Stretch to the container width (forms, mobile sheets). */
  fullWidth?: boolean;
}

export type ButtonState = 'loading' | 'disabled' | 'idle';

export function defaultTone(variant: ButtonVariant): ButtonTone {
  return variant === 'primary' || variant === 'link' ? 'accent' : 'neutral';
}

interface BaseButtonOptions {
  variant: ButtonVariant;
  tone: ButtonTone | undefined;
  size: ButtonSize;
  loading: boolean;
  disabled: boolean;
  fullWidth: boolean;
  iconOnly: boolean;
  onClick: MouseEventHandler<HTMLButtonElement> | undefined;
}

/**
 * What Button and IconButton put on the styled element alike: look, state, busy while
 * loading, and no click while loading. A loading button stays focusable (no `disabled`) so
 * focus is not lost mid-submit.
 */
export function baseButtonProps({ variant, tone, size, loading, disabled, fullWidth, iconOnly, onClick }: BaseButtonOptions) {
  const state: ButtonState = loading ? 'loading' : disabled ? 'disabled' : 'idle';
  const guarded: MouseEventHandler<HTMLButtonElement> = (event) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return {
    disabled,
    'aria-busy': loading || undefined,
    'aria-disabled': loading || undefined,
    'data-state': state,
    $variant: variant,
    $tone: tone ?? defaultTone(variant),
    $size: size,
    $fullWidth: fullWidth,
    $iconOnly: iconOnly,
    onClick: guarded,
  };
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'outline',
    tone,
    size = 'md',
    loading = false,
    disabled = false,
    startIcon,
    endIcon,
    fullWidth = false,
    type = 'button',
    children,
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      {...baseButtonProps({ variant, tone, size, loading, disabled, fullWidth, iconOnly: false, onClick })}
      {...rest}
    >
      {loading ? (
        <StyledSpinner data-part="spinner">
          <SpinnerIcon />
        </StyledSpinner>
      ) : (
        startIcon && <StyledIcon data-part="start-icon">{startIcon}</StyledIcon>
      )}
      {children !== undefined && children !== null && <StyledLabel>{children}</StyledLabel>}
      {endIcon && <StyledIcon data-part="end-icon">{endIcon}</StyledIcon>}
    </StyledButton>
  );
});
