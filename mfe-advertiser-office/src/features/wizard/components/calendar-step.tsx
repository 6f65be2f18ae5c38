import { AD_MIN_DAYS } from 'contracts/campaigns';
import { useState } from 'react';
import { type DateRange, DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { ru } from 'react-day-picker/locale/ru';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from 'shared-ui';
import { useCampaignCalendar } from '../api/get-campaign-calendar';
import type { CampaignDraft } from '../../../lib/campaign';
import { dateOf, dayOf, daysBetween, formatDay, monthOf } from '../../../lib/days';
import 'react-day-picker/style.css';
import styles from './wizard.module.css';

interface Props {
  draft: CampaignDraft;
  onBack: () => void;
  onNext: (dates: { startsOn: string; endsOn: string }) => Promise<void>;
  saving: boolean;
  /** The nearest free date the server named when the chosen days filled up meanwhile. */
  slotsFullFrom?: string | null;
}

/**
 * Step "calendar": the placement's days of a month, the full ones disabled, the nearest free
 * date offered; a range of at least the minimum days.
 */
export function CalendarStep({ draft, onBack, onNext, saving, slotsFullFrom = null }: Props) {
  const { t, i18n } = useTranslation('advertiserOffice');
  const today = dayOf(new Date());
  const [range, setRange] = useState<DateRange | undefined>(
    draft.startsOn
      ? { from: dateOf(draft.startsOn), to: draft.endsOn ? dateOf(draft.endsOn) : undefined }
      : undefined,
  );
  const [month, setMonth] = useState<Date>(() => dateOf(draft.startsOn ?? slotsFullFrom ?? today));
  const [error, setError] = useState<string | null>(null);
  const placement = draft.placement ?? 'main';
  const cities = placement === 'cities' ? (draft.cities ?? []) : [];
  const calendar = useCampaignCalendar(placement, cities, monthOf(month));
  const minDays = AD_MIN_DAYS;

  const full = new Set(calendar.data?.days.filter((day) => day.free <= 0).map((day) => day.day) ?? []);
  const isBusy = (date: Date) => full.has(dayOf(date));
  const nextFree = calendar.data?.nextFreeDate ?? null;

  function choose(next: DateRange | undefined) {
    setError(null);
    // A range may not run across a full day: start again from the day clicked.
    if (next?.from && next.to) {
      for (let cursor = new Date(next.from); cursor <= next.to; cursor.setDate(cursor.getDate() + 1)) {
        if (isBusy(cursor)) {
          setRange({ from: next.to, to: undefined });
          setError(t('wizard.calendar.crossesFull'));
          return;
        }
      }
    }
    setRange(next);
  }

  async function confirm() {
    if (!range?.from) {
      setError(t('wizard.calendar.pickStart'));
      return;
    }
    const startsOn = dayOf(range.from);
    const endsOn = dayOf(range.to ?? range.from);
    if (daysBetween(startsOn, endsOn) < minDays) {
      setError(t('wizard.calendar.minDays', { count: minDays }));
      return;
    }
    await onNext({ startsOn, endsOn });
  }

  const offer = slotsFullFrom ?? nextFree;
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('wizard.calendar.intro', { count: minDays })}</p>
      {slotsFullFrom && (
        <p className={styles.warning} role="alert">
          {t('wizard.calendar.slotsFull', { date: formatDay(slotsFullFrom) })}
        </p>
      )}
      {offer && (!range?.from || offer !== dayOf(range.from)) && (
        <p className={styles.offer}>
          <span>{t('wizard.calendar.nearest', { date: formatDay(offer) })}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setMonth(dateOf(offer));
              choose({ from: dateOf(offer), to: undefined });
            }}
          >
            {t('wizard.calendar.startThen')}
          </Button>
        </p>
      )}
      <div className={styles.calendarBox} data-testid="campaign-calendar" aria-busy={calendar.isFetching}>
        {calendar.isPending ? (
          <Skeleton height="20rem" radius="var(--radius-md)" />
        ) : (
          <DayPicker
            mode="range"
            locale={i18n.language === 'en' ? enGB : ru}
            month={month}
            onMonthChange={setMonth}
            startMonth={dateOf(today)}
            selected={range}
            onSelect={choose}
            disabled={[{ before: dateOf(today) }, isBusy]}
            modifiers={{ free: (date) => !isBusy(date) && dayOf(date) >= today }}
            modifiersClassNames={{ free: styles.freeDay ?? '' }}
            excludeDisabled
          />
        )}
      </div>
      {calendar.isError && (
        <p role="alert" className={styles.error}>
          {t('wizard.calendar.loadError')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void calendar.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      )}
      <p className={styles.legend}>
        <span className={styles.legendFree}>{t('wizard.calendar.free')}</span>
        <span className={styles.legendBusy}>{t('wizard.calendar.busy')}</span>
      </p>
      <p aria-live="polite" data-testid="calendar-choice">
        {range?.from
          ? t('wizard.calendar.chosen', {
              from: formatDay(dayOf(range.from)),
              to: formatDay(dayOf(range.to ?? range.from)),
              count: daysBetween(dayOf(range.from), dayOf(range.to ?? range.from)),
            })
          : t('wizard.calendar.nothingChosen')}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          {t('wizard.back')}
        </Button>
        <Button onClick={() => void confirm()} loading={saving}>
          {t('wizard.next')}
        </Button>
      </div>
    </div>
  );
}
