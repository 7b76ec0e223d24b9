// The bordered "field frame" shared by Input, TextArea, NumberInput and the Select trigger,
// so every form control has the same height, border, hover, focus and error look.
import { css } from 'styled-components';
import { resolveTheme, th } from '../theme/resolveTheme';
import type { ControlSize } from '../theme/types';

export type FieldStatus = 'default' | 'error' | 'warning' | 'success';

export interface FieldFrameProps {
  $size: ControlSize;
  $status: FieldStatus;
  $disabled: boolean;
}

const statusBorder = ({ theme, $status }: FieldFrameProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  switch ($status) {
    case 'default':
      return css`
        border-color: ${t.colors.border};
        &:hover {
          border-color: ${t.colors.borderHover};
        }
        &:focus-within {
          border-color: ${t.colors.primary};
          box-shadow: ${t.shadows.focus};
        }
      `;
    case 'error':
      return css`
        border-color: ${t.colors.danger};
        &:focus-within {
          box-shadow: ${t.shadows.focusDanger};
        }
      `;
    case 'warning':
      return css`
        border-color: ${t.colors.warning};
        &:focus-within {
          box-shadow: 0 0 0 ${t.space[0.5]} ${t.colors.warningSubtle};
        }
      `;
    case 'success':
      return css`
        border-color: ${t.colors.success};
        &:focus-within {
          box-shadow: 0 0 0 ${t.space[0.5]} ${t.colors.successSubtle};
        }
      `;
    default: {
      const unreachable: never = $status;
      return unreachable;
    }
  }
};

const fieldFontSize = ({ theme, $size }: FieldFrameProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  return $size === 'lg' ? t.fontSizes.lg : $size === 'sm' ? t.fontSizes.sm : t.fontSizes.md;
};

export const fieldPaddingX = ({ theme, $size }: { theme: unknown; $size: ControlSize }) => {
  const t = resolveTheme(theme);
  return $size === 'sm' ? t.space[2] : t.space[3];
};

export const fieldFrame = css<FieldFrameProps>`
  display: inline-flex;
  align-items: center;
  width: 100%;
  /* Hosts without the kit GlobalStyles keep content-box: the frame must not overflow. */
  box-sizing: border-box;
  min-width: 0;
  gap: ${th((t) => t.space[2])};
  padding: 0 ${fieldPaddingX};
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${fieldFontSize};
  line-height: ${th((t) => t.lineHeights.normal)};
  color: ${th((t) => t.colors.text)};
  /* Native parts (the date picker's calendar icon, spinners) follow the theme, not the OS. */
  color-scheme: ${th((t) => t.mode)};
  background: ${th((t) => t.colors.bgElevated)};
  border-style: solid;
  border-width: ${th((t) => t.borderWidths.thin)};
  border-radius: ${th((t) => t.radii.md)};
  transition:
    border-color ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)},
    box-shadow ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};
  ${statusBorder}

  ${({ $disabled }) =>
    $disabled &&
    css`
      cursor: not-allowed;
      color: ${th((t) => t.colors.textDisabled)};
      background: ${th((t) => t.colors.bgDisabled)};
      border-color: ${th((t) => t.colors.border)};
      &:hover {
        border-color: ${th((t) => t.colors.border)};
      }
    `}
`;

/** Height for single-line frames. */
export const fieldHeight = css<{ $size: ControlSize }>`
  height: ${({ theme, $size }) => resolveTheme(theme).sizes.control[$size]};
`;

/** The bare native control inside a frame: no border, inherits everything. */
export const bareControl = css`
  flex: 1;
  min-width: 0;
  height: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  outline: none;
  background: transparent;
  color: inherit;
  font: inherit;

  /* The frame draws the focus ring (focus-within); a second one on the control itself showed
     as a box inside the field. */
  &:focus-visible {
    box-shadow: none;
  }

  &::placeholder {
    color: ${th((t) => t.colors.textDisabled)};
    opacity: 1;
  }

  &:disabled {
    cursor: not-allowed;
  }
`;

/** Prefix/suffix slots (icons, units like "$" or "tokens"). */
export const fieldAffix = css`
  display: inline-flex;
  align-items: center;
  flex-shrink: 0;
  color: ${th((t) => t.colors.textSecondary)};
`;
