import { MODEL_PAGE_TABS, type ModelDetails, type ServiceCategoryKey } from 'contracts';
import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button, Skeleton } from 'shared-ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'shared-ui/tabs';
import { ModelCard } from '../../../components/model-card';
import { useRecommendations } from '../api/get-recommendations';
import { type ContactKind, contactHref, contactLabel } from '../model/contact-links';
import styles from './model-tabs.module.css';
import { numberFormat } from '../../../lib/number-format';

/** The tabs, in their order (`?tab=` names one; contracts keep the list beside the page's query). */
export const MODEL_TABS = MODEL_PAGE_TABS;
export type ModelTab = (typeof MODEL_TABS)[number];

const isTab = (value: string | null): value is ModelTab =>
  (MODEL_TABS as readonly (string | null)[]).includes(value);

/** The profile's tabs; the open tab is `?tab=` so a link can open one and reload keeps it. */
export function ModelTabs({ model }: { model: ModelDetails }) {
  const { t } = useTranslation('catalog');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: ModelTab = isTab(requested) ? requested : 'price';

  return (
    <Tabs
      value={tab}
      onValueChange={(value) =>
        setSearch(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('tab', value);
            return next;
          },
          // A tab is part of the page the reader is on: the page stays where it is.
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <TabsList aria-label={t('model.tabsLabel')} className={styles.list}>
        {MODEL_TABS.map((key) => (
          <TabsTrigger key={key} value={key}>
            {t(`model.tabs.${key}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="price">
        <PriceTab model={model} />
      </TabsContent>
      <TabsContent value="category">
        <p className={styles.text}>{t(`categories.${model.category}`)}</p>
      </TabsContent>
      <TabsContent value="place">
        <PlaceTab model={model} />
      </TabsContent>
      <TabsContent value="data">
        <DataTab model={model} />
      </TabsContent>
      <TabsContent value="contacts">
        <ContactsTab model={model} />
      </TabsContent>
      <TabsContent value="services">
        <ServicesTab model={model} />
      </TabsContent>
      <TabsContent value="description">
        <p className={styles.description}>{model.description}</p>
      </TabsContent>
      <TabsContent value="recommendations">
        {tab === 'recommendations' && <Recommendations id={model.id} />}
      </TabsContent>
    </Tabs>
  );
}

function PriceTab({ model }: { model: ModelDetails }) {
  const { t, i18n } = useTranslation('catalog');
  const money = (value: number) =>
    t('model.rubles', { value: numberFormat(i18n.resolvedLanguage).format(value) });
  return (
    <dl className={styles.facts}>
      <dt>{t('model.priceHour')}</dt>
      <dd>{money(model.prices.hour)}</dd>
      <dt>{t('model.priceTwoHours')}</dt>
      <dd>{model.prices.twoHours === null ? t('model.notOffered') : money(model.prices.twoHours)}</dd>
      <dt>{t('model.priceNight')}</dt>
      <dd>{model.prices.night === null ? t('model.notOffered') : money(model.prices.night)}</dd>
    </dl>
  );
}

function PlaceTab({ model }: { model: ModelDetails }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  return (
    <dl className={styles.facts}>
      <dt>{t('model.city')}</dt>
      <dd>{localized(model.city.name)}</dd>
      {model.metro && (
        <>
          <dt>{t('model.metroStation')}</dt>
          <dd>{localized(model.metro.name)}</dd>
        </>
      )}
      <dt>{t('model.place')}</dt>
      <dd>{model.places.map((place) => t(`place.${place}`)).join(', ')}</dd>
    </dl>
  );
}

function DataTab({ model }: { model: ModelDetails }) {
  const { t } = useTranslation('catalog');
  // Only the age is required; a figure the model left out has no row at all.
  const facts: [key: string, label: string, value: string][] = [
    ['age', t('model.age'), t('card.age', { count: model.age })],
  ];
  if (model.height !== null)
    facts.push(['height', t('model.height'), t('model.cm', { value: model.height })]);
  if (model.weight !== null)
    facts.push(['weight', t('model.weight'), t('model.kg', { value: model.weight })]);
  if (model.boobs !== null) facts.push(['boobs', t('model.boobs'), String(model.boobs)]);
  if (model.appearance !== null)
    facts.push(['appearance', t('model.appearance'), t(`appearance.${model.appearance}`)]);
  return (
    <dl className={styles.facts}>
      {facts.map(([key, label, value]) => (
        <div key={key} className={styles.factRow}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ContactsTab({ model }: { model: ModelDetails }) {
  const { t } = useTranslation('catalog');
  const contacts = (Object.entries(model.contacts) as [ContactKind, string | null][]).filter(
    (entry): entry is [ContactKind, string] => !!entry[1],
  );
  return (
    <dl className={styles.facts}>
      {contacts.map(([kind, value]) => (
        <div key={kind} className={styles.factRow}>
          <dt>{t(`contacts.${kind}`)}</dt>
          <dd>
            <a
              href={contactHref(kind, value)}
              {...(kind === 'phone' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {contactLabel(kind, value)}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ServicesTab({ model }: { model: ModelDetails }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  if (model.services.length === 0) return <p className={styles.text}>{t('model.noServices')}</p>;
  const groups = new Map<ServiceCategoryKey, ModelDetails['services']>();
  for (const service of model.services)
    groups.set(service.category, [...(groups.get(service.category) ?? []), service]);
  return (
    <div className={styles.serviceGroups}>
      {[...groups].map(([category, items]) => (
        <section key={category} aria-label={t(`serviceCategories.${category}`)}>
          <h3 className={styles.groupTitle}>{t(`serviceCategories.${category}`)}</h3>
          <ul className={styles.services}>
            {items.map((service) => (
              <li key={service.code}>
                {localized(service.name)}
                {service.description && <span className={styles.muted}> — {service.description}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Recommendations({ id }: { id: number }) {
  const { t } = useTranslation('catalog');
  const query = useRecommendations(id);
  if (query.isPending) {
    return (
      <div className={styles.cards} aria-busy="true">
        <Skeleton className={styles.cardSkeleton} />
        <Skeleton className={styles.cardSkeleton} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <p>{query.error.message}</p>
        <Button onClick={() => void query.refetch()}>{t('listing.retry')}</Button>
      </div>
    );
  }
  if (query.data.items.length === 0) return <p className={styles.text}>{t('model.noRecommendations')}</p>;
  return (
    <ul className={styles.cards} data-testid="recommendations">
      {query.data.items.map((card) => (
        <li key={card.id}>
          <ModelCard model={card} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
