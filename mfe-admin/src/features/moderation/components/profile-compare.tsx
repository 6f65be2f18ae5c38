import { formatRubles } from 'account-ui';
import { isBlankValue, type ModerationDetails } from 'contracts';
import { useLocalized } from 'platform';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModerationCities } from '../api/get-moderation-cities';
import { useModerationServices } from '../api/get-moderation-services';
import { PROFILE_ROWS, type ProfileRow, rowChanged, valueAt } from '../model/profile-fields';
import styles from './review.module.css';

interface ServiceValue {
  category?: string;
  code?: string;
  description?: string | null;
}

/** Renders one value of the form as the moderator reads it (names, not slugs or codes). */
function useValueText() {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const cities = useModerationCities().data?.items;
  const services = useModerationServices().data?.items;

  return (row: ProfileRow, value: unknown, version: Record<string, unknown> | null): ReactNode => {
    if (isBlankValue(value)) return <span className={styles.blank}>{t('review.blank')}</span>;
    switch (row) {
      case 'category':
      case 'appearance':
        return t(`review.values.${row}.${String(value)}`, { defaultValue: String(value) });
      case 'places':
        return (value as string[])
          .map((place) => t(`review.values.places.${place}`, { defaultValue: place }))
          .join(', ');
      case 'city': {
        const city = cities?.find((item) => item.slug === value);
        return city ? localized(city.name) : String(value);
      }
      case 'metro': {
        const city = cities?.find((item) => item.slug === valueAt(version, 'city'));
        const station = city?.metro.find((item) => item.id === Number(value));
        return station ? localized(station.name) : String(value);
      }
      case 'services':
        return (
          <ul className={styles.services}>
            {(value as ServiceValue[]).map((service) => {
              const known = services?.find(
                (item) => item.category === service.category && item.code === service.code,
              );
              return (
                <li key={`${service.category}.${service.code}`}>
                  {known ? localized(known.name) : `${service.category}.${service.code}`}
                  {service.description ? ` — ${service.description}` : ''}
                </li>
              );
            })}
          </ul>
        );
      case 'prices.hour':
      case 'prices.twoHours':
      case 'prices.night':
        return Number.isFinite(Number(value)) ? formatRubles(Number(value)) : String(value);
      case 'description':
        return <span className={styles.longText}>{String(value)}</span>;
      default:
        return String(value);
    }
  };
}

/**
 * The submitted version beside the approved one, a row per field of the form; changed rows are
 * highlighted and say so in words. A first publication has only the submitted column.
 */
export function ProfileCompare({ details }: { details: ModerationDetails }) {
  const { t } = useTranslation('admin');
  const text = useValueText();
  const fields = details.changes?.fields ?? [];
  const both = details.approved !== null;

  return (
    <section className={styles.section} aria-labelledby="review-fields">
      <h2 id="review-fields" className={styles.sectionTitle}>
        {t('review.fieldsTitle')}
        {both && (
          <span className={styles.sectionNote}>
            {fields.length > 0
              ? t('review.changedCount', { count: fields.length })
              : t('review.noFieldChanges')}
          </span>
        )}
      </h2>
      <table className={styles.compare} data-testid="profile-compare" data-columns={both ? 2 : 1}>
        <thead>
          <tr>
            <th scope="col">{t('review.columns.field')}</th>
            {both && <th scope="col">{t('review.columns.approved')}</th>}
            <th scope="col">{t('review.columns.submitted')}</th>
          </tr>
        </thead>
        <tbody>
          {PROFILE_ROWS.filter(
            // A field no version fills in (the optional height, an unused contact) has no row; one
            // filled on one side only keeps its row, with a dash on the other.
            (row) =>
              !isBlankValue(valueAt(details.submitted, row)) ||
              (both && !isBlankValue(valueAt(details.approved, row))),
          ).map((row) => {
            const changed = both && rowChanged(row, fields);
            return (
              <tr key={row} data-changed={changed || undefined} data-testid={`row-${row}`}>
                <th scope="row">
                  {t(`review.fields.${row}`)}
                  {changed && <span className={styles.changedTag}>{t('review.changed')}</span>}
                </th>
                {both && (
                  <td data-label={t('review.columns.approved')}>
                    {text(row, valueAt(details.approved, row), details.approved)}
                  </td>
                )}
                <td data-label={t('review.columns.submitted')}>
                  {text(row, valueAt(details.submitted, row), details.submitted)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
