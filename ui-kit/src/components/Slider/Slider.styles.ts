import { styled } from 'styled-components';
import { Slider as SliderPrimitive } from 'radix-ui';
import { th } from '../../theme/resolveTheme';

export const StyledSliderWrapper = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[3])};
  width: 100%;
`;

export const StyledSliderRoot = styled(SliderPrimitive.Root)`
  position: relative;
  display: flex;
  flex: 1;
  align-items: center;
  height: ${th((t) => t.sizes.control.sm)};
  touch-action: none;
  user-select: none;
  cursor: pointer;

  &[data-disabled] {
    cursor: not-allowed;
    opacity: ${th((t) => t.opacity.disabled)};
  }
`;

export const StyledSliderTrack = styled(SliderPrimitive.Track)`
  position: relative;
  flex-grow: 1;
  height: ${th((t) => t.sizes.sliderTrack)};
  overflow: hidden;
  border-radius: ${th((t) => t.radii.pill)};
  background: ${th((t) => t.colors.bgActive)};
`;

export const StyledSliderRange = styled(SliderPrimitive.Range)`
  position: absolute;
  height: 100%;
  background: ${th((t) => t.colors.primary)};
`;

export const StyledSliderThumb = styled(SliderPrimitive.Thumb)`
  display: block;
  width: ${th((t) => t.sizes.sliderThumb)};
  height: ${th((t) => t.sizes.sliderThumb)};
  border: ${th((t) => t.borderWidths.thick)} solid ${th((t) => t.colors.primary)};
  border-radius: ${th((t) => t.radii.round)};
  background: ${th((t) => t.colors.bgElevated)};
  box-shadow: ${th((t) => t.shadows.sm)};
  transition: box-shadow ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &:hover {
    box-shadow: ${th((t) => t.shadows.md)};
  }

  &:focus-visible {
    outline: none;
    box-shadow: ${th((t) => t.shadows.focus)};
  }
`;

export const StyledSliderValue = styled.output`
  min-width: ${th((t) => t.space[10])};
  text-align: right;
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.sm)};
  font-variant-numeric: tabular-nums;
  color: ${th((t) => t.colors.textSecondary)};
`;
