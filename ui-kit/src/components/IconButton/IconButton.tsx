import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { SpinnerIcon } from '../../internal/icons';
import { baseButtonProps, type ButtonSize, type ButtonTone } from '../Button/Button';
import { StyledSpinner } from '../Button/Button.styles';
import { StyledGlyph, StyledIconButton, type IconButtonShape } from './IconButton.styles';

export type IconButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The glyph. */
  icon: ReactNode;
  /** Accessible name; required because there is no visible text. */
  'aria-label': string;
  /** Defaults to 'ghost' (toolbars, table rows). */
  variant?: IconButtonVariant;
  tone?: ButtonTone;
  size?: ButtonSize;
  shape?: IconButtonShape;
  loading?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    icon,
    variant = 'ghost',
    tone,
    size = 'md',
    shape = 'square',
    loading = false,
    disabled = false,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <StyledIconButton
      ref={ref}
      type={type}
      {...baseButtonProps({ variant, tone, size, loading, disabled, fullWidth: false, iconOnly: true, onClick })}
      $shape={shape}
      {...rest}
    >
      <StyledGlyph $size={size}>
        {loading ? (
          <StyledSpinner>
            <SpinnerIcon />
          </StyledSpinner>
        ) : (
          icon
        )}
      </StyledGlyph>
    </StyledIconButton>
  );
});
