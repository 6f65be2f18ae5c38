import { AccountAreaProvider } from 'account-ui';
import { addTranslations, renderAt as renderInRouter } from 'platform/testing';
import type { ReactElement } from 'react';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

addTranslations('advertiserOffice', { ru, en });

/** Renders an office screen as the remote does: inside the advertiser's area. */
export const renderAt = (url: string, element: ReactElement, options: { keepCache?: boolean } = {}) =>
  renderInRouter(url, <AccountAreaProvider accountType="advister">{element}</AccountAreaProvider>, options);

export { apiError, called, createProfile, location, ok, stubApi } from 'platform/testing';
