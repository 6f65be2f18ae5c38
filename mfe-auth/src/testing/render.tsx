import { i18n } from 'platform';
import { addTranslations, renderAt as renderWithPlatform } from 'platform/testing';
import type { ReactElement } from 'react';
import AuthRoutes from '../app/routes';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

addTranslations('auth', { ru, en });

/** Renders the remote's routes (or `element`) at `url`, in Russian, with a fresh cache. */
export function renderAt(url: string, element: ReactElement = <AuthRoutes />) {
  void i18n.changeLanguage('ru');
  return renderWithPlatform(url, element);
}
