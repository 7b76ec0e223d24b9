// The shape every Sluice theme shares. Light and dark sets must be identical in shape
// (enforced by typing both as SluiceTheme and by theme.test.tsx).

export type ThemeMode = 'light' | 'dark';

/** Multiples of the 4px spacing base: space[2] is 8px, space[6] is 24px. */
export type SpaceKey = 0 | 0.5 | 1 | 1.5 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 16;

export type ColorToken =
  | 'primary'
  | 'primaryHover'
  | 'primaryActive'
  | 'primarySubtle'
  | 'onPrimary'
  | 'success'
  | 'successHover'
  | 'successSubtle'
  | 'onSuccess'
  | 'warning'
  | 'warningHover'
  | 'warningSubtle'
  | 'onWarning'
  | 'danger'
  | 'dangerHover'
  | 'dangerActive'
  | 'dangerSubtle'
  | 'onDanger'
  | 'info'
  | 'infoHover'
  | 'infoSubtle'
  | 'onInfo'
  | 'text'
  | 'textSecondary'
  | 'textDisabled'
  | 'textInverse'
  | 'textLink'
  | 'bg'
  | 'bgElevated'
  | 'bgMuted'
  | 'bgHover'
  | 'bgActive'
  | 'bgDisabled'
  | 'bgInverse'
  | 'rowDisabled'
  | 'overlay'
  | 'border'
  | 'borderStrong'
  | 'borderHover'
  | 'focusRing'
  | 'code'
  | 'codeBg'
  | 'transparent';

export type FontSizeKey = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | 'display';
export type RadiusKey = 'none' | 'sm' | 'md' | 'lg' | 'xl' | 'pill' | 'round';
export type ShadowKey = 'none' | 'sm' | 'md' | 'lg' | 'xl' | 'focus' | 'focusDanger';
export type ZIndexKey =
  | 'base'
  | 'raised'
  | 'sticky'
  | 'dropdown'
  | 'overlay'
  | 'modal'
  | 'popover'
  | 'toast'
  | 'tooltip';
export type ControlSize = 'sm' | 'md' | 'lg';

export interface SluiceTheme {
  /** Name of the colour set; lets components pick mode-specific assets. */
  mode: ThemeMode;
  /** Spacing base in pixels; every space token is a multiple of it. */
  spaceBase: number;
  space: Record<SpaceKey, string>;
  colors: Record<ColorToken, string>;
  /** Series colours of charts, in order; tuned per mode for contrast on the page background. */
  chart: readonly string[];
  fonts: { body: string; heading: string; mono: string };
  fontSizes: Record<FontSizeKey, string>;
  fontWeights: { regular: number; medium: number; semibold: number; bold: number };
  lineHeights: { tight: number; normal: number; relaxed: number };
  radii: Record<RadiusKey, string>;
  borderWidths: { none: string; thin: string; thick: string };
  shadows: Record<ShadowKey, string>;
  zIndices: Record<ZIndexKey, number>;
  /** Durations and easings, so motion is consistent and can be disabled in one place. */
  motion: {
    fast: string;
    normal: string;
    slow: string;
    /** One turn of a loading spinner. */
    spin: string;
    easing: string;
    easingOut: string;
  };
  /** Component dimensions that are not spacing: control heights, icon sizes, panel widths. */
  sizes: {
    control: Record<ControlSize, string>;
    icon: Record<ControlSize, string>;
    switchTrack: Record<ControlSize, { width: string; height: string }>;
    checkbox: Record<ControlSize, string>;
    sliderTrack: string;
    sliderThumb: string;
    dialog: Record<ControlSize, string>;
    sideSheet: Record<ControlSize, string>;
    popoverMax: string;
    tooltipMax: string;
    menuMin: string;
    toastWidth: string;
    textAreaMin: string;
    selectListMax: string;
    /** Smallest width for free text: icon-sized but for text inputs. */
    inputMin: string;
  };
  breakpoints: { sm: string; md: string; lg: string; xl: string };
  /** Opacity for disabled controls, when a colour swap is not enough. */
  opacity: { disabled: number; muted: number };
}
