import { styled, keyframes } from 'styled-components';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ControlSize } from '../../theme/types';

const trackSize = ({ theme, $size }: { theme: unknown; $size: ControlSize }) => {
  const s = resolveTheme(theme).sizes.switchTrack[$size];
  return `width: ${s.width}; height: ${s.height};`;
};

// The thumb is inset by one spacing half-step inside the track.
const thumbSize = ({ theme, $size }: { theme: unknown; $size: ControlSize }) => {
  const t = resolveTheme(theme);
  const s = t.sizes.switchTrack[$size];
  const d = `calc(${s.height} - 2 * ${t.space[0.5]})`;
  return `width: ${d}; height: ${d};`;
};

const thumbTravel = ({ theme, $size }: { theme: unknown; $size: ControlSize }) => {
  const s = resolveTheme(theme).sizes.switchTrack[$size];
  return `calc(${s.width} - ${s.height})`;
};

export const StyledSwitchRoot = styled(SwitchPrimitive.Root)<{ $size: ControlSize }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  flex-shrink: 0;
  ${trackSize}
  margin: 0;
  padding: 0 ${th((t) => t.space[0.5])};
  border: 0;
  border-radius: ${th((t) => t.radii.pill)};
  background: ${th((t) => t.colors.borderStrong)};
  cursor: pointer;
  transition: background ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &[data-state='checked'] {
    background: ${th((t) => t.colors.primary)};
  }

  &:hover:not(:disabled) {
    filter: brightness(1.05);
  }

  &:disabled {
    cursor: not-allowed;
    opacity: ${th((t) => t.opacity.disabled)};
  }

  ${focusVisible}
`;

export const StyledSwitchThumb = styled(SwitchPrimitive.Thumb)<{ $size: ControlSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  ${thumbSize}
  border-radius: ${th((t) => t.radii.round)};
  background: ${th((t) => t.colors.onPrimary)};
  box-shadow: ${th((t) => t.shadows.sm)};
  color: ${th((t) => t.colors.primary)};
  font-size: ${th((t) => t.fontSizes.xs)};
  transition: transform ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &[data-state='checked'] {
    transform: translateX(${thumbTravel});
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const StyledThumbSpinner = styled.span`
  display: inline-flex;
  animation: ${spin} ${th((t) => t.motion.spin)} linear infinite;
`;
