import { styled, keyframes } from 'styled-components';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { baseText } from '../../theme/styleHelpers';
import type { ControlSize } from '../../theme/types';

export type DialogSize = ControlSize | 'full';

const pop = keyframes`
  from { opacity: 0; transform: translate(-50%, -48%) scale(0.97); }
  to { opacity: 1; transform: translate(-50%, -50%) scale(1); }
`;

const width = ({ theme, $size }: { theme: unknown; $size: DialogSize }) => {
  const t = resolveTheme(theme);
  return $size === 'full' ? `calc(100vw - ${t.space[8]})` : t.sizes.dialog[$size];
};

export const StyledDialogContent = styled(DialogPrimitive.Content)<{ $size: DialogSize }>`
  ${baseText}
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${th((t) => t.zIndices.modal)};
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
  width: ${width};
  max-width: calc(100vw - ${th((t) => t.space[8])});
  max-height: calc(100vh - ${th((t) => t.space[16])});
  padding: ${th((t) => t.space[6])};
  background: ${th((t) => t.colors.bgElevated)};
  border-radius: ${th((t) => t.radii.xl)};
  box-shadow: ${th((t) => t.shadows.xl)};
  transform: translate(-50%, -50%);
  animation: ${pop} ${th((t) => t.motion.normal)} ${th((t) => t.motion.easingOut)};

  &:focus {
    outline: none;
  }
`;

export const StyledDialogBody = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  color: ${th((t) => t.colors.text)};
`;
