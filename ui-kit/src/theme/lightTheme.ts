// The default theme. Raw colour values live only in the two theme files.
import { scales } from './scales';
import type { SluiceTheme } from './types';

export const lightTheme: SluiceTheme = {
  ...scales,
  mode: 'light',
  chart: ['#1664ff', '#12a150', '#e58a00', '#d6336c', '#7048e8', '#0c8599', '#5c6370', '#b35c00'],
  colors: {
    primary: '#135ef0',
    primaryHover: '#0e4fd6',
    primaryActive: '#0b44b8',
    primarySubtle: '#e8f0ff',
    onPrimary: '#ffffff',
    // AA text contrast on white and on the subtle fill (the former #12a150 was 3.0:1 on it).
    success: '#0a7d3c',
    // Hover fills darken (white text stays AA: 6.6:1; the former #2bb765 was 2.6:1).
    successHover: '#0e6b33',
    successSubtle: '#e6f7ed',
    onSuccess: '#ffffff',
    // AA on white, on warningSubtle (the former #d97706 was 2.9:1 on it) and on a hovered, selected
    // or greyed table row (the former #b45309 was 4.47:1 on bgHover: a hovered row's "Disable").
    warning: '#a64c08',
    warningHover: '#9a4708', // 6.4:1 under white text (the former #f08c12 was 2.5:1)
    warningSubtle: '#fff4e0',
    onWarning: '#ffffff',
    // 5.3:1 on white (WCAG AA for text; the former #e5484d was 3.9:1).
    danger: '#cd2b31',
    dangerHover: '#bf282e', // 5.9:1 under white text (the former #f0666a was 3.1:1)
    dangerActive: '#b3252a',
    dangerSubtle: '#fdecec',
    onDanger: '#ffffff',
    // AA on white and on infoSubtle (the former #0b8bcc was 3.4:1 on it).
    info: '#0a6fa3',
    infoHover: '#085c88', // 7.2:1 under white text (the former #2ea3de was 2.8:1)
    infoSubtle: '#e5f4fb',
    onInfo: '#ffffff',
    text: '#1c1f23',
    textSecondary: '#5c6370',
    // Disabled text must stay legible against bgDisabled for WCAG non-text contrast.
    textDisabled: '#9aa0aa',
    textInverse: '#ffffff',
    textLink: '#135ef0',
    bg: '#ffffff',
    bgElevated: '#ffffff',
    bgMuted: '#f5f6f8',
    bgHover: '#f0f2f5',
    bgActive: '#e6e9ee',
    bgDisabled: '#f2f3f5',
    bgInverse: '#1f2329',
    rowDisabled: '#f0f1f3',
    overlay: 'rgba(15, 18, 24, 0.45)',
    border: '#e2e5ea',
    borderStrong: '#c9ced6',
    borderHover: '#a9b0bb',
    focusRing: 'rgba(22, 100, 255, 0.35)',
    code: '#c7254e',
    codeBg: '#f5f6f8',
    transparent: 'transparent',
  },
  shadows: {
    none: 'none',
    sm: '0 1px 2px rgba(15, 18, 24, 0.06)',
    md: '0 4px 12px rgba(15, 18, 24, 0.08)',
    lg: '0 8px 24px rgba(15, 18, 24, 0.12)',
    xl: '0 16px 48px rgba(15, 18, 24, 0.16)',
    focus: '0 0 0 3px rgba(22, 100, 255, 0.35)',
    focusDanger: '0 0 0 3px rgba(229, 72, 77, 0.3)',
  },
};
