// Mode-independent scales shared by the light and dark themes.
import type { SluiceTheme } from './types';

const SPACE_BASE = 4;

const px = (n: number): string => (n === 0 ? '0' : `${n}px`);
const unit = (multiple: number): string => px(multiple * SPACE_BASE);

// Chinese system fonts come before generic sans-serif so Han text never falls back to a
// serif or to a font without CJK glyphs (mixed-width fallback looks broken in tables).
const bodyFont = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans SC"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Helvetica',
  'Arial',
  'sans-serif',
].join(', ');

const monoFont = [
  '"JetBrains Mono"',
  '"SFMono-Regular"',
  '"Cascadia Code"',
  'Menlo',
  'Consolas',
  '"Liberation Mono"',
  '"Noto Sans Mono CJK SC"',
  'monospace',
].join(', ');

export const scales: Omit<SluiceTheme, 'mode' | 'colors' | 'chart' | 'shadows'> = {
  spaceBase: SPACE_BASE,
  space: {
    0: unit(0),
    0.5: unit(0.5),
    1: unit(1),
    1.5: unit(1.5),
    2: unit(2),
    3: unit(3),
    4: unit(4),
    5: unit(5),
    6: unit(6),
    8: unit(8),
    10: unit(10),
    12: unit(12),
    16: unit(16),
  },
  fonts: { body: bodyFont, heading: bodyFont, mono: monoFont },
  fontSizes: {
    xs: px(12),
    sm: px(13),
    md: px(14),
    lg: px(16),
    xl: px(20),
    xxl: px(24),
    display: px(32),
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  // CJK glyphs are taller than Latin ones, so "normal" is looser than the usual 1.4.
  lineHeights: { tight: 1.25, normal: 1.5715, relaxed: 1.75 },
  radii: { none: '0', sm: px(4), md: px(6), lg: px(8), xl: px(12), pill: px(9999), round: '50%' },
  borderWidths: { none: '0', thin: px(1), thick: px(2) },
  zIndices: {
    base: 0,
    raised: 1,
    sticky: 100,
    dropdown: 1000,
    overlay: 1040,
    modal: 1050,
    popover: 1060,
    toast: 1070,
    tooltip: 1080,
  },
  motion: {
    fast: '120ms',
    normal: '200ms',
    slow: '300ms',
    spin: '800ms',
    easing: 'cubic-bezier(0.4, 0, 0.2, 1)',
    easingOut: 'cubic-bezier(0, 0, 0.2, 1)',
  },
  sizes: {
    control: { sm: unit(6), md: unit(8), lg: unit(10) },
    icon: { sm: unit(3.5), md: unit(4), lg: unit(5) },
    switchTrack: {
      sm: { width: unit(7), height: unit(4) },
      md: { width: unit(9), height: unit(5) },
      lg: { width: unit(11), height: unit(6) },
    },
    checkbox: { sm: unit(3.5), md: unit(4), lg: unit(5) },
    sliderTrack: unit(1),
    sliderThumb: unit(4),
    dialog: { sm: px(400), md: px(560), lg: px(800) },
    sideSheet: { sm: px(360), md: px(520), lg: px(720) },
    popoverMax: px(360),
    tooltipMax: px(280),
    menuMin: px(160),
    toastWidth: px(360),
    textAreaMin: unit(20),
    selectListMax: px(280),
    inputMin: unit(16),
  },
  breakpoints: { sm: px(576), md: px(768), lg: px(992), xl: px(1200) },
  opacity: { disabled: 0.5, muted: 0.7 },
};
