import './i18n';

export { default as BonusesPage } from './features/bonuses/components/bonuses-page';
export { default as PromoDialog } from './features/bonuses/components/promo-dialog';
