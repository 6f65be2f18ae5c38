import './i18n';

export { default as TopUpDialog } from './features/top-up/components/top-up-dialog';
