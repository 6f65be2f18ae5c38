import './i18n';

export { default as PaymentResultPage } from './features/payment/components/payment-result-page';
