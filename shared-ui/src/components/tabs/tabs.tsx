import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';
import styles from './tabs.module.css';

// Radix gives the tab pattern (roles, arrow keys, automatic activation); we only add the look.

export type TabsProps = ComponentProps<typeof TabsPrimitive.Root>;
export type TabsListProps = ComponentProps<typeof TabsPrimitive.List>;
export type TabsTriggerProps = ComponentProps<typeof TabsPrimitive.Trigger>;
export type TabsContentProps = ComponentProps<typeof TabsPrimitive.Content>;

export function Tabs({ className, ...rest }: TabsProps) {
  return <TabsPrimitive.Root {...rest} className={cx(styles.root, className)} />;
}

export function TabsList({ className, ...rest }: TabsListProps) {
  return <TabsPrimitive.List {...rest} className={cx(styles.list, className)} />;
}

export function TabsTrigger({ className, ...rest }: TabsTriggerProps) {
  return <TabsPrimitive.Trigger {...rest} className={cx(styles.trigger, className)} />;
}

export function TabsContent({ className, ...rest }: TabsContentProps) {
  return <TabsPrimitive.Content {...rest} className={cx(styles.content, className)} />;
}
