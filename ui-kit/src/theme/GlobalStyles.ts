// Page-level base styles for apps that own the whole page (console, Storybook).
// Embedded widgets must NOT mount this: it styles <body> of the host page.
import { createGlobalStyle } from 'styled-components';
import { th } from './resolveTheme';

export const GlobalStyles = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    /* Scrollbars and native controls in the theme's mode. */
    color-scheme: ${th((t) => t.mode)};
  }

  body {
    margin: 0;
    font-family: ${th((t) => t.fonts.body)};
    font-size: ${th((t) => t.fontSizes.md)};
    line-height: ${th((t) => t.lineHeights.normal)};
    color: ${th((t) => t.colors.text)};
    background: ${th((t) => t.colors.bg)};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  a {
    color: ${th((t) => t.colors.textLink)};
  }

  code, kbd, pre, samp {
    font-family: ${th((t) => t.fonts.mono)};
  }

  :focus-visible {
    outline: none;
    box-shadow: ${th((t) => t.shadows.focus)};
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
