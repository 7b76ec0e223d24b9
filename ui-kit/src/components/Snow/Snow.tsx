import { forwardRef, useMemo, type CSSProperties, type HTMLAttributes } from 'react';
import { StyledFlake, StyledSnow } from './Snow.styles';

export interface SnowProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Whether it snows; nothing is rendered otherwise. */
  active: boolean;
  /** Number of flakes. Defaults to 48. */
  flakes?: number;
}

/** Deterministic pseudo-random numbers, so a render is stable (and testable). */
function spread(i: number, salt: number): number {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * A festive snowfall over the page: decorative, ignores the pointer, hidden from assistive
 * technology and switched off for people who ask for reduced motion.
 */
export const Snow = forwardRef<HTMLDivElement, SnowProps>(function Snow({ active, flakes = 48, ...rest }, ref) {
  const items = useMemo(
    () =>
      Array.from({ length: Math.max(0, flakes) }, (_, i) => ({
        // Placement and timing of each flake are data, computed per flake (not theme values).
        style: {
          left: `${(spread(i, 1) * 100).toFixed(2)}%`,
          fontSize: `${(0.6 + spread(i, 2) * 1.2).toFixed(2)}em`,
          animationDuration: `${(4 + spread(i, 3) * 6).toFixed(2)}s`,
          animationDelay: `${(-spread(i, 4) * 8).toFixed(2)}s`,
          '--drift': `${((spread(i, 5) - 0.5) * 20).toFixed(2)}vw`,
        } as CSSProperties,
      })),
    [flakes],
  );
  if (!active) return null;
  return (
    <StyledSnow ref={ref} aria-hidden="true" data-snow="" {...rest}>
      {items.map((item, i) => (
        <StyledFlake key={i} style={item.style}>
          ❄
        </StyledFlake>
      ))}
    </StyledSnow>
  );
});
