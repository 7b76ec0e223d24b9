import { forwardRef, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledContainer,
  StyledContent,
  StyledGlyph,
  StyledHidden,
  StyledOverlay,
  StyledSpinner,
  StyledTip,
  type SpinnerSize,
  type SpinnerTone,
} from './Spinner.styles';

export type { SpinnerSize, SpinnerTone };

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  size?: SpinnerSize;
  tone?: SpinnerTone;
  /** Visible text under the spinner. */
  tip?: ReactNode;
  /** Accessible name; defaults to "加载中" / "Loading". */
  label?: string;
  /** Content to cover while loading: it stays in place, dimmed and inert. */
  children?: ReactNode;
  /** With children: whether the overlay is shown. Defaults to true. */
  spinning?: boolean;
}

function Glyph() {
  // viewBox units, not CSS pixels: the glyph scales with font-size (1em).
  return (
    <StyledGlyph viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </StyledGlyph>
  );
}

/** Loading indicator (role="status"); wraps content to show it over the content. */
export const Spinner = forwardRef<HTMLElement, SpinnerProps>(function Spinner(
  { size = 'md', tone = 'primary', tip, label, children, spinning = true, ...rest },
  ref,
) {
  const { t } = useT();
  const name = label ?? t('spinner.label');
  const indicator = (standalone: boolean) => (
    <StyledSpinner
      ref={standalone ? (ref as Ref<HTMLSpanElement>) : undefined}
      role="status"
      aria-live="polite"
      data-size={size}
      data-state={standalone ? 'spinning' : undefined}
      $size={size}
      $tone={tone}
      {...(standalone ? rest : {})}
    >
      <Glyph />
      {tip !== undefined ? <StyledTip>{tip}</StyledTip> : null}
      {/* The tip may be decorative or absent; the name is always announced. */}
      {tip === undefined || typeof tip !== 'string' ? <StyledHidden>{name}</StyledHidden> : null}
    </StyledSpinner>
  );

  if (children === undefined) return indicator(true);
  return (
    <StyledContainer
      // One ref type for both shapes: the element is a span alone, a div when wrapping.
      ref={ref as Ref<HTMLDivElement>}
      aria-busy={spinning || undefined}
      data-state={spinning ? 'spinning' : 'idle'}
      {...rest}
    >
      <StyledContent $spinning={spinning} inert={spinning || undefined}>
        {children}
      </StyledContent>
      {spinning ? <StyledOverlay>{indicator(false)}</StyledOverlay> : null}
    </StyledContainer>
  );
});
