import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** Placeholder until this screen lands. */
export default function SettingsPage() {
  const { t } = useTranslation('modelCabinet');
  return <PageHeader title={t('settings.title')} />;
}
