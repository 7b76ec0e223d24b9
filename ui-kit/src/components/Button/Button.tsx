import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
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
  const state: ButtonState = loading ? 'loading' : disabled ? 'disabled' : 'idle';
  return (
    <StyledButton
      ref={ref}
      type={type}
      // A loading button stays focusable (no `disabled`) so focus is not lost mid-submit.
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-state={state}
      $variant={variant}
      $tone={tone ?? defaultTone(variant)}
      $size={size}
      $fullWidth={fullWidth}
      $iconOnly={false}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
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
