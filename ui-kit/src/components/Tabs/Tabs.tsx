import { createContext, forwardRef, useContext, type ComponentPropsWithoutRef } from 'react';
import type { Tabs as TabsPrimitive } from 'radix-ui';
import type { ControlSize } from '../../theme/types';
import {
  StyledTabsContent,
  StyledTabsList,
  StyledTabsRoot,
  StyledTabsTrigger,
  type TabsVariant,
} from './Tabs.styles';

export type { TabsVariant };

// Variant and size are set once on <Tabs> and read by the list and triggers.
const TabsStyleContext = createContext<{ variant: TabsVariant; size: ControlSize }>({
  variant: 'line',
  size: 'md',
});

export interface TabsProps extends ComponentPropsWithoutRef<typeof TabsPrimitive.Root> {
  /** Defaults to 'line'. */
  variant?: TabsVariant;
  size?: ControlSize;
}

/**
 * Tabs (Radix): arrow keys move between tabs, Home/End jump, panels are linked by aria.
 * Compose: <Tabs defaultValue="a"><TabsList><TabsTrigger value="a"/></TabsList><TabsContent value="a"/></Tabs>
 */
export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs(
  { variant = 'line', size = 'md', ...rest },
  ref,
) {
  return (
    <TabsStyleContext.Provider value={{ variant, size }}>
      <StyledTabsRoot ref={ref} data-variant={variant} {...rest} />
    </TabsStyleContext.Provider>
  );
});

export type TabsListProps = ComponentPropsWithoutRef<typeof TabsPrimitive.List>;

export const TabsList = forwardRef<HTMLDivElement, TabsListProps>(function TabsList(props, ref) {
  const { variant, size } = useContext(TabsStyleContext);
  return <StyledTabsList ref={ref} $variant={variant} $size={size} {...props} />;
});

export type TabsTriggerProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>;

export const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(
  function TabsTrigger(props, ref) {
    const { variant, size } = useContext(TabsStyleContext);
    return <StyledTabsTrigger ref={ref} $variant={variant} $size={size} {...props} />;
  },
);

export type TabsContentProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Content>;

export const TabsContent = forwardRef<HTMLDivElement, TabsContentProps>(
  function TabsContent(props, ref) {
    return <StyledTabsContent ref={ref} {...props} />;
  },
);
