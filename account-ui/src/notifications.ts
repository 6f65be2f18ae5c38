import './i18n';

export { default as NotificationsPage } from './features/notifications/components/notifications-page';
