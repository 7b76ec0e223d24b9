import { forwardRef, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { CheckIcon } from '../../internal/icons';
import { StyledCopyIcon } from './CopyButton.styles';
import { Button, type ButtonProps } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { useClipboard, type CopyOptions, type CopyResult } from './useClipboard';

export type CopyButtonAppearance = 'button' | 'icon';
export type CopyButtonState = 'idle' | 'copied' | 'manual';

export interface CopyButtonProps extends Omit<ButtonProps, 'onCopy' | 'children' | 'startIcon' | 'endIcon'> {
  /** The text, or a function computing it at click time (e.g. the selected tokens). */
  text: string | (() => string | Promise<string>);
  /** Button label; defaults to "复制". */
  children?: ReactNode;
  /** 'icon' renders an icon button named by `children` or "复制". */
  appearance?: CopyButtonAppearance;
  successMessage?: CopyOptions['successMessage'];
  onCopy?: (result: CopyResult) => void;
}

// How long the button shows "copied" before returning to its label.
const COPIED_FEEDBACK_MS = 2000;


/** Copies text to the clipboard, with a "copied" toast or a manual-copy dialog fallback. */
export const CopyButton = forwardRef<HTMLButtonElement, CopyButtonProps>(function CopyButton(
  { text, children, appearance = 'button', successMessage, onCopy, onClick, variant, size, fullWidth, ...rest },
  ref,
) {
  const { t } = useT();
  const { copy, manualCopyDialog } = useClipboard();
  const [state, setState] = useState<CopyButtonState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handleClick = async (event: MouseEvent<HTMLButtonElement>): Promise<void> => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const value = typeof text === 'function' ? await text() : text;
    const result = await copy(value, { successMessage });
    setState(result);
    clearTimeout(timer.current);
    if (result === 'copied') timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    onCopy?.(result);
  };

  const label = children ?? t('copyButton.copy');
  const icon = state === 'copied' ? <CheckIcon /> : <StyledCopyIcon />;
  return (
    <>
      {appearance === 'icon' ? (
        <IconButton
          ref={ref}
          icon={icon}
          aria-label={typeof label === 'string' ? label : t('copyButton.copy')}
          data-state={state}
          variant={variant === 'link' ? 'ghost' : variant}
          size={size}
          onClick={(event) => void handleClick(event)}
          {...rest}
        />
      ) : (
        <Button
          ref={ref}
          startIcon={icon}
          data-state={state}
          variant={variant}
          size={size}
          fullWidth={fullWidth}
          onClick={(event) => void handleClick(event)}
          {...rest}
        >
          {state === 'copied' ? t('copyButton.copied') : label}
        </Button>
      )}
      {manualCopyDialog}
    </>
  );
});
