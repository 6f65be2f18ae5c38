// Tabs are a separate entry so pages without tabs do not load Radix tabs.
export type { TabsContentProps, TabsListProps, TabsProps, TabsTriggerProps } from './components/tabs/tabs';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs/tabs';
