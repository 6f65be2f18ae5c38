import { PageHeader } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Card } from 'shared-ui';

/** Live streams arrive with their own issue; until then the menu entry says so in both languages. */
export default function LivePage() {
  const { t } = useTranslation('modelCabinet');
  return (
    <>
      <PageHeader title={t('live.title')} />
      <Card as="section">
        <p>{t('live.comingSoon')}</p>
      </Card>
    </>
  );
}
