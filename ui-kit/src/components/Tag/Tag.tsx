import { forwardRef, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { CloseIcon } from '../../internal/icons';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledTag,
  StyledTagClose,
  StyledTagIcon,
  StyledTagLabel,
  type TagColor,
  type TagSize,
  type TagVariant,
} from './Tag.styles';

export type { TagColor, TagSize, TagVariant };

export interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  /** Semantic colour. Defaults to 'neutral'. */
  color?: TagColor;
  variant?: TagVariant;
  size?: TagSize;
  icon?: ReactNode;
  /** Shows a remove button that calls onClose. */
  closable?: boolean;
  onClose?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Accessible name of the remove button; defaults to "移除标签". */
  closeLabel?: string;
}

/** A small label: status, group, model tag. Text is rendered as text, never as HTML. */
export const Tag = forwardRef<HTMLSpanElement, TagProps>(function Tag(
  { color = 'neutral', variant = 'soft', size = 'md', icon, closable = false, onClose, closeLabel, children, ...rest },
  ref,
) {
  const { t } = useT();
  return (
    <StyledTag ref={ref} data-color={color} data-variant={variant} $color={color} $variant={variant} $size={size} {...rest}>
      {icon !== undefined ? <StyledTagIcon aria-hidden="true">{icon}</StyledTagIcon> : null}
      <StyledTagLabel>{children}</StyledTagLabel>
      {closable ? (
        <StyledTagClose type="button" aria-label={closeLabel ?? t('tag.remove')} onClick={onClose}>
          <CloseIcon />
        </StyledTagClose>
      ) : null}
    </StyledTag>
  );
});
