import type { AccountType } from 'contracts';
import { renderAt as renderInRouter } from 'platform/testing';
import type { ReactElement } from 'react';
import { AccountAreaProvider } from '../area';
import '../i18n';

/** Renders a shared screen as a remote does: inside its area (the model's cabinet unless told). */
export function renderAt(
  url: string,
  element: ReactElement,
  { keepCache = false, accountType = 'girl' as AccountType } = {},
) {
  return renderInRouter(url, <AccountAreaProvider accountType={accountType}>{element}</AccountAreaProvider>, {
    keepCache,
  });
}

export { apiError, called, createProfile, location, ok, stubApi } from 'platform/testing';
