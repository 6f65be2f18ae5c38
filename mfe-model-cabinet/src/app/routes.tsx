import { AccountAreaProvider, ScreenSkeleton } from 'account-ui';
import { PageNotFound, registerNamespace } from 'platform';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CabinetLayout } from './cabinet-layout';

registerNamespace('modelCabinet', new URL('locales/', __webpack_public_path__).href);

// Each screen is its own chunk: `/profile` loads the cards, not the editor, charts or forms.
const MyProfilesPage = lazy(() => import('../features/my-profiles/components/my-profiles-page'));
const AnalyticsPage = lazy(() => import('../features/analytics/components/analytics-page'));
const LivePage = lazy(() => import('../features/live/components/live-page'));
const PromotionPage = lazy(() => import('../features/promotion/components/promotion-page'));
const EditorPage = lazy(() => import('../features/editor/components/editor-page'));
const NotificationsPage = lazy(() =>
  import('account-ui/notifications').then((m) => ({ default: m.NotificationsPage })),
);
const BonusesPage = lazy(() => import('account-ui/bonuses').then((m) => ({ default: m.BonusesPage })));
const SettingsPage = lazy(() => import('account-ui/settings').then((m) => ({ default: m.SettingsPage })));
const PaymentResultPage = lazy(() =>
  import('account-ui/payment').then((m) => ({ default: m.PaymentResultPage })),
);

const screen = (element: React.ReactNode) => <Suspense fallback={<ScreenSkeleton />}>{element}</Suspense>;

/** The model's cabinet; the shell mounts it below `*` behind its guard (girl accounts only). */
export default function ModelCabinetRoutes() {
  return (
    <AccountAreaProvider accountType="girl">
      <Routes>
        {/* Reached back from the payment gateway: open to anyone (the shell's guard lets them through). */}
        <Route path="/profile/payment/crypto" element={screen(<PaymentResultPage outcome="pending" />)} />
        <Route
          path="/profile/payment/crypto/success"
          element={screen(<PaymentResultPage outcome="success" />)}
        />
        <Route path="/profile/payment/crypto/error" element={screen(<PaymentResultPage outcome="error" />)} />
        <Route element={<CabinetLayout />}>
          <Route path="/profile" element={screen(<MyProfilesPage />)} />
          <Route path="/profile/analytics" element={screen(<AnalyticsPage />)} />
          <Route path="/profile/live" element={screen(<LivePage />)} />
          <Route path="/profile/promotion" element={screen(<PromotionPage />)} />
          <Route path="/profile/create" element={screen(<EditorPage />)} />
          <Route path="/profile/edit/:id" element={screen(<EditorPage />)} />
          <Route path="/profile/notifications" element={screen(<NotificationsPage />)} />
          <Route path="/profile/bonuses" element={screen(<BonusesPage />)} />
          <Route path="/profile/settings" element={screen(<SettingsPage />)} />
          <Route path="*" element={<PageNotFound />} />
        </Route>
      </Routes>
    </AccountAreaProvider>
  );
}
