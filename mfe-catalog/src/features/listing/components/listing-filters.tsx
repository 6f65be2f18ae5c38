import {
  APPEARANCES,
  type Category,
  LISTING_RANGE_KEYS,
  LISTING_RANGES,
  PLACES,
  SERVICE_CATEGORY_KEYS,
} from 'contracts';
import { useLocalized } from 'platform';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Badge, Button, Input } from 'shared-ui';
import { useCities } from '../api/get-cities';
import { useServices } from '../api/get-services';
import {
  countFilters,
  FILTER_KEYS,
  type ListingFilters as Filters,
  listingHref,
  NO_FILTERS,
  parseFilters,
} from '../model/listing-params';
import styles from './listing-filters.module.css';

/**
 * The filter panel. The URL holds the applied filters; the form is a draft of the next ones and
 * is rebuilt from the URL (by its key) whenever the URL changes, so back/forward stay in step.
 */
export function ListingFilters({ category, filters }: { category: Category; filters: Filters }) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = countFilters(filters);
  return (
    <section className={styles.root} aria-label={t('filters.title')}>
      <div className={styles.bar}>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {t('filters.toggle')}
          {active > 0 && <Badge variant="neutral">{active}</Badge>}
        </Button>
        {active > 0 && (
          <Link to={listingHref(category, NO_FILTERS)} className={styles.reset}>
            {t('filters.reset')}
          </Link>
        )}
      </div>
      <div id={panelId} hidden={!open}>
        {open && (
          <FiltersForm
            key={JSON.stringify(filters)}
            category={category}
            filters={filters}
            onApplied={() => setOpen(false)}
          />
        )}
      </div>
    </section>
  );
}

function FiltersForm({
  category,
  filters,
  onApplied,
}: {
  category: Category;
  filters: Filters;
  onApplied: () => void;
}) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const navigate = useNavigate();
  const cities = useCities();
  const services = useServices();
  const [city, setCity] = useState(filters.city ?? '');
  const cityId = useId();
  const metroId = useId();
  const metro = cities.data?.items.find((item) => item.slug === city)?.metro ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const values = data
        .getAll(key)
        .filter((value): value is string => typeof value === 'string' && value !== '');
      if (values.length > 0) search.set(key, values.join(','));
    }
    navigate(listingHref(category, parseFilters(search)));
    onApplied();
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('filters.title')}>
      <div className={styles.row}>
        <div className={styles.select}>
          <label htmlFor={cityId} className={styles.label}>
            {t('filters.city')}
          </label>
          <select id={cityId} name="city" value={city} onChange={(event) => setCity(event.target.value)}>
            <option value="">{t('filters.anyCity')}</option>
            {cities.data?.items.map((item) => (
              <option key={item.slug} value={item.slug}>
                {localized(item.name)}
              </option>
            ))}
          </select>
        </div>
        {metro.length > 0 && (
          <div className={styles.select}>
            <label htmlFor={metroId} className={styles.label}>
              {t('filters.metro')}
            </label>
            <select
              id={metroId}
              name="metro"
              defaultValue={city === filters.city ? (filters.metro ?? '') : ''}
            >
              <option value="">{t('filters.anyMetro')}</option>
              {metro.map((station) => (
                <option key={station.id} value={station.id}>
                  {localized(station.name)} ({localized(station.line)})
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <div className={styles.ranges}>
        {LISTING_RANGE_KEYS.map((key) => (
          <fieldset key={key} className={styles.range}>
            <legend className={styles.label}>{t(`filters.ranges.${key}`)}</legend>
            <div className={styles.pair}>
              {(['Min', 'Max'] as const).map((end) => (
                <Input
                  key={end}
                  name={`${key}${end}`}
                  type="number"
                  inputMode="numeric"
                  min={LISTING_RANGES[key].min}
                  max={LISTING_RANGES[key].max}
                  defaultValue={filters[`${key}${end}`] ?? ''}
                  label={t(`filters.${end === 'Min' ? 'from' : 'to'}Label`, {
                    field: t(`filters.ranges.${key}`),
                  })}
                  hideLabel
                  placeholder={t(`filters.${end === 'Min' ? 'from' : 'to'}`)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.label}>{t('filters.appearance')}</legend>
        <div className={styles.chips}>
          {APPEARANCES.map((value) => (
            <label key={value} className={styles.chip}>
              <input
                type="checkbox"
                name="appearance"
                value={value}
                defaultChecked={filters.appearance?.includes(value) ?? false}
              />
              {t(`appearance.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.label}>{t('filters.place')}</legend>
        <div className={styles.chips}>
          {(['', ...PLACES] as const).map((value) => (
            <label key={value || 'any'} className={styles.chip}>
              <input
                type="radio"
                name="place"
                value={value}
                defaultChecked={(filters.place ?? '') === value}
              />
              {value ? t(`place.${value}`) : t('filters.anyPlace')}
            </label>
          ))}
        </div>
      </fieldset>

      <details className={styles.group} open={(filters.services?.length ?? 0) > 0}>
        <summary className={styles.summary}>
          {t('filters.services')}
          {filters.services?.length ? ` (${filters.services.length})` : ''}
        </summary>
        {SERVICE_CATEGORY_KEYS.map((serviceCategory) => {
          const items = services.data?.items.filter((item) => item.category === serviceCategory) ?? [];
          if (items.length === 0) return null;
          return (
            <fieldset key={serviceCategory} className={styles.serviceGroup}>
              <legend className={styles.label}>{t(`serviceCategories.${serviceCategory}`)}</legend>
              <div className={styles.chips}>
                {items.map((item) => {
                  const key = `${item.category}.${item.code}`;
                  return (
                    <label key={key} className={styles.chip}>
                      <input
                        type="checkbox"
                        name="services"
                        value={key}
                        defaultChecked={filters.services?.includes(key) ?? false}
                      />
                      {localized(item.name)}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </details>

      <div className={styles.chips}>
        <label className={styles.chip}>
          <input type="checkbox" name="video" value="true" defaultChecked={filters.video} />
          {t('filters.video')}
        </label>
        <label className={styles.chip}>
          <input type="checkbox" name="online" value="true" defaultChecked={filters.online} />
          {t('filters.online')}
        </label>
      </div>

      <div className={styles.actions}>
        <Button type="submit">{t('filters.apply')}</Button>
        <Link to={listingHref(category, NO_FILTERS)} className={styles.reset} onClick={onApplied}>
          {t('filters.reset')}
        </Link>
      </div>
    </form>
  );
}
