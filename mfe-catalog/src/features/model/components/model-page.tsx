import type { ModelDetails } from 'contracts';
import { ApiError, useLocalized } from 'platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button, Card, Skeleton } from 'shared-ui';
import { useModel } from '../api/get-model';
import styles from './model-page.module.css';

const ID_PATTERN = /^[1-9]\d{0,8}$/;

export function ModelPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalog');
  if (!ID_PATTERN.test(id)) return <p role="status">{t('model.notFound')}</p>;
  return <ModelById id={Number(id)} />;
}

function ModelById({ id }: { id: number }) {
  const { t } = useTranslation('catalog');
  const model = useModel(id);

  if (model.isPending) {
    return (
      <div className={styles.layout} aria-busy="true">
        <Skeleton className={styles.photoSkeleton} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (model.isError) {
    const notFound = model.error instanceof ApiError && model.error.status === 404;
    return (
      <div role="alert" className={styles.message}>
        <p>{notFound ? t('model.notFound') : model.error.message}</p>
        {!notFound && <Button onClick={() => void model.refetch()}>{t('listing.retry')}</Button>}
      </div>
    );
  }
  return <ModelProfile model={model.data} />;
}

function ModelProfile({ model }: { model: ModelDetails }) {
  const { t, i18n } = useTranslation('catalog');
  const localized = useLocalized();
  const money = (value: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(value);

  useEffect(() => {
    document.title = t('model.documentTitle', { name: model.name, city: localized(model.city.name) });
  }, [model, t, localized]);

  const contacts = Object.entries(model.contacts).filter((entry): entry is [string, string] => !!entry[1]);
  return (
    <article className={styles.layout} data-testid="model-page">
      <div className={styles.gallery}>
        {model.photos.map((photo, index) => (
          <img
            key={photo.url}
            src={photo.url}
            width={photo.width}
            height={photo.height}
            alt={t('card.photoAlt', { name: model.name })}
            loading={index === 0 ? 'eager' : 'lazy'}
            className={styles.photo}
          />
        ))}
      </div>
      <div className={styles.details}>
        <h1 className={styles.name}>
          {model.name}, {t('card.age', { count: model.age })}
        </h1>
        <p className={styles.muted}>
          {localized(model.city.name)}
          {model.metro ? `, ${t('model.metro')} ${localized(model.metro.name)}` : ''}
          {' · '}
          {t(`categories.${model.category}`)}
        </p>
        <Card as="section" aria-labelledby="prices-title">
          <h2 id="prices-title" className={styles.sectionTitle}>
            {t('model.prices')}
          </h2>
          <dl className={styles.facts}>
            <dt>{t('model.priceHour')}</dt>
            <dd>{money(model.prices.hour)} ₽</dd>
            {model.prices.twoHours !== null && (
              <>
                <dt>{t('model.priceTwoHours')}</dt>
                <dd>{money(model.prices.twoHours)} ₽</dd>
              </>
            )}
            {model.prices.night !== null && (
              <>
                <dt>{t('model.priceNight')}</dt>
                <dd>{money(model.prices.night)} ₽</dd>
              </>
            )}
          </dl>
        </Card>
        <Card as="section" aria-labelledby="data-title">
          <h2 id="data-title" className={styles.sectionTitle}>
            {t('model.data')}
          </h2>
          <dl className={styles.facts}>
            <dt>{t('model.height')}</dt>
            <dd>{t('model.cm', { value: model.height })}</dd>
            <dt>{t('model.weight')}</dt>
            <dd>{t('model.kg', { value: model.weight })}</dd>
            <dt>{t('model.boobs')}</dt>
            <dd>{model.boobs}</dd>
            <dt>{t('model.appearance')}</dt>
            <dd>{t(`appearance.${model.appearance}`)}</dd>
            <dt>{t('model.place')}</dt>
            <dd>{model.places.map((place) => t(`place.${place}`)).join(', ')}</dd>
          </dl>
        </Card>
        {contacts.length > 0 && (
          <Card as="section" aria-labelledby="contacts-title">
            <h2 id="contacts-title" className={styles.sectionTitle}>
              {t('model.contacts')}
            </h2>
            <dl className={styles.facts}>
              {contacts.map(([kind, value]) => (
                <div key={kind} className={styles.factRow}>
                  <dt>{t(`contacts.${kind}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        )}
        <Card as="section" aria-labelledby="about-title">
          <h2 id="about-title" className={styles.sectionTitle}>
            {t('model.description')}
          </h2>
          <p className={styles.description}>{model.description}</p>
        </Card>
      </div>
    </article>
  );
}
