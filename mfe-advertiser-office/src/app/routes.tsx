import { AccountAreaProvider, ScreenSkeleton } from 'account-ui';
import { PageNotFound, registerNamespace } from 'platform';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { OfficeLayout } from './office-layout';

registerNamespace('advertiserOffice', new URL('locales/', __webpack_public_path__).href);

// Each screen is its own chunk: `/advister` loads the dashboard, not the wizard or the calendar.
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const AdsPage = lazy(() => import('../features/ads/components/ads-page'));
const WizardPage = lazy(() => import('../features/wizard/components/wizard-page'));
const NotificationsPage = lazy(() =>
  import('account-ui/notifications').then((m) => ({ default: m.NotificationsPage })),
);
const BonusesPage = lazy(() => import('account-ui/bonuses').then((m) => ({ default: m.BonusesPage })));
const SettingsPage = lazy(() => import('account-ui/settings').then((m) => ({ default: m.SettingsPage })));
const PaymentResultPage = lazy(() =>
  import('account-ui/payment').then((m) => ({ default: m.PaymentResultPage })),
);

const screen = (element: React.ReactNode) => <Suspense fallback={<ScreenSkeleton />}>{element}</Suspense>;

/** The advertiser's office; the shell mounts it below `*` behind its guard (advertiser accounts only). */
export default function AdvertiserOfficeRoutes() {
  return (
    <AccountAreaProvider accountType="advister">
      <Routes>
        {/* Reached back from the payment gateway: open to anyone (the shell's guard lets them through). */}
        <Route path="/advister/payment/crypto" element={screen(<PaymentResultPage outcome="pending" />)} />
        <Route
          path="/advister/payment/crypto/success"
          element={screen(<PaymentResultPage outcome="success" />)}
        />
        <Route
          path="/advister/payment/crypto/error"
          element={screen(<PaymentResultPage outcome="error" />)}
        />
        <Route element={<OfficeLayout />}>
          <Route path="/advister" element={screen(<DashboardPage />)} />
          <Route path="/advister/create" element={screen(<WizardPage />)} />
          <Route path="/advister/edit/:id" element={screen(<WizardPage />)} />
          <Route path="/advister/ads" element={screen(<AdsPage tab="published" />)} />
          <Route path="/advister/ads/completed" element={screen(<AdsPage tab="completed" />)} />
          <Route path="/advister/ads/saved" element={screen(<AdsPage tab="saved" />)} />
          <Route path="/advister/ads/moderating" element={screen(<AdsPage tab="moderation" />)} />
          <Route path="/advister/notifications" element={screen(<NotificationsPage />)} />
          <Route path="/advister/bonuses" element={screen(<BonusesPage />)} />
          <Route path="/advister/settings" element={screen(<SettingsPage />)} />
          <Route path="*" element={<PageNotFound />} />
        </Route>
      </Routes>
    </AccountAreaProvider>
  );
}
