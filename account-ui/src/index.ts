// account-ui: the screens and dialogs every signed-in area shares (top-up, payment result,
// bonuses, notifications, settings), built into each remote that uses them. This entry holds only
// what a remote's frame needs at once; each screen has its own entry (`account-ui/top-up`...) so
// a remote loads it lazily, with the `account` texts, when it is opened.
export type { AccountArea } from './area';
export { ACCOUNT_AREAS, AccountAreaProvider, useAccountArea } from './area';
export { applyBalance, useApplyBalance, useBalance } from './lib/balance';
export type { TopUpRequest } from './lib/dialogs';
export { PROMO_HASH, topUpAtom } from './lib/dialogs';
export { formatDate, formatDateTime, formatRubles } from './lib/format';
export { notify } from './lib/notify';
export { usePageTitle } from './lib/use-page-title';
export { PageHeader } from './components/page-header';
export type { AreaFrameProps } from './components/area-frame';
export { AreaFrame } from './components/area-frame';
export type { AreaNavItem } from './lib/area-nav';
export { isCurrent } from './lib/area-nav';
export { useOfferTopUp } from './lib/offer-top-up';
export { ErrorState } from './components/error-state';
export { ScreenSkeleton } from './components/screen-skeleton';
export { useFieldMessage } from './lib/field-message';
export type { PagerProps } from './components/pager';
export { Pager } from './components/pager';
export type { AreaNavProps } from './components/area-nav';
export { AreaNav } from './components/area-nav';
export type { SectionCardProps } from './components/section-card';
export { SectionCard } from './components/section-card';
