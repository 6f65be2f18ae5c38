import { isSoldPrice, type PriceItem, type PriceList } from 'contracts';
import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Skeleton } from 'shared-ui';
import { priceMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { usePrices } from '../api/get-prices';
import styles from './price-page.module.css';
import { numberFormat } from '../../../lib/number-format';

/** Advertising the platform will sell later; listed so advertisers know it is coming. */
const COMING_SOON = ['otherPages', 'streams'] as const;

interface Row {
  key: string;
  title: string;
  mskSpb: number | null;
  other: number | null;
}

export function PricePage() {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const prices = usePrices();
  useDocumentMeta(priceMeta(t));

  // Only what can be bought: this remote is deployed apart from the API, and a row an older API
  // (or its database) still lists must not be offered for sale here.
  const toRows = (items: PriceItem[], lists: PriceList[]): Row[] =>
    items
      .filter((item) => lists.some((list) => isSoldPrice(list, item.code)))
      .map((item) => ({
        key: item.code,
        title: localized(item.title),
        mskSpb: item.mskSpbPrice,
        other: item.otherPrice,
      }));
  const comingSoon: Row[] = COMING_SOON.map((key) => ({
    key,
    title: t(`price.comingSoonRows.${key}`),
    mskSpb: null,
    other: null,
  }));

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('price.title')}</h1>
      <p className={styles.lead}>{t('price.lead')}</p>
      {prices.isError ? (
        <div role="alert" className={styles.message}>
          <p>{prices.error.message}</p>
          <Button onClick={() => void prices.refetch()}>{t('listing.retry')}</Button>
        </div>
      ) : (
        <>
          <PriceSection
            id="accommodation"
            title={t('price.accommodation')}
            rows={
              prices.data
                ? toRows(prices.data.posting_models, ['models_boosting', 'additional_services'])
                : undefined
            }
          />
          <PriceSection
            id="advertising"
            title={t('price.advertising')}
            rows={prices.data ? [...toRows(prices.data.ads, ['ads_boosting']), ...comingSoon] : undefined}
          />
        </>
      )}
    </div>
  );
}

function PriceSection({ id, title, rows }: { id: string; title: string; rows: Row[] | undefined }) {
  const { t, i18n } = useTranslation('catalog');
  const headingId = `price-${id}`;
  const dollars = (value: number | null) =>
    value === null
      ? null
      : numberFormat(i18n.resolvedLanguage, {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 0,
        }).format(value);
  const amount = (value: number | null) =>
    dollars(value) ?? <Badge variant="neutral">{t('price.comingSoon')}</Badge>;

  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={`price-${id}`}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {!rows ? (
        <div aria-busy="true" aria-label={t('price.loading')} role="status" className={styles.skeletons}>
          <Skeleton height={44} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </div>
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('price.service')}</th>
                <th scope="col">{t('price.mskSpb')}</th>
                <th scope="col">{t('price.otherRegions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.title}</th>
                  <td>{amount(row.mskSpb)}</td>
                  <td>{amount(row.other)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className={styles.cards} data-testid={`price-${id}-cards`}>
            {rows.map((row) => (
              <li key={row.key} className={styles.card}>
                <h3 className={styles.cardTitle}>{row.title}</h3>
                {row.mskSpb === null ? (
                  <Badge variant="neutral">{t('price.comingSoon')}</Badge>
                ) : (
                  <dl className={styles.cardPrices}>
                    <dt>{t('price.mskSpb')}</dt>
                    <dd>{dollars(row.mskSpb)}</dd>
                    <dt>{t('price.otherRegions')}</dt>
                    <dd>{dollars(row.other)}</dd>
                  </dl>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
