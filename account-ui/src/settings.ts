import './i18n';

export { default as SettingsPage } from './features/settings/components/settings-page';
