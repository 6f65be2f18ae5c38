import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { screen } from './screen';

// Each screen is its own chunk: the accounts list does not load the promo form or the audit log.
const AccountsPage = lazy(() => import('../features/accounts/components/accounts-page'));
const AccountPage = lazy(() => import('../features/accounts/components/account-page'));
const PaymentsPage = lazy(() => import('../features/payments/components/payments-page'));
const PaymentPage = lazy(() => import('../features/payments/components/payment-page'));
const PromoPage = lazy(() => import('../features/promo/components/promo-page'));
const SitePage = lazy(() => import('../features/site/components/site-page'));
const AuditPage = lazy(() => import('../features/audit/components/audit-page'));
const ReleasesPage = lazy(() => import('../features/releases/components/releases-page'));

/**
 * The records' routes (accounts, payments, promo codes, site, releases, audit log), as a fragment of
 * <Route>s the admin's <Routes> holds inside its frame.
 */
export function recordsRoutes() {
  return (
    <>
      <Route path="/admin/accounts" element={screen(<AccountsPage />)} />
      <Route path="/admin/accounts/:id" element={screen(<AccountPage />)} />
      <Route path="/admin/payments" element={screen(<PaymentsPage />)} />
      <Route path="/admin/payments/:id" element={screen(<PaymentPage />)} />
      <Route path="/admin/promo-codes" element={screen(<PromoPage />)} />
      <Route path="/admin/site" element={screen(<SitePage />)} />
      <Route path="/admin/releases" element={screen(<ReleasesPage />)} />
      <Route path="/admin/audit" element={screen(<AuditPage />)} />
    </>
  );
}
