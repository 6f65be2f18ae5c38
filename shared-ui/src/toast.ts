// The toaster is a separate entry so the shell can mount it after the first paint.
export type { ToasterProps } from './components/toast/toast';
export { Toaster, toast } from './components/toast/toast';
