import { styled, css } from 'styled-components';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ControlSize } from '../../theme/types';

export type TabsVariant = 'line' | 'card' | 'segmented';

interface PartProps {
  $variant: TabsVariant;
  $size: ControlSize;
}

export const StyledTabsRoot = styled(TabsPrimitive.Root)`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
  font-family: ${th((t) => t.fonts.body)};

  &[data-orientation='vertical'] {
    flex-direction: row;
  }
`;

const listVariant = ({ theme, $variant }: PartProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  switch ($variant) {
    case 'line':
      return css`
        gap: ${t.space[6]};
        border-bottom: ${t.borderWidths.thin} solid ${t.colors.border};
        &[data-orientation='vertical'] {
          gap: ${t.space[1]};
          border-bottom: 0;
          border-right: ${t.borderWidths.thin} solid ${t.colors.border};
        }
      `;
    case 'card':
      return css`
        gap: ${t.space[1]};
        border-bottom: ${t.borderWidths.thin} solid ${t.colors.border};
      `;
    case 'segmented':
      return css`
        align-self: flex-start;
        gap: ${t.space[0.5]};
        padding: ${t.space[0.5]};
        border-radius: ${t.radii.lg};
        background: ${t.colors.bgMuted};
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

export const StyledTabsList = styled(TabsPrimitive.List)<PartProps>`
  display: flex;
  flex-shrink: 0;
  overflow-x: auto;
  scrollbar-width: none;

  &[data-orientation='vertical'] {
    flex-direction: column;
  }

  ${listVariant}
`;

const triggerSize = ({ theme, $size }: PartProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  return css`
    height: ${t.sizes.control[$size]};
    font-size: ${$size === 'lg' ? t.fontSizes.lg : $size === 'sm' ? t.fontSizes.sm : t.fontSizes.md};
  `;
};

const triggerVariant = ({ theme, $variant }: PartProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  switch ($variant) {
    case 'line':
      return css`
        padding: 0;
        margin-bottom: -${t.borderWidths.thin};
        border-bottom: ${t.borderWidths.thick} solid transparent;
        &[data-orientation='vertical'] {
          margin: 0 -${t.borderWidths.thin} 0 0;
          padding: 0 ${t.space[4]} 0 0;
          border-bottom: 0;
          border-right: ${t.borderWidths.thick} solid transparent;
        }
        &[data-state='active'] {
          color: ${t.colors.primary};
          border-color: ${t.colors.primary};
        }
      `;
    case 'card':
      return css`
        padding: 0 ${t.space[4]};
        margin-bottom: -${t.borderWidths.thin};
        border: ${t.borderWidths.thin} solid transparent;
        border-radius: ${t.radii.md} ${t.radii.md} 0 0;
        background: ${t.colors.bgMuted};
        &[data-state='active'] {
          color: ${t.colors.primary};
          background: ${t.colors.bgElevated};
          border-color: ${t.colors.border};
          border-bottom-color: ${t.colors.bgElevated};
        }
      `;
    case 'segmented':
      return css`
        padding: 0 ${t.space[3]};
        border-radius: ${t.radii.md};
        &[data-state='active'] {
          color: ${t.colors.text};
          background: ${t.colors.bgElevated};
          box-shadow: ${t.shadows.sm};
        }
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

export const StyledTabsTrigger = styled(TabsPrimitive.Trigger)<PartProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${th((t) => t.space[1.5])};
  flex-shrink: 0;
  margin: 0;
  border: 0;
  background: transparent;
  color: ${th((t) => t.colors.textSecondary)};
  font-family: inherit;
  font-weight: ${th((t) => t.fontWeights.medium)};
  white-space: nowrap;
  cursor: pointer;
  transition: color ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &:hover:not(:disabled) {
    color: ${th((t) => t.colors.text)};
  }

  &:disabled {
    cursor: not-allowed;
    color: ${th((t) => t.colors.textDisabled)};
  }

  ${triggerSize}
  ${triggerVariant}
  ${focusVisible}
`;

export const StyledTabsContent = styled(TabsPrimitive.Content)`
  flex: 1;
  min-width: 0;
  color: ${th((t) => t.colors.text)};

  ${focusVisible}
`;
