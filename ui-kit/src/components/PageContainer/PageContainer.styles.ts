import { styled } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import type { SluiceTheme } from '../../theme/types';

export type PageWidth = 'narrow' | 'default' | 'full';

const maxWidth = (t: SluiceTheme, width: PageWidth): string =>
  ({ narrow: t.breakpoints.md, default: t.breakpoints.xl, full: 'none' })[width];

export const StyledPage = styled.div<{ $width: PageWidth }>`
  box-sizing: border-box;
  width: 100%;
  max-width: ${({ theme, $width }) => maxWidth(resolveTheme(theme), $width)};
  margin: 0 auto;
  padding: ${th((t) => t.space[6])} ${th((t) => t.space[6])} ${th((t) => t.space[10])};
  font-family: ${th((t) => t.fonts.body)};
  color: ${th((t) => t.colors.text)};

  @media (max-width: ${th((t) => t.breakpoints.md)}) {
    padding: ${th((t) => t.space[4])} ${th((t) => t.space[3])} ${th((t) => t.space[8])};
  }
`;

export const StyledBreadcrumb = styled.nav`
  margin-bottom: ${th((t) => t.space[2])};
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};

  & ol {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${th((t) => t.space[1])};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  & li + li::before {
    content: '/';
    margin-inline-end: ${th((t) => t.space[1])};
    color: ${th((t) => t.colors.textDisabled)};
  }
  & a {
    color: inherit;
    text-decoration: none;
  }
  & a:hover {
    color: ${th((t) => t.colors.textLink)};
  }
  & [aria-current='page'] {
    color: ${th((t) => t.colors.text)};
  }
`;

export const StyledHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${th((t) => t.space[3])};
  margin-bottom: ${th((t) => t.space[5])};
`;

export const StyledHeading = styled.div`
  min-width: 0;
`;

export const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.xxl)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  line-height: ${th((t) => t.lineHeights.tight)};
`;

export const StyledDescription = styled.p`
  margin: ${th((t) => t.space[1])} 0 0;
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.md)};
`;

export const StyledExtra = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
`;
