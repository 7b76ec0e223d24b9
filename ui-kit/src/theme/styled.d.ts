// Types `props.theme` in every styled component as a Sluice theme.
// At runtime it may be `{}` (no provider): read it through resolveTheme()/th().
import 'styled-components';
import type { SluiceTheme } from './types';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends SluiceTheme {}
}
