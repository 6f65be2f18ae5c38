import { registerNamespace } from 'platform';
import { useTranslation } from 'react-i18next';
import { Card } from 'shared-ui';

registerNamespace('auth', new URL('locales/', __webpack_public_path__).href);

/** The area's screens arrive with their own issues; until then it says so in both languages. */
export default function AreaRoutes() {
  const { t } = useTranslation('auth');
  return (
    <Card as="section" aria-labelledby="area-title">
      <h1 id="area-title">{t('title')}</h1>
      <p>{t('comingSoon')}</p>
    </Card>
  );
}
